package tables_test

import (
	"os"
	"testing"

	"github.com/schnell-wargames/schnell/tables"
)

// A record kind marked Addable takes new ids from an overlay (a player's
// own vessel class); the game's set is unchanged and the digest counts
// the new record. Other kinds still refuse new ids (TestRecordOverlay).
func TestRecordOverlayAdds(t *testing.T) {
	schema := bookSchema()
	for i := range schema.Records {
		schema.Records[i].Addable = true
	}
	s, err := tables.Load(os.DirFS("testdata/books"), schema)
	if err != nil {
		t.Fatal(err)
	}
	hunt := lines("record vessel HUNT", "title Hunt", "size VL", "size_mod -4", "manoeuvre VL", "speed S")
	o, err := s.Overlay(mapFS("mine.rec", hunt))
	if err != nil {
		t.Fatal(err)
	}
	if r, ok := o.Record("hunt"); !ok || r.Title != "Hunt" {
		t.Fatalf("the overlay did not add HUNT: %v", r)
	}
	if got := len(o.RecordIDs("vessel")); got != len(s.RecordIDs("vessel"))+1 {
		t.Errorf("vessels after the overlay: %d, want one more than %d", got, len(s.RecordIDs("vessel")))
	}
	if _, ok := s.Record("HUNT"); ok {
		t.Error("the overlay changed the game's own set")
	}
	if o.Digest() == s.Digest() {
		t.Error("an added record leaves the digest as it was")
	}
}
