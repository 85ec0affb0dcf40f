package schnellboats

import (
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/schnell-wargames/schnell/engine"
	"github.com/schnell-wargames/schnell/gamelog"
	"github.com/schnell-wargames/schnell/grid"
)

// pendingKind returns the pending decision if it is of kind.
func pendingKind(g *engine.Game, kind string) (*engine.Decision, bool) {
	p := g.Pending()
	if p == nil || p.Decision == nil || p.Decision.Kind != kind {
		return nil, false
	}
	return p.Decision, true
}

// answer picks the option named name of the pending decision kind, or
// explains with why(c) why it is not allowed. Nothing changes on refusal.
func answer(g *engine.Game, kind, name string, why func(c *Campaign) string) ([]gamelog.Event, error) {
	d, ok := pendingKind(g, kind)
	if !ok {
		p := g.Pending()
		if p != nil && p.Decision != nil {
			return nil, fmt.Errorf("the game waits for %s, not %s: `choose` or the command shown", p.Decision.Kind, kind)
		}
		return nil, fmt.Errorf("no %s order is pending: `step` plays on", kind)
	}
	for i, o := range d.Options {
		if o.Name == name {
			return g.ChooseIndex(i, engine.ByPlayer, 1)
		}
	}
	c, err := CampaignOf(g)
	if err != nil {
		return nil, err
	}
	return nil, errors.New(why(c))
}

func combatOf(c *Campaign) *Combat {
	if c.Mission == nil {
		return nil
	}
	return c.Mission.Combat
}

func targetWhy(weapon, id string) func(c *Campaign) string {
	return func(c *Campaign) string {
		cb := combatOf(c)
		if cb == nil {
			return "no combat is being fought"
		}
		var u *Unit
		for _, x := range cb.Enemy {
			if x.ID == id && x.present() {
				u = x
			}
		}
		switch {
		case u == nil:
			return fmt.Sprintf("no enemy %q is on the board: `board` lists them", id)
		case !fireAllowed(c.Mission.Weather, cb.Zone):
			return weatherRule(c.Mission.Weather)
		case weapon == "torpedo" && c.Type == P5b:
			return "Projekt 5b boats carry rockets, not torpedoes: `rocket " + id + "`"
		case weapon == "rocket" && c.Type == S100:
			return "S-100 boats carry torpedoes, not rockets: `torpedo " + id + "`"
		case weapon == "torpedo" && u.Size == 0:
			return "rule 4.6: torpedoes cannot be fired at an MTB or MGB (their draft is too shallow)"
		}
		return fmt.Sprintf("no boat can launch a %s this wave: each launches at most %d (its tubes) and the squadron has %s", weapon, tubes, leftText(c))
	}
}

func leftText(c *Campaign) string {
	t, r := 0, 0
	for _, s := range c.formation() {
		t += s.Torpedoes
		r += s.Rockets
	}
	if c.Type == P5b {
		return strconv.Itoa(r) + " rockets left"
	}
	return strconv.Itoa(t) + " torpedoes left"
}

var combatCommands = []engine.Command{
	{Name: "board", Usage: "board", Help: "Show the Combat Board: the range zone, speed and detection of the squadron, the enemy units with their crews and damage, torpedoes and rockets left.",
		Run: func(g *engine.Game, _ []string, w io.Writer) ([]gamelog.Event, error) {
			c, err := CampaignOf(g)
			if err != nil {
				return nil, err
			}
			return nil, c.PrintBoard(w)
		}},
	{Name: "speed", Usage: "speed slow|medium|fast|very_fast", Help: "The squadron's speed this combat round (4.7): Slow 1 zone per 2 rounds, Medium 1, Fast up to 2, Very Fast up to 3; damage limits it (2.0 f).",
		Run: func(g *engine.Game, args []string, w io.Writer) ([]gamelog.Event, error) {
			if len(args) != 1 {
				return nil, errors.New("usage: speed slow|medium|fast|very_fast")
			}
			return answer(g, "speed", args[0], func(c *Campaign) string {
				if _, why := c.speedLimit(); why != "" {
					return why
				}
				return fmt.Sprintf("%q is not a speed: slow, medium, fast or very_fast", args[0])
			})
		},
		Complete: func(*engine.Game, []string) []string { return speeds[1:] }},
	{Name: "fire", Aliases: []string{"target"}, Usage: "fire UNIT", Help: "This round the squadron's guns fire at UNIT (4.6; weather limits the range).",
		Run: func(g *engine.Game, args []string, w io.Writer) ([]gamelog.Event, error) {
			if len(args) != 1 {
				return nil, errors.New("usage: fire UNIT (`board` lists the units)")
			}
			return answer(g, "attack", "guns:"+args[0], targetWhy("gun", args[0]))
		}, Complete: unitNames},
	{Name: "torpedo", Usage: "torpedo UNIT", Help: "This round each boat that can launches a torpedo at UNIT (4.6: never at an MTB or MGB; 2 per boat per wave).",
		Run: func(g *engine.Game, args []string, w io.Writer) ([]gamelog.Event, error) {
			if len(args) != 1 {
				return nil, errors.New("usage: torpedo UNIT (`board` lists the units)")
			}
			return answer(g, "attack", "torpedo:"+args[0], targetWhy("torpedo", args[0]))
		}, Complete: unitNames},
	{Name: "rocket", Usage: "rocket UNIT", Help: "Projekt 5b: this round each boat that can fires a rocket at UNIT.",
		Run: func(g *engine.Game, args []string, w io.Writer) ([]gamelog.Event, error) {
			if len(args) != 1 {
				return nil, errors.New("usage: rocket UNIT (`board` lists the units)")
			}
			return answer(g, "attack", "rocket:"+args[0], targetWhy("rocket", args[0]))
		}, Complete: unitNames},
	{Name: "abort", Usage: "abort", Help: "Abort (4.9): in combat, leave the Combat Board from the Long Range Zone (`move out`); on the map, turn for Cherbourg (`move home`).",
		Run: func(g *engine.Game, args []string, w io.Writer) ([]gamelog.Event, error) {
			if _, ok := pendingKind(g, "range"); ok {
				return answer(g, "range", "out", func(c *Campaign) string { return moveWhy(c, "out") })
			}
			if d, ok := pendingKind(g, "move"); ok {
				return g.ChooseIndex(len(d.Options)-1, engine.ByPlayer, 1)
			}
			return nil, errors.New("nothing to abort now: `abort` answers a movement order in combat or on the map")
		}},
	{Name: "tow", Usage: "tow", Help: "Take the disabled boat in tow (at Slow; not by a boat with one engine left, not in Sea State 4-5).",
		Run: func(g *engine.Game, args []string, w io.Writer) ([]gamelog.Event, error) {
			return answer(g, "disabled", "tow", func(c *Campaign) string {
				if c.Mission != nil && c.Mission.Sea >= 4 {
					return "no tow in Sea State 4-5: the line would part (errata G-12)"
				}
				return "no boat can tow: a tow needs a boat with 2 engines (Boat #1) or under 4 damage points"
			})
		}},
	{Name: "hold", Usage: "hold", Help: "Hold fire this round (an undetected squadron stays undetected).",
		Run: func(g *engine.Game, args []string, w io.Writer) ([]gamelog.Event, error) {
			return answer(g, "attack", "hold", func(*Campaign) string { return "hold is not possible now" })
		}},
}

