package bridge_test

import (
	"bytes"
	"context"
	"fmt"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/schnell-wargames/schnell/schnellboats/bridge"
	"github.com/schnell-wargames/schnell/tables"
)

// learnSmall learns the CI grid with few battles a cell.
func learnSmall(t *testing.T, battles, jobs int) (*bridge.Learnt, []byte) {
	t.Helper()
	g := bridge.CIGrid()
	g.Battles = battles
	l, err := data(t).Learn(context.Background(), g, jobs, nil)
	if err != nil {
		t.Fatal(err)
	}
	var b bytes.Buffer
	if err := l.WriteTables(&b); err != nil {
		t.Fatal(err)
	}
	return l, b.Bytes()
}

func loadLearnt(text []byte) (*tables.Set, error) {
	return tables.Load(fstest.MapFS{"learnt.tbl": {Data: text}}, bridge.LearntSchema())
}

// Learning (docs/bridge-learnt.md): the grid's battles, fought by
// bridge.Plan's set-up with both sides played by Schnell Rules' reference
// side, counted by outcome and written as .tbl tables that load and pass
// their own check; the same seed gives the same bytes, whatever the
// number of workers.
func TestLearnWritesLoadableTablesDeterministically(t *testing.T) {
	l, one := learnSmall(t, 12, 1)
	_, two := learnSmall(t, 12, 3)
	if !bytes.Equal(one, two) {
		t.Fatalf("1 worker and 3 wrote different tables:\n%s\n----\n%s", one, two)
	}
	if l.Played != 4*12 || len(l.Cells) != 4 {
		t.Errorf("played %d battles in %d cells, want 48 in 4", l.Played, len(l.Cells))
	}
	s, err := loadLearnt(one)
	if err != nil {
		t.Fatalf("the learnt tables do not load: %v\n%s", err, one)
	}
	want := []string{"Q-MGB2-B", "Q-MGB2-B-MGB", "Q-MGB2-F", "Q-MGB2-F-MGB", "Q-MGB2-G", "Q-MGB2-G-MGB", "Q-MGB2-P", "Q-MGB2-P-MGB"}
	if got := strings.Join(s.IDs(), " "); got != strings.Join(want, " ") {
		t.Errorf("tables %s, want %s", got, strings.Join(want, " "))
	}
	boats := 0
	for _, r := range s.MustGet("Q-MGB2-G").Rows {
		n, _ := r.Value("count", 0)
		boats += n
	}
	if boats != 12*bridge.LearnSquadron {
		t.Errorf("Q-MGB2-G counts %d boats, want %d", boats, 12*bridge.LearnSquadron)
	}
	// Another seed, other battles.
	g := bridge.CIGrid()
	g.Battles, g.Seed = 12, 2
	l2, err := data(t).Learn(context.Background(), g, 2, nil)
	if err != nil {
		t.Fatal(err)
	}
	var b bytes.Buffer
	l2.WriteTables(&b)
	if bytes.Equal(b.Bytes(), one) {
		t.Error("seeds 1 and 2 wrote the same tables")
	}
}

// A cell's battles are the same in any grid that holds it: the small
// grid's tables are the full grid's rows for those cells.
func TestLearnCellSeedsIndependentOfGrid(t *testing.T) {
	a := bridge.Grid{Types: []string{"mgb2"}, Weathers: []string{"poor"}, Battles: 6, Seed: 5}
	b := bridge.Grid{Types: []string{"mtb2", "mgb2"}, Weathers: []string{"good", "poor"}, Battles: 6, Seed: 5}
	la, err := data(t).Learn(context.Background(), a, 1, nil)
	if err != nil {
		t.Fatal(err)
	}
	lb, err := data(t).Learn(context.Background(), b, 2, nil)
	if err != nil {
		t.Fatal(err)
	}
	var got, want bytes.Buffer
	la.WriteTables(&got)
	lb.WriteTables(&want)
	sa, _ := loadLearnt(got.Bytes())
	sb, _ := loadLearnt(want.Bytes())
	if sa.MustGet("Q-MGB2-P").Canonical() != sb.MustGet("Q-MGB2-P").Canonical() {
		t.Errorf("Q-MGB2-P differs between grids:\n%s\n%s", sa.MustGet("Q-MGB2-P").Canonical(), sb.MustGet("Q-MGB2-P").Canonical())
	}
}

