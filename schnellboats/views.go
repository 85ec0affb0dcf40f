package schnellboats

import (
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/schnell-wargames/schnell/engine"
	"github.com/schnell-wargames/schnell/gamelog"
	"github.com/schnell-wargames/schnell/grid"
)

// CampaignOf returns the campaign a game plays.
func CampaignOf(g *engine.Game) (*Campaign, error) {
	c, ok := g.Rules().(*Campaign)
	if !ok {
		return nil, errors.New("this game is not a Schnell Boats campaign")
	}
	return c, nil
}

var commands = []engine.Command{
	{Name: "map", Usage: "map", Help: "Show the strategic map: the zones, their links, tonight's route and where the squadron is.",
		Run: func(g *engine.Game, _ []string, w io.Writer) ([]gamelog.Event, error) {
			c, err := CampaignOf(g)
			if err != nil {
				return nil, err
			}
			return nil, c.PrintMap(w)
		}},
	{Name: "crew", Usage: "crew", Help: "Show the Boat #1 crew (and Boat #2's in the two-player game): positions, names, special skills, missions, wounds.",
		Run: func(g *engine.Game, _ []string, w io.Writer) ([]gamelog.Event, error) {
			c, err := CampaignOf(g)
			if err != nil {
				return nil, err
			}
			return nil, c.PrintCrew(w)
		}},
	{Name: "squadron", Aliases: []string{"boats"}, Usage: "squadron", Help: "Show the six boats of the squadron: crews, skill, state, repairs.",
		Run: func(g *engine.Game, _ []string, w io.Writer) ([]gamelog.Event, error) {
			c, err := CampaignOf(g)
			if err != nil {
				return nil, err
			}
			return nil, c.PrintSquadron(w)
		}},
	{Name: "move", Aliases: []string{"m"}, Usage: "move next|home | move closer|stay|away|out [ZONES]",
		Help: "On the map: `move next` goes on to the next zone (or on as an Offensive Patrol after a special mission); `move home` aborts the mission and turns for Cherbourg (4.9: the mission fails). In combat: `move closer`, `stay`, `away` (Fast and Very Fast: `move closer 1` enters fewer zones than the speed allows) or `out` (leave the combat from the Long Range Zone if the squadron evades: the mission is aborted, 4.9).",
		Run:  moveOrder,
		Complete: func(*engine.Game, []string) []string {
			return []string{"next", "home", "closer", "stay", "away", "out"}
		}},
}

// PrintMap writes the Strategic Map drawn as the board lays it out, with
// where the squadron is, tonight's assigned and patrolled zones and route
// (mapart.go), then what the marks mean and the zones' names.
func (c *Campaign) PrintMap(w io.Writer) error {
	if err := c.art().drawMap(w); err != nil {
		return err
	}
	fmt.Fprintln(w, c.art().mapLegend())
	var names []string
	for _, z := range strategicMap[1:] {
		_, name, ok := strings.Cut(z.Name, ": ")
		if !ok {
			name = z.Name
		}
		names = append(names, z.ID+" "+name)
	}
	_, err := fmt.Fprintln(w, "Zones: "+strings.Join(names, ", ")+".")
	return err
}

// State is a crewman's condition: serving, N LW, SW, sent home or KIA.
func (m *Crewman) State() string {
	switch {
	case m.KIA:
		return "KIA"
	case m.Out:
		return "sent home"
	case m.SW:
		return "SW"
	case m.LW > 0:
		return strconv.Itoa(m.LW) + " LW"
	}
	return "serving"
}

// PrintCrew writes the Boat #1 crew roster.
func (c *Campaign) PrintCrew(w io.Writer) error {
	if c.Two != nil {
		fmt.Fprintf(w, "Boat #1 %s (%s, the squadron Kommandant):\n", c.boat1().ID, c.Lead.Side)
		if err := c.art().printCrew(w, c.Crew); err != nil {
			return err
		}
		fmt.Fprintf(w, "Boat #2 %s (%s):\n", c.hull2().ID, c.Two.Side)
		return c.art().printCrew(w, c.Two.Crew)
	}
	return c.art().printCrew(w, c.Crew)
}

