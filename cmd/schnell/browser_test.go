package main

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/schnell-wargames/schnell/sheet/sheettest"
)

// The HTML sheets of a fixed-seed Long campaign print to PDF in a real
// browser: one sheet per page at least, and no table wider than its page.
func TestSheetsPrintInChromium(t *testing.T) {
	if testing.Short() {
		t.Skip("short")
	}
	sheettest.Chromium(t)
	dir := t.TempDir()
	log := filepath.Join(dir, "long.jsonl")
	if code, _, errs := runWith(t, "", "auto", "--seed", "5", "--campaign", "long", "--log", log); code != 0 {
		t.Fatal(errs)
	}
	html := filepath.Join(dir, "sheets.html")
	if code, _, errs := runWith(t, "", "sheet", log, "--sheet", "all", "--format", "html", "-o", html); code != 0 {
		t.Fatal(errs)
	}
	src, err := os.ReadFile(html)
	if err != nil {
		t.Fatal(err)
	}
	if pages := sheettest.Pages(t, string(src)); pages < 5 || pages > 60 {
		t.Errorf("%d printed pages for 5 sheets of a Long campaign", pages)
	}
	// Overflow: measured in the browser at the printed width.
	l := sheettest.Measure(t, string(src))
	if l.Overflow != "none" {
		t.Errorf("tables overflow their page: %v", l.Overflow)
	}
	if l.Sheets != 5 {
		t.Errorf("sheets in the document: %d, want 5", l.Sheets)
	}
}
