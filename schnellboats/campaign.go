package schnellboats

import (
	"fmt"
	"slices"
	"strings"

	"github.com/schnell-wargames/schnell/engine"
	"github.com/schnell-wargames/schnell/gamelog"
	"github.com/schnell-wargames/schnell/tables"
)

var (
	str  = gamelog.Str
	num  = gamelog.Int
	flag = gamelog.Bool
)

func newCampaign(opts []gamelog.Option, _ *tables.Set) (engine.Rules, error) {
	c := &Campaign{End: campaignEnd, Players: 1}
	for _, o := range opts {
		switch o.Name {
		case "campaign":
			switch o.Value {
			case "short":
				c.Length = Short
			case "medium":
				c.Length = Medium
			case "long":
				c.Length = Long
			default:
				return nil, fmt.Errorf("campaign %q: want short, medium or long (3.1)", o.Value)
			}
		case "boat":
			switch o.Value {
			case "s100":
				c.Type = S100
			case "5b":
				c.Type = P5b
			default:
				return nil, fmt.Errorf("boat %q: want s100 or 5b", o.Value)
			}
		case "placement":
			switch o.Value {
			case "moves", "medium":
				c.read.placeMedium = o.Value == "medium"
			default:
				return nil, fmt.Errorf("placement %q: want moves or medium (4.7)", o.Value)
			}
		case "both_gone":
			switch o.Value {
			case "end", "continue":
				c.read.bothGoOn = o.Value == "continue"
			default:
				return nil, fmt.Errorf("both_gone %q: want end or continue (7.0 step 4)", o.Value)
			}
		case "success":
			switch o.Value {
			case "task", "sunk":
				c.read.needSunk = o.Value == "sunk"
			default:
				return nil, fmt.Errorf("success %q: want task or sunk (Completing a Mission)", o.Value)
			}
		case "players":
			switch o.Value {
			case "1", "2":
				c.Players = int(o.Value[0] - '0')
			default:
				return nil, fmt.Errorf("players %q: want 1 or 2 (7.0: the optional two-player game)", o.Value)
			}
		case "battles", "battle_table", "battle_data": // issue 30: battle.go
			if err := c.battleOption(o); err != nil {
				return nil, err
			}
		}
	}
	if err := c.battleData(); err != nil {
		return nil, err
	}
	c.Start = campaignStart[c.Length]
	c.Date = c.Start
	c.ids = &s100IDs
	if c.Type == P5b {
		c.ids = &p5bIDs
	}
	c.Stats.Sunk = map[string]int{}
	c.bound = factsByName.Of(&c.facts)
	return c, nil
}

// Play runs the campaign from set-up to its end.
func (c *Campaign) Play(x *engine.Ctx) {
	c.x = x
	c.emit(evCampaignStart, str("campaign", c.Length.String()), str("boat", c.Type.Name()),
		str("start", c.Start.String()), str("end", c.End.String()))
	c.setUp()
	for !c.Over && c.Date.Before(c.End) {
		c.night()
	}
	c.finish()
}

// roll rolls on a table with the facts f (what the roll concerns) and a
// label made of parts, joined only when read (engine.Ctx.Roll).
func (c *Campaign) roll(id string, f facts, label ...string) engine.Outcome {
	f.c = c
	c.facts = f
	return c.x.Roll(id, c.bound, label...)
}

// ask starts a decision of kind k (engine.Ctx.Ask).
// In the two-player game it is the side's that gives the orders now
// (7.0 step 2).
func (c *Campaign) ask(k decisionKind) *engine.Decision {
	d := c.x.Ask(string(k))
	if c.Two != nil {
		d.Side = c.commander()
	}
	return d
}

// lookup reads a lookup table with the facts f.
func (c *Campaign) lookup(id string, f facts) *tables.Row {
	f.c = c
	c.facts = f
	return c.x.Lookup(id, c.bound)
}

// eff is the effect called name of a roll's outcome (0 when its row does
// not set it).
func (c *Campaign) eff(o engine.Outcome, name string) int {
	v, _ := o.Value(name)
	return v
}