func (c pictures) printCrew(w io.Writer, crew []*Crewman) error {
	rows := make([][]string, 0, len(crew))
	for _, cm := range crew {
		state := cm.State()
		switch {
		case cm.Veteran && state == "serving":
			state = "Veteran" // serving goes without saying
		case cm.Veteran:
			state += ", Veteran"
		}
		name := cm.Name
		if cm.Start != c.Start { // a replacement
			name += " (from " + cm.Start.String() + ")"
		}
		rows = append(rows, []string{positionTitles[cm.Position], name, words(cm.Special.String()),
			strconv.Itoa(cm.Missions) + " / " + strconv.Itoa(cm.Successes), state})
	}
	return grid.Render(w, grid.Text, []string{"Position", "Name", "Special skill", "Missions / successes", "State"}, rows, 0)
}

// roles names each hull's place: Boat #1, Boats #2-#4 (tonight's, or at
// base the first three ready boats after Boat #1, those that sail next as
// 3.3 picks them), or reserve.
func (c pictures) roles() []string {
	out := make([]string, len(c.Boats))
	no := map[*Boat]int{}
	if m := c.Mission; m != nil {
		for _, s := range m.Sorties {
			no[s.Boat] = s.No
		}
	} else {
		n := 1
		if c.Two != nil {
			n = 2 // player 2's hull is Boat #2 (7.0)
		}
		for i, b := range c.Boats {
			if i != c.Flagship && (c.Two == nil || i != c.Two.Hull) && b.Status == Ready && n < 4 {
				n++
				no[b] = n
			}
		}
	}
	for i, b := range c.Boats {
		switch {
		case i == c.Flagship && c.Two != nil:
			out[i] = "Boat #1 (" + c.Lead.Side + ")"
		case i == c.Flagship:
			out[i] = "Boat #1"
		case c.Two != nil && i == c.Two.Hull:
			out[i] = "Boat #2 (" + c.Two.Side + ")"
		case no[b] > 0:
			out[i] = fmt.Sprintf("Boat #%d", no[b])
		default:
			out[i] = "reserve"
		}
	}
	return out
}

// PrintSquadron writes the six boats.
func (c *Campaign) PrintSquadron(w io.Writer) error {
	roles := c.art().roles()
	rows := make([][]string, 0, len(c.Boats))
	for i, b := range c.Boats {
		role := roles[i]
		state := string(b.Status)
		if b.Status != Ready {
			state += fmt.Sprintf(" (%d days)", b.RepairDays)
		}
		skill, successes := b.Skill.String(), strconv.Itoa(b.Successes)
		if i == c.Flagship {
			// Boat #1's crew is her crewmen (`crew`): her successes are
			// the Kommandant's, not those of a #2-#4 crew she once had.
			skill = "(Boat #1 crew)"
			if k := c.kmdt(); k != nil {
				successes = strconv.Itoa(k.Successes)
			}
		}
		if c.Two != nil && i == c.Two.Hull {
			skill = "(Boat #2 crew)"
			if k := findCrewman(c.Two.Crew, posKMDT); k != nil {
				successes = strconv.Itoa(k.Successes)
			}
		}
		rows = append(rows, []string{b.ID, role, skill, strconv.Itoa(b.Kills), successes, strconv.Itoa(b.Missions), state})
	}
	return grid.Render(w, grid.Text, []string{"Boat", "Role", "Crew", "Kills", "Successes", "Missions", "State"}, rows, 0)
}

func status(g *engine.Game, w io.Writer) error {
	c, err := CampaignOf(g)
	if err != nil {
		return err
	}
	if g.Over() && c.EndReason != "" {
		return c.PrintSummary(w)
	}
	return c.PrintStatus(w)
}

