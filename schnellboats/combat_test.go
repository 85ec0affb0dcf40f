package schnellboats

import (
	"slices"
	"strings"
	"testing"

	"github.com/schnell-wargames/schnell/engine"
	"github.com/schnell-wargames/schnell/gamelog"
)

// orders answers decisions by kind (else the default).
type orders map[string]string

func (o orders) Decide(d *engine.Decision) (int, error) {
	if name, ok := o[d.Kind]; ok {
		for i, opt := range d.Options {
			if opt.Name == name {
				return i, nil
			}
		}
	}
	return d.Default, nil
}
func (orders) Who() engine.Who { return engine.ByPlayer }

// watch gives the orders and notes why the rules refuse the commands in
// why, as each decision is asked (command → the reason last given).
type watch struct {
	orders
	why map[string]string
}

func (w watch) Decide(d *engine.Decision) (int, error) {
	for cmd := range w.why {
		if why, ok := d.Refusal(cmd); ok {
			w.why[cmd] = why
		}
	}
	return w.orders.Decide(d)
}

// atSea sets up a mission with four boats in a Red Zone and a convoy-like
// enemy of the given types.
func atSea(c *Campaign, weather Weather, types ...Enemy) *Combat {
	c.calendar().setUp()
	m := &Mission{Sunk: map[string]int{}, Weather: weather, Sea: 2, Pos: 0, Route: []string{"R3", "CHERBOURG"}, FirstZone: 3}
	for i := range 4 {
		m.Sorties = append(m.Sorties, &Sortie{Boat: c.Boats[i], No: i + 1, Formation: true, Torpedoes: 4})
	}
	c.Mission = m
	cb := &Combat{Kind: encConvoy, Zone: zoneOut, Speed: speedMedium, Wave: 1}
	for i, t := range types {
		cb.Enemy = append(cb.Enemy, &Unit{ID: t.String() + "-" + string(rune('1'+i)), Type: t, Hull: 5, Size: sizeOf(t), Skill: skillAverage})
	}
	m.Combat = cb
	return cb
}

// sizeOf: MTBs and MGBs are small, the rest large (enough for these tests).
func sizeOf(t Enemy) Size {
	if t == enemyMtb || t == enemyMgb {
		return sizeSmall
	}
	return sizeLarge
}

// 4.7: Range Zone moves per round at each speed; placement from outside
// into Long counts as the first move (so Very Fast reaches Close in round
// 1); Slow spends 2 rounds in each zone.
func TestRule4_7MovesBySpeed(t *testing.T) {
	cases := []struct {
		speed string
		zones []RangeZone // zone after each of 4 rounds of "closer"
	}{
		{"slow", []RangeZone{zoneLong, zoneLong, zoneMedium, zoneMedium}},
		{"medium", []RangeZone{zoneLong, zoneMedium, zoneClose, zoneClose}},
		{"fast", []RangeZone{zoneMedium, zoneClose, zoneClose, zoneClose}},
		{"very_fast", []RangeZone{zoneClose, zoneClose, zoneClose, zoneClose}}, // placed in Long, then 2 more moves
	}
	for _, tc := range cases {
		var got []RangeZone
		probeWith(t, 3, opts("short", "s100"), orders{"speed": tc.speed, "range": "closer", "attack": "hold"}, func(c *Campaign) {
			cb := atSea(c, 0, 0)
			for r := 1; r <= 4; r++ {
				c.board().combatOrders(cb, r)
				got = append(got, cb.Zone)
			}
		})
		if !slices.Equal(got, tc.zones) {
			t.Errorf("%s: zones %v, want %v", tc.speed, got, tc.zones)
		}
	}
}

