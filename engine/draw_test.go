package engine

import (
	"bytes"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/schnell-wargames/schnell/dice"
	"github.com/schnell-wargames/schnell/gamelog"
	"github.com/schnell-wargames/schnell/tables"
)

// rulesFunc makes rules of a function.
type rulesFunc func(c *Ctx)

func (f rulesFunc) Play(c *Ctx) { f(c) }

func funcDef(t *testing.T, play func(c *Ctx)) *Definition {
	t.Helper()
	def := toyDef(t)
	def.New = func([]gamelog.Option, *tables.Set) (Rules, error) { return rulesFunc(play), nil }
	return def
}

// Chits removed between draws are not drawn; chits put back are; a draw
// of more than the cup holds is the rules' error.
func TestCupChitsRemovedBetweenDraws(t *testing.T) {
	var drawn [][]string
	def := funcDef(t, func(c *Ctx) {
		k := c.NewCup("POT", "the scenario's marker pot", "naval", "naval", "+1", "+2", "+3")
		if !k.Remove("naval") || !k.Remove("naval") || k.Remove("naval") {
			c.Fail(errRemove)
		}
		for range 3 {
			d := c.Draw(Draw{Cup: k, N: 3})
			drawn = append(drawn, d.Chits)
			k.Add(d.Chits...)
		}
		k.Remove("+1")
		c.Draw(Draw{Cup: k, N: 3}) // two left
	})
	g, err := New(Config{Def: def, Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	_, err = g.Step(NoPause)
	if err == nil || !strings.Contains(err.Error(), "rules draw 3 chits from cup POT, which holds 2") {
		t.Errorf("err = %v", err)
	}
	for _, d := range drawn {
		got := slices.Sorted(slices.Values(d))
		if !slices.Equal(got, []string{"+1", "+2", "+3"}) {
			t.Errorf("drew %v from a pot without its naval markers", d)
		}
	}
	if len(drawn) != 3 {
		t.Errorf("%d draws, want 3", len(drawn))
	}
}

var errRemove = errors.New("Remove does not take out two naval markers and no more")

func TestCupText(t *testing.T) {
	if got, want := CupText([]string{"+1", "+2", "+1", "naval"}), "+1 x2, +2, naval"; got != want {
		t.Errorf("CupText = %q, want %q", got, want)
	}
}

// A draw of the whole cup typed at the prompt is checked for completeness:
// the chits left out are named, as are unknown chits and chits typed more
// often than the cup holds them.
func TestMatchChitsNamesMissingAndUnknown(t *testing.T) {
	in := []string{"SB1", "SB2", "mtb-1", "mtb-1"}
	for _, tc := range []struct {
		name  string
		words []string
		want  string // in the error; "" = no error
	}{
		{"whole cup", []string{"mtb-1", "sb2", "MTB-1", "SB1"}, ""},
		{"missing", []string{"mtb-1", "SB1"}, "SB2, mtb-1 are missing"},
		{"one missing", []string{"mtb-1", "SB1", "mtb-1"}, "SB2 is missing"},
		{"unknown", []string{"SB9", "SB1", "SB2", "mtb-1"}, `"SB9" is not in the cup`},
		{"twice", []string{"SB1", "SB1", "SB2", "mtb-1"}, "the cup holds fewer SB1 than that"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got, err := matchChits(in, len(in), tc.words)
			if tc.want == "" {
				if err != nil || len(got) != len(in) || got[1] != "SB2" {
					t.Errorf("matchChits(%v) = %v, %v; want the cup's spellings", tc.words, got, err)
				}
				return
			}
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("matchChits(%v) error = %v, want %q in it", tc.words, err, tc.want)
			}
		})
	}
}

