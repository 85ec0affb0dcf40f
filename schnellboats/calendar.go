package schnellboats

import (
	"fmt"
	"slices"
	"strings"

	"github.com/schnell-wargames/schnell/engine"
	"github.com/schnell-wargames/schnell/gamelog"
)

// calendar is the campaign's set-up and its nights (3.1-3.3, the A
// tables, K-2 and K-3): the squadron and crew at the start, the days
// between missions and the boats that come back from repair, tonight's
// weather, mission and boats. A view of the campaign's state, made by
// c.calendar().
type calendar struct{ *Campaign }

// calendar is the rules of the set-up and the nights over this campaign.
func (c *Campaign) calendar() calendar { return calendar{c} }

// setUp is rule 3.2: names and special skills for every Boat #1 position,
// start dates, crews for Boats #2-#4 and the reserves, six boats available.
func (c calendar) setUp() {
	if c.Players == 2 {
		c.Lead = Record{Side: sideP1, Since: c.Date} // 7.0 step 1: p1 is the squadron Kommandant
	}
	for _, pos := range boatPositions[c.Type] {
		m := c.newCrewman(pos, false)
		c.Crew = append(c.Crew, m)
	}
	for i := range 6 {
		b := &Boat{ID: hullID(i), Status: Ready, Skill: skillAverage}
		role := "reserve"
		switch {
		case i == 0:
			role = "boat1"
		case i < 4:
			role = "squadron"
		}
		if i > 0 {
			o := c.roll(c.ids.RepCrew, facts{}, b.ID, " crew")
			b.Skill = Skill(c.eff(o, "skill"))
		}
		c.Boats = append(c.Boats, b)
		c.emit(evBoat, str("boat", b.ID), str("role", role), str("skill", b.Skill.String()), str("status", string(Ready)))
	}
	if c.Players == 2 {
		c.coop().setUpTwo()
	}
}

// newCrewman rolls a man for a position (L-1, L-2, L-3; K-1 for replacements).
func (c calendar) newCrewman(pos Position, replacement bool) *Crewman {
	return c.newMan(pos, replacement, c.Lead.Side)
}

// newMan rolls a man for a position of the crew of the player side ("":
// solitaire).
func (c calendar) newMan(pos Position, replacement bool, side string) *Crewman {
	title := positionTitles[pos]
	vet := false
	if replacement {
		vet = c.roll(c.ids.RepCrewman, facts{}, title).Sets("veteran")
	}
	given := c.roll(c.ids.GivenName, facts{}, title)
	sur := c.roll(c.ids.Surname, facts{}, title)
	sk := c.roll(c.ids.Special, facts{}, title)
	g, _ := given.Row.Text("name")
	s, _ := sur.Row.Text("name")
	m := &Crewman{Position: pos, Name: g + " " + s, Special: Special(c.eff(sk, "special")), Start: c.Date, Veteran: vet}
	typ := evCrewman
	if replacement {
		typ = evReplacement
	}
	c.emit(typ, sided(side, str("crewman", m.Name), str("position", pos.String()), str("special", m.Special.String()),
		str("start", m.Start.String()), flag("veteran", vet))...)
	return m
}

// night is one pass of 3.3: the days to the next mission, the serviceable
// boats, the weather and mission type, then the mission and what follows.
func (c calendar) night() {
	// At least a day passes: a table's modifiers per fact could make
	// the total 0 or less (the loader bounds the rest), and the calendar
	// bounds the campaign.
	days := max(c.eff(c.roll(c.ids.Days, facts{}, "from ", c.Date.String()), "days"), 1)
	next := c.Date.Add(days)
	c.tonight()
	if !c.Over {
		c.passDays(next.DaysSince(c.Date))
		c.Date = next
	}
}

