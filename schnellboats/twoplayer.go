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

// twoPlayer is the two-player game's own rules (7.0): Boat #2's
// Kommandant entering, sharing Victory Points and medals, taking over
// and handing back command, and Boat #2 on her own course
// (twoplayermove.go). Who commands which boat and crew stays with the
// campaign (hull2, isBoat2, manned, crewOf, whose, commander). A view of
// the campaign's state, made by c.coop().
type twoPlayer struct{ *Campaign }

// coop is the two-player rules over this campaign.
func (c *Campaign) coop() twoPlayer { return twoPlayer{c} }

// handOver says that player 2 takes command for the rest of the mission
// (step 2), once, when Boat #1 is separated or sunk.
func (c twoPlayer) handOver(why string) {
	if c.Two == nil || !c.boat1Away() {
		return
	}
	c.emit(evCommand, str("side", c.Two.Side), str("role", "squadron"), str("boat", c.hull2().ID),
		str("kommandant", c.nameOf(c.Two.Crew)), str("why", "Boat #1 "+why+": for the rest of the mission"))
}

func (c twoPlayer) nameOf(crew []*Crewman) string {
	if k := findCrewman(crew, posKMDT); k != nil {
		return k.Name
	}
	return ""
}

// setUpTwo appoints player 2 with Boat #2 and rolls his crew (step 1).
func (c twoPlayer) setUpTwo() {
	c.emit(evCommand, str("side", c.Lead.Side), str("role", "squadron"), str("boat", c.boat1().ID),
		str("kommandant", c.nameOf(c.Crew)), str("why", "set-up"))
	c.Two = c.enter(sideP2, "set-up")
}

// enter is a player taking command of Boat #2 with a new boat and crew
// (steps 1 and 4): the first serviceable hull that is not Boat #1 (else
// the first that is not), and a crewman rolled for every position (L).
func (c twoPlayer) enter(side, why string) *Command {
	t := &Command{Record: Record{Side: side, Since: c.Date}, Hull: -1}
	for i, b := range c.Boats {
		if i != c.Flagship && (t.Hull < 0 || b.Status == Ready && c.Boats[t.Hull].Status != Ready) {
			t.Hull = i
		}
	}
	for _, pos := range boatPositions[c.Type] {
		t.Crew = append(t.Crew, c.calendar().newMan(pos, false, side))
	}
	c.emit(evCommand, str("side", side), str("role", "boat2"), str("boat", c.Boats[t.Hull].ID),
		str("kommandant", c.nameOf(t.Crew)), str("why", why))
	return t
}

// boat2Hull is 4.11 for Boat #2: when his hull is not serviceable player 2
// takes the first ready hull that is not Boat #1; the two hulls swap their
// #2-#4 crews' records, as Boat #1's do.
func (c twoPlayer) boat2Hull(ready []*Boat) {
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
func (c twoPlayer) shareVP(total int) {
	if c.Two != nil {
		c.Lead.Earned += total
		c.Two.Earned += total
	}
}

// medalsTwo is 6.0 with step 4: the War Badge is each Kommandant's own
// (12 successful missions under him, or wounded); an Iron Cross grade
// reached by the squadron's total goes to both players at once.
func (c twoPlayer) medalsTwo() {
	m := c.Mission
	if !c.WarBadge && (c.Lead.Successful >= 12 || (m != nil && m.KmdtHit)) {
		c.WarBadge = true
		c.debrief().award("S-Boat War Badge")
	}
	if t := c.Two; !t.WarBadge && (t.Successful >= 12 || t.hit) {
		t.WarBadge = true
		c.awardTwo("S-Boat War Badge")
	}
	row := c.lookup(c.ids.Medals[c.Length], facts{})
	g, _ := row.Value("grade", 0)
	for c.Grade < g {
		c.Grade++
		medal, _ := c.debrief().medalRow(c.Grade).Text("medal")
		c.debrief().award(medal)
		c.awardTwo(medal)
	}
}

func (c twoPlayer) awardTwo(name string) {
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
func (c twoPlayer) afterTwo(lost int, boat1 bool, sunk int) {
	lead, two := "", ""
	if k := c.kmdt(); k != nil && k.KIA {
		lead = "killed"
	} else {
		if lost > 0 {
			c.debrief().inquiry(lost, boat1, sunk)
		}
		lead = c.gone // a relief or court-martial (endCampaign)
	}
	c.gone = ""
	if k := findCrewman(c.Two.Crew, posKMDT); k != nil && k.KIA {
		two = "killed"
	}
	if lead == "" {
		c.debrief().replaceCrew()
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
func (c twoPlayer) replaceTwo() {
	t := c.Two
	for i, cm := range t.Crew {
		if !cm.Out || cm.Position == posKMDT {
			continue
		}
		t.Fallen = append(t.Fallen, cm)
		t.Crew[i] = c.calendar().newMan(cm.Position, true, t.Side)
	}
}

func (c twoPlayer) retire(r Record, crew []*Crewman, boat, role, why string, medals []string) {
	c.Former = append(c.Former, Former{Side: r.Side, Name: c.nameOf(crew), Boat: boat, Role: role, Why: why, Earned: r.Earned, Medals: medals})
}

// passCommand: the squadron Kommandant was killed or relieved (why).
func (c twoPlayer) passCommand(why string) {
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
func (c twoPlayer) headingTwo() []string {
	return []string{
		fmt.Sprintf("Kommandants: %s %s (squadron, Boat #1 %s); %s %s (Boat #2 %s)", c.Lead.Side, c.nameOf(c.Crew), c.boat1().ID,
			c.Two.Side, c.nameOf(c.Two.Crew), c.hull2().ID),
		fmt.Sprintf("Campaign: %s, %s to %s; boats: %s; two players (7.0)", title(c.Length.String()), c.Start, c.End, c.Type),
	}
}

// playersFoot is each player's record: his half of the VP earned under
// him, his medals (step 4), and the Kommandants who left.
func (c twoPlayer) playersFoot() []string {
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
func (c twoPlayer) aarOpeningTwo(lg *gamelog.Log) string {
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
func (c twoPlayer) aarReckoningTwo(end *gamelog.Event) string {
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
func (c twoPlayer) withBoat2(picks [][]int, others []*Boat) [][]int {
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
func (c twoPlayer) boat2Second(sail []*Boat) []*Boat {
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
func (c twoPlayer) sailNo(p []int, others []*Boat, k int) int {
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
func (c twoPlayer) linked() bool {
	m := c.Mission
	if c.Two == nil || m == nil || len(m.Sorties) < 2 || !c.isBoat2(m.Sorties[1]) {
		return true
	}
	s1, s2 := m.Sorties[0], m.Sorties[1]
	return !s1.RadioOut && !s2.RadioOut && s1.inFormation() && s2.inFormation() && s1.Apart == 0 && s2.Apart == 0
}
