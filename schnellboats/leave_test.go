package schnellboats

import (
	"bytes"
	"slices"
	"strings"
	"testing"

	"github.com/schnell-wargames/schnell/engine"
	"github.com/schnell-wargames/schnell/gamelog"
)

// zonesOrder answers the range decision with an option and a number of
// zones (an engine.ArgDecider), the rest as orders.
type zonesOrder struct {
	orders
	zones int
}

func (z zonesOrder) DecideArgs(d *engine.Decision) (engine.Answer, error) {
	i, _ := z.Decide(d)
	a := engine.Answer{Option: i}
	if d.Kind == string(askRange) && len(d.Options[i].Args) > 0 {
		a.Args = map[string]gamelog.Value{"zones": gamelog.IntV(z.zones)}
	}
	return a, nil
}

// rangeOptions are the options of each range decision among evs.
func rangeOptions(evs []gamelog.Event) [][]string {
	var out [][]string
	for _, e := range evs {
		if e.Type == "decision" && e.Str("kind") == "range" {
			v, _ := e.Get("options")
			out = append(out, v.Strs())
		}
	}
	return out
}

// 4.7 and 4.9: once an encounter is rolled the squadron is placed (round
// 1, in Long as its first move, and on as its speed allows); it cannot
// decline, and no boat aborts before it is placed; Boat #1 never aborts
// alone (4.8).
func TestRule4_7PlacedBeforeLeaving(t *testing.T) {
	w := watch{orders{"speed": "very_fast", "range": "closer", "attack": "hold"}, map[string]string{"move out": "", "move stay": "", "abort SB2": "", "abort SB1": ""}}
	c, evs := probeWith(t, 3, opts("short", "s100"), w, func(c *Campaign) {
		cb := atSea(c, 0, 0)
		c.board().combatOrders(cb, 1)
	})
	if got := rangeOptions(evs); len(got) != 1 || !slices.Equal(got[0], []string{"closer"}) {
		t.Errorf("round 1 range options %v, want only closer", got)
	}
	for cmd, want := range map[string]string{"move out": "rule 4.7, 4.9: the squadron cannot decline", "move stay": "rule 4.7", "abort SB2": "rule 4.9", "abort SB1": "rule 4.8, 4.9: Boat #1 never aborts alone"} {
		if !strings.Contains(w.why[cmd], want) {
			t.Errorf("refusal of %s: %q, want %q", cmd, w.why[cmd], want)
		}
	}
	if z := c.Mission.Combat.Zone; z != zoneClose {
		t.Errorf("Very Fast placement: %s zone, want close (4.7: placement in Long is the first of 3 moves)", z)
	}
}

// 4.7's example counts placement in the Long zone as the first move ("Fast
// speed is 2 moves per combat round, and Very Fast speed is 3"): Very Fast
// may reach the Close zone in round 1, or stop in Long or Medium; Fast at
// most Medium. The option placement=medium plays the other reading
// (placement is into the Long or Medium zone, whatever the speed).
func TestRule4_7VeryFastPlacementReachesClose(t *testing.T) {
	for _, tc := range []struct {
		placement, speed string
		zones            int
		want             RangeZone
		refused          string // the count refused, and why
	}{
		{"", "very_fast", 3, zoneClose, ""},
		{"", "very_fast", 2, zoneMedium, ""},
		{"", "very_fast", 1, zoneLong, ""},
		{"", "fast", 2, zoneMedium, ""},
		{"moves", "very_fast", 3, zoneClose, ""},
		{"medium", "very_fast", 2, zoneMedium, "move closer 3"},
	} {
		o := opts("short", "s100")
		if tc.placement != "" {
			o = append(o, gamelog.Option{Name: "placement", Value: tc.placement})
		}
		w := watch{orders{"speed": tc.speed, "range": "closer", "attack": "hold"}, map[string]string{"move closer 3": ""}}
		c, _ := probeWith(t, 3, o, zonesWatch{w, tc.zones}, func(c *Campaign) {
			cb := atSea(c, 0, 0)
			c.board().combatOrders(cb, 1)
		})
		if z := c.Mission.Combat.Zone; z != tc.want {
			t.Errorf("placement %q, %s, %d zones: %s, want %s", tc.placement, tc.speed, tc.zones, z, tc.want)
		}
		why := w.why["move closer 3"]
		switch {
		case tc.refused == "" && why != "":
			t.Errorf("placement %q, %s: move closer 3 refused: %s", tc.placement, tc.speed, why)
		case tc.refused != "" && why == "":
			t.Errorf("placement %q, %s: move closer 3 not refused", tc.placement, tc.speed)
		case tc.placement == "medium" && !strings.Contains(why, "option placement=medium (4.7)"):
			t.Errorf("placement=medium: refusal %q does not name the option", why)
		}
	}
	if _, err := newCampaign([]gamelog.Option{{Name: "placement", Value: "close"}}, nil); err == nil || !strings.Contains(err.Error(), "want moves or medium") {
		t.Errorf("placement=close: %v", err)
	}
}

