package schnellboats

import (
	"slices"
	"strings"
	"testing"

	"github.com/schnell-wargames/schnell/engine"
	"github.com/schnell-wargames/schnell/gamelog"
)

// dice forces the faces of rolls on tables, in order per table (the rest
// are rolled by the generator), and notes the modifiers of every roll.
type forced struct {
	faces map[string][][]string
	mods  map[string][][]string // table → the reasons of each roll's modifiers
}

func force(faces map[string][][]string) *forced {
	return &forced{faces: faces, mods: map[string][][]string{}}
}

func (f *forced) answer(r *engine.RollRequest) []string {
	var why []string
	for _, m := range r.Mods {
		why = append(why, m.Reason)
	}
	f.mods[r.Table] = append(f.mods[r.Table], why)
	if q := f.faces[r.Table]; len(q) > 0 {
		f.faces[r.Table] = q[1:]
		return q[0]
	}
	return nil
}

func rolls(evs []gamelog.Event, table string) int {
	n := 0
	for _, e := range evs {
		if e.Type == "roll" && e.Str("table") == table {
			n++
		}
	}
	return n
}

// 4.4: a Slow squadron spends 2 turns in each zone, and the second is a
// full turn: a sea state roll and an encounter roll each turn.
func TestRule4_4SlowSecondTurnIsFull(t *testing.T) {
	_, evs := probe(t, 5, opts("short", "s100"), func(c *Campaign) {
		c.calendar().setUp()
		c.Mission = &Mission{Pos: -1, Sunk: map[string]int{}, FirstZone: 1, Home: true}
		s := &Sortie{Boat: c.Boats[0], No: 1, Formation: true, EnginesOut: 2}
		c.Mission.Sorties = []*Sortie{s, {Boat: c.Boats[1], No: 2, Formation: true}}
		c.Mission.Route = append(slices.Clone(path("CHERBOURG", "Y1")), path("Y1", "CHERBOURG")...)
		c.sea().sail()
	})
	seaRolls, encounters, turns, slowTurns := rolls(evs, "A-5"), rolls(evs, "A-6")+rolls(evs, "A-7"), 0, 0
	for _, e := range evs {
		switch e.Type {
		case "turn":
			turns++
		case "slow_turn":
			slowTurns++
			if _, ok := e.Get("sea_state"); !ok {
				t.Error("slow_turn without its sea state")
			}
		}
	}
	// G1, Y1, G1 at sea (2 turns each), then Cherbourg: arrival ends it.
	if turns != 4 || slowTurns != 3 {
		t.Fatalf("%d zones entered and %d second turns, want 4 and 3", turns, slowTurns)
	}
	if seaRolls != turns+slowTurns || encounters != 2*slowTurns {
		t.Errorf("%d sea state and %d encounter rolls in %d+%d turns: want one sea state a turn, one encounter a turn at sea", seaRolls, encounters, turns, slowTurns)
	}
}

