package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// Issue 25 item 4: every game saves in schnell/GAME (the flagship in
// schnell/campaigns); scheldt's games, once saved in schnell/games, are
// moved there once — not another game's log, not a game in use, not over a
// game of the same name.
func TestSavedGamesMoveToTheGamesFolder(t *testing.T) {
	def, err := registry.Get("scheldt")
	if err != nil {
		t.Fatal(err)
	}
	base := t.TempDir()
	t.Setenv("XDG_DATA_HOME", base)
	dir := defaultDataDir(def)
	if dir != filepath.Join(base, "schnell", "scheldt") {
		t.Fatalf("scheldt saves in %s, want schnell/scheldt", dir)
	}
	if sb, _ := registry.Get("schnellboats"); defaultDataDir(sb) != filepath.Join(base, "schnell", "campaigns") {
		t.Errorf("the flagship saves in %s, want schnell/campaigns", defaultDataDir(sb))
	}
	old := filepath.Join(base, "schnell", "games")
	os.MkdirAll(old, 0o755)
	os.MkdirAll(dir, 0o755)
	head := func(game string) string {
		return `{"format":"schnell-log","version":1,"game":"` + game + `","seed":1,"dice":"digital","options":[],"tables":"sha256:x"}` + "\n"
	}
	files := map[string]string{
		"mine.jsonl":       head("scheldt"),
		"busy.jsonl":       head("scheldt"),
		"both.jsonl":       head("scheldt"),
		"other.jsonl":      head("coastal"),
		".busy.jsonl.lock": "123",
	}
	for n, c := range files {
		os.WriteFile(filepath.Join(old, n), []byte(c), 0o644)
	}
	os.WriteFile(filepath.Join(dir, "both.jsonl"), []byte(head("scheldt")+"{}\n"), 0o644)
	var msg bytes.Buffer
	moveSaved(def, dir, &msg)
	for n, want := range map[string]bool{"mine.jsonl": true, "busy.jsonl": false, "both.jsonl": false, "other.jsonl": false} {
		_, err := os.Stat(filepath.Join(old, n))
		if moved := err != nil; moved != want {
			t.Errorf("%s moved: %v, want %v", n, moved, want)
		}
	}
	if b, _ := os.ReadFile(filepath.Join(dir, "both.jsonl")); !strings.Contains(string(b), "{}") {
		t.Error("a game of the same name was written over")
	}
	if !strings.Contains(msg.String(), "moved a saved game of scheldt") {
		t.Errorf("the move is not said: %q", msg.String())
	}
}