// zonesWatch is a watch whose range orders enter a number of zones.
type zonesWatch struct {
	watch
	zones int
}

func (z zonesWatch) DecideArgs(d *engine.Decision) (engine.Answer, error) {
	i, _ := z.Decide(d)
	a := engine.Answer{Option: i}
	if d.Kind == string(askRange) && len(d.Options[i].Args) > 0 {
		a.Args = map[string]gamelog.Value{"zones": gamelog.IntV(min(z.zones, d.Options[i].Args[0].Max))}
	}
	return a, nil
}

// 4.7: Fast enters 1 or 2 zones a round and Very Fast 1, 2 or 3, as the
// player says; as many as the speed allows by default.
func TestRule4_7FastChoosesZones(t *testing.T) {
	for _, tc := range []struct {
		speed string
		zones int
		want  RangeZone
	}{{"fast", 1, zoneMedium}, {"fast", 2, zoneClose}, {"very_fast", 1, zoneMedium}, {"very_fast", 2, zoneClose}} {
		c, _ := probeWith(t, 3, opts("short", "s100"), zonesOrder{orders{"speed": tc.speed, "range": "closer", "attack": "hold"}, tc.zones}, func(c *Campaign) {
			cb := atSea(c, 0, 0)
			cb.Zone, cb.inZone = zoneLong, 1
			c.board().combatOrders(cb, 2)
		})
		if got := c.Mission.Combat.Zone; got != tc.want {
			t.Errorf("%s, %d zones from Long: %s, want %s", tc.speed, tc.zones, got, tc.want)
		}
	}
	c, _ := probeWith(t, 3, opts("short", "s100"), orders{"speed": "fast", "range": "closer", "attack": "hold"}, func(c *Campaign) {
		cb := atSea(c, 0, 0)
		cb.Zone, cb.inZone = zoneLong, 1
		c.board().combatOrders(cb, 2)
	})
	if got := c.Mission.Combat.Zone; got != zoneClose {
		t.Errorf("fast, zones not said: %s, want close", got)
	}
}

// 4.7: Slow spends 2 rounds in every zone before entering another,
// whichever way it goes, and rounds spent staying (at any speed) count.
func TestRule4_7SlowCountsStays(t *testing.T) {
	w := watch{orders{"speed": "slow", "range": "away", "attack": "hold"}, map[string]string{"move away": ""}}
	c, evs := probeWith(t, 3, opts("short", "s100"), w, func(c *Campaign) {
		cb := atSea(c, 0, 0)
		cb.Zone, cb.inZone, cb.Speed = zoneClose, 1, speedMedium // a round in Close at Medium
		c.board().combatOrders(cb, 3)                            // Slow: may not move away yet; stays
		c.board().combatOrders(cb, 4)                            // the stay counted: away to Medium
	})
	if !strings.Contains(w.why["move away"], "rule 4.7") {
		t.Errorf("refusal %q", w.why["move away"])
	}
	got := rangeOptions(evs)
	if len(got) != 2 || slices.Contains(got[0], "away") || !slices.Contains(got[1], "away") {
		t.Errorf("range options %v: away refused after 1 round in the zone, offered after 2", got)
	}
	if z := c.Mission.Combat.Zone; z != zoneMedium {
		t.Errorf("zone %s, want medium", z)
	}
}

// 4.7 and 4.9: at Fast the squadron leaves from the Medium zone in one
// round (into Long, then out); at Medium it must reach Long first; at
// Slow it spends 2 rounds in Long before it leaves.
func TestRule4_7FastLeavesFromMedium(t *testing.T) {
	for _, tc := range []struct {
		speed  string
		zone   RangeZone
		inZone int
		out    bool
	}{
		{"fast", zoneMedium, 1, true}, {"medium", zoneMedium, 1, false}, {"medium", zoneLong, 1, true},
		{"slow", zoneLong, 1, false}, {"slow", zoneLong, 2, true}, {"very_fast", zoneClose, 1, true}, {"fast", zoneClose, 1, false},
	} {
		_, evs := probeWith(t, 3, opts("short", "s100"), orders{"speed": tc.speed, "range": "stay", "attack": "hold"}, func(c *Campaign) {
			cb := atSea(c, 0, 0)
			cb.Zone, cb.inZone = tc.zone, tc.inZone
			c.board().combatOrders(cb, 3)
		})
		if got := rangeOptions(evs); len(got) != 1 || slices.Contains(got[0], "out") != tc.out {
			t.Errorf("%s in %s after %d round(s): options %v, out offered want %v", tc.speed, tc.zone, tc.inZone, got, tc.out)
		}
	}
}

