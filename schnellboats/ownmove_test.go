package schnellboats

import (
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/schnell-wargames/schnell/engine"
	"github.com/schnell-wargames/schnell/gamelog"
)

// turns answers each decision kind with its next answer ("closer 2": the
// option and its zones), in order, and the default once they run out; it
// notes whose each decision was and why the rules refused the commands of
// why.
type turns struct {
	answers map[string][]string
	asked   *[]string // kind/side, in order
	why     map[string]string
}

func (t turns) Who() engine.Who { return engine.ByPlayer }

func (t turns) Decide(d *engine.Decision) (int, error) {
	a, err := t.DecideArgs(d)
	return a.Option, err
}

func (t turns) DecideArgs(d *engine.Decision) (engine.Answer, error) {
	*t.asked = append(*t.asked, d.Kind+"/"+d.Side)
	for cmd := range t.why {
		if why, ok := d.Refusal(cmd); ok {
			t.why[cmd] = why
		}
	}
	a := engine.Answer{Option: d.Default}
	q := t.answers[d.Kind]
	if len(q) == 0 {
		return a, nil
	}
	t.answers[d.Kind] = q[1:]
	name, zones, _ := strings.Cut(q[0], " ")
	for i, o := range d.Options {
		if o.Name == name {
			a.Option = i
			if zones != "" {
				n, _ := strconv.Atoi(zones)
				a.Args = map[string]gamelog.Value{"zones": gamelog.IntV(n)}
			}
			return a, nil
		}
	}
	return a, nil
}

func newTurns(answers map[string][]string, why ...string) turns {
	t := turns{answers: answers, asked: new([]string), why: map[string]string{}}
	for _, w := range why {
		t.why[w] = ""
	}
	return t
}

// 7.0 step 2 with 4.7: without the radio link p2 sets Boat #2's own speed
// and her own movement each round, as a boat apart from the formation:
// Very Fast she enters up to 3 zones, Slow she spends 2 rounds in each
// zone first; her engines cap her speed (2.0 f); the squadron's speed does
// not wait for her, and the enemy fires at her at her own speed.
func TestRule7_0Step2OwnSpeedAndRange(t *testing.T) {
	tr := newTurns(map[string][]string{
		"break_formation": {"break"},
		"boat_speed":      {"very_fast", "slow", "slow", "slow"},
		"boat_range":      {"closer 1", "away", "away", "away"},
	}, "move away", "speed very_fast")
	var zones []RangeZone
	var speeds []Speed
	var top Speed
	_, evs := probeWith(t, 22, two("short", "s100"), tr, func(c *Campaign) {
		cb := atSeaTwo(c, weatherGood, enemyDestroyer)
		cb.Zone, cb.inZone = zoneMedium, 1
		s2 := c.Mission.Sorties[1]
		s2.RadioOut = true
		for range 4 {
			c.board().breakAway(cb)
			zones = append(zones, cb.zoneOf(s2))
			speeds = append(speeds, cb.speedOf(s2))
		}
		if cb.zoneOf(c.Mission.Sorties[0]) != zoneMedium {
			t.Errorf("the squadron moved with her: %s", cb.Zone)
		}
		for _, f := range c.View() {
			if f.Key != "boats" {
				continue
			}
			for _, b := range f.Val.L {
				if id, _ := b.Get("id"); id.S == "SB2" {
					if v, _ := b.Get("own_speed"); v.S != "slow" {
						t.Errorf("the view's SB2 own_speed %q, want slow", v.S)
					}
				}
			}
		}
		s2.EnginesOut = 2
		top = ownTop(s2)
	})
	if want := []RangeZone{zoneClose, zoneClose, zoneMedium, zoneMedium}; !slices.Equal(zones, want) {
		t.Errorf("Boat #2's zones %v, want %v (Very Fast into Close, then Slow: 2 rounds in each zone, the round she entered it counting)", zones, want)
	}
	if want := []Speed{speedVeryFast, speedSlow, speedSlow, speedSlow}; !slices.Equal(speeds, want) {
		t.Errorf("Boat #2's speeds %v, want %v", speeds, want)
	}
	if want := []string{"break_formation/p2", "boat_speed/p2", "boat_range/p2", "boat_speed/p2", "boat_range/p2", "boat_speed/p2", "boat_range/p2", "boat_speed/p2", "boat_range/p2"}; !slices.Equal(*tr.asked, want) {
		t.Errorf("asked %v, want %v", *tr.asked, want)
	}
	if !strings.Contains(tr.why["move away"], "rule 4.7") {
		t.Errorf("move away at Slow after one round in Close: refusal %q, want rule 4.7", tr.why["move away"])
	}
	if top != speedSlow {
		t.Errorf("Boat #2 with 2 engines out may go %s, want slow", top)
	}
	var moved []string
	for _, e := range evs {
		if (e.Type == "range" || e.Type == "speed") && e.Str("boat") == "SB2" {
			moved = append(moved, e.Type+":"+e.Str("to")+e.Str("speed"))
		}
	}
	if want := []string{"speed:very_fast", "range:close", "speed:slow", "range:medium"}; !slices.Equal(moved, want) {
		t.Errorf("SB2's speed and range events %v, want %v", moved, want)
	}
}

