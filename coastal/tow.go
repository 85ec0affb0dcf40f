package coastal

import (
	"fmt"
	"slices"

	"github.com/schnell-wargames/schnell/engine"
	"github.com/schnell-wargames/schnell/gamelog"
)

// Towed lighters (Special rules): a lighter follows the tug or lighter
// ahead of it (Ship.Tow) and never moves on its own nor astern. One sunk
// at '0' points severs its cables: the lighters behind it stay stationary
// until another vessel spends a full move stationary alongside the lead
// one. Only a trawler or larger tows more than one lighter, and every
// towing vessel but a tug (an improvised one) moves at half its maximum
// speed.

// towing is the number of lighters in the chain behind s.
func (r *Rules) towing(s *Ship) int {
	n := 0
	for ahead := s.Name; ; {
		next := ""
		for _, l := range r.Ships {
			if l.Class == Lighter && !l.Sunk && l.Tow == ahead {
				next = l.Name
				break
			}
		}
		if next == "" || n > len(r.Ships) {
			return n
		}
		n++
		ahead = next
	}
}

// improvised is a vessel other than a tug with lighters in tow: half speed.
func (r *Rules) improvised(s *Ship) bool {
	return s.Class != Tug && s.Class != Lighter && r.towing(s) > 0
}

// severTows: a ship sunk casts off the lighters it towed.
func (r *Rules) severTows(c *engine.Ctx, s *Ship) {
	for _, l := range r.Ships {
		if l.Class == Lighter && l.Tow == s.Name && !l.Sunk {
			l.Tow = ""
			l.Speed = 0
			c.Emit(evTowSevered, gamelog.Str("ship", l.Name), gamelog.Str("from", s.Name))
		}
	}
}

// looseLighters are the side's lead lighters with no tow: another vessel
// may take them in tow.
func (r *Rules) looseLighters(side string) []string {
	var out []string
	if !slices.ContainsFunc(r.Ships, func(s *Ship) bool { return s.Class == Lighter && s.Side == side }) {
		return nil // no lighters: nothing to list
	}
	for _, l := range r.shipsOf(side) {
		if l.Class == Lighter && l.Tow == "" && l.Acting() {
			out = append(out, l.Name)
		}
	}
	return out
}

// followTows sets each lighter's speed to the speed of the ship ahead of
// it, in chain order (a lighter's own move is its tug's).
func (r *Rules) followTows(c *engine.Ctx, side string) {
	for range r.Ships { // at most one pass per link of the longest chain
		changed := false
		for _, l := range r.shipsOf(side) {
			if l.Class != Lighter {
				continue
			}
			speed := 0
			if ahead := r.ships[l.Tow]; ahead != nil && ahead.Afloat() {
				speed = ahead.Speed
			}
			if l.Speed != speed {
				l.Speed, changed = speed, true
			}
		}
		if !changed {
			break
		}
	}
	for _, l := range r.shipsOf(side) {
		if l.Class == Lighter && l.Acting() {
			how := "in tow of " + l.Tow
			if l.Tow == "" {
				how = "no tow: stationary"
			}
			c.Emit(evMove, gamelog.Str("ship", l.Name), gamelog.Str("course", how), gamelog.Int("cm", l.Speed))
		}
	}
}

// takeTowOption offers a vessel the lead loose lighter of its side: it
// spends the move stationary alongside and has it in tow at the move's end.
// A dummy marker is offered it as a ship is (and refused), so that the
// options tell nothing.
func (r *Rules) takeTowOption(d *engine.Decision, m *Marker) {
	s := m.Ship
	loose := r.looseLighters(m.Side)
	if len(loose) == 0 {
		return
	}
	o := d.Add("tow", "stay stationary alongside a lighter with no tow and take it in tow", "")
	o.Args = []engine.Arg{engine.IDArg("lighter", loose...)}
	o.Args[0].Default = gamelog.StrV(loose[0])
	o.Args[0].Check = func(v gamelog.Value) error {
		l := r.ships[v.S]
		if s == nil {
			return fmt.Errorf("%s is a dummy: it cannot tow", m.ID)
		}
		if l == nil {
			return nil
		}
		n := r.towing(s) + 1 + r.towing(l)
		if n > 1 && s.Class < Trawler {
			return fmt.Errorf("%s would tow %d lighters: only a trawler or larger tows more than one (Towed lighters)", s.Name, n)
		}
		return nil
	}
}

// takeTow: the lighter (and the chain behind it) follows s from now on.
func (r *Rules) takeTow(c *engine.Ctx, s *Ship, lighter string) {
	l := r.ships[lighter]
	// the lighter joins the end of s's chain
	end := s.Name
	for _, o := range r.Ships {
		if o.Class == Lighter && !o.Sunk && r.chainOf(o) == s.Name && r.towing(o) == 0 {
			end = o.Name
		}
	}
	l.Tow = end
	s.Speed, s.Turning = 0, false
	c.Emit(evLighterTow, gamelog.Str("ship", l.Name), gamelog.Str("by", s.Name), gamelog.Str("behind", end))
}

// chainOf is the vessel at the head of a lighter's chain ("": none).
func (r *Rules) chainOf(l *Ship) string {
	for range r.Ships {
		ahead := r.ships[l.Tow]
		if ahead == nil {
			return ""
		}
		if ahead.Class != Lighter {
			return ahead.Name
		}
		l = ahead
	}
	return ""
}
