package schnellboats

import (
	"bytes"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/schnell-wargames/schnell/engine"
	"github.com/schnell-wargames/schnell/gamelog"
	"github.com/schnell-wargames/schnell/scripting"
)

// two are the options of a two-player game.
func two(length, boat string) []gamelog.Option {
	return append(opts(length, boat), gamelog.Option{Name: "players", Value: "2"})
}

// eventsOf are the events of type typ.
func eventsOf(evs []gamelog.Event, typ eventType) []gamelog.Event {
	var out []gamelog.Event
	for _, e := range evs {
		if e.Type == string(typ) {
			out = append(out, e)
		}
	}
	return out
}

// atSeaTwo is atSea for the two-player game: player 2's hull sails as
// Boat #2.
func atSeaTwo(c *Campaign, weather Weather, types ...Enemy) *Combat {
	cb := atSea(c, weather, types...)
	for _, s := range c.Mission.Sorties {
		if c.manned(s) {
			s.Extinguishers = boatEquipment[c.Type].Extinguishers
		}
	}
	return cb
}

// 7.0 step 1: player 2 commands Boat #2 with a crew of named crewmen of
// his own (L tables), rolled at set-up; p1 is the squadron Kommandant.
// The solitaire game has no second player and no players option in its
// log header.
func TestRule7_0Step1TwoPlayerSetUp(t *testing.T) {
	for _, boat := range []string{"s100", "5b"} {
		c, evs := probe(t, 3, two("short", boat), func(c *Campaign) { c.calendar().setUp() })
		if c.Two == nil {
			t.Fatalf("%s: no player 2", boat)
		}
		if got, want := len(c.Two.Crew), len(boatPositions[c.Type]); got != want {
			t.Errorf("%s: Boat #2 has %d crewmen, want %d", boat, got, want)
		}
		for i, pos := range boatPositions[c.Type] {
			if m := c.Two.Crew[i]; m.Position != pos || !strings.Contains(m.Name, " ") {
				t.Errorf("%s: Boat #2 crewman %d is %+v, want a named man at %s", boat, i, m, pos)
			}
		}
		if c.Two.Hull == c.Flagship || c.hull2().ID != "SB2" {
			t.Errorf("%s: player 2 commands %s, want SB2 (not Boat #1's hull)", boat, c.hull2().ID)
		}
		if c.Lead.Side != sideP1 || c.Two.Side != sideP2 {
			t.Errorf("%s: sides %q and %q, want p1 (squadron) and p2", boat, c.Lead.Side, c.Two.Side)
		}
		sides := map[string]int{}
		for _, e := range eventsOf(evs, evCrewman) {
			sides[e.Str("side")]++
		}
		if n := len(boatPositions[c.Type]); sides["p1"] != n || sides["p2"] != n {
			t.Errorf("%s: crewman events by side %v, want %d each", boat, sides, n)
		}
		cmds := eventsOf(evs, evCommand)
		if len(cmds) != 2 || cmds[0].Str("role") != "squadron" || cmds[1].Str("role") != "boat2" || cmds[1].Str("side") != "p2" {
			t.Errorf("%s: command events %v, want p1 squadron then p2 boat2", boat, cmds)
		}
	}
	c, evs := probe(t, 3, opts("short", "s100"), func(c *Campaign) { c.calendar().setUp() })
	if c.Two != nil || len(eventsOf(evs, evCommand)) > 0 || c.SidesInPlay() != nil {
		t.Error("the solitaire game has a second player")
	}
	for _, e := range eventsOf(evs, evCrewman) {
		if e.Str("side") != "" {
			t.Fatalf("a solitaire crewman event names a side: %v", e)
		}
	}
	g, err := engine.New(engine.Config{Def: def(t), Seed: 1, Options: opts("short", "s100")})
	if err != nil {
		t.Fatal(err)
	}
	for _, o := range g.Header().Options {
		if o.Name == "players" {
			t.Error("a solitaire log header names the players option")
		}
	}
	g, err = engine.New(engine.Config{Def: def(t), Seed: 1, Options: two("short", "s100")})
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Contains(g.Header().Options, gamelog.Option{Name: "players", Value: "2"}) {
		t.Errorf("a two-player header %v lacks players=2", g.Header().Options)
	}
	if _, err := engine.New(engine.Config{Def: def(t), Seed: 1, Options: []gamelog.Option{{Name: "players", Value: "3"}}}); err == nil {
		t.Error("players=3 accepted")
	}
}

// 7.0 step 2: the squadron Kommandant (p1) gives the squadron's orders;
// once Boat #1 is sunk player 2 takes command for the rest of the mission.
func TestRule7_0Step2CommandPassesAtSea(t *testing.T) {
	var before, after string
	c, evs := probe(t, 4, two("short", "s100"), func(c *Campaign) {
		atSeaTwo(c, weatherGood, enemyMerchant)
		before = c.ask(askMove).Side
		c.harm().sink(c.sortie1(), "test")
		after = c.ask(askMove).Side
	})
	if before != "p1" || after != "p2" {
		t.Errorf("the squadron's orders: %q before Boat #1 sank, %q after; want p1 then p2", before, after)
	}
	cmds := eventsOf(evs, evCommand)
	last := cmds[len(cmds)-1]
	if last.Str("side") != "p2" || last.Str("role") != "squadron" || !strings.Contains(last.Str("why"), "rest of the mission") {
		t.Errorf("no hand-over to p2: %v", last)
	}
	if c.Lead.Side != "p1" {
		t.Errorf("for the campaign the squadron is still p1's; got %s", c.Lead.Side)
	}
	_, evs = probe(t, 4, opts("short", "s100"), func(c *Campaign) {
		atSea(c, weatherGood, enemyMerchant)
		if d := c.ask(askMove); d.Side != "" {
			t.Errorf("a solitaire decision belongs to side %q", d.Side)
		}
	})
	if len(eventsOf(evs, evCommand)) > 0 {
		t.Error("a solitaire game passes command")
	}
}

