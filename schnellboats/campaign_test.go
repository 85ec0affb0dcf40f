package schnellboats

import (
	"bytes"
	"fmt"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/schnell-wargames/schnell/engine"
	"github.com/schnell-wargames/schnell/gamelog"
	"github.com/schnell-wargames/schnell/tables"
)

func def(t testing.TB) *engine.Definition {
	t.Helper()
	d, err := Definition()
	if err != nil {
		t.Fatal(err)
	}
	return d
}

func opts(length, boat string) []gamelog.Option {
	return []gamelog.Option{{Name: "campaign", Value: length}, {Name: "boat", Value: boat}}
}

// play runs a whole campaign with the reference Kommandant.
func play(t testing.TB, seed uint64, length, boat string) (*engine.Game, *Campaign) {
	t.Helper()
	g, err := engine.New(engine.Config{Def: def(t), Seed: seed, Options: opts(length, boat)})
	if err != nil {
		t.Fatal(err)
	}
	g.SetDecider(engine.TakeDefault{})
	if _, err := g.Step(engine.NoPause); err != nil {
		t.Fatalf("seed %d: %v", seed, err)
	}
	if !g.Over() {
		t.Fatalf("seed %d: the campaign did not end", seed)
	}
	c, _ := CampaignOf(g)
	return g, c
}

// probeRules runs f on a campaign instead of the whole Play.
type probeRules struct {
	c *Campaign
	f func(c *Campaign)
}

func (p probeRules) Play(x *engine.Ctx) { p.c.x = x; p.f(p.c) }

// newProbe makes a game whose rules run f on a fresh campaign instead of
// the whole Play; the campaign is returned once the game has started.
func newProbe(t *testing.T, seed uint64, mode engine.Mode, o []gamelog.Option, f func(c *Campaign)) (*engine.Game, **Campaign) {
	t.Helper()
	d := *def(t)
	camp := new(*Campaign)
	d.New = func(opts []gamelog.Option, tabs *tables.Set) (engine.Rules, error) {
		r, err := newCampaign(opts, tabs)
		if err != nil {
			return nil, err
		}
		*camp = r.(*Campaign)
		return probeRules{*camp, f}, nil
	}
	g, err := engine.New(engine.Config{Def: &d, Seed: seed, Mode: mode, Options: o})
	if err != nil {
		t.Fatal(err)
	}
	return g, camp
}

// probe runs f inside a game (so that it may roll and emit), decisions by
// the reference Kommandant, and returns the campaign and the events.
func probe(t *testing.T, seed uint64, o []gamelog.Option, f func(c *Campaign)) (*Campaign, []gamelog.Event) {
	t.Helper()
	return probeWith(t, seed, o, engine.TakeDefault{}, f)
}

// probeWith is probe with decisions by dec.
func probeWith(t *testing.T, seed uint64, o []gamelog.Option, dec engine.Decider, f func(c *Campaign)) (*Campaign, []gamelog.Event) {
	t.Helper()
	g, camp := newProbe(t, seed, engine.Digital, o, f)
	g.SetDecider(dec)
	evs, err := g.Step(engine.NoPause)
	if err != nil {
		t.Fatal(err)
	}
	return *camp, evs
}

func types(evs []gamelog.Event) []string {
	out := make([]string, len(evs))
	for i, e := range evs {
		out[i] = e.Type
	}
	return out
}

// 3.1 / Terms: campaign start dates and lengths; every campaign ends 1944-06-01.
func TestRule3_1CampaignDates(t *testing.T) {
	cases := []struct {
		length string
		start  string
		days   int
	}{{"short", "1944-02-01", 121}, {"medium", "1943-10-01", 244}, {"long", "1943-06-01", 366}}
	for _, tc := range cases {
		r, err := newCampaign(opts(tc.length, "s100"), nil)
		if err != nil {
			t.Fatal(err)
		}
		c := r.(*Campaign)
		if c.Start.String() != tc.start || c.End.String() != "1944-06-01" || c.End.DaysSince(c.Start) != tc.days {
			t.Errorf("%s: %s to %s (%d days), want %s, 1944-06-01, %d days", tc.length, c.Start, c.End, c.End.DaysSince(c.Start), tc.start, tc.days)
		}
	}
	if _, err := newCampaign(opts("forever", "s100"), nil); err == nil || !strings.Contains(err.Error(), "3.1") {
		t.Errorf("unknown length: %v", err)
	}
}