// Errata 8 (B-5 note e): against aircraft the squadron is only as fast as
// its slowest boat: a #2-#4 with 3 damage points (Slow or Medium only), or
// a Projekt 5b with both turbojets out, keeps it from going to Fast.
func TestErrata8SlowestBoatAgainstAircraft(t *testing.T) {
	cases := []struct {
		name, boat string
		setup      func(s1, s2 *Sortie)
		fast       bool
		why        string
	}{
		{"undamaged", "s100", func(_, _ *Sortie) {}, true, ""},
		{"#2 with 3 points", "s100", func(_, s2 *Sortie) { s2.Points = 3 }, false, "Boat #2 has 3 damage points"},
		{"5b, a turbojet out", "5b", func(s1, _ *Sortie) { s1.JetsOut = 1 }, true, ""},
		{"5b, both turbojets out", "5b", func(s1, _ *Sortie) { s1.JetsOut = 2 }, false, "both turbojets out"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			spot := map[string][]string{"s100": {"B-1", "B-3"}, "5b": {"B-1", "B-3"}}[tc.boat]
			f := force(map[string][][]string{spot[0]: {{"10"}}, spot[1]: {{"10"}}})
			var offered []string
			why := ""
			g, camp := newProbe(t, 1, engine.Physical, opts("short", tc.boat), func(c *Campaign) {
				c.calendar().setUp()
				c.Mission = &Mission{Sunk: map[string]int{}, Sea: 2, Pos: 0, Route: []string{"G1", "CHERBOURG"}}
				s1 := &Sortie{Boat: c.Boats[0], No: 1, Formation: true}
				s2 := &Sortie{Boat: c.Boats[1], No: 2, Formation: true}
				c.Mission.Sorties = []*Sortie{s1, s2}
				tc.setup(s1, s2)
				c.air().airPatrol(false)
			})
			g.SetDecider(deciderFunc(func(d *engine.Decision) (int, error) {
				if d.Kind == string(askAirSpeed) {
					for _, o := range d.Options {
						offered = append(offered, o.Name)
					}
					why, _ = d.Refusal("choose fast")
				}
				return d.Default, nil
			}))
			playDice(t, g, f.answer)
			_ = camp
			if got := slices.Contains(offered, "fast"); got != tc.fast {
				t.Errorf("fast offered: %v (options %v), want %v", got, offered, tc.fast)
			}
			if !tc.fast && (!strings.Contains(why, "errata 8") || !strings.Contains(why, tc.why)) {
				t.Errorf("refusal %q: want errata 8 and %q", why, tc.why)
			}
		})
	}
}

type deciderFunc func(d *engine.Decision) (int, error)

func (f deciderFunc) Decide(d *engine.Decision) (int, error) { return f(d) }
func (deciderFunc) Who() engine.Who                          { return engine.ByPlayer }

// wordlessFunc is a deciderFunc that reads no wording (engine.Wordless),
// as a script that names no prompt nor text: it gets an option's facts
// all the same.
type wordlessFunc deciderFunc

func (f wordlessFunc) Decide(d *engine.Decision) (int, error) { return f(d) }
func (wordlessFunc) Who() engine.Who                          { return engine.ByScript }
func (wordlessFunc) Wordless(string) bool                     { return true }

// playDice plays a physical-dice game out, answer giving the faces.
func playDice(t *testing.T, g *engine.Game, answer func(r *engine.RollRequest) []string) []gamelog.Event {
	t.Helper()
	var all []gamelog.Event
	evs, err := g.Step(engine.NoPause)
	for ; err == nil && !g.Over(); evs, err = g.Step(engine.NoPause) {
		all = append(all, evs...)
		p := g.Pending()
		if p == nil || p.Roll == nil {
			continue
		}
		if w := answer(p.Roll); w != nil {
			evs, err = g.RollFaces(w, 1<<30)
		} else {
			evs, err = g.RollGenerator(engine.NoPause)
		}
		all = append(all, evs...)
		if err != nil || g.Over() {
			break
		}
	}
	if err != nil {
		t.Fatal(err)
	}
	return all
}

// 2.0 f (our reading): a Projekt 5b's turbojets give her top speeds; one
// out, she is not Very Fast; both out, Medium at most.
func TestRule2_0fTurbojetsCostSpeed(t *testing.T) {
	for _, tc := range []struct {
		out  int
		want Speed
	}{{0, speedVeryFast}, {1, speedFast}, {2, speedMedium}} {
		probe(t, 1, opts("short", "5b"), func(c *Campaign) {
			c.calendar().setUp()
			c.Mission = &Mission{Sunk: map[string]int{}, Sea: 2}
			c.Mission.Sorties = []*Sortie{{Boat: c.Boats[0], No: 1, Formation: true, JetsOut: tc.out}, {Boat: c.Boats[1], No: 2, Formation: true}}
			if got, why := c.board().speedLimit(); got != tc.want || (tc.out > 0 && !strings.Contains(why, "turbojet")) {
				t.Errorf("%d turbojets out: limit %s (%q), want %s", tc.out, got, why, tc.want)
			}
		})
	}
}

