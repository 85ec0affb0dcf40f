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

func combatOf(c *Campaign) *Combat {
	if c.Mission == nil {
		return nil
	}
	return c.Mission.Combat
}

// Orders answer the pending decision through engine.Game.Answer: the rules
// that build a decision's options also say why an order is refused
// (engine.Decision.Refuse), so these commands hold no rules of their own.
var combatCommands = []engine.Command{
	{Name: "board", Usage: "board", Help: "Show the Combat Board (4.6-4.7): the Long, Medium and Close Range Zones with the Schnell Boats in them (their speed and No Detection markers), the zones the weather lets them fire from, the enemy's warships and merchant ships with their damage, what has left the board; then each boat's crew, damage, torpedoes or rockets left and state.",
		Run: func(g *engine.Game, _ []string, w io.Writer) ([]gamelog.Event, error) {
			c, err := CampaignOf(g)
			if err != nil {
				return nil, err
			}
			return nil, c.PrintBoard(w)
		}},
	{Name: "speed", Usage: "speed slow|medium|fast|very_fast|idle", Help: "The squadron's speed this combat round (4.7): Slow 1 zone per 2 rounds, Medium 1, Fast 1 or 2, Very Fast 1 to 3; damage limits it (2.0 f). Idle: wait a round alongside a disabled boat to take off her crew (errata G-12).",
		Run:      engine.Order("speed"),
		Complete: func(*engine.Game, []string) []string { return append(speeds[1:len(speeds):len(speeds)], speeds[0]) }},
	{Name: "fire", Aliases: []string{"target"}, Usage: "fire UNIT", Help: "This round the squadron's guns fire at UNIT (4.6; weather limits the range).",
		Run: engine.Order("fire"), Complete: unitNames},
	{Name: "torpedo", Usage: "torpedo UNIT", Help: "This round each boat that can launches a torpedo at UNIT (4.6: never at an MTB or MGB; 2 per boat per wave).",
		Run: engine.Order("torpedo"), Complete: unitNames},
	{Name: "both", Usage: "both UNIT", Help: "This round each boat that can launches a torpedo (5b: a rocket) at UNIT and fires its guns at it (4.6: a boat may do both in one round).",
		Run: engine.Order("both"), Complete: unitNames},
	{Name: "dc", Aliases: []string{"depth_charge"}, Usage: "dc UNIT", Help: "S-100: this round Boat #1 drops a depth charge at the submarine UNIT from the Close Range Zone (D-5); the other boats fire their guns at it.",
		Run: engine.Order("dc"), Complete: unitNames},
	{Name: "rocket", Usage: "rocket UNIT", Help: "Projekt 5b: this round each boat that can fires a rocket at UNIT.",
		Run: engine.Order("rocket"), Complete: unitNames},
	{Name: "abort", Usage: "abort [BOAT]", Help: "Abort the mission (4.9; it fails): in combat, leave the Combat Board from the Long Range Zone, if the squadron evades (`move out`); on the map, turn for Cherbourg (`move home`). `abort SB3`: Boat SB3 (#2-#4) aborts alone and leaves the squadron for the rest of the mission.",
		Run: func(g *engine.Game, args []string, w io.Writer) ([]gamelog.Event, error) {
			if len(args) > 0 {
				return engine.Order("abort")(g, args, w)
			}
			if p := g.Pending(); p != nil && p.Decision != nil {
				switch decisionKind(p.Decision.Kind) {
				case askRange:
					return engine.Order("move")(g, []string{"out"}, w)
				case askMove:
					return engine.Order("move")(g, []string{"home"}, w)
				}
			}
			return nil, errors.New("nothing to abort now: `abort` answers a movement order in combat or on the map")
		}},
	{Name: "tow", Usage: "tow", Help: "Take the disabled boat in tow (at Slow; not by a boat with one engine left, not in Sea State 4-5).",
		Run: func(g *engine.Game, args []string, w io.Writer) ([]gamelog.Event, error) {
			return engine.Order("choose")(g, []string{"tow"}, w)
		}},
	{Name: "hold", Usage: "hold", Help: "Hold fire this round (an undetected squadron stays undetected).",
		Run: engine.Order("hold")},
}