// 3.2: names and special skills for every Boat #1 position, start dates,
// six boats (4 + 2 reserve) all available, #2-#6 crews with a skill.
func TestRule3_2SetUp(t *testing.T) {
	for _, boat := range []string{"s100", "5b"} {
		c, evs := probe(t, 3, opts("medium", boat), func(c *Campaign) { c.calendar().setUp() })
		want := len(boatPositions[c.Type])
		if len(c.Crew) != want {
			t.Errorf("%s: %d crewmen, want %d", boat, len(c.Crew), want)
		}
		for _, m := range c.Crew {
			if m.Name == "" || !strings.Contains(m.Name, " ") || m.Start != c.Start {
				t.Errorf("%s: crewman %+v lacks a full name or start date", boat, m)
			}
		}
		if len(c.Boats) != 6 {
			t.Fatalf("%s: %d boats, want 6", boat, len(c.Boats))
		}
		for _, b := range c.Boats {
			if b.Status != Ready {
				t.Errorf("%s: boat %s is %s at the start", boat, b.ID, b.Status)
			}
		}
		if n := strings.Count(strings.Join(types(evs), " "), "crewman"); n != want {
			t.Errorf("%s: %d crewman events, want %d", boat, n, want)
		}
	}
	if n := len(boatPositions[S100]); n > 14 {
		t.Errorf("1.0: at most 14 Boat #1 crewmen, S-100 has %d", n)
	}
}

// 3.3 step 1 / "Mission" 1: no mission unless at least 2 serviceable boats.
func TestRule3_3TwoServiceableBoats(t *testing.T) {
	_, evs := probe(t, 1, opts("short", "s100"), func(c *Campaign) {
		c.calendar().setUp()
		for _, b := range c.Boats[1:] {
			b.Status, b.RepairDays = Repair, 5
		}
		c.calendar().tonight()
	})
	last := evs[len(evs)-1]
	if last.Type != "no_mission" || !strings.Contains(last.Str("reason"), "2 are needed") {
		t.Errorf("one ready boat: last event %s %v, want no_mission", last.Type, last.Fields)
	}
	if slices.Contains(types(evs), "mission_start") {
		t.Error("a mission sailed with one serviceable boat")
	}
}

// 4.11: when the flagship's hull is not ready the Kommandant takes another
// ready boat as Boat #1; boats under repair never sail.
func TestRule4_11Substitution(t *testing.T) {
	c, evs := probe(t, 2, opts("short", "s100"), func(c *Campaign) {
		c.calendar().setUp()
		c.Boats[0].Status, c.Boats[0].RepairDays = Repair, 9
		c.Boats[2].Status, c.Boats[2].RepairDays = Repair, 9
		c.calendar().tonight()
	})
	if !slices.Contains(types(evs), "substitution") {
		t.Fatal("no substitution")
	}
	if c.Flagship == 0 || c.Flagship == 2 {
		t.Errorf("Boat #1 is hull %d, which is under repair", c.Flagship)
	}
	for _, e := range evs {
		if e.Type == "mission_start" {
			v, _ := e.Get("boats")
			for _, id := range v.Strs() {
				if id == "SB1" || id == "SB3" {
					t.Errorf("boat %s under repair sailed", id)
				}
			}
		}
	}
}

// 3.3 step 2: S-100 in Bad weather always flies an Offensive Patrol;
// Projekt 5b in Bad weather is cancelled.
func TestRule3_3BadWeather(t *testing.T) {
	badS, bad5 := 0, 0
	for seed := uint64(1); seed <= 40; seed++ {
		g, _ := play(t, seed, "medium", "s100")
		h := g.History()
		for i, e := range h {
			if e.Type == "weather" && e.Str("weather") == "bad" {
				badS++
				for _, f := range h[i+1:] {
					if f.Type == "mission_type" {
						if f.Str("kind") != "patrol" {
							t.Fatalf("seed %d: S-100 in Bad weather flew %s", seed, f.Str("kind"))
						}
						break
					}
				}
			}
		}
		g, _ = play(t, seed, "medium", "5b")
		h = g.History()
		for i, e := range h {
			if e.Type == "weather" && e.Str("weather") == "bad" {
				bad5++
				if h[i+1].Type != "no_mission" {
					t.Fatalf("seed %d: Projekt 5b in Bad weather: next event %s, want no_mission", seed, h[i+1].Type)
				}
			}
		}
	}
	if badS == 0 || bad5 == 0 {
		t.Fatalf("no Bad weather seen (%d, %d): the test proves nothing", badS, bad5)
	}
}

