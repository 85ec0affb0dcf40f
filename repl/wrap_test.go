package repl

import (
	"bytes"
	"strings"
	"testing"

	"github.com/schnell-wargames/schnell/engine"
	"github.com/schnell-wargames/schnell/engine/enginetest"
	"github.com/schnell-wargames/schnell/gamelog"
)

func TestWrap(t *testing.T) {
	tests := []struct {
		name, in string
		width    int
		want     string
	}{
		{"fits", "a short line", 20, "a short line"},
		{"at spaces", "one two three four five", 10, "one two\n    three\n    four\n    five"},
		{"indented", "  1. next  go on to Y1", 12, "  1. next\n      go on\n      to Y1"},
		{"colour takes no room", "\x1b[36mone two\x1b[0m", 7, "\x1b[36mone two\x1b[0m"},
		{"a path stays whole", "Log: /a/very/long/path/to/a/file.jsonl (3 events)", 20, "Log:\n    /a/very/long/path/to/a/file.jsonl\n    (3 events)"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := Wrap(tt.in, tt.width); got != tt.want {
				t.Errorf("Wrap(%q, %d) = %q, want %q", tt.in, tt.width, got, tt.want)
			}
		})
	}
}

// What the prompt prints wraps to Config.Columns (80 when nil), a line
// held until its newline comes; a word longer than a line (a path) keeps
// a line of its own.
func TestSessionWrapsToColumns(t *testing.T) {
	for _, cols := range []int{0, 50} {
		var out bytes.Buffer
		cfg := Config{Def: enginetest.Definition(), Game: engine.Config{Seed: 1}, LogDir: t.TempDir(), Out: &out}
		want := DefaultColumns
		if cols > 0 {
			cfg.Columns = func() int { return cols }
			want = cols
		}
		s, err := New(cfg)
		if err != nil {
			t.Fatal(err)
		}
		for _, line := range []string{"help", "help roll", "help step", "step", "status"} {
			if err := s.Exec(line); err != nil {
				t.Fatalf("%s: %v", line, err)
			}
		}
		s.Close()
		wrapped := false
		for _, line := range strings.Split(strings.TrimRight(out.String(), "\n"), "\n") {
			if n := Width(line); n > want && len(strings.Fields(line)) > 1 { // a path may not fit
				t.Errorf("columns %d: a line of %d: %q", cols, n, line)
			}
			wrapped = wrapped || strings.HasPrefix(line, "    ")
		}
		if !wrapped {
			t.Errorf("columns %d: no line was wrapped:\n%s", cols, out.String())
		}
	}
}

// `log` words an event in the light of those before it where the game
// does (Definition.DescribeRun of one event: a retargeted attack), and a
// run of several events one by one, each with its number.
func TestLogDescribesInContext(t *testing.T) {
	def := *enginetest.Definition()
	def.DescribeRun = func(evs []gamelog.Event, i int) (string, int) {
		switch {
		case i > 0 && evs[i].Type == "roll":
			return "after " + evs[i-1].Type + ": a roll", 1
		case i+1 < len(evs):
			return "a run of two", 2
		}
		return "", 0
	}
	var out bytes.Buffer
	s, err := New(Config{Def: &def, Game: engine.Config{Seed: 1}, LogDir: t.TempDir(), Out: &out})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	if err := s.Exec("step"); err != nil {
		t.Fatal(err)
	}
	out.Reset()
	if err := s.Exec("log all"); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(out.String(), ": a roll") {
		t.Errorf("log does not word a roll in its context:\n%s", out.String())
	}
	if strings.Contains(out.String(), "a run of two") {
		t.Errorf("log words a run of events as one line:\n%s", out.String())
	}
}

// A command in backquotes is never broken across lines when it fits on
// one; one too long for a line breaks as words do.
func TestWrapKeepsCommandsWhole(t *testing.T) {
	line := "  2. #2 SB2 (crew average), #3 SB3 (crew green), #4 SB5 (crew average)   `sail SB2 SB3 SB5`"
	got := Wrap(line, 80)
	if !strings.Contains(got, "`sail SB2 SB3 SB5`") {
		t.Errorf("the command is broken:\n%s", got)
	}
	for _, l := range strings.Split(got, "\n") {
		if Width(l) > 80 {
			t.Errorf("line of %d columns: %q", Width(l), l)
		}
	}
	long := "see `" + strings.Repeat("word ", 30) + "end` here"
	for _, l := range strings.Split(Wrap(long, 40), "\n") {
		if Width(l) > 40 {
			t.Errorf("a long command made a line of %d columns: %q", Width(l), l)
		}
	}
}