// 7.0 steps 1 and 3: a hit on Boat #2 rolls the damage tables of Boat #1
// (G-1): a component, not damage points, on her own damage log; a crew hit
// wounds one of her own crewmen, and her own wounded Kommandant earns his
// War Badge (6.0).
func TestRule7_0Step3Boat2DamageLog(t *testing.T) {
	var s2 *Sortie
	c, evs := probe(t, 5, two("short", "s100"), func(c *Campaign) {
		atSeaTwo(c, weatherGood)
		s2 = c.Mission.Sorties[1]
		for range 6 {
			c.air().hit(s2, attackFlare)
		}
		c.harm().crewHit(s2, attackFlare)
		c.harm().wound(findCrewman(c.Two.Crew, posKMDT), woundLW)
	})
	if s2.Points != 0 {
		t.Errorf("Boat #2 took %d damage points: she logs components (G-1)", s2.Points)
	}
	hitLoc := 0
	for _, e := range evs {
		if e.Type == "roll" && e.Str("table") == c.ids.HitLoc && e.Str("for") == s2.Boat.ID {
			hitLoc++
		}
	}
	if hitLoc == 0 {
		t.Errorf("no %s roll for Boat #2's hits", c.ids.HitLoc)
	}
	if !c.Two.hit || c.Mission.KmdtHit {
		t.Errorf("Boat #2's Kommandant wounded: his hit %v, Boat #1's %v; want true, false", c.Two.hit, c.Mission.KmdtHit)
	}
	for _, e := range eventsOf(evs, evWound) {
		if e.Str("side") != "p2" {
			t.Errorf("a wound aboard Boat #2 is not p2's crew's: %v", e)
		}
	}
	for _, m := range c.Crew {
		if m.Wounds > 0 {
			t.Errorf("Boat #1's %s was wounded by hits on Boat #2", m.Name)
		}
	}
	// Solitaire: Boat #2 takes damage points (G-2).
	var p2 *Sortie
	probe(t, 5, opts("short", "s100"), func(c *Campaign) {
		atSea(c, weatherGood)
		p2 = c.Mission.Sorties[1]
		c.air().hit(p2, attackFlare)
	})
	if p2.Points == 0 {
		t.Error("solitaire: a hit on Boat #2 gave no damage points")
	}
}

// 7.0 step 3: on Boat #2's turn the tables and modifiers that name Boat
// #1's crew read Boat #2's: her Veteran gun crews fire twice (4.6), a
// stand-in steers when her helmsman is down (4.12), and the engines and
// radio the tables read are hers.
func TestRule7_0Step3Boat2TablesAsBoat1(t *testing.T) {
	probe(t, 6, two("short", "s100"), func(c *Campaign) {
		atSeaTwo(c, weatherGood)
		s1, s2 := c.Mission.Sorties[0], c.Mission.Sorties[1]
		var buf [6]Skill
		if got := len(c.board().shots(s2, buf[:0])); got != 3 {
			t.Errorf("Boat #2 with 3 average gun crews: %d shots, want 3", got)
		}
		for _, pos := range cannonCrews {
			findCrewman(c.Two.Crew, pos).Veteran = true
		}
		if got := len(c.board().shots(s2, buf[:0])); got != 6 {
			t.Errorf("Boat #2 with 3 Veteran gun crews: %d shots, want 6", got)
		}
		if got := len(c.board().shots(s1, buf[:0])); got != 3 {
			t.Errorf("Boat #1 fires with her own (average) crews: %d shots, want 3", got)
		}
		findCrewman(c.Two.Crew, posHelm).KIA = true
		if c.posts().helmStandInOf(s2) != 1 || c.posts().helmStandInOf(s1) != 0 {
			t.Error("Boat #2's helmsman killed: the stand-in is hers alone")
		}
		s2.EnginesOut, s2.RadioOut = 2, true
		f := facts{c: c, sortie: s2}
		if factNamed(&f, "engines_out") != 2 || factNamed(&f, "radio_out") != 1 {
			t.Error("on Boat #2's roll the tables read her engines and radio")
		}
		f = facts{c: c}
		if factNamed(&f, "engines_out") != 0 || factNamed(&f, "radio_out") != 0 {
			t.Error("a roll for no boat reads Boat #1's engines and radio")
		}
		if slow, _ := c.slow(); !slow {
			t.Error("Boat #2 with 2 engines out does not slow the squadron (4.4)")
		}
	})
}

// 7.0 step 4: VP are split evenly between the players (each record shows
// half), the squadron keeping the total.
func TestRule7_0Step4VPSplit(t *testing.T) {
	c, _ := probe(t, 7, two("short", "s100"), func(c *Campaign) {
		c.calendar().setUp()
		c.vp(vpMerchant, 3, "test")
		c.vp(vpMissionSuccess, 1, "test")
	})
	if c.VP == 0 || c.Lead.Earned != c.VP || c.Two.Earned != c.VP {
		t.Fatalf("squadron %d VP; records earned p1 %d, p2 %d: want the squadron's total each", c.VP, c.Lead.Earned, c.Two.Earned)
	}
	for _, tc := range []struct {
		earned int
		want   string
	}{{0, "0"}, {10, "5"}, {11, "5.5"}, {-3, "-1.5"}, {-4, "-2"}} {
		if got := (Record{Earned: tc.earned}).VPText(); got != tc.want {
			t.Errorf("half of %d = %q, want %q", tc.earned, got, tc.want)
		}
	}
}