// setUp is rule 3.2: names and special skills for every Boat #1 position,
// start dates, crews for Boats #2-#4 and the reserves, six boats available.
func (c *Campaign) setUp() {
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
func (c *Campaign) newCrewman(pos Position, replacement bool) *Crewman {
	return c.newMan(pos, replacement, c.Lead.Side)
}

// newMan rolls a man for a position of the crew of the player side ("":
// solitaire).
func (c *Campaign) newMan(pos Position, replacement bool, side string) *Crewman {
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
func (c *Campaign) night() {
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
func (c *Campaign) passDays(n int) {
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
func (c *Campaign) readyBoats() []*Boat {
	out := make([]*Boat, 0, hulls)
	for _, b := range c.Boats {
		if b.Status == Ready {
			out = append(out, b)
		}
	}
	return out
}

func (c *Campaign) noMission(reason string) {
	c.Stats.Cancelled++
	c.emit(evNoMission, str("date", c.Date.String()), str("reason", reason))
}

func (c *Campaign) tonight() {
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
	c.emit(evWeather, str("weather", m.Weather.String()))
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
	ids := c.x.List(len(sail))
	for i, b := range sail {
		ids[i] = gamelog.StrV(b.ID)
	}
	c.emit(evMissionStart, num("mission", m.N), str("date", c.Date.String()), gamelog.List("boats", ids...), str("flagship", m.Flagship))
	c.missionType(m)
	if m.Abstract {
		c.Stats.Abstract++
		c.completeMission(true)
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
	c.completeMission(false)
}

// squadron is 1.0's squadron management: Boat #1 and the ready hulls the
// Kommandant sends as #2-#4 (decision squadron, when more than 3 are
// ready: which 3, numbered in hull order; the default is the first ready
// hulls, as before). Our reading: a squadron sails 4 strong when it can
// (1.0: "a squadron of 4"), so the choice is which hulls, not how many.
func (c *Campaign) squadron(ready []*Boat) []*Boat {
	b1 := c.boat1()
	others := c.spare.others[:0]
	for _, b := range ready {
		if b != b1 {
			others = append(others, b)
		}
	}
	sail := append(make([]*Boat, 0, maxSorties), b1)
	if len(others) <= maxSorties-1 {
		return c.coop().boat2Second(append(sail, others...)) // no choice: every ready hull sails
	}
	picks := squadronPicks(len(others))
	if c.Two != nil {
		picks = c.coop().withBoat2(picks, others) // 7.0: player 2's boat sails
	}
	d := c.ask(askSquadron)
	var at [maxSorties - 1]int // the hulls' places in the squadron (3.2: SB1-SB6)
	for _, p := range picks {
		for k, i := range p {
			at[k] = hullIndex(others[i].ID)
		}
		w := &sailWords[at[0]][at[1]][at[2]]
		d.Add(w.name, "", w.command)
		// The same hulls in another order: Boats #2-#4 go in hull order.
		for _, q := range [...][3]int{{0, 2, 1}, {1, 0, 2}, {1, 2, 0}, {2, 0, 1}, {2, 1, 0}} {
			d.Refuse("", sailWords[at[q[0]]][at[q[1]]][at[q[2]]].command, "rule 1.0: Boats #2-#4 are numbered in hull order: `", w.command, "`")
		}
	}
	i := c.x.Decide(d, func(d *engine.Decision) {
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
			// What a script reads to choose (not needed by the reference
			// Kommandant, nor in a replay).
			o := &d.Options[j]
			w := &sailWords[hullIndex(others[p[0]].ID)][hullIndex(others[p[1]].ID)][hullIndex(others[p[2]].ID)]
			crews := others[p[0]].Skill.String() + " " + others[p[1]].Skill.String() + " " + others[p[2]].Skill.String()
			o.Facts = append(o.Facts, str("boats", w.boats), str("crews", crews))
		}
	})
	for _, k := range picks[i] {
		sail = append(sail, others[k])
	}
	return c.coop().boat2Second(sail)
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
func (c *Campaign) newMission() *Mission {
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
func (c *Campaign) newSortie(i int) *Sortie {
	if i >= len(c.spare.sorties) {
		return &Sortie{}
	}
	s := &c.spare.sorties[i]
	*s = Sortie{Destroyed: s.Destroyed[:0]}
	return s
}

// substitute is 4.11: the Kommandant takes another ready boat as Boat #1.
func (c *Campaign) substitute(ready []*Boat) {
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
func (c *Campaign) missionType(m *Mission) {
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
	c.emit(evMissionType, str("kind", m.Kind.String()), flag("abstract", m.Abstract))
}

// vp counts Victory Points for an item (I-1) n times.
func (c *Campaign) vp(item VPItem, n int, why string) {
	if n == 0 {
		return
	}
	row := c.lookup(c.ids.VP, facts{item: item})
	v, _ := row.Value("vp", 0)
	total := v * n
	c.VP += total
	c.coop().shareVP(total)
	if c.Mission != nil {
		c.Mission.VP += total
	}
	c.emit(evVictoryPoints, str("item", item.String()), num("count", n), num("vp", total), str("why", why), num("total", c.VP))
}

// completeMission is "Completing a Mission": wounds and replacements,
// repairs, Victory Points, medals, a Board of Inquiry, veterans and crew skill.
func (c *Campaign) completeMission(abstract bool) {
	m := c.Mission
	success := abstract || c.missionSuccess()
	if success {
		c.Stats.Successful++
		if c.Two != nil {
			c.Lead.Successful++
			c.Two.Successful++
		}
	} else {
		c.Stats.Failed++
	}
	sailed := []*Sortie{}
	for _, s := range m.Sorties {
		s.Boat.Missions++
		sailed = append(sailed, s)
	}
	if !abstract {
		c.woundsAfter()
		c.repairs()
	}
	// Victory Points (I-1).
	sunk := 0
	for e, typ := range enemies {
		if n := m.Sunk[typ]; n > 0 {
			c.vp(vpMerchant+VPItem(e), n, typ+" sunk") // the first VP items are the enemy types
			sunk += n
			c.Stats.Sunk[typ] += n
		}
	}
	c.vp(vpAircraft, m.Aircraft, "aircraft shot down")
	c.Stats.Aircraft += m.Aircraft
	if m.Special {
		c.vp(vpSpecialSuccess, 1, m.Kind.String()+" accomplished")
	}
	if success {
		c.vp(vpMissionSuccess, 1, "mission successful")
	} else {
		c.vp(vpMissionFailure, 1, "mission failed")
	}
	lost := len(m.LostHulls)
	if m.Boat1Lost {
		c.vp(vpBoat1Lost, 1, "Boat #1 lost")
		c.vp(vpBoatLost, lost-1, "Boats #2-#4 lost")
	} else {
		c.vp(vpBoatLost, lost, "Boats #2-#4 lost")
	}
	c.vp(vpCrewmanKia, m.CrewKIA, "Boat #1 crewmen killed")
	if m.Pilot {
		c.vp(vpPilotRescued, 1, "airman rescued")
	}
	c.emit(evMissionEnd, num("mission", m.N), flag("success", success), num("sunk", sunk), num("lost", lost), num("vp", m.VP))
	// 5.0: successful missions make veterans and raise crew skill.
	if success {
		c.veterans(c.Crew)
		if c.Two != nil {
			c.veterans(c.Two.Crew)
		}
	}
	for _, s := range sailed[1:] {
		if s.Gone == goneSunk || s.Gone == goneAbandoned || c.manned(s) {
			continue
		}
		b := s.Boat
		if success {
			b.Successes++
		}
		c.crewSkill(b)
	}
	for _, cm := range c.Crew {
		if cm.Serving() {
			cm.Missions++
		}
	}
	if c.Two != nil {
		for _, cm := range c.Two.Crew {
			if cm.Serving() {
				cm.Missions++
			}
		}
		c.coop().medalsTwo()
		c.coop().afterTwo(lost, m.Boat1Lost, sunk)
		c.Two.hit = false
		c.Mission = nil
		c.x.Pause("mission_end", 2)
		return
	}
	c.medals()
	// Death ends the campaign first: a Kommandant killed on the mission is
	// never relieved or court-martialled afterwards (4.3: he does not
	// remain in command).
	if k := c.kmdt(); k != nil && k.KIA && !c.Over {
		c.endCampaign("killed")
	}
	if lost > 0 && !c.Over {
		c.inquiry(lost, m.Boat1Lost, sunk)
	}
	c.replaceCrew()
	c.Mission = nil
	c.x.Pause("mission_end", 2)
}

// crewSkill is 5.0: a #2-#4 crew rises one level per 5 kills or per 15
// successful missions (whichever gives more), up to Elite.
func (c *Campaign) crewSkill(b *Boat) {
	want := b.Kills/5 + b.Successes/15
	for b.Skill < skillElite && want > b.Earned {
		b.Skill++
		b.Earned++
		c.emit(evCrewSkill, str("boat", b.ID), str("level", b.Skill.String()))
	}
}

// missionSuccess reads the book: a mission aborted before all 4 Red Zones are
// patrolled is a failure whatever was sunk ("Completing a Mission", 4.9),
// and every way home before the task is done is aborting (abortMission): a
// mission succeeds when its task is done (taskDone: the 4 assigned zones
// patrolled, or its special mission accomplished), sunk or not, as an
// abstract patrol does (docs/rules-notes.md).
func (c *Campaign) missionSuccess() bool {
	m := c.Mission
	if m.Aborted || !c.taskDone() {
		return false
	}
	if c.read.needSunk { // the option success=sunk: "or no ships were sunk" on its own
		sunk := 0
		for _, n := range m.Sunk {
			sunk += n
		}
		return sunk > 0
	}
	return true
}

// veterans is 5.0: a crewman of a boat with named crewmen is a Veteran
// after 15 successful missions.
func (c *Campaign) veterans(crew []*Crewman) {
	for _, cm := range crew {
		if cm.Serving() {
			cm.Successes++
			if cm.Successes >= 15 && !cm.Veteran {
				cm.Veteran = true
				c.emit(evVeteran, sided(c.whose(cm), str("crewman", cm.Name), str("position", cm.Position.String()))...)
			}
		}
	}
}

// woundsAfter is "Completing a Mission" 1 (G-9), for Boat #2's crew too
// in the two-player game.
func (c *Campaign) woundsAfter() {
	c.woundsOf(c.Crew, &c.Hospital)
	if c.Two != nil {
		c.woundsOf(c.Two.Crew, &c.Two.Hospital)
	}
}

func (c *Campaign) woundsOf(crew []*Crewman, hospital *int) {
	for _, cm := range crew {
		if cm.KIA || (cm.LW == 0 && !cm.SW) {
			continue
		}
		f := facts{crew: cm}
		medic := findCrewman(crew, posMedic)
		if medic != nil && medic.Serving() && medic != cm {
			f.crew = &Crewman{SW: cm.SW, Special: specialMedic}
		}
		o := c.roll(c.ids.WoundAfter, f, cm.Name)
		res := Wound(c.eff(o, "wound"))
		switch res {
		case woundKIA: // dies of his wounds
			cm.KIA, cm.Out = true, true
			c.Stats.CrewKilled++
			if c.Mission != nil {
				c.Mission.CrewKIA++
			}
		case woundSW: // discharged
			if cm.Position == posKMDT {
				cm.SW, cm.LW = false, 0
				*hospital = 14
			} else {
				cm.Out = true
			}
		case woundLW:
			cm.SW, cm.LW = false, 1
		default:
			cm.SW, cm.LW = false, 0
		}
		c.emit(evWoundStatus, sided(c.whose(cm), str("crewman", cm.Name), str("position", cm.Position.String()), str("result", []string{"recovered", "light wound", "discharged", "died of wounds"}[res]))...)
	}
}

// replaceCrew is 3.3 step 1 / "Completing a Mission" 1a-c (K-1, L).
func (c *Campaign) replaceCrew() {
	if c.Over {
		return
	}
	for i, cm := range c.Crew {
		if !cm.Out {
			continue
		}
		if cm.Position == posKMDT {
			continue // the campaign ends instead
		}
		c.Fallen = append(c.Fallen, cm)
		c.Crew[i] = c.newCrewman(cm.Position, true)
	}
}

// repairs is "Completing a Mission" 2 (H-1, H-2) and lost hulls (K-3).
func (c *Campaign) repairs() {
	m := c.Mission
	for _, s := range m.Sorties {
		b := s.Boat
		if s.Gone == goneSunk || s.Gone == goneAbandoned {
			b.Status, b.Lost = Lost, b.Lost+1
			b.RepairDays = c.eff(c.roll(c.ids.RepBoat, facts{}, b.ID), "days")
			c.emit(evRepair, str("boat", b.ID), num("days", b.RepairDays), str("why", "lost: a new boat is on order"))
			continue
		}
		dmg := s.Points + s.Components
		if dmg == 0 {
			continue
		}
		if mech := c.crewmanOf(s, posChief); c.manned(s) && mech != nil && mech.Serving() && mech.Special == specialMechanic {
			dmg = max(0, dmg-1)
		}
		days := c.eff(c.roll(c.ids.Repair, facts{damage: dmg}, b.ID), "days")
		for _, part := range s.Destroyed {
			days += c.eff(c.roll(c.ids.Parts, facts{}, b.ID, " ", part), "days")
		}
		b.Status, b.RepairDays = Repair, days
		c.emit(evRepair, str("boat", b.ID), num("days", days))
	}
}

// medals is 6.0: the S-Boat War Badge (12 successful missions, or the
// Kommandant wounded) and the Iron Cross grades by Victory Points (I-2).
func (c *Campaign) medals() {
	m := c.Mission
	if !c.WarBadge && (c.Stats.Successful >= 12 || (m != nil && m.KmdtHit)) {
		c.WarBadge = true
		c.award("S-Boat War Badge")
	}
	row := c.lookup(c.ids.Medals[c.Length], facts{})
	g, _ := row.Value("grade", 0)
	for c.Grade < g {
		c.Grade++
		r := c.medalRow(c.Grade)
		medal, _ := r.Text("medal")
		c.award(medal)
	}
}

// medalRow finds the row of a grade in the length's medal table.
func (c *Campaign) medalRow(grade int) *tables.Row {
	t, _ := c.x.Tables().Get(c.ids.Medals[c.Length])
	for i := range t.Rows {
		if v, _ := t.Rows[i].Value("grade", 0); v == grade {
			return &t.Rows[i]
		}
	}
	c.x.Fail(fmt.Errorf("table %s has no row for grade %d", t.ID, grade))
	return nil
}

func (c *Campaign) award(name string) {
	c.Medals = append(c.Medals, name)
	c.emit(evMedal, sided(c.Lead.Side, str("medal", name), num("vp", c.VP))...)
}

// inquiry is "Completing a Mission" 5 (I-3) with the Fine Cognac (7.0).
func (c *Campaign) inquiry(lost int, boat1 bool, sunk int) {
	res := Inquiry(c.eff(c.roll(c.ids.Inquiry, facts{boatsLost: lost, boat1Lost: b2i(boat1), sunk: sunk, crew: c.kmdt()}), "inquiry"))
	if res == inquiryRelieved && c.Cognac {
		d := c.ask(askCognac)
		if c.Two != nil {
			d.Side = c.Lead.Side // 7.0: his own career, whoever led at sea tonight
		}
		d.Prompt = "The Board of Inquiry will relieve you of command. Bribe the Base Commander with the Fine Cognac?"
		d.Add("bribe", "hand over the Fine Cognac: the finding becomes a reprimand", "")
		d.Add("keep", "keep it and accept the finding", "")
		if c.x.Decide(d) == 0 {
			c.Cognac = false
			res = inquiryReprimand
			c.emit(evCognac, str("used", "bribe"))
		}
	}
	c.emit(evInquiry, str("result", res.String()))
	switch res {
	case inquiryReprimand:
		c.Reprimand++
		c.vp(vpReprimand, 1, "reprimand")
	case inquiryRelieved:
		c.endCampaign("relieved")
	case inquiryCourtMartial:
		c.endCampaign("court_martial")
	}
}

func (c *Campaign) endCampaign(reason string) {
	if c.Two != nil {
		c.gone = reason // 7.0 step 4: command passes instead (afterTwo)
		return
	}
	c.Over = true
	c.EndReason = reason
}

// finish is 4.3: the final rating by campaign length (J for S-100, I for 5b).
func (c *Campaign) finish() {
	if c.EndReason == "" {
		c.EndReason = "completed"
		c.Date = c.End
	}
	row := c.lookup(c.ids.Rating[c.Length], facts{})
	c.Rating, _ = row.Text("rating")
	c.emit(evCampaignEnd, str("date", c.Date.String()), str("reason", c.EndReason), num("vp", c.VP), str("rating", c.Rating))
}

func title(s string) string {
	if s == "" {
		return s
	}
	return strings.ToUpper(s[:1]) + s[1:]
}
