package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/schnell-wargames/schnell/engine"
	"github.com/schnell-wargames/schnell/engine/enginetest"
	"github.com/schnell-wargames/schnell/games"
)

// withSeaDuel adds the toy game on a virtual table to the registry.
func withSeaDuel(t *testing.T) {
	t.Helper()
	old := registry
	registry = append(games.Registry(games.All[:len(games.All):len(games.All)]), games.Game{
		Name: "seaduel", Title: "a toy game of two boats on a virtual table",
		Def: func() (*engine.Definition, error) { return enginetest.SeaDuelDefinition(), nil },
	})
	t.Cleanup(func() { registry = old })
}

// Issue 29: `schnell sheet LOG --sheet replay` writes the replay sheet of a
// game on a virtual table (HTML: a page a turn; --side: one side's view);
// at the prompt `sheet replay` writes the same page of the game so far.
func TestReplaySheetCommand(t *testing.T) {
	withSeaDuel(t)
	dir := t.TempDir()
	log := filepath.Join(dir, "duel.jsonl")
	if code, _, errs := runWith(t, "", "auto", "--game", "seaduel", "--seed", "5", "--log", log); code != 0 {
		t.Fatal(errs)
	}
	page := filepath.Join(dir, "replay.html")
	if code, _, errs := runWith(t, "", "sheet", log, "--sheet", "replay", "--format", "html", "-o", page); code != 0 {
		t.Fatal(errs)
	}
	b, err := os.ReadFile(page)
	if err != nil {
		t.Fatal(err)
	}
	html := string(b)
	if n := strings.Count(html, `class="frame`); n != 8 || !strings.Contains(html, `<option value="red">`) || !strings.Contains(html, `data-id="S38"`) {
		t.Errorf("%d frames in the page", n)
	}
	if code, out, errs := runWith(t, "", "sheet", log, "--sheet", "replay", "--format", "html", "--side", "blue"); code != 0 || strings.Contains(out, `data-side="red"`) || strings.Contains(out, `data-side="referee"`) || !strings.Contains(out, `data-side="blue"`) {
		t.Errorf("blue's view alone: %d %s", code, errs)
	}
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"sheet", log, "--sheet", "replay", "--side", "green"}, `side "green": say referee, blue or red`},
		{[]string{"sheet", log, "--sheet", "replay", "--format", "csv"}, "--format html"},
		{[]string{"sheet", log, "--sheet", "replay", "-o", log}, "is a game's log"},
		{[]string{"sheet", log, "--sheet", "all"}, "sheet is the replay"},
	} {
		if code, _, errs := runWith(t, "", tc.args...); code == 0 || !strings.Contains(errs, tc.want) {
			t.Errorf("%v: %d %q, want %q", tc.args, code, errs, tc.want)
		}
	}
	prompt := filepath.Join(dir, "prompt.html")
	in := "step turn\nstep turn\nsheet replay --format html -o " + prompt + "\nsheet replay --side red\nquit\n"
	code, out, errs := runWith(t, in, "--game", "seaduel", "--seed", "5", "--side", "red=reference", "--side", "blue=reference", "--log", filepath.Join(dir, "p.jsonl"))
	if code != 0 {
		t.Fatal(errs)
	}
	b, _ = os.ReadFile(prompt)
	if n := strings.Count(string(b), `class="frame`); n != 2 || !strings.Contains(out, "Wrote "+prompt) || !strings.Contains(out, "As red saw it, 2 frames.") {
		t.Errorf("at the prompt, %d frames:\n%s", n, out)
	}
}
