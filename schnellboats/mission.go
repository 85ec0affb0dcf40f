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

// voyageRules is the mission on the map (3.3-3.5, 4.1-4.4, A-9): the
// squadron's turns zone by zone, the special missions, the Kommandant's
// orders and the encounters and events on the way (mission.go). Its
// neighbours: the aircraft (aircraft.go), damage and casualties
// (damage.go), disabled and lone boats (loneboats.go), the Combat Board
// (combat*.go). A view of the campaign's state, made by c.sea().
type voyageRules struct{ *Campaign }

// sea is the rules of the mission on the map over this campaign.
func (c *Campaign) sea() voyageRules { return voyageRules{c} }

// sail plays the mission on the strategic map (4.4, 4.5): one zone per
// turn at Medium speed (two turns per zone when Slow, each a full turn),
// sea state and an encounter roll per turn, the special mission in the
// first Red Zone, one turn of searching in each assigned Red Zone, then
// home; the Kommandant may abort at any turn.
func (c voyageRules) sail() {
	c.voyage()
	c.lone().loneBoats()
}

// voyage is sail's turns on the map, to Cherbourg or until no boat is left
// in formation (or Boat #2 sailing home alone lies disabled, soloHome).
func (c voyageRules) voyage() {
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
		c.record().turn(m.Turn, z.ID, speed, m.Sea)
		c.lone().checkTow()
		c.harm().burnOn()
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
		c.lone().disabledBoats()
		if slow && c.formed() > 0 {
			// 4.4: Slow spends 2 turns in the zone, and the second is a
			// full turn: its sea state, fires, encounter and events.
			c.x.Pause("turn", 1)
			m.Turn++
			m.Sea = c.eff(c.roll(c.ids.SeaState, facts{}, z.ID), "sea_state")
			c.emit(evSlowTurn, num("turn", m.Turn), str("zone", z.ID), str("why", why), num("sea_state", m.Sea))
			c.lone().checkTow()
			c.harm().burnOn()
			if c.formed() > 0 {
				c.encounter(c.ids.Encounter[z.Colour])
			}
			if c.formed() == 0 {
				break
			}
			c.lone().disabledBoats()
		}
		c.x.Pause("turn", 1)
		if !m.Home {
			c.orders()
		}
	}
}

// inRedZone is a turn in an assigned Red Zone: the special mission first
// (4.5), then at most one turn of searching.
func (c voyageRules) inRedZone() {
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
		c.record().patrolled(c.zone().ID, m.Patrolled)
	}
	if c.zone().Red == m.FirstZone+3 && !m.Home {
		c.turnHome("the 4 assigned Red Zones are patrolled")
	}
}

// specialMission performs tonight's special mission in the first Red Zone
// and asks whether to go on as an Offensive Patrol. It reports whether the
// squadron stays to patrol.
func (c voyageRules) specialMission() bool {
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
func (c voyageRules) orders() {
	m := c.Mission
	for {
		next := zoneByID(m.Route[m.Pos+1])
		d := c.ask(askMove)
		def := "next" // the reference Kommandant goes on, and turns home once a boat is damaged
		if c.damaged() {
			def = "home"
		}
		chosen := c.x.Pick(d, def, func(d *engine.Decision) {
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
		}, func(d *engine.Decision) {
			d.Prompt = fmt.Sprintf("Turn %d in %s. Go on to %s, or abort the mission and turn for Cherbourg (4.9)?", m.Turn, c.zone().Name, next.Name)
			d.Options[0].Text = "go on to " + next.ID
			wordBoatAborts(d)
		})
		switch chosen {
		case "next":
			return
		case "home":
			c.abortMission("")
			return
		}
		id := strings.TrimPrefix(chosen, "abort:")
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
func (c voyageRules) abortMission(reason string) {
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
func (c voyageRules) turnHome(why string) {
	m := c.Mission
	m.Home = true
	here := c.zone().ID
	m.Route = append(m.Route[:m.Pos+1:m.Pos+1], path(here, "CHERBOURG")...)
	c.emit(evCourseHome, str("zone", here), str("why", why))
}

// encounter rolls a zone's encounter table and resolves it.
func (c voyageRules) encounter(table string) {
	m := c.Mission
	e := Encounter(c.eff(c.roll(table, facts{}, c.zone().ID), "encounter"))
	switch e {
	case encNone:
	case encEvent:
		c.event()
	case encAir:
		c.air().airPatrol(false)
	default:
		// Surface encounters are fought on the Combat Board (4.6-4.9).
		c.emit(evEncounter, str("zone", c.zone().ID), str("kind", e.String()))
		m.Contacts++
		c.board().fight(e)
	}
}

// event is A-9.
func (c voyageRules) event() {
	m := c.Mission
	e := Event(c.eff(c.roll(c.ids.Event, facts{}), "event"))
	switch e {
	case eventCognac:
		c.Cognac = true
	case eventMechanical:
		o := c.roll(c.ids.Mechanical, facts{})
		if comp, ok := o.Value("component"); ok && comp > 0 {
			if s := c.flagBoat(); s.Formation && s.Gone == "" {
				c.harm().component(s, Component(comp), false)
			}
		} else if p, ok := o.Value("points"); ok {
			if s := c.harm().pick(false, "mechanical trouble"); s != nil {
				c.harm().points(s, p)
			}
		}
	case eventFogBank:
		m.Weather = weatherFoggy
	case eventSquall, eventSeaRises:
		m.Sea = min(5, m.Sea+1)
		c.lone().checkTow()
	case eventSeaFalls:
		m.Sea = max(1, m.Sea-1)
	case eventSeparated:
		// Our reading (the errata is silent on tows): a boat under tow, and
		// the boat towing her, are tied by the line and never separated.
		if s := c.harm().pickWhere(untied, "separated"); s != nil && m.solo == nil { // alone already, she has no squadron to lose
			s.parted = c.zone().ID
			s.Formation, s.Gone = false, goneSeparated
			c.emit(evSeparated, str("boat", s.Boat.ID), num("no", s.No))
			if s.No == 1 {
				c.coop().handOver("separated") // 7.0 step 2
			}
		}
	case eventMine:
		o := c.roll(c.ids.Mine, facts{})
		s := c.harm().pick(true, "drifting mine")
		switch {
		case s == nil:
		case o.Sets("sunk"):
			c.harm().sink(s, "a drifting mine")
		case c.manned(s) && o.Sets("component"):
			c.harm().component(s, compHull, false) // floods (G-4)
		default:
			if p, ok := o.Value("points"); ok && !c.manned(s) {
				c.harm().points(s, p)
			}
		}
	case eventFriendlyFire:
		c.air().airPatrol(true)
	case eventPilot:
		c.air().pilot()
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
func (c boatDamage) pick(boat1 bool, why ...string) *Sortie {
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
func (c boatDamage) pickWhere(ok func(*Sortie) bool, why ...string) *Sortie {
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
	var label [5]string
	label[0] = pickPrefix
	n := 1 + copy(label[1:4], why)
	label[n] = c.Mission.pickFaces(cands) // the faces that pick each boat
	r, _ := c.x.RollDice(dice.D6, label[:n+1]...)
	return cands[(r-1)*len(cands)/6]
}
