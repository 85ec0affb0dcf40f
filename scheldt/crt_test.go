package scheldt

import (
	"bufio"
	"os"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/schnell-wargames/schnell/tables"
)

// transcription is testdata/crt.txt: each terrain line's differentials by
// column, and each die's row of result codes.
type transcription struct {
	lines map[string][][]int // terrain -> columns -> differentials printed
	rows  [7][]string        // die -> codes by column
}

func readTranscription(t *testing.T) *transcription {
	t.Helper()
	f, err := os.Open("testdata/crt.txt")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	tr := &transcription{lines: map[string][][]int{}}
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		text := strings.TrimSpace(sc.Text())
		if text == "" || text[0] == '#' {
			continue
		}
		cells := strings.Split(text, "|")
		for i := range cells {
			cells[i] = strings.TrimSpace(cells[i])
		}
		kind, name, _ := strings.Cut(cells[0], " ")
		switch kind {
		case "line":
			var cols [][]int
			for _, c := range cells[1:] {
				var ds []int
				for _, w := range strings.Split(c, ",") {
					n, err := strconv.Atoi(strings.TrimPrefix(w, "+"))
					if err != nil {
						t.Fatalf("crt.txt: %q: %v", text, err)
					}
					ds = append(ds, n)
				}
				cols = append(cols, ds)
			}
			for _, terr := range strings.Split(name, ",") {
				tr.lines[terr] = cols
			}
		case "die":
			n, _ := strconv.Atoi(name)
			tr.rows[n] = cells[1:]
		}
	}
	return tr
}

func loadTables(t *testing.T) *tables.Set {
	t.Helper()
	s, err := Tables()
	if err != nil {
		t.Fatal(err)
	}
	return s
}

func readCRT(s *tables.Set, cf *facts, die int) tables.Cell {
	tb := s.MustGet("SC-CRT")
	f := factsOf.Of(cf)
	_, shift := tb.Shift(f, nil)
	return tb.Read(f, die, shift)
}

// The Integrated Combat Results Table: every cell of every terrain line,
// read from the shipped table, is the document's; below a line's first
// differential it reads the first column, above +10 its +10 column (our
// reading, rules notes); a blank cell is no effect.
func TestCRTTranscription(t *testing.T) {
	s := loadTables(t)
	tr := readTranscription(t)
	if len(tr.lines) != len(Terrains) {
		t.Fatalf("crt.txt has %d terrain lines, want %d", len(tr.lines), len(Terrains))
	}
	cells := 0
	for ti, name := range Terrains {
		cols := tr.lines[name]
		for die := 1; die <= 6; die++ {
			for c, diffs := range cols {
				for _, d := range diffs {
					got := readCRT(s, &facts{terrain: Terrain(ti), diff: d}, die)
					if want := tr.rows[die][c]; got.Result != want || got.Column != c+1 {
						t.Errorf("%s %+d, die %d: column %d %q, want column %d %q", name, d, die, got.Column, got.Result, c+1, want)
					}
					cells++
				}
			}
			first, last := cols[0][0], cols[len(cols)-1][0]
			if got := readCRT(s, &facts{terrain: Terrain(ti), diff: first - 7}, die); got.Result != tr.rows[die][0] {
				t.Errorf("%s %+d (below the line), die %d: %q, want the first column's %q", name, first-7, die, got.Result, tr.rows[die][0])
			}
			if got := readCRT(s, &facts{terrain: Terrain(ti), diff: last + 9}, die); got.Result != tr.rows[die][len(cols)-1] {
				t.Errorf("%s %+d (beyond +10), die %d: %q, want the +10 column's %q", name, last+9, die, got.Result, tr.rows[die][len(cols)-1])
			}
		}
	}
	if cells < 6*(8+9+10+10+11+12) {
		t.Errorf("checked %d cells, fewer than the table's", cells)
	}
	// A blank cell is no effect; every code has a meaning.
	tb := s.MustGet("SC-CRT")
	for die := 1; die <= 6; die++ {
		for _, code := range tr.rows[die] {
			if !slices.ContainsFunc(tb.Grid.Keys, func(k tables.Row) bool { return k.Label == code }) {
				t.Errorf("code %q has no key", code)
			}
		}
	}
	if c := readCRT(s, &facts{terrain: Clear, diff: -2}, 1); c.Key == nil || c.Key.Result != "No effect" {
		t.Errorf("the blank cell reads %+v, want No effect", c.Key)
	}
}

// 12.0 and 12.1: an Allied attack with an engineer into a flooded hex is
// resolved on the clear line; without one, on the flooded line.
func TestCRTEngineerReadsClearLine(t *testing.T) {
	s := loadTables(t)
	for d := -5; d <= 10; d++ {
		for die := 1; die <= 6; die++ {
			got := readCRT(s, &facts{terrain: Flooded, diff: d, engineers: 1}, die)
			want := readCRT(s, &facts{terrain: Clear, diff: d}, die)
			if got.Result != want.Result {
				t.Errorf("flooded %+d with an engineer, die %d: %q, want the clear line's %q", d, die, got.Result, want.Result)
			}
		}
	}
}

// Column shifts move along the table's columns and stop at its ends.
func TestCRTShifts(t *testing.T) {
	s := loadTables(t)
	cases := []struct {
		name string
		f    facts
		die  int
		col  int
		want string
	}{
		{"clear 0 two right", facts{terrain: Clear, diff: 0, shifts: 2}, 4, 8, "Ex"},
		{"clear 0 one left", facts{terrain: Clear, diff: 0, shifts: -1}, 6, 5, "(A)"},
		{"clear +10 three right stops at the end", facts{terrain: Clear, diff: 10, shifts: 3}, 6, 12, "Ex"},
		{"coastal -1 four left stops at the start", facts{terrain: Coastal, diff: -1, shifts: -4}, 6, 1, "Ae"},
		{"coastal +10 two right reads past the line's bands", facts{terrain: Coastal, diff: 10, shifts: 2}, 1, 10, "D3"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got := readCRT(s, &c.f, c.die)
			if got.Column != c.col || got.Result != c.want {
				t.Errorf("column %d %q, want %d %q", got.Column, got.Result, c.col, c.want)
			}
		})
	}
}

// Every fact of the schema is read by name from the rules (factsOf): none
// is left for a table to read as zero.
func TestFactsAllBound(t *testing.T) {
	if u := factsOf.Unbound(); len(u) > 0 {
		t.Errorf("facts not bound: %v", u)
	}
}