// The grid refuses what it does not know.
func TestLearnGridErrors(t *testing.T) {
	for _, tc := range []struct {
		g    bridge.Grid
		want string
	}{
		{bridge.Grid{Types: []string{"cruiser"}, Battles: 1}, `no encounter type "cruiser" (the grid knows mtb2, mtb3, mix, mgb2, mgb3, destroyers, convoy)`},
		{bridge.Grid{Weathers: []string{"snow"}, Battles: 1}, `no weather "snow"`},
		{bridge.Grid{Battles: 0}, "0 battles a cell: 1 to 1000000"},
	} {
		if _, err := tc.g.Cells(); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%+v: %v, want %q", tc.g, err, tc.want)
		}
	}
	full, err := bridge.FullGrid().Cells()
	if err != nil || len(full) != 7*4*2 {
		t.Errorf("the full grid: %d cells, %v", len(full), err)
	}
}

// A wave finds its cell by its units' types in any order, its weather and
// sea; a wave of other units has none.
func TestCellFor(t *testing.T) {
	c, ok := bridge.CellFor([]string{"mgb", "merchant", "merchant"}, "foggy", true)
	if !ok || c.Type.Name != "convoy" || c.BoatTable() != "Q-CONVOY-FH" || c.UnitTable("mgb") != "Q-CONVOY-FH-MGB" || c.UnitTable("merchant") != "Q-CONVOY-FH-M" {
		t.Errorf("convoy: %+v %v", c, ok)
	}
	if c, ok := bridge.CellFor([]string{"mgb", "mgb"}, "good", false); !ok || c.BoatTable() != "Q-MGB2-G" {
		t.Errorf("2 MGBs: %+v %v", c, ok)
	}
	for _, units := range [][]string{{"mgb"}, {"mgb", "mgb", "submarine"}, {"light_cruiser", "destroyer"}} {
		if _, ok := bridge.CellFor(units, "good", false); ok {
			t.Errorf("%v found a cell", units)
		}
	}
}

// Shares: 100 divided by the counts, largest remainder, every class seen
// at least 1.
func TestShares(t *testing.T) {
	for _, tc := range []struct{ counts, want []int }{
		{[]int{1, 1, 1}, []int{34, 33, 33}},
		{[]int{321, 52, 20, 6, 1}, []int{80, 13, 5, 1, 1}},
		{[]int{999, 1}, []int{99, 1}},
		{[]int{1997, 1, 1, 1}, []int{97, 1, 1, 1}},
		{[]int{5}, []int{100}},
		{[]int{2, 0, 2}, []int{50, 0, 50}},
	} {
		got := bridge.Shares(tc.counts)
		if fmt.Sprint(got) != fmt.Sprint(tc.want) {
			t.Errorf("Shares(%v) = %v, want %v", tc.counts, got, tc.want)
		}
		sum := 0
		for _, s := range got {
			sum += s
		}
		if sum != 100 {
			t.Errorf("Shares(%v) adds to %d", tc.counts, sum)
		}
	}
}