// 7.0 step 4 and 6.0: a medal grade reached by the squadron's total goes
// to both players at once; the War Badge is each Kommandant's own.
func TestRule7_0Step4MedalsForBoth(t *testing.T) {
	c, evs := probe(t, 8, two("short", "s100"), func(c *Campaign) {
		c.calendar().setUp()
		c.VP = 250
		c.Two.Successful = 12
		c.coop().medalsTwo()
	})
	want := []string{"Iron Cross", "Iron Cross with Oak Leaves"}
	if !slices.Equal(c.Medals, want) || !slices.Equal(c.Two.Medals, append([]string{"S-Boat War Badge"}, want...)) {
		t.Errorf("medals p1 %q, p2 %q; want both %q, and p2's War Badge", c.Medals, c.Two.Medals, want)
	}
	if c.WarBadge || !c.Two.WarBadge {
		t.Errorf("War Badge p1 %v p2 %v: only p2 flew 12 successful missions", c.WarBadge, c.Two.WarBadge)
	}
	bySide := map[string]int{}
	for _, e := range eventsOf(evs, evMedal) {
		bySide[e.Str("side")]++
	}
	if bySide["p1"] != 2 || bySide["p2"] != 3 {
		t.Errorf("medal events by side %v, want p1 2, p2 3", bySide)
	}
}

// 7.0 step 4: when the squadron Kommandant is killed (or relieved),
// player 2 becomes the squadron Kommandant for the rest of the campaign
// and player 1 enters again with a new boat and crew as Boat #2; a killed
// player 2 enters again the same way; with both gone (killed, relieved or
// court-martialled) in one mission the campaign ends (our reading).
func TestRule7_0Step4CommandPassesForTheCampaign(t *testing.T) {
	type result struct {
		c   *Campaign
		evs []gamelog.Event
	}
	run := func(seed uint64, f func(c *Campaign)) result {
		c, evs := probe(t, seed, two("long", "s100"), func(c *Campaign) {
			c.calendar().setUp()
			c.Mission = &Mission{Sunk: map[string]int{}, Patrolled: 4, Sorties: []*Sortie{{Boat: c.Boats[0], No: 1}, {Boat: c.hull2(), No: 2}}}
			f(c)
			c.coop().afterTwo(0, false, 0)
		})
		return result{c, evs}
	}
	t.Run("squadron Kommandant killed", func(t *testing.T) {
		var p2Name string
		var p2Crew []*Crewman
		r := run(9, func(c *Campaign) {
			p2Name, p2Crew = c.coop().nameOf(c.Two.Crew), c.Two.Crew
			c.Lead.Earned, c.Two.Earned = 40, 40
			c.harm().kill(c.kmdt())
		})
		c := r.c
		if c.Over {
			t.Fatal("the two-player campaign ended with the squadron Kommandant's death")
		}
		if c.Lead.Side != "p2" || c.coop().nameOf(c.Crew) != p2Name || &c.Crew[0] != &p2Crew[0] || c.boat1().ID != "SB2" {
			t.Errorf("the squadron passed to %s %s in %s, want p2 %s in SB2", c.Lead.Side, c.coop().nameOf(c.Crew), c.boat1().ID, p2Name)
		}
		if c.Two.Side != "p1" || c.Two.Earned != 0 || c.Two.Hull == c.Flagship || findCrewman(c.Two.Crew, posKMDT).KIA {
			t.Errorf("player 1 did not enter again as Boat #2 with a new crew and record: %+v", c.Two.Record)
		}
		if c.Lead.Earned != 40 {
			t.Errorf("p2's record did not go with him: earned %d, want 40", c.Lead.Earned)
		}
		if len(c.Former) != 1 || c.Former[0].Side != "p1" || c.Former[0].Why != "killed" || c.Former[0].Earned != 40 {
			t.Errorf("former Kommandants %+v, want p1 killed with 40 earned", c.Former)
		}
		if n := len(eventsOf(r.evs, evCommand)); n != 4 {
			t.Errorf("%d command events, want 4 (set-up 2, the pass, the re-entry)", n)
		}
	})
	t.Run("Boat #2's Kommandant killed", func(t *testing.T) {
		var lead string
		r := run(10, func(c *Campaign) {
			lead = c.coop().nameOf(c.Crew)
			c.harm().kill(findCrewman(c.Two.Crew, posKMDT))
		})
		c := r.c
		if c.Over || c.Lead.Side != "p1" || c.coop().nameOf(c.Crew) != lead {
			t.Errorf("p2's death moved the squadron's command: %s %s", c.Lead.Side, c.coop().nameOf(c.Crew))
		}
		if c.Two.Side != "p2" || findCrewman(c.Two.Crew, posKMDT).KIA || len(c.Former) != 1 {
			t.Errorf("p2 did not enter again with a new crew: %+v, former %+v", c.Two.Record, c.Former)
		}
	})
	t.Run("both killed", func(t *testing.T) {
		r := run(11, func(c *Campaign) {
			c.harm().kill(c.kmdt())
			c.harm().kill(findCrewman(c.Two.Crew, posKMDT))
		})
		if !r.c.Over || r.c.EndReason != "killed" {
			t.Errorf("both Kommandants killed: over %v (%s), want the campaign over (killed)", r.c.Over, r.c.EndReason)
		}
	})
	// Our reading (the book is silent): both Kommandants gone in one
	// mission, in any pairing, end the campaign with the squadron
	// Kommandant's fate; both_gone=continue: both players enter again.
	for _, tc := range []struct{ lead, two string }{{"relieved", "killed"}, {"court_martial", "killed"}, {"killed", "killed"}} {
		t.Run("squadron Kommandant "+tc.lead+", Boat #2's "+tc.two, func(t *testing.T) {
			for _, goOn := range []bool{false, true} {
				o := two("long", "s100")
				if goOn {
					o = append(o, gamelog.Option{Name: "both_gone", Value: "continue"})
				}
				var names [2]string
				c, evs := probe(t, 13, o, func(c *Campaign) {
					c.calendar().setUp()
					names = [2]string{c.coop().nameOf(c.Crew), c.coop().nameOf(c.Two.Crew)}
					c.Mission = &Mission{Sunk: map[string]int{}, Patrolled: 4, Sorties: []*Sortie{{Boat: c.Boats[0], No: 1}, {Boat: c.hull2(), No: 2}}}
					if tc.lead == "killed" {
						c.harm().kill(c.kmdt())
					} else {
						c.debrief().endCampaign(tc.lead) // the Board of Inquiry's finding (I-3)
					}
					c.harm().kill(findCrewman(c.Two.Crew, posKMDT))
					c.coop().afterTwo(0, false, 0)
				})
				if !goOn {
					if !c.Over || c.EndReason != tc.lead {
						t.Errorf("both gone: over %v (%q), want the campaign over (%s)", c.Over, c.EndReason, tc.lead)
					}
					continue
				}
				if c.Over || c.Lead.Side != "p2" || c.Two.Side != "p1" || len(c.Former) != 2 ||
					c.coop().nameOf(c.Crew) == names[1] || c.coop().nameOf(c.Two.Crew) == names[0] || c.kmdt().KIA || findCrewman(c.Two.Crew, posKMDT).KIA {
					t.Errorf("both_gone=continue: over %v, squadron %s %s, Boat #2 %s %s, former %+v", c.Over, c.Lead.Side, c.coop().nameOf(c.Crew), c.Two.Side, c.coop().nameOf(c.Two.Crew), c.Former)
				}
				if n := len(eventsOf(evs, evCommand)); n != 5 {
					t.Errorf("both_gone=continue: %d command events, want 5 (set-up 2, p2 enters, the pass, p1 enters)", n)
				}
			}
		})
	}
	t.Run("squadron Kommandant relieved", func(t *testing.T) {
		c, _ := probe(t, 12, two("long", "s100"), func(c *Campaign) {
			c.calendar().setUp()
			c.Mission = &Mission{Sunk: map[string]int{}, Sorties: []*Sortie{{Boat: c.Boats[0], No: 1}, {Boat: c.hull2(), No: 2}}}
			c.debrief().endCampaign("relieved") // what the Board of Inquiry's finding does (I-3)
			c.coop().afterTwo(0, false, 0)
		})
		if c.Over || c.Lead.Side != "p2" || c.Two.Side != "p1" || c.Former[0].Why != "relieved" {
			t.Errorf("relieved: over %v, squadron %s, Boat #2 %s, former %+v", c.Over, c.Lead.Side, c.Two.Side, c.Former)
		}
	})
}