// Zones / 4.4: Cherbourg → Green → Yellow → the 4 assigned Red Zones in
// order → Yellow → Green → Cherbourg, each step along a link.
func TestRuleZonesRoute(t *testing.T) {
	for first := 1; first <= redZones-3; first++ {
		r := route(first)
		if r[len(r)-1] != "CHERBOURG" {
			t.Errorf("route %d does not end at Cherbourg: %v", first, r)
		}
		prev := "CHERBOURG"
		var colours []Colour
		for _, id := range r {
			if !slices.Contains(zoneByID(prev).Links, id) {
				t.Errorf("route %d: %s → %s is not a link", first, prev, id)
			}
			colours = append(colours, zoneByID(id).Colour)
			prev = id
		}
		want := []Colour{colourGreen, colourYellow, colourRed, colourRed, colourRed, colourRed, colourYellow, colourGreen, colourBase}
		if !slices.Equal(colours, want) {
			t.Errorf("route %d colours %v, want %v (%v)", first, colours, want, r)
		}
		for i := range 4 {
			if r[2+i] != redZoneID(first+i) {
				t.Errorf("route %d: the assigned Red Zones are not in order: %v", first, r)
			}
		}
	}
	// Links are symmetric.
	for _, z := range strategicMap {
		for _, l := range z.Links {
			if !slices.Contains(zoneByID(l).Links, z.ID) {
				t.Errorf("link %s → %s has no way back", z.ID, l)
			}
		}
	}
}

// 4.4: Slow (Boat #1 with 2 engines out, a #2-#4 with 4 points, a tow)
// takes 2 turns per zone.
func TestRule4_4SlowTwoTurnsPerZone(t *testing.T) {
	_, evs := probe(t, 5, opts("short", "s100"), func(c *Campaign) {
		c.calendar().setUp()
		c.Mission = &Mission{Pos: -1, Sunk: map[string]int{}, FirstZone: 1, Route: route(1), Home: true}
		s := &Sortie{Boat: c.Boats[0], No: 1, Formation: true}
		t2 := &Sortie{Boat: c.Boats[1], No: 2, Formation: true}
		c.Mission.Sorties = []*Sortie{s, t2}
		s.EnginesOut = 2
		c.Mission.Route = path("CHERBOURG", "Y1")
		c.Mission.Route = append(c.Mission.Route, path("Y1", "CHERBOURG")...)
		c.sea().sail()
	})
	zones, turns := 0, 0
	for _, e := range evs {
		switch e.Type {
		case "turn":
			if e.Str("zone") == "CHERBOURG" {
				continue // arriving home ends the mission
			}
			zones++
			turns++
			if e.Str("speed") != "slow" {
				t.Errorf("turn %d at %s speed with 2 engines out", e.Int("n"), e.Str("speed"))
			}
		case "slow_turn":
			turns++
		}
	}
	if zones == 0 || turns != 2*zones {
		t.Errorf("%d zones in %d turns, want 2 turns per zone", zones, turns)
	}
}

