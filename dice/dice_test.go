package dice

import (
	"errors"
	"fmt"
	"slices"
	"strings"
	"testing"
)

func TestParse(t *testing.T) {
	tests := []struct {
		in   string
		want Spec
		str  string
	}{
		{"1d4", D4, "1D4"},
		{"1d6", D6, "1D6"},
		{"D6", D6, "1D6"},
		{"d6", D6, "1D6"},
		{"1d10", D10, "1D10"},
		{"1D10", D10, "1D10"},
		{"  1d10\t", D10, "1D10"},
		{"d10", D10, "1D10"},
		{"1d20", D20, "1D20"},
		{"D20", D20, "1D20"},
		{"2d10", Percentile, "2D10"},
		{"2D10", Percentile, "2D10"},
		{"d100", Percentile, "2D10"},
		{"D100", Percentile, "2D10"},
		{"1d100", Percentile, "2D10"},
		{"d%", Percentile, "2D10"},
		{"D%", Percentile, "2D10"},
		{"2d6", Spec{N: 2, Sides: 6}, "2D6"},
		{"3d6", Spec{N: 3, Sides: 6}, "3D6"},
		{"3D10", Spec{N: 3, Sides: 10}, "3D10"},
		{"4d4", Spec{N: 4, Sides: 4}, "4D4"},
		{"2d20", Spec{N: 2, Sides: 20}, "2D20"},
		{"20d6", Spec{N: 20, Sides: 6}, "20D6"},
	}
	for _, tc := range tests {
		t.Run(tc.in, func(t *testing.T) {
			got, err := Parse(tc.in)
			if err != nil {
				t.Fatalf("Parse(%q): %v", tc.in, err)
			}
			if got != tc.want {
				t.Fatalf("Parse(%q) = %+v, want %+v", tc.in, got, tc.want)
			}
			if s := got.String(); s != tc.str {
				t.Errorf("Parse(%q).String() = %q, want %q", tc.in, s, tc.str)
			}
			// The book's notation reads back to the same spec.
			again, err := Parse(got.String())
			if err != nil || again != got {
				t.Errorf("Parse(%q) = %+v, %v; want %+v", got.String(), again, err, got)
			}
		})
	}
}

func TestParseErrors(t *testing.T) {
	tests := []struct {
		in      string
		wantMsg string
	}{
		{"", "want NdM"},
		{"   ", "want NdM"},
		{"6", "want NdM"},
		{"ten", "want NdM"},
		{"1x6", "want NdM"},
		{"d", "want NdM"},
		{"1d", "want NdM"},
		{"1dx", "want NdM"},
		{"1d6d", "want NdM"},
		{"1d6+1", "want NdM"},
		{"1d6.0", "want NdM"},
		{"0d6", "number of dice must be 1 to 20"},
		{"-1d6", "number of dice must be 1 to 20"},
		{"21d6", "number of dice must be 1 to 20"},
		{"xd6", "number of dice must be 1 to 20"},
		{"1.5d6", "number of dice must be 1 to 20"},
		{"1d7", "d4, d6, d10 and d20 dice only"},
		{"1d8", "d4, d6, d10 and d20 dice only"},
		{"1d12", "d4, d6, d10 and d20 dice only"},
		{"1d0", "d4, d6, d10 and d20 dice only"},
		{"1d-6", "d4, d6, d10 and d20 dice only"},
		{"3d100", "d4, d6, d10 and d20 dice only"},
		{"2d100", "d4, d6, d10 and d20 dice only"},
		{"d1000", "d4, d6, d10 and d20 dice only"},
	}
	for _, tc := range tests {
		t.Run(tc.in, func(t *testing.T) {
			got, err := Parse(tc.in)
			if err == nil {
				t.Fatalf("Parse(%q) = %+v, want an error", tc.in, got)
			}
			if !errors.Is(err, ErrSpec) {
				t.Errorf("Parse(%q) error %v does not wrap ErrSpec", tc.in, err)
			}
			if !strings.Contains(err.Error(), tc.wantMsg) {
				t.Errorf("Parse(%q) error %q, want it to contain %q", tc.in, err, tc.wantMsg)
			}
			// The message quotes what was typed.
			if !strings.Contains(err.Error(), fmt.Sprintf("%q", tc.in)) {
				t.Errorf("Parse(%q) error %q does not quote the input", tc.in, err)
			}
			if got != (Spec{}) {
				t.Errorf("Parse(%q) returned %+v with its error, want the zero Spec", tc.in, got)
			}
		})
	}
}

