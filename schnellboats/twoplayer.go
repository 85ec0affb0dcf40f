package schnellboats

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/schnell-wargames/schnell/engine"
	"github.com/schnell-wargames/schnell/gamelog"
	"github.com/schnell-wargames/schnell/sheet"
)

// The optional two-player game is the book's 7.0 "Optional 2-Player
// Rules" (its contents list them as 8.0): player 2 commands Boat #2 with
// a crew of named crewmen of its own, and the tables that name Boat #1
// apply to Boat #2 on its turn. docs/rules-notes.md has our readings.

// The sides of the two-player game: the players, not their boats. The
// squadron Kommandant is p1 until command passes (step 4).
const (
	sideP1 = "p1"
	sideP2 = "p2"
)

var sides = []string{sideP1, sideP2}

// Record is a player's record while he holds a command (7.0 step 4).
type Record struct {
	Side       string // the player: p1 or p2
	Successful int    // successful missions under this Kommandant (6.0: War Badge at 12)
	Earned     int    // squadron VP earned since he took command: his record is half
	Since      Date
}

// VPText is the player's share as the sheets print it ("12", "12.5", "-3.5").
func (r Record) VPText() string {
	s := ""
	e := r.Earned
	if e < 0 {
		s, e = "-", -e
	}
	s += strconv.Itoa(e / 2)
	if e%2 != 0 {
		s += ".5"
	}
	return s
}

// Command is Boat #2's Kommandant in the two-player game: his record, his
// boat and her crew (the squadron Kommandant's are the Campaign's own
// fields, as in the solitaire game).
type Command struct {
	Record
	Hull     int // index into Campaign.Boats
	Crew     []*Crewman
	Fallen   []*Crewman
	Hospital int
	Medals   []string
	WarBadge bool
	hit      bool // the Kommandant was wounded tonight (6.0)
}

// Former is a Kommandant relieved or killed in the two-player game.
type Former struct {
	Side, Name, Boat, Role, Why string
	Earned                      int
	Medals                      []string
}

// hull2 is Boat #2's hull in the two-player game.
func (c *Campaign) hull2() *Boat { return c.Boats[c.Two.Hull] }

// isBoat2 reports whether s is player 2's boat tonight.
func (c *Campaign) isBoat2(s *Sortie) bool {
	return c.Two != nil && s.No == 2 && s.Boat == c.hull2()
}

// manned reports whether s has named crewmen and a damage log of its own:
// Boat #1, and in the two-player game Boat #2 (7.0 steps 1 and 3).
func (c *Campaign) manned(s *Sortie) bool { return s.No == 1 || c.isBoat2(s) }

// unmanned: a boat without named crewmen (the #2-#4 of the book's tables).
func (c *Campaign) unmanned(s *Sortie) bool { return !c.manned(s) }

// crewOf is the named crew aboard s (Boat #1's for any other boat).
func (c *Campaign) crewOf(s *Sortie) []*Crewman {
	if s != nil && c.isBoat2(s) {
		return c.Two.Crew
	}
	return c.Crew
}

// crewmanOf is the man at pos aboard s (7.0 step 3: what names Boat #1's
// crew names Boat #2's on its turn).
func (c *Campaign) crewmanOf(s *Sortie, pos Position) *Crewman {
	return findCrewman(c.crewOf(s), pos)
}

func findCrewman(crew []*Crewman, pos Position) *Crewman {
	for _, m := range crew {
		if m.Position == pos {
			return m
		}
	}
	return nil
}

// whose is the side of the player whose crew cm serves in ("": solitaire).
func (c *Campaign) whose(cm *Crewman) string {
	if c.Two == nil {
		return ""
	}
	if slices.Contains(c.Two.Crew, cm) {
		return c.Two.Side
	}
	return c.Lead.Side
}

// sided adds the side to an event's fields in the two-player game.
func sided(side string, f ...gamelog.Field) []gamelog.Field {
	if side == "" {
		return f
	}
	return append(f, str("side", side))
}

// commander is the side that gives the squadron's orders now ("":
// solitaire): the squadron Kommandant's, or player 2's for the rest of the
// mission once Boat #1 is separated or sunk (step 2).
func (c *Campaign) commander() string {
	if c.Two == nil {
		return ""
	}
	if c.boat1Away() {
		return c.Two.Side
	}
	return c.Lead.Side
}

