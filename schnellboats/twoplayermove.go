package schnellboats

import (
	"fmt"
	"strconv"

	"github.com/schnell-wargames/schnell/engine"
	"github.com/schnell-wargames/schnell/gamelog"
)

// boat2Decides gives player 2 a decision about his own boat s (7.0: she is
// his to command when Boat #1's orders do not reach her).
func (c twoPlayer) boat2Decides(d *engine.Decision, s *Sortie) {
	if c.isBoat2(s) && !c.linked() {
		d.Side = c.Two.Side
	}
}

// ownCourse is 7.0 step 2 in combat: without a radio link to Boat #1
// (and Boat #1 still leading), player 2 decides each round whether Boat #2
// keeps station with the squadron or takes her own course, apart from the
// formation: then he sets her own speed and movement each round
// (ownMove) until she rejoins (rejoins). It reports whether she breaks
// away.
func (c twoPlayer) ownCourse(cb *Combat, s *Sortie) bool {
	if !c.isBoat2(s) || c.linked() || c.boat1Away() {
		return false
	}
	d := c.ask(askBreakFormation)
	d.Side = c.Two.Side
	boatOption(d, s, "stay", "keep station with the squadron")
	boatOption(d, s, "break", "take her own course: her own speed and range (7.0)")
	if c.x.Decide(d, func(d *engine.Decision) {
		d.Prompt = fmt.Sprintf("Boat #%d (%s) has no radio link with Boat #1 (7.0): keep station with the squadron, or take her own course, at her own speed and range?", s.No, s.Boat.ID)
	}) == 0 {
		return false
	}
	s.own, s.ownSpeed = true, cb.Speed
	return true
}

// radioUp: the radios of Boats #1 and #2 both work, or Boat #2 leads the
// squadron herself (Boat #1 separated or sunk, step 2).
func (c twoPlayer) radioUp(s *Sortie) bool {
	s1 := c.Mission.Sorties[0]
	return c.boat1Away() || !s1.RadioOut && !s.RadioOut
}

// rejoins is 7.0 step 2 with 4.8, our reading: at the beginning of a round
// Boat #2 on her own course comes back under the squadron's orders when
// the radio link works again and she is in the squadron's range zone; she
// then moves with the formation at the squadron's speed.
func (c twoPlayer) rejoins(cb *Combat, s *Sortie) bool {
	if !c.radioUp(s) || cb.Zone == zoneOut || s.zone != cb.Zone {
		return false
	}
	s.Apart, s.own, s.zone, s.inZone = 0, false, zoneOut, 0
	c.emit(evRejoin, sided(c.Two.Side, str("boat", s.Boat.ID), str("range", cb.Zone.String()))...)
	if s.ownSpeed != cb.Speed {
		c.record().speed(s, cb.Speed) // the squadron's again
	}
	return true
}

// speedOf is a boat's speed this round: Boat #2's own on her own course
// (7.0 step 2), else the squadron's.
func (cb *Combat) speedOf(s *Sortie) Speed {
	if s.own && s.Apart > 0 {
		return s.ownSpeed
	}
	return cb.Speed
}

// ownTop is the fastest Boat #2 may go on her own course: what her engines
// (and a 5b's turbojets) allow, as they limit the squadron (2.0 f).
func ownTop(s *Sortie) Speed {
	top := boatTop(s)
	switch {
	case s.JetsOut >= 2 && top > speedMedium:
		top = speedMedium
	case s.JetsOut == 1 && top > speedFast:
		top = speedFast
	}
	if s.Towing != nil || s.TowedBy != nil {
		top = speedSlow
	}
	return top
}

