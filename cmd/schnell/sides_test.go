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

func withDuel(t *testing.T) {
	t.Helper()
	old := registry
	registry = append(games.Registry(games.All[:len(games.All):len(games.All)]), games.Game{
		Name: "duel", Title: "a toy game of two sides",
		Def: func() (*engine.Definition, error) { return enginetest.DuelDefinition(), nil },
	}, games.Game{
		Name: "toy", Title: "a toy game of one player",
		Def: func() (*engine.Definition, error) { return enginetest.Definition(), nil },
	})
	t.Cleanup(func() { registry = old })
}

// --side is the kernel's parser, checked against the game's sides; a game
// without sides has no such flag.
func TestSideFlag(t *testing.T) {
	withDuel(t)
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"auto", "--game", "toy", "--side", "p1=player"}, "flag provided but not defined: -side"},
		{[]string{"auto", "--players", "2", "--side", "p3=player"}, `side "p3": schnellboats's sides are p1, p2`},
		{[]string{"auto", "--game", "duel", "--side", "p3=player"}, `side "p3": duel's sides are p1, p2`},
		{[]string{"auto", "--game", "duel", "--side", "p1=robot"}, `"robot" is not player, script:FILE or reference`},
		{[]string{"auto", "--game", "duel", "--side", "table=player"}, "the table is not a side"},
		{[]string{"--game", "duel", "--side", "p1=player", "--side", "p1=reference"}, "side p1 is given twice"},
		{[]string{"sim", "--game", "duel", "--side", "p9=reference"}, `side "p9": duel's sides are p1, p2`},
	} {
		code, _, errs := runWith(t, "", tc.args...)
		if code != 2 || !strings.Contains(errs, tc.want) {
			t.Errorf("%q: exit %d, stderr %q; want 2 and %q", tc.args, code, errs, tc.want)
		}
	}
}

// auto plays the sides with the reference player and a script, but the
// table's measurements belong to the prompt: auto stops there and says so.
func TestAutoNeverAsksTheTable(t *testing.T) {
	withDuel(t)
	script := filepath.Join(t.TempDir(), "p2.lua")
	if err := os.WriteFile(script, []byte(`function decide(d) return {option = "fire", target = "b"} end`), 0o644); err != nil {
		t.Fatal(err)
	}
	code, out, errs := runWith(t, "", "auto", "--game", "duel", "--side", "p2=script:"+script, "--seed", "3")
	if code != 1 || !strings.Contains(errs, "waits for the table's range") {
		t.Errorf("auto: exit %d\n%s%s", code, out, errs)
	}
	code, out, errs = runWith(t, "", "sim", "--game", "duel", "--side", "p2=script:"+script, "--runs", "2")
	if code == 0 || !strings.Contains(errs, "waits for the table's range") {
		t.Errorf("sim: exit %d\n%s%s", code, out, errs)
	}
}

// The prompt plays p1 and the table from a command file against p2, the
// reference player.
func TestPromptPlaysASide(t *testing.T) {
	withDuel(t)
	log := filepath.Join(t.TempDir(), "duel.jsonl")
	cmds := "step\nchoose small\nchoose fire b\nchoose range 15\nchoose launch yes\nchoose signal 'all home'\nstatus\nlog all\n"
	code, out, errs := runWith(t, cmds, "--game", "duel", "--side", "p2=reference", "--seed", "2", "--log", log)
	if code != 0 {
		t.Fatalf("exit %d\n%s%s", code, out, errs)
	}
	for _, want := range []string{"Range: range, cm 15 (at the table)", "[p1] Order: signal, text \"all home\"", "Side p2: default", "The game is over"} {
		if !strings.Contains(out, want) {
			t.Errorf("the prompt's output lacks %q:\n%s", want, out)
		}
	}
	code, out, errs = runWith(t, "", "replay", "--verify", log)
	if code != 0 || !strings.Contains(out, "events verified") {
		t.Errorf("replay --verify: exit %d\n%s%s", code, out, errs)
	}
}