// 4.6: weather limits firing: Good from Long, Medium or Close; Poor from
// Medium or Close; Foggy and Bad from Close only.
func TestRule4_6WeatherLimitsFire(t *testing.T) {
	want := map[string][]bool{ // long, medium, close
		"good": {true, true, true}, "poor": {false, true, true}, "foggy": {false, false, true}, "bad": {false, false, true},
	}
	for w, zones := range want {
		wi := Weather(slices.Index(weathers, w))
		for i, ok := range zones {
			zone := zoneLong + RangeZone(i)
			if got := fireAllowed(wi, zone); got != ok {
				t.Errorf("%s weather, %s zone: fire allowed %v, want %v", w, zone, got, ok)
			}
		}
	}
	// The attack decision offers only "hold" where fire is not allowed, and
	// the refusal names the rule.
	w := watch{orders{"speed": "medium", "range": "closer"}, map[string]string{"fire merchant-1": ""}}
	_, evs := probeWith(t, 3, opts("short", "s100"), w, func(c *Campaign) {
		cb := atSea(c, weatherFoggy, 0)
		c.board().combatOrders(cb, 1) // into Long
	})
	if why := w.why["fire merchant-1"]; !strings.Contains(why, "rule 4.6") || !strings.Contains(why, "Close") {
		t.Errorf("refusal %q", why)
	}
	for _, e := range evs {
		if e.Type == "decision" && e.Str("kind") == "attack" {
			if v, _ := e.Get("options"); !slices.Equal(v.Strs(), []string{"hold"}) {
				t.Errorf("fog, Long range: attack options %v", v.Strs())
			}
		}
	}
}

// 4.6: no torpedo at an MTB or MGB; the refusal cites the rule.
func TestRule4_6NoTorpedoAtMTB(t *testing.T) {
	w := watch{orders{"speed": "very_fast", "range": "closer", "attack": "hold"}, map[string]string{"torpedo mtb-1": "", "torpedo:mtb-1": ""}}
	_, evs := probeWith(t, 3, opts("short", "s100"), w, func(c *Campaign) {
		cb := atSea(c, 0, 4, 0)
		c.board().combatOrders(cb, 1)
	})
	for cmd, why := range w.why {
		if !strings.Contains(why, "rule 4.6: torpedoes cannot be fired at an MTB") {
			t.Errorf("refusal of %s: %q", cmd, why)
		}
	}
	for _, e := range evs {
		if e.Type == "decision" && e.Str("kind") == "attack" {
			v, _ := e.Get("options")
			if slices.Contains(v.Strs(), "torpedo:mtb-1") || !slices.Contains(v.Strs(), "torpedo:merchant-2") || !slices.Contains(v.Strs(), "guns:mtb-1") {
				t.Errorf("attack options %v", v.Strs())
			}
		}
	}
}

// 4.6: each cannon fires once a round; twice with a Veteran Boat #1 gun
// crew; an Elite Boat #2-#4 crew fires twice.
func TestRule4_6CannonShots(t *testing.T) {
	probeWith(t, 3, opts("short", "s100"), orders{}, func(c *Campaign) {
		atSea(c, 0, 0)
		s1 := c.Mission.Sorties[0]
		if n := len(c.board().shots(s1, nil)); n != 3 {
			t.Errorf("Boat #1, 3 cannons: %d shots", n)
		}
		c.crewman(posFwdGun).Veteran = true
		if n := len(c.board().shots(s1, nil)); n != 4 {
			t.Errorf("Boat #1 with a Veteran forward gun crew: %d shots, want 4", n)
		}
		s1.CannonsOut = 1
		if n := len(c.board().shots(s1, nil)); n != 3 {
			t.Errorf("one cannon out: %d shots, want 3", n)
		}
		s2 := c.Mission.Sorties[1]
		s2.Boat.Skill = skillVeteran
		if n := len(c.board().shots(s2, nil)); n != 2 {
			t.Errorf("Veteran #2 crew: %d shots, want 2", n)
		}
		s2.Boat.Skill = skillElite
		if n := len(c.board().shots(s2, nil)); n != 4 {
			t.Errorf("Elite #2 crew: %d shots, want 4", n)
		}
	})
}