// boat1Away: Boat #1 is separated or sunk and Boat #2 is still with the
// squadron (step 2: player 2 takes command for the rest of the mission).
// inCommand reports whether s is Boat #2 commanding the squadron because
// Boat #1 is sunk or separated (7.0 step 2): like Boat #1 (4.8, 4.9), she
// never aborts alone.
func (c *Campaign) inCommand(s *Sortie) bool { return c.isBoat2(s) && c.boat1Away() }

func (c *Campaign) boat1Away() bool {
	m := c.Mission
	if m == nil || len(m.Sorties) < 2 || m.Sorties[0].Gone == "" {
		return false
	}
	s2 := m.Sorties[1]
	return c.isBoat2(s2) && s2.Gone == ""
}

// handOver says that player 2 takes command for the rest of the mission
// (step 2), once, when Boat #1 is separated or sunk.
func (c *Campaign) handOver(why string) {
	if c.Two == nil || !c.boat1Away() {
		return
	}
	c.emit(evCommand, str("side", c.Two.Side), str("role", "squadron"), str("boat", c.hull2().ID),
		str("kommandant", c.nameOf(c.Two.Crew)), str("why", "Boat #1 "+why+": for the rest of the mission"))
}

func (c *Campaign) nameOf(crew []*Crewman) string {
	if k := findCrewman(crew, posKMDT); k != nil {
		return k.Name
	}
	return ""
}

// setUpTwo appoints player 2 with Boat #2 and rolls his crew (step 1).
func (c *Campaign) setUpTwo() {
	c.emit(evCommand, str("side", c.Lead.Side), str("role", "squadron"), str("boat", c.boat1().ID),
		str("kommandant", c.nameOf(c.Crew)), str("why", "set-up"))
	c.Two = c.enter(sideP2, "set-up")
}

// enter is a player taking command of Boat #2 with a new boat and crew
// (steps 1 and 4): the first serviceable hull that is not Boat #1 (else
// the first that is not), and a crewman rolled for every position (L).
func (c *Campaign) enter(side, why string) *Command {
	t := &Command{Record: Record{Side: side, Since: c.Date}, Hull: -1}
	for i, b := range c.Boats {
		if i != c.Flagship && (t.Hull < 0 || b.Status == Ready && c.Boats[t.Hull].Status != Ready) {
			t.Hull = i
		}
	}
	for _, pos := range boatPositions[c.Type] {
		t.Crew = append(t.Crew, c.newMan(pos, false, side))
	}
	c.emit(evCommand, str("side", side), str("role", "boat2"), str("boat", c.Boats[t.Hull].ID),
		str("kommandant", c.nameOf(t.Crew)), str("why", why))
	return t
}

// boat2Hull is 4.11 for Boat #2: when his hull is not serviceable player 2
// takes the first ready hull that is not Boat #1; the two hulls swap their
// #2-#4 crews' records, as Boat #1's do.
func (c *Campaign) boat2Hull(ready []*Boat) {
	old := c.hull2()
	if old.Status == Ready {
		return
	}
	for _, nb := range ready {
		if nb == c.boat1() {
			continue
		}
		old.Skill, nb.Skill = nb.Skill, old.Skill
		old.Kills, nb.Kills = nb.Kills, old.Kills
		old.Successes, nb.Successes = nb.Successes, old.Successes
		old.Earned, nb.Earned = nb.Earned, old.Earned
		c.Two.Hull = slices.Index(c.Boats, nb)
		c.emit(evSubstitution, sided(c.Two.Side, str("boat", nb.ID), str("from", old.ID), str("reason", string(old.Status)))...)
		return
	}
}

// shareVP is step 4: the VP the squadron earns are split evenly between
// the players (each record keeps the whole; its half is printed).
func (c *Campaign) shareVP(total int) {
	if c.Two != nil {
		c.Lead.Earned += total
		c.Two.Earned += total
	}
}

// medalsTwo is 6.0 with step 4: the War Badge is each Kommandant's own
// (12 successful missions under him, or wounded); an Iron Cross grade
// reached by the squadron's total goes to both players at once.
func (c *Campaign) medalsTwo() {
	m := c.Mission
	if !c.WarBadge && (c.Lead.Successful >= 12 || (m != nil && m.KmdtHit)) {
		c.WarBadge = true
		c.award("S-Boat War Badge")
	}
	if t := c.Two; !t.WarBadge && (t.Successful >= 12 || t.hit) {
		t.WarBadge = true
		c.awardTwo("S-Boat War Badge")
	}
	row := c.lookup(c.ids.Medals[c.Length], facts{})
	g, _ := row.Value("grade", 0)
	for c.Grade < g {
		c.Grade++
		medal, _ := c.medalRow(c.Grade).Text("medal")
		c.award(medal)
		c.awardTwo(medal)
	}
}