// 4.9: to leave, the squadron must successfully evade (C-6, a roll that
// can fail: failing, it stays in Long); leaving is aborting: it turns for
// Cherbourg and the mission fails whatever was sunk.
func TestRule4_9LeavingIsAborting(t *testing.T) {
	left, held := 0, 0
	for seed := uint64(1); seed <= 30 && (left == 0 || held == 0); seed++ {
		c, evs := probeWith(t, seed, opts("short", "s100"), orders{"speed": "medium", "range": "out", "attack": "hold"}, func(c *Campaign) {
			cb := atSea(c, 0, 0)
			cb.Zone, cb.inZone, cb.Detected = zoneLong, 1, true
			c.Mission.Sunk["merchant"] = 2
			c.board().combatOrders(cb, 3)
		})
		m, cb := c.Mission, c.Mission.Combat
		rolled := false
		for _, e := range evs {
			rolled = rolled || e.Type == "roll" && e.Str("table") == "C-6"
		}
		if !rolled {
			t.Fatalf("seed %d: no C-6 roll to leave", seed)
		}
		if cb.Left {
			left++
			if !m.Aborted || !m.Home || c.debrief().missionSuccess() {
				t.Errorf("seed %d: left the combat: aborted %v, home %v, success %v (want true, true, false)", seed, m.Aborted, m.Home, c.debrief().missionSuccess())
			}
		} else {
			held++
			if cb.Zone != zoneLong || m.Aborted || m.Home {
				t.Errorf("seed %d: held: zone %s, aborted %v, home %v", seed, cb.Zone, m.Aborted, m.Home)
			}
		}
	}
	if left == 0 || held == 0 {
		t.Errorf("the evasion roll never failed or never succeeded: left %d, held %d", left, held)
	}
}

// 4.9 and errata G-12 steps 4-5: a disabled boat keeps her zone when the
// squadron moves, takes fire there, and is lost with her crew when the
// squadron leaves without her; leaving is refused while Boat #1 lies
// disabled with the Kommandant aboard.
func TestRule4_9DisabledBoatLeftBehind(t *testing.T) {
	c, _ := probeWith(t, 3, opts("short", "s100"), orders{"speed": "medium", "range": "away", "attack": "hold"}, func(c *Campaign) {
		cb := atSea(c, 0, 0)
		cb.Zone, cb.inZone = zoneMedium, 1
		c.Mission.Sorties[2].Disabled = true
		c.board().combatOrders(cb, 2) // away to Long; #3 stays in Medium
		if z := cb.zoneOf(c.Mission.Sorties[2]); z != zoneMedium || cb.Zone != zoneLong {
			t.Errorf("disabled boat in %s, squadron in %s: want medium, long", z, cb.Zone)
		}
		cb.Detected = false
		for r := 3; r < 20 && !cb.Left; r++ {
			c.board().combatOrders(cb, r)
		}
	})
	s3 := c.Mission.Sorties[2]
	if !c.Mission.Combat.Left || s3.Gone != goneAbandoned || c.Stats.CrewsLost != 1 || !slices.Contains(c.Mission.LostHulls, s3.Boat.ID) {
		t.Errorf("left behind: left %v, SB3 gone %q, crews lost %d, lost hulls %v", c.Mission.Combat.Left, s3.Gone, c.Stats.CrewsLost, c.Mission.LostHulls)
	}
	w := watch{orders{"speed": "medium", "range": "stay", "attack": "hold"}, map[string]string{"move out": ""}}
	probeWith(t, 3, opts("short", "s100"), w, func(c *Campaign) {
		cb := atSea(c, 0, 0)
		cb.Zone, cb.inZone = zoneLong, 1
		c.Mission.Sorties[0].Disabled = true
		c.board().combatOrders(cb, 2)
	})
	if !strings.Contains(w.why["move out"], "rule 4.9") || !strings.Contains(w.why["move out"], "Boat #1 is disabled") {
		t.Errorf("leaving without disabled Boat #1: refusal %q", w.why["move out"])
	}
}

// Errata G-12 steps 4-5: a boat waiting at Idle for a round in the zone of
// a disabled boat takes off her crew (Sea State 1-3: no roll) and she is
// abandoned; Idle is refused with the rule when no disabled boat lies
// alongside.
func TestErrataG12CrewTransferAtIdle(t *testing.T) {
	w := watch{orders{"speed": "idle", "range": "stay", "attack": "hold"}, map[string]string{"speed idle": ""}}
	c, evs := probeWith(t, 3, opts("short", "s100"), w, func(c *Campaign) {
		cb := atSea(c, 0, 0)
		cb.Zone, cb.inZone = zoneLong, 1
		c.Mission.Sorties[3].Disabled = true
		c.board().combatOrders(cb, 2)
		if cb.Speed != speedIdle {
			t.Fatalf("speed %s, want idle", cb.Speed)
		}
		c.board().transfers(cb)
		c.board().combatOrders(cb, 3) // nobody alongside: idle is refused
	})
	s4 := c.Mission.Sorties[3]
	if s4.Gone != goneAbandoned || c.Stats.CrewsLost != 0 {
		t.Errorf("after a round at Idle alongside: SB4 gone %q, crews lost %d", s4.Gone, c.Stats.CrewsLost)
	}
	if !strings.Contains(w.why["speed idle"], "errata G-12") {
		t.Errorf("idle with nobody alongside: refusal %q", w.why["speed idle"])
	}
	n := 0
	for _, e := range evs {
		if e.Type == "decision" && e.Str("kind") == "speed" {
			v, _ := e.Get("options")
			if slices.Contains(v.Strs(), "idle") {
				n++
			}
		}
	}
	if n != 1 {
		t.Errorf("idle offered in %d rounds, want 1", n)
	}
}