// PrintStatus writes the campaign's state: the date, the score, tonight's
// mission and where each boat is.
func (c *Campaign) PrintStatus(w io.Writer) error {
	fmt.Fprintf(w, "%s campaign with %s boats, %s to %s. Date %s. VP %d.\n", title(c.Length.String()), c.Type, c.Start, c.End, c.Date, c.VP)
	s := c.Stats
	fmt.Fprintf(w, "Missions %d (successful %d, failed %d, abstract %d), nights without a mission %d; boats lost %d, crewmen killed %d.\n",
		s.Missions, s.Successful, s.Failed, s.Abstract, s.Cancelled, s.BoatsLost, s.CrewKilled)
	if c.Two != nil {
		for _, line := range c.coop().playersFoot() {
			fmt.Fprintln(w, line)
		}
	} else if len(c.Medals) > 0 {
		fmt.Fprintf(w, "Medals: %s.\n", strings.Join(c.Medals, ", "))
	}
	if c.Reprimand > 0 || c.Cognac {
		fmt.Fprintf(w, "Reprimands %d; Fine Cognac %s.\n", c.Reprimand, map[bool]string{true: "held", false: "none"}[c.Cognac])
	}
	if m := c.Mission; m != nil {
		fmt.Fprintf(w, "Mission %d: %s, weather %s", m.N, m.Kind.String(), m.Weather.String())
		if m.Pos >= 0 {
			fmt.Fprintf(w, ", turn %d in %s, sea state %d, %s patrolled", m.Turn, m.Route[m.Pos], m.Sea, counted(m.Patrolled, "zone"))
		}
		fmt.Fprintln(w, ".")
		for _, so := range m.Sorties {
			state := sortieState(m.Combat, so) // as `board` says it
			dmg := fmt.Sprintf("%d points", so.Points)
			if c.manned(so) {
				dmg = fmt.Sprintf("engines out %d, components hit %d, extinguishers %d", so.EnginesOut, so.Components, so.Extinguishers)
			}
			if so.Passengers > 0 {
				dmg += fmt.Sprintf("; %d passengers", so.Passengers)
			}
			fmt.Fprintf(w, "  Boat #%d %s: %s; %s\n", so.No, so.Boat.ID, state, dmg)
		}
	}
	if c.Over {
		fmt.Fprintf(w, "The campaign has ended (%s): %s.\n", c.EndReason, c.Rating)
	}
	return nil
}

// describe words the campaign's own events; "" leaves an event to the
// front end's generic wording.
func describe(e *gamelog.Event) string {
	line := describeOne(e)
	if side := e.Str("side"); side != "" && line != "" && eventType(e.Type) != evCommand {
		return "[" + side + "] " + line // the two-player game: whose crew, whose medal
	}
	return line
}