// Draws from cups of every size, with chits of the same name among them,
// draw what drawing from a copy of the cup, one uniform index of what is
// left at a time, draws; the cup keeps the rest in its order, the rules'
// slice of chits is theirs, and a cup drawn whole is empty and may be
// filled again.
func TestDrawsAsFromACopy(t *testing.T) {
	const seed = 7
	ref := dice.NewGenerator(seed)
	refDraw := func(cup []string, n int) (drawn, rest []string) {
		left := slices.Clone(cup)
		for range n {
			i := ref.IntN(len(left))
			drawn = append(drawn, left[i])
			left = slices.Delete(left, i, i+1)
		}
		rest = slices.Clone(cup)
		for _, ch := range drawn {
			i := slices.Index(rest, ch)
			rest = slices.Delete(rest, i, i+1)
		}
		return drawn, rest
	}
	var bad []string
	def := funcDef(t, func(c *Ctx) {
		for size := 1; size <= 15; size++ {
			chits := make([]string, size)
			for i := range chits {
				chits[i] = strconv.Itoa(i % 4) // names repeat
			}
			k := c.NewCup("CUP", "", chits...)
			chits[0] = "changed" // the rules' slice, not the cup's
			want := slices.Clone(k.Chits())
			for _, n := range []int{1 + size/3, 0} {
				if len(want) == 0 {
					break
				}
				if n == 0 || n > len(want) {
					n = len(want) // the rest, whole
				}
				wd, wr := refDraw(want, n)
				d := c.Draw(Draw{Cup: k, N: n})
				if !slices.Equal(d.Chits, wd) || !slices.Equal(k.Chits(), wr) {
					bad = append(bad, fmt.Sprintf("cup of %d, draw %d: drew %v leaving %v, want %v leaving %v", size, n, d.Chits, k.Chits(), wd, wr))
				}
				want = wr
			}
			if k.Len() != 0 {
				bad = append(bad, fmt.Sprintf("cup of %d drawn whole holds %v", size, k.Chits()))
			}
			k.Add("x", "y")
			if !slices.Equal(k.Chits(), []string{"x", "y"}) {
				bad = append(bad, fmt.Sprintf("cup of %d refilled holds %v", size, k.Chits()))
			}
		}
	})
	playAndReport(t, def, seed, &bad)
}

// A cup made again under the id of one drawn empty takes over its
// storage: the new cup holds its own chits, draws as any cup, and the old
// one stays empty, filled again apart from the new one.
func TestNewCupAfterAnEmptyOne(t *testing.T) {
	var bad []string
	def := funcDef(t, func(c *Ctx) {
		old := c.NewCup("ORDER", "", "a", "b", "c", "d")
		c.Draw(Draw{Cup: old, N: 4})
		k := c.NewCup("ORDER", "the order", "e", "f", "g")
		if old.Len() != 0 || !slices.Equal(old.Chits(), []string{}) {
			bad = append(bad, fmt.Sprintf("the old cup holds %v", old.Chits()))
		}
		old.Add("x")
		if !slices.Equal(k.Chits(), []string{"e", "f", "g"}) || !slices.Equal(old.Chits(), []string{"x"}) {
			bad = append(bad, fmt.Sprintf("new cup %v, old cup filled again %v", k.Chits(), old.Chits()))
		}
		d := c.Draw(Draw{Cup: k, N: 3})
		if got := slices.Sorted(slices.Values(d.Chits)); !slices.Equal(got, []string{"e", "f", "g"}) || k.Len() != 0 {
			bad = append(bad, fmt.Sprintf("drew %v, left %v", d.Chits, k.Chits()))
		}
		k2 := c.NewCup("ORDER", "", "h", "i", "j", "k", "l") // more than the storage held
		if !slices.Equal(k2.Chits(), []string{"h", "i", "j", "k", "l"}) || k.Len() != 0 {
			bad = append(bad, fmt.Sprintf("a bigger cup holds %v, the one before %v", k2.Chits(), k.Chits()))
		}
		if cups := c.g.Cups(); len(cups) != 1 || cups[0] != k2 {
			bad = append(bad, fmt.Sprintf("the game's cups: %v", cups))
		}
	})
	playAndReport(t, def, 3, &bad)
}

