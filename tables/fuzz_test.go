package tables_test

import (
	"bytes"
	"errors"
	"io"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/schnell-wargames/schnell/tables"
)

// FuzzLoad feeds bytes as a single .tbl file. Load must never panic; what
// it accepts must hold the loader's promises and print. Seed corpus:
// testdata/fuzz/FuzzLoad.
func FuzzLoad(f *testing.F) {
	f.Add([]byte(setA))
	f.Add([]byte(setB))
	f.Add([]byte(gridWith("shift +factor | leg > 1 | x", "key A | a | hits=0", "key B | b", "key C | c | hits=1")))
	f.Add([]byte(lines("table G-2", "title T", "dice 1D6", "mod +1 | always | x", "grid factor by roll", "columns 1-2 | 3-5 | >=6",
		"row <=2 | - | a | b", "row 3 | a | b | c", "row >=4 | b | c | d")))
	f.Add([]byte(lines("table N-1", "title T", "dice 1D20", "mod -leg | always | x", "natural 1 | miss", "natural 20 if weather in good,poor | hit",
		"row <=9 | miss", "row >=10 | hit")))
	sc := testSchema(nil)
	f.Fuzz(func(t *testing.T, data []byte) {
		s, err := tables.Load(fstest.MapFS{"f.tbl": {Data: data}}, sc)
		if err != nil {
			var te *tables.Error
			if !errors.As(err, &te) || !errors.Is(err, tables.ErrInvalid) {
				t.Fatalf("error %v (%T) is not a *tables.Error", err, err)
			}
			if te.File != "f.tbl" {
				t.Fatalf("error %v names file %q", err, te.File)
			}
			if n := bytes.Count(data, []byte{'\n'}) + 1; te.Line < 0 || te.Line > n {
				t.Fatalf("error %v at line %d of a %d-line file", err, te.Line, n)
			}
			if te.Msg == "" {
				t.Fatal("error without a message")
			}
			return
		}
		checkSet(t, s)
		if err := s.PrintList(io.Discard); err != nil {
			t.Fatalf("PrintList: %v", err)
		}
		again, err := tables.Load(fstest.MapFS{"g.tbl": {Data: data}}, sc)
		if err != nil || again.Digest() != s.Digest() {
			t.Fatalf("loading the same bytes again: %v, digest %s vs %s", err, again.Digest(), s.Digest())
		}
	})
}

// checkSet checks what a loaded set promises: ids sorted, rows ascending
// without gap or overlap and covering the dice, every total reading a row,
// and every table printing.
func checkSet(t *testing.T, s *tables.Set) {
	t.Helper()
	ids := s.IDs()
	// A file may hold cups and no tables (docs/table-format.md), but a
	// loaded set holds something.
	if len(ids) == 0 && len(s.CupIDs()) == 0 {
		t.Fatal("a loaded set has neither tables nor cups")
	}
	for _, id := range s.CupIDs() {
		c, ok := s.Cup(id)
		if !ok || c.Size() < 1 || len(c.Contents()) != c.Size() {
			t.Fatalf("cup %s: %v, %d chits", id, ok, len(c.Contents()))
		}
		var b bytes.Buffer
		if err := c.Print(&b); err != nil || b.Len() == 0 {
			t.Fatalf("cup %s: Print: %v", id, err)
		}
	}
	if !strings.HasPrefix(s.Digest(), "sha256:") {
		t.Fatalf("digest %q", s.Digest())
	}
	for i, id := range ids {
		if i > 0 && tables.CompareIDs(ids[i-1], id) > 0 {
			t.Fatalf("ids out of order: %v", ids)
		}
		tb, ok := s.Get(id)
		if !ok || tb.ID != id {
			t.Fatalf("Get(%q) = %v, %v", id, tb, ok)
		}
		if tb.Title == "" || len(tb.Rows) == 0 {
			t.Fatalf("%s: title %q, %d rows", id, tb.Title, len(tb.Rows))
		}
		if tb.IsLookup() == (len(tb.Dice) > 0) {
			t.Fatalf("%s: lookup %v with %d dice", id, tb.IsLookup(), len(tb.Dice))
		}
		for j := 1; j < len(tb.Rows); j++ {
			a, b := &tb.Rows[j-1], &tb.Rows[j]
			if a.OpenHi || b.OpenLo || b.Lo != a.Hi+1 {
				t.Fatalf("%s: row %s then row %s", id, a.Range(), b.Range())
			}
		}
		first, last := &tb.Rows[0], &tb.Rows[len(tb.Rows)-1]
		rolled := tb.Rows
		if tb.Is2D() {
			checkGrid(t, tb)
			if tb.Grid.FactRows {
				rolled = tb.Grid.Columns[0].Ranges
			}
		}
		first, last = &rolled[0], &rolled[len(rolled)-1]
		for _, d := range tb.Dice {
			if (!first.OpenLo && first.Lo > d.Spec.Min()) || (!last.OpenHi && last.Hi < d.Spec.Max()) {
				t.Fatalf("%s: rows %s..%s do not cover %s", id, first.Range(), last.Range(), d.Spec)
			}
		}
		if n := len(tb.Dice); n > 0 && len(tb.Dice[n-1].When.Tests) != 0 {
			t.Fatalf("%s: the last dice line has a condition", id)
		}
		first, last = &tb.Rows[0], &tb.Rows[len(tb.Rows)-1]
		for _, r := range tb.Naturals {
			if got := tb.Pick(tables.FactFunc(func(int) int { return 0 }), r.Lo, -1000); got == nil {
				t.Fatalf("%s: Pick of natural %d = nil", id, r.Lo)
			}
		}
		lo, hi := first.Lo-3, last.Hi+3
		for total := lo; total <= hi; total++ {
			r := tb.Lookup(total)
			if r == nil {
				t.Fatalf("%s: Lookup(%d) = nil", id, total)
			}
			if total >= first.Lo && total <= last.Hi && (total < r.Lo || total > r.Hi) {
				t.Fatalf("%s: Lookup(%d) = row %s", id, total, r.Range())
			}
		}
		zero := tables.FactFunc(func(int) int { return 0 })
		if len(tb.Dice) > 0 {
			tb.SpecFor(zero)
			tb.Modify(zero, nil)
		} else {
			tb.Find(zero)
		}
		var b bytes.Buffer
		if err := tb.Print(&b); err != nil {
			t.Fatalf("%s: Print: %v", id, err)
		}
		if !strings.HasPrefix(b.String(), id+"  "+tb.Title+"\n") {
			t.Fatalf("%s: printout starts %q", id, b.String())
		}
		_ = tb.Canonical()
	}
}

