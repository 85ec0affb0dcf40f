package dice

import (
	"errors"
	"slices"
	"strings"
	"testing"
)

// Schnell Rules, gunfire: "roll a d20 to hit, a white d6 for damage and a
// red d6 for the chance of fire ... all three dice can be rolled together".
func TestThrowSchnellRules(t *testing.T) {
	th, err := ParseThrow("1d20 hit, 1d6 white, 1d6 red")
	if err != nil {
		t.Fatal(err)
	}
	if got, want := th.String(), "1D20 hit, 1D6 white, 1D6 red"; got != want {
		t.Errorf("String() = %q, want %q", got, want)
	}
	cases := []struct {
		name  string
		typed string
		want  []int
		err   string
	}{
		{"in order", "14 3 6", []int{14, 3, 6}, ""},
		{"labelled, any order", "red=6 hit=14 white=3", []int{14, 3, 6}, ""},
		{"labels in any case", "HIT=20 White=1 red=1", []int{20, 1, 1}, ""},
		{"too few", "14 3", nil, "needs 3 faces (hit=N white=N red=N), got 2"},
		{"a missing die", "hit=14 white=3", nil, "the red die (d6) is missing"},
		{"a die twice", "hit=14 hit=3 red=1", nil, "the hit die is given twice"},
		{"an unknown label", "hit=14 blue=3 red=1", nil, `no die labelled "blue"`},
		{"mixed", "hit=14 3 red=1", nil, "label every face"},
		{"out of range", "14 7 6", nil, "the white die (d6): face 7 is out of range 1..6"},
		{"a d20 of 21", "hit=21 white=1 red=1", nil, "the hit die (d20): face 21 is out of range 1..20"},
		{"not a number", "14 x 6", nil, `the white die (d6): "x" is not a number`},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got, err := th.ParseFaces(strings.Fields(c.typed))
			if c.err != "" {
				if err == nil || !strings.Contains(err.Error(), c.err) {
					t.Fatalf("error %v, want one containing %q", err, c.err)
				}
				return
			}
			if err != nil || !slices.Equal(got, c.want) {
				t.Fatalf("got %v %v, want %v", got, err, c.want)
			}
			if err := th.CheckFaces(got); err != nil {
				t.Errorf("CheckFaces(%v): %v", got, err)
			}
		})
	}
}

// Paukenschlag, OSL/TSL play: "Roll two D10 ... to determine its location
// on the grid" — a pair (row, column), each 1..10, not a percentile.
func TestThrowPaukenschlagPair(t *testing.T) {
	th := MustThrow("1d10 row, 1d10 column")
	got, err := th.ParseFaces([]string{"0", "7"})
	if err != nil || !slices.Equal(got, []int{10, 7}) {
		t.Fatalf("0 7 reads %v %v, want [10 7] (a d10's 0 reads 10)", got, err)
	}
	got, err = th.ParseFaces([]string{"column=3", "row=9"})
	if err != nil || !slices.Equal(got, []int{9, 3}) {
		t.Fatalf("column=3 row=9 reads %v %v, want [9 3]", got, err)
	}
	if err := th.CheckFaces([]int{0, 3}); err == nil {
		t.Error("a logged face 0 of a d10 die of a throw passes CheckFaces")
	}
	g := NewGenerator(1)
	seen := map[[2]int]bool{}
	for range 5000 {
		f := th.Roll(g.Rand, nil)
		if err := th.CheckFaces(f); err != nil {
			t.Fatal(err)
		}
		seen[[2]int{f[0], f[1]}] = true
	}
	if len(seen) != 100 {
		t.Errorf("5000 throws reached %d of the 100 squares", len(seen))
	}
}

func TestParseThrowErrors(t *testing.T) {
	cases := map[string]string{
		"1d20":                "a throw is 2 to 8 labelled dice",
		"1d20 hit, 1d6":       `each die of a throw is a die and its label`,
		"1d20 hit, 2d6 white": "each die of a throw is one die",
		"1d20 hit, 1d8 white": "d4, d6, d10 and d20",
		"1d20 hit, 1d6 Hit":   `die label "Hit"`,
		"1d20 hit, 1d6 hit":   "two dice are labelled hit",
		"d10 a,d10 b,d10 c,d10 d,d10 e,d10 f,d10 g,d10 h,d10 i": "2 to 8",
	}
	for in, want := range cases {
		_, err := ParseThrow(in)
		if err == nil || !errors.Is(err, ErrSpec) || !strings.Contains(err.Error(), want) {
			t.Errorf("ParseThrow(%q) = %v, want an ErrSpec containing %q", in, err, want)
		}
	}
}

// FuzzThrow feeds a throw and the words a player typed for it.
func FuzzThrow(f *testing.F) {
	f.Add("1d20 hit, 1d6 white, 1d6 red", "hit=1 white=2 red=6")
	f.Add("1d10 row, 1d10 column", "0 9")
	f.Fuzz(func(t *testing.T, expr, typed string) {
		th, err := ParseThrow(expr)
		if err != nil {
			if !errors.Is(err, ErrSpec) {
				t.Fatalf("ParseThrow(%q): %v does not wrap ErrSpec", expr, err)
			}
			return
		}
		again, err := ParseThrow(th.String())
		if err != nil || again.String() != th.String() {
			t.Fatalf("%q does not read back: %v", th.String(), err)
		}
		faces, err := th.ParseFaces(strings.Fields(typed))
		if err != nil {
			if err.Error() == "" {
				t.Fatal("an empty error")
			}
			return
		}
		if err := th.CheckFaces(faces); err != nil {
			t.Fatalf("typed %q gives faces %v that fail CheckFaces: %v", typed, faces, err)
		}
	})
}

// Schnell Rules, starshells: "roll a deviation dice (a dice with an arrow
// drawn on each face) ... and roll a d6, subtracting 1. The result
// multiplied by 5 is the deviation in centimetres."
func TestThrowDeviation(t *testing.T) {
	th := MustThrow("dir deviation, 1d6 distance")
	if got, want := th.String(), "DIR deviation, 1D6 distance"; got != want {
		t.Errorf("String() = %q, want %q", got, want)
	}
	got, err := th.ParseFaces([]string{"deviation=12", "distance=1"})
	if err != nil || !slices.Equal(got, []int{12, 1}) {
		t.Fatalf("got %v %v", got, err)
	}
	if _, err := th.ParseFaces([]string{"13", "1"}); err == nil || !strings.Contains(err.Error(), "the deviation die (direction 1..12 o'clock): face 13 is out of range 1..12") {
		t.Errorf("a 13 o'clock deviation: %v", err)
	}
	if _, err := th.ParseFaces([]string{"0", "1"}); err == nil {
		t.Error("a direction of 0 is accepted (only a d10's 0 reads 10)")
	}
	g := NewGenerator(3)
	hours := map[int]bool{}
	for range 1000 {
		f := th.Roll(g.Rand, nil)
		hours[f[0]] = true
		if (f[1]-1)*5 > 25 {
			t.Fatalf("a deviation of %d cm", (f[1]-1)*5)
		}
	}
	if len(hours) != 12 {
		t.Errorf("1000 throws pointed %d ways, want 12", len(hours))
	}
}