// 4.6: the order of attack is drawn for every unit present; sunk or evaded
// units leave the cup.
func TestRule4_6DrawCup(t *testing.T) {
	_, evs := probeWith(t, 3, opts("short", "s100"), orders{"boat_attack": "hold"}, func(c *Campaign) {
		cb := atSea(c, 0, 0, 0, 2)
		cb.Zone = zoneLong
		cb.Detected = true
		c.board().attacks(cb)
		cb.Enemy[1].Gone = "sunk"
		cb.Enemy[2].Gone = "evaded"
		c.board().attacks(cb)
	})
	var draws [][]string
	for _, e := range evs {
		if e.Type == "draw" {
			if e.Str("cup") != cupOrder {
				t.Errorf("draw from cup %q, want %q", e.Str("cup"), cupOrder)
			}
			v, _ := e.Get("chits")
			draws = append(draws, v.Strs())
		}
	}
	if len(draws) != 2 {
		t.Fatalf("%d draw events, want one a round (2)", len(draws))
	}
	want := [][]string{{"SB1", "SB2", "SB3", "SB4", "merchant-1", "merchant-2", "destroyer-3"}, {"SB1", "SB2", "SB3", "SB4", "merchant-1"}}
	for i, d := range draws {
		got := slices.Clone(d)
		slices.Sort(got)
		w := slices.Clone(want[i])
		slices.Sort(w)
		if !slices.Equal(got, w) {
			t.Errorf("draw %d: %v, want each of %v once (sunk and evaded units leave the cup)", i+1, d, want[i])
		}
	}
	if slices.Equal(draws[0], want[0]) && slices.Equal(draws[1], want[1]) {
		t.Error("both draws come out in the order the units were put in: not a draw")
	}
}

// 4.9: the squadron leaves combat only from the Long zone (at Medium after
// a round there); before it is placed it cannot leave; the refusal cites
// the rule.
func TestRule4_9LeaveFromLong(t *testing.T) {
	w := watch{orders{"speed": "medium", "range": "closer", "attack": "hold"}, map[string]string{"move out": ""}}
	_, evs := probeWith(t, 3, opts("short", "s100"), w, func(c *Campaign) {
		cb := atSea(c, 0, 0)
		c.board().combatOrders(cb, 1) // Long
		c.board().combatOrders(cb, 2) // Medium
		c.board().combatOrders(cb, 3) // Close: out is refused in Medium
	})
	if why := w.why["move out"]; !strings.Contains(why, "rule 4.9") {
		t.Errorf("refusal of move out: %q", why)
	}
	var offered [][]string
	for _, e := range evs {
		if e.Type == "decision" && e.Str("kind") == "range" {
			v, _ := e.Get("options")
			offered = append(offered, v.Strs())
		}
	}
	// Round 1 (outside the board): only closer; round 2, after a round
	// spent in Long: out. In Medium (round 3) it is refused.
	if len(offered) != 3 || !slices.Equal(offered[0], []string{"closer"}) || !slices.Contains(offered[1], "out") || slices.Contains(offered[2], "out") {
		t.Errorf("range options %v", offered)
	}
}

// 2.0 f and 4.4: damage limits the squadron's speed (3 points: Slow or
// Medium; 4: Slow; Boat #1 with 2 engines out: Slow).
func TestRule2_0fSpeedLimits(t *testing.T) {
	probeWith(t, 3, opts("short", "s100"), orders{}, func(c *Campaign) {
		atSea(c, 0, 0)
		if l, _ := c.board().speedLimit(); l != speedVeryFast {
			t.Errorf("undamaged: limit %s", l)
		}
		c.Mission.Sorties[2].Points = 3
		if l, why := c.board().speedLimit(); l != speedMedium || !strings.Contains(why, "2.0 f") {
			t.Errorf("3 points: limit %s (%s)", l, why)
		}
		c.Mission.Sorties[2].Points = 4
		if l, _ := c.board().speedLimit(); l != speedSlow {
			t.Errorf("4 points: limit %s", l)
		}
		c.Mission.Sorties[2].Points = 0
		c.Mission.Sorties[0].EnginesOut = 2
		if l, why := c.board().speedLimit(); l != speedSlow || !strings.Contains(why, "4.4") {
			t.Errorf("2 engines out: limit %s (%s)", l, why)
		}
	})
}

// 4.8 and 4.9: the squadron moves in formation: every boat in formation
// enters the same zone; a disabled boat stays behind (one disabled before
// the combat is placed with the squadron, then keeps her zone).
func TestRule4_8Formation(t *testing.T) {
	c, evs := probeWith(t, 3, opts("short", "s100"), orders{"speed": "medium", "range": "closer", "attack": "hold"}, func(c *Campaign) {
		cb := atSea(c, 0, 0)
		c.Mission.Sorties[3].Disabled = true
		c.board().combatOrders(cb, 1)
		c.board().combatOrders(cb, 2)
	})
	var boats []string
	for _, e := range evs {
		if e.Type == "range" {
			boats = append(boats, e.Str("boat")+">"+e.Str("to"))
		}
	}
	if !slices.Equal(boats, []string{"SB1>long", "SB2>long", "SB3>long", "SB4>long", "SB1>medium", "SB2>medium", "SB3>medium"}) {
		t.Errorf("moves %v", boats)
	}
	if z := c.Mission.Combat.zoneOf(c.Mission.Sorties[3]); z != zoneLong {
		t.Errorf("the disabled boat is in the %s zone, want long", z)
	}
}