// 5.0, 4.12, K-1 and L with 7.0 step 1: Boat #2's crewmen are wounded,
// treated after the mission (G-9), replaced and become Veterans like
// Boat #1's; her Kommandant's hospital stay keeps the squadron in port.
func TestRule5_0Boat2CrewLikeBoat1(t *testing.T) {
	var old *Crewman
	c, evs := probe(t, 13, two("short", "s100"), func(c *Campaign) {
		c.calendar().setUp()
		for _, m := range c.Two.Crew {
			m.Successes = 14
		}
		old = findCrewman(c.Two.Crew, posTorpedo)
		c.harm().kill(old)
		c.Mission = &Mission{Sunk: map[string]int{}, Patrolled: 4, Sorties: []*Sortie{{Boat: c.Boats[0], No: 1}, {Boat: c.hull2(), No: 2}}}
		c.debrief().completeMission(true)
	})
	if findCrewman(c.Two.Crew, posTorpedo) == old || !slices.Contains(c.Two.Fallen, old) {
		t.Error("Boat #2's killed torpedo crew was not replaced (K-1, L)")
	}
	reps := eventsOf(evs, evReplacement)
	if len(reps) != 1 || reps[0].Str("side") != "p2" || reps[0].Str("position") != posTorpedo.String() {
		t.Errorf("replacement events %v, want one for p2's torpedo crew", reps)
	}
	vets := 0
	for _, m := range c.Two.Crew {
		if m.Veteran && m != findCrewman(c.Two.Crew, posTorpedo) {
			vets++
		}
	}
	if vets != len(c.Two.Crew)-1 {
		t.Errorf("%d of Boat #2's crewmen became Veterans after 15 successful missions, want %d", vets, len(c.Two.Crew)-1)
	}
	if c.Two.Successful != 1 || c.Lead.Successful != 1 {
		t.Errorf("successful missions under each Kommandant: p1 %d p2 %d, want 1 each", c.Lead.Successful, c.Two.Successful)
	}
	_, evs = probe(t, 14, two("short", "s100"), func(c *Campaign) {
		c.calendar().setUp()
		c.Two.Hospital = 5
		c.calendar().tonight()
	})
	nm := eventsOf(evs, evNoMission)
	if len(nm) != 1 || !strings.Contains(nm[0].Str("reason"), "Boat #2") {
		t.Errorf("Boat #2's Kommandant in hospital: %v, want no mission", nm)
	}
}

