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

// The front end belongs to no game: with the toy game registered beside
// the flagship, every command works for it through what it declares.
func withToy(t *testing.T) {
	t.Helper()
	old := registry
	registry = append(games.Registry(games.All[:len(games.All):len(games.All)]), games.Game{
		Name: "toy", Title: "a toy game",
		Def: func() (*engine.Definition, error) { return enginetest.Definition(), nil },
	})
	t.Cleanup(func() { registry = old })
}

func TestGamesListed(t *testing.T) {
	withToy(t)
	code, out, errs := runWith(t, "", "games")
	if code != 0 || !strings.Contains(out, "schnellboats") || !strings.Contains(out, "toy  ") || !strings.Contains(out, "a toy game") {
		t.Errorf("schnell games: exit %d\n%s%s", code, out, errs)
	}
	for _, args := range [][]string{{"--game", "chess"}, {"auto", "--game", "chess"}, {"sim", "--game=chess"}} {
		code, _, errs := runWith(t, "", args...)
		if code != 2 || !strings.Contains(errs, `"chess"`) || !strings.Contains(errs, "schnellboats, ") || !strings.Contains(errs, ", toy") {
			t.Errorf("%v: exit %d, %q: want an error listing the games", args, code, errs)
		}
	}
}

func TestToyEverywhere(t *testing.T) {
	withToy(t)
	dir := t.TempDir()
	log := filepath.Join(dir, "toy.jsonl")
	// auto: the toy's own option as a flag, its reference player, its summary.
	code, out, errs := runWith(t, "", "auto", "--game", "toy", "--legs", "3", "--seed", "4", "--log", log)
	if code != 0 || !strings.Contains(out, "Seed 4") {
		t.Fatalf("auto --game toy: exit %d\n%s%s", code, out, errs)
	}
	if code, _, errs := runWith(t, "", "auto", "--game", "toy", "--campaign", "long"); code != 2 || !strings.Contains(errs, "campaign") {
		t.Errorf("auto --game toy --campaign: exit %d, %q: the flagship's flags are not the toy's", code, errs)
	}
	// replay takes the game from the log's header.
	code, out, errs = runWith(t, "", "replay", "--verify", log)
	if code != 0 || !strings.Contains(out, "events verified") {
		t.Errorf("replay --verify of a toy log: exit %d\n%s%s", code, out, errs)
	}
	// sim summarises what the toy scores: a number, and a yes/no.
	code, out, errs = runWith(t, "", "sim", "--game", "toy", "--runs", "20", "--jobs", "2")
	if code != 0 || !strings.Contains(out, "20 games of toy (legs=4)") || !strings.Contains(out, "points") || !strings.Contains(out, "home  ") || !strings.Contains(out, "points histogram") {
		t.Errorf("sim --game toy: exit %d\n%s%s", code, out, errs)
	}
	csv := filepath.Join(dir, "toy.csv")
	if code, _, errs := runWith(t, "", "sim", "--game", "toy", "--runs", "3", "--csv", csv); code != 0 {
		t.Fatalf("sim --csv: exit %d %s", code, errs)
	}
	raw, _ := os.ReadFile(csv)
	if lines := strings.Split(strings.TrimSpace(string(raw)), "\n"); len(lines) != 4 || lines[0] != "seed,points,legs,home" {
		t.Errorf("the toy's CSV:\n%s", raw)
	}
	// The toy prints no sheets and writes no reports: said, not a panic.
	if code, _, errs := runWith(t, "", "sheet", log); code != 2 || !strings.Contains(errs, "toy prints no sheets") {
		t.Errorf("sheet of a toy log: exit %d, %q", code, errs)
	}
	if code, _, errs := runWith(t, "", "report", log); code != 2 || !strings.Contains(errs, "toy writes no reports") {
		t.Errorf("report of a toy log: exit %d, %q", code, errs)
	}
	// The prompt: the toy's words for step and its saved games.
	code, out, errs = runWith(t, "help\nstep leg\nstep voyage\nstep mission\n", "--game", "toy", "--seed", "2", "--keep-going", "--data", dir)
	if !strings.Contains(out, "step [leg|voyage]") || !strings.Contains(errs, `"mission": say leg or voyage`) {
		t.Errorf("the toy at the prompt: exit %d\n%s%s", code, out, errs)
	}
	if strings.Contains(out, "campaign") || strings.Contains(out, "Kommandant") {
		t.Errorf("the toy's prompt speaks of the flagship:\n%s", out)
	}
	// --load of a toy log from a flagship prompt picks the toy.
	code, out, errs = runWith(t, "status\n", "--load", log)
	if code != 0 || !strings.Contains(out, "Game toy") {
		t.Errorf("--load of a toy log: exit %d\n%s%s", code, out, errs)
	}
	// new game=toy at the flagship's prompt.
	code, out, errs = runWith(t, "new game=toy legs=2 seed=1\nstep voyage\nsaved\n", "--data", dir)
	if code != 0 || !strings.Contains(out, "legs 2") {
		t.Errorf("new game=toy: exit %d\n%s%s", code, out, errs)
	}
}