// ownMove is 7.0 step 2 with 4.7 and 4.9: player 2 sets the speed of
// Boat #2 on her own course, then moves her from her own range zone as
// that speed allows (Slow: 2 rounds in each zone first; Fast 1 or 2
// zones, Very Fast 1 to 3); leaving the Combat Board is aborting the
// mission alone: from the Long zone, if she evades (C-6), she leaves the
// squadron for the rest of the mission (4.9).
func (c twoPlayer) ownMove(cb *Combat, s *Sortie) {
	s.Apart++
	top := ownTop(s)
	d := c.ask(askBoatSpeed)
	d.Side = c.Two.Side
	for sp := speedSlow; sp <= top; sp++ {
		o := &speedOptions[sp]
		ownOption(d, s, o.Name, o.Text, o.Command)
	}
	for sp := top + 1; sp <= speedVeryFast; sp++ {
		d.Refuse(speedOptions[sp].Name, speedOptions[sp].Command, "rule 2.0 f: Boat #", strconv.Itoa(s.No), "'s engines allow ", top.String(), " at most")
	}
	d.Refuse(speedOptions[speedIdle].Name, speedOptions[speedIdle].Command, idleRule)
	d.Default = int(min(max(s.ownSpeed, speedSlow), top) - speedSlow)
	sp := speedSlow + Speed(c.x.Decide(d, func(d *engine.Decision) {
		d.Prompt = fmt.Sprintf("Boat #%d (%s) on her own course in the %s zone (7.0): her speed?", s.No, s.Boat.ID, s.zone.String())
	}))
	if sp != s.ownSpeed {
		s.ownSpeed = sp
		c.record().speed(s, sp)
	}
	n := moves[sp]
	if sp == speedSlow && s.zone != zoneOut && s.inZone < 2 {
		n = 0
	}
	mv := c.ask(askBoatRange)
	mv.Side = c.Two.Side
	c.ownMoveOptions(cb, s, mv, n)
	from := s.zone
	o := &mv.Options[c.x.Decide(mv, func(d *engine.Decision) {
		d.Prompt = fmt.Sprintf("Boat #%d (%s) at %s in the %s zone (the squadron: the %s zone): her move?", s.No, s.Boat.ID, sp.String(), s.zone.String(), cb.Zone.String())
	})]
	k := 1
	if len(o.Args) > 0 {
		k = mv.Args().Int("zones")
	}
	switch o.Name {
	case "closer":
		s.zone = min(zoneClose, s.zone+RangeZone(k))
	case "away":
		s.zone = max(zoneLong, s.zone-RangeZone(k))
	case "out":
		s.zone = zoneLong
	}
	if s.zone != from {
		s.inZone = 0
		c.record().moved(s, from, s.zone)
	}
	if o.Name == "out" {
		if c.board().boatEvades(s, sp) {
			c.board().goAlone(s, "left the combat and the squadron for Cherbourg: she aborts her mission (4.9)")
			return
		}
	}
	s.inZone++
}

// ownMoveOptions are Boat #2's moves on her own course (4.7 and 4.9 at her
// speed, n zones this round), each refused with its rule when the rules
// forbid it. The default heads for the squadron's range zone.
func (c twoPlayer) ownMoveOptions(cb *Combat, s *Sortie, mv *engine.Decision, n int) {
	noMove := fmt.Sprintf("rule 4.7: at Slow Boat #%d spends 2 rounds in each range zone before she enters another (%d spent in the %s zone): `move stay`", s.No, s.inZone, s.zone.String())
	const notYet = "rule 4.7: she is placed on the Combat Board first, in the Long Range Zone (her first move) and on as her speed allows: `move closer`"
	far := c.board().farthest(s.zone)
	zones := func(o *engine.Option, k, want int) {
		if k < 2 {
			return // one zone: nothing to choose (4.7)
		}
		a := engine.IntArg("zones", 1, k, "")
		a.Text = "range zones to enter this round"
		a.Default = gamelog.IntV(min(max(want, 1), k))
		o.Args = []engine.Arg{a}
	}
	toward := int(cb.Zone) - int(s.zone)
	mv.Default = -1
	switch k := min(n, int(far-s.zone)); {
	case s.zone == zoneClose:
		mv.Refuse("closer", "move closer", "Boat #"+strconv.Itoa(s.No)+" is already in the Close Range Zone")
	case k >= 1:
		zones(ownOption(mv, s, "closer", "close the enemy", "move closer"), k, toward)
		if toward > 0 || s.zone == zoneOut {
			mv.Default = len(mv.Options) - 1
		}
	default:
		mv.Refuse("closer", "move closer", noMove)
	}
	if s.zone > zoneOut {
		ownOption(mv, s, "stay", "hold her range zone", "move stay")
		if mv.Default < 0 && toward >= 0 {
			mv.Default = len(mv.Options) - 1
		}
	} else {
		mv.Refuse("stay", "move stay", notYet)
	}
	switch k := min(n, int(s.zone-zoneLong)); {
	case s.zone == zoneOut:
		mv.Refuse("away", "move away", notYet)
	case s.zone == zoneLong:
		mv.Refuse("away", "move away", "Boat #"+strconv.Itoa(s.No)+" is already in the Long Range Zone: `move out` leaves the combat (she aborts, 4.9)")
	case k >= 1:
		zones(ownOption(mv, s, "away", "open the range toward Long", "move away"), k, -toward)
		if mv.Default < 0 {
			mv.Default = len(mv.Options) - 1
		}
	default:
		mv.Refuse("away", "move away", noMove)
	}
	switch {
	case s.zone == zoneOut:
		mv.Refuse("out", "move out", notYet)
	case n > int(s.zone-zoneLong):
		ownOption(mv, s, "out", "leave the combat: evade (C-6); she aborts her mission and leaves the squadron for good (4.9)", "move out")
	case n == 0:
		mv.Refuse("out", "move out", noMove)
	default:
		mv.Refuse("out", "move out", "rule 4.9: to leave the combat Boat #"+strconv.Itoa(s.No)+" must first reach the Long Range Zone: `move away`")
	}
	if mv.Default < 0 {
		mv.Default = 0
	}
}

// ownOption adds an option about Boat #2 on her own course (its fact
// `boat` names her).
func ownOption(d *engine.Decision, s *Sortie, name, text, command string) *engine.Option {
	o := d.Add(name, text, command)
	o.Facts = append(o.Facts, str("boat", s.Boat.ID))
	return o
}
