package schnellboats

import (
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/schnell-wargames/schnell/dice"
	"github.com/schnell-wargames/schnell/engine"
	"github.com/schnell-wargames/schnell/gamelog"
	"github.com/schnell-wargames/schnell/tables"
)

// probeDice runs f with physical dice: answer gives the faces of each roll
// (nil: the generator rolls it).
func probeDice(t *testing.T, o []gamelog.Option, answer func(r *engine.RollRequest) []string, f func(c *Campaign)) (*Campaign, []gamelog.Event) {
	t.Helper()
	g, camp := newProbe(t, 1, engine.Physical, o, f)
	g.SetDecider(engine.TakeDefault{})
	all := playDice(t, g, answer)
	return *camp, all
}

// Two boat types (2.0, 7.0): S-100 with 4 torpedoes, 8 mines, 4 depth
// charges and 3 engines; Projekt 5b with 2 rockets, 3 diesels and 2
// turbojets; both with single-use fire extinguishers.
func TestRule2_0BoatTypes(t *testing.T) {
	s, p := boatEquipment[S100], boatEquipment[P5b]
	if s.Torpedoes != 4 || s.Mines != 8 || s.DCs != 4 || s.Engines != 3 {
		t.Errorf("S-100 equipment %+v", s)
	}
	if p.Rockets != 2 || p.Engines != 3 || p.Jets != 2 || p.Torpedoes != 0 || p.Mines != 0 {
		t.Errorf("Projekt 5b equipment %+v", p)
	}
	// An extinguisher puts a fire out once and is gone.
	c, evs := probe(t, 1, opts("short", "s100"), func(c *Campaign) {
		c.calendar().setUp()
		c.Mission = &Mission{Sunk: map[string]int{}, Sea: 1}
		s := &Sortie{Boat: c.Boats[0], No: 1, Formation: true, Extinguishers: 1}
		c.Mission.Sorties = []*Sortie{s}
		c.harm().fire(s)
		c.harm().fire(s)
	})
	n := 0
	for _, e := range evs {
		if e.Type == "fire" {
			n++
		}
		if e.Type == "roll" && e.Str("table") == "G-3" {
			n += 10
		}
	}
	if n != 11 || c.Mission.Sorties[0].Extinguishers != 0 {
		t.Errorf("one extinguisher, two fires: want one put out and one fought on G-3 (got code %d)", n)
	}
}

// 3.3 step 1: days until the next mission, 1D10 or 1D20 by month.
func TestRule3_3DaysByMonth(t *testing.T) {
	d := def(t)
	for _, b := range d.Booklets {
		a0 := b.Tables.MustGet("A-0")
		for month := 1; month <= 12; month++ {
			spec := a0.SpecFor(tables.FactFunc(func(i int) int {
				if factDefs[i].Name == "month" {
					return month
				}
				return 0
			}))
			want := dice.D10
			if month >= 6 && month <= 8 {
				want = dice.D20
			}
			if spec != want {
				t.Errorf("%s A-0 in month %d rolls %s, want %s", b.Name, month, spec, want)
			}
		}
	}
}

// 3.3 step 3: 50-60% of Offensive Patrols are performed abstractly.
func TestRule3_3AbstractShare(t *testing.T) {
	d := def(t)
	share := func(tab *tables.Table, weather int, kindFilter bool) float64 {
		f := tables.FactFunc(func(i int) int {
			if factDefs[i].Name == "weather" {
				return weather
			}
			return 0
		})
		spec := tab.SpecFor(f)
		_, mod := tab.Modify(f, nil)
		abs, all := 0, 0
		for total := spec.Min(); total <= spec.Max(); total++ {
			r := tab.Lookup(total + mod)
			if kindFilter {
				if k, _ := r.Value("mission", 0); MissionKind(k) != kindPatrol {
					continue
				}
			}
			all++
			if r.Sets("abstract") {
				abs++
			}
		}
		return float64(abs) / float64(all)
	}
	s100, _ := d.Booklet(BookletS100)
	b5, _ := d.Booklet(Booklet5b)
	for _, tc := range []struct {
		name string
		got  float64
	}{
		{"S-100 A-3 normal", share(s100.Tables.MustGet("A-3"), 0, false)},
		{"S-100 A-3 Bad weather", share(s100.Tables.MustGet("A-3"), 3, false)},
		{"Projekt 5b A-2 patrols", share(b5.Tables.MustGet("A-2"), 0, true)},
	} {
		if tc.got < 0.5 || tc.got > 0.6 {
			t.Errorf("%s: %.0f%% abstract, want 50-60%%", tc.name, 100*tc.got)
		}
	}
}

