package schnellboats

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/schnell-wargames/schnell/dice"
	"github.com/schnell-wargames/schnell/engine"
)

// maxSorties: at most 4 boats sail (3.3: Boat #1 and up to 3 more).
const maxSorties = 4

// formation is the boats still with the squadron tonight, as a snapshot.
func (c *Campaign) formation() []*Sortie {
	out := make([]*Sortie, 0, maxSorties)
	if m := c.Mission; m != nil {
		for _, s := range m.Sorties {
			if s.inFormation() {
				out = append(out, s)
			}
		}
	}
	return out
}

// formed is the number of boats in formation.
func (c *Campaign) formed() int {
	n := 0
	if m := c.Mission; m != nil {
		for _, s := range m.Sorties {
			if s.inFormation() {
				n++
			}
		}
	}
	return n
}

func (s *Sortie) inFormation() bool { return s.Formation && s.Gone == "" }

// flagBoat is the boat the tables' "Boat #1" names on the map: Boat #1,
// or in the two-player game Boat #2 on her way home alone (7.0 steps 2
// and 3: the tables that refer to Boat #1 apply to Boat #2 on her turn).
func (c *Campaign) flagBoat() *Sortie {
	if m := c.Mission; m != nil && m.solo != nil {
		return m.solo
	}
	return c.sortie1()
}

// sortie1 is Boat #1 tonight (nil at base).
func (c *Campaign) sortie1() *Sortie {
	if c.Mission == nil || len(c.Mission.Sorties) == 0 {
		return nil
	}
	return c.Mission.Sorties[0]
}

func (c *Campaign) zone() *Zone {
	m := c.Mission
	if m.Pos < 0 {
		return zoneByID("CHERBOURG")
	}
	return m.zoneAt(m.Pos)
}

// zoneAt is the zone of the route at i, remembered: the rules and the
// tables' facts ask for the current zone many times a turn.
func (m *Mission) zoneAt(i int) *Zone {
	id := m.Route[i]
	if m.seen == nil || m.seen.ID != id {
		m.seen = zoneByID(id)
	}
	return m.seen
}

// assigned reports whether the current zone is one of the 4 assigned Red Zones.
func (c *Campaign) assigned() bool {
	z := c.zone()
	return z.Red >= c.Mission.FirstZone && z.Red < c.Mission.FirstZone+4
}

// slow is 4.4: the squadron moves at the speed of its slowest boat; Boat #1
// with 2 engines out, a #2-#4 with 4 damage points, or a tow is Slow.
func (c *Campaign) slow() (bool, string) {
	for _, s := range c.formation() {
		switch {
		case c.manned(s) && s.EnginesOut >= 2:
			return true, fmt.Sprintf("Boat #%d has 2 engines out", s.No)
		case !c.manned(s) && s.Points >= 4:
			return true, fmt.Sprintf("Boat #%d has %d damage points", s.No, s.Points)
		case s.Towing != nil || s.TowedBy != nil:
			return true, "towing a disabled boat"
		}
	}
	return false, ""
}

// sail plays the mission on the strategic map (4.4, 4.5): one zone per
// turn at Medium speed (two turns per zone when Slow, each a full turn),
// sea state and an encounter roll per turn, the special mission in the
// first Red Zone, one turn of searching in each assigned Red Zone, then
// home; the Kommandant may abort at any turn.
func (c *Campaign) sail() {
	c.voyage()
	c.loneBoats()
}

// voyage is sail's turns on the map, to Cherbourg or until no boat is left
// in formation (or Boat #2 sailing home alone lies disabled, soloHome).
func (c *Campaign) voyage() {
	m := c.Mission
	for c.formed() > 0 && (m.solo == nil || !m.solo.Disabled) {
		if m.Pos+1 >= len(m.Route) {
			break
		}
		m.Pos++
		z := c.zone()
		m.Turn++
		slow, why := c.slow()
		speed := "medium"
		if slow {
			speed = "slow"
		}
		m.Sea = c.eff(c.roll(c.ids.SeaState, facts{}, z.ID), "sea_state")
		c.emit(evTurn, num("n", m.Turn), str("zone", z.ID), str("speed", speed), num("sea_state", m.Sea))
		c.checkTow()
		c.burnOn()
		if z.ID == "CHERBOURG" {
			break // home: the mission ends on arrival
		}
		if z.Red > 0 && c.assigned() && !m.Home {
			c.inRedZone()
		} else {
			c.encounter(c.ids.Encounter[z.Colour])
		}
		if c.formed() == 0 {
			break
		}
		c.disabledBoats()
		if slow && c.formed() > 0 {
			// 4.4: Slow spends 2 turns in the zone, and the second is a
			// full turn: its sea state, fires, encounter and events.
			c.x.Pause("turn", 1)
			m.Turn++
			m.Sea = c.eff(c.roll(c.ids.SeaState, facts{}, z.ID), "sea_state")
			c.emit(evSlowTurn, num("turn", m.Turn), str("zone", z.ID), str("why", why), num("sea_state", m.Sea))
			c.checkTow()
			c.burnOn()
			if c.formed() > 0 {
				c.encounter(c.ids.Encounter[z.Colour])
			}
			if c.formed() == 0 {
				break
			}
			c.disabledBoats()
		}
		c.x.Pause("turn", 1)
		if !m.Home {
			c.orders()
		}
	}
}

