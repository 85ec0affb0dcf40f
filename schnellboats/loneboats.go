package schnellboats

import (
	"fmt"

	"github.com/schnell-wargames/schnell/engine"
)

// loneRules is the boats that cannot keep with the squadron (4.10, A-10,
// 7.0 step 2): disabled boats taken in tow or scuttled, boats finding
// their own way home. A view of the campaign's state, made by c.lone().
type loneRules struct{ *Campaign }

// lone is the rules of disabled and lone boats over this campaign.
func (c *Campaign) lone() loneRules { return loneRules{c} }

// disabledBoats asks what to do with each disabled boat of the formation:
// take it in tow (at Slow; not by a boat with 1 engine; not in Sea State 4-5)
// or take off its crew and scuttle it.
func (c loneRules) disabledBoats() {
	m := c.Mission
	for _, s := range c.formation() {
		if !s.Disabled || s.TowedBy != nil || s == m.solo {
			continue // alone, a disabled Boat #2 is left to the lone-boat roll (soloHome)
		}
		tower := c.tower(s)
		d := c.ask(askDisabled)
		switch {
		case m.Sea >= 4:
			d.Refuse("tow", "choose tow", "no tow in Sea State 4-5: the line would part (errata G-12): `choose abandon`")
		case tower == nil:
			d.Refuse("tow", "choose tow", "no boat can tow: a tow needs a boat with 2 engines (Boat #1) or under 4 damage points: `choose abandon`")
		default:
			d.Add("tow", "", "")
		}
		d.Add("abandon", "transfer the crew and scuttle her (she counts as lost)", "")
		if d.Options[c.x.Decide(d, func(d *engine.Decision) {
			d.Prompt = fmt.Sprintf("Boat #%d (%s) is disabled. Take her in tow, or take off her crew and scuttle her?", s.No, s.Boat.ID)
			if d.Options[0].Name == "tow" {
				d.Options[0].Text = fmt.Sprintf("Boat #%d tows her home at Slow speed", tower.No)
			}
		})].Name == "tow" {
			s.TowedBy, tower.Towing = tower, s
			c.emit(evTow, str("boat", s.Boat.ID), str("by", tower.Boat.ID))
			c.sea().abortMission("towing a disabled boat") // before the task is done, aborting
			continue
		}
		c.harm().lose(s, goneAbandoned, "disabled and scuttled", c.ids.Transfer)
	}
}

// tower is a boat that can tow s: in formation, not disabled, not already
// towing, with at least 2 engines (Boat #1) or under 4 damage points.
func (c loneRules) tower(s *Sortie) *Sortie {
	eq := boatEquipment[c.Type]
	for _, t := range c.formation() {
		if t == s || t.Disabled || t.Towing != nil || t.TowedBy != nil {
			continue
		}
		if (c.manned(t) && eq.Engines-t.EnginesOut >= 2) || (!c.manned(t) && t.Points < 4) {
			return t
		}
	}
	return nil
}

// checkTow: in Sea State 4-5 a tow line parts and the towed boat sinks.
func (c loneRules) checkTow() {
	m := c.Mission
	if m.Sea < 4 {
		return
	}
	for _, s := range c.formation() {
		if s.TowedBy != nil {
			c.emit(evTowParted, str("boat", s.Boat.ID), num("sea_state", m.Sea))
			c.harm().sink(s, "the tow line parted in heavy seas")
		}
	}
}

// loneBoats: a boat separated from the squadron finds its own way home:
// a Boat #2-#4 of the book's tables on one roll (A-10; errata
// clarification 2), the two-player game's Boat #2 zone by zone (soloHome,
// 7.0 step 2), once the squadron is home.
func (c loneRules) loneBoats() {
	m := c.Mission
	var solo *Sortie
	for _, s := range m.Sorties {
		switch {
		case s.Gone != goneSeparated:
		case c.isBoat2(s) && s.parted != "":
			solo = s
		default:
			c.loneRoll(s)
		}
	}
	if solo != nil {
		c.soloHome(solo)
	}
}

// soloHome is 7.0 step 2: "if Schnell Boat #1 or #2 are separated from
// the squadron, or they voluntarily abort mission and leave formation,
// they must travel through each travel zone box on the map while returning
// to base, rolling on all necessary tables each turn". Once the squadron
// is home (its boats set aside as home), Boat #2 sails from the zone where
// she parted to Cherbourg alone, a turn a zone (2 at Slow), with each
// zone's sea state, encounters and events, her player deciding (she is
// the squadron now, step 2), the tables that name Boat #1 reading her
// (step 3). Our reading: disabled with no boat to tow her or take off her
// crew, she can make no way, and her fate is the lone-boat roll.
func (c loneRules) soloHome(s *Sortie) {
	m := c.Mission
	var home [maxSorties]*Sortie
	for i, o := range m.Sorties {
		if o != s && o.inFormation() {
			o.Gone, home[i] = goneHome, o
		}
	}
	s.Gone, s.Formation = "", true
	m.solo, m.Home = s, true
	m.Route = append([]string{s.parted}, path(s.parted, "CHERBOURG")...)
	m.Pos = 0
	c.emit(evLoneBoat, str("boat", s.Boat.ID), str("result", "zone by zone from "+s.parted+", each zone's tables rolled (7.0 step 2)"))
	c.sea().voyage()
	m.solo = nil
	switch {
	case s.Gone != "":
	case s.Disabled:
		c.loneRoll(s)
	default:
		c.emit(evLoneBoat, str("boat", s.Boat.ID), str("result", homeSafe.String()))
	}
	for _, o := range home {
		if o != nil {
			o.Gone = ""
		}
	}
}

// loneRoll is A-10 for a boat alone. A named crew (the two-player game's Boat #2) lost with her is killed.
func (c loneRules) loneRoll(s *Sortie) {
	m := c.Mission
	o := c.roll(c.ids.Lone, facts{sortie: s, damage: s.Points}, s.Boat.ID)
	home := Homecoming(c.eff(o, "home"))
	c.emit(evLoneBoat, str("boat", s.Boat.ID), str("result", home.String()))
	if home != homeLost && home != homeCaptured {
		s.Gone = ""
		return
	}
	s.Gone, s.Formation = goneSunk, false
	m.LostHulls = append(m.LostHulls, s.Boat.ID)
	c.Stats.BoatsLost++
	c.emit(evBoatLost, str("boat", s.Boat.ID), num("no", s.No), str("how", string(goneSunk)), str("why", "lost on the way home alone"))
	if o.Sets("rescued") {
		return
	}
	if !c.manned(s) {
		c.Stats.CrewsLost++
		c.emit(evCrewLost, str("boat", s.Boat.ID))
		return
	}
	for _, cm := range c.crewOf(s) {
		if !cm.KIA && !cm.Out {
			c.harm().kill(cm)
			c.emit(evWound, sided(c.whose(cm), str("crewman", cm.Name), str("position", cm.Position.String()), str("level", "kia"))...)
		}
	}
}