// moveOrder answers the pending decision with `move ARGS`. `move closer 1`
// (`move away 1`) is the move of one zone: where the squadron may enter
// only one zone that way this round its option takes no count (4.7), and
// the 1 says nothing more.
func moveOrder(g *engine.Game, args []string, w io.Writer) ([]gamelog.Event, error) {
	if len(args) == 2 && args[1] == "1" {
		if p := g.Pending(); p != nil && p.Decision != nil && decisionKind(p.Decision.Kind) == askRange {
			for _, o := range p.Decision.Options {
				if strings.EqualFold(o.Name, args[0]) && len(o.Args) == 0 {
					args = args[:1]
				}
			}
		}
	}
	return engine.Order("move")(g, args, w)
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
	where := "in the " + cb.Zone.String() + " zone"
	if cb.Zone == zoneOut {
		where = "not yet on the board"
	}
	fmt.Fprintf(w, "Combat Board: %s, wave %d, round %d; %s weather (fire from %s); squadron %s at %s speed, %s.\n",
		words(cb.Kind.String()), cb.Wave, cb.Round, c.Mission.Weather.String(), fireZonesText(c.Mission.Weather), where, words(cb.Speed.String()), det)
	if err := c.art().drawBoard(w, cb); err != nil {
		return err
	}
	rows := [][]string{}
	for _, s := range c.Mission.Sorties {
		state := sortieState(cb, s)
		dmg := fmt.Sprintf("%d point%s", s.Points, plural(s.Points))
		if c.manned(s) {
			dmg = fmt.Sprintf("%d component%s", s.Components, plural(s.Components))
		}
		arms := strconv.Itoa(s.Torpedoes)
		if c.Type == P5b {
			arms = strconv.Itoa(s.Rockets)
		}
		if s.Passengers > 0 {
			state += fmt.Sprintf(", %d passengers", s.Passengers)
		}
		crew := s.Boat.Skill.String()
		if c.manned(s) {
			crew = fmt.Sprintf("(Boat #%d crew)", s.No) // her crewmen, each his own (`crew`)
		}
		rows = append(rows, []string{fmt.Sprintf("#%d %s", s.No, s.Boat.ID), crew, dmg, arms, state})
	}
	// The enemy's units, their crews and damage, are in the drawing.
	head := "Torpedoes"
	if c.Type == P5b {
		head = "Rockets"
	}
	return grid.Render(w, grid.Text, []string{"Boat", "Crew", "Damage", head, "State"}, rows, 0)
}

// sortieState is a boat's place tonight, as `board` and `status` say it:
// in formation, broken away (4.8) or aborting alone (4.9) in a zone of her
// own, disabled, on her own course (7.0), or gone (sunk, separated, home).
// cb is nil off the Combat Board.
func sortieState(cb *Combat, s *Sortie) string {
	state := "in formation"
	switch {
	case s.Gone != "":
		state = string(s.Gone)
	case s.Disabled:
		state = "disabled"
	case s.aborting:
		state = "aborting alone"
	case s.own && s.Apart > 0:
		state = "on her own course at " + words(s.ownSpeed.String()) + " (7.0)"
	case s.Apart > 0:
		state = "broken away"
	}
	if cb != nil && s.Gone == "" && (s.Apart > 0 || s.pinned) {
		state += ", in the " + cb.zoneOf(s).String() + " zone" // 4.8, 4.9: not with the squadron
	}
	return state
}

func fireZonesText(weather Weather) string {
	var z []string
	for zone := zoneLong; zone <= zoneClose; zone++ {
		if fireAllowed(weather, zone) {
			z = append(z, zone.String())
		}
	}
	return strings.Join(z, ", ")
}

func init() { commands = append(commands, combatCommands...) }