// 7.0 step 2 with 4.9: on her own course Boat #2 leaves the Combat Board
// only from the Long zone as her speed allows, and leaving is aborting:
// she rolls to evade (C-6); evading she leaves the squadron for the rest
// of the mission, failing she stays in the Long zone. The default move
// heads for the squadron's zone.
func TestRule7_0Step2OwnMoveOut(t *testing.T) {
	t.Run("refused from Medium at Medium", func(t *testing.T) {
		tr := newTurns(map[string][]string{"break_formation": {"break"}, "boat_speed": {"medium"}, "boat_range": {"out"}}, "move out")
		probeWith(t, 23, two("short", "s100"), tr, func(c *Campaign) {
			cb := atSeaTwo(c, weatherGood, enemyDestroyer)
			cb.Zone, cb.inZone = zoneMedium, 1
			c.Mission.Sorties[0].RadioOut = true
			c.board().breakAway(cb)
			if got := cb.zoneOf(c.Mission.Sorties[1]); got != zoneMedium {
				t.Errorf("her zone %s, want medium (the default: the squadron's)", got)
			}
		})
		if !strings.Contains(tr.why["move out"], "rule 4.9") {
			t.Errorf("move out from Medium at Medium: refusal %q, want rule 4.9", tr.why["move out"])
		}
	})
	outcomes := map[bool]int{}
	for seed := uint64(1); seed <= 40 && (outcomes[true] == 0 || outcomes[false] == 0); seed++ {
		tr := newTurns(map[string][]string{"break_formation": {"break"}, "boat_speed": {"fast"}, "boat_range": {"out"}})
		probeWith(t, seed, two("short", "s100"), tr, func(c *Campaign) {
			cb := atSeaTwo(c, weatherGood, enemyDestroyer)
			cb.Zone, cb.inZone = zoneMedium, 1
			s2 := c.Mission.Sorties[1]
			s2.RadioOut = true
			c.board().breakAway(cb)
			gone := s2.Gone == goneSeparated && !s2.Formation
			outcomes[gone]++
			if !gone && (cb.zoneOf(s2) != zoneLong || !s2.inFormation()) {
				t.Errorf("seed %d: failing to evade she is in the %s zone (in formation: %v), want Long", seed, cb.zoneOf(s2), s2.inFormation())
			}
			if c.Mission.Aborted {
				t.Errorf("seed %d: Boat #2 leaving aborted the squadron's mission", seed)
			}
		})
	}
	if outcomes[true] == 0 || outcomes[false] == 0 {
		t.Errorf("40 seeds of Fast from Medium and out: %v, want both evasions and failures", outcomes)
	}
}