// A tanker hit hard burns and sinks at the end of the round; a sunk ship
// counts for Victory Points and for the kills of the boat that sank it.
func TestRuleBurningTanker(t *testing.T) {
	c, evs := probeWith(t, 3, opts("short", "s100"), orders{}, func(c *Campaign) {
		cb := atSea(c, 0, 1)
		u := cb.Enemy[0]
		u.Hull = 4
		c.board().damageUnit(cb, c.Mission.Sorties[1], u, 2, false)
		c.board().burn(cb)
	})
	if c.Mission.Sunk["tanker"] != 1 || c.Boats[1].Kills != 1 || !slices.Contains(types(evs), "burning") {
		t.Errorf("sunk %v, kills %d", c.Mission.Sunk, c.Boats[1].Kills)
	}
}

// schnell auto campaigns now contain fights.
func TestCampaignsFight(t *testing.T) {
	fights, sunk := 0, 0
	for seed := uint64(1); seed <= 10; seed++ {
		g, _ := play(t, seed, "medium", "s100")
		for _, e := range g.History() {
			switch e.Type {
			case "combat_start":
				fights++
			case "sunk":
				sunk++
			}
		}
	}
	if fights < 10 || sunk == 0 {
		t.Errorf("10 Medium campaigns: %d fights, %d ships sunk", fights, sunk)
	}
}

// 4.12: when a gun crew is down, the depth charge or watch crew fires the
// gun with a penalty (Green).
func TestRule4_12StandInAtTheGuns(t *testing.T) {
	probeWith(t, 3, opts("short", "s100"), orders{}, func(c *Campaign) {
		atSea(c, 0, 0)
		c.harm().kill(c.crewman(posFwdGun))
		c.harm().kill(c.crewman(posMidGun))
		got := c.board().shots(c.Mission.Sorties[0], nil)
		if !slices.Equal(got, []Skill{skillAverage, skillGreen, skillGreen}) { // the gun crews first (4.12)
			t.Errorf("two gun crews down: shots %v, want the DC and watch crews as Green stand-ins and the aft crew", got)
		}
		c.harm().kill(c.crewman(posDC))
		c.harm().kill(c.crewman(posWatch))
		if got := c.board().shots(c.Mission.Sorties[0], nil); !slices.Equal(got, []Skill{skillAverage}) {
			t.Errorf("no stand-ins left: shots %v", got)
		}
	})
}

// Errata G-12 step 6: men of a boat sunk in combat are searched for after
// the combat (G-10-C), each Boat #1 crewman rolling; not found = lost.
func TestRuleSearchAfterCombat(t *testing.T) {
	c, evs := probeWith(t, 3, opts("short", "s100"), orders{}, func(c *Campaign) {
		cb := atSea(c, 0, 0)
		c.harm().sink(c.Mission.Sorties[2], "gunfire")
		if len(cb.inWater) != 1 {
			t.Fatal("the sunk boat's crew is not in the water")
		}
		c.board().searchWater(cb)
	})
	n := 0
	for _, e := range evs {
		if e.Type == "rescue" {
			n++
		}
		if e.Type == "roll" && e.Str("table") == "G-10-C" {
			n += 10
		}
	}
	if n != 11 || len(c.Mission.Combat.inWater) != 0 || (strings.Contains(fmtEvents(evs), "rescued") != (c.Mission.Sorties[0].Passengers == 1)) {
		t.Errorf("one crew searched for: code %d", n)
	}
}

