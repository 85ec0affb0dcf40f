package enginetest

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/schnell-wargames/schnell/dice"
	"github.com/schnell-wargames/schnell/engine"
	"github.com/schnell-wargames/schnell/gamelog"
	"github.com/schnell-wargames/schnell/sea"
	"github.com/schnell-wargames/schnell/tables"
)

// SeaDuel is a toy game on a virtual table (issue 29), for the front ends
// of table games (board, board --svg, the replay sheet, the hidden
// identities): two boats, blue's MTB102 and red's S38, start at either
// end of a 6×4 ft table, bows towards each other. Each turn each side
// steers (45° to port, ahead, 45° to starboard) and its boat moves 20 cm;
// then each boat that sees the other (within 60 cm) fires: 1D6, a 5 or 6
// hits, and two hits sink. A side that does not see the enemy sees a
// marker where the boat is, never its name; the marker's label is "?".
type SeaDuel struct {
	Turns  int
	Turn   int
	Boats  [2]*SeaBoat
	Table  bool // on the virtual table (else Picture says false)
	Winner string
}

// SeaBoat is one boat of the sea duel.
type SeaBoat struct {
	Side, Name string
	At         sea.Shape
	Hits       int
	Seen       bool // the other side sees her now
	Shot       *sea.Line
}

// SeaSides are the sea duel's sides.
var SeaSides = []string{"blue", "red"}

// The sea duel's event types.
const (
	evPlaced engine.EventType = "placed"
	evMove   engine.EventType = "move"
	evSpot   engine.EventType = "spot"
	evShot   engine.EventType = "shot"
	evSunk   engine.EventType = "sunk"
)

// seaSight is how far a boat sees another.
const seaSight = 600

// Play implements engine.Rules.
func (s *SeaDuel) Play(c *engine.Ctx) {
	s.Boats = [2]*SeaBoat{
		{Side: "blue", Name: "MTB102", At: sea.Shape{Centre: sea.Cm(30, 61), Heading: 90, Length: 60, Beam: 20}},
		{Side: "red", Name: "S38", At: sea.Shape{Centre: sea.Cm(153, 61), Heading: 270, Length: 60, Beam: 20}},
	}
	c.Emit(evStart, gamelog.Int("turns", s.Turns))
	for _, b := range s.Boats {
		c.Emit(evPlaced, gamelog.Str("boat", b.Name), gamelog.Str("side", b.Side), gamelog.Int("x", b.At.Centre.X), gamelog.Int("y", b.At.Centre.Y), gamelog.Int("heading", b.At.Heading))
	}
	for s.Turn = 1; s.Turn <= s.Turns && s.Winner == ""; s.Turn++ {
		c.Emit(evTurn, gamelog.Int("n", s.Turn))
		for i, b := range s.Boats {
			b.Shot = nil
			foe := s.Boats[1-i]
			d := c.Ask("steer")
			d.Side = b.Side
			d.Add("port", "turn 45° to port", "port")
			d.Add("ahead", "hold the course", "ahead")
			d.Add("starboard", "turn 45° to starboard", "starboard")
			d.Default = 1
			if b.Seen || foe.Seen { // the reference closes on a boat it sees
				switch t := sea.Turn(b.At.Heading, sea.Bearing(b.At.Centre, foe.At.Centre)); {
				case t < -22:
					d.Default = 0
				case t > 22:
					d.Default = 2
				}
			}
			turn := c.Decide(d, func(d *engine.Decision) { d.Prompt = b.Name + ": steer?" })
			b.At = sea.Ahead(sea.Pivot(b.At, b.At.Heading+45*(turn-1)), 200)
			c.Emit(evMove, gamelog.Str("boat", b.Name), gamelog.Int("x", b.At.Centre.X), gamelog.Int("y", b.At.Centre.Y), gamelog.Int("heading", b.At.Heading))
		}
		for i, b := range s.Boats {
			foe := s.Boats[1-i]
			seen := sea.Within(b.At.Centre, foe.At.Centre, seaSight)
			if seen != foe.Seen {
				foe.Seen = seen
				c.Emit(evSpot, gamelog.Str("by", b.Side), gamelog.Str("boat", foe.Name), gamelog.Bool("seen", seen), gamelog.Int("cm", sea.CmUp(sea.Distance(b.At.Centre, foe.At.Centre))))
			}
		}
		for i, b := range s.Boats {
			foe := s.Boats[1-i]
			if !foe.Seen {
				continue
			}
			face, _ := c.RollDice(dice.D6, b.Name+" fires at "+foe.Name)
			hit := face >= 5
			b.Shot = &sea.Line{From: b.At.Centre, To: foe.At.Centre, Kind: "shot", Label: sea.CmText(sea.Distance(b.At.Centre, foe.At.Centre)) + " cm"}
			if hit {
				foe.Hits++
			}
			c.Emit(evShot, gamelog.Str("boat", b.Name), gamelog.Str("at", foe.Name), gamelog.Bool("hit", hit))
		}
		for i, b := range s.Boats {
			if b.Hits >= 2 && s.Winner == "" {
				s.Winner = s.Boats[1-i].Side
				c.Emit(evSunk, gamelog.Str("boat", b.Name))
			}
		}
		c.Pause("turn", 1)
	}
	c.Emit(evEnd, gamelog.Str("winner", s.Winner))
}