// 7.0: player 2's hull sails as Boat #2; when it is under repair he takes
// another ready hull (4.11), and the squadron Kommandant never takes his.
func TestRule7_0Boat2Sails(t *testing.T) {
	c, evs := probe(t, 15, two("short", "s100"), func(c *Campaign) {
		c.calendar().setUp()
		c.Boats[0].Status, c.Boats[0].RepairDays = Repair, 3
		c.hull2().Status, c.hull2().RepairDays = Repair, 3
		c.calendar().tonight()
	})
	if c.Flagship == 0 || c.Two.Hull == 1 || c.Two.Hull == c.Flagship {
		t.Fatalf("Boat #1 hull %d, Boat #2 hull %d: want two other ready hulls", c.Flagship, c.Two.Hull)
	}
	for _, e := range eventsOf(evs, evMissionStart) {
		v, _ := e.Get("boats")
		if ids := v.Strs(); ids[0] != c.boat1().ID || ids[1] != c.hull2().ID {
			t.Errorf("mission boats %v: want Boat #1 %s, Boat #2 %s", ids, c.boat1().ID, c.hull2().ID)
		}
	}
	subs := eventsOf(evs, evSubstitution)
	if len(subs) != 2 || subs[1].Str("side") != "p2" {
		t.Errorf("substitutions %v: want Boat #1's, then p2's", subs)
	}
}

// A two-player campaign plays to its end with the reference Kommandant on
// both sides, its log the same twice and replayed byte for byte; both
// sides' decisions are logged with their side.
func TestTwoPlayerCampaignReplays(t *testing.T) {
	for _, seed := range []uint64{1, 4} {
		var logs [2]string
		for i := range logs {
			g, err := engine.New(engine.Config{Def: def(t), Seed: seed, Options: two("long", "s100")})
			if err != nil {
				t.Fatal(err)
			}
			g.SetDecider(engine.TakeDefault{})
			if _, err := g.Step(engine.NoPause); err != nil {
				t.Fatal(err)
			}
			if !g.Over() {
				t.Fatalf("seed %d: not over", seed)
			}
			lg := g.AsLog()
			for _, e := range lg.Events {
				if e.Type == "decision" && e.Str("side") == "" {
					t.Fatalf("seed %d: a two-player decision without a side: %v", seed, e)
				}
			}
			if _, err := engine.Replay(def(t), lg, len(lg.Events), engine.Config{Def: def(t)}); err != nil {
				t.Fatalf("seed %d: replay: %v", seed, err)
			}
			logs[i] = strings.Join(lg.Lines, "\n")
		}
		if logs[0] != logs[1] {
			t.Errorf("seed %d: two plays of the same seed differ", seed)
		}
	}
}

// 7.0 with the kernel's sides: either player can be given to a script
// (--side p2=script:FILE). With p2 played by scripts/reference.lua and p1
// by the reference Kommandant the log is the all-Go game's but for who
// decided, and every decision of p2 (the squadron's orders once Boat #1 is
// sunk, command having passed) is the script's.
func TestRule7_0SideToScript(t *testing.T) {
	d := def(t)
	g, err := engine.New(engine.Config{Def: d, Seed: 1, Options: two("long", "s100")})
	if err != nil {
		t.Fatal(err)
	}
	g.SetDecider(engine.TakeDefault{})
	specs, err := engine.ParseSides(d, []string{"p2=script:../scripts/reference.lua"})
	if err != nil {
		t.Fatal(err)
	}
	as, err := scripting.ApplySides(g, d, specs, scripting.Options{Deadline: scripting.DefaultDeadline * 8})
	if err != nil {
		t.Fatal(err)
	}
	defer func() {
		for _, a := range as {
			a.Close()
		}
	}()
	if _, err := g.Step(engine.NoPause); err != nil {
		t.Fatal(err)
	}
	ref, err := engine.New(engine.Config{Def: d, Seed: 1, Options: two("long", "s100")})
	if err != nil {
		t.Fatal(err)
	}
	ref.SetDecider(engine.TakeDefault{})
	if _, err := ref.Step(engine.NoPause); err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(logWithoutWho(g), logWithoutWho(ref)) {
		t.Error("p2 played by reference.lua: the log differs from the reference Kommandant's beyond who decided")
	}
	by := map[string]int{}
	for _, e := range g.AsLog().Events {
		if e.Type == "decision" {
			by[e.Str("side")+" "+e.Str("by")]++
		}
	}
	if by["p2 script"] == 0 || by["p2 default"] > 0 || by["p1 script"] > 0 {
		t.Errorf("decisions by side and who: %v; want p2's all by the script, p1's none", by)
	}
}