// 4.8 and 4.9: a heavily damaged Boat #2-#4 breaks formation for the Long
// zone and stays with the squadron; after a round there it may abort alone
// (undetected: it slips away) and is gone for the rest of the mission.
func TestRule4_8BreakFormationAndAbort(t *testing.T) {
	c, evs := probeWith(t, 3, opts("short", "s100"), orders{"speed": "medium", "range": "closer", "attack": "hold", "break_formation": "break", "boat_abort": "abort"}, func(c *Campaign) {
		cb := atSea(c, 0, 0)
		c.Mission.Sorties[2].Points = 3
		c.board().combatOrders(cb, 1) // breaks away; the squadron moves to Long
		c.board().combatOrders(cb, 2) // the squadron to Medium; #3 aborts
	})
	s3 := c.Mission.Sorties[2]
	if s3.Gone != "separated" || s3.Formation {
		t.Errorf("Boat #3 after abort: gone %q formation %v", s3.Gone, s3.Formation)
	}
	var kinds []string
	for _, e := range evs {
		if e.Type == "decision" {
			kinds = append(kinds, e.Str("kind"))
		}
	}
	if !slices.Contains(kinds, "break_formation") || !slices.Contains(kinds, "boat_abort") {
		t.Errorf("decisions %v", kinds)
	}
	for _, e := range evs {
		if e.Type == "decision" && (e.Str("kind") == "break_formation" || e.Str("kind") == "boat_abort") {
			if v, _ := e.Get("options"); len(v.Strs()) != 2 {
				t.Errorf("%s options %v", e.Str("kind"), v.Strs())
			}
		}
	}
	// Boat #1 is never offered either (it never aborts alone).
	_, evs = probeWith(t, 3, opts("short", "s100"), orders{}, func(c *Campaign) {
		cb := atSea(c, 0, 0)
		c.Mission.Sorties[0].Components = 9
		c.board().combatOrders(cb, 1)
	})
	for _, e := range evs {
		if e.Type == "decision" && e.Str("kind") == "break_formation" {
			t.Error("Boat #1 was offered to break formation")
		}
	}
}

// 4.12: with the helmsman down, a stand-in steers Boat #1: -1 on its
// torpedo attacks, +1 for the enemy's gunfire at it.
func TestRule4_12StandInAtTheHelm(t *testing.T) {
	for _, id := range []string{"D-2", "D-4"} {
		tab := def(t).Booklets[0].Tables.MustGet(id)
		c, _ := probeWith(t, 3, opts("short", "s100"), orders{}, func(c *Campaign) { c.calendar().setUp(); c.harm().kill(c.crewman(posHelm)) })
		f := facts{c: c, standIn: c.posts().helmStandIn()}
		_, with := tab.Modify(factsByName.Of(&f), nil)
		f.standIn = 0
		_, without := tab.Modify(factsByName.Of(&f), nil)
		want := map[string]int{"D-2": -1, "D-4": +1}[id]
		if with-without != want {
			t.Errorf("%s: a stand-in at the helm changes the roll by %d, want %d", id, with-without, want)
		}
	}
}

func fmtEvents(evs []gamelog.Event) string {
	var b strings.Builder
	for i := range evs {
		b.Write(evs[i].AppendJSON(nil))
	}
	return b.String()
}

// 4.6: the enemy's guns reach no farther than the weather lets anyone
// fire: with every boat out of reach no "which boat" die is rolled and no
// attack is made; with one in reach, she is the target.
func TestRule4_6EnemyFiresOnlyWithinReach(t *testing.T) {
	for _, tc := range []struct {
		name      string
		zone      RangeZone
		wantPicks bool
	}{{"fog, Medium zone: nobody in reach", zoneMedium, false}, {"fog, Close zone", zoneClose, true}} {
		t.Run(tc.name, func(t *testing.T) {
			_, evs := probe(t, 2, opts("short", "s100"), func(c *Campaign) {
				cb := atSea(c, weatherFoggy, enemyMgb)
				cb.Zone, cb.Detected = tc.zone, true
				u := cb.Enemy[0]
				u.Guns = 2
				c.board().enemyActs(cb, u)
			})
			picks, attacks := 0, 0
			for _, e := range evs {
				if e.Type == "roll" && strings.HasPrefix(e.Str("for"), pickPrefix) {
					picks++
				}
				if e.Type == string(evAttack) {
					attacks++
				}
			}
			if (picks > 0) != tc.wantPicks || (attacks > 0) != tc.wantPicks {
				t.Errorf("%d which-boat rolls and %d attacks; want some: %v", picks, attacks, tc.wantPicks)
			}
		})
	}
}