// 7.0 step 2 (our reading): Boat #2 on her own course rejoins the
// squadron's orders at the beginning of a round when the radio link works
// again and she is in the squadron's range zone; not before.
func TestRule7_0Step2Rejoins(t *testing.T) {
	for _, tc := range []struct {
		name    string
		radio   bool // the radio repaired
		sunk    bool // Boat #1 sunk: p2 leads the squadron
		zone    RangeZone
		rejoins bool
	}{
		{"radio back, the squadron's zone", true, false, zoneMedium, true},
		{"radio back, another zone", true, false, zoneClose, false},
		{"radio out, the squadron's zone", false, false, zoneMedium, false},
		{"radio out, Boat #1 sunk, the squadron's zone", false, true, zoneMedium, true},
		{"radio out, Boat #1 sunk, another zone", false, true, zoneLong, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			tr := newTurns(map[string][]string{"break_formation": {"break"}, "boat_range": {"stay", "stay"}})
			var own bool
			var apart int
			_, evs := probeWith(t, 24, two("short", "s100"), tr, func(c *Campaign) {
				cb := atSeaTwo(c, weatherGood, enemyDestroyer)
				cb.Zone, cb.inZone = zoneMedium, 1
				s2 := c.Mission.Sorties[1]
				s2.RadioOut = true
				c.board().breakAway(cb)
				s2.zone, s2.RadioOut = tc.zone, !tc.radio
				if tc.sunk {
					c.Mission.Sorties[0].Gone, c.Mission.Sorties[0].Formation = goneSunk, false
				}
				c.board().breakAway(cb)
				own, apart = s2.own, s2.Apart
			})
			if got := len(eventsOf(evs, evRejoin)) == 1; got != tc.rejoins {
				t.Errorf("rejoin event: %v, want %v", got, tc.rejoins)
			}
			if own == tc.rejoins || (apart == 0) != tc.rejoins {
				t.Errorf("on her own course %v, apart %d; want rejoined %v", own, apart, tc.rejoins)
			}
			n := 0
			for _, a := range *tr.asked {
				if a == "boat_range/p2" {
					n++
				}
			}
			if want := 2 - b2i(tc.rejoins); n != want {
				t.Errorf("boat_range asked %d times, want %d", n, want)
			}
		})
	}
}

// 7.0 step 2 with 4.6: Boat #2 on her own course attacks from her own
// zone (her counter goes in the cup, her target is p2's), and the weather
// reads her zone: in Poor weather she fires from Medium while the squadron
// waits in Long.
func TestRule7_0Step2OwnCourseAttacks(t *testing.T) {
	tr := newTurns(map[string][]string{"break_formation": {"break"}, "boat_speed": {"medium"}, "boat_range": {"closer 1"}, "boat_attack": {"guns:destroyer-1"}})
	_, evs := probeWith(t, 25, two("short", "s100"), tr, func(c *Campaign) {
		cb := atSeaTwo(c, weatherPoor, enemyDestroyer)
		cb.Zone, cb.inZone, cb.Detected = zoneLong, 1, true
		c.Mission.Sorties[1].RadioOut = true
		c.board().breakAway(cb)
		cb.plan = "guns:destroyer-1"
		c.board().attacks(cb)
	})
	var fired []string
	for _, e := range eventsOf(evs, evAttack) {
		if e.Str("attacker") == "SB2" {
			fired = append(fired, e.Str("range"))
		}
		if e.Str("attacker") == "SB1" {
			t.Errorf("SB1 fired from the Long zone in Poor weather")
		}
	}
	if len(fired) == 0 || fired[0] != "medium" {
		t.Errorf("SB2's attacks from %v, want from the Medium zone", fired)
	}
	if !slices.Contains(*tr.asked, "boat_attack/p2") {
		t.Errorf("SB2's target not asked of p2: %v", *tr.asked)
	}
}

// 7.0 step 2 with 4.9: when the squadron leaves the combat, Boat #2 on her
// own course goes with it only from the Long zone; elsewhere no order to
// leave reached her: she stays on the Combat Board, not left behind, and
// the combat goes on for her alone (fightOn).
func TestRule7_0Step2SquadronLeavesWithoutHer(t *testing.T) {
	for _, tc := range []struct {
		zone RangeZone
		with bool
	}{{zoneLong, true}, {zoneMedium, false}} {
		t.Run(tc.zone.String(), func(t *testing.T) {
			probe(t, 26, two("short", "s100"), func(c *Campaign) {
				cb := atSeaTwo(c, weatherGood, enemyDestroyer)
				cb.Zone, cb.inZone = zoneLong, 1
				s2 := c.Mission.Sorties[1]
				s2.RadioOut, s2.own, s2.Apart, s2.zone = true, true, 1, tc.zone
				c.board().leaveCombat(cb)
				if stays := cb.lone == s2 && !cb.Left && s2.inFormation() && c.formed() == 1; stays == tc.with {
					t.Errorf("from the %s zone she stays to fight alone: %v (left %v, formed %d)", tc.zone, stays, cb.Left, c.formed())
				}
			})
		})
	}
}