// 7.0 in the script's view: the players, the squadron Kommandant's side,
// Boat #2's crew (crew2) and player 2's hull (boat2).
func TestRule7_0View(t *testing.T) {
	for _, tc := range []struct {
		name    string
		o       []gamelog.Option
		players int
		side    string
		crew2   int
	}{{"solitaire", opts("short", "s100"), 1, "", 0}, {"two players", two("short", "s100"), 2, "p1", len(boatPositions[S100])}} {
		t.Run(tc.name, func(t *testing.T) {
			c, _ := probe(t, 16, tc.o, func(c *Campaign) { c.calendar().setUp() })
			got := map[string]gamelog.Value{}
			for _, f := range c.View() {
				got[f.Key] = f.Val
			}
			if got["players"].I != tc.players || got["squadron_side"].S != tc.side || len(got["crew2"].L) != tc.crew2 {
				t.Errorf("players %d, squadron_side %q, %d in crew2; want %d, %q, %d", got["players"].I, got["squadron_side"].S, len(got["crew2"].L), tc.players, tc.side, tc.crew2)
			}
			boat2 := 0
			for _, b := range got["boats"].L {
				if v, _ := b.Get("boat2"); v.B {
					boat2++
				}
			}
			if boat2 != tc.players-1 {
				t.Errorf("%d hulls marked boat2, want %d", boat2, tc.players-1)
			}
		})
	}
}

// sidesAsked records the side of every decision asked, by kind.
type sidesAsked map[string][]string

func (s sidesAsked) Decide(d *engine.Decision) (int, error) {
	s[d.Kind] = append(s[d.Kind], d.Side)
	return d.Default, nil
}
func (sidesAsked) Who() engine.Who { return engine.ByPlayer }

// 7.0 step 4 with I-3: the Board of Inquiry judges the squadron
// Kommandant, and the Fine Cognac is his to hand over, even on a night
// when Boat #1 was sunk and p2 led the squadron home.
func TestRule7_0Step4InquiryIsTheSquadronKommandants(t *testing.T) {
	asked := sidesAsked{}
	for seed := uint64(1); seed <= 40 && len(asked["cognac"]) == 0; seed++ {
		probeWith(t, seed, two("short", "s100"), asked, func(c *Campaign) {
			atSeaTwo(c, weatherGood)
			c.Cognac = true
			c.harm().sink(c.sortie1(), "test")
			c.debrief().inquiry(4, true, 0)
		})
	}
	if len(asked["cognac"]) == 0 {
		t.Fatal("no seed of 40 relieved the Kommandant after 4 boats lost")
	}
	for _, side := range asked["cognac"] {
		if side != "p1" {
			t.Errorf("the cognac decision belongs to %q, want p1 (the squadron Kommandant)", side)
		}
	}
}

// 7.0 step 1 on paper: each player has his own Crewmen Status Sheet; every
// sheet's head, the campaign log's foot and the after-action report name
// both Kommandants, with each player's half of the VP and his medals.
func TestRule7_0SheetsShowBothKommandants(t *testing.T) {
	g, err := engine.New(engine.Config{Def: def(t), Seed: 7, Options: two("short", "s100")})
	if err != nil {
		t.Fatal(err)
	}
	g.SetDecider(engine.TakeDefault{})
	if _, err := g.Step(engine.NoPause); err != nil {
		t.Fatal(err)
	}
	c, _ := CampaignOf(g)
	k1, k2 := c.coop().nameOf(c.Crew), c.coop().nameOf(c.Two.Crew)
	crew, err := GameSheets(g, "crew", 0)
	if err != nil {
		t.Fatal(err)
	}
	if len(crew) != 2 || !strings.Contains(crew[0].Title, "Boat #1") || !strings.Contains(crew[1].Title, "Boat #2") {
		t.Fatalf("crew sheets %d, want Boat #1's and Boat #2's", len(crew))
	}
	if crew[1].Rows[0][1] != k2 {
		t.Errorf("Boat #2's crew sheet starts with %q, want her Kommandant %s", crew[1].Rows[0][1], k2)
	}
	all, err := GameSheets(g, "all", 0)
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range all {
		if head := strings.Join(s.Head, " "); !strings.Contains(head, k1) || !strings.Contains(head, k2) {
			t.Errorf("sheet %s: head %q lacks a Kommandant", s.Title, head)
		}
	}
	foot := strings.Join(all[0].Foot, " ")
	for _, want := range []string{c.Lead.Side + ", Kommandant " + k1, c.Two.Side + ", Kommandant " + k2, "VP (half of " + strconv.Itoa(c.Lead.Earned) + ")"} {
		if !strings.Contains(foot, want) {
			t.Errorf("campaign sheet's foot lacks %q:\n%s", want, foot)
		}
	}
	aar, err := AAR(g.AsLog(), c, 0)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(aar, k1) || !strings.Contains(aar, k2) || !strings.Contains(aar, "as his half of the squadron's") {
		t.Errorf("the AAR does not tell of both Kommandants and their halves:\n%s", aar[:min(len(aar), 600)])
	}
}

// 1.0 with 7.0: the squadron Kommandant picks the boats that sail, but
// only picks that sail player 2's hull are offered, and his hull sails
// as Boat #2 whatever its place among the six.
func TestRule7_0SquadronDecisionSailsBoat2(t *testing.T) {
	var offered []string
	c, evs := probeWith(t, 17, two("short", "s100"), orders{"squadron": "SB2+SB4+SB6"}, func(c *Campaign) {
		c.calendar().setUp()
		c.Two.Hull = 3 // p2 commands SB4
		c.calendar().tonight()
	})
	for _, e := range evs {
		if e.Type == "decision" && e.Str("kind") == "squadron" {
			v, _ := e.Get("options")
			offered = v.Strs()
		}
	}
	if len(offered) == 0 {
		t.Fatal("no squadron decision with 5 hulls ready besides Boat #1")
	}
	for _, o := range offered {
		if !strings.Contains(o, "SB4") {
			t.Errorf("option %s does not sail p2's SB4", o)
		}
	}
	for _, e := range eventsOf(evs, evMissionStart) {
		v, _ := e.Get("boats")
		if got, want := v.Strs(), []string{"SB1", "SB4", "SB2", "SB6"}; !slices.Equal(got, want) {
			t.Errorf("boats %v, want %v (p2's SB4 as Boat #2)", got, want)
		}
	}
	if c.Mission != nil && c.Mission.Sorties[1].Boat.ID != "SB4" {
		t.Error("p2's hull is not Boat #2")
	}
	others := c.Boats[1:]
	if got := []int{c.coop().sailNo([]int{0, 2, 4}, others, 0), c.coop().sailNo([]int{0, 2, 4}, others, 1), c.coop().sailNo([]int{0, 2, 4}, others, 2)}; !slices.Equal(got, []int{3, 2, 4}) {
		t.Errorf("the option's numbers for SB2 SB4 SB6: %v, want #3 #2 #4", got)
	}
}