// 6.0: the Iron Cross grades follow the book's VP bands exactly, by length.
func TestRule6_0MedalBands(t *testing.T) {
	bands := map[string][]int{ // lower bound of grades 1..6
		"short":  {100, 201, 401, 801, 1601, 3201},
		"medium": {150, 301, 601, 1201, 2401, 4801},
		"long":   {200, 401, 801, 1601, 3201, 6401},
	}
	for length, lows := range bands {
		for grade, lo := range lows {
			for _, vp := range []int{lo - 1, lo} {
				c, _ := probe(t, 1, opts(length, "s100"), func(c *Campaign) { c.VP = vp; c.debrief().medals() })
				want := grade + 1
				if vp == lo-1 {
					want = grade
				}
				if c.Grade != want {
					t.Errorf("%s campaign, %d VP: grade %d, want %d", length, vp, c.Grade, want)
				}
			}
		}
	}
	// Grades passed over are awarded together, in order; never taken back.
	c, evs := probe(t, 1, opts("short", "5b"), func(c *Campaign) {
		c.VP = 450
		c.debrief().medals()
		c.VP = 10
		c.debrief().medals()
	})
	var got []string
	for _, e := range evs {
		if e.Type == "medal" {
			got = append(got, e.Str("medal"))
		}
	}
	want := []string{"Iron Cross", "Iron Cross with Oak Leaves", "Iron Cross with Oak Leaves and Swords"}
	if !slices.Equal(got, want) || c.Grade != 3 {
		t.Errorf("450 VP then 10 VP: medals %q grade %d, want %q grade 3", got, c.Grade, want)
	}
}

// 6.0: the S-Boat War Badge after 12 successful missions or when the
// Kommandant is wounded.
func TestRule6_0WarBadge(t *testing.T) {
	c, _ := probe(t, 1, opts("short", "s100"), func(c *Campaign) { c.Stats.Successful = 11; c.debrief().medals() })
	if c.WarBadge {
		t.Error("War Badge after 11 successful missions")
	}
	c, _ = probe(t, 1, opts("short", "s100"), func(c *Campaign) { c.Stats.Successful = 12; c.debrief().medals() })
	if !c.WarBadge {
		t.Error("no War Badge after 12 successful missions")
	}
	c, _ = probe(t, 1, opts("short", "s100"), func(c *Campaign) {
		c.Mission = &Mission{KmdtHit: true}
		c.debrief().medals()
	})
	if !c.WarBadge {
		t.Error("no War Badge for a wounded Kommandant")
	}
}

// 7.0: three LW = SW; LW + SW = KIA; two SW = KIA.
func TestRule7_0Wounds(t *testing.T) {
	cases := []struct {
		name    string
		wounds  []Wound
		sw, kia bool
		lw      int
	}{
		{"one LW", []Wound{woundLW}, false, false, 1},
		{"three LW = SW", []Wound{woundLW, woundLW, woundLW}, true, false, 0},
		{"LW + SW = KIA", []Wound{woundLW, woundSW}, false, true, 1},
		{"SW + LW = KIA", []Wound{woundSW, woundLW}, true, true, 0},
		{"two SW = KIA", []Wound{woundSW, woundSW}, true, true, 0},
		{"KIA", []Wound{woundKIA}, false, true, 0},
	}
	for _, tc := range cases {
		c, _ := probe(t, 1, opts("short", "s100"), func(c *Campaign) {
			c.calendar().setUp()
			m := c.crewman(posHelm)
			for _, w := range tc.wounds {
				c.harm().wound(m, w)
			}
		})
		m := c.crewman(posHelm)
		if m.KIA != tc.kia || (!tc.kia && (m.SW != tc.sw || m.LW != tc.lw)) {
			t.Errorf("%s: LW %d SW %v KIA %v", tc.name, m.LW, m.SW, m.KIA)
		}
		if tc.kia && m.Serving() {
			t.Errorf("%s: a dead man serves (4.12)", tc.name)
		}
	}
}

// 5.0: Boat #1 crewmen become Veteran after 15 successful missions; a
// #2-#4 crew rises one level per 5 kills or per 15 successful missions.
func TestRule5_0VeteransAndCrewSkill(t *testing.T) {
	c, _ := probe(t, 1, opts("short", "s100"), func(c *Campaign) {
		c.calendar().setUp()
		for _, m := range c.Crew {
			m.Successes = 14
		}
		c.Mission = &Mission{Sunk: map[string]int{}, Patrolled: 4, Sorties: []*Sortie{{Boat: c.Boats[0], No: 1}, {Boat: c.Boats[1], No: 2}}}
		c.Boats[1].Skill, c.Boats[1].Kills = skillAverage, 5
		c.debrief().completeMission(true)
	})
	for _, m := range c.Crew {
		if !m.Veteran {
			t.Errorf("%s: 15 successful missions but not a Veteran", m.Name)
		}
	}
	if c.Boats[1].Skill != skillVeteran {
		t.Errorf("5 kills: crew skill %s, want veteran", c.Boats[1].Skill)
	}
	b := &Boat{Skill: skillGreen, Successes: 30}
	probe(t, 1, opts("short", "s100"), func(c *Campaign) { c.debrief().crewSkill(b) })
	if b.Skill != skillVeteran {
		t.Errorf("30 successful missions: skill %s, want 2 levels up", b.Skill)
	}
}

