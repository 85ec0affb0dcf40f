package schnellboats

import (
	"fmt"

	"github.com/schnell-wargames/schnell/engine"
)

// airRules is the aircraft of a mission (4.4, the B tables, A-9's
// downed airman and Luftwaffe night fighter). A view of the campaign's
// state, made by c.air().
type airRules struct{ *Campaign }

// air is the aircraft rules over this campaign.
func (c *Campaign) air() airRules { return airRules{c} }

// pilot is the downed Allied airman: take him aboard as a prisoner?
func (c airRules) pilot() {
	m := c.Mission
	d := c.ask(askPilot)
	d.Prompt = "A downed Allied airman is in the water. Take him aboard as a prisoner?"
	d.Add("pick_up", "stop and pick him up", "")
	d.Add("leave", "leave him", "")
	if m.Sea >= 4 {
		d.Default = 1
	}
	if c.x.Decide(d) == 1 {
		return
	}
	if m.Sea >= 4 {
		if !c.roll(c.ids.Search, facts{}, "downed airman").Sets("rescued") {
			c.emit(evPilot, str("result", "not found"))
			return
		}
	}
	m.Pilot = true
	c.emit(evPilot, str("result", "taken aboard"))
}

// airPatrol is 4.4 and the B tables. friendly is a Luftwaffe night fighter
// that attacks without being looked for or spotted.
func (c airRules) airPatrol(friendly bool) {
	m := c.Mission
	if !friendly {
		if !c.roll(c.ids.AirFind, facts{}).Sets("spotted") {
			c.emit(evAirPatrol, str("result", "passed"))
			return
		}
	}
	typ := Aircraft(0)
	if !friendly {
		typ = Aircraft(c.eff(c.roll(c.ids.AirType, facts{}), "aircraft"))
	}
	spotted := false
	if !friendly {
		var f facts
		if w := c.crewmanOf(c.flagBoat(), posWatch); w != nil {
			if w.Serving() {
				f.crew = w
			} else {
				f.standIn = 1
			}
		}
		spotted = c.roll(c.ids.AirSpot, f, typ.String()).Sets("spotted")
	}
	if spotted {
		d := c.ask(askAirSpeed)
		if slow, why := c.slow(); slow {
			d.Refuse("fast", "choose fast", "rule 4.4: a Slow squadron cannot accelerate (", why, "): `choose medium`")
		} else if limit, why := c.board().speedLimit(); limit < speedFast {
			// Errata 8: against aircraft the squadron is only as fast
			// as its slowest boat.
			d.Refuse("fast", "choose fast", "errata 8: the squadron is only as fast as its slowest boat (", why, "): `choose medium`")
		} else {
			d.Add("fast", "go to Fast: harder to hit (-1 on the attack)", "")
		}
		d.Add("medium", "hold Medium speed", "")
		if d.Options[c.x.Decide(d, func(d *engine.Decision) {
			d.Prompt = fmt.Sprintf("A %s is spotted. Accelerate to Fast speed for the attack (4.4)?", title(typ.String()))
		})].Name == "fast" {
			m.Fast = true
		}
		f := facts{aircraft: typ}
		if g := c.crewmanOf(c.flagBoat(), posAftGun); g != nil && g.Serving() {
			f.crew = g
		}
		aa := c.roll(c.ids.AirAA, f, typ.String())
		if aa.Sets("sunk") {
			m.Aircraft++
			c.emit(evAirPatrol, str("aircraft", typ.String()), str("result", "shot down"))
			m.Fast = false
			return
		}
		if n, _ := aa.Value("hits"); n > 0 {
			c.emit(evAirPatrol, str("aircraft", typ.String()), str("result", "driven off"))
			m.Fast = false
			return
		}
	}
	attack := AirAttack(c.eff(c.roll(c.ids.AirAttack, facts{aircraft: typ}, typ.String()), "attack"))
	target := c.eff(c.roll(c.ids.AirTarget, facts{}), "count")
	s := c.target(target)
	if s == nil {
		m.Fast = false
		return
	}
	hits := c.eff(c.roll(c.ids.AirResult, facts{aircraft: typ, attack: attack, spotted: b2i(spotted)}, s.Boat.ID), "hits")
	who := typ.String()
	if friendly {
		who = "luftwaffe"
	}
	c.emit(evAirAttack, str("aircraft", who), str("attack", attack.String()), str("boat", s.Boat.ID), num("no", s.No), num("hits", hits))
	for range hits {
		if s.Gone != "" {
			break
		}
		c.hit(s, attack)
	}
	m.Fast = false // back to Medium after the attack (4.4)
}

// target is the boat numbered n, or the next lowest in formation (B-6 note).
func (c airRules) target(n int) *Sortie {
	f := c.formation()
	var best *Sortie
	for _, s := range f {
		if s.No <= n && (best == nil || s.No > best.No) {
			best = s
		}
	}
	if best == nil && len(f) > 0 {
		best = f[0]
	}
	return best
}

// hit is one hit on a boat: a component of Boat #1 (G-1) or damage points
// on Boats #2-#4 (G-2), 2.0 f. The kind of attack goes with every roll of
// the hit, down to the wound (G-8: +1 for strafing).
func (c airRules) hit(s *Sortie, attack AirAttack) {
	if !c.manned(s) {
		c.harm().points(s, c.eff(c.roll(c.ids.Points, facts{attack: attack}, s.Boat.ID), "points"))
		return
	}
	comp := Component(c.eff(c.roll(c.ids.HitLoc, facts{attack: attack}, s.Boat.ID), "component"))
	c.harm().componentBy(s, comp, true, attack)
}