// checkGrid checks that every reading of a grid table is a cell of its
// rows, for totals, fact values and shifts beyond either end.
func checkGrid(t *testing.T, tb *tables.Table) {
	t.Helper()
	g := tb.Grid
	if g.Width < 1 || len(g.Columns) == 0 || len(g.Columns[len(g.Columns)-1].When.Tests) != 0 {
		t.Fatalf("%s: width %d, %d columns lines", tb.ID, g.Width, len(g.Columns))
	}
	for _, r := range tb.Rows {
		if len(r.Cells) != g.Width {
			t.Fatalf("%s: row %s has %d cells, width %d", tb.ID, r.Range(), len(r.Cells), g.Width)
		}
	}
	for _, v := range []int{-1000, -3, 0, 1, 7, 1000} {
		f := tables.FactFunc(func(int) int { return v })
		for _, total := range []int{-1000, 0, 1, 5, 1000} {
			for _, shift := range []int{-100, -1, 0, 2, 100} {
				c := tb.Read(f, total, shift)
				if c.Column < 1 || c.Column > g.Width || c.Row == nil || c.Result != c.Row.Cells[c.Column-1] {
					t.Fatalf("%s: Read(%d, %d, %d) = column %d %q", tb.ID, v, total, shift, c.Column, c.Result)
				}
				if len(g.Keys) > 0 && (c.Key == nil || c.Key.Label != c.Result) {
					t.Fatalf("%s: cell %q has key %v", tb.ID, c.Result, c.Key)
				}
			}
		}
	}
}

// FuzzRecords feeds bytes as a .rec file beside a valid table. Loading
// must never panic; what it accepts must list, print and digest the same
// way twice. Seed corpus: testdata/fuzz/FuzzRecords.
func FuzzRecords(f *testing.F) {
	f.Add([]byte(lines("record vessel S-100", "title S 100", "size S", "speed 30", "gun 20mm FPS", "gun 40mm APS")))
	f.Add([]byte(lines("# none", "record vessel A", "title A", "size VL")))
	sc := testSchema(nil)
	tbl := &fstest.MapFile{Data: []byte(setB)}
	f.Fuzz(func(t *testing.T, data []byte) {
		s, err := tables.Load(fstest.MapFS{"b.tbl": tbl, "f.rec": {Data: data}}, sc)
		if err != nil {
			var te *tables.Error
			if !errors.As(err, &te) || !errors.Is(err, tables.ErrInvalid) {
				t.Fatalf("error %v (%T) is not a *tables.Error", err, err)
			}
			if n := bytes.Count(data, []byte{'\n'}) + 1; te.File != "f.rec" || te.Line < 0 || te.Line > n {
				t.Fatalf("error %v at %s:%d of a %d-line file", err, te.File, te.Line, n)
			}
			return
		}
		ids := s.RecordIDs("")
		if len(ids) == 0 {
			t.Fatal("a loaded record file has no records")
		}
		for _, id := range ids {
			r, ok := s.Record(id)
			if !ok || r.ID != id || r.Title == "" {
				t.Fatalf("Record(%q) = %v, %v", id, r, ok)
			}
			if err := r.Print(io.Discard); err != nil {
				t.Fatal(err)
			}
			for _, v := range r.Values {
				if len(v.Ints) == 0 {
					t.Fatalf("%s: field %s read no value", id, v.Field)
				}
			}
		}
		if err := s.PrintRecords(io.Discard, ""); err != nil {
			t.Fatal(err)
		}
		again, err := tables.Load(fstest.MapFS{"b.tbl": tbl, "g.rec": {Data: data}}, sc)
		if err != nil || again.Digest() != s.Digest() {
			t.Fatalf("loading the same bytes again: %v", err)
		}
	})
}