// passDays moves repairs, deliveries and convalescence on, never to the
// end of the campaign: 4.3 ends it on 1944-06-01, and the book's terms
// count its days up to the day before (a Short campaign's 121 days are
// 1944-02-01 to 05-31), so nothing happens on 06-01 itself.
func (c calendar) passDays(n int) {
	n = max(0, min(n, c.End.DaysSince(c.Date)-1))
	for _, b := range c.Boats {
		if b.Status == Ready {
			continue
		}
		due := b.RepairDays // days from today until she is ready
		b.RepairDays -= n
		if b.RepairDays <= 0 {
			b.RepairDays = 0
			was := b.Status
			b.Status = Ready
			if was == Lost {
				// A new boat with a new crew (K-3, K-2) joins the squadron.
				b.Skill = Skill(c.eff(c.roll(c.ids.RepCrew, facts{}, b.ID, " new crew"), "skill"))
				b.Kills, b.Successes, b.Earned = 0, 0, 0
				c.emit(evNewBoat, str("boat", b.ID), str("skill", b.Skill.String()), str("date", c.Date.Add(max(due, 0)).String()))
			}
		}
	}
	if c.Hospital > 0 {
		c.Hospital -= n
		if c.Hospital < 0 {
			c.Hospital = 0
		}
	}
	if c.Two != nil {
		c.Two.Hospital = max(0, c.Two.Hospital-n)
	}
}

// hulls: the squadron has six boats (3.2).
const hulls = 6

// readyBoats is the serviceable boats.
func (c calendar) readyBoats() []*Boat {
	out := make([]*Boat, 0, hulls)
	for _, b := range c.Boats {
		if b.Status == Ready {
			out = append(out, b)
		}
	}
	return out
}

func (c calendar) noMission(reason string) {
	c.Stats.Cancelled++
	c.emit(evNoMission, str("date", c.Date.String()), str("reason", reason))
}

func (c calendar) tonight() {
	if c.Hospital > 0 {
		c.noMission("the Kommandant is in hospital")
		return
	}
	if c.Two != nil && c.Two.Hospital > 0 {
		c.noMission("the Kommandant of Boat #2 is in hospital") // our reading of 7.0
		return
	}
	ready := c.readyBoats()
	// 3.3 step 1 and "Mission" 1: at least 2 serviceable boats, or no mission.
	if len(ready) < 2 {
		c.noMission(fmt.Sprintf("only %d serviceable boat(s): 2 are needed", len(ready)))
		return
	}
	// 4.11: Boat #1 is the Kommandant's; at base he may take another ready boat.
	if c.boat1().Status != Ready {
		c.substitute(ready)
	}
	if c.Two != nil {
		c.coop().boat2Hull(ready)
	}
	m := c.newMission()
	c.Mission = m
	m.Weather = Weather(c.eff(c.roll(c.ids.Weather, facts{}), "weather"))
	c.record().weather(m.Weather)
	if c.Type == P5b && m.Weather == weatherBad {
		// 3.3 step 2: Projekt 5b in Bad weather: the mission is cancelled.
		c.Mission = nil
		c.noMission("Bad weather: the Projekt 5b hydrofoils stay in port")
		return
	}
	c.Stats.Missions++
	m.N = c.Stats.Missions
	m.Flagship = c.boat1().ID
	sail := c.squadron(ready)
	eq := boatEquipment[c.Type]
	for i, b := range sail {
		// Every boat carries its torpedoes (S-100) or rockets (5b); Boat #1's
		// depth charges and extinguishers are tracked too (4.6).
		s := c.newSortie(i)
		s.Boat, s.No, s.Formation, s.Torpedoes, s.Rockets = b, i+1, true, eq.Torpedoes, eq.Rockets
		if c.manned(s) {
			s.Extinguishers, s.DCs = eq.Extinguishers, eq.DCs
		}
		m.Sorties = append(m.Sorties, s)
	}
	c.record().missionStart(m, sail)
	c.missionType(m)
	if m.Abstract {
		c.Stats.Abstract++
		c.debrief().completeMission(true)
		return
	}
	m.FirstZone = c.eff(c.roll(c.ids.Zones, facts{}), "first_zone")
	if m.FirstZone < 1 || m.FirstZone > redZones-3 {
		c.x.Fail(fmt.Errorf("table %s gave first_zone=%d: it must be 1..%d (4 connected Red Zones of %d)", c.ids.Zones, m.FirstZone, redZones-3, redZones))
	}
	m.Route = route(m.FirstZone)
	reds := c.x.List(4)
	for i := range reds {
		reds[i] = gamelog.IntV(m.FirstZone + i)
	}
	c.emit(evZones, gamelog.List("red", reds...))
	if m.Kind == kindMinelaying {
		s := m.Sorties[0]
		s.Mines = eq.Mines
	}
	c.sea().sail()
	c.debrief().completeMission(false)
}