// Lone boats (our reading, docs/rules-notes.md): a boat under tow, and the
// boat towing her, are never separated by the A-9 event.
func TestRuleLoneBoatsTowNeverSeparated(t *testing.T) {
	for range 20 {
		f := force(map[string][][]string{"A-9": {{"11"}}})
		c, _ := probeDice(t, opts("short", "s100"), f.answer, func(c *Campaign) {
			c.calendar().setUp()
			c.Mission = &Mission{Sunk: map[string]int{}, Sea: 2, Pos: 0, Route: []string{"G1", "CHERBOURG"}}
			s1 := &Sortie{Boat: c.Boats[0], No: 1, Formation: true}
			s2 := &Sortie{Boat: c.Boats[1], No: 2, Formation: true, Disabled: true, Points: 5}
			s3 := &Sortie{Boat: c.Boats[2], No: 3, Formation: true}
			s4 := &Sortie{Boat: c.Boats[3], No: 4, Formation: true}
			s2.TowedBy, s3.Towing = s3, s2
			c.Mission.Sorties = []*Sortie{s1, s2, s3, s4}
			c.sea().event()
		})
		for _, s := range c.Mission.Sorties[:3] {
			if s.Gone == goneSeparated {
				t.Fatalf("Boat #%d was separated (towed by %v, towing %v)", s.No, s.TowedBy != nil, s.Towing != nil)
			}
		}
		if c.Mission.Sorties[3].Gone != goneSeparated {
			t.Fatal("the only boat free of the tow was not separated")
		}
	}
	// With the tow pair alone besides Boat #1, no one is separated.
	c, _ := probeDice(t, opts("short", "s100"), force(map[string][][]string{"A-9": {{"11"}}}).answer, func(c *Campaign) {
		c.calendar().setUp()
		c.Mission = &Mission{Sunk: map[string]int{}, Sea: 2, Pos: 0, Route: []string{"G1", "CHERBOURG"}}
		s1 := &Sortie{Boat: c.Boats[0], No: 1, Formation: true}
		s2 := &Sortie{Boat: c.Boats[1], No: 2, Formation: true, Disabled: true, Points: 5}
		s2.TowedBy, s1.Towing = s1, s2
		c.Mission.Sorties = []*Sortie{s1, s2}
		c.sea().event()
	})
	if c.Mission.Sorties[1].Gone != "" {
		t.Errorf("the boat under tow was %s", c.Mission.Sorties[1].Gone)
	}
}

// Lone boats (our reading): the A-10 roll reads the lone boat's own radio,
// not Boat #1's.
func TestRuleLoneBoatOwnRadio(t *testing.T) {
	f := force(nil)
	probeDice(t, opts("short", "s100"), f.answer, func(c *Campaign) {
		c.calendar().setUp()
		c.Mission = &Mission{Sunk: map[string]int{}, Sea: 2}
		c.Mission.Sorties = []*Sortie{
			{Boat: c.Boats[0], No: 1, Formation: true, RadioOut: true},
			{Boat: c.Boats[1], No: 2, Gone: goneSeparated},
			{Boat: c.Boats[2], No: 3, Gone: goneSeparated, RadioOut: true},
		}
		c.lone().loneBoats()
	})
	got := f.mods["A-10"]
	if len(got) != 2 {
		t.Fatalf("%d A-10 rolls, want 2", len(got))
	}
	if slices.Contains(got[0], "no radio") || !slices.Contains(got[1], "no radio") {
		t.Errorf("A-10 modifiers %v: want no radio modifier for #2 (her radio works, Boat #1's is out), one for #3", got)
	}
}

