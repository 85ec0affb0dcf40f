//go:build unix

package scripting

import (
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
)

// A plays table that cannot be read is refused at once, naming the script
// and what is wrong (docs/lua-api.md "Games inside a game").
func TestPlaysRefused(t *testing.T) {
	dir := t.TempDir()
	fifo := filepath.Join(dir, "fifo.lua")
	if err := syscall.Mkfifo(fifo, 0o600); err != nil {
		t.Skip("no FIFO here:", err)
	}
	for _, c := range []struct{ plays, want string }{
		{`plays = 3`, "plays must be a table of game = script file, not a number"},
		{`plays = { schnellrules = 4 }`, "plays must be a table of game = script file (as plays"},
		{`plays = { schnellrules = "nosuch.lua" }`, "plays.schnellrules: stat " + filepath.Join(dir, "nosuch.lua")},
		{`plays = { schnellrules = "fifo.lua" }`, "fifo.lua is not a regular file"},
		{`plays = { schnellrules = "broken.lua" }`, "broken.lua"},
	} {
		path := filepath.Join(dir, "k.lua")
		src := c.plays + "\nfunction decide(d) return d.default end\n"
		os.WriteFile(filepath.Join(dir, "broken.lua"), []byte("function decide(d"), 0o600)
		h, err := Load(path, []byte(src), Options{}, nil)
		if err != nil {
			t.Fatal(err)
		}
		_, err = WithInner(nil, h, path, h, Options{})
		h.Close()
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: err = %v, want %q", c.plays, err, c.want)
		}
	}
}

// A script with no plays table is its own decider, unchanged.
func TestNoPlaysUnchanged(t *testing.T) {
	h, err := Load("k.lua", []byte("function decide(d) return d.default end"), Options{}, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer h.Close()
	d, err := WithInner(nil, h, "k.lua", h, Options{})
	if err != nil || d != h {
		t.Fatalf("WithInner = %v, %v; want the host itself", d, err)
	}
}