// squadron is 1.0's squadron management: Boat #1 and the ready hulls the
// Kommandant sends as #2-#4 (decision squadron, when more than 3 are
// ready: which 3, numbered in hull order; the default is the first ready
// hulls, as before). Our reading: a squadron sails 4 strong when it can
// (1.0: "a squadron of 4"), so the choice is which hulls, not how many.
func (c calendar) squadron(ready []*Boat) []*Boat {
	b1 := c.boat1()
	others := c.spare.others[:0]
	for _, b := range ready {
		if b != b1 {
			others = append(others, b)
		}
	}
	sail := append(c.spare.sail[:0], b1) // tonight's hulls, read by tonight only
	if len(others) <= maxSorties-1 {
		return c.coop().boat2Second(append(sail, others...)) // no choice: every ready hull sails
	}
	picks := squadronPicks(len(others))
	if c.Two != nil {
		picks = c.coop().withBoat2(picks, others) // 7.0: player 2's boat sails
	}
	var hull [hulls]int // others' places among the six hulls (3.2: SB1-SB6)
	for i, b := range others {
		hull[i] = hullIndex(b.ID)
	}
	d := c.ask(askSquadron)
	// The reference Kommandant takes the first pick (the lowest hulls).
	chosen := c.x.Pick(d, pickWords(picks[0], &hull).name, func(d *engine.Decision) {
		for _, p := range picks {
			w := pickWords(p, &hull)
			o := d.Add(w.name, "", w.command)
			// What a script reads to choose (not needed by the reference
			// Kommandant, nor in a replay): facts, not wording, so that a
			// script that reads no prompt gets them too.
			o.Facts = append(o.Facts, str("boats", w.boats), str("crews", crewsOf(others[p[0]].Skill, others[p[1]].Skill, others[p[2]].Skill)))
			// The same hulls in another order: Boats #2-#4 go in hull order.
			d.RefuseReordered(w.command, "rule 1.0: Boats #2-#4 are numbered in hull order: `", w.command, "`")
		}
	}, func(d *engine.Decision) {
		d.Prompt = "Which ready boats sail tonight as Boats #2-#4 with Boat #1 " + b1.ID + " (1.0, 3.3)?"
		for j, p := range picks {
			var t strings.Builder
			for k, i := range p {
				if k > 0 {
					t.WriteString(", ")
				}
				fmt.Fprintf(&t, "#%d %s (crew %s)", c.coop().sailNo(p, others, k), others[i].ID, others[i].Skill.String())
			}
			d.Options[j].Text = t.String()
		}
	})
	for _, p := range picks {
		if pickWords(p, &hull).name == chosen {
			for _, k := range p {
				sail = append(sail, others[k])
			}
			break
		}
	}
	return c.coop().boat2Second(sail)
}

// pickWords are the squadron decision's words for a pick of 3 of the
// other hulls, hull their places among the six.
func pickWords(p []int, hull *[hulls]int) *struct{ name, command, boats string } {
	return &sailWords[hull[p[0]]][hull[p[1]]][hull[p[2]]]
}

// sailWords are the words of the squadron decision's options for each 3
// hulls in an order (3.2: the six hulls are SB1-SB6), made once.
var sailWords = func() (w [hulls][hulls][hulls]struct{ name, command, boats string }) {
	for a := range hulls {
		for b := range hulls {
			for c := range hulls {
				x, y, z := hullID(a), hullID(b), hullID(c)
				w[a][b][c].name = x + "+" + y + "+" + z
				w[a][b][c].command = "sail " + x + " " + y + " " + z
				w[a][b][c].boats = x + " " + y + " " + z
			}
		}
	}
	return w
}()

// crewWords are the squadron options' `crews` fact for each 3 skills of
// Boats #2-#4 in an order ("Green Elite Average"), made once.
var crewWords = func() (w [skillElite + 1][skillElite + 1][skillElite + 1]string) {
	for a := range w {
		for b := range w[a] {
			for c := range w[a][b] {
				w[a][b][c] = Skill(a).String() + " " + Skill(b).String() + " " + Skill(c).String()
			}
		}
	}
	return w
}()

// crewsOf is the squadron option's `crews` fact for Boats #2-#4 of skills
// a, b, c.
func crewsOf(a, b, c Skill) string {
	if in := func(s Skill) bool { return s >= skillGreen && s <= skillElite }; in(a) && in(b) && in(c) {
		return crewWords[a][b][c]
	}
	return a.String() + " " + b.String() + " " + c.String()
}