// 7.0 step 2: orders pass from Boat #1 to Boat #2 only while both radios
// work and both boats are in formation.
func TestRule7_0Step2RadioLink(t *testing.T) {
	for _, tc := range []struct {
		name string
		set  func(s1, s2 *Sortie)
		want bool
	}{
		{"both radios, in formation", func(s1, s2 *Sortie) {}, true},
		{"Boat #1's radio out", func(s1, s2 *Sortie) { s1.RadioOut = true }, false},
		{"Boat #2's radio out", func(s1, s2 *Sortie) { s2.RadioOut = true }, false},
		{"Boat #2 apart", func(s1, s2 *Sortie) { s2.Apart = 1 }, false},
		{"Boat #2 separated", func(s1, s2 *Sortie) { s2.Formation, s2.Gone = false, goneSeparated }, false},
		{"Boat #1 sunk", func(s1, s2 *Sortie) { s1.Gone = goneSunk }, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			probe(t, 18, two("short", "s100"), func(c *Campaign) {
				atSeaTwo(c, weatherGood)
				tc.set(c.Mission.Sorties[0], c.Mission.Sorties[1])
				if got := c.coop().linked(); got != tc.want {
					t.Errorf("linked = %v, want %v", got, tc.want)
				}
			})
		})
	}
	probe(t, 18, opts("short", "s100"), func(c *Campaign) {
		atSea(c, weatherGood)
		c.Mission.Sorties[1].RadioOut = true
		if !c.coop().linked() {
			t.Error("solitaire: no link to lose")
		}
	})
}

// 7.0 step 2 in combat: without a radio link player 2 decides whether Boat
// #2 keeps station or takes her own course (his decision); on her own
// course her speed and her move are his each round (and her leaving is
// her "out" move, never the boat_abort of a boat apart); with the link up
// nothing is asked of him.
func TestRule7_0Step2OwnCourseWithoutRadio(t *testing.T) {
	asked := sidesAsked{}
	var apart int
	probeWith(t, 19, two("short", "s100"), watchSides{asked, orders{"break_formation": "break"}}, func(c *Campaign) {
		cb := atSeaTwo(c, weatherGood, enemyDestroyer)
		cb.Zone = zoneMedium
		c.board().breakAway(cb) // linked: nothing asked
		c.Mission.Sorties[1].RadioOut = true
		c.board().breakAway(cb) // p2 takes her own course
		c.board().breakAway(cb) // on her own course: her speed and move are p2's
		apart = c.Mission.Sorties[1].Apart
	})
	if got := asked["break_formation"]; !slices.Equal(got, []string{"p2"}) {
		t.Errorf("break_formation asked of %v, want once of p2 (only once the radio is out)", got)
	}
	if apart != 2 {
		t.Errorf("Boat #2 on her own course two rounds: Apart %d, want 2", apart)
	}
	for _, kind := range []string{"boat_speed", "boat_range"} {
		if got := asked[kind]; !slices.Equal(got, []string{"p2", "p2"}) {
			t.Errorf("%s asked of %v, want p2 twice", kind, got)
		}
	}
	if got := asked["boat_abort"]; len(got) != 0 {
		t.Errorf("boat_abort asked of %v: her leaving is her own move", got)
	}
}

// watchSides records the sides asked and answers with the orders.
type watchSides struct {
	asked sidesAsked
	orders
}

func (w watchSides) Decide(d *engine.Decision) (int, error) {
	w.asked.Decide(d)
	return w.orders.Decide(d)
}

// 7.0 step 2 with 4.6: each player chooses his own boat's targets when
// its counter is drawn: Boat #2's boat_attack is p2's, the other boats'
// the squadron Kommandant's; solitaire, nobody's side.
func TestRule7_0Step2EachPlayerTargets(t *testing.T) {
	for _, tc := range []struct {
		name string
		o    []gamelog.Option
		want []string
	}{
		{"two players", two("short", "s100"), []string{"p1", "p2", "p1", "p1"}},
		{"solitaire", opts("short", "s100"), []string{"", "", "", ""}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			asked := sidesAsked{}
			probeWith(t, 20, tc.o, asked, func(c *Campaign) {
				cb := atSeaTwo(c, weatherGood, enemyMerchant)
				cb.Zone = zoneMedium
				cb.plan = "guns:" + cb.Enemy[0].ID
				for _, s := range c.Mission.Sorties {
					c.board().boatOrder(cb, s)
				}
			})
			if got := asked["boat_attack"]; !slices.Equal(got, tc.want) {
				t.Errorf("boat_attack of Boats #1-#4 asked of %q, want %q", got, tc.want)
			}
		})
	}
}