// inRedZone is a turn in an assigned Red Zone: the special mission first
// (4.5), then at most one turn of searching.
func (c *Campaign) inRedZone() {
	m := c.Mission
	first := c.zone().Red == m.FirstZone
	if first && m.Kind != kindPatrol && !m.Special {
		if !c.specialMission() {
			return
		}
	}
	c.encounter(c.ids.Encounter[3])
	if c.formed() > 0 && !m.Home { // 4.9: a squadron that turned home in the combat (left it, lost Boat #1) has not patrolled the zone
		m.Patrolled++
		c.emit(evPatrolled, str("zone", c.zone().ID), num("zones", m.Patrolled))
	}
	if c.zone().Red == m.FirstZone+3 && !m.Home {
		c.turnHome("the 4 assigned Red Zones are patrolled")
	}
}

// specialMission performs tonight's special mission in the first Red Zone
// and asks whether to go on as an Offensive Patrol. It reports whether the
// squadron stays to patrol.
func (c *Campaign) specialMission() bool {
	m := c.Mission
	switch m.Kind {
	case kindMinelaying:
		o := c.roll(c.ids.Minelay, facts{}, "mine barrage")
		if n, ok := o.Value("count"); ok && n > 0 {
			c.sortie1().Mines = 0
			m.Special = true
			if o.Sets("sunk") {
				m.Sunk["merchant"]++
			}
		}
		c.emit(evSpecial, str("mission", "minelaying"), flag("done", m.Special))
	case kindRescue:
		for try := 1; ; try++ {
			if c.roll(c.ids.Rescue, facts{}, "search ", strconv.Itoa(try)).Sets("rescued") {
				m.Special = true
				break
			}
			if try == 4 {
				break
			}
			d := c.ask(askRescueWait)
			d.Prompt = "The dinghy is not found. Search another turn here?"
			d.Add("search", "", "")
			d.Add("give_up", "give up the search", "")
			if c.x.Decide(d, func(d *engine.Decision) {
				d.Options[0].Text = fmt.Sprintf("search on (turn %d of 4)", try+1)
			}) == 1 {
				break
			}
			m.Turn++
			c.emit(evSearchTurn, num("turn", m.Turn))
		}
		c.emit(evSpecial, str("mission", "rescue"), flag("done", m.Special))
	case kindRecon:
		o := c.roll(c.ids.Recon, facts{})
		n, _ := o.Value("count")
		m.Special = n > 0
		if n > 1 {
			m.Intel = true
		}
		c.emit(evSpecial, str("mission", "recon"), flag("done", m.Special))
	}
	d := c.ask(askSpecialDone)
	d.Prompt = "The special mission is over. Go on as an Offensive Patrol of the assigned Red Zones, or return (4.5)?"
	d.Add("patrol", "continue as an Offensive Patrol", "move next")
	d.Add("home", "return to Cherbourg", "move home")
	d.Default = 1
	if !m.Special {
		d.Default = 0
	}
	if c.damaged() {
		d.Default = 1
	}
	if c.x.Decide(d) == 1 {
		// The special mission's own terms (4.5): done, the squadron may
		// return; returning with it undone is aborting (taskDone).
		c.abortMission("special mission over")
		return false
	}
	return true
}

// taskDone is the mission's task ("Completing a Mission", 4.5): an
// Offensive Patrol's is its 4 assigned Red Zones patrolled; a special
// mission's, the special mission accomplished (E-1 to E-3), or, when it
// failed and the squadron went on as an Offensive Patrol, the 4 zones.
func (c *Campaign) taskDone() bool {
	m := c.Mission
	return m.Patrolled >= 4 || m.Special
}