func describeOne(e *gamelog.Event) string {
	s := e.Str
	switch eventType(e.Type) {
	case evCommand:
		what := "Boat #2 " + s("boat")
		if s("role") == "squadron" {
			what = "the squadron in " + s("boat") + " (Boat #1)"
		}
		return fmt.Sprintf("%s: Kommandant %s commands %s (%s)", s("side"), s("kommandant"), what, s("why"))
	case evBattle, evBattleEnd:
		return describeBattle(e) // battle.go
	case evRejoin:
		return fmt.Sprintf("%s rejoins the squadron in the %s zone: the radio link works again, the squadron's orders reach her (7.0)", s("boat"), s("range"))
	case evDraw:
		v, _ := e.Get("chits")
		by := ""
		if e.Str("source") == "generator" {
			by = " (drawn by the program)"
		}
		return "Order of attack, drawn from the cup (4.6): " + strings.Join(v.Strs(), " ") + by
	case evCampaignStart:
		return fmt.Sprintf("== %s campaign, %s boats: %s to %s ==", title(s("campaign")), s("boat"), s("start"), s("end"))
	case evCrewman, evReplacement:
		v := ""
		if b, _ := e.Get("veteran"); b.B {
			v = ", Veteran"
		}
		return fmt.Sprintf("%s: %s (%s%s), from %s", title(e.Type), s("crewman"), words(s("special")), v, s("start"))
	case evBoat:
		return fmt.Sprintf("Boat %s: %s, crew %s", s("boat"), s("role"), s("skill"))
	case evNoMission:
		return fmt.Sprintf("%s: no mission: %s", s("date"), s("reason"))
	case evWeather:
		return "Weather: " + s("weather")
	case evMissionStart:
		v, _ := e.Get("boats")
		return fmt.Sprintf("== Mission %d, %s: boats %s ==", e.Int("mission"), s("date"), strings.Join(v.Strs(), " "))
	case evMissionType:
		a := ""
		if b, _ := e.Get("abstract"); b.B {
			a = " (performed abstractly)"
		}
		return "Mission: " + s("kind") + a
	case evTurn:
		return fmt.Sprintf("-- Turn %d: %s at %s speed, sea state %d --", e.Int("n"), zoneByID(s("zone")).Name, s("speed"), e.Int("sea_state"))
	case evEncounter:
		return fmt.Sprintf("Contact in %s: %s!", s("zone"), strings.ReplaceAll(s("kind"), "_", " "))
	case evCombatStart:
		v, _ := e.Get("enemies")
		var ids []string
		for _, u := range v.L {
			id, _ := u.Get("id")
			crew, _ := u.Get("crew")
			ids = append(ids, id.S+" ("+crew.S+")")
		}
		return fmt.Sprintf("== Combat Board, wave %d: %s ==", e.Int("wave"), strings.Join(ids, ", "))
	case evRound:
		if e.Int("n") == maxRounds {
			return fmt.Sprintf("-- Combat round %d, the last: a wave still afloat after it passes out of reach --", e.Int("n"))
		}
		return fmt.Sprintf("-- Combat round %d --", e.Int("n"))
	case evRange:
		return fmt.Sprintf("%s: %s -> %s", s("boat"), s("from"), s("to"))
	case evAttack:
		if s("weapon") == "depth_charge" {
			return fmt.Sprintf("%s drops a depth charge on %s in the %s zone: %s", s("attacker"), s("target"), s("range"), s("result"))
		}
		return fmt.Sprintf("%s fires (%s) at %s from %s range: %s", s("attacker"), s("weapon"), s("target"), s("range"), s("result"))
	case evSunk:
		if by := s("by"); by != "" {
			return fmt.Sprintf("%s SUNK by %s", s("unit"), by)
		}
		return s("unit") + " SUNK"
	case evEvaded:
		return fmt.Sprintf("%s evades (%s)", s("unit"), s("why"))
	case evDetected:
		return "The squadron is detected (" + s("by") + ")"
	case evCombatEnd:
		return fmt.Sprintf("== Combat over: %d sunk in %d rounds ==", e.Int("sunk"), e.Int("rounds"))
	case evAirAttack:
		return fmt.Sprintf("%s %s attack on %s: %s", title(s("aircraft")), s("attack"), s("boat"), counted(e.Int("hits"), "hit"))
	case evBoatDamage:
		if d := s("detail"); d != "" {
			return fmt.Sprintf("%s hit: %s (%s)", s("boat"), s("what"), d)
		}
		if _, ok := e.Get("total"); ok { // Boats #2-#4: damage points (the log's what says "point(s)")
			return fmt.Sprintf("%s hit: %s, %d in all", s("boat"), counted(e.Int("points"), "damage point"), e.Int("total"))
		}
		return fmt.Sprintf("%s hit: %s", s("boat"), s("what"))
	case evWound:
		return fmt.Sprintf("%s (%s): %s", s("crewman"), positionWords(s("position")), strings.ToUpper(s("level")))
	case evBoatLost:
		return fmt.Sprintf("Boat #%d %s is lost: %s (%s)", e.Int("no"), s("boat"), s("how"), s("why"))
	case evMissionEnd:
		res := "failed"
		if b, _ := e.Get("success"); b.B {
			res = "successful"
		}
		return fmt.Sprintf("== Mission %d %s: %d sunk, %s lost, %+d VP ==", e.Int("mission"), res, e.Int("sunk"), counted(e.Int("lost"), "boat"), e.Int("vp"))
	case evVictoryPoints:
		return fmt.Sprintf("VP %+d: %s (total %d)", e.Int("vp"), s("why"), e.Int("total"))
	case evMedal:
		return "Awarded: " + s("medal")
	case evInquiry:
		return "Board of Inquiry: " + s("result")
	case evCampaignEnd:
		return fmt.Sprintf("== Campaign over %s (%s): %d VP. %s ==", s("date"), s("reason"), e.Int("vp"), s("rating"))
	case evSubstitution:
		no := "1"
		if s("side") != "" {
			no = "2" // the two-player game: player 2's boat (boat2Hull)
		}
		return fmt.Sprintf("%s sails as Boat #%s in place of %s (%s)", s("boat"), no, s("from"), s("reason"))
	case evZones:
		v, _ := e.Get("red")
		var zs []string
		for _, z := range v.L {
			zs = append(zs, strconv.Itoa(int(z.I)))
		}
		return "Assigned Red Zones: " + strings.Join(zs, ", ")
	case evSlowTurn:
		return fmt.Sprintf("-- Turn %d: a second turn in %s (%s), sea state %d --", e.Int("turn"), s("zone"), s("why"), e.Int("sea_state"))
	case evSpeed:
		return fmt.Sprintf("%s goes to %s speed", s("boat"), strings.ReplaceAll(s("speed"), "_", " "))
	case evBurning:
		return s("unit") + " is burning: she sinks at the end of the round"
	case evUnitDisabled:
		return s("unit") + " is disabled: dead in the water, she can no longer evade (Unit Disabled)"
	case evFlare:
		return "Star shell from " + s("by") + " lights the squadron (Flare counter, to the end of the round)"
	case evAbort:
		if s("boat") == "squadron" {
			return "The squadron: " + s("result")
		}
		return s("boat") + ": " + s("result")
	case evRescue:
		return fmt.Sprintf("Search for %s: %s", s("who"), s("result"))
	case evEvent:
		if w, ok := eventWords[s("event")]; ok {
			return "Event: " + w
		}
		return "Event: " + strings.ReplaceAll(s("event"), "_", " ")
	case evAirPatrol:
		if a := s("aircraft"); a != "" {
			return fmt.Sprintf("Enemy aircraft (%s): %s", a, s("result"))
		}
		return "Enemy aircraft: " + s("result") + " without finding the squadron"
	case evFire:
		return fmt.Sprintf("Fire on %s: %s (%s left)", s("boat"), s("result"), counted(e.Int("extinguishers"), "extinguisher"))
	case evDisabled:
		return fmt.Sprintf("Boat #%d %s is disabled", e.Int("no"), s("boat"))
	case evCrewHit:
		return fmt.Sprintf("Crew hit at the %s post: %s", positionWords(s("position")), s("result"))
	case evTow:
		return fmt.Sprintf("%s takes %s in tow", s("by"), s("boat"))
	case evTowParted:
		return fmt.Sprintf("The tow of %s parts (sea state %d)", s("boat"), e.Int("sea_state"))
	case evCrewLost:
		return "The crew of " + s("boat") + " is lost with her"
	case evSeparated:
		return fmt.Sprintf("Boat #%d %s loses touch with the squadron", e.Int("no"), s("boat"))
	case evLoneBoat:
		return fmt.Sprintf("%s, alone, comes home: %s", s("boat"), s("result"))
	case evSpecial:
		done := "not accomplished"
		if b, _ := e.Get("done"); b.B {
			done = "accomplished"
		}
		return fmt.Sprintf("Special mission (%s): %s", s("mission"), done)
	case evSearchTurn:
		return fmt.Sprintf("Turn %d: still searching for the downed aircrew", e.Int("turn"))
	case evPilot:
		return "Downed airman: " + s("result")
	case evPatrolled:
		return fmt.Sprintf("%s patrolled (%d of the assigned zones)", s("zone"), e.Int("zones"))
	case evCourseHome:
		return fmt.Sprintf("Course for home from %s: %s", s("zone"), s("why"))
	case evWoundStatus:
		return fmt.Sprintf("%s (%s) after the mission: %s", s("crewman"), positionWords(s("position")), s("result"))
	case evRepair:
		if why := s("why"); why != "" {
			return fmt.Sprintf("%s: %d days (%s)", s("boat"), e.Int("days"), why)
		}
		return fmt.Sprintf("%s in repair for %d days", s("boat"), e.Int("days"))
	case evNewBoat:
		return fmt.Sprintf("New boat %s (crew %s) arrives %s", s("boat"), s("skill"), s("date"))
	case evVeteran:
		return fmt.Sprintf("%s (%s) becomes a Veteran", s("crewman"), positionWords(s("position")))
	case evCrewSkill:
		return fmt.Sprintf("The crew of %s rises to %s", s("boat"), s("level"))
	case evCognac:
		return "The Fine Cognac is used: " + s("used")
	}
	return ""
}