// 7.0 step 2 with 4.9: while the radio link is down the squadron
// Kommandant cannot order Boat #2 to abort (her course is p2's), and may
// order the other boats as before.
func TestRule7_0Step2NoAbortOrderWithoutRadio(t *testing.T) {
	w := watch{orders: orders{}, why: map[string]string{"abort SB2": "", "abort SB3": ""}}
	probeWith(t, 21, two("short", "s100"), w, func(c *Campaign) {
		cb := atSeaTwo(c, weatherGood, enemyDestroyer)
		cb.Zone = zoneMedium
		c.Mission.Sorties[1].RadioOut = true
		c.board().combatOrders(cb, 2)
	})
	if !strings.Contains(w.why["abort SB2"], "rule 7.0") {
		t.Errorf("abort SB2 without the radio link: refusal %q, want rule 7.0", w.why["abort SB2"])
	}
	if w.why["abort SB3"] != "" {
		t.Errorf("abort SB3 refused: %q", w.why["abort SB3"])
	}
}

// 7.0 step 2 with 4.8 and 4.9: with Boat #1 gone, Boat #2 commands the
// squadron for the rest of the mission, and like Boat #1 she never aborts
// alone (on the map nor in combat); the others still may.
func TestRule7_0Step2BoatInCommandNeverAbortsAlone(t *testing.T) {
	w := watch{orders{"move": "next", "speed": "medium", "range": "stay", "attack": "hold"}, map[string]string{"abort SB2": "", "abort SB3": ""}}
	probeWith(t, 4, two("short", "s100"), w, func(c *Campaign) {
		cb := atSeaTwo(c, weatherGood, enemyMerchant)
		c.harm().sink(c.sortie1(), "test")
		c.sea().orders()
		cb.Zone, cb.inZone = zoneLong, 1
		c.board().combatOrders(cb, 2)
	})
	if why := w.why["abort SB2"]; !strings.Contains(why, "7.0") || !strings.Contains(why, "never aborts alone") {
		t.Errorf("abort SB2 (Boat #2 in command): refusal %q", why)
	}
	if why := w.why["abort SB3"]; why != "" {
		t.Errorf("abort SB3 refused: %q", why)
	}
}

// 7.0 step 2: "if Schnell Boat #1 or #2 are separated from the squadron,
// or they voluntarily abort mission and leave formation, they must travel
// through each travel zone box on the map while returning to base, rolling
// on all necessary tables each turn": Boat #2 of the two-player game comes
// home zone by zone from where she parted, each turn's sea state and
// encounter rolled, her player deciding, and never on the lone-boat roll
// unless she lies disabled alone; the squadron's boats, home, are
// back in the squadron afterwards. A Boat #3 separated still rolls A-10.
func TestRule7_0Step2Boat2SailsHomeAlone(t *testing.T) {
	safe := 0
	for seed := uint64(1); seed <= 12; seed++ {
		c, evs := probe(t, seed, two("short", "s100"), func(c *Campaign) {
			atSeaTwo(c, weatherGood)
			m := c.Mission
			m.Combat, m.FirstZone = nil, 1
			m.Route = route(1)
			m.Pos = slices.Index(m.Route, "R2")
			s2, s3 := m.Sorties[1], m.Sorties[2]
			c.board().goAlone(s2, "left the squadron for Cherbourg") // 4.9: she aborts alone in R2
			c.board().goAlone(s3, "left the squadron for Cherbourg")
			c.sea().turnHome("test")
			c.lone().loneBoats()
		})
		m := c.Mission
		s2 := m.Sorties[1]
		var zones []string
		a10 := map[string]int{}
		alone := false
		for _, e := range evs {
			switch {
			case e.Type == "lone_boat" && e.Str("boat") == s2.Boat.ID && strings.HasPrefix(e.Str("result"), "zone by zone from R2"):
				alone = true
			case e.Type == "turn" && alone:
				zones = append(zones, e.Str("zone"))
			case e.Type == "roll" && e.Str("table") == "A-10":
				a10[e.Str("for")]++
			case e.Type == "decision" && alone && e.Str("side") != "p2":
				t.Errorf("seed %d: on her way home alone a decision of %q: %s", seed, e.Str("side"), e.Str("kind"))
			}
		}
		if !alone {
			t.Fatalf("seed %d: Boat #2 did not sail home alone", seed)
		}
		if a10[m.Sorties[2].Boat.ID] != 1 {
			t.Errorf("seed %d: Boat #3 alone rolled A-10 %d times, want 1", seed, a10[m.Sorties[2].Boat.ID])
		}
		for i, o := range m.Sorties {
			if i != 1 && i != 2 && o.Gone != "" {
				t.Errorf("seed %d: %s left as %q after Boat #2's trip", seed, o.Boat.ID, o.Gone)
			}
		}
		switch {
		case s2.Gone == "" && !s2.Disabled:
			safe++
			if a10[s2.Boat.ID] != 0 {
				t.Errorf("seed %d: Boat #2 came home zone by zone and also rolled A-10", seed)
			}
			if want := path("R2", "CHERBOURG"); len(zones) < len(want) || zones[len(zones)-1] != "CHERBOURG" {
				t.Errorf("seed %d: her turns %v, want each zone of %v", seed, zones, want)
			}
		case s2.Disabled && s2.Gone == "":
			if a10[s2.Boat.ID] != 1 {
				t.Errorf("seed %d: disabled alone, she rolled A-10 %d times, want 1", seed, a10[s2.Boat.ID])
			}
		}
	}
	if safe == 0 {
		t.Error("Boat #2 never came home in 12 seeds")
	}
}
