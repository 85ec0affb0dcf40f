package schnellboats

import "github.com/schnell-wargames/schnell/engine"

// squadronCommands answer the squadron decision (1.0) before a mission.
var squadronCommands = []engine.Command{
	{Name: "sail", Usage: "sail HULL HULL HULL", Help: "Before a mission (1.0 squadron management): the 3 ready hulls that sail with Boat #1 as Boats #2-#4, in hull order (`sail SB2 SB3 SB5`); `choose 1` takes the first ready hulls.",
		Run: engine.Order("sail"),
		Complete: func(g *engine.Game, _ []string) []string {
			c, err := CampaignOf(g)
			if err != nil {
				return nil
			}
			var out []string
			for _, b := range c.calendar().readyBoats() {
				if b != c.boat1() {
					out = append(out, b.ID)
				}
			}
			return out
		}},
}

func init() { commands = append(commands, squadronCommands...) }
