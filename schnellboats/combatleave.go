package schnellboats

import (
	"fmt"

	"github.com/schnell-wargames/schnell/engine"
)

// boatTop is the fastest a Boat #2-#4 apart from the formation may go
// (2.0 f): Slow with 4 damage points, Medium with 3.
func boatTop(s *Sortie) Speed {
	switch {
	case s.Points >= 4, s.EnginesOut >= 2: // engines: a two-player Boat #2's (7.0)
		return speedSlow
	case s.Points >= 3:
		return speedMedium
	case s.EnginesOut == 1:
		return speedFast
	}
	return speedVeryFast
}

// boatMove is 4.8 and 4.9 for a boat apart from the formation: she heads
// for the Long Range Zone at speed sp (Slow spends 2 rounds in each zone),
// and a boat that aborts leaves from there once she has spent a round
// there (Slow: 2; 4.9: "one or more combat rounds (depending on speed) in
// the longest Range Zone"), if she evades (C-6 at sp).
func (c combatBoard) boatMove(cb *Combat, s *Sortie, sp Speed) {
	s.Apart++
	from := s.zone
	if from == zoneOut {
		s.zone = zoneLong // placed with the squadron, in the Long zone
	} else {
		n := moves[sp]
		if sp == speedSlow && s.inZone < 2 {
			n = 0
		}
		if s.aborting && leavesNow(s, from, n, sp) {
			if c.boatEvades(s, sp) {
				c.goAlone(s, "left the combat and the squadron for Cherbourg")
				return
			}
		} else {
			s.zone -= RangeZone(min(n, int(s.zone-zoneLong)))
		}
	}
	if s.zone != from {
		s.inZone = 0
		c.record().moved(s, from, s.zone)
	}
	s.inZone++
}

// leavesNow is 4.7 and 4.9: a boat aborting alone leaves the combat from
// the Long zone as one more move at her speed (4.7's example: at Fast from
// the Medium zone she enters Long and exits in the same round; at Medium
// she leaves the round after she reached Long); a heavily damaged one (4.8:
// 3 points or more) first spends a round in Long, 2 at Slow. Leaving takes
// a successful evasion (boatEvades).
func leavesNow(s *Sortie, from RangeZone, n int, sp Speed) bool {
	if n <= int(from-zoneLong) {
		return false // her moves this round do not reach beyond Long
	}
	if s.Points >= 3 {
		return from == zoneLong && s.inZone >= leaveRounds(sp)
	}
	return true
}

// leaveRounds is 4.8 and 4.9: the rounds a boat apart spends in the Long
// Range Zone before she may leave the combat: 1, or 2 at Slow.
func leaveRounds(sp Speed) int {
	if sp == speedSlow {
		return 2
	}
	return 1
}

// notReadyToLeave is a boat apart from the formation (not disabled) that
// could not leave the combat with the squadron this round (4.8: all leave
// together, and a boat apart first spends a round in the Long zone, 2 at
// Slow), or nil. The boats apart have moved this round already (breakAway,
// boatAborts): her inZone counts this round.
func (c combatBoard) notReadyToLeave(cb *Combat) *Sortie {
	for _, s := range c.formation() {
		if s.Apart == 0 || s.Disabled || s.own { // 7.0 step 2: Boat #2 on her own course is left to p2 (leaveCombat)
			continue
		}
		if s.zone != zoneLong || s.inZone-1 < leaveRounds(boatTop(s)) {
			return s
		}
	}
	return nil
}

// boatEvades is a boat's C-6 roll to leave the combat alone (4.9).
func (c combatBoard) boatEvades(s *Sortie, sp Speed) bool {
	if c.roll(c.ids.Evade, facts{speed: atSpeed(sp)}, s.Boat.ID).Sets("evaded") {
		return true
	}
	c.emit(evAbort, str("boat", s.Boat.ID), str("result", "could not get clear: she stays in the Long zone"))
	return false
}

