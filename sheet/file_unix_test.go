//go:build unix

package sheet

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
)

// WriteFile replaces a plain file whole, refuses a log, a FIFO, a
// directory and a symbolic link, and leaves the old file and no debris
// when the write fails.
func TestWriteFile(t *testing.T) {
	dir := t.TempDir()
	p := filepath.Join(dir, "page.svg")
	if err := WriteFile(p, []byte("one")); err != nil {
		t.Fatal(err)
	}
	if err := WriteFile(p, []byte("two")); err != nil {
		t.Fatal(err)
	}
	if b, _ := os.ReadFile(p); string(b) != "two" {
		t.Fatalf("the file holds %q", b)
	}
	log := filepath.Join(dir, "game.jsonl")
	os.WriteFile(log, []byte(`{"format":"schnell-log","version":1}`+"\n"), 0o644)
	if err := WriteFile(log, []byte("x")); err == nil || !strings.Contains(err.Error(), "is a game's log") {
		t.Errorf("over a log: %v", err)
	}
	fifo := filepath.Join(dir, "fifo")
	if err := syscall.Mkfifo(fifo, 0o644); err == nil {
		if err := WriteFile(fifo, []byte("x")); err == nil || !strings.Contains(err.Error(), "plain files") {
			t.Errorf("over a FIFO: %v", err)
		}
	}
	if err := WriteFile(dir, []byte("x")); err == nil {
		t.Error("over a directory: no error")
	}
	link := filepath.Join(dir, "link")
	os.Symlink(p, link)
	if err := WriteFile(link, []byte("x")); err == nil {
		t.Error("over a symbolic link: no error")
	}
	createTemp = func(dir, pattern string) (*os.File, error) {
		f, err := os.CreateTemp(dir, pattern)
		if err != nil {
			return nil, err
		}
		f.Close() // writes to it fail
		return f, nil
	}
	defer func() { createTemp = os.CreateTemp }()
	if err := WriteFile(p, []byte("three")); err == nil || !errors.Is(err, os.ErrClosed) {
		t.Errorf("a failed write: %v", err)
	}
	if b, _ := os.ReadFile(p); string(b) != "two" {
		t.Errorf("after a failed write the file holds %q", b)
	}
	if ents, _ := os.ReadDir(dir); len(ents) != 4 {
		var names []string
		for _, e := range ents {
			names = append(names, e.Name())
		}
		t.Errorf("debris left: %v", names)
	}
}