// describeRun words a round's speed for every boat as one line (the log
// keeps an event for each boat), and an attack by a Schnell Boat on
// another unit than the one the squadron ordered as retargeted (the target
// was sunk or gone).
func describeRun(evs []gamelog.Event, i int) (string, int) {
	e := &evs[i]
	switch eventType(e.Type) {
	case evSpeed:
		sp := e.Str("speed")
		n := 1
		for i+n < len(evs) && eventType(evs[i+n].Type) == evSpeed && evs[i+n].Str("speed") == sp {
			n++
		}
		if n == 1 {
			return "", 0
		}
		boats := make([]string, n)
		for j := range n {
			boats[j] = evs[i+j].Str("boat")
		}
		return fmt.Sprintf("The squadron goes to %s speed (%s)", strings.ReplaceAll(sp, "_", " "), strings.Join(boats, " ")), n
	case evAttack:
		if !strings.HasPrefix(e.Str("attacker"), "SB") {
			return "", 0 // the enemy's fire picks its target by a roll
		}
		for j := i - 1; j >= 0; j-- {
			d := &evs[j]
			if eventType(d.Type) == evRound {
				break
			}
			if d.Type == "decision" && (d.Str("kind") == string(askBoatAttack) || d.Str("kind") == string(askAttack)) {
				if _, id, ok := strings.Cut(d.Str("choice"), ":"); ok && id != e.Str("target") {
					return describe(e) + " (retargeted: " + id + " was ordered, and is gone)", 1
				}
				break
			}
		}
	}
	return "", 0
}