// hullIndex is the place of hull id among the six (SB1 is 0).
func hullIndex(id string) int {
	for i, h := range hullIDs {
		if h == id {
			return i
		}
	}
	return 0
}

// hullIDs are the six hulls' ids (3.2), made once.
var hullIDs = func() (ids [hulls]string) {
	for i := range ids {
		ids[i] = hullID(i)
	}
	return ids
}()

// squadronPicks lists the ways to choose as many of n hulls as may sail
// (3, or all n when fewer), as indices in hull order, the first hulls
// first: the first is the default (the first ready hulls). Made once per n.
func squadronPicks(n int) [][]int { return picksOf[n] }

var picksOf = func() (p [hulls][][]int) {
	for n := range p {
		var rec func(from int, cur []int, size int)
		rec = func(from int, cur []int, size int) {
			if len(cur) == size {
				p[n] = append(p[n], slices.Clone(cur))
				return
			}
			for i := from; i < n; i++ {
				rec(i+1, append(cur, i), size)
			}
		}
		rec(0, nil, min(n, maxSorties-1))
	}
	return p
}()

// newMission is tonight's mission, in the storage of the last one (a batch
// run plays thousands): nothing keeps a mission once it is over.
func (c calendar) newMission() *Mission {
	m := &c.spare.mission
	sunk, sorties, lost := m.Sunk, m.Sorties[:0], m.LostHulls[:0]
	if sunk == nil {
		sunk = map[string]int{}
	}
	clear(sunk)
	*m = Mission{Date: c.Date, Pos: -1, Sunk: sunk, Sorties: sorties, LostHulls: lost}
	return m
}

// newSortie is the ith boat of tonight's mission, in the storage of the
// last mission's.
func (c calendar) newSortie(i int) *Sortie {
	if i >= len(c.spare.sorties) {
		return &Sortie{}
	}
	s := &c.spare.sorties[i]
	*s = Sortie{Destroyed: s.Destroyed[:0]}
	return s
}

// substitute is 4.11: the Kommandant takes another ready boat as Boat #1.
func (c calendar) substitute(ready []*Boat) {
	d := c.ask(askFlagship)
	if c.Two != nil {
		// 7.0: Boat #2 is player 2's; the squadron Kommandant takes another hull.
		ready = slices.DeleteFunc(slices.Clone(ready), func(b *Boat) bool { return b == c.hull2() })
	}
	for _, b := range ready {
		o := d.Add(b.ID, "", "")
		o.Facts = append(o.Facts, str("boat", b.ID), str("skill", b.Skill.String()), num("kills", b.Kills))
	}
	i := 0
	if len(d.Options) > 1 {
		i = c.x.Decide(d, func(d *engine.Decision) {
			d.Prompt = fmt.Sprintf("%s is %s: which boat becomes Boat #1 tonight (4.11)?", c.boat1().ID, statusWords(c.boat1().Status))
			for j, b := range ready {
				d.Options[j].Text = fmt.Sprintf("%s (crew %s, %d kills)", b.ID, b.Skill.String(), b.Kills)
			}
		})
	}
	old := c.boat1()
	nb := ready[i]
	// The two hulls swap places: the old flagship's hull takes the new
	// one's #2-#4 crew while it is repaired.
	old.Skill, nb.Skill = nb.Skill, old.Skill
	old.Kills, nb.Kills = nb.Kills, old.Kills
	old.Successes, nb.Successes = nb.Successes, old.Successes
	old.Earned, nb.Earned = nb.Earned, old.Earned
	for j, b := range c.Boats {
		if b == nb {
			c.Flagship = j
		}
	}
	c.emit(evSubstitution, str("boat", nb.ID), str("from", old.ID), str("reason", string(old.Status)))
}

// missionType is 3.3 steps 2-3.
func (c calendar) missionType(m *Mission) {
	switch {
	case c.Type == S100 && m.Weather == weatherBad:
		m.Kind = kindPatrol // 3.3 step 2: S-100 in Bad weather: always an Offensive Patrol
	default:
		o := c.roll(c.ids.MissionType, facts{})
		m.Kind = MissionKind(c.eff(o, "mission"))
		m.Abstract = o.Sets("abstract")
	}
	if m.Kind == kindPatrol && c.ids.Abstract != "" {
		m.Abstract = c.roll(c.ids.Abstract, facts{}).Sets("abstract")
	}
	c.record().missionType(m)
}