// damaged reports heavy damage: what makes the reference Kommandant go home.
func (c *Campaign) damaged() bool {
	f := c.formation()
	if len(f) < 2 {
		return true
	}
	for _, s := range f {
		if s.Disabled || (c.manned(s) && (s.EnginesOut >= 2 || s.Flooded > 0 || s.Fire > 0)) || s.Points >= 4 {
			return true
		}
	}
	return false
}

// orders is the Kommandant's choice at the end of each outbound or patrol
// turn: go on to the next zone, or abort the mission (4.9) and turn home;
// or a Boat #2-#4 aborts alone (then the order is asked again).
func (c *Campaign) orders() {
	m := c.Mission
	for {
		next := zoneByID(m.Route[m.Pos+1])
		d := c.ask(askMove)
		o := d.Add("next", "", "move next")
		o.Facts = append(o.Facts, str("zone", next.ID))
		d.Add("home", "abort: turn for Cherbourg; aborted before the 4 Red Zones are patrolled, the mission fails (4.9)", "move home")
		for _, s := range c.formation() {
			switch {
			case s.No == 1:
				name, cmd := c.board().abortWords(s)
				d.Refuse(name, cmd, "rule 4.9: Boat #1 never aborts alone while other boats are in formation: `move home` aborts the whole squadron")
			case c.inCommand(s):
				name, cmd := c.board().abortWords(s)
				d.Refuse(name, cmd, "rule 4.9, 7.0: Boat #2 commands the squadron since Boat #1 is gone, and the boat in command never aborts alone: `move home` aborts the whole squadron")
			case s.Disabled || s.Towing != nil:
			default:
				name, cmd := c.board().abortWords(s)
				o := d.Add(name, "", cmd)
				o.Facts = append(o.Facts, str("boat", s.Boat.ID), num("points", s.Points))
			}
		}
		if c.damaged() {
			d.Default = 1
		}
		i := c.x.Decide(d, func(d *engine.Decision) {
			d.Prompt = fmt.Sprintf("Turn %d in %s. Go on to %s, or abort the mission and turn for Cherbourg (4.9)?", m.Turn, c.zone().Name, next.Name)
			d.Options[0].Text = "go on to " + next.ID
			wordBoatAborts(d)
		})
		switch i {
		case 0:
			return
		case 1:
			c.abortMission("")
			return
		}
		id := strings.TrimPrefix(d.Options[i].Name, "abort:")
		for _, s := range c.formation() {
			if s.Boat.ID == id {
				c.board().goAlone(s, "left the squadron for Cherbourg")
			}
		}
	}
}

// abortMission is 4.9 and "Completing a Mission", one rule for every way
// home: the squadron turns for Cherbourg for a reason (by order, leaving a
// combat, refusing a second wave, letting a wave pass unattacked, a tow,
// the loss of Boat #1, a special mission over), and patrols no more zones.
// Before its task is done (taskDone) that is aborting the mission, which
// fails whatever was sunk: "if a mission is aborted before all 4 assigned
// Red Zones are patrolled ... the mission is considered a failure". The
// why of its course_home event then begins with "aborted".
func (c *Campaign) abortMission(reason string) {
	m := c.Mission
	if m.Home {
		return // already on the way home: aborted or not, as it turned
	}
	why := reason
	if !c.taskDone() {
		m.Aborted = true
		why = "aborted"
		if reason != "" {
			why += ": " + reason
		}
	}
	c.turnHome(why)
}

// turnHome replaces the rest of the route with the way back to Cherbourg.
func (c *Campaign) turnHome(why string) {
	m := c.Mission
	m.Home = true
	here := c.zone().ID
	m.Route = append(m.Route[:m.Pos+1:m.Pos+1], path(here, "CHERBOURG")...)
	c.emit(evCourseHome, str("zone", here), str("why", why))
}

// encounter rolls a zone's encounter table and resolves it.
func (c *Campaign) encounter(table string) {
	m := c.Mission
	e := Encounter(c.eff(c.roll(table, facts{}, c.zone().ID), "encounter"))
	switch e {
	case encNone:
	case encEvent:
		c.event()
	case encAir:
		c.airPatrol(false)
	default:
		// Surface encounters are fought on the Combat Board (4.6-4.9).
		c.emit(evEncounter, str("zone", c.zone().ID), str("kind", e.String()))
		m.Contacts++
		c.board().fight(e)
	}
}

