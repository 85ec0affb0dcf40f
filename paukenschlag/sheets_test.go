package paukenschlag

import (
	"bytes"
	"strings"
	"testing"

	"github.com/schnell-wargames/schnell/engine"
	"github.com/schnell-wargames/schnell/gamelog"
	"github.com/schnell-wargames/schnell/sheet"
	"github.com/schnell-wargames/schnell/sheet/sheettest"
)

func playedGame(t *testing.T) *engine.Game {
	t.Helper()
	g, err := engine.New(engine.Config{Def: definition(t), Seed: 3})
	if err != nil {
		t.Fatal(err)
	}
	if err := g.PlayOut(engine.TakeDefault{}, nil); err != nil {
		t.Fatal(err)
	}
	return g
}

// The sheets in the four formats: the roster has a row per boat of the
// variant roster (20.0) with its damage, torpedo and fuel boxes; the track
// a row per turn; the slip its columns.
func TestSheetsFourFormats(t *testing.T) {
	g := playedGame(t)
	sheets, err := Game{}.Sheets(g, "all", 0)
	if err != nil {
		t.Fatal(err)
	}
	if len(sheets) != 3 {
		t.Fatalf("%d sheets, want 3", len(sheets))
	}
	roster := sheets[0]
	if got := len(roster.Rows); got != 7 {
		t.Errorf("roster rows = %d, want the 7 boats of the variant roster", got)
	}
	if got := roster.Rows[0][3]; got != "[1] [2] [^] [^] [^]" {
		t.Errorf("U-87's damage boxes = %q", got)
	}
	if got := len(sheets[1].Rows); got != 10 {
		t.Errorf("track rows = %d, want 10 turns", got)
	}
	for _, f := range []sheet.Format{sheet.Text, sheet.Markdown, sheet.CSV, sheet.HTML} {
		var b bytes.Buffer
		for _, s := range sheets { // CSV: one sheet a file
			if err := sheet.Write(&b, f, s); err != nil {
				t.Fatalf("%s: %v", f, err)
			}
		}
		if !strings.Contains(b.String(), "Barbarigo") {
			t.Errorf("%s: no Barbarigo in the roster", f)
		}
	}
	if _, err := (Game{}).Sheets(g, "nope", 0); err == nil {
		t.Error("an unknown sheet is not refused")
	}
}

// The after-action report tells the game turn by turn in the game's words.
func TestReport(t *testing.T) {
	def := definition(t)
	g, err := engine.New(engine.Config{Def: def, Seed: 3})
	if err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	g.WriteLog(&buf)
	if err := g.PlayOut(engine.TakeDefault{}, nil); err != nil {
		t.Fatal(err)
	}
	g.Close()
	lg, err := gamelog.Read("r.jsonl", &buf)
	if err != nil {
		t.Fatal(err)
	}
	md, err := Game{}.Report(g, lg, 0)
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"## Turn 2", "21.2 Barbarigo: D10 3 + 1 = it enters on turn 4", "The game ends after turn 10"} {
		if !strings.Contains(md, want) {
			t.Errorf("the report has no %q:\n%s", want, md)
		}
	}
}

// The roster prints from headless Chromium with no table wider than its
// A4 page.
func TestRosterPrintsInChromium(t *testing.T) {
	if testing.Short() {
		t.Skip("short")
	}
	sheettest.Chromium(t)
	sheets, err := Game{}.Sheets(playedGame(t), "all", 0)
	if err != nil {
		t.Fatal(err)
	}
	var b bytes.Buffer
	if err := sheet.Write(&b, sheet.HTML, sheets...); err != nil {
		t.Fatal(err)
	}
	if l := sheettest.Measure(t, b.String()); l.Overflow != "none" {
		t.Errorf("tables overflow their page: %v", l.Overflow)
	}
}
