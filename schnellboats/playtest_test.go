package schnellboats

import (
	"strings"
	"testing"

	"github.com/schnell-wargames/schnell/engine"
	"github.com/schnell-wargames/schnell/gamelog"
)

// 4.6 (play-test finding 2): an order answers a boat's decision at the
// prompt (a standing order) only while its target is present. When the
// target was sunk or evaded before the boat's counter is drawn, the order
// no longer holds: the player is asked, told why, and the default is the
// same order at another unit — `both` keeps the guns and the torpedo.
func TestRule4_6OrdersAtAGoneTarget(t *testing.T) {
	type asked struct {
		boat, def, prompt string
		standing          bool
	}
	var got []asked
	dec := deciderFunc(func(d *engine.Decision) (int, error) {
		if d.Kind == string(askBoatAttack) {
			_, ok := d.Standing()
			got = append(got, asked{optionBoat(d), d.Options[d.Default].Name, d.Prompt, ok})
		}
		return d.Default, nil
	})
	probeWith(t, 3, opts("short", "s100"), dec, func(c *Campaign) {
		cb := atSea(c, weatherGood, enemyMerchant, enemyMerchant, enemyTanker)
		cb.Zone, cb.Detected = zoneClose, true
		cb.plan = "torpedo:merchant-2"
		cb.setOwn("SB3", "both:tanker-3")
		cb.setOwn("SB4", "guns:merchant-1")
		cb.Enemy[1].Gone, cb.Enemy[2].Gone = goneEvaded, goneSunk
		for _, s := range c.Mission.Sorties[:4] {
			c.board().boatOrder(cb, s)
		}
	})
	want := []asked{
		{"SB1", "torpedo:merchant-1", "It was ordered torpedo:merchant-2, and merchant-2 is gone (evaded)", false},
		{"SB2", "torpedo:merchant-1", "merchant-2 is gone (evaded)", false},
		{"SB3", "both:merchant-1", "It was ordered both:tanker-3, and tanker-3 is gone (sunk)", false},
		{"SB4", "guns:merchant-1", "the squadron's order: torpedo:merchant-2", true}, // its own target is there
	}
	if len(got) != len(want) {
		t.Fatalf("%d boat_attack decisions, want %d: %+v", len(got), len(want), got)
	}
	for i, w := range want {
		g := got[i]
		if g.boat != w.boat || g.def != w.def || g.standing != w.standing || !strings.Contains(g.prompt, w.prompt) {
			t.Errorf("%s: default %s, standing %v, prompt %q; want %s, %v, %q", g.boat, g.def, g.standing, g.prompt, w.def, w.standing, w.prompt)
		}
	}
}

// 4.7 (play-test findings 4 and 5): a move of more range zones than the
// squadron may enter this round is refused with the reason and the count
// it may: with the option placement=medium, in round 1 placement is into
// the Long zone (the first move), then on to Medium, no further, even at
// Very Fast; on the board the Close and Long zones are the ends.
func TestRule4_7ZonesRefusedWithTheRule(t *testing.T) {
	for _, tc := range []struct {
		name, speed string
		zone        RangeZone
		round       int
		cmd, want   string
	}{
		{"very fast placement, placement=medium", "very_fast", zoneOut, 1, "move closer 3", "option placement=medium (4.7): in the first round the squadron is placed in the Long Range Zone (its first move) and may go on into the Medium zone, no further: 2 zones this round (`move closer 2`)"},
		{"fast from Medium", "fast", zoneMedium, 2, "move closer 2", "the Close Range Zone is the nearest: 1 zone this round (`move closer`)"},
		{"very fast from Long", "very_fast", zoneLong, 2, "move closer 3", "the Close Range Zone is the nearest: 2 zones this round (`move closer 2`)"},
		{"very fast from Close", "very_fast", zoneClose, 2, "move away 3", "the Long Range Zone is the farthest (`move out` leaves the combat): 2 zones this round (`move away 2`)"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			w := watch{orders{"speed": tc.speed, "range": "stay", "attack": "hold"}, map[string]string{tc.cmd: ""}}
			if tc.zone == zoneOut {
				w.orders["range"] = "closer"
			}
			o := opts("short", "s100")
			if tc.zone == zoneOut {
				o = append(o, gamelog.Option{Name: "placement", Value: "medium"})
			}
			probeWith(t, 3, o, w, func(c *Campaign) {
				cb := atSea(c, 0, 0)
				cb.Zone, cb.inZone = tc.zone, 1
				c.board().combatOrders(cb, tc.round)
			})
			if got := w.why[tc.cmd]; got != tc.want {
				t.Errorf("%s: refusal %q, want %q", tc.cmd, got, tc.want)
			}
		})
	}
}