// Errata G-12 step 6: after combat each Boat #1 crewman in the water is
// searched for (-1 when her life raft is destroyed: our reading, when she
// blew up or burned), and each one rescued rolls for wounds (G-8).
func TestErrataG12Step6RescuedRollForWounds(t *testing.T) {
	for _, raft := range []bool{false, true} {
		f := force(map[string][][]string{"G-10-C": {{"6"}, {"6"}, {"6"}, {"6"}, {"6"}, {"6"}, {"6"}, {"6"}, {"6"}, {"6"}, {"6"}, {"6"}, {"6"}, {"6"}}})
		c, evs := probeDice(t, opts("short", "s100"), f.answer, func(c *Campaign) {
			cb := atSea(c, weatherGood)
			s1 := c.Mission.Sorties[0]
			s1.RaftLost = raft
			c.Mission.Sorties[0].Gone, c.Mission.Sorties[0].Formation = goneSunk, false
			cb.inWater = append(cb.inWater, s1)
			c.board().searchWater(cb)
		})
		searched, wounds := rolls(evs, "G-10-C"), rolls(evs, "G-8")
		if searched != len(c.Crew) || wounds != searched {
			t.Errorf("raft lost %v: %d searched, %d G-8 rolls: want every rescued man to roll for wounds", raft, searched, wounds)
		}
		for _, m := range f.mods["G-10-C"] {
			if got := slices.Contains(m, "Boat #1's life raft destroyed"); got != raft {
				t.Errorf("raft lost %v: search modifiers %v", raft, m)
				break
			}
		}
	}
}

// G-3: a fire that "burns on (roll again next turn)" is fought again at the
// next turn, until it is out.
func TestRuleG3FireBurnsOn(t *testing.T) {
	f := force(map[string][][]string{"G-3": {{"7"}, {"6"}, {"2"}}})
	c, evs := probeDice(t, opts("short", "s100"), f.answer, func(c *Campaign) {
		c.calendar().setUp()
		c.Mission = &Mission{Sunk: map[string]int{}, Sea: 2, Pos: 0, Route: []string{"G1", "CHERBOURG"}}
		s1 := &Sortie{Boat: c.Boats[0], No: 1, Formation: true}
		c.Mission.Sorties = []*Sortie{s1, {Boat: c.Boats[1], No: 2, Formation: true}}
		c.harm().component(s1, compFire, false) // no extinguisher: G-3 7, burns on
		if !s1.Burning {
			t.Fatal("G-3 7 (burns on) did not leave the fire burning")
		}
		c.harm().burnOn() // next turn: 6, burns on again
		c.harm().burnOn() // and the turn after: 2, out
		c.harm().burnOn() // out: no more rolls
	})
	if got := rolls(evs, "G-3"); got != 3 {
		t.Errorf("%d G-3 rolls, want 3 (7 burns on, 6 burns on, 2 out)", got)
	}
	if s1 := c.Mission.Sorties[0]; s1.Burning || s1.Fire != 2 {
		t.Errorf("after the fire: burning %v, %d sections burned, want out and 2", s1.Burning, s1.Fire)
	}
}

// 1.0 (squadron management): with more than 3 ready hulls besides Boat #1
// the Kommandant chooses which 3 sail as #2-#4; the default is the first.
// Each option's facts name its boats and crews, for a decider that reads
// no wording too.
func TestRule1_0SquadronChoice(t *testing.T) {
	var offered []string
	def := -1
	c, evs := probeWith(t, 2, opts("short", "s100"), wordlessFunc(func(d *engine.Decision) (int, error) {
		if d.Kind == string(askSquadron) && offered == nil {
			pick := -1
			for i, o := range d.Options {
				offered = append(offered, o.Name)
				if o.Name == "SB3+SB5+SB6" {
					pick = i
					if len(o.Facts) != 2 || o.Facts[0].Key != "boats" || o.Facts[0].Val.S != "SB3 SB5 SB6" || o.Facts[1].Key != "crews" {
						t.Errorf("the option's facts for scripts: %+v", o.Facts)
					}
				}
			}
			def = d.Default
			return pick, nil
		}
		return d.Default, nil
	}), func(c *Campaign) {
		c.calendar().setUp()
		c.calendar().tonight()
	})
	if len(offered) != 10 || offered[0] != "SB2+SB3+SB4" || def != 0 {
		t.Fatalf("options %v (default %d): want the 10 choices of 3 of SB2-SB6, the first hulls first and the default", offered, def)
	}
	for _, e := range evs {
		if e.Type == "mission_start" {
			v, _ := e.Get("boats")
			if got := v.Strs(); !slices.Equal(got, []string{"SB1", "SB3", "SB5", "SB6"}) {
				t.Errorf("boats that sailed %v, want SB1 SB3 SB5 SB6", got)
			}
		}
	}
	_ = c
	// With only 3 others ready there is nothing to choose.
	_, evs = probe(t, 2, opts("short", "s100"), func(c *Campaign) {
		c.calendar().setUp()
		c.Boats[4].Status, c.Boats[4].RepairDays = Repair, 5
		c.Boats[5].Status, c.Boats[5].RepairDays = Repair, 5
		c.calendar().tonight()
	})
	for _, e := range evs {
		if e.Type == "decision" && e.Str("kind") == string(askSquadron) {
			t.Error("asked which boats sail with only 3 ready besides Boat #1")
		}
	}
}