// boatAborts is 4.9: a Boat #2-#4 aborts alone during the combat: she
// breaks formation for the Long zone and leaves from there when she evades.
func (c combatBoard) boatAborts(cb *Combat, id string) {
	for _, s := range c.formation() {
		if s.Boat.ID == id {
			s.Apart, s.aborting, s.zone, s.inZone = 0, true, cb.Zone, cb.inZone
			if cb.Zone == zoneLong {
				c.emit(evAbort, str("boat", id), str("result", "breaks formation to abort: she leaves from the Long zone as her speed allows, if she evades"))
			} else {
				c.emit(evAbort, str("boat", id), str("result", "breaks formation to abort: she makes for the Long zone"))
			}
			// 4.7: the speed was set at the start of the round; this round
			// she goes at the squadron's (as her damage allows).
			c.boatMove(cb, s, min(cb.Speed, boatTop(s)))
			return
		}
	}
}

// goAlone: a Boat #2-#4 leaves the squadron for the rest of the mission and
// makes her own way home (4.9; her fate is the lone-boat roll, A-10).
func (c combatBoard) goAlone(s *Sortie, result string) {
	s.Apart, s.aborting, s.Formation, s.Gone = 0, false, false, goneSeparated
	s.parted = c.zone().ID
	c.emit(evAbort, str("boat", s.Boat.ID), str("result", result))
}

// boatOption adds an option about boat s, with what a script needs to
// choose.
func boatOption(d *engine.Decision, s *Sortie, name, text string) {
	o := d.Add(name, text, "")
	o.Facts = append(o.Facts, str("boat", s.Boat.ID), num("points", s.Points))
}

// zoneOf is a boat's range zone: her own when she is apart from the
// formation or disabled where she lay (4.8, 4.9), else the squadron's.
func (cb *Combat) zoneOf(s *Sortie) RangeZone {
	if s.Apart > 0 || s.pinned {
		return s.zone
	}
	return cb.Zone
}

// pinDisabled is 4.8 and 4.9: a disabled boat cannot move; she keeps the
// range zone where she was disabled (a boat disabled before the combat is
// placed with the squadron).
func (c combatBoard) pinDisabled(cb *Combat) {
	if cb.Zone == zoneOut {
		return
	}
	for _, s := range c.formation() {
		if s.Disabled && !s.pinned {
			if s.Apart == 0 {
				s.zone = cb.Zone
			}
			s.pinned = true
		}
	}
}

// alongside is a disabled boat in the squadron's range zone whose crew a
// boat of the squadron may take off by waiting at Idle for the round
// (errata G-12 steps 4-5), or nil.
func (c combatBoard) alongside(cb *Combat) *Sortie {
	var wreck *Sortie
	helper := false
	for _, s := range c.formation() {
		switch {
		case s.pinned && s.zone == cb.Zone:
			if wreck == nil {
				wreck = s
			}
		case !s.Disabled && s.Apart == 0:
			helper = true
		}
	}
	if !helper || cb.Zone == zoneOut {
		return nil
	}
	return wreck
}

// transfers is errata G-12 steps 4-5: after a round at Idle in a disabled
// boat's range zone the squadron has taken off her crew (automatically in
// Sea State 1-3; in 4-5 at a risk, G-10-A) and she is abandoned.
func (c combatBoard) transfers(cb *Combat) {
	if cb.Speed != speedIdle || c.alongside(cb) == nil {
		return
	}
	for _, s := range c.formation() {
		if s.pinned && s.zone == cb.Zone {
			c.harm().lose(s, goneAbandoned, "disabled: her crew taken off alongside (errata G-12)", c.ids.Transfer)
		}
	}
}

// leave is 4.9: the squadron must evade (C-6) to leave from the Long zone
// (undetected, the roll is easier); failing, it stays there this round.
func (c combatBoard) leave(cb *Combat) bool {
	if c.roll(c.ids.Evade, facts{speed: atSpeed(cb.Speed)}, "squadron").Sets("evaded") {
		return true
	}
	c.emit(evAbort, str("boat", "squadron"), str("result", "does not get away: it stays in the Long zone"))
	return false
}

