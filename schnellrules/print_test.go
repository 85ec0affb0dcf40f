package schnellrules_test

import (
	"bytes"
	"fmt"
	"os"
	"testing"

	"github.com/schnell-wargames/schnell/schnellrules"
	"github.com/schnell-wargames/schnell/sheet"
	"github.com/schnell-wargames/schnell/sheet/sheettest"
)

// Issue 16, Done when: the HTML vessel cards print from headless Chromium
// with no overflow. A card for every class of the Boat Data (the widest
// are the escorts with seven guns and two torpedo mounts) and the quick
// reference, with the optional Turning Arcs line, are laid out at the A4
// text width and no table, heading or line is wider than its page.
func TestCardsPrintInChromium(t *testing.T) {
	if testing.Short() {
		t.Skip("short")
	}
	sheettest.Chromium(t)
	tabs, err := schnellrules.LoadTables(os.DirFS("data"))
	if err != nil {
		t.Fatal(err)
	}
	db, err := schnellrules.NewDatabase(tabs)
	if err != nil {
		t.Fatal(err)
	}
	lines := []string{"new turning_arcs=on"}
	for i, id := range db.IDs() {
		lines = append(lines, fmt.Sprintf("add V%d %s speed=vs", i+1, id))
	}
	s, _ := session(t, lines, false, false)
	cards, err := definition(t).Game.(sheet.Sheeter).Sheets(s.Game(), "all", 0)
	if err != nil {
		t.Fatal(err)
	}
	if got, want := len(cards), len(db.IDs())+1; got != want {
		t.Fatalf("%d sheets, want %d (a card per class and the reference)", got, want)
	}
	var b bytes.Buffer
	if err := sheet.Write(&b, sheet.HTML, cards...); err != nil {
		t.Fatal(err)
	}
	l := sheettest.Measure(t, b.String())
	if l.Sheets != len(cards) {
		t.Fatalf("chromium laid out %d sheets, want %d", l.Sheets, len(cards))
	}
	if l.Overflow != "none" {
		t.Errorf("cards overflow their page: %v", l.Overflow)
	}
}
