package engine

import "testing"

// mapDecider is a decider of a type Go cannot compare with ==.
type mapDecider struct{ m map[string]int }

func (mapDecider) Decide(d *Decision) (int, error) { return d.Default, nil }
func (mapDecider) Who() Who                        { return ByScript }
func (mapDecider) Wordless(string) bool            { return true }

// The ways of the decider last asked are kept for it alone: another
// decider (of a type that cannot be compared, or none) gets its own.
func TestWaysOfDecider(t *testing.T) {
	var g Game
	d := &Decision{Kind: "k"}
	a, b := mapDecider{map[string]int{}}, mapDecider{map[string]int{}}
	for _, c := range []struct {
		dec             Decider
		wordless, blind bool
	}{{a, true, false}, {a, true, false}, {b, true, false}, {TakeDefault{}, false, true}, {nil, false, false}, {a, true, false}} {
		w := g.waysOf(c.dec)
		if w.dec != nil && c.dec == nil || w.wordlessFor(d) != c.wordless || w.blindFor(d) != c.blind {
			t.Errorf("%T: wordless %v blind %v, want %v %v", c.dec, w.wordlessFor(d), w.blindFor(d), c.wordless, c.blind)
		}
	}
}