// 4.5: at most one turn of searching in each assigned Red Zone; a special
// mission is performed first, in the first assigned Red Zone.
func TestRule4_5OneSearchPerZoneSpecialFirst(t *testing.T) {
	specials := 0
	for seed := uint64(1); seed <= 30; seed++ {
		g, _ := play(t, seed, "medium", "s100")
		var first int
		var zone string
		seen := map[string]bool{}
		for _, e := range g.History() {
			switch e.Type {
			case "mission_start":
				seen = map[string]bool{}
			case "zones":
				v, _ := e.Get("red")
				first = v.Ints()[0]
			case "turn":
				zone = e.Str("zone")
			case "patrolled":
				if seen[e.Str("zone")] {
					t.Fatalf("seed %d: %s searched twice", seed, e.Str("zone"))
				}
				seen[e.Str("zone")] = true
			case "special":
				specials++
				if zone != "R"+strconv.Itoa(first) {
					t.Fatalf("seed %d: special mission in %s, want the first assigned zone R%d", seed, zone, first)
				}
				if len(seen) > 0 {
					t.Fatalf("seed %d: special mission after a patrol search", seed)
				}
			}
		}
	}
	if specials == 0 {
		t.Fatal("no special mission seen")
	}
}

// 3.3 step 1 / "Completing a Mission" 1: a Boat #1 crewman killed or sent
// home is replaced (K-1, L) with a start date of the day he joins.
func TestRule3_3CrewReplacement(t *testing.T) {
	c, evs := probe(t, 1, opts("short", "s100"), func(c *Campaign) {
		c.calendar().setUp()
		c.Date = c.Date.Add(30)
		c.harm().kill(c.crewman(posRadio))
		c.debrief().replaceCrew()
	})
	m := c.crewman(posRadio)
	if m.KIA || m.Start != c.Date {
		t.Errorf("the radio operator was not replaced on %s: %+v", c.Date, m)
	}
	if len(c.Fallen) != 1 || !slices.Contains(types(evs), "replacement") {
		t.Error("no replacement event, or the fallen man is not remembered")
	}
	rolled := false
	for _, e := range evs {
		if e.Type == "roll" && e.Str("table") == "K-1" {
			rolled = true
		}
	}
	if !rolled {
		t.Error("K-1 was not rolled for the replacement")
	}
}

// Lost boats: a sunk #2-#4 hull is replaced after K-3 days by a new boat
// whose crew skill is rolled on K-2.
func TestRuleLostBoatReplaced(t *testing.T) {
	c, evs := probe(t, 1, opts("short", "s100"), func(c *Campaign) {
		c.calendar().setUp()
		b := c.Boats[2]
		b.Status, b.RepairDays, b.Kills = Lost, 7, 4
		c.calendar().passDays(6)
		if b.Status != Lost {
			t.Error("the new boat came a day early")
		}
		c.calendar().passDays(1)
	})
	b := c.Boats[2]
	if b.Status != Ready || b.Kills != 0 || !slices.Contains(types(evs), "new_boat") {
		t.Errorf("after K-3 days: %+v", b)
	}
}

