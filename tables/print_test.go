package tables_test

import (
	"bytes"
	"errors"
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/schnell-wargames/schnell/tables"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata")

// golden compares got with testdata/name, or rewrites the file with -update.
func golden(t *testing.T, name string, got []byte) {
	t.Helper()
	path := filepath.Join("testdata", name)
	if *update {
		if err := os.WriteFile(path, got, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if errors.Is(err, os.ErrNotExist) {
		t.Fatalf("%s is missing: run go test ./tables -run %s -update", path, t.Name())
	}
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, want) {
		t.Errorf("%s differs (go test ./tables -run %s -update rewrites it)\n--- got:\n%s\n--- want:\n%s", path, t.Name(), got, want)
	}
}

// Each table of the valid set as the player sees it: A-0 has conditional
// dice, A-1 constant and per-fact modifiers and a long note, A-2 percentile
// dice, per-fact modifiers with multipliers and a long result, B-1 and B-2
// are lookup tables, B-10 a 2D6 table.
func TestPrintGolden(t *testing.T) {
	s := loadValid(t)
	for _, id := range s.IDs() {
		t.Run(id, func(t *testing.T) {
			var b bytes.Buffer
			if err := s.MustGet(id).Print(&b); err != nil {
				t.Fatal(err)
			}
			golden(t, "print_"+id+".golden", b.Bytes())
		})
	}
}

func TestPrintListGolden(t *testing.T) {
	s := loadValid(t)
	var b bytes.Buffer
	if err := s.PrintList(&b); err != nil {
		t.Fatal(err)
	}
	golden(t, "list.golden", b.Bytes())
}

// What the goldens must show, checked without them (conditions and
// effects in the player's words, issue 25 item 4: "weather foggy", not
// "weather=foggy"), so that a -update run
// cannot bless a printout that lost the modifiers or the dice conditions.
// head lines are printed as they are; cells may be wrapped by the grid, so
// only their words are looked for.
func TestPrintContent(t *testing.T) {
	s := loadValid(t)
	tests := []struct {
		id    string
		head  []string
		cells []string
		not   []string
	}{
		{"A-0", []string{"A-0  Days Until Next Mission\n", "Roll 1D20 if month 6, 7 or 8; else 1D10\n"},
			[]string{"1-20", "days the total", "Days until the next scheduled mission"},
			[]string{"Modifiers", "Note:"}},
		{"A-1", []string{"A-1  Night Weather\n", "Roll 1D10\n", "Modifiers (cumulative):\n", "\nNote: A Channel night", "\n      "},
			[]string{
				"<=4", "5-6", "7-8", ">=9", "weather foggy", "Good: clear night, calm",
				"Mod", "When", "Reason", "+1", "month 11, 12, 1 or 2", "winter gales",
				"-1", "settled summer weather", "+crew", "leg 3 or more", "a tired crew sees storms",
			}, nil},
		{"A-2", []string{"A-2  Encounter\n", "Roll 2D10 (percentile)\n", "Modifiers (cumulative):\n"},
			[]string{
				"-2*leg", "weather not good and leg above 1", "+10", "zone red",
				"+3*crew", "zone red or open", "-crew", "seasick crew", "msg a trawler, lights out", "abstract,",
				"91-100",
			}, []string{"Note:"}},
		{"B-1", []string{"B-1  Sea State by Weather\n", "Read by weather\n"},
			[]string{"good", "poor", "foggy", "bad", "sea state 4", "Slight, fog"}, []string{"Modifiers"}},
		{"B-2", []string{"B-2  Distance by Leg\n", "Read by leg\n"}, []string{"<=0", "1-2", ">=3", "Deep in enemy waters"}, []string{"Modifiers"}},
		{"B-10", []string{"B-10  Damage\n", "Roll 2D6\n", "Modifiers (cumulative):\n"}, []string{"-1", "crew below 2", "half a crew", "<=6", "7-12"}, []string{"always"}},
	}
	for _, tc := range tests {
		var b strings.Builder
		if err := s.MustGet(tc.id).Print(&b); err != nil {
			t.Fatal(err)
		}
		out := b.String()
		if !strings.HasPrefix(out, tc.head[0]) {
			t.Errorf("%s printout does not start with %q:\n%s", tc.id, tc.head[0], out)
		}
		for _, w := range tc.head {
			if !strings.Contains(out, w) {
				t.Errorf("%s printout lacks %q:\n%s", tc.id, w, out)
			}
		}
		words := cellWords(out)
		for _, c := range tc.cells {
			for _, w := range strings.Fields(c) {
				if !words[w] {
					t.Errorf("%s printout lacks %q (of %q):\n%s", tc.id, w, c, out)
				}
			}
		}
		for _, w := range tc.not {
			if strings.Contains(out, w) {
				t.Errorf("%s printout has %q:\n%s", tc.id, w, out)
			}
		}
	}
}

// cellWords is the set of words of a printout, table borders left out.
func cellWords(out string) map[string]bool {
	m := map[string]bool{}
	for _, l := range strings.Split(out, "\n") {
		if strings.HasPrefix(l, "+-") {
			continue
		}
		for _, cell := range strings.Split(l, " | ") {
			for _, w := range strings.Fields(strings.Trim(cell, "|")) {
				m[w] = true
			}
		}
	}
	return m
}

// A modifier with the condition "always" prints as "always".
func TestPrintAlways(t *testing.T) {
	s, err := tables.Load(mapFS("t.tbl", withOK("mod -2 | always | the sea is rough")), testSchema(nil))
	if err != nil {
		t.Fatal(err)
	}
	var b strings.Builder
	if err := s.MustGet("T-1").Print(&b); err != nil {
		t.Fatal(err)
	}
	words := cellWords(b.String())
	for _, w := range []string{"-2", "always", "the", "sea", "is", "rough"} {
		if !words[w] {
			t.Errorf("printout lacks %q:\n%s", w, b.String())
		}
	}
}
