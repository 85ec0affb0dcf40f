package tables_test

import (
	"errors"
	"slices"
	"strings"
	"testing"

	"github.com/schnell-wargames/schnell/tables"
)

// A schema's Addable prefixes let an overlay add tables the game reads
// when they are there (Schnell Boats' learnt Q- tables); any other new id
// is still refused, and the base set's digest is unchanged by the
// declaration.
func TestOverlayAddsTablesOfAddablePrefixes(t *testing.T) {
	sch := testSchema(validRequired)
	sch.Addable = []string{"Q-"}
	s, err := tables.Load(mapFS("a.tbl", setA, "b.tbl", setB), sch)
	if err != nil {
		t.Fatal(err)
	}
	if s.Digest() != loadValid(t).Digest() {
		t.Error("declaring Addable changed the base set's digest")
	}
	n, err := s.Overlay(mapFS("learnt.tbl", lines("table Q-1", "title Learnt", "dice d%", "row 1-60 | Kept | points=0", "row 61-100 | Lost | points=1")))
	if err != nil {
		t.Fatal(err)
	}
	if q, ok := n.Get("Q-1"); !ok || q.File != "learnt.tbl" || !slices.Contains(n.IDs(), "Q-1") || slices.Contains(s.IDs(), "Q-1") {
		t.Errorf("Q-1 not added (or added to the base set): %v", n.IDs())
	}
	if n.Digest() == s.Digest() {
		t.Error("an added table does not change the digest")
	}
	_, err = s.Overlay(mapFS("learnt.tbl", lines("table Z-1", "title New", "dice 1D6", "row 1-6 | x")))
	if err == nil || !strings.Contains(err.Error(), "learnt.tbl:1: table Z-1 is not a table of this game") {
		t.Errorf("a new id outside the prefixes: %v", err)
	}
}

// A schema's Check is the game's own check of each table loaded; its
// *Error is reported as is, another error at the table's line.
func TestSchemaCheck(t *testing.T) {
	sch := testSchema(validRequired)
	sch.Addable = []string{"Q-"}
	sch.Check = func(tb *tables.Table) error {
		switch {
		case tb.ID == "Q-1" && len(tb.Rows) < 2:
			return &tables.Error{File: tb.File, Line: tb.Rows[0].Line, Msg: "Q-1 wants two rows"}
		case tb.ID == "Q-2":
			return errors.New("no Q-2 today")
		}
		return nil
	}
	s, err := tables.Load(mapFS("a.tbl", setA, "b.tbl", setB), sch)
	if err != nil {
		t.Fatal(err)
	}
	_, err = s.Overlay(mapFS("q.tbl", lines("# learnt", "table Q-1", "title Learnt", "dice d%", "row 1-100 | All | points=0")))
	if err == nil || err.Error() != "q.tbl:5: Q-1 wants two rows" {
		t.Errorf("Check's *Error: %v", err)
	}
	_, err = s.Overlay(mapFS("q.tbl", lines("table Q-2", "title Learnt", "dice d%", "row 1-100 | All | points=0")))
	if err == nil || err.Error() != "q.tbl:1: table Q-2: no Q-2 today" {
		t.Errorf("Check's plain error: %v", err)
	}
}
