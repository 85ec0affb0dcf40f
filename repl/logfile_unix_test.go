//go:build unix

package repl

import (
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"

	"github.com/schnell-wargames/schnell/engine"
	"github.com/schnell-wargames/schnell/gamelog"
)

// save never replaces what is not a plain file, and replaces an existing
// file only when told: `save!`, `save --force`, or yes at a terminal.
func TestSaveNeverClobbers(t *testing.T) {
	dir := t.TempDir()
	fifo := filepath.Join(dir, "fifo.jsonl")
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Fatal(err)
	}
	target := filepath.Join(dir, "target.txt")
	os.WriteFile(target, []byte("keep me"), 0o644)
	link := filepath.Join(dir, "link.jsonl")
	os.Symlink(target, link)
	existing := filepath.Join(dir, "existing.jsonl")

	s, _, _ := newSession(t, engine.Digital, false)
	execAll(t, s, "step")
	for _, c := range []struct{ line, want string }{
		{"save " + fifo, "a FIFO"},
		{"save! " + fifo, "a FIFO"},
		{"save " + link, "a symbolic link"},
		{"save! " + link, "a symbolic link"},
		{"save! /dev/null", "a device"},
	} {
		if err := s.Exec(c.line); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: %v, want %q", c.line, err, c.want)
		}
	}
	if b, _ := os.ReadFile(target); string(b) != "keep me" {
		t.Errorf("the symlink's target changed: %q", b)
	}
	if fi, err := os.Lstat(fifo); err != nil || fi.Mode()&os.ModeNamedPipe == 0 {
		t.Errorf("the FIFO was replaced: %v", err)
	}

	// An existing plain file: refused in a pipe, replaced by save!.
	os.WriteFile(existing, []byte("someone's file\n"), 0o644)
	if err := s.Exec("save " + existing); err == nil || !strings.Contains(err.Error(), "`save! "+Quote(existing)+"` replaces it") {
		t.Errorf("save over an existing file in a pipe: %v", err)
	}
	if b, _ := os.ReadFile(existing); string(b) != "someone's file\n" {
		t.Errorf("the existing file changed: %q", b)
	}
	execAll(t, s, "save! "+existing)
	if s.LogPath() != existing || !gamelog.IsLog(existing) {
		t.Errorf("save! did not replace the file: log %s", s.LogPath())
	}
	other := filepath.Join(dir, "other.jsonl")
	os.WriteFile(other, []byte("x\n"), 0o644)
	execAll(t, s, "save --force "+other)
	if s.LogPath() != other {
		t.Errorf("save --force: log %s", s.LogPath())
	}
}

// Loading a log through a symbolic link plays on in the file it names: the
// link stays, and reads the game as it goes.
func TestLoadThroughSymlink(t *testing.T) {
	s, _, log := newSession(t, engine.Digital, false)
	execAll(t, s, "step")
	s.Close()
	link := filepath.Join(t.TempDir(), "link.jsonl")
	if err := os.Symlink(log, link); err != nil {
		t.Fatal(err)
	}
	s2, _, _ := newSession(t, engine.Digital, false)
	defer s2.Close()
	execAll(t, s2, "load "+link)
	if err := s2.Exec("step"); err != nil { // the game waits for a decision
		execAll(t, s2, "choose on")
	}
	if fi, err := os.Lstat(link); err != nil || fi.Mode()&os.ModeSymlink == 0 {
		t.Fatalf("the link was replaced: %v", err)
	}
	lg, err := gamelog.ReadFile(link)
	if err != nil || len(lg.Lines) != len(s2.Game().AsLog().Lines) {
		t.Errorf("the link reads %v events (%v), the game has %d", len(lg.Lines), err, len(s2.Game().AsLog().Lines))
	}
	if real, _ := filepath.EvalSymlinks(log); s2.LogPath() != real {
		t.Errorf("logging to %s, want the link's target %s", s2.LogPath(), real)
	}
}
