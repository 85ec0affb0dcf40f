package dice

import (
	"errors"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// FuzzParse feeds a dice expression and the words a player typed as faces.
// Seed corpus: testdata/fuzz/FuzzParse.
func FuzzParse(f *testing.F) {
	f.Add("1d10", "0")
	f.Add("d%", "00")
	f.Add("3d6", "1 2 3")
	f.Fuzz(func(t *testing.T, expr, typed string) {
		s, err := Parse(expr)
		if err != nil {
			if !errors.Is(err, ErrSpec) {
				t.Fatalf("Parse(%q) error %v does not wrap ErrSpec", expr, err)
			}
			if s != (Spec{}) {
				t.Fatalf("Parse(%q) = %+v with an error", expr, s)
			}
			return
		}
		if s.N < 1 || s.N > 20 {
			t.Fatalf("Parse(%q) = %d dice", expr, s.N)
		}
		switch s.Sides {
		case 4, 6, 10, 20:
		default:
			t.Fatalf("Parse(%q) = %d sides", expr, s.Sides)
		}
		if s.Percentile && (s.N != 2 || s.Sides != 10) {
			t.Fatalf("Parse(%q) = %+v: a percentile roll is 2D10", expr, s)
		}
		if s.Min() > s.Max() || s.Min() < 1 {
			t.Fatalf("%+v: Min %d, Max %d", s, s.Min(), s.Max())
		}
		back, err := Parse(s.String())
		if s == (Spec{N: 2, Sides: 10}) && back == Percentile {
			t.Fatalf("regression (fixed bug, dice/dice.go Parse): %q parses as a 2D10 sum, which prints as 2D10, the percentile roll", expr)
		}
		if err != nil || back != s {
			t.Fatalf("Parse(%q) = %+v, but Parse(%q) = %+v, %v", expr, s, s.String(), back, err)
		}

		words := strings.Fields(typed)
		faces, err := s.ParseFaces(words)
		if err != nil {
			if !strings.Contains(err.Error(), s.String()) {
				t.Fatalf("ParseFaces(%q) error %q does not name the dice %s", words, err, s)
			}
			return
		}
		if len(faces) != s.N {
			t.Fatalf("%s.ParseFaces(%q) = %v: %d faces", s, words, faces, len(faces))
		}
		if err := s.CheckFaces(faces); err != nil {
			t.Fatalf("%s.ParseFaces(%q) = %v, which CheckFaces refuses: %v", s, words, faces, err)
		}
		total := s.Total(faces)
		if total < s.Min() || total > s.Max() {
			t.Fatalf("%s.ParseFaces(%q) = %v, total %d outside %d..%d", s, words, faces, total, s.Min(), s.Max())
		}
		// What was accepted reads back the same when typed face by face.
		again := make([]string, len(faces))
		for i, fc := range faces {
			again[i] = strconv.Itoa(fc)
		}
		if g, err := s.ParseFaces(again); err != nil || !slices.Equal(g, faces) {
			t.Fatalf("%s.ParseFaces(%q) = %v, %v; want %v", s, again, g, err, faces)
		}
	})
}