// 4.9: a single Boat #2-#4 may abort at any time: in combat she breaks
// formation for the Long zone, spends a round there, and leaves if she
// evades; on the map she leaves at once. Either way she is gone for the
// rest of the mission and her fate is the lone-boat roll.
func TestRule4_9BoatAbortsAlone(t *testing.T) {
	gone := 0
	for seed := uint64(1); seed <= 10; seed++ {
		c, evs := probeWith(t, seed, opts("short", "s100"), orders{"speed": "medium", "range": "abort:SB2", "attack": "hold", "boat_abort": "abort"}, func(c *Campaign) {
			cb := atSea(c, 0, 0)
			cb.Zone, cb.inZone = zoneMedium, 1
			c.board().combatOrders(cb, 2) // SB2 aborts: at Medium, into Long
			if s2 := c.Mission.Sorties[1]; s2.Gone != "" || cb.zoneOf(s2) != zoneLong {
				t.Errorf("seed %d: SB2 after the round she aborted: gone %q, zone %s (want still on the board, in Long)", seed, s2.Gone, cb.zoneOf(s2))
			}
			c.board().combatOrders(cb, 3) // a round spent in Long: she leaves if she evades
		})
		s2 := c.Mission.Sorties[1]
		var results []string
		for _, e := range evs {
			if e.Type == "abort" && e.Str("boat") == "SB2" {
				results = append(results, e.Str("result"))
			}
		}
		switch s2.Gone {
		case goneSeparated:
			gone++
			if s2.Formation || len(results) != 2 {
				t.Errorf("seed %d: SB2 left: formation %v, abort events %v", seed, s2.Formation, results)
			}
		case "":
			if s2.Apart == 0 || !s2.aborting || c.Mission.Combat.zoneOf(s2) != zoneLong || len(results) != 2 || !strings.Contains(results[1], "stays in the Long zone") {
				t.Errorf("seed %d: SB2 held: apart %d aborting %v zone %s events %v", seed, s2.Apart, s2.aborting, c.Mission.Combat.zoneOf(s2), results)
			}
		}
		if c.Mission.Aborted || c.Mission.Combat.Left {
			t.Errorf("seed %d: the squadron left or aborted with one boat", seed)
		}
	}
	if gone == 0 {
		t.Error("SB2 never got away")
	}
	// On the map: SB3 aborts, then the squadron goes on; SB1 is refused.
	w := watch{orders{}, map[string]string{"abort SB1": ""}}
	first := true
	dec := deciderFunc(func(d *engine.Decision) (int, error) {
		w.Decide(d)
		if d.Kind == string(askMove) && first {
			first = false
			return optionIndex(d, "abort:SB3"), nil
		}
		return 0, nil
	})
	c, _ := probeWith(t, 3, opts("short", "s100"), dec, func(c *Campaign) {
		atSea(c, 0)
		c.Mission.Combat = nil
		c.sea().orders()
		c.lone().loneBoats()
	})
	s3 := c.Mission.Sorties[2]
	if s3.Formation || c.Mission.Home || c.formed() != 3 {
		t.Errorf("after SB3 aborts on the map: formation %v, home %v, %d boats", s3.Formation, c.Mission.Home, c.formed())
	}
	if !strings.Contains(w.why["abort SB1"], "rule 4.9") {
		t.Errorf("abort SB1 refusal %q", w.why["abort SB1"])
	}
}

// 4.8: a heavily damaged boat breaking formation heads for the Long zone
// at her own speed (4 points: Slow, 2 rounds in each zone), not the
// squadron's.
func TestRule4_8ApartMovesAtOwnSpeed(t *testing.T) {
	var zones []RangeZone
	probeWith(t, 3, opts("short", "s100"), orders{"speed": "medium", "range": "stay", "attack": "hold", "break_formation": "break", "boat_abort": "stay"}, func(c *Campaign) {
		cb := atSea(c, 0, 0)
		cb.Zone, cb.inZone = zoneClose, 1
		s3 := c.Mission.Sorties[2]
		s3.Points = 4
		for r := 2; r <= 6; r++ {
			c.board().combatOrders(cb, r)
			zones = append(zones, cb.zoneOf(s3))
		}
		if l, _, _ := c.board().limitSpeed(); l != speedVeryFast {
			t.Errorf("the squadron's limit with SB3 apart: %s, want very_fast", l)
		}
	})
	// One round in Close already: she waits a round more, then 2 in Medium.
	want := []RangeZone{zoneClose, zoneMedium, zoneMedium, zoneLong, zoneLong}
	if !slices.Equal(zones, want) {
		t.Errorf("SB3 (Slow) zones %v, want %v", zones, want)
	}
}