// "Completing a Mission": our reading of success (docs/rules-notes.md): the
// task done (all 4 zones patrolled, or the special mission accomplished),
// and not aborted before it; something sunk does not make a mission whose
// task was not done a success.
func TestRuleMissionSuccessReading(t *testing.T) {
	cases := []struct {
		patrolled, sunk  int
		special, aborted bool
		want             bool
	}{{4, 0, false, false, true}, {3, 0, false, false, false}, {0, 1, false, false, false}, {3, 2, false, false, false},
		{2, 0, true, false, true}, {0, 0, false, false, false}, {1, 3, false, true, false}}
	for _, tc := range cases {
		c := &Campaign{Mission: &Mission{Patrolled: tc.patrolled, Special: tc.special, Aborted: tc.aborted, Sunk: map[string]int{"merchant": tc.sunk}}}
		if got := c.debrief().missionSuccess(); got != tc.want {
			t.Errorf("%+v: success %v, want %v", tc, got, tc.want)
		}
		// The other reading (success=sunk): nothing sunk is a failure too.
		c.read.needSunk = true
		if got := c.debrief().missionSuccess(); got != (tc.want && tc.sunk > 0) {
			t.Errorf("success=sunk, %+v: success %v, want %v", tc, got, tc.want && tc.sunk > 0)
		}
	}
	if _, err := newCampaign([]gamelog.Option{{Name: "success", Value: "ships"}}, nil); err == nil || !strings.Contains(err.Error(), "want task or sunk") {
		t.Errorf("success=ships: %v", err)
	}
}

// Every campaign reaches its end: on 1944-06-01, or earlier by the
// Kommandant's death, relief of command or court-martial (I-3), with a
// rating from the length's table (J/I).
func TestCampaignsEnd(t *testing.T) {
	for _, boat := range []string{"s100", "5b"} {
		for _, length := range []string{"short", "long"} {
			for seed := uint64(1); seed <= 25; seed++ {
				g, c := play(t, seed, length, boat)
				h := g.History()
				last := h[len(h)-1]
				if last.Type != "campaign_end" || last.Str("rating") == "" {
					t.Fatalf("%s %s seed %d: last event %s %v", boat, length, seed, last.Type, last.Fields)
				}
				if c.EndReason == "completed" && c.Date != c.End {
					t.Errorf("completed campaign ends %s", c.Date)
				}
				if c.Date.Before(c.Start) || c.End.Before(c.Date) {
					t.Errorf("date %s outside the campaign", c.Date)
				}
			}
		}
	}
}

// Determinism: the same seed and the same decisions give a byte-identical
// log, and the log replays to the same game.
func TestSameSeedSameLog(t *testing.T) {
	logOf := func() []byte {
		g, _ := play(t, 99, "long", "s100")
		var b bytes.Buffer
		if err := g.WriteLog(&b); err != nil {
			t.Fatal(err)
		}
		return b.Bytes()
	}
	a, b := logOf(), logOf()
	if !bytes.Equal(a, b) {
		t.Fatal("two runs of seed 99 differ")
	}
	lg, err := gamelog.Read("seed99", bytes.NewReader(a))
	if err != nil {
		t.Fatal(err)
	}
	g, err := engine.Replay(def(t), lg, 0, engine.Config{})
	if err != nil {
		t.Fatalf("replay: %v", err)
	}
	var c bytes.Buffer
	g.WriteLog(&c)
	if !bytes.Equal(a, c.Bytes()) {
		t.Error("the replayed game's log differs")
	}
}

