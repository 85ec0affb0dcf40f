package scheldt

import (
	"testing"

	"github.com/schnell-wargames/schnell/gamelog"
)

// 11.4 (with 11.2): each reinforcement arrives on its turn, in the hexes
// the schedule of 11.2 lists for it. The want column is transcribed from
// the document; the game's entry is played with every decision its
// default (enter at once).
func TestRule11_4ReinforcementsArriveWhereListed(t *testing.T) {
	want := []struct {
		unit string
		turn int
		hex  string
	}{
		{"711", 1, "via 2717"},
		{"719", 2, "via 2717 (if enemy-occupied or in an enemy ZOC, the first hex north not in one)"},
		{"59", 3, "via 1517"},
		{"2-ag", 3, "via 1517"},
		{"1-ag", 3, "via 1517"},
		{"1-1-fj", 6, "1117, 1217, 1317, 1417, 1517 or 1617"},
		{"1-2-fj", 6, "1117, 1217, 1317, 1417, 1517 or 1617"},
		{"1-3-fj", 6, "1117, 1217, 1317, 1417, 1517 or 1617"},
		{"1-hg", 6, "1117, 1217, 1317, 1417, 1517 or 1617"},
		{"3-ag", 6, "1117, 1217, 1317, 1417, 1517 or 1617"},
		{"4-ag", 6, "1117, 1217, 1317, 1417, 1517 or 1617"},
		{"413-104", 7, "any unoccupied Antwerp hex"},
		{"414-104", 7, "any unoccupied Antwerp hex"},
		{"415-104", 7, "any unoccupied Antwerp hex"},
	}
	tb := start(t, 4, gamelog.Option{Name: "turns", Value: "7"})
	tb.to(7, German, Combat)
	seen := map[string]bool{}
	for _, w := range want {
		t.Run(w.unit, func(t *testing.T) {
			u := tb.r.unit(w.unit)
			if u == nil {
				t.Fatalf("no unit %s", w.unit)
			}
			seen[u.ID] = true
			if u.Arrives != w.turn {
				t.Errorf("arrives on turn %d, want %d", u.Arrives, w.turn)
			}
			if !tb.saw("arrived", "unit", u.ID, "hex", w.hex) {
				t.Errorf("no arrival of %s in %q", u.ID, w.hex)
			}
			if u.State != Full || u.Hex != w.hex {
				t.Errorf("after turn 7: %s in %q, want full in %q", u.State, u.Hex, w.hex)
			}
		})
	}
	for _, u := range tb.r.Units {
		if u.Arrives > 0 && !seen[u.ID] {
			t.Errorf("%s arrives on turn %d: the schedule of 11.2 does not list it", u.ID, u.Arrives)
		}
	}
}