// Towing (errata G-12 pattern): not by a boat with only 1 engine, not in
// Sea State 4-5; a rising sea parts the line and the towed boat sinks.
func TestRuleTowing(t *testing.T) {
	setup := func(c *Campaign, sea, enginesOut int) (*Sortie, *Sortie) {
		c.calendar().setUp()
		c.Mission = &Mission{Sunk: map[string]int{}, Sea: sea, Pos: 0, Route: []string{"G1", "CHERBOURG"}, Home: true}
		s1 := &Sortie{Boat: c.Boats[0], No: 1, Formation: true, EnginesOut: enginesOut}
		s2 := &Sortie{Boat: c.Boats[1], No: 2, Formation: true, Disabled: true, Points: 5}
		c.Mission.Sorties = []*Sortie{s1, s2}
		return s1, s2
	}
	optionsOf := func(evs []gamelog.Event) []string {
		for _, e := range evs {
			if e.Type == "decision" && e.Str("kind") == "disabled" {
				v, _ := e.Get("options")
				return v.Strs()
			}
		}
		return nil
	}
	_, evs := probe(t, 1, opts("short", "s100"), func(c *Campaign) { setup(c, 2, 1); c.lone().disabledBoats() })
	if got := optionsOf(evs); !slices.Equal(got, []string{"tow", "abandon"}) {
		t.Errorf("calm sea, Boat #1 with 2 engines: options %v", got)
	}
	_, evs = probe(t, 1, opts("short", "s100"), func(c *Campaign) { setup(c, 2, 2); c.lone().disabledBoats() })
	if got := optionsOf(evs); !slices.Equal(got, []string{"abandon"}) {
		t.Errorf("Boat #1 with 1 engine left may not tow: options %v", got)
	}
	_, evs = probe(t, 1, opts("short", "s100"), func(c *Campaign) { setup(c, 4, 0); c.lone().disabledBoats() })
	if got := optionsOf(evs); !slices.Equal(got, []string{"abandon"}) {
		t.Errorf("Sea State 4: options %v", got)
	}
	c, evs := probe(t, 1, opts("short", "s100"), func(c *Campaign) {
		_, s2 := setup(c, 2, 0)
		c.lone().disabledBoats()
		if s2.TowedBy == nil {
			t.Fatal("the reference Kommandant did not tow")
		}
		c.Mission.Sea = 5
		c.lone().checkTow()
	})
	if !slices.Contains(types(evs), "tow_parted") || c.Mission.Sorties[1].Gone != "sunk" {
		t.Error("Sea State 5 did not part the tow line and sink the towed boat")
	}
}

// Lone boats find their own way home at the end of the mission.
func TestRuleLoneBoat(t *testing.T) {
	c, evs := probe(t, 1, opts("short", "s100"), func(c *Campaign) {
		c.calendar().setUp()
		c.Mission = &Mission{Sunk: map[string]int{}, Sea: 2}
		c.Mission.Sorties = []*Sortie{{Boat: c.Boats[0], No: 1, Formation: true}, {Boat: c.Boats[1], No: 2, Gone: "separated"}}
		c.lone().loneBoats()
	})
	if !slices.Contains(types(evs), "lone_boat") {
		t.Fatal("no A-10 roll for the separated boat")
	}
	if g := c.Mission.Sorties[1].Gone; g != "" && g != "sunk" {
		t.Errorf("after A-10 the boat is %q", g)
	}
}