// 4.9: a mission aborted before the 4 Red Zones are patrolled fails
// whatever was sunk; refusing a second wave is leaving the combat, and so
// is every other way home before the task is done. Every auto log shows
// it: a squadron that left a combat or broke off turns home at once
// (unless already homeward), patrols no more zones, and a mission whose
// course home says so fails; one that turned home without an abort had its
// task done, and succeeds.
func TestRule4_9AbortedMissionsFail(t *testing.T) {
	d := def(t)
	aborts := map[string]int{}
	wanted := []string{"aborted", "aborted: left the combat", "aborted: broke off before the second wave", "aborted: towing a disabled boat"}
	seen := func() bool {
		for _, w := range wanted {
			if aborts[w] == 0 {
				return false
			}
		}
		return true
	}
	for seed := uint64(1); seed <= 40 && !seen(); seed++ {
		g, err := engine.New(engine.Config{Def: d, Seed: seed, Options: opts("long", "s100")})
		if err != nil {
			t.Fatal(err)
		}
		var buf bytes.Buffer
		if err := g.PlayOut(d.Reference(g.Rules()), &buf); err != nil {
			t.Fatal(err)
		}
		lg, err := gamelog.Read("auto", &buf)
		if err != nil {
			t.Fatal(err)
		}
		aborted, home := false, false
		for _, e := range lg.Events {
			switch e.Type {
			case "mission_start":
				aborted, home = false, false
			case "course_home":
				home = true
				if why := e.Str("why"); strings.HasPrefix(why, "aborted") {
					aborted = true
					aborts[why]++
				}
			case "patrolled":
				if aborted {
					t.Errorf("seed %d: a zone patrolled after the mission was aborted", seed)
				}
			case "abort":
				if e.Str("boat") == "squadron" && e.Str("result") == "left the combat" && home && !aborted {
					t.Logf("seed %d: left a combat already homeward", seed)
				}
			case "mission_end":
				if v, _ := e.Get("success"); aborted == v.B && home {
					t.Errorf("seed %d: mission %d aborted %v, successful %v", seed, e.Int("mission"), aborted, v.B)
				}
			}
		}
	}
	for _, why := range wanted {
		if aborts[why] == 0 {
			t.Errorf("no mission %q in 40 long campaigns: %v", why, aborts)
		}
	}
}

// Errata G-12 steps 3 and 6: with Boat #1 sunk or abandoned (and her crew
// taken aboard another boat) the mission must be aborted: it fails unless
// all 4 assigned Red Zones were already patrolled (4.9) or the squadron
// was already homeward with its special mission done.
func TestErrataG12Boat1LostAbortsTheMission(t *testing.T) {
	d := def(t)
	seen := 0
	for seed := uint64(1); seed <= 60 && seen < 3; seed++ {
		g, err := engine.New(engine.Config{Def: d, Seed: seed, Options: opts("long", "s100")})
		if err != nil {
			t.Fatal(err)
		}
		var buf bytes.Buffer
		if err := g.PlayOut(d.Reference(g.Rules()), &buf); err != nil {
			t.Fatal(err)
		}
		lg, err := gamelog.Read("auto", &buf)
		if err != nil {
			t.Fatal(err)
		}
		lost, home, patrolled := false, false, 0
		for _, e := range lg.Events {
			switch e.Type {
			case "mission_start":
				lost, home, patrolled = false, false, 0
			case "patrolled":
				patrolled = e.Int("zones")
			case "course_home":
				home = true
			case "boat_lost":
				// Lost on the way home from a mission done: no abort.
				if e.Int("no") == 1 && !home {
					lost = true
				}
			case "mission_end":
				if !lost || patrolled >= 4 {
					continue
				}
				seen++
				if v, _ := e.Get("success"); v.B {
					t.Errorf("seed %d: mission %d lost Boat #1 after %d zones and succeeded", seed, e.Int("mission"), patrolled)
				}
			}
		}
	}
	if seen == 0 {
		t.Fatal("no mission lost Boat #1 before its 4 zones in 60 long campaigns")
	}
}