// Each booklet has every table the rules roll on (the loader enforces it).
func TestBookletsComplete(t *testing.T) {
	d := def(t)
	for _, b := range d.Booklets {
		for id := range required[b.Name] {
			if id == "" {
				continue
			}
			if _, ok := b.Tables.Get(id); !ok {
				t.Errorf("booklet %s lacks %s", b.Name, id)
			}
		}
	}
	// Table notes say where the numbers come from.
	for _, b := range d.Booklets {
		for _, id := range b.Tables.IDs() {
			if b.Tables.MustGet(id).Note == "" {
				t.Errorf("%s %s has no note", b.Name, id)
			}
		}
	}
}

func TestSummarize(t *testing.T) {
	g, c := play(t, 4, "short", "s100")
	s := summarize(g.AsLog())
	if !strings.Contains(s, fmt.Sprint(c.VP)) || !strings.Contains(s, c.EndReason) {
		t.Errorf("summary %q lacks VP %d or %s", s, c.VP, c.EndReason)
	}
}

// The acceptance: all six campaign × boat combinations play seeds
// 1..50 to their end without error, and a seed gives a byte-identical log.
func TestAllCombinationsSeeds1To50(t *testing.T) {
	seeds := uint64(50)
	if testing.Short() {
		seeds = 5
	}
	for _, boat := range []string{"s100", "5b"} {
		for _, length := range []string{"short", "medium", "long"} {
			t.Run(length+"-"+boat, func(t *testing.T) {
				for seed := uint64(1); seed <= seeds; seed++ {
					g, err := engine.New(engine.Config{Def: def(t), Seed: seed, Options: opts(length, boat)})
					if err != nil {
						t.Fatal(err)
					}
					if err := g.PlayOut(engine.TakeDefault{}, nil); err != nil {
						t.Fatalf("seed %d: %v", seed, err)
					}
					if c, _ := CampaignOf(g); c.EndReason == "" {
						t.Fatalf("seed %d: the campaign ended with no reason", seed)
					}
				}
				logOf := func() []byte {
					g, _ := play(t, 17, length, boat)
					var b bytes.Buffer
					g.WriteLog(&b)
					return b.Bytes()
				}
				if !bytes.Equal(logOf(), logOf()) {
					t.Error("seed 17 gives two different logs")
				}
			})
		}
	}
}

// Determinism whoever reads: the log a batch run streams (no history; the
// engine writes its rolls field by field), the log of a game that keeps its
// history, and the log of a game with an observer are the same bytes; and a
// run nobody reads (no log: the rules skip labels and wording) ends in the
// same campaign.
func TestLogSameWhoeverReads(t *testing.T) {
	d := def(t)
	for _, boat := range []string{"s100", "5b"} {
		for seed := uint64(1); seed <= 4; seed++ {
			run := func(keep, observe bool, log bool) ([]byte, []gamelog.Field) {
				g, err := engine.New(engine.Config{Def: d, Seed: seed, Options: opts("long", boat)})
				if err != nil {
					t.Fatal(err)
				}
				g.KeepHistory(keep)
				g.CollectEvents(keep)
				g.SetDecider(engine.TakeDefault{})
				if observe {
					g.Observe(func(e *gamelog.Event) {})
				}
				var b bytes.Buffer
				if log && !keep {
					g.WriteLog(&b)
				}
				if _, err := g.Step(engine.NoPause); err != nil {
					t.Fatal(err)
				}
				if log && keep {
					g.WriteLog(&b)
				}
				g.StopLog()
				return b.Bytes(), score(g.Rules())
			}
			streamed, r1 := run(false, false, true)
			kept, r2 := run(true, false, true)
			observed, r3 := run(false, true, true)
			_, r4 := run(false, false, false)
			if !bytes.Equal(streamed, kept) || !bytes.Equal(streamed, observed) {
				t.Errorf("%s seed %d: the streamed, kept and observed logs differ (%d, %d, %d bytes)", boat, seed, len(streamed), len(kept), len(observed))
			}
			if !reflect.DeepEqual(r1, r2) || !reflect.DeepEqual(r1, r3) || !reflect.DeepEqual(r1, r4) {
				t.Errorf("%s seed %d: the campaigns differ by who reads them: %+v %+v %+v %+v", boat, seed, r1, r2, r3, r4)
			}
		}
	}
}