// Every spelling of two d10s is the percentile roll: the game has no 2D10
// sum, and String could not tell one from the other ("2D10").
func TestParseTwoD10IsPercentile(t *testing.T) {
	for _, in := range []string{"02d10", "+2d10", "2d010", "2D+10", "002D10"} {
		s, err := Parse(in)
		if err != nil {
			continue // refusing odd spellings is fine too
		}
		if s == (Spec{N: 2, Sides: 10}) {
			t.Fatalf("regression (fixed bug, dice/dice.go:35-60 Parse): %q parses as a 2D10 sum (%+v), which String prints as %q, the percentile roll", in, s, s.String())
		}
		if s != Percentile {
			t.Errorf("Parse(%q) = %+v, want the percentile roll or an error", in, s)
		}
	}
}

func TestMinMaxFaceRange(t *testing.T) {
	tests := []struct {
		s              Spec
		min, max       int
		faceLo, faceHi int
	}{
		{D4, 1, 4, 1, 4},
		{D6, 1, 6, 1, 6},
		{D10, 1, 10, 1, 10},
		{D20, 1, 20, 1, 20},
		{Percentile, 1, 100, 0, 9},
		{Spec{N: 2, Sides: 6}, 2, 12, 1, 6},
		{Spec{N: 3, Sides: 6}, 3, 18, 1, 6},
		{Spec{N: 3, Sides: 10}, 3, 30, 1, 10},
	}
	for _, tc := range tests {
		t.Run(tc.s.String(), func(t *testing.T) {
			if got := tc.s.Min(); got != tc.min {
				t.Errorf("Min = %d, want %d", got, tc.min)
			}
			if got := tc.s.Max(); got != tc.max {
				t.Errorf("Max = %d, want %d", got, tc.max)
			}
			lo, hi := tc.s.FaceRange()
			if lo != tc.faceLo || hi != tc.faceHi {
				t.Errorf("FaceRange = %d..%d, want %d..%d", lo, hi, tc.faceLo, tc.faceHi)
			}
		})
	}
}

func TestTotal(t *testing.T) {
	tests := []struct {
		s     Spec
		faces []int
		want  int
	}{
		{D6, []int{4}, 4},
		{D10, []int{10}, 10},
		{Spec{N: 3, Sides: 6}, []int{1, 6, 3}, 10},
		{Spec{N: 2, Sides: 6}, []int{6, 6}, 12},
		{Percentile, []int{0, 0}, 100}, // "00" reads 100
		{Percentile, []int{0, 1}, 1},
		{Percentile, []int{0, 9}, 9},
		{Percentile, []int{1, 0}, 10},
		{Percentile, []int{4, 7}, 47},
		{Percentile, []int{9, 9}, 99},
		{Percentile, []int{9, 0}, 90},
	}
	for _, tc := range tests {
		if got := tc.s.Total(tc.faces); got != tc.want {
			t.Errorf("%s.Total(%v) = %d, want %d", tc.s, tc.faces, got, tc.want)
		}
	}
}