// 4.3 and "Completing a Mission" 5: death ends the campaign first: a
// Kommandant killed on a mission in which boats were lost faces no Board
// of Inquiry.
func TestRule4_3DeathEndsTheCampaignFirst(t *testing.T) {
	c, evs := probe(t, 1, opts("short", "s100"), func(c *Campaign) {
		c.calendar().setUp()
		c.Mission = &Mission{Sunk: map[string]int{}, Sea: 2, Pos: 0, Route: []string{"CHERBOURG"}}
		c.Mission.Sorties = []*Sortie{{Boat: c.Boats[0], No: 1, Formation: true}, {Boat: c.Boats[1], No: 2, Formation: true}}
		c.harm().kill(c.kmdt())
		c.harm().lose(c.Mission.Sorties[1], goneSunk, "test", c.ids.Water)
		c.debrief().completeMission(false)
	})
	if c.EndReason != "killed" {
		t.Errorf("end reason %q, want killed", c.EndReason)
	}
	for _, e := range evs {
		if e.Type == "inquiry" || (e.Type == "roll" && e.Str("table") == "I-3") || e.Type == "replacement" {
			t.Errorf("after the Kommandant's death: %s %s", e.Type, e.Str("table"))
		}
	}
}

// 4.3 and the book's terms ("Short ... 121 days"): the campaign ends on
// 1944-06-01 and nothing happens on it or after it: no boat is delivered on
// the last day; a new boat carries the day she actually arrived.
func TestRule4_3NothingAfterTheEnd(t *testing.T) {
	dates := func(c *Campaign, evs []gamelog.Event) []string {
		var out []string
		for _, e := range evs {
			if e.Type == "new_boat" {
				out = append(out, e.Str("boat")+" "+e.Str("date"))
			}
		}
		return out
	}
	c, evs := probe(t, 1, opts("short", "s100"), func(c *Campaign) {
		c.calendar().setUp()
		c.Date = mkDate(1944, 5, 20)
		c.Boats[2].Status, c.Boats[2].RepairDays = Lost, 3  // arrives 05-23
		c.Boats[1].Status, c.Boats[1].RepairDays = Lost, 11 // 05-31: the campaign's last day
		c.Boats[3].Status, c.Boats[3].RepairDays = Lost, 12 // 06-01: the end, never
		c.Boats[4].Status, c.Boats[4].RepairDays = Lost, 13 // 06-02: never
		c.calendar().passDays(20)
	})
	if got := dates(c, evs); !slices.Equal(got, []string{"SB2 1944-05-31", "SB3 1944-05-23"}) {
		t.Errorf("new boats %v, want SB2 on 1944-05-31 and SB3 on 1944-05-23 only", got)
	}
	if c.Boats[3].Status != Lost || c.Boats[4].Status != Lost {
		t.Errorf("SB4 due on the end is %s, SB5 due after it %s", c.Boats[3].Status, c.Boats[4].Status)
	}
	// Whole campaigns: no event is dated after the end.
	for seed := uint64(1); seed <= 5; seed++ {
		g, _ := play(t, seed, "short", "s100")
		for _, e := range g.History() {
			for _, k := range []string{"date", "start"} {
				if d := e.Str(k); d > "1944-06-01" || d == "1944-06-01" && e.Type != "campaign_start" && e.Type != "campaign_end" {
					t.Fatalf("seed %d: %s dated %s", seed, e.Type, d)
				}
			}
		}
	}
}