// I-3 and 7.0: "relieved of command" ends the campaign; the Fine Cognac
// turns it into a reprimand; a court-martial cannot be bribed.
func TestRuleInquiryAndCognac(t *testing.T) {
	force := func(total int) func(r *engine.RollRequest) []string {
		return func(r *engine.RollRequest) []string {
			if r.Table != "I-3" {
				return nil
			}
			mod := 0
			for _, m := range r.Mods {
				mod += m.Value
			}
			return []string{strconv.Itoa(max(1, min(10, total-mod)))}
		}
	}
	cases := []struct {
		name        string
		total       int
		cognac      bool
		over        bool
		reprimands  int
		cognacAfter bool
	}{
		{"cleared", 3, false, false, 0, false},
		{"reprimand", 7, false, false, 1, false},
		{"relieved", 10, false, true, 0, false},
		{"relieved, bribed with the cognac", 10, true, false, 1, false},
		{"court-martial, cognac useless", 12, true, true, 0, true},
	}
	for _, tc := range cases {
		c, _ := probeDice(t, opts("short", "s100"), force(tc.total), func(c *Campaign) {
			c.Cognac = tc.cognac
			c.debrief().inquiry(2, false, 0)
		})
		if c.Over != tc.over || c.Reprimand != tc.reprimands || c.Cognac != tc.cognacAfter {
			t.Errorf("%s: over %v reprimands %d cognac %v", tc.name, c.Over, c.Reprimand, c.Cognac)
		}
		if tc.over && !strings.Contains("relieved court_martial", c.EndReason) {
			t.Errorf("%s: end reason %q", tc.name, c.EndReason)
		}
	}
}

// "Completing a Mission" 1 (G-9): a severely wounded Kommandant who is
// "discharged" spends 14 days in hospital (our reading) and no mission
// sails meanwhile; a discharged crewman is replaced.
func TestRuleWoundsAfterMission(t *testing.T) {
	discharge := func(r *engine.RollRequest) []string {
		if r.Table == "G-9" {
			mod := 0
			for _, m := range r.Mods {
				mod += m.Value
			}
			return []string{strconv.Itoa(max(1, min(10, -1-mod)))} // total -1: discharged
		}
		return nil
	}
	c, evs := probeDice(t, opts("short", "s100"), discharge, func(c *Campaign) {
		c.calendar().setUp()
		c.crewman(posKMDT).SW = true
		c.crewman(posRadio).SW = true
		c.Mission = &Mission{Sunk: map[string]int{}}
		c.debrief().woundsAfter()
		c.debrief().replaceCrew()
		c.Mission = nil
		c.calendar().tonight()
	})
	if c.Hospital != 14 || c.kmdt().SW || !c.kmdt().Serving() {
		t.Errorf("Kommandant discharged: hospital %d, %+v", c.Hospital, c.kmdt())
	}
	if last := evs[len(evs)-1]; last.Type != "no_mission" || !strings.Contains(last.Str("reason"), "hospital") {
		t.Errorf("a mission while the Kommandant is in hospital: %v", last)
	}
	if c.crewman(posRadio).SW || len(c.Fallen) != 1 {
		t.Error("the discharged radio operator was not replaced")
	}
}

// "Completing a Mission" 2 (H-1, H-2): a damaged boat is repaired for the
// H-1 days, plus H-2 days for each destroyed engine, turbojet or radio.
func TestRuleRepairs(t *testing.T) {
	c, evs := probe(t, 1, opts("short", "s100"), func(c *Campaign) {
		c.calendar().setUp()
		c.Mission = &Mission{Sunk: map[string]int{}}
		c.Mission.Sorties = []*Sortie{
			{Boat: c.Boats[0], No: 1, Components: 2, Destroyed: []string{"engine"}},
			{Boat: c.Boats[1], No: 2, Points: 3},
			{Boat: c.Boats[2], No: 3},
		}
		c.debrief().repairs()
	})
	var tabs []string
	for _, e := range evs {
		if e.Type == "roll" && e.Str("table")[0] == 'H' {
			tabs = append(tabs, e.Str("table"))
		}
	}
	if !slices.Equal(tabs, []string{"H-1", "H-2", "H-1"}) {
		t.Errorf("repair rolls %v, want H-1 and H-2 for Boat #1, H-1 for Boat #2", tabs)
	}
	if c.Boats[0].Status != Repair || c.Boats[1].Status != Repair || c.Boats[2].Status != Ready {
		t.Errorf("statuses %s %s %s", c.Boats[0].Status, c.Boats[1].Status, c.Boats[2].Status)
	}
	if c.Boats[1].RepairDays < 1+2*3 {
		t.Errorf("3 damage points: %d days, want at least 7 (H-1: 1D6 +2 per point)", c.Boats[1].RepairDays)
	}
}