func unitNames(g *engine.Game, _ []string) []string {
	c, err := CampaignOf(g)
	if err != nil {
		return nil
	}
	cb := combatOf(c)
	if cb == nil {
		return nil
	}
	var out []string
	for _, u := range cb.Enemy {
		if u.present() {
			out = append(out, u.ID)
		}
	}
	return out
}

// moveWhy explains a refused combat move (4.7, 4.9).
func moveWhy(c *Campaign, dir string) string {
	cb := combatOf(c)
	if cb == nil {
		return "no combat is being fought"
	}
	switch dir {
	case "out":
		if cb.Zone != zoneLong {
			return "rule 4.9: to leave combat the squadron must first spend a round in the Long Range Zone: `move away`"
		}
		return "rule 4.9: the squadron must spend a whole round in the Long Range Zone before it leaves: `move stay`, then `move out`"
	case "closer":
		return "the squadron is already in the Close Range Zone"
	case "away":
		return "the squadron is already in the Long Range Zone: `move out` leaves the combat"
	case "stay":
		return "the squadron is not on the board yet: `move closer` places it in the Long Range Zone"
	}
	return fmt.Sprintf("move %s: say closer, stay, away or out", dir)
}

// PrintBoard writes the Combat Board.
func (c *Campaign) PrintBoard(w io.Writer) error {
	cb := combatOf(c)
	if cb == nil {
		return errors.New("no combat is being fought: the board is empty")
	}
	det := "No Detection"
	if cb.Detected {
		det = "detected"
	}
	fmt.Fprintf(w, "Combat Board: %s, wave %d, round %d; %s weather (fire from %s); squadron in the %s zone at %s speed, %s.\n",
		cb.Kind, cb.Wave, cb.Round, weathers[c.Mission.Weather], fireZonesText(c.Mission.Weather), rangeZones[cb.Zone], speeds[cb.Speed], det)
	rows := [][]string{}
	for _, s := range c.Mission.Sorties {
		state := "in formation"
		switch {
		case s.Gone != "":
			state = s.Gone
		case s.Disabled:
			state = "disabled"
		}
		dmg := fmt.Sprintf("%d points", s.Points)
		if s.No == 1 {
			dmg = fmt.Sprintf("%d components", s.Components)
		}
		arms := fmt.Sprintf("%d torpedoes", s.Torpedoes)
		if c.Type == P5b {
			arms = fmt.Sprintf("%d rockets", s.Rockets)
		}
		if s.Passengers > 0 {
			state += fmt.Sprintf(", %d passengers", s.Passengers)
		}
		rows = append(rows, []string{fmt.Sprintf("#%d %s", s.No, s.Boat.ID), "Schnell Boat", skills[s.Boat.Skill], dmg, arms, state})
	}
	for _, u := range cb.Enemy {
		state := "present"
		if u.Gone != "" {
			state = u.Gone
		} else if u.Burns {
			state = "burning"
		}
		rows = append(rows, []string{u.ID, enemies[u.Type], skills[u.Skill], fmt.Sprintf("%d of %d", u.Damage, u.Hull), fmt.Sprintf("%d guns", u.Guns), state})
	}
	return grid.Render(w, grid.Text, []string{"Unit", "Type", "Crew", "Damage", "Arms", "State"}, rows, 0)
}

func fireZonesText(weather int) string {
	var z []string
	for zone := zoneLong; zone <= zoneClose; zone++ {
		if fireAllowed(weather, zone) {
			z = append(z, rangeZones[zone])
		}
	}
	return strings.Join(z, ", ")
}

func init() { commands = append(commands, combatCommands...) }