func TestParseFaces(t *testing.T) {
	tests := []struct {
		s     Spec
		words []string
		want  []int
		total int
	}{
		{D4, []string{"1"}, []int{1}, 1},
		{D4, []string{"4"}, []int{4}, 4},
		{D6, []string{"6"}, []int{6}, 6},
		{D10, []string{"0"}, []int{10}, 10}, // a typed 0 reads 10
		{D10, []string{"10"}, []int{10}, 10},
		{D10, []string{"1"}, []int{1}, 1},
		{D10, []string{"7"}, []int{7}, 7},
		{D20, []string{"20"}, []int{20}, 20},
		{D20, []string{"1"}, []int{1}, 1},
		{Spec{N: 3, Sides: 6}, []string{"1", "2", "6"}, []int{1, 2, 6}, 9},
		{Spec{N: 2, Sides: 10}, []string{"0", "5"}, []int{10, 5}, 15},
		// Percentile: two faces, black (tens) then white (units).
		{Percentile, []string{"0", "0"}, []int{0, 0}, 100},
		{Percentile, []string{"0", "1"}, []int{0, 1}, 1},
		{Percentile, []string{"9", "9"}, []int{9, 9}, 99},
		{Percentile, []string{"4", "7"}, []int{4, 7}, 47},
		// Percentile: or the reading as one number.
		{Percentile, []string{"00"}, []int{0, 0}, 100},
		{Percentile, []string{"100"}, []int{0, 0}, 100},
		{Percentile, []string{"1"}, []int{0, 1}, 1},
		{Percentile, []string{"9"}, []int{0, 9}, 9},
		{Percentile, []string{"10"}, []int{1, 0}, 10},
		{Percentile, []string{"47"}, []int{4, 7}, 47},
		{Percentile, []string{"99"}, []int{9, 9}, 99},
	}
	for _, tc := range tests {
		t.Run(fmt.Sprintf("%s/%s", tc.s, strings.Join(tc.words, ",")), func(t *testing.T) {
			got, err := tc.s.ParseFaces(tc.words)
			if err != nil {
				t.Fatalf("ParseFaces(%q): %v", tc.words, err)
			}
			if !slices.Equal(got, tc.want) {
				t.Fatalf("ParseFaces(%q) = %v, want %v", tc.words, got, tc.want)
			}
			if total := tc.s.Total(got); total != tc.total {
				t.Errorf("Total(%v) = %d, want %d", got, total, tc.total)
			}
			if err := tc.s.CheckFaces(got); err != nil {
				t.Errorf("CheckFaces(%v) of parsed faces: %v", got, err)
			}
		})
	}
}

func TestParseFacesErrors(t *testing.T) {
	tests := []struct {
		s     Spec
		words []string
		want  []string // substrings of the message
	}{
		{D6, []string{"0"}, []string{"1D6", "face 0 is out of range", "valid faces 1..6"}},
		{D6, []string{"7"}, []string{"face 7 is out of range", "valid faces 1..6"}},
		{D6, []string{"-1"}, []string{"face -1 is out of range", "1..6"}},
		{D4, []string{"5"}, []string{"1D4", "face 5 is out of range", "valid faces 1..4"}},
		{D20, []string{"21"}, []string{"1D20", "face 21 is out of range", "valid faces 1..20"}},
		{D20, []string{"0"}, []string{"face 0 is out of range", "valid faces 1..20"}},
		{D10, []string{"11"}, []string{"1D10", "face 11 is out of range", "1..10, a 0 reads 10"}},
		{D10, []string{"-3"}, []string{"face -3 is out of range", "1..10, a 0 reads 10"}},
		{D10, []string{"x"}, []string{`face "x" is not a number`, "1..10, a 0 reads 10"}},
		{D6, []string{"six"}, []string{`face "six" is not a number`, "1..6"}},
		{D6, []string{}, []string{"1D6 needs 1 face, got 0"}},
		{D6, []string{"1", "2"}, []string{"1D6 needs 1 face, got 2"}},
		{Spec{N: 3, Sides: 6}, []string{"1", "2"}, []string{"3D6 needs 3 faces, got 2"}},
		{Spec{N: 3, Sides: 6}, []string{"1", "7", "2"}, []string{"face 7 is out of range", "1..6"}},
		{Percentile, []string{"10", "0"}, []string{"2D10", "face 10 is out of range", "0..9 for each die"}},
		{Percentile, []string{"0", "10"}, []string{"face 10 is out of range", "0..9 for each die"}},
		{Percentile, []string{"-1", "0"}, []string{"face -1 is out of range", "0..9"}},
		{Percentile, []string{"a", "0"}, []string{`face "a" is not a number`, "0..9"}},
		{Percentile, []string{"0"}, []string{`"0" is not a percentile reading`, "1..100", "00 = 100", "0..9"}},
		{Percentile, []string{"101"}, []string{`"101" is not a percentile reading`, "1..100"}},
		{Percentile, []string{"-5"}, []string{"1..100"}},
		{Percentile, []string{"000"}, []string{"1..100"}},
		{Percentile, []string{"fifty"}, []string{"1..100"}},
		{Percentile, []string{}, []string{"black (tens)", "white (units)", "0..9", "got 0"}},
		{Percentile, []string{"1", "2", "3"}, []string{"got 3"}},
	}
	for _, tc := range tests {
		t.Run(fmt.Sprintf("%s/%s", tc.s, strings.Join(tc.words, ",")), func(t *testing.T) {
			got, err := tc.s.ParseFaces(tc.words)
			if err == nil {
				t.Fatalf("ParseFaces(%q) = %v, want an error", tc.words, got)
			}
			for _, w := range tc.want {
				if !strings.Contains(err.Error(), w) {
					t.Errorf("ParseFaces(%q) error %q, want it to contain %q", tc.words, err, w)
				}
			}
		})
	}
}

