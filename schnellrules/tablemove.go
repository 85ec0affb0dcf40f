package schnellrules

import (
	"github.com/schnell-wargames/schnell/engine"
	"github.com/schnell-wargames/schnell/gamelog"
	"github.com/schnell-wargames/schnell/sea"
)

// virtual is the virtual table's rules chapter (option table=virtual):
// what the program measures and moves where the player would, over the
// battle's state.
type virtual struct{ *Battle }

// The turn of a vessel on the table (Turning Arcs, which the virtual table
// always plays: the document's turning circles are missing): at most 60
// degrees in place, each after a straight run of the minimum move.
const maxPivot = 60

// steerLeg is one vessel's move of a turn on the table: its speed's move
// (Vessel Data: the speed is the move in cm), turning towards its course
// by the Turning Arcs: straight for the minimum move of its turning class
// (Manoeuvre: 2 to 10cm), then up to 60 degrees in place, again while the
// move lasts; a run straight at the end of one turn counts towards the
// next turn's first. It returns the new footprint, the straight run since
// the last turn, the distance run (mm), and where the move left the table
// (nil: it did not). path, if not nil, gets the centre's track: the
// start, then the end of each straight run.
func steerLeg(at sea.Shape, course, straight, move, minRun int, area sea.Table, path *[]sea.Pos) (sea.Shape, int, int, *sea.Edge) {
	left := move
	if path != nil {
		*path = append((*path)[:0], at.Centre)
	}
	for {
		turn := sea.Turn(at.Heading, course)
		if turn != 0 && straight >= minRun {
			at = sea.Pivot(at, at.Heading+max(min(turn, maxPivot), -maxPivot))
			straight = 0
			continue
		}
		if left == 0 {
			return at, straight, move, nil
		}
		leg := left
		if turn != 0 {
			leg = min(left, minRun-straight)
		}
		from := at.Centre
		if e, off := area.Crossed(from, sea.Advance(from, at.Heading, leg)); off {
			// It runs to the edge, the last whole millimetre on the table.
			lo, hi := 0, leg
			for lo < hi {
				if mid := (lo + hi + 1) / 2; area.On(sea.Advance(from, at.Heading, mid)) {
					lo = mid
				} else {
					hi = mid - 1
				}
			}
			at = sea.Ahead(at, lo)
			if path != nil {
				*path = append(*path, at.Centre)
			}
			return at, straight + lo, move - left + lo, &e
		}
		at = sea.Ahead(at, leg)
		left -= leg
		straight += leg
		if path != nil {
			*path = append(*path, at.Centre)
		}
	}
}

// moveSide moves the side's vessels of the phase (large: Large and Very
// Large) on the table once its orders are given: followers take their
// leader's course and speed (as far as their own ladder allows), then each
// moves in the battle's order of vessels.
func (t virtual) moveSide(c *engine.Ctx, side string, large bool) {
	for _, v := range t.Vessels {
		if !ordersOf(v, side) || !v.Afloat() || (v.Class.Size >= Large) != large {
			continue
		}
		if l := v.Place.Leader; l != nil && l.Afloat() {
			v.Place.Course = l.Place.Course
			if sp := min(l.Speed, v.MaxSpeed); sp != v.Speed && t.CheckSpeed(v, sp) == nil {
				from := v.Speed
				v.Speed = sp
				c.Emit(evSpeed, gamelog.Str("vessel", v.ID), gamelog.Str("from", from.String()), gamelog.Str("to", sp.String()), gamelog.Int("move", sp.Move()), gamelog.Str("as", l.ID))
			}
		}
		t.moveVessel(c, v)
	}
	t.closeIn(c, side, large)
}

// moveVessel moves one vessel its speed's move and records where it ends.
func (t virtual) moveVessel(c *engine.Ctx, v *Vessel) {
	p := v.Place
	p.From = p.At.Centre
	before := p.At
	at, straight, run, edge := steerLeg(p.At, p.Course, p.Straight, v.Speed.Move()*10, minMove[v.Manoeuvre]*10, t.Table.Area, &p.Path)
	p.At, p.Straight = at, straight
	p.Moved = v.Speed > Stationary
	if at == before {
		return
	}
	c.Emit(evMove, gamelog.Str("vessel", v.ID), gamelog.Int("x", at.Centre.X), gamelog.Int("y", at.Centre.Y), gamelog.Int("heading", at.Heading), gamelog.Int("cm", sea.CmUp(run)))
	if edge != nil {
		v.Left = true
		c.Emit(evLeft, gamelog.Str("vessel", v.ID), gamelog.Str("edge", edge.String()))
	}
}

// newTurn clears what a vessel's place records of the last turn.
func (t virtual) newTurn() {
	t.Table.shots = t.Table.shots[:0]
	for _, v := range t.Vessels {
		if v.Place != nil {
			v.Place.Moved = false
			v.Place.From = v.Place.At.Centre
			v.Place.Path = v.Place.Path[:0]
		}
	}
}
