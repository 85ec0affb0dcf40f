package schnellboats

import (
	"strings"
	"testing"

	"github.com/schnell-wargames/schnell/engine"
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
			c.boatOrder(cb, s)
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