// leaveCombat is 4.8 and 4.9: the squadron has left the combat, and the
// mission is aborted. A disabled boat cannot leave: left behind, she is
// lost with her crew. A boat apart that is not with the squadron in the
// Long zone, or that was aborting alone, makes her own way home.
func (c combatBoard) leaveCombat(cb *Combat) {
	cb.Left = true
	c.emit(evAbort, str("boat", "squadron"), str("result", "left the combat"))
	var stays *Sortie
	for _, s := range c.formation() {
		switch {
		case s.Disabled:
			c.leftBehind(s)
		case s.own && s.Apart > 0:
			// 7.0 step 2: Boat #2 on her own course gets no order to leave;
			// she goes with the squadron only from the Long zone, else she
			// stays on the Combat Board (fightOn).
			if s.zone != zoneLong {
				stays = s
			}
		case s.Apart > 0:
			// 4.8: Boat #1 leaves, and all the boats with her (a boat apart
			// was ready, notReadyToLeave): she stays with the squadron.
			s.aborting = false
			c.emit(evAbort, str("boat", s.Boat.ID), str("result", "leaves the combat with the squadron (4.8)"))
		}
	}
	c.sea().abortMission("left the combat")
	if stays != nil {
		c.fightOn(cb, stays)
	}
}

// fightOn is 7.0 step 2 with 4.9, our reading: Boat #2 on her own course,
// whom no order to leave reached, stays on the Combat Board when the
// squadron leaves it from elsewhere than the Long zone. The combat goes on
// for her alone, her player deciding (she is all that is left of the
// squadron there, step 2): her speed and range from where she is, her
// attacks; she leaves only as 4.9 lets a boat leave (from the Long zone,
// evading). When the combat ends, afloat, she has left the squadron and
// comes home alone, zone by zone (soloHome); the squadron's boats are the
// squadron again.
func (c combatBoard) fightOn(cb *Combat, s *Sortie) {
	for i, o := range c.Mission.Sorties {
		if o != s && o.inFormation() {
			o.Gone, cb.aside[i] = goneLeft, o
		}
	}
	s.own, s.Apart = false, 0
	cb.Zone, cb.inZone, cb.Speed, cb.Left, cb.lone = s.zone, s.inZone, s.ownSpeed, false, s
	c.emit(evAbort, sided(c.Two.Side, str("boat", s.Boat.ID), str("result", "no order to leave reached her: she stays on the Combat Board and fights on alone (7.0 step 2)"))...)
}

// leftBehind is 4.9: a disabled boat the squadron leaves on the Combat
// Board is lost, and her crew with her (only a crew taken off alongside is
// saved, errata G-12 steps 4-5).
func (c combatBoard) leftBehind(s *Sortie) {
	m := c.Mission
	if s.TowedBy != nil {
		s.TowedBy.Towing, s.TowedBy = nil, nil
	}
	s.Gone, s.Formation = goneAbandoned, false
	m.LostHulls = append(m.LostHulls, s.Boat.ID)
	if s.No == 1 {
		m.Boat1Lost = true
	}
	c.Stats.BoatsLost++
	c.emit(evBoatLost, str("boat", s.Boat.ID), num("no", s.No), str("how", string(goneAbandoned)), str("why", "disabled, left behind on the Combat Board (4.9)"))
	if s.No > 1 {
		c.Stats.CrewsLost++
		c.emit(evCrewLost, str("boat", s.Boat.ID))
		return
	}
	for _, cm := range c.Crew {
		if !cm.KIA && !cm.Out {
			c.harm().kill(cm)
			c.emit(evWound, str("crewman", cm.Name), str("position", cm.Position.String()), str("level", "kia"))
		}
	}
}

// afterCombat: the boats apart rejoin the squadron (4.8), but a boat that
// was aborting leaves it for the rest of the mission (4.9); the Combat
// Board's places are cleared.
func (c combatBoard) afterCombat() {
	for _, s := range c.Mission.Sorties {
		if s.aborting && s.inFormation() {
			c.goAlone(s, "left the squadron for Cherbourg")
		}
		s.Apart, s.aborting, s.pinned, s.zone, s.inZone = 0, false, false, zoneOut, 0
		s.own = false
	}
}

// loaded: a working boat in formation still has a torpedo or rocket aboard.
func (c combatBoard) loaded() bool {
	for _, s := range c.formation() {
		if !s.Disabled && (s.Torpedoes > 0 || s.Rockets > 0) {
			return true
		}
	}
	return false
}

func moveText(sp Speed) string {
	switch sp {
	case speedIdle:
		return "no move: wait alongside a disabled boat to take off her crew (errata G-12)"
	case speedSlow:
		return "1 zone per 2 rounds"
	case speedMedium:
		return "1 zone per round"
	}
	return fmt.Sprintf("1 to %d zones per round", moves[sp])
}