// 4.9 and 4.7: a boat that aborts alone leaves from the Long zone as one
// more move at her speed — 4.7's own example: at Fast from the Medium zone
// she enters Long and exits in the same round; at Medium she leaves the
// round after she reached Long; at Slow after 2 rounds there — and a
// heavily damaged one (4.8) first spends a round in Long. In the round she
// aborts she goes at the squadron's speed, set at the start of the round;
// apart, at her own. Her C-6 roll is at the speed she goes that round.
func TestRule4_9AbortingBoatSpendsARoundInLong(t *testing.T) {
	for _, tc := range []struct {
		name        string
		speed       string
		zone        RangeZone
		inZone      int
		rolledFirst bool   // C-6 in the round she aborts
		evadeSpeed  string // the speed of her first C-6 (the next round's when not the first; "": any)
		points      int    // her damage points (3 or more: heavily damaged, 4.8)
	}{
		{"very fast from Close", "very_fast", zoneClose, 1, true, "very_fast", 0},
		{"fast from Medium (4.7's example)", "fast", zoneMedium, 1, true, "fast", 0},
		{"medium from Medium", "medium", zoneMedium, 1, false, "very_fast", 0},
		{"slow after 1 round in Long", "slow", zoneLong, 1, false, "very_fast", 0},
		{"slow after 2 rounds in Long", "slow", zoneLong, 2, true, "slow", 0},
		{"medium after a round in Long", "medium", zoneLong, 1, true, "medium", 0},
		{"heavily damaged, fast from Medium (4.8)", "fast", zoneMedium, 1, false, "", 3},
	} {
		t.Run(tc.name, func(t *testing.T) {
			first := true
			dec := deciderFunc(func(d *engine.Decision) (int, error) {
				switch d.Kind {
				case string(askSpeed):
					return optionIndex(d, tc.speed), nil
				case string(askRange):
					if first {
						first = false
						return optionIndex(d, "abort:SB2"), nil
					}
					return optionIndex(d, "stay"), nil
				}
				return 0, nil
			})
			_, evs := probeWith(t, 3, opts("short", "s100"), dec, func(c *Campaign) {
				cb := atSea(c, 0, 0)
				cb.Zone, cb.inZone, cb.Speed = tc.zone, tc.inZone, speedMedium
				for _, s := range c.formation() {
					if s.Boat.ID == "SB2" {
						s.Points = tc.points
					}
				}
				c.board().combatOrders(cb, 2)
				c.board().combatOrders(cb, 3)
				c.board().combatOrders(cb, 4) // a heavily damaged boat may be down to Slow
			})
			attacks := 0
			for _, e := range evs {
				if e.Type == "decision" && e.Str("kind") == string(askAttack) {
					attacks++ // the end of the round's orders
				}
				if e.Type == "roll" && e.Str("table") == "C-6" && e.Str("for") == "SB2" {
					if got := attacks == 0; got != tc.rolledFirst {
						t.Errorf("C-6 in the round she aborted: %v, want %v", got, tc.rolledFirst)
					}
					if got := c6Speed(e); tc.evadeSpeed != "" && got != tc.evadeSpeed {
						t.Errorf("C-6 at %s, want %s", got, tc.evadeSpeed)
					}
					return
				}
			}
			t.Fatalf("SB2 never rolled C-6 in 3 rounds")
		})
	}
}

// c6Speed is the speed a C-6 roll was made at, by its modifiers.
func c6Speed(e gamelog.Event) string {
	v, _ := e.Get("mods")
	for _, m := range v.L {
		for _, f := range m.O {
			if f.Key != "reason" {
				continue
			}
			switch {
			case f.Val.S == "Very Fast":
				return "very_fast"
			case f.Val.S == "Fast":
				return "fast"
			case strings.HasPrefix(f.Val.S, "Slow"):
				return "slow"
			}
		}
	}
	return "medium"
}