func (c *Campaign) awardTwo(name string) {
	c.Two.Medals = append(c.Two.Medals, name)
	c.emit(evMedal, str("medal", name), num("vp", c.VP), str("side", c.Two.Side))
}

// afterTwo ends a mission of the two-player game: Kommandants killed or
// relieved leave, the crews' casualties are replaced (K-1, L), and command
// passes (step 4): player 2 becomes the squadron Kommandant when the
// squadron Kommandant is killed or relieved, and the player who left
// enters again with a new boat and crew as player 2; a killed player 2
// enters again the same way. Our reading where the book is silent: with
// both Kommandants gone after one mission (killed, relieved or
// court-martialled, in any pairing) nobody is left to take the squadron
// (step 4 gives it to player 2's Kommandant, gone too), and the campaign
// ends as the squadron Kommandant's career did (EndReason: his fate); the
// option both_gone=continue plays the other reading: player 2 enters again
// with a new boat and crew and takes the squadron, and player 1 enters
// again as player 2.
func (c *Campaign) afterTwo(lost int, boat1 bool, sunk int) {
	lead, two := "", ""
	if k := c.kmdt(); k != nil && k.KIA {
		lead = "killed"
	} else {
		if lost > 0 {
			c.inquiry(lost, boat1, sunk)
		}
		lead = c.gone // a relief or court-martial (endCampaign)
	}
	c.gone = ""
	if k := findCrewman(c.Two.Crew, posKMDT); k != nil && k.KIA {
		two = "killed"
	}
	if lead == "" {
		c.replaceCrew()
	}
	if two == "" {
		c.replaceTwo()
	}
	switch {
	case lead != "" && two != "" && c.read.bothGoOn:
		c.retire(c.Two.Record, c.Two.Crew, c.hull2().ID, "boat2", two, c.Two.Medals)
		c.Two = c.enter(c.Two.Side, "the Kommandant of Boat #2 was "+two)
		c.passCommand(lead)
	case lead != "" && two != "":
		c.Over, c.EndReason = true, lead
	case lead != "":
		c.passCommand(lead)
	case two != "":
		c.retire(c.Two.Record, c.Two.Crew, c.hull2().ID, "boat2", two, c.Two.Medals)
		c.Two = c.enter(c.Two.Side, "the Kommandant of Boat #2 was "+two)
	}
}

// replaceTwo is K-1 and L for Boat #2's crew.
func (c *Campaign) replaceTwo() {
	t := c.Two
	for i, cm := range t.Crew {
		if !cm.Out || cm.Position == posKMDT {
			continue
		}
		t.Fallen = append(t.Fallen, cm)
		t.Crew[i] = c.newMan(cm.Position, true, t.Side)
	}
}

func (c *Campaign) retire(r Record, crew []*Crewman, boat, role, why string, medals []string) {
	c.Former = append(c.Former, Former{Side: r.Side, Name: c.nameOf(crew), Boat: boat, Role: role, Why: why, Earned: r.Earned, Medals: medals})
}

// passCommand: the squadron Kommandant was killed or relieved (why).
func (c *Campaign) passCommand(why string) {
	old := c.Lead
	c.retire(old, c.Crew, c.boat1().ID, "squadron", why, c.Medals)
	t := c.Two
	c.Lead, c.Flagship = t.Record, t.Hull
	c.Crew, c.Fallen, c.Hospital, c.Medals, c.WarBadge = t.Crew, t.Fallen, t.Hospital, t.Medals, t.WarBadge
	c.emit(evCommand, str("side", c.Lead.Side), str("role", "squadron"), str("boat", c.boat1().ID),
		str("kommandant", c.nameOf(c.Crew)), str("why", "the squadron Kommandant was "+why))
	c.Two = c.enter(old.Side, "the squadron Kommandant was "+why)
}

var _ engine.SidesInPlay = (*Campaign)(nil)

// SidesInPlay implements engine.SidesInPlay: the solitaire game has none.
func (c *Campaign) SidesInPlay() []string {
	if c.Players == 2 {
		return sides
	}
	return nil
}

// headingTwo names both Kommandants at the head of every sheet.
func (c *Campaign) headingTwo() []string {
	return []string{
		fmt.Sprintf("Kommandants: %s %s (squadron, Boat #1 %s); %s %s (Boat #2 %s)", c.Lead.Side, c.nameOf(c.Crew), c.boat1().ID,
			c.Two.Side, c.nameOf(c.Two.Crew), c.hull2().ID),
		fmt.Sprintf("Campaign: %s, %s to %s; boats: %s; two players (7.0)", title(c.Length.String()), c.Start, c.End, c.Type),
	}
}

