package main

import (
	"io"
	"os"
	"path/filepath"
	"testing"

	"github.com/schnell-wargames/schnell/engine"
	"github.com/schnell-wargames/schnell/gamelog"
	"github.com/schnell-wargames/schnell/repl"
	"github.com/schnell-wargames/schnell/schnellboats"
)

// BenchmarkPrompt times the prompt's commands on a Long campaign played
// half way (the target: every command answers in 20 ms or less). Commands
// that change the game (step, undo, load) start from the same state each
// time.
func BenchmarkPrompt(b *testing.B) {
	def, err := schnellboats.Definition()
	if err != nil {
		b.Fatal(err)
	}
	dir := b.TempDir()
	session := func(b *testing.B) *repl.Session {
		s, err := repl.New(repl.Config{Def: def, Game: engine.Config{Seed: 5, Options: []gamelog.Option{{Name: "campaign", Value: "long"}}},
			LogDir: dir, Out: io.Discard, Err: io.Discard})
		if err != nil {
			b.Fatal(err)
		}
		return s
	}
	exec := func(b *testing.B, s *repl.Session, lines ...string) {
		for _, l := range lines {
			if err := s.Exec(l); err != nil {
				b.Fatalf("%s: %v", l, err)
			}
		}
	}
	// A Long campaign half played, saved under a name.
	s := session(b)
	exec(b, s, "new name=half campaign=long seed=5", "auto on")
	for range 25 {
		exec(b, s, "step mission")
	}
	exec(b, s, "auto off", "step", "save")
	saved := filepath.Join(dir, "half.jsonl")
	pristine, err := os.ReadFile(saved)
	if err != nil {
		b.Fatal(err)
	}
	// restore loads the half-played campaign as saved (play appends to
	// its log: the log is the save).
	restore := func(b *testing.B) {
		if err := os.WriteFile(saved, pristine, 0o644); err != nil {
			b.Fatal(err)
		}
		exec(b, s, "load half")
	}
	html := filepath.Join(dir, "sheets.html")
	for _, c := range []struct{ name, line string }{
		{"status", "status"},
		{"map", "map"},
		{"crew", "crew"},
		{"squadron", "squadron"},
		{"log", "log 20"},
		{"table", "table A-8"},
		{"tables", "tables"},
		{"help", "help"},
		{"sheet-campaign", "sheet campaign"},
		{"sheet-all-html", "sheet all --format html -o " + html},
		{"lua", "lua game.vp"},
		{"campaigns", "campaigns"},
		{"save", "save"},
	} {
		b.Run(c.name, func(b *testing.B) {
			for b.Loop() {
				exec(b, s, c.line)
			}
		})
	}
	b.Run("load", func(b *testing.B) {
		for b.Loop() {
			restore(b)
		}
	})
	b.Run("step", func(b *testing.B) {
		// One turn at a time from the half-played campaign, back to it
		// every 50 turns (not timed).
		for i := 0; b.Loop(); i++ {
			if i%50 == 0 {
				b.StopTimer()
				restore(b)
				exec(b, s, "auto on")
				b.StartTimer()
			}
			exec(b, s, "step")
		}
	})
	b.Run("undo", func(b *testing.B) {
		for b.Loop() {
			b.StopTimer()
			restore(b)
			exec(b, s, "choose 1") // whatever the campaign waits for
			b.StartTimer()
			exec(b, s, "undo")
		}
	})
}

// BenchmarkStartup is `schnell` from its flags to a prompt that waits for
// the first command (in the process; the binary's own start is in
// docs/performance.md).
func BenchmarkStartup(b *testing.B) {
	dir := b.TempDir()
	b.Setenv("XDG_STATE_HOME", dir)
	b.Setenv("XDG_DATA_HOME", dir)
	quit := filepath.Join(dir, "quit")
	if err := os.WriteFile(quit, []byte("quit\n"), 0o644); err != nil {
		b.Fatal(err)
	}
	for b.Loop() {
		f, err := os.Open(quit)
		if err != nil {
			b.Fatal(err)
		}
		if code := run([]string{"--seed", "1"}, f, io.Discard, io.Discard); code != 0 {
			b.Fatalf("exit %d", code)
		}
		f.Close()
	}
}