func TestCheckFaces(t *testing.T) {
	tests := []struct {
		s     Spec
		faces []int
		want  string // "" = valid
	}{
		{D6, []int{1}, ""},
		{D6, []int{6}, ""},
		{D10, []int{10}, ""},
		{Percentile, []int{0, 0}, ""},
		{Percentile, []int{9, 9}, ""},
		{Spec{N: 3, Sides: 6}, []int{1, 2, 3}, ""},
		{D6, []int{0}, "face 0 is out of range (valid faces 1..6)"},
		{D6, []int{7}, "face 7 is out of range (valid faces 1..6)"},
		{D10, []int{0}, "face 0 is out of range (valid faces 1..10, a 0 reads 10)"}, // a log records 10, never 0
		{D10, []int{11}, "face 11 is out of range"},
		{Percentile, []int{10, 0}, "face 10 is out of range (valid faces 0..9"},
		{Percentile, []int{0, -1}, "face -1 is out of range"},
		{Percentile, []int{5}, "2D10 has 2 faces, not 1"},
		{D6, []int{1, 2}, "1D6 has 1 face, not 2"},
		{D6, nil, "1D6 has 1 face, not 0"},
	}
	for _, tc := range tests {
		err := tc.s.CheckFaces(tc.faces)
		switch {
		case tc.want == "" && err != nil:
			t.Errorf("%s.CheckFaces(%v) = %v, want nil", tc.s, tc.faces, err)
		case tc.want != "" && err == nil:
			t.Errorf("%s.CheckFaces(%v) = nil, want an error containing %q", tc.s, tc.faces, tc.want)
		case tc.want != "" && !strings.Contains(err.Error(), tc.want):
			t.Errorf("%s.CheckFaces(%v) = %q, want it to contain %q", tc.s, tc.faces, err, tc.want)
		}
	}
}

// Every face a roll produces is a face a player could type and a log could
// record: Roll, CheckFaces and ParseFaces agree.
func TestRollFacesAreValid(t *testing.T) {
	g := NewGenerator(7)
	for _, s := range []Spec{D4, D6, D10, D20, Percentile, {N: 2, Sides: 6}, {N: 3, Sides: 10}} {
		for range 2000 {
			faces := s.Roll(g.Rand, nil)
			if len(faces) != s.N {
				t.Fatalf("%s rolled %d faces: %v", s, len(faces), faces)
			}
			if err := s.CheckFaces(faces); err != nil {
				t.Fatalf("%s rolled %v: %v", s, faces, err)
			}
			total := s.Total(faces)
			if total < s.Min() || total > s.Max() {
				t.Fatalf("%s rolled %v = %d, outside %d..%d", s, faces, total, s.Min(), s.Max())
			}
			words := make([]string, len(faces))
			for i, f := range faces {
				words[i] = fmt.Sprint(f)
			}
			back, err := s.ParseFaces(words)
			if err != nil || !slices.Equal(back, faces) {
				t.Fatalf("%s: ParseFaces(%q) = %v, %v; want %v", s, words, back, err, faces)
			}
		}
	}
}

