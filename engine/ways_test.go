package engine

import (
	"testing"

	"github.com/schnell-wargames/schnell/gamelog"
)

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

// AddLike shares the facts of the option added last; asked again, each
// option takes back its own storage, so that a lent option's facts are
// never written over by the one that lent them, nor the other way round,
// and refilling allocates nothing once grown.
func TestAddLikeSharesFacts(t *testing.T) {
	d := &Decision{Kind: "k"}
	fill := func(like bool) {
		if len(d.lent) > 0 {
			d.giveBack()
		}
		d.reset("k", "")
		a := d.Add("a", "", "")
		a.Facts = append(a.Facts, gamelog.Str("unit", "u1"), gamelog.Int("hull", 3))
		if like {
			d.AddLike("b", "", "")
		} else {
			b := d.Add("b", "", "")
			b.Facts = append(b.Facts, gamelog.Str("unit", "u2"))
		}
		c := d.Add("c", "", "")
		c.Facts = append(c.Facts, gamelog.Str("unit", "u3"), gamelog.Int("hull", 1), gamelog.Int("damage", 2))
	}
	for i := range 6 {
		like := i%2 == 0
		fill(like)
		want := [][]string{{"u1", "u2", "u3"}, {"u1", "u1", "u3"}}[b2i(like)]
		for k, o := range d.Options {
			if got := o.Facts[0].Val.S; got != want[k] {
				t.Errorf("pass %d (like %v): option %s's unit %s, want %s", i, like, o.Name, got, want[k])
			}
		}
		if like && len(d.Options[1].Facts) != 2 {
			t.Errorf("pass %d: the like option has %d facts, want 2", i, len(d.Options[1].Facts))
		}
	}
	if n := testing.AllocsPerRun(10, func() { fill(true); fill(false) }); n != 0 {
		t.Errorf("refilling allocates %v times", n)
	}
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}
