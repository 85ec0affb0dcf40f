package schnellrules

import (
	"fmt"

	"github.com/schnell-wargames/schnell/engine"
	"github.com/schnell-wargames/schnell/gamelog"
)

// noLeader is the formation order's word for leaving a formation.
const noLeader = "off"

// steerOptions adds the virtual table's orders of a movement phase:
// steer VESSEL DEG (the course it turns to, by the Turning Arcs, and
// keeps) and formation VESSEL LEADER|off (it keeps the leader's course
// and speed).
func (t virtual) steerOptions(d *engine.Decision, side string) {
	st := d.Add("steer", "set a vessel's course (it turns by the Turning Arcs and keeps it)", "steer")
	st.Args = []engine.Arg{engine.IDArg("vessel", t.idsOf(side)...), engine.IntArg("course", 0, 359, "degrees")}
	st.Check = func(a engine.ArgValues) error {
		v := t.Vessel(a.Str("vessel"))
		if err := t.CheckMoves(v); err != nil {
			return err
		}
		return checkFollower(v)
	}
	fm := d.Add("formation", "a vessel keeps station on a leader: its course and speed (off: leaves it)", "formation")
	fm.Args = []engine.Arg{engine.IDArg("vessel", t.idsOf(side)...), engine.IDArg("leader", append(t.idsOf(side), noLeader)...)}
	fm.Check = func(a engine.ArgValues) error {
		return t.CheckFormation(t.Vessel(a.Str("vessel")), a.Str("leader"))
	}
}

// checkFollower refuses an order of course or speed to a vessel in a
// formation: it keeps its leader's.
func checkFollower(v *Vessel) error {
	if v != nil && v.Place != nil && v.Place.Leader != nil {
		return fmt.Errorf("%s keeps station on %s (its course and speed): `formation %s off` first", v.ID, v.Place.Leader.ID, v.ID)
	}
	return nil
}

// CheckMoves checks that a vessel of the acting side moves in this phase
// (Turn Sequence: Large and Very Large in phase 4, the others in 5).
func (b *Battle) CheckMoves(v *Vessel) error {
	switch {
	case v == nil || !v.Afloat():
		return fmt.Errorf("no such vessel afloat")
	case b.acting != "" && v.Side != b.acting:
		return fmt.Errorf("%s is %s: now %s move", v.ID, v.Side, b.acting)
	case b.Phase == PhaseMoveLarge && v.Class.Size < Large || b.Phase == PhaseMoveSmall && v.Class.Size >= Large:
		return fmt.Errorf("%s is %s: it moves in phase %s", v.ID, v.Class.Size.Word(), map[bool]string{true: "4", false: "5"}[v.Class.Size >= Large])
	}
	return nil
}

// CheckFormation checks a formation order: a vessel of the side and
// another of its vessels afloat to lead it, not one that follows it.
func (t virtual) CheckFormation(v *Vessel, leader string) error {
	if err := t.CheckMoves(v); err != nil {
		return err
	}
	if leader == noLeader {
		if v.Place.Leader == nil {
			return fmt.Errorf("%s keeps no station: it is in no formation", v.ID)
		}
		return nil
	}
	l := t.Vessel(leader)
	switch {
	case l == nil || !l.Afloat() || l.Side != v.Side:
		return fmt.Errorf("no vessel %q of the %s afloat to lead %s", leader, sideName(v.Side), v.ID)
	case l == v:
		return fmt.Errorf("%s cannot keep station on itself", v.ID)
	}
	for x := l; x != nil && x.Place != nil; x = x.Place.Leader {
		if x == v {
			return fmt.Errorf("%s keeps station on %s: it cannot lead it", l.ID, v.ID)
		}
	}
	return nil
}

// order carries out a steer or formation order.
func (t virtual) order(c *engine.Ctx, name string, v *Vessel, a engine.ArgValues) {
	p := v.Place
	if name == "steer" {
		from := p.Course
		p.Course = a.Int("course")
		c.Emit(evSteer, gamelog.Str("vessel", v.ID), gamelog.Int("from", from), gamelog.Int("to", p.Course))
		return
	}
	if a.Str("leader") == noLeader {
		c.Emit(evFormation, gamelog.Str("vessel", v.ID), gamelog.Str("leaves", p.Leader.ID))
		p.Leader = nil
		return
	}
	p.Leader = t.Vessel(a.Str("leader"))
	c.Emit(evFormation, gamelog.Str("vessel", v.ID), gamelog.Str("leader", p.Leader.ID))
}