// 4.8 (play-test finding 1): when Boat #1 leaves the combat all the boats
// leave together: a heavily damaged boat apart leaves with the squadron
// and stays with it (no lone-boat roll, errata clarification 2), and
// until she has spent a round in the Long zone (2 at her Slow) the
// squadron may not leave (refused with the rule).
func TestRule4_8BoatsApartLeaveWithTheSquadron(t *testing.T) {
	w := watch{orders{"speed": "very_fast", "range": "stay", "attack": "hold", "break_formation": "break", "boat_abort": "stay"}, map[string]string{"move out": ""}}
	probeWith(t, 3, opts("short", "s100"), w, func(c *Campaign) {
		cb := atSea(c, 0, 0)
		cb.Zone, cb.inZone = zoneClose, 1
		c.Mission.Sorties[1].Points = 3 // Medium at most: Close -> Medium -> Long
		c.board().combatOrders(cb, 2)
	})
	if !strings.Contains(w.why["move out"], "rule 4.8") || !strings.Contains(w.why["move out"], "SB2") {
		t.Errorf("leaving while SB2 is on her way to Long: refusal %q", w.why["move out"])
	}
	left := 0
	for seed := uint64(1); seed <= 20 && left < 2; seed++ {
		c, evs := probeWith(t, seed, opts("short", "s100"), orders{"speed": "very_fast", "range": "out", "attack": "hold", "boat_abort": "stay"}, func(c *Campaign) {
			cb := atSea(c, 0, 0)
			cb.Zone, cb.inZone = zoneLong, 2
			s2 := c.Mission.Sorties[1]
			s2.Points, s2.Apart, s2.zone, s2.inZone = 4, 2, zoneLong, 2 // apart in Long 2 rounds, at Slow
			c.board().combatOrders(cb, 3)
			if cb.Left {
				c.board().afterCombat()
			}
		})
		if !c.Mission.Combat.Left {
			continue
		}
		left++
		s2 := c.Mission.Sorties[1]
		if s2.Gone != "" || !s2.inFormation() || s2.aborting {
			t.Errorf("seed %d: after the squadron left: SB2 gone %q, in formation %v, aborting %v", seed, s2.Gone, s2.inFormation(), s2.aborting)
		}
		for _, e := range evs {
			if e.Type == "abort" && e.Str("boat") == "SB2" && !strings.Contains(e.Str("result"), "with the squadron") {
				t.Errorf("seed %d: SB2: %q", seed, e.Str("result"))
			}
		}
	}
	if left == 0 {
		t.Error("the squadron never got away in 20 seeds")
	}
}

// 4.9 says only that a boat leaving the combat must "successfully evade":
// the evasion roll (C-6) to leave gives no bonus for leaving unseen (the
// +3 the table once gave while the No Detection counter was on had no
// source in the book). Seen or unseen, the squadron's roll to leave at
// Medium in Good weather is the bare die.
func TestRule4_9EvadeToLeaveNoBonusUnseen(t *testing.T) {
	for _, seen := range []bool{false, true} {
		_, evs := probeWith(t, 5, opts("short", "s100"), orders{"speed": "medium", "range": "out", "attack": "hold"}, func(c *Campaign) {
			cb := atSea(c, weatherGood, enemyMerchant)
			cb.Zone, cb.inZone, cb.Detected = zoneLong, 1, seen
			c.board().combatOrders(cb, 2)
		})
		n := 0
		for _, e := range evs {
			if e.Type == "roll" && e.Str("table") == "C-6" {
				n++
				if v, ok := e.Get("mods"); ok && len(v.L) > 0 {
					t.Errorf("seen %v: C-6 to leave has modifiers %s", seen, e.AppendJSON(nil))
				}
			}
		}
		if n != 1 {
			t.Errorf("seen %v: %d C-6 rolls to leave, want 1", seen, n)
		}
	}
}

// "Completing a Mission", 4.5 and 4.9 (issue 26 item 2): one rule for every
// way home before the task is done. The case: a minelaying mission
// whose mines were not laid, 3 of 4 zones patrolled, ships sunk earlier,
// turns home towing a disabled boat and then leaves a combat on the way:
// it fails, exactly as `move home` in the same state does. With the task
// done (the special mission accomplished) the same tow is no abort.
func TestRuleEveryWayHomeBeforeTheTask(t *testing.T) {
	state := func(c *Campaign, special bool) *Combat {
		cb := atSea(c, weatherGood, enemyMtb)
		m := c.Mission
		m.Kind, m.Special, m.Patrolled, m.Sunk["merchant"] = kindMinelaying, special, 3, 2
		m.Sorties[0].Mines = 8
		m.Sorties[2].Disabled = true
		m.Combat = nil
		return cb
	}
	why := func(evs []gamelog.Event) string {
		for _, e := range evs {
			if e.Type == "course_home" {
				return e.Str("why")
			}
		}
		return ""
	}
	// The tow, then a combat left on the way home.
	c, evs := probeWith(t, 3, opts("short", "s100"), orders{"disabled": "tow"}, func(c *Campaign) {
		cb := state(c, false)
		c.lone().disabledBoats()
		c.Mission.Combat = cb
		c.board().leaveCombat(cb)
	})
	if w := why(evs); w != "aborted: towing a disabled boat" || !c.Mission.Aborted || c.debrief().missionSuccess() {
		t.Errorf("towed home before the task: course home %q, aborted %v, success %v (want an abort and a failure)", w, c.Mission.Aborted, c.debrief().missionSuccess())
	}
	// `move home` in the same state.
	c, evs = probeWith(t, 3, opts("short", "s100"), orders{"move": "home"}, func(c *Campaign) {
		state(c, false)
		c.sea().orders()
	})
	if w := why(evs); w != "aborted" || c.debrief().missionSuccess() {
		t.Errorf("move home: course home %q, success %v", w, c.debrief().missionSuccess())
	}
	// The mines laid (the special mission's task done): the tow is no abort.
	c, evs = probeWith(t, 3, opts("short", "s100"), orders{"disabled": "tow"}, func(c *Campaign) {
		state(c, true)
		c.lone().disabledBoats()
	})
	if w := why(evs); w != "towing a disabled boat" || c.Mission.Aborted || !c.debrief().missionSuccess() {
		t.Errorf("towed home with the task done: course home %q, aborted %v, success %v", w, c.Mission.Aborted, c.debrief().missionSuccess())
	}
}

