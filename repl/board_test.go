package repl

import (
	"bytes"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/schnell-wargames/schnell/engine"
	"github.com/schnell-wargames/schnell/engine/enginetest"
	"github.com/schnell-wargames/schnell/gamelog"
)

func seaSession(t *testing.T, sides []string, opts ...gamelog.Option) (*Session, *bytes.Buffer) {
	t.Helper()
	var out bytes.Buffer
	def := enginetest.SeaDuelDefinition()
	specs, err := engine.ParseSides(def, sides)
	if err != nil {
		t.Fatal(err)
	}
	s, err := New(Config{
		Def: def, Game: engine.Config{Seed: 3, Options: opts},
		LogFile: filepath.Join(t.TempDir(), "game.jsonl"), Out: &out, Err: &out, Sides: specs,
	})
	if err != nil {
		t.Fatal(err)
	}
	return s, &out
}

// Issue 29: `board` draws the table of a game with a Picture at 80
// columns, as the side the player plays alone sees it (the enemy he has
// not spotted a marker), or as a side named; --svg writes the drawing.
func TestBoard(t *testing.T) {
	s, out := seaSession(t, []string{"red=reference"})
	if err := s.Exec("board"); err == nil || !strings.Contains(err.Error(), "not started") {
		t.Errorf("board before the game: %v", err)
	}
	execAll(t, s, "step")
	out.Reset()
	execAll(t, s, "board")
	text := out.String()
	for _, l := range strings.Split(strings.TrimRight(text, "\n"), "\n") {
		if len([]rune(l)) > 80 {
			t.Errorf("a line %d wide: %q", len([]rune(l)), l)
		}
	}
	if !strings.Contains(text, "as blue sees it") || !strings.Contains(text, ">MTB102") || strings.Contains(text, "S38") || !strings.Contains(text, "<?") {
		t.Errorf("blue's board at the start:\n%s", text)
	}
	out.Reset()
	execAll(t, s, "board referee")
	if text := out.String(); !strings.Contains(text, "<S38") {
		t.Errorf("the referee's board:\n%s", text)
	}
	svg := filepath.Join(t.TempDir(), "table.svg")
	out.Reset()
	execAll(t, s, "board red --svg "+Quote(svg))
	b, err := os.ReadFile(svg)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Contains(b, []byte(`data-id="S38"`)) || bytes.Contains(b, []byte(`data-id="MTB102"`)) || !strings.Contains(out.String(), "Wrote "+svg) {
		t.Errorf("red's SVG (said %q):\n%s", out.String(), b)
	}
	for _, bad := range []string{"board green", "board --svg", "board red blue", "board --svg " + Quote(s.LogPath())} {
		if err := s.Exec(bad); err == nil {
			t.Errorf("%s: no error", bad)
		}
	}
	if b, _ := os.ReadFile(s.LogPath()); !bytes.HasPrefix(b, []byte(`{"format":"schnell-log"`)) {
		t.Error("board --svg wrote over the game's log")
	}
}

// A game with a Picture that is not on a virtual table says so and how to
// start one that is; a game without one has no kernel `board`.
func TestBoardNotOnTable(t *testing.T) {
	s, _ := seaSession(t, nil, gamelog.Option{Name: "table", Value: "physical"})
	execAll(t, s, "step")
	if err := s.Exec("board"); err == nil || !strings.Contains(err.Error(), "new table=virtual") {
		t.Errorf("board on a physical table: %v", err)
	}
	toy, _, _ := newSession(t, engine.Digital, false)
	if toy.lookup("board") != nil {
		t.Error("the toy game, which has no table, has a board")
	}
}

// A game's own `board` (the flagship's Combat Board) wins over the
// kernel's.
func TestGameBoardWins(t *testing.T) {
	def := enginetest.SeaDuelDefinition()
	called := false
	def.Commands = []engine.Command{{Name: "board", Usage: "board", Help: "the game's own board",
		Run: func(*engine.Game, []string, io.Writer) ([]gamelog.Event, error) { called = true; return nil, nil }}}
	var out bytes.Buffer
	s, err := New(Config{Def: def, LogFile: filepath.Join(t.TempDir(), "g.jsonl"), Out: &out, Err: &out})
	if err != nil {
		t.Fatal(err)
	}
	execAll(t, s, "step", "board")
	if !called {
		t.Error("the kernel's board ran, not the game's")
	}
	n := 0
	for _, c := range s.cmds {
		if c.Name == "board" {
			n++
		}
	}
	if n != 1 {
		t.Errorf("%d board commands", n)
	}
}