// Ours, 2.0 Combat Rounds (play-test finding 7): a wave still afloat after
// its 6th round passes out of reach — here MTBs, which never evade, in fog
// (nobody fires from the Long zone) — and the prompt says so in that round:
// the round's line and the movement order's prompt.
func TestRule2_0WavePassesAfterSixRounds(t *testing.T) {
	var prompts []string
	dec := deciderFunc(func(d *engine.Decision) (int, error) {
		switch d.Kind {
		case string(askRange):
			prompts = append(prompts, d.Prompt)
			return optionIndex(d, "stay", "closer"), nil
		case string(askSpeed):
			return optionIndex(d, "medium"), nil
		}
		return 0, nil
	})
	c, evs := probeWith(t, 3, opts("short", "s100"), dec, func(c *Campaign) {
		cb := atSea(c, weatherFoggy, enemyMtb, enemyMtb)
		c.board().waveRounds(cb)
	})
	rounds, passed := 0, 0
	for i := range evs {
		e := &evs[i]
		switch eventType(e.Type) {
		case evRound:
			rounds++
			last := strings.Contains(describe(e), "the last: a wave still afloat after it passes out of reach")
			if last != (e.Int("n") == maxRounds) {
				t.Errorf("round %d worded %q", e.Int("n"), describe(e))
			}
		case evEvaded:
			if e.Str("why") == "passed out of reach" {
				passed++
			}
		}
	}
	if rounds != maxRounds || passed != 2 || c.Mission.Combat.enemyLeft() {
		t.Errorf("%d rounds, %d units passed out of reach, enemy left %v: want %d, 2, false", rounds, passed, c.Mission.Combat.enemyLeft(), maxRounds)
	}
	for i, p := range prompts {
		if got := strings.Contains(p, "the last round"); got != (i == maxRounds-1) {
			t.Errorf("round %d's movement prompt %q", i+1, p)
		}
	}
}

// Play-test finding 10: words that said the wrong thing are gone — C-5's
// star shell "from an escort" against a lone submarine or an MGB patrol,
// A-8's "the convoy is seen" whatever the contact, "SB1 is repair", "1
// guns", a sunk ship's "6 of 5" damage, "in the out zone".
func TestWordingPlaytest10(t *testing.T) {
	var tbl strings.Builder
	for _, b := range def(t).Booklets {
		for _, id := range []string{"C-5", "A-8", "C-6"} {
			if tb, ok := b.Tables.Get(id); ok {
				if err := tb.Print(&tbl); err != nil {
					t.Fatal(err)
				}
			}
		}
	}
	for _, old := range []string{"an escort fires star shell over the squadron", "the convoy is seen from far off", "Holds its course"} {
		if strings.Contains(tbl.String(), old) {
			t.Errorf("the tables still say %q", old)
		}
	}
	if !strings.Contains(tbl.String(), "ships are seen from far off") {
		t.Errorf("A-8 printed without its clear-night modifier:\n%s", tbl.String())
	}
	if got := statusWords(Repair); got != "under repair" {
		t.Errorf("statusWords(repair) = %q", got)
	}
	var board strings.Builder
	var prompt string
	dec := deciderFunc(func(d *engine.Decision) (int, error) {
		if d.Kind == string(askRange) && prompt == "" {
			prompt = d.Prompt
		}
		return d.Default, nil
	})
	probeWith(t, 3, opts("short", "s100"), dec, func(c *Campaign) {
		cb := atSea(c, weatherGood, enemyMerchant, enemyMtb)
		cb.Enemy[0].Damage, cb.Enemy[0].Gone = 7, goneSunk
		cb.Enemy[1].Guns = 1
		c.Mission.Sorties[1].Points = 1
		if err := c.PrintBoard(&board); err != nil {
			t.Fatal(err)
		}
		c.board().combatOrders(cb, 1)
	})
	for _, old := range []string{"7 of 5", "1 guns", "1 points"} {
		if strings.Contains(board.String(), old) {
			t.Errorf("the board says %q:\n%s", old, board.String())
		}
	}
	if strings.Contains(prompt, "out zone") || !strings.Contains(prompt, "not yet on the Combat Board") {
		t.Errorf("round 1's movement prompt: %q", prompt)
	}
}

// Play-test finding 10: the Damage Log Card of a mission still at sea
// does not say the boats "returned".
func TestDamageSheetAtSea(t *testing.T) {
	for _, tc := range []struct {
		ended bool
		want  string
	}{{false, "at sea"}, {true, "returned"}} {
		n := &night{N: 1, Boats: []string{"SB1"}, Nos: map[string]int{"SB1": 1}, Points: map[string]int{}, Hits: map[string][]string{}, Ended: tc.ended}
		_, c := play(t, 1, "short", "s100")
		s, err := damageSheet(c, []*night{n}, 0)
		if err != nil {
			t.Fatal(err)
		}
		if got := s.Rows[0][4]; got != tc.want {
			t.Errorf("mission ended %v: fate %q, want %q", tc.ended, got, tc.want)
		}
	}
}

// Play-test finding 10: a crewman's skill is worded, not its raw id
// ("sharp eyes", not "sharp_eyes").
func TestWordingSpecials(t *testing.T) {
	e := gamelog.Event{Type: string(evCrewman), Fields: []gamelog.Field{gamelog.Str("crewman", "Hans Vogel"), gamelog.Str("special", "sharp_eyes"), gamelog.Str("start", "1944-02-01")}}
	if got := describe(&e); strings.Contains(got, "sharp_eyes") || !strings.Contains(got, "sharp eyes") {
		t.Errorf("crewman event worded %q", got)
	}
}
