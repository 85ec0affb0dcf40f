package coastal

import (
	"fmt"

	"github.com/schnell-wargames/schnell/engine"
	"github.com/schnell-wargames/schnell/sea"
)

// Referee is the side that sees the table as it is (every identity).
const Referee = "referee"

// picture is engine.Definition.Picture: the virtual table as side sees
// it; false on a physical table.
func picture(g *engine.Game, side string) (sea.Picture, bool) {
	r, ok := g.Rules().(*Rules)
	if !ok || r.Table == nil {
		return sea.Picture{}, false
	}
	return r.Table.Picture(side), true
}

// Picture is the table now as side sees it (Referee: everything): every
// marker on the table where it stands, its own by what they are, the
// enemy's as markers until revealed (an id and "hidden", never what they
// hide), torpedo markers, the shots and torpedo runs of this turn.
func (t *Table) Picture(side string) sea.Picture {
	r := t.r
	who := side
	if who == Referee {
		who = "the referee"
	}
	p := sea.Picture{Table: t.Size, Title: fmt.Sprintf("Coastal Warfare, %s: turn %d, step %d, as %s sees it", r.Scenario, min(r.Turn, r.Turns), r.Step, who)}
	for _, m := range r.Markers {
		if !onTable(m) {
			continue
		}
		knows := side == Referee || side == m.Side || m.Revealed
		mk := sea.Mark{Shape: footprint(m), Label: m.ID}
		switch {
		case m.Torpedo:
			mk.Kind, mk.Note = "torpedo", "torpedo marker"
			if knows {
				mk.Note = m.What()
			}
		case !knows:
			mk.Kind, mk.Note = "unknown", "hidden"
		case m.Ship == nil:
			mk.Kind, mk.Note = "unknown", "dummy"
		default:
			mk.Kind = "own"
			if side == Referee && m.Side == Attacker || side != Referee && m.Side != side {
				mk.Kind = "enemy"
			}
			s := m.Ship
			mk.Note = fmt.Sprintf("%s, %d cm", s.Name, s.Speed)
			if st := s.State(); st != "afloat" {
				mk.Kind, mk.Note = "wreck", s.Name+", "+st
			}
		}
		if !m.Torpedo && !knows && m.Observed {
			mk.Note = "observed"
		}
		p.Marks = append(p.Marks, mk)
	}
	p.Lines = append(p.Lines, t.Shots...)
	return p
}