// eventWords say what each A-9 event is.
var eventWords = map[string]string{
	"none": "nothing happens", "cognac": "a case of Fine Cognac is found", "mechanical": "mechanical trouble",
	"fog_bank": "a fog bank: the weather turns foggy", "squall": "a squall: the sea rises", "sea_rises": "the sea rises",
	"sea_falls": "the sea falls", "separated": "a boat loses touch in the dark", "mine": "a drifting mine",
	"friendly_fire": "friendly fire from a Luftwaffe aircraft", "pilot": "a downed airman is sighted",
	"intel": "a radio intercept reports a convoy", "radio_fault": "Boat #1's radio fails",
}

// summarize describes a saved campaign in one line.
func summarize(lg *gamelog.Log) string {
	date, vp, missions := lg.Header.Opt("campaign"), 0, 0
	for i := range lg.Events {
		e := &lg.Events[i]
		switch eventType(e.Type) {
		case evMissionStart:
			date, missions = e.Str("date"), e.Int("mission")
		case evVictoryPoints:
			vp = e.Int("total")
		case evCampaignEnd:
			return fmt.Sprintf("%s campaign ended %s (%s): %d VP, %s", lg.Header.Opt("campaign"), e.Str("date"), e.Str("reason"), e.Int("vp"), e.Str("rating"))
		}
	}
	return fmt.Sprintf("%s campaign in progress: mission %d on %s, %d VP", lg.Header.Opt("campaign"), missions, date, vp)
}

// PrintSummary writes the campaign's end-of-campaign summary.
func (c *Campaign) PrintSummary(w io.Writer) error {
	s := c.Stats
	fmt.Fprintf(w, "%s campaign, %s boats: %s to %s (%s)\n", title(c.Length.String()), c.Type, c.Start, c.Date, c.EndReason)
	fmt.Fprintf(w, "Missions flown %d (abstract %d, successful %d, failed %d); nights cancelled %d\n",
		s.Missions, s.Abstract, s.Successful, s.Failed, s.Cancelled)
	var sunk []string
	total := 0
	for _, typ := range vpItems[:7] {
		if n := s.Sunk[typ]; n > 0 {
			sunk = append(sunk, fmt.Sprintf("%s %d", typ, n))
			total += n
		}
	}
	if len(sunk) == 0 {
		sunk = []string{"none"}
	}
	fmt.Fprintf(w, "Ships sunk %d: %s; aircraft shot down %d\n", total, strings.Join(sunk, ", "), s.Aircraft)
	named := "Boat #1"
	if c.Two != nil {
		named = "Boat #1 and #2" // 7.0: both boats have named crewmen
	}
	fmt.Fprintf(w, "Boats lost %d; %s crewmen killed %d; #2-#4 crews lost %d\n", s.BoatsLost, named, s.CrewKilled, s.CrewsLost)
	medals := "none"
	if len(c.Medals) > 0 {
		medals = strings.Join(c.Medals, ", ")
	}
	fmt.Fprintf(w, "Victory Points %d; medals: %s\n", c.VP, medals)
	if c.Two != nil {
		for _, line := range c.coop().playersFoot() {
			fmt.Fprintln(w, line)
		}
	}
	_, err := fmt.Fprintf(w, "Final rating: %s\n", c.Rating)
	return err
}
