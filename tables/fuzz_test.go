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
	if len(ids) == 0 {
		t.Fatal("a loaded set has no tables")
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
		for _, d := range tb.Dice {
			if (!first.OpenLo && first.Lo > d.Spec.Min()) || (!last.OpenHi && last.Hi < d.Spec.Max()) {
				t.Fatalf("%s: rows %s..%s do not cover %s", id, first.Range(), last.Range(), d.Spec)
			}
		}
		if n := len(tb.Dice); n > 0 && len(tb.Dice[n-1].When.Tests) != 0 {
			t.Fatalf("%s: the last dice line has a condition", id)
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