// seaPicture is the sea duel's Definition.Picture.
func seaPicture(g *engine.Game, side string) (sea.Picture, bool) {
	s, ok := g.Rules().(*SeaDuel)
	if !ok || !s.Table || side != "referee" && side != "blue" && side != "red" {
		return sea.Picture{}, false
	}
	p := sea.Picture{Table: sea.Table6x4, Title: fmt.Sprintf("Sea duel, turn %d, as %s sees it", min(s.Turn, s.Turns), side)}
	for _, b := range s.Boats {
		if b == nil {
			continue
		}
		m := sea.Mark{Shape: b.At, Label: b.Name, Kind: "own", Note: fmt.Sprintf("%d hits", b.Hits)}
		switch {
		case side == "referee" && b.Side == "red", side != "referee" && b.Side != side && b.Seen:
			m.Kind = "enemy"
		case side != "referee" && b.Side != side:
			m = sea.Mark{Shape: b.At, Label: "?", Kind: "unknown", Note: "a marker"}
		}
		if b.Hits >= 2 {
			m.Kind = "wreck"
		}
		p.Marks = append(p.Marks, m)
		if b.Shot != nil && (side == "referee" || b.Side == side || b.Seen) {
			p.Lines = append(p.Lines, *b.Shot)
		}
	}
	return p, true
}

// seaTold is the sea duel's Definition.Told: a side learns of its own
// boat's doings, of the enemy's while it sees her, of every turn and roll
// of its own, and of nothing the other side decides.
func seaTold(g *engine.Game, e *gamelog.Event, side string) bool {
	s := g.Rules().(*SeaDuel)
	mine := func(name string) bool {
		for _, b := range s.Boats {
			if b != nil && b.Name == name {
				return b.Side == side || b.Seen
			}
		}
		return false
	}
	switch e.Type {
	case "decision":
		return e.Str("side") == side
	case "roll":
		shooter, target, _ := strings.Cut(e.Str("for"), " fires at ")
		return mine(shooter) && mine(target)
	case "placed", "move", "sunk":
		return mine(e.Str("boat"))
	case "spot":
		return e.Str("by") == side || mine(e.Str("boat"))
	case "shot":
		return mine(e.Str("boat")) && mine(e.Str("at"))
	}
	return true
}

// describeSea words the sea duel's events.
func describeSea(e *gamelog.Event) string {
	switch e.Type {
	case "start":
		return fmt.Sprintf("A sea duel of %d turns.", e.Int("turns"))
	case "turn":
		return fmt.Sprintf("== Turn %d ==", e.Int("n"))
	case "placed":
		return fmt.Sprintf("%s (%s) placed at %s cm, heading %d°.", e.Str("boat"), e.Str("side"), sea.Pos{X: e.Int("x"), Y: e.Int("y")}, e.Int("heading"))
	case "move":
		return fmt.Sprintf("%s moves to %s cm, heading %d°.", e.Str("boat"), sea.Pos{X: e.Int("x"), Y: e.Int("y")}, e.Int("heading"))
	case "spot":
		if v, _ := e.Get("seen"); v.B {
			return fmt.Sprintf("%s sees %s at %d cm.", e.Str("by"), e.Str("boat"), e.Int("cm"))
		}
		return fmt.Sprintf("%s loses sight of %s (%d cm).", e.Str("by"), e.Str("boat"), e.Int("cm"))
	case "shot":
		if v, _ := e.Get("hit"); v.B {
			return fmt.Sprintf("%s hits %s.", e.Str("boat"), e.Str("at"))
		}
		return fmt.Sprintf("%s misses %s.", e.Str("boat"), e.Str("at"))
	case "sunk":
		return e.Str("boat") + " sinks."
	case "end":
		if e.Str("winner") == "" {
			return "The duel ends undecided."
		}
		return "The duel ends: " + e.Str("winner") + " wins."
	}
	return ""
}

// SeaDuelDefinition is the sea duel.
func SeaDuelDefinition() *engine.Definition {
	duel := DuelDefinition()
	return &engine.Definition{
		Describe: describeSea,
		Events:   []engine.EventType{evStart, evPlaced, evTurn, evMove, evSpot, evShot, evSunk, evEnd},
		Name:     "seaduel",
		Title:    "a toy game of two boats on a virtual table, for the table's front ends",
		Booklets: duel.Booklets,
		Options: []engine.OptionDef{
			{Name: "turns", Default: "8", Help: "how many turns to play"},
			{Name: "table", Default: "virtual", Values: []string{"virtual", "physical"}, Help: "the program holds the table (virtual), or the players do (physical: no pictures)"},
		},
		Pauses: []string{"turn", "duel"},
		Sides:  SeaSides,
		New: func(opts []gamelog.Option, _ *tables.Set) (engine.Rules, error) {
			n, err := strconv.Atoi(opts[0].Value)
			if err != nil || n < 1 || n > 100 {
				return nil, fmt.Errorf("turns %q: want 1 to 100", opts[0].Value)
			}
			return &SeaDuel{Turns: n, Table: opts[1].Value == "virtual"}, nil
		},
		Score: func(r engine.Rules) []gamelog.Field {
			s := r.(*SeaDuel)
			return []gamelog.Field{gamelog.Int("turns", min(s.Turn, s.Turns)), gamelog.Str("winner", s.Winner)}
		},
		Picture:   seaPicture,
		Told:      seaTold,
		Reference: func(engine.Rules) engine.Decider { return engine.TakeDefault{} },
	}
}
