package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// Paukenschlag (issue 18): a game of five turns with every variant, piped
// with physical dice, gives the same log twice; `replay --verify` passes
// it and finds a changed die.
func TestPaukenschlagPipedReplayVerify(t *testing.T) {
	in, err := os.ReadFile("../../paukenschlag/testdata/game.txt")
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	var logs [2][]byte
	for i := range logs {
		log := filepath.Join(dir, "game"+string(rune('a'+i))+".jsonl")
		code, out, errs := runWith(t, string(in), "--game", "paukenschlag", "--dice", "physical", "--seed", "7", "--turns", "5", "--log", log)
		if code != 0 {
			t.Fatalf("exit %d\n%s%s", code, out, errs)
		}
		if !strings.Contains(out, "must surface") || !strings.Contains(out, "it SUCCEEDS") {
			t.Errorf("the game has no U-boat that must surface or no frogman attack:\n%s", out)
		}
		if logs[i], err = os.ReadFile(log); err != nil {
			t.Fatal(err)
		}
		if code, out, errs := runWith(t, "", "replay", "--verify", log); code != 0 {
			t.Fatalf("replay --verify: exit %d\n%s%s", code, out, errs)
		}
	}
	if string(logs[0]) != string(logs[1]) {
		t.Error("the same commands gave two logs")
	}
	const die = `"for":"surface2-U-87","dice":"1D10","faces":[3],"total":3`
	if !strings.Contains(string(logs[0]), die) {
		t.Fatalf("the log has no %s", die)
	}
	bad := filepath.Join(dir, "bad.jsonl")
	os.WriteFile(bad, []byte(strings.Replace(string(logs[0]), die, `"for":"surface2-U-87","dice":"1D10","faces":[2],"total":2`, 1)), 0o644)
	if code, out, errs := runWith(t, "", "replay", "--verify", bad); code == 0 {
		t.Errorf("replay --verify passed a changed die:\n%s%s", out, errs)
	}
}