func TestRollAppends(t *testing.T) {
	g := NewGenerator(1)
	dst := []int{-1, -2}
	got := Spec{N: 3, Sides: 6}.Roll(g.Rand, dst)
	if len(got) != 5 || got[0] != -1 || got[1] != -2 {
		t.Fatalf("Roll appended to %v gave %v, want the prefix kept and 3 faces added", []int{-1, -2}, got)
	}
}

func TestGeneratorDeterminism(t *testing.T) {
	seq := func(seed uint64, n int) []int {
		g := NewGenerator(seed)
		var out []int
		for range n {
			out = D20.Roll(g.Rand, out)
			out = Percentile.Roll(g.Rand, out)
		}
		return out
	}
	a, b := seq(12345, 500), seq(12345, 500)
	if !slices.Equal(a, b) {
		t.Fatal("two generators with the same seed gave different dice")
	}
	if c := seq(12346, 500); slices.Equal(a, c) {
		t.Fatal("generators with seeds 12345 and 12346 gave the same dice")
	}
	if c := seq(0, 500); slices.Equal(a, c) {
		t.Fatal("generators with seeds 12345 and 0 gave the same dice")
	}
}

// A seed means the same dice in every version that keeps it (the stream
// constant is fixed): old logs replay only if this sequence never changes.
func TestGeneratorPinnedSequence(t *testing.T) {
	g := NewGenerator(42)
	var got []int
	for range 20 {
		got = D10.Roll(g.Rand, got)
	}
	want := []int{9, 9, 2, 1, 8, 6, 4, 7, 4, 5, 7, 7, 3, 6, 7, 7, 9, 8, 3, 6}
	if !slices.Equal(got, want) {
		t.Fatalf("NewGenerator(42) rolls 1D10 as %v, want %v: the seed-to-dice mapping changed, old logs will not replay", got, want)
	}
}

func TestGeneratorMarshalRoundTrip(t *testing.T) {
	for _, skip := range []int{0, 1, 7, 1000} {
		t.Run(fmt.Sprint(skip), func(t *testing.T) {
			g := NewGenerator(99)
			for range skip {
				g.IntN(1000)
			}
			state, err := g.MarshalBinary()
			if err != nil {
				t.Fatal(err)
			}
			var want []int
			for range 200 {
				want = Percentile.Roll(g.Rand, want)
				want = D6.Roll(g.Rand, want)
			}

			// A generator with another seed, restored, continues the sequence.
			h := NewGenerator(1)
			h.IntN(10)
			if err := h.UnmarshalBinary(state); err != nil {
				t.Fatal(err)
			}
			var got []int
			for range 200 {
				got = Percentile.Roll(h.Rand, got)
				got = D6.Roll(h.Rand, got)
			}
			if !slices.Equal(got, want) {
				t.Fatal("a restored generator does not continue the saved sequence")
			}
			// Restoring is repeatable.
			if err := h.UnmarshalBinary(state); err != nil {
				t.Fatal(err)
			}
			var again []int
			for range 200 {
				again = Percentile.Roll(h.Rand, again)
				again = D6.Roll(h.Rand, again)
			}
			if !slices.Equal(again, want) {
				t.Fatal("restoring the same state twice gave different dice")
			}
			// The saved state is the state after the skipped draws.
			f := NewGenerator(99)
			for range skip {
				f.IntN(1000)
			}
			s2, _ := f.MarshalBinary()
			if string(s2) != string(state) {
				t.Fatal("MarshalBinary differs for two generators with the same seed and draws")
			}
		})
	}
}

func TestGeneratorUnmarshalBad(t *testing.T) {
	g := NewGenerator(5)
	for _, b := range [][]byte{nil, []byte("pcg"), []byte("garbage state of the wrong length")} {
		if err := g.UnmarshalBinary(b); err == nil {
			t.Errorf("UnmarshalBinary(%q) = nil, want an error", b)
		}
	}
}