// 4.5: a special mission given up (not accomplished) and the squadron sent
// home is aborting the mission, which fails; accomplished, returning is the
// special mission's own end, and it succeeds.
func TestRule4_5SpecialMissionReturn(t *testing.T) {
	for _, done := range []bool{false, true} {
		var c *Campaign
		for seed := uint64(1); seed <= 30 && (c == nil || c.Mission.Special != done); seed++ {
			c, _ = probeWith(t, seed, opts("short", "s100"), orders{"special_done": "home", "rescue_wait": "give_up"}, func(c *Campaign) {
				atSea(c, weatherGood)
				m := c.Mission
				m.Combat, m.Kind, m.Pos, m.Route = nil, kindRecon, 0, []string{"R1", "CHERBOURG"}
				if done {
					m.Kind, m.Special = kindPatrol, true // as E-3 left it: accomplished
					c.sea().abortMission("special mission over")
					return
				}
				m.Kind = kindRescue
				for !c.Mission.Home {
					c.sea().specialMission()
				}
			})
		}
		if c.Mission.Special != done || c.debrief().missionSuccess() != c.Mission.Special || c.Mission.Aborted == done {
			t.Errorf("special done %v: special %v, aborted %v, success %v", done, c.Mission.Special, c.Mission.Aborted, c.debrief().missionSuccess())
		}
	}
}

// Ours, with 4.9 and errata G-12 step 6 / clarification 3 (issue 26 item
// 1): a wave that passes out of reach after our 6 rounds without one
// attack on it by any boat was let go: that is leaving the combat, and the
// mission is aborted and fails (here MTBs in fog, the squadron holding its
// fire in the Long zone, where nobody can fire, 4.6). A squadron that
// attacked the wave sees it pass with no abort.
func TestRule4_9HoldingFireIsLeaving(t *testing.T) {
	hold := deciderFunc(func(d *engine.Decision) (int, error) {
		switch d.Kind {
		case string(askRange):
			return optionIndex(d, "stay", "closer"), nil
		case string(askSpeed):
			return optionIndex(d, "medium"), nil
		case string(askAttack):
			return optionIndex(d, "hold"), nil
		}
		return d.Default, nil
	})
	c, evs := probeWith(t, 3, opts("short", "s100"), hold, func(c *Campaign) {
		cb := atSea(c, weatherFoggy, enemyMtb, enemyMtb)
		c.board().waveRounds(cb)
	})
	m := c.Mission
	let := false
	for _, e := range evs {
		let = let || e.Type == "abort" && strings.HasPrefix(e.Str("result"), "let the wave pass")
	}
	if !let || !m.Combat.Left || !m.Aborted || !m.Home || c.debrief().missionSuccess() {
		t.Errorf("held fire: let pass %v, left %v, aborted %v, home %v, success %v (want all but success)", let, m.Combat.Left, m.Aborted, m.Home, c.debrief().missionSuccess())
	}
	// A squadron that fired at the wave once (Close, in fog) and then held.
	passed := 0
	for seed := uint64(1); seed <= 20 && passed < 2; seed++ {
		shot := false
		fire := deciderFunc(func(d *engine.Decision) (int, error) {
			switch d.Kind {
			case string(askRange):
				return optionIndex(d, "closer", "stay"), nil
			case string(askSpeed):
				return optionIndex(d, "very_fast", "fast"), nil
			case string(askAttack):
				if !shot {
					if i := optionIndex(d, "guns:mtb-1", "guns:mtb-2"); d.Options[i].Name != "hold" {
						shot = true
						return i, nil
					}
				}
				return optionIndex(d, "hold"), nil
			}
			return d.Default, nil
		})
		c, evs := probeWith(t, seed, opts("short", "s100"), fire, func(c *Campaign) {
			cb := atSea(c, weatherFoggy, enemyMtb, enemyMtb)
			c.board().waveRounds(cb)
		})
		out := false
		for _, e := range evs {
			out = out || e.Type == "evaded" && e.Str("why") == "passed out of reach"
		}
		if !out || c.formed() == 0 {
			continue // sunk, or the squadron gone, before the 6 rounds were up
		}
		passed++
		if c.Mission.Combat.Left || c.Mission.Aborted || c.Mission.Home {
			t.Errorf("seed %d: attacked the wave, yet left %v, aborted %v, home %v", seed, c.Mission.Combat.Left, c.Mission.Aborted, c.Mission.Home)
		}
	}
	if passed == 0 {
		t.Error("no attacked wave passed out of reach in 20 seeds")
	}
}
