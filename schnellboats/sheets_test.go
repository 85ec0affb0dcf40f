package schnellboats

import (
	"bytes"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/schnell-wargames/schnell/engine"
	"github.com/schnell-wargames/schnell/gamelog"
	"github.com/schnell-wargames/schnell/sheet"
)

func replayed(t *testing.T, path string) (*engine.Game, *gamelog.Log) {
	t.Helper()
	raw, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	lg, err := gamelog.Read(path, bytes.NewReader(raw))
	if err != nil {
		t.Fatal(err)
	}
	g, err := engine.Replay(def(t), lg, 0, engine.Config{})
	if err != nil {
		t.Fatal(err)
	}
	return g, lg
}

func goldenFile(t *testing.T, name string, got []byte) {
	t.Helper()
	path := filepath.Join("testdata", "sheets", name)
	if *update {
		os.WriteFile(path, got, 0o644)
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (go test ./schnellboats -run Sheet -update)", err)
	}
	if !bytes.Equal(got, want) {
		t.Errorf("%s differs from its golden file (go test ./schnellboats -run Sheet -update rewrites it)", name)
	}
}

// Golden tests of each sheet in text, md and csv, from a fixed-seed log;
// text sheets fit 100 columns.
func TestSheetGoldens(t *testing.T) {
	g, _ := replayed(t, "../logs/auto-short-s100-seed7.jsonl")
	for _, name := range []string{"campaign", "crew", "squadron", "damage", "enemy"} {
		for _, f := range []sheet.Format{sheet.Text, sheet.Markdown, sheet.CSV} {
			sheets, err := GameSheets(g, name, 0)
			if err != nil {
				t.Fatal(err)
			}
			var b bytes.Buffer
			if err := sheet.Write(&b, f, sheets...); err != nil {
				t.Fatal(err)
			}
			goldenFile(t, name+"."+string(f), b.Bytes())
			if f == sheet.Text {
				for i, l := range strings.Split(b.String(), "\n") {
					if n := len([]rune(l)); n > 100 {
						t.Errorf("%s line %d is %d columns wide", name, i+1, n)
					}
				}
			}
		}
	}
	if _, err := GameSheets(g, "enemy", 1); err == nil || !strings.Contains(err.Error(), "no surface combat") {
		t.Errorf("enemy sheet of a mission without combat: %v", err)
	}
	if _, err := GameSheets(g, "damage", 99); err == nil || !strings.Contains(err.Error(), "no mission 99") {
		t.Errorf("damage card of a mission that never sailed: %v", err)
	}
}

// Sheets from a replayed log equal the sheets from the live game, also in
// the middle of a campaign.
func TestSheetsLiveEqualReplayed(t *testing.T) {
	g, err := engine.New(engine.Config{Def: def(t), Seed: 12, Options: opts("medium", "s100")})
	if err != nil {
		t.Fatal(err)
	}
	// Play to the 40th decision (at a decision, as a player would stop).
	if _, err := g.Step(engine.NoPause); err != nil {
		t.Fatal(err)
	}
	for range 40 {
		d := g.Pending().Decision
		if _, err := g.ChooseIndex(d.Default, engine.ByPlayer, 1<<30); err != nil {
			t.Fatal(err)
		}
	}
	if c, _ := CampaignOf(g); c.Mission == nil {
		t.Fatal("want a game stopped at sea")
	}
	for _, name := range []string{"all"} {
		live, err := GameSheets(g, name, 0)
		if err != nil {
			t.Fatal(err)
		}
		r, err := engine.Replay(def(t), g.AsLog(), 0, engine.Config{})
		if err != nil {
			t.Fatal(err)
		}
		rep, err := GameSheets(r, name, 0)
		if err != nil {
			t.Fatal(err)
		}
		var a, b bytes.Buffer
		sheet.Write(&a, sheet.Markdown, live...)
		sheet.Write(&b, sheet.Markdown, rep...)
		if a.String() != b.String() || a.Len() == 0 {
			t.Errorf("live and replayed sheets differ:\n%s\n---\n%s", a.String(), b.String())
		}
	}
}

// The AAR reads as prose and names every mission with a fight, every loss
// and every medal.
func TestAAR(t *testing.T) {
	g, lg := replayed(t, "../logs/auto-medium-5b-seed11.jsonl")
	c, _ := CampaignOf(g)
	text, err := AAR(lg, c, 0)
	if err != nil {
		t.Fatal(err)
	}
	for _, n := range nights(lg.Events) {
		fight := len(n.Damaged) > 0 || len(n.Lost) > 0 || len(n.Sunk) > 0 || strings.Contains(strings.Join(n.Notes, ";"), "air attack")
		if fight && !strings.Contains(text, "## Mission "+strconv.Itoa(n.N)+",") {
			t.Errorf("the AAR skips mission %d, which had a fight", n.N)
		}
		for _, l := range n.Lost {
			boat, how, _ := strings.Cut(l, " ")
			if !regexp.MustCompile(`\b` + boat + `\b[^.]* (was|were) ` + how).MatchString(text) {
				t.Errorf("the AAR does not tell the loss %s", l)
			}
		}
	}
	for _, m := range c.Medals {
		if !strings.Contains(text, m) {
			t.Errorf("the AAR does not name the medal %s", m)
		}
	}
	if strings.Contains(text, "seq") || strings.Contains(text, "boat_damage") || !strings.Contains(text, "took command") {
		t.Error("the AAR reads like an event dump")
	}
	goldenFile(t, "aar-medium-5b-seed11.md", []byte(text))
	last := 0 // the last mission that sailed (the shipped log's own)
	for _, n := range nights(lg.Events) {
		last = max(last, n.N)
	}
	one, err := AAR(lg, c, last)
	if err != nil || last == 0 || !strings.Contains(one, "Mission "+strconv.Itoa(last)) {
		t.Errorf("AAR of mission %d: %v\n%s", last, err, one)
	}
}