// event is A-9.
func (c *Campaign) event() {
	m := c.Mission
	e := Event(c.eff(c.roll(c.ids.Event, facts{}), "event"))
	switch e {
	case eventCognac:
		c.Cognac = true
	case eventMechanical:
		o := c.roll(c.ids.Mechanical, facts{})
		if comp, ok := o.Value("component"); ok && comp > 0 {
			if s := c.flagBoat(); s.Formation && s.Gone == "" {
				c.component(s, Component(comp), false)
			}
		} else if p, ok := o.Value("points"); ok {
			if s := c.pick(false, "mechanical trouble"); s != nil {
				c.points(s, p)
			}
		}
	case eventFogBank:
		m.Weather = weatherFoggy
	case eventSquall, eventSeaRises:
		m.Sea = min(5, m.Sea+1)
		c.checkTow()
	case eventSeaFalls:
		m.Sea = max(1, m.Sea-1)
	case eventSeparated:
		// Our reading (the errata is silent on tows): a boat under tow, and
		// the boat towing her, are tied by the line and never separated.
		if s := c.pickWhere(untied, "separated"); s != nil && m.solo == nil { // alone already, she has no squadron to lose
			s.parted = c.zone().ID
			s.Formation, s.Gone = false, goneSeparated
			c.emit(evSeparated, str("boat", s.Boat.ID), num("no", s.No))
			if s.No == 1 {
				c.handOver("separated") // 7.0 step 2
			}
		}
	case eventMine:
		o := c.roll(c.ids.Mine, facts{})
		s := c.pick(true, "drifting mine")
		switch {
		case s == nil:
		case o.Sets("sunk"):
			c.sink(s, "a drifting mine")
		case c.manned(s) && o.Sets("component"):
			c.component(s, compHull, false) // floods (G-4)
		default:
			if p, ok := o.Value("points"); ok && !c.manned(s) {
				c.points(s, p)
			}
		}
	case eventFriendlyFire:
		c.airPatrol(true)
	case eventPilot:
		c.pilot()
	case eventIntel:
		m.Intel = true
	case eventRadioFault:
		if s := c.flagBoat(); !s.RadioOut {
			s.RadioOut = true
			s.Components++
		}
	}
	c.emit(evEvent, str("event", e.String()))
}

// pick rolls which boat of the formation an event strikes (1D6 read over
// the boats; boat1 says whether Boat #1 may be struck); why says what
// strikes (its parts are joined only when read).
func (c *Campaign) pick(boat1 bool, why ...string) *Sortie {
	if boat1 {
		return c.pickWhere(anyBoat, why...)
	}
	if c.Two != nil {
		// 7.0: what strikes Boats #2-#4 with damage points strikes the
		// boats without a damage log of their own (our reading).
		return c.pickWhere(c.unmanned, why...)
	}
	return c.pickWhere(notBoat1, why...)
}

func anyBoat(*Sortie) bool    { return true }
func notBoat1(s *Sortie) bool { return s.No > 1 }

// untied is a Boat #2-#4 neither towing nor towed.
func untied(s *Sortie) bool { return s.No > 1 && s.Towing == nil && s.TowedBy == nil }

// pickWhere is pick among the boats of the formation that ok accepts.
func (c *Campaign) pickWhere(ok func(*Sortie) bool, why ...string) *Sortie {
	cands := make([]*Sortie, 0, maxSorties)
	for _, s := range c.formation() {
		if ok(s) {
			cands = append(cands, s)
		}
	}
	switch len(cands) {
	case 0:
		return nil
	case 1:
		return cands[0]
	}
	var label [8 + 4*maxSorties]string
	label[0] = pickPrefix
	n := 1 + copy(label[1:4], why)
	n += pickFaces(label[n:], cands) // the faces that pick each boat
	r, _ := c.x.RollDice(dice.D6, label[:n]...)
	return cands[(r-1)*len(cands)/6]
}