// playersFoot is each player's record: his half of the VP earned under
// him, his medals (step 4), and the Kommandants who left.
func (c *Campaign) playersFoot() []string {
	medals := func(m []string) string {
		if len(m) == 0 {
			return "no medals"
		}
		return "medals: " + strings.Join(m, ", ")
	}
	out := []string{
		fmt.Sprintf("%s, Kommandant %s (squadron, since %s): %s VP (half of %d); %s.", c.Lead.Side, c.nameOf(c.Crew), c.Lead.Since, c.Lead.VPText(), c.Lead.Earned, medals(c.Medals)),
		fmt.Sprintf("%s, Kommandant %s (Boat #2, since %s): %s VP (half of %d); %s.", c.Two.Side, c.nameOf(c.Two.Crew), c.Two.Since, c.Two.VPText(), c.Two.Earned, medals(c.Two.Medals)),
	}
	for _, f := range c.Former {
		r := Record{Earned: f.Earned}
		out = append(out, fmt.Sprintf("Formerly %s: Kommandant %s (%s, %s), %s: %s VP; %s.", f.Side, f.Name, roleText(f.Role), f.Boat, f.Why, r.VPText(), medals(f.Medals)))
	}
	return out
}

func roleText(role string) string {
	if role == "squadron" {
		return "squadron"
	}
	return "Boat #2"
}

// crewSheets are the Crewmen Status Sheets: Boat #1's, and Boat #2's in
// the two-player game (step 1: each player keeps his own).
func crewSheets(c *Campaign) []sheet.Sheet {
	if c.Two == nil {
		return []sheet.Sheet{crewSheet(c)}
	}
	return []sheet.Sheet{
		crewSheetOf(c, fmt.Sprintf("Crewmen Status Sheet: Boat #1 %s (%s)", c.boat1().ID, c.Lead.Side), c.Crew, c.Fallen),
		crewSheetOf(c, fmt.Sprintf("Crewmen Status Sheet: Boat #2 %s (%s)", c.hull2().ID, c.Two.Side), c.Two.Crew, c.Two.Fallen),
	}
}

// aarOpeningTwo opens the after-action report of a two-player campaign:
// both first Kommandants and their boats.
func (c *Campaign) aarOpeningTwo(lg *gamelog.Log) string {
	var first [2]*gamelog.Event
	for i := range lg.Events {
		e := &lg.Events[i]
		if eventType(e.Type) == evCommand && e.Str("why") == "set-up" {
			if e.Str("role") == "squadron" {
				first[0] = e
			} else {
				first[1] = e
			}
		}
	}
	if first[0] == nil || first[1] == nil {
		return "# After-action report: a two-player campaign\n\nThe squadron had not yet sailed."
	}
	return fmt.Sprintf("# After-action report: the %s campaign of Kapitänleutnants %s and %s\n\n"+
		"Kapitänleutnant %s (%s) took command of a squadron of %s boats at Cherbourg on %s in %s, with Kapitänleutnant %s (%s) commanding Boat #2 in %s (two players, 7.0).",
		c.Length.String(), first[0].Str("kommandant"), first[1].Str("kommandant"),
		first[0].Str("kommandant"), first[0].Str("side"), c.Type, formatDate(c.Start.String()), first[0].Str("boat"),
		first[1].Str("kommandant"), first[1].Str("side"), first[1].Str("boat"))
}

// aarReckoningTwo is each Kommandant's share of the reckoning (step 4).
func (c *Campaign) aarReckoningTwo(end *gamelog.Event) string {
	var b strings.Builder
	fmt.Fprintf(&b, " The squadron finished with %d Victory Points and a final rating of *%s*.", end.Int("vp"), end.Str("rating"))
	for _, f := range c.Former {
		r := Record{Earned: f.Earned}
		fmt.Fprintf(&b, " Kapitänleutnant %s (%s, %s in %s) was %s, with %s VP to his name", f.Name, f.Side, roleText(f.Role), f.Boat, f.Why, r.VPText())
		if len(f.Medals) > 0 {
			fmt.Fprintf(&b, " and the %s", joinAnd(f.Medals))
		}
		b.WriteString(".")
	}
	for _, p := range []struct {
		side, name, role, boat string
		r                      Record
		medals                 []string
	}{
		{c.Lead.Side, c.nameOf(c.Crew), "led the squadron", c.boat1().ID, c.Lead, c.Medals},
		{c.Two.Side, c.nameOf(c.Two.Crew), "commanded Boat #2", c.hull2().ID, c.Two.Record, c.Two.Medals},
	} {
		fmt.Fprintf(&b, " At the end Kapitänleutnant %s (%s) %s in %s: %s VP as his half of the squadron's", p.name, p.side, p.role, p.boat, p.r.VPText())
		if len(p.medals) > 0 {
			fmt.Fprintf(&b, ", wearing the %s", joinAnd(p.medals))
		}
		b.WriteString(".")
	}
	b.WriteString("\n\n")
	return b.String()
}