// playAndReport plays the game of def with seed to its end, then reports
// what its rules found wrong (bad, filled as they played).
func playAndReport(t *testing.T, def *Definition, seed uint64, bad *[]string) {
	t.Helper()
	g, err := New(Config{Def: def, Seed: seed})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := g.Step(NoPause); err != nil {
		t.Fatal(err)
	}
	for _, b := range *bad {
		t.Error(b)
	}
}

// TestWholeDrawByTheGeneratorReplays: a side a decider plays draws a cup
// whole in a game of physical dice: the program draws it (the log says so)
// and the log replays; what was drawn stays as drawn when the cup is made
// again and drawn again.
func TestWholeDrawByTheGeneratorReplays(t *testing.T) {
	var bad []string
	def := funcDef(t, func(c *Ctx) {
		var first Drawn
		for i := range 3 {
			k := c.NewCup("ORDER", "", "a", "b", "c", "d")
			d := c.Draw(Draw{Cup: k, N: 4, Side: "axis"})
			if i == 0 {
				first = d
				continue
			}
			if got := slices.Sorted(slices.Values(first.Chits)); !slices.Equal(got, []string{"a", "b", "c", "d"}) || k.Len() != 0 {
				bad = append(bad, fmt.Sprintf("the first draw now reads %v, the cup holds %v", first.Chits, k.Chits()))
			}
		}
		k := c.NewCup("POT", "", "x", "y")
		c.Draw(Draw{Cup: k, N: 1, Side: "axis"})
	})
	def.Sides = []string{"axis"}
	g, err := New(Config{Def: def, Seed: 7, Mode: Physical})
	if err != nil {
		t.Fatal(err)
	}
	if err := g.SetSideDecider("axis", TakeDefault{}); err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	if err := g.WriteLog(&buf); err != nil {
		t.Fatal(err)
	}
	if _, err := g.Step(NoPause); err != nil {
		t.Fatal(err)
	}
	g.StopLog()
	for _, b := range bad {
		t.Error(b)
	}
	if n := strings.Count(buf.String(), `"source":"generator"`); n != 4 {
		t.Errorf("%d draws logged as the program's, want 4:\n%s", n, buf.String())
	}
	lg, err := gamelog.Read("toy", bytes.NewReader(buf.Bytes()))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := Replay(def, lg, -1, Config{}); err != nil {
		t.Errorf("replay: %v", err)
	}
}

// TestRefillCup: a cup the rules make again once drawn empty is the same
// cup, filled again; one still holding chits, or with a hidden draw out,
// is made anew (NewCup); the draws from it are as from a new cup.
func TestRefillCup(t *testing.T) {
	var bad []string
	var refilled, fresh [][]string
	def := funcDef(t, func(c *Ctx) {
		k := c.RefillCup("ORDER", "the order", "a", "b", "c")
		for range 3 {
			refilled = append(refilled, c.Draw(Draw{Cup: k, N: 3}).Chits)
			if k2 := c.RefillCup("ORDER", "the order", "a", "b", "c"); k2 != k {
				bad = append(bad, "an empty cup was not filled again")
			}
		}
		if k.Len() != 3 || len(c.g.Cups()) != 1 {
			bad = append(bad, fmt.Sprintf("the refilled cup holds %v; the game's cups %v", k.Chits(), c.g.Cups()))
		}
		c.Draw(Draw{Cup: k, N: 1})
		if k2 := c.RefillCup("ORDER", "", "x"); k2 == k || !slices.Equal(k2.Chits(), []string{"x"}) || k.Len() != 2 {
			bad = append(bad, fmt.Sprintf("a cup holding chits was filled again: %v, the old one %v", k2.Chits(), k.Chits()))
		}
	})
	playAndReport(t, def, 5, &bad)
	def2 := funcDef(t, func(c *Ctx) {
		for range 3 {
			k := c.NewCup("ORDER", "the order", "a", "b", "c")
			fresh = append(fresh, c.Draw(Draw{Cup: k, N: 3}).Chits)
		}
	})
	playAndReport(t, def2, 5, &bad)
	if !slices.EqualFunc(refilled, fresh, slices.Equal[[]string]) {
		t.Errorf("draws from the refilled cup %v, from new cups %v", refilled, fresh)
	}
}