// pilot is the downed Allied airman: take him aboard as a prisoner?
func (c *Campaign) pilot() {
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
func (c *Campaign) airPatrol(friendly bool) {
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
func (c *Campaign) target(n int) *Sortie {
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
func (c *Campaign) hit(s *Sortie, attack AirAttack) {
	if !c.manned(s) {
		c.points(s, c.eff(c.roll(c.ids.Points, facts{attack: attack}, s.Boat.ID), "points"))
		return
	}
	comp := Component(c.eff(c.roll(c.ids.HitLoc, facts{attack: attack}, s.Boat.ID), "component"))
	c.componentBy(s, comp, true, attack)
}

// points adds damage points to a Boat #2-#4: 3 → Slow or Medium only, 4 →
// Slow only, 5 → disabled, 6 → sunk (our reading of 2.0 f).
func (c *Campaign) points(s *Sortie, n int) {
	if n <= 0 || s.Gone != "" {
		return
	}
	s.Points += n
	c.emit(evBoatDamage, str("boat", s.Boat.ID), str("what", fmt.Sprintf("%d damage point(s)", n)), num("no", s.No), num("points", n), num("total", s.Points))
	switch {
	case s.Points >= 6:
		c.sink(s, "damage")
	case s.Points >= 5 && !s.Disabled:
		s.Disabled = true
		c.emit(evDisabled, str("unit", s.Boat.ID), str("boat", s.Boat.ID), num("no", s.No))
	}
}

// component applies a Boat #1 component hit (G-1; 7.0 Components Inoperative).
func (c *Campaign) component(s *Sortie, comp Component, combat bool) {
	c.componentBy(s, comp, combat, attackNone)
}

// componentBy is component for a hit by an attack of a kind.
func (c *Campaign) componentBy(s *Sortie, comp Component, combat bool, attack AirAttack) {
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
func (c *Campaign) fire(s *Sortie) {
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
func (c *Campaign) flood(s *Sortie) {
	o := c.roll(c.ids.Flood, facts{damage: b2i(s.BilgeOut)}, s.Boat.ID)
	c.aftermath(s, o, "flooding")
}

func (c *Campaign) aftermath(s *Sortie, o engine.Outcome, what string) {
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
func (c *Campaign) burnOn() {
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
func (c *Campaign) crewHit(s *Sortie, attack AirAttack) {
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
func (c *Campaign) wound(cm *Crewman, w Wound) {
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

func (c *Campaign) kill(cm *Crewman) {
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
func (c *Campaign) sink(s *Sortie, why string) {
	if s.Gone == goneSunk || s.Gone == goneAbandoned {
		return
	}
	c.lose(s, goneSunk, why, c.ids.Water)
}

func (c *Campaign) lose(s *Sortie, how Gone, why, table string) {
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
		c.handOver(string(how)) // 7.0 step 2
	}
	if cb := m.Combat; cb != nil && how == goneSunk {
		// Errata G-12 step 6: the crew is in the water, searched for only
		// after all combat has ended (searchWater).
		cb.inWater = append(cb.inWater, s)
		if s.No == 1 {
			// Errata G-12 steps 3 and 6: with Boat #1 sunk the mission
			// must be aborted, so it fails unless all 4 zones were done.
			c.abortMission("Boat #1 is lost: the squadron returns once the survivors are searched for")
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
			c.abortMission("Boat #1 is lost: the Kommandant transfers and the squadron returns") // errata G-12 step 3
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

// disabledBoats asks what to do with each disabled boat of the formation:
// take it in tow (at Slow; not by a boat with 1 engine; not in Sea State 4-5)
// or take off its crew and scuttle it.
func (c *Campaign) disabledBoats() {
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
			c.abortMission("towing a disabled boat") // before the task is done, aborting
			continue
		}
		c.lose(s, goneAbandoned, "disabled and scuttled", c.ids.Transfer)
	}
}

// tower is a boat that can tow s: in formation, not disabled, not already
// towing, with at least 2 engines (Boat #1) or under 4 damage points.
func (c *Campaign) tower(s *Sortie) *Sortie {
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
func (c *Campaign) checkTow() {
	m := c.Mission
	if m.Sea < 4 {
		return
	}
	for _, s := range c.formation() {
		if s.TowedBy != nil {
			c.emit(evTowParted, str("boat", s.Boat.ID), num("sea_state", m.Sea))
			c.sink(s, "the tow line parted in heavy seas")
		}
	}
}

// loneBoats: a boat separated from the squadron finds its own way home:
// a Boat #2-#4 of the book's tables on one roll (A-10; errata
// clarification 2), the two-player game's Boat #2 zone by zone (soloHome,
// 7.0 step 2), once the squadron is home.
func (c *Campaign) loneBoats() {
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
func (c *Campaign) soloHome(s *Sortie) {
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
	c.voyage()
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
func (c *Campaign) loneRoll(s *Sortie) {
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
			c.kill(cm)
			c.emit(evWound, sided(c.whose(cm), str("crewman", cm.Name), str("position", cm.Position.String()), str("level", "kia"))...)
		}
	}
}