// 7.0 step 2 with 4.9: the squadron leaves a combat while Boat #2, on her
// own course without a radio link, is in the Medium zone: she fights on
// alone, her player deciding, until the combat ends; then the squadron is
// whole again without her, and she, afloat, makes her own way home from
// that zone (zone by zone, soloHome), never "left behind".
func TestRule7_0Step2SheFightsOnAlone(t *testing.T) {
	fought := 0
	for seed := uint64(1); seed <= 15 && fought < 2; seed++ {
		var lone []string // her player's decisions once alone
		alone := false
		var camp *Campaign
		dec := deciderFunc(func(d *engine.Decision) (int, error) {
			if cb := camp.Mission.Combat; cb != nil && cb.lone != nil {
				alone = true
			}
			switch {
			case d.Kind == string(askBreakFormation) && d.Side == "p2":
				return optionIndex(d, "break"), nil
			case d.Kind == string(askBoatRange):
				return optionIndex(d, "closer", "stay"), nil
			case d.Kind == string(askSpeed) && d.Side == "p1":
				return optionIndex(d, "medium"), nil
			case d.Kind == string(askRange) && d.Side == "p1":
				return optionIndex(d, "out", "closer", "stay"), nil
			case alone && d.Kind == string(askRange):
				lone = append(lone, d.Side)
				return optionIndex(d, "stay"), nil
			}
			if alone {
				lone = append(lone, d.Side)
			}
			return d.Default, nil
		})
		c, _ := probeWith(t, seed, two("short", "s100"), dec, func(c *Campaign) {
			camp = c
			atSeaTwo(c, weatherGood, enemyDestroyer)
			c.Mission.Combat = nil
			c.Mission.Sorties[1].RadioOut = true
			c.board().fight(encDestroyers)
		})
		if !alone {
			continue
		}
		fought++
		m := c.Mission
		s2 := m.Sorties[1]
		for i, s := range m.Sorties {
			if i != 1 && s.Gone == goneLeft {
				t.Errorf("seed %d: %s still set aside after the combat", seed, s.Boat.ID)
			}
		}
		if !m.Aborted || !m.Home {
			t.Errorf("seed %d: the squadron left the combat: aborted %v, home %v", seed, m.Aborted, m.Home)
		}
		if s2.Gone != goneSunk && (s2.Gone != goneSeparated || s2.parted != "R3") {
			t.Errorf("seed %d: after fighting on alone SB2 is %q, parted in %q: want separated in R3, or sunk", seed, s2.Gone, s2.parted)
		}
		for _, side := range lone {
			if side != "p2" {
				t.Errorf("seed %d: a decision of %q while SB2 fought alone", seed, side)
			}
		}
		if len(lone) == 0 {
			t.Errorf("seed %d: SB2's player was never asked while she fought alone", seed)
		}
	}
	t.Logf("%d combats fought on alone", fought)
	if fought == 0 {
		t.Error("in 15 seeds the squadron never left with SB2 in the Medium zone")
	}
}

// 4.7: a move that can enter only one zone asks no number of zones (no
// `move closer <zones 1-1>`); with two or more it does.
func TestRule7_0Step2OwnMoveZonesOnlyWhenAChoice(t *testing.T) {
	for _, tc := range []struct {
		n        int
		wantArgs bool
	}{{1, false}, {2, true}} {
		probe(t, 4, two("short", "s100"), func(c *Campaign) {
			cb := atSeaTwo(c, weatherGood, enemyMerchant)
			cb.Zone = zoneLong
			s := c.Mission.Sorties[1]
			s.zone, s.inZone = zoneLong, 1
			var d engine.Decision
			c.coop().ownMoveOptions(cb, s, &d, tc.n)
			for _, o := range d.Options {
				if o.Name == "closer" && (len(o.Args) > 0) != tc.wantArgs {
					t.Errorf("%d moves: closer has args %v", tc.n, o.Args)
				}
			}
		})
	}
}
