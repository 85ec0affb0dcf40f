package schnellboats

import (
	"fmt"

	"github.com/schnell-wargames/schnell/engine"
)

// boatDamage is what hits do to the boats and their crews, wherever
// they come from (2.0 f, the G tables): damage points and components,
// fire and flooding, wounds, deaths, boats sunk or lost. A view of the
// campaign's state, made by c.harm().
type boatDamage struct{ *Campaign }

// harm is the damage and casualty rules over this campaign.
func (c *Campaign) harm() boatDamage { return boatDamage{c} }

// points adds damage points to a Boat #2-#4: 3 → Slow or Medium only, 4 →
// Slow only, 5 → disabled, 6 → sunk (our reading of 2.0 f).
func (c boatDamage) points(s *Sortie, n int) {
	if n <= 0 || s.Gone != "" {
		return
	}
	s.Points += n
	c.record().damagePoints(s, n)
	switch {
	case s.Points >= 6:
		c.sink(s, "damage")
	case s.Points >= 5 && !s.Disabled:
		s.Disabled = true
		c.emit(evDisabled, str("unit", s.Boat.ID), str("boat", s.Boat.ID), num("no", s.No))
	}
}

// component applies a Boat #1 component hit (G-1; 7.0 Components Inoperative).
func (c boatDamage) component(s *Sortie, comp Component, combat bool) {
	c.componentBy(s, comp, combat, attackNone)
}

// componentBy is component for a hit by an attack of a kind.
func (c boatDamage) componentBy(s *Sortie, comp Component, combat bool, attack AirAttack) {
	eq := boatEquipment[c.Type]
	name := comp.String()
	detail := ""
	switch comp {
	case compHull, compFlooding:
		s.Components++
		c.flood(s)
	case compEngine:
		if s.EnginesOut < eq.Engines {
			s.EnginesOut++
			s.Components++
			if combat {
				s.Destroyed = append(s.Destroyed, "engine")
			}
		}
		detail = fmt.Sprintf("%d of %d engines out", s.EnginesOut, eq.Engines)
		if s.EnginesOut == eq.Engines && !s.Disabled {
			s.Disabled = true
			c.emit(evDisabled, str("unit", s.Boat.ID), str("boat", s.Boat.ID), num("no", s.No))
		}
	case compTurbojet:
		if s.JetsOut < eq.Jets {
			s.JetsOut++
			s.Components++
			s.Destroyed = append(s.Destroyed, "turbojet")
		}
	case compRadio:
		if !s.RadioOut {
			s.RadioOut = true
			s.Components++
			if combat {
				s.Destroyed = append(s.Destroyed, "radio")
			}
		}
	case compCannon:
		if s.CannonsOut < eq.Cannons {
			s.CannonsOut++
			s.Components++
		}
	case compBilge:
		if !s.BilgeOut {
			s.BilgeOut = true
			s.Components++
		}
	case compExtinguisher:
		if s.Extinguishers > 0 {
			s.Extinguishers--
		}
	case compFire:
		s.Components++
		c.fire(s)
	case compCrew:
		c.crewHit(s, attack)
	case compTorpedo:
		if s.Torpedoes > 0 {
			s.Torpedoes--
		}
	case compRocket:
		if s.Rockets > 0 {
			s.Rockets--
		}
	}
	c.emit(evBoatDamage, str("boat", s.Boat.ID), str("what", name), num("no", s.No), str("detail", detail))
}

// fire: a fire extinguisher puts it out at once (single use, 2.0); without
// one the crew fights it on G-3.
func (c boatDamage) fire(s *Sortie) {
	if s.Extinguishers > 0 {
		s.Extinguishers--
		c.emit(evFire, str("boat", s.Boat.ID), str("result", "put out with an extinguisher"), num("extinguishers", s.Extinguishers))
		return
	}
	var f facts
	if e := c.crewmanOf(s, posEngine); e == nil || !e.Serving() {
		f.standIn = 1
	}
	o := c.roll(c.ids.Fire, f, s.Boat.ID)
	c.aftermath(s, o, "fire")
}

// flood rolls G-4 (the bilge pumps' state is the damage fact).
func (c boatDamage) flood(s *Sortie) {
	o := c.roll(c.ids.Flood, facts{damage: b2i(s.BilgeOut)}, s.Boat.ID)
	c.aftermath(s, o, "flooding")
}

func (c boatDamage) aftermath(s *Sortie, o engine.Outcome, what string) {
	switch {
	case o.Sets("sunk"):
		// Our reading of errata G-12 step 6: a boat that blows up or
		// burns loses her life raft with her.
		s.RaftLost = what == "fire"
		c.sink(s, what)
	case o.Sets("disabled"):
		if !s.Disabled {
			s.Disabled = true
			c.emit(evDisabled, str("unit", s.Boat.ID), str("boat", s.Boat.ID), num("no", s.No))
		}
	default:
		if p, _ := o.Value("points"); p > 0 {
			s.Components += p
			if what == "flooding" {
				s.Flooded++
			} else {
				s.Fire++
				// G-3: the fire burns on: it is fought again next turn.
				s.Burning = true
				c.emit(evFire, str("boat", s.Boat.ID), str("result", "burns on: fought again next turn"), num("extinguishers", s.Extinguishers))
			}
		}
	}
}

// burnOn is G-3's "the fire burns on (roll again next turn)": at each turn
// on the map a fire that burned on is fought again (our reading: the turn
// is the Strategic Map's, 4.2; a combat is fought within one turn).
func (c boatDamage) burnOn() {
	for _, s := range c.formation() {
		if !s.Burning {
			continue
		}
		s.Burning = false
		c.fire(s)
	}
}