// A learnt table that is wrong is refused with its file, line and what
// is wrong: a row left out (the counts no longer add up), a count
// changed, a range not its share, an outcome twice, modifiers, an id the
// grid does not know.
func TestCheckLearntErrors(t *testing.T) {
	good := []string{
		"table Q-MGB2-G",
		"title Learnt",
		"dice d%",
		"row 1-80 | Intact | level=intact hits=0 launched=2 turns=10 count=321 of=400",
		"row 81-93 | Damaged | level=damaged hits=1 launched=2 turns=10 count=52 of=400",
		"row 94-98 | Heavily | level=heavily_damaged hits=2 launched=1 turns=10 count=20 of=400",
		"row 99 | Wrecked | level=wrecked hits=3 launched=1 turns=10 count=6 of=400",
		"row 100 | Sunk | level=sunk hits=4 launched=0 turns=10 count=1 of=400",
	}
	if _, err := loadLearnt([]byte(strings.Join(good, "\n"))); err != nil {
		t.Fatalf("the good table: %v", err)
	}
	edit := func(i int, s string) []string {
		out := append([]string(nil), good...)
		if s == "" {
			return append(out[:i], out[i+1:]...)
		}
		out[i] = s
		return out
	}
	for _, tc := range []struct {
		name  string
		lines []string
		want  string
	}{
		{"row missing", append(good[:6:6], "row 99-100 | Sunk | level=sunk hits=4 launched=0 turns=10 count=1 of=400"),
			"learnt.tbl:1: learnt table Q-MGB2-G: the rows' counts add to 394, not the 400 (of=400) it was learnt from: a row is missing or a count is wrong"},
		{"count changed", edit(4, "row 81-93 | Damaged | level=damaged hits=1 launched=2 turns=10 count=50 of=400"),
			"learnt.tbl:1: learnt table Q-MGB2-G: the rows' counts add to 398, not the 400"},
		{"range not its share", append(edit(3, "row 1-79 | Intact | level=intact hits=0 launched=2 turns=10 count=321 of=400")[:4:4], append([]string{"row 80-93 | Damaged | level=damaged hits=1 launched=2 turns=10 count=52 of=400"}, good[5:]...)...),
			"learnt.tbl:4: learnt table Q-MGB2-G: row 1-79 is 79 in 100, but count 321 of 400 is 80.2%: its share is 80"},
		{"of differs", edit(5, "row 94-98 | Heavily | level=heavily_damaged hits=2 launched=1 turns=10 count=20 of=401"),
			"learnt.tbl:6: learnt table Q-MGB2-G: row 94-98: of=401, the rows before say of=400"},
		{"no count", edit(6, "row 99 | Wrecked | level=wrecked hits=3 launched=1 turns=10 of=400"),
			"learnt.tbl:7: learnt table Q-MGB2-G: row 99: every row sets count=N"},
		{"outcome twice", edit(5, "row 94-98 | Damaged | level=damaged hits=2 launched=1 turns=10 count=20 of=400"),
			"learnt.tbl:6: learnt table Q-MGB2-G: row 94-98: outcome \"damaged\" again (first at line 5)"},
		{"a fate in a boat's table", edit(7, "row 100 | Sunk | fate=sunk count=1 of=400"),
			"learnt.tbl:8: learnt table Q-MGB2-G: row 100: a boat's row sets level="},
		{"modifier", append(good[:3:3], append([]string{"mod +1 | always | luck"}, good[3:]...)...),
			"learnt.tbl:1: learnt table Q-MGB2-G: a learnt table is rolled on d% alone"},
		{"1D10", edit(2, "dice 1D10"), "learnt.tbl:1: learnt table Q-MGB2-G: a learnt table is rolled on d% alone"},
		{"unknown type", edit(0, "table Q-MGB9-G"), "learnt.tbl:1: learnt table Q-MGB9-G: no encounter type MGB9"},
		{"unknown weather", edit(0, "table Q-MGB2-X"), "learnt.tbl:1: learnt table Q-MGB2-X: weather X: G, P, F or B"},
		{"unit not in the wave", edit(0, "table Q-MGB2-G-MTB"), "learnt.tbl:1: learnt table Q-MGB2-G-MTB: the 2 MGBs (C-2: 5-6) have no unit MTB"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := loadLearnt([]byte(strings.Join(tc.lines, "\n")))
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("got %v\nwant %s", err, tc.want)
			}
		})
	}
}

// FuzzLearntTable: any text loaded as learnt tables (the format's parser,
// then CheckLearnt and LearntSet) is either refused with a message naming
// the file, or accepted as tables whose rows are their counts' shares and
// whose counts add up; never a panic.
func FuzzLearntTable(f *testing.F) {
	_, ci := learnSmallF(f)
	f.Add(string(ci))
	f.Add("table Q-MGB2-G\ntitle t\ndice d%\nrow 1-100 | x | level=intact hits=0 launched=0 turns=1 count=5 of=5\n")
	f.Add("table Q-MGB2-GH-MGB\ntitle t\ndice d%\nrow 1-50 | x | fate=sunk count=1 of=2\nrow 51-100 | y | fate=afloat count=1 of=2\n")
	f.Add("table Q-H-H\ntitle t\ndice d%\nrow 1-100 | x | count=1 of=1\n")
	f.Fuzz(func(t *testing.T, text string) {
		s, err := loadLearnt([]byte(text))
		if err != nil {
			if !strings.HasPrefix(err.Error(), "learnt.tbl") && !strings.HasPrefix(err.Error(), ".:") {
				t.Fatalf("an error that names no file: %v", err)
			}
			return
		}
		if err := bridge.LearntSet(s); err != nil && !strings.HasPrefix(err.Error(), "learnt.tbl:") {
			t.Fatalf("LearntSet's error names no file: %v", err)
		}
		for _, id := range s.IDs() {
			if !strings.HasPrefix(id, bridge.LearntPrefix) {
				continue // not a learnt table: the format's rules only
			}
			tb := s.MustGet(id)
			counts := make([]int, len(tb.Rows))
			for i, r := range tb.Rows {
				counts[i], _ = r.Value("count", 0)
			}
			for i, sh := range bridge.Shares(counts) {
				if w := tb.Rows[i].Hi - tb.Rows[i].Lo + 1; w != sh {
					t.Fatalf("%s accepted with row %d %d wide, its share %d", id, i, w, sh)
				}
			}
		}
	})
}

// learnSmallF is learnSmall for a fuzz target's seeds.
func learnSmallF(f *testing.F) (*bridge.Learnt, []byte) {
	d, err := bridge.Default()
	if err != nil {
		f.Fatal(err)
	}
	g := bridge.CIGrid()
	g.Battles = 3
	l, err := d.Learn(context.Background(), g, 1, nil)
	if err != nil {
		f.Fatal(err)
	}
	var b bytes.Buffer
	l.WriteTables(&b)
	return l, b.Bytes()
}