// withBoat2 are the squadron decision's picks (1.0) that sail player 2's
// boat: in the two-player game his hull always sails as Boat #2.
func (c *Campaign) withBoat2(picks [][]int, others []*Boat) [][]int {
	out := make([][]int, 0, len(picks))
	for _, p := range picks {
		for _, i := range p {
			if others[i] == c.hull2() {
				out = append(out, p)
				break
			}
		}
	}
	return out
}

// boat2Second puts player 2's hull second in the sailing order (Boat #2);
// the others keep theirs (solitaire: sail unchanged).
func (c *Campaign) boat2Second(sail []*Boat) []*Boat {
	if c.Two == nil {
		return sail
	}
	if i := slices.Index(sail, c.hull2()); i > 1 {
		copy(sail[2:i+1], sail[1:i])
		sail[1] = c.hull2()
	}
	return sail
}

// sailNo is the number the kth hull of a pick sails as: #2-#4 in hull
// order, or in the two-player game player 2's hull #2 and the others after.
func (c *Campaign) sailNo(p []int, others []*Boat, k int) int {
	if c.Two == nil {
		return k + 2
	}
	if others[p[k]] == c.hull2() {
		return 2
	}
	n := k + 3
	for _, i := range p[:k] {
		if others[i] == c.hull2() {
			n-- // he sails before this one already
		}
	}
	return n
}

// linked reports whether the squadron Kommandant's orders reach Boat #2
// (7.0 step 2): the radios of Boats #1 and #2 both work and both boats
// are in formation. Solitaire, or with no Boat #2 of player 2 at sea, it
// is true.
func (c *Campaign) linked() bool {
	m := c.Mission
	if c.Two == nil || m == nil || len(m.Sorties) < 2 || !c.isBoat2(m.Sorties[1]) {
		return true
	}
	s1, s2 := m.Sorties[0], m.Sorties[1]
	return !s1.RadioOut && !s2.RadioOut && s1.inFormation() && s2.inFormation() && s1.Apart == 0 && s2.Apart == 0
}

// boat2Decides gives player 2 a decision about his own boat s (7.0: she is
// his to command when Boat #1's orders do not reach her).
func (c *Campaign) boat2Decides(d *engine.Decision, s *Sortie) {
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
func (c *Campaign) ownCourse(cb *Combat, s *Sortie) bool {
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
func (c *Campaign) radioUp(s *Sortie) bool {
	s1 := c.Mission.Sorties[0]
	return c.boat1Away() || !s1.RadioOut && !s.RadioOut
}

// rejoins is 7.0 step 2 with 4.8, our reading: at the beginning of a round
// Boat #2 on her own course comes back under the squadron's orders when
// the radio link works again and she is in the squadron's range zone; she
// then moves with the formation at the squadron's speed.
func (c *Campaign) rejoins(cb *Combat, s *Sortie) bool {
	if !c.radioUp(s) || cb.Zone == zoneOut || s.zone != cb.Zone {
		return false
	}
	s.Apart, s.own, s.zone, s.inZone = 0, false, zoneOut, 0
	c.emit(evRejoin, sided(c.Two.Side, str("boat", s.Boat.ID), str("range", cb.Zone.String()))...)
	if s.ownSpeed != cb.Speed {
		c.emit(evSpeed, str("boat", s.Boat.ID), str("speed", cb.Speed.String())) // the squadron's again
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
func (c *Campaign) ownMove(cb *Combat, s *Sortie) {
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
		c.emit(evSpeed, str("boat", s.Boat.ID), str("speed", sp.String()))
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
		c.emit(evRange, str("boat", s.Boat.ID), str("from", from.String()), str("to", s.zone.String()))
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
func (c *Campaign) ownMoveOptions(cb *Combat, s *Sortie, mv *engine.Decision, n int) {
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