// crewHit is G-7 and G-8: which Boat #1 crewman is hit and how badly, by
// an attack of a kind (G-8: strafing is worse).
func (c boatDamage) crewHit(s *Sortie, attack AirAttack) {
	pos := Position(c.eff(c.roll(c.ids.CrewHit, facts{}), "position"))
	cm := c.crewmanOf(s, pos)
	if cm == nil || cm.KIA || cm.Out {
		c.emit(evCrewHit, str("position", pos.String()), str("result", "no one at the post"))
		return
	}
	w := Wound(c.eff(c.roll(c.ids.Wound, facts{crew: cm, attack: attack}, cm.Name), "wound"))
	c.wound(cm, w)
}

// wound is 7.0: three LW = SW; LW + SW = KIA; two SW = KIA.
func (c boatDamage) wound(cm *Crewman, w Wound) {
	m := c.Mission
	if cm.Position == posKMDT && m != nil {
		if c.Two != nil && c.whose(cm) == c.Two.Side {
			c.Two.hit = true // 6.0: his own War Badge
		} else {
			m.KmdtHit = true
		}
	}
	cm.Wounds++
	switch w {
	case woundLW:
		if cm.SW {
			w = woundKIA
			break
		}
		cm.LW++
		if cm.LW >= 3 {
			cm.LW, cm.SW = 0, true
			w = woundSW
		}
	case woundSW:
		if cm.SW || cm.LW > 0 {
			w = woundKIA
			break
		}
		cm.SW = true
	}
	if w == woundKIA {
		c.kill(cm)
	}
	c.emit(evWound, sided(c.whose(cm), str("crewman", cm.Name), str("position", cm.Position.String()), str("level", w.String()))...)
}

func (c boatDamage) kill(cm *Crewman) {
	if cm.KIA {
		return
	}
	cm.KIA, cm.Out = true, true
	c.Stats.CrewKilled++
	if c.Mission != nil {
		c.Mission.CrewKIA++
	}
}

// sink loses a boat (4.10): men in the water are picked up automatically in
// Sea State 1-3; in 4-5 each Boat #1 crewman (one roll for a #2-#4 crew)
// rolls G-10-B.
func (c boatDamage) sink(s *Sortie, why string) {
	if s.Gone == goneSunk || s.Gone == goneAbandoned {
		return
	}
	c.lose(s, goneSunk, why, c.ids.Water)
}

func (c boatDamage) lose(s *Sortie, how Gone, why, table string) {
	m := c.Mission
	if s.TowedBy != nil {
		s.TowedBy.Towing, s.TowedBy = nil, nil
	}
	if s.Towing != nil {
		s.Towing.TowedBy, s.Towing = nil, nil
	}
	s.Gone, s.Formation = how, false
	m.LostHulls = append(m.LostHulls, s.Boat.ID)
	if s.No == 1 {
		m.Boat1Lost = true
	}
	c.Stats.BoatsLost++
	c.emit(evBoatLost, str("boat", s.Boat.ID), num("no", s.No), str("how", string(how)), str("why", why))
	if s.No == 1 {
		c.coop().handOver(string(how)) // 7.0 step 2
	}
	if cb := m.Combat; cb != nil && how == goneSunk {
		// Errata G-12 step 6: the crew is in the water, searched for only
		// after all combat has ended (searchWater).
		cb.inWater = append(cb.inWater, s)
		if s.No == 1 {
			// Errata G-12 steps 3 and 6: with Boat #1 sunk the mission
			// must be aborted, so it fails unless all 4 zones were done.
			c.sea().abortMission("Boat #1 is lost: the squadron returns once the survivors are searched for")
		}
		return
	}
	rescuers := c.formed() > 0
	if c.manned(s) {
		for _, cm := range c.crewOf(s) {
			if !cm.Serving() && !cm.SW {
				continue
			}
			switch {
			case cm.SW && m.Sea >= 4, !rescuers:
				c.kill(cm)
			case m.Sea >= 4:
				o := c.roll(table, facts{crew: cm}, cm.Name)
				if o.Sets("kia") {
					c.kill(cm)
				}
			default:
				continue
			}
			if cm.KIA {
				c.emit(evWound, sided(c.whose(cm), str("crewman", cm.Name), str("position", cm.Position.String()), str("level", "kia"))...)
			}
		}
		if k := c.kmdt(); s.No == 1 && k != nil && !k.KIA {
			c.sea().abortMission("Boat #1 is lost: the Kommandant transfers and the squadron returns") // errata G-12 step 3
		}
		return
	}
	lostCrew := !rescuers
	if rescuers && m.Sea >= 4 {
		lostCrew = c.roll(table, facts{sortie: s}, s.Boat.ID, " crew").Sets("kia")
	}
	if lostCrew {
		c.Stats.CrewsLost++
		c.emit(evCrewLost, str("boat", s.Boat.ID))
	}
}

// pointsText is "n damage point(s)", the words of a boat_damage event.
func pointsText(n int) string {
	if n >= 0 && n < len(pointsTexts) {
		return pointsTexts[n]
	}
	return fmt.Sprintf("%d damage point(s)", n)
}

// pointsTexts are pointsText's words for the usual numbers, made once.
var pointsTexts = func() (t [10]string) {
	for n := range t {
		t[n] = fmt.Sprintf("%d damage point(s)", n)
	}
	return t
}()
