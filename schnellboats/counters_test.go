package schnellboats

import (
	"strings"
	"testing"
)

// 7.0 (depth charge counters; our reading, docs/rules-notes.md): an S-100
// Boat #1 drops a depth charge at a submarine from the Close zone (D-5),
// one charge expended; never at a surface ship, from another zone, by
// Boats #2-#4 or from a Projekt 5b.
func TestRule7_0DepthCharges(t *testing.T) {
	t.Run("Boat #1 at a submarine in Close", func(t *testing.T) {
		var left int
		_, evs := probeWith(t, 3, opts("short", "s100"), orders{"attack": "dc:submarine-1"}, func(c *Campaign) {
			cb := atSea(c, 0, enemySubmarine)
			cb.Zone = zoneClose
			c.Mission.Sorties[0].DCs = 4
			cb.Enemy[0].Hull = 99
			c.board().attackPlan(cb, 1)
			c.board().attacks(cb)
			left = c.Mission.Sorties[0].DCs
		})
		if left != 3 {
			t.Errorf("depth charges left %d, want 3 (one expended)", left)
		}
		var dc, guns int
		for _, e := range evs {
			if e.Type == "roll" && e.Str("table") == "D-5" {
				dc++
			}
			if e.Type == string(evAttack) && e.Str("weapon") == "gun" && strings.HasPrefix(e.Str("attacker"), "SB") {
				guns++
			}
		}
		if dc != 1 || guns != 6 {
			t.Errorf("%d D-5 rolls and %d gun shots, want 1 (Boat #1) and 6 (Boats #2-#4 fire their guns)", dc, guns)
		}
	})
	for _, tc := range []struct {
		name, boat string
		no         int
		zone       RangeZone
		target     Enemy
		want       string
	}{
		{"from Medium", "s100", 1, zoneMedium, enemySubmarine, "only from the Close Range Zone"},
		{"at a merchant ship", "s100", 1, zoneClose, enemyMerchant, "dropped on a submarine"},
		{"by Boat #2", "s100", 2, zoneClose, enemySubmarine, "only Boat #1 carries depth charges"},
		{"from a Projekt 5b", "5b", 1, zoneClose, enemySubmarine, "Projekt 5b boats carry no depth charges"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			probeWith(t, 3, opts("short", tc.boat), orders{}, func(c *Campaign) {
				cb := atSea(c, 0, tc.target)
				cb.Zone = tc.zone
				c.Mission.Sorties[0].DCs = 4
				if got := c.board().dcRefusal(cb, c.Mission.Sorties[tc.no-1], cb.Enemy[0]); !strings.Contains(got.String(), tc.want) {
					t.Errorf("refusal %q, want %q in it", got, tc.want)
				}
			})
		})
	}
}

// 7.0 Flare counter: star shell on C-5 (11 or more) places it when an
// escort is present (D-4's +2 then applies to the enemy's fire that round).
func TestRule7_0FlareCounter(t *testing.T) {
	for _, tc := range []struct {
		name   string
		enemy  Enemy
		placed bool
	}{{"a destroyer fires star shell", enemyDestroyer, true}, {"merchant ships have none", enemyMerchant, false}} {
		t.Run(tc.name, func(t *testing.T) {
			for seed := uint64(1); seed <= 20; seed++ {
				var flare bool
				_, evs := probeWith(t, seed, opts("short", "s100"), orders{}, func(c *Campaign) {
					cb := atSea(c, 0, tc.enemy)
					cb.Zone = zoneClose
					cb.Speed = speedVeryFast
					c.board().detection(cb)
					flare = cb.flare
				})
				high, shells := false, 0
				for _, e := range evs {
					if e.Type == "roll" && e.Str("table") == "C-5" && e.Int("total") >= 11 {
						high = true
					}
					if e.Type == string(evFlare) {
						shells++
					}
				}
				if !high {
					if flare || shells > 0 {
						t.Fatalf("seed %d: a flare without star shell on C-5", seed)
					}
					continue
				}
				if flare != tc.placed || shells != map[bool]int{true: 1}[tc.placed] {
					t.Errorf("seed %d: C-5 11 or more: Flare counter %v (%d events), want %v", seed, flare, shells, tc.placed)
				}
				return
			}
			t.Fatal("no seed in 1-20 rolled 11 or more on C-5")
		})
	}
}

// 7.0 Unit Disabled (our reading): an enemy ship one damage point from
// sinking lies stopped: she no longer evades (C-6) and is easier to hit.
func TestRule7_0EnemyDisabled(t *testing.T) {
	_, evs := probeWith(t, 3, opts("short", "s100"), orders{}, func(c *Campaign) {
		cb := atSea(c, 0, enemyMerchant)
		u := cb.Enemy[0]
		u.Hull = 5
		c.board().damageUnit(cb, c.Mission.Sorties[0], u, 3, false)
		if u.Disabled {
			t.Error("disabled at 3 of 5 points")
		}
		c.board().damageUnit(cb, c.Mission.Sorties[0], u, 1, false)
		if !u.Disabled {
			t.Fatal("not disabled at 4 of 5 points")
		}
		cb.Detected = true
		for range 20 {
			c.board().enemyActs(cb, u)
		}
		if !u.present() {
			t.Error("a disabled ship got away")
		}
		cb.Zone = zoneClose
		c.board().launch(cb, c.Mission.Sorties[1], u, weaponTorpedo)
	})
	var disabled, evades int
	stopped := false
	for _, e := range evs {
		switch {
		case e.Type == string(evUnitDisabled):
			disabled++
		case e.Type == "roll" && e.Str("table") == "C-6":
			evades++
		case e.Type == "roll" && e.Str("table") == "D-2":
			v, _ := e.Get("mods")
			for _, m := range v.L {
				if r, _ := m.Get("reason"); strings.Contains(r.S, "lies stopped") {
					stopped = true
				}
			}
		}
	}
	if disabled != 1 || evades != 0 || !stopped {
		t.Errorf("%d unit_disabled events, %d C-6 rolls, D-2 with the stopped target's modifier %v; want 1, 0, true", disabled, evades, stopped)
	}
}
