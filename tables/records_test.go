package tables_test

import (
	"bytes"
	"strings"
	"testing"

	"github.com/schnell-wargames/schnell/tables"
)

// The Schnell Rules vessel data as records: fields read as the database
// gives them; guns with their arcs; torpedoes and reloads.
func TestVesselRecords(t *testing.T) {
	s := loadBooks(t)
	if got := strings.Join(s.RecordIDs("vessel"), " "); got != "FAIRMILE-D-MTB FLOWER S-100 S-38 VOSPER-72" {
		t.Errorf("vessels %s", got)
	}
	r, ok := s.Record("s-100")
	if !ok {
		t.Fatal("no record s-100 (case does not matter)")
	}
	if r.Title != "S 100" || r.Str("speed") != "VF" {
		t.Errorf("S-100: %q speed %q", r.Title, r.Str("speed"))
	}
	if v, ok := r.Int("size_mod"); !ok || v != 1 {
		t.Errorf("size_mod %d %v", v, ok)
	}
	guns := r.All("gun")
	if len(guns) != 3 || guns[2].Raw != "40mm APS" || guns[2].Ints[0] != 7 {
		t.Errorf("guns %+v", guns)
	}
	if v, _ := r.Int("reloads"); v != 2 || r.Has("nothing") {
		t.Errorf("reloads %d", v)
	}
	var b bytes.Buffer
	if err := r.Print(&b); err != nil {
		t.Fatal(err)
	}
	golden(t, "books/record_S-100.golden", b.Bytes())
	b.Reset()
	if err := s.PrintRecords(&b, ""); err != nil {
		t.Fatal(err)
	}
	golden(t, "books/records.golden", b.Bytes())
	if err := s.PrintRecords(&b, "boat"); err == nil || !strings.Contains(err.Error(), `no records of kind "boat" (kinds: vessel)`) {
		t.Errorf("records of an unknown kind: %v", err)
	}
}

// A record file that does not fit its kind names the file, the line and
// what is wrong.
func TestRecordErrors(t *testing.T) {
	head := []string{"record vessel X-1", "title X", "size S", "size_mod +1", "manoeuvre S", "speed F"}
	with := func(extra ...string) string { return lines(append(append([]string{}, head...), extra...)...) }
	cases := []struct {
		name string
		src  string
		line int
		msg  string
	}{
		{"unknown kind", lines("record boat X-1"), 1, `record: unknown kind "boat" (known: vessel)`},
		{"bad id", lines("record vessel -X"), 1, `record: bad id "-X"`},
		{"before a record", lines("size S"), 1, `"size" before the first 'record' line`},
		{"unknown field", with("colour grey"), 7, `vessel X-1: unknown field "colour" (known: title, size, size_mod`},
		{"bad enum", with("gun 9in F"), 7, "field gun: weapon is one of LMG, HMG"},
		{"bad marks", with("gun 20mm FX"), 7, `field gun: arcs "FX": 'X' is not one of the marks FAPS`},
		{"a mark twice", with("gun 20mm FF"), 7, `'F' twice`},
		{"too few words", with("gun 20mm"), 7, "field gun: want 2 words (WEAPON ARCS), got 1"},
		{"not a number", with("reloads two"), 7, `reloads takes a number, not "two"`},
		{"twice", with("reloads 1", "reloads 2"), 8, "field reloads is given twice"},
		{"missing field", lines("record vessel X-1", "title X", "size S"), 1, "vessel X-1: no size_mod (every vessel has one)"},
		{"no title", lines("record vessel X-1", "size S"), 1, "vessel X-1: no title line"},
		{"defined twice", with("record vessel x-1"), 7, "record x-1 is defined twice (first at line 1)"},
		{"empty", lines("# nothing"), 0, "no records in file"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			_, err := tables.Load(mapFS("t.tbl", lines("table T-1", "title T", "dice 1D6", "row 1-6 | x"), "v.rec", c.src), bookSchema())
			tableError(t, err, "v.rec", c.line, c.msg)
		})
	}
}

// Records are overlaid by id like tables, and count in the digest.
func TestRecordOverlay(t *testing.T) {
	s := loadBooks(t)
	faster := lines("record vessel FLOWER", "title Flower Class Corvette, refitted", "size L", "size_mod -2", "manoeuvre VL", "speed M")
	o, err := s.Overlay(mapFS("mine.rec", faster))
	if err != nil {
		t.Fatal(err)
	}
	if r, _ := o.Record("FLOWER"); r.Str("speed") != "M" || r.Has("gun") {
		t.Errorf("overlaid FLOWER: speed %q, guns %v", r.Str("speed"), r.All("gun"))
	}
	if r, _ := s.Record("FLOWER"); r.Str("speed") != "S" {
		t.Error("the overlay changed the game's own set")
	}
	if o.Digest() == s.Digest() {
		t.Error("an overlaid record leaves the digest as it was")
	}
	_, err = s.Overlay(mapFS("mine.rec", lines("record vessel HUNT", "title Hunt", "size VL", "size_mod -4", "manoeuvre VL", "speed S")))
	tableError(t, err, "mine.rec", 1, "record HUNT is not a record of this game: an overlay may only replace records")
}

// A set of records alone loads when the schema declares record kinds (a
// data file of records with no table); with none declared, a directory
// without tables is still refused.
func TestRecordsAlone(t *testing.T) {
	schema := &tables.Schema{Records: []tables.RecordKind{{Name: "zone", Fields: []tables.Field{{Name: "cm", Kind: tables.Int, Required: true}}}}}
	s, err := tables.Load(mapFS("z.rec", "record zone long\ntitle Long\ncm 90\n"), schema)
	if err != nil {
		t.Fatal(err)
	}
	if r, ok := s.Record("long"); !ok || r.Str("cm") != "90" || len(s.IDs()) != 0 || s.Digest() == "" {
		t.Errorf("records alone: %v %v %v %q", r, ok, s.IDs(), s.Digest())
	}
	if _, err := tables.Load(mapFS("z.rec", "record zone long\ntitle Long\ncm 90\n"), &tables.Schema{}); err == nil || !strings.Contains(err.Error(), "no *.tbl files") {
		t.Errorf("records with no kinds declared: %v", err)
	}
}
