package wordedtest

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/schnell-wargames/schnell/engine"
	"github.com/schnell-wargames/schnell/engine/enginetest"
	"github.com/schnell-wargames/schnell/gamelog"
	"github.com/schnell-wargames/schnell/repl"
)

// RawLine matches what the kernel prints for an event a game gives no
// words, and not a line of words.
func TestRawLine(t *testing.T) {
	raw := repl.DescribeFields(&gamelog.Event{Type: "contact", Fields: []gamelog.Field{gamelog.Str("square", "5-5"), gamelog.Int("n", 2)}})
	if !RawLine.MatchString(raw) {
		t.Errorf("%q not matched", raw)
	}
	if RawLine.MatchString("Leg 1 sailed: 2 points so far.") {
		t.Error("a worded line matched")
	}
}

// Documented reads the event types of a log-format table, split at / and ,.
func TestDocumented(t *testing.T) {
	p := filepath.Join(t.TempDir(), "log.md")
	os.WriteFile(p, []byte("| type | fields |\n| --- | --- |\n| `vessel` / `removed` | id |\n| `fire`, `end` | x |\ntext\n"), 0o644)
	if got := Documented(t, p); !slices.Equal(got, []string{"vessel", "removed", "fire", "end"}) {
		t.Errorf("got %v", got)
	}
}

// The catcher sees the types the game words and lets worded events pass.
func TestCatcherSeesWordedTypes(t *testing.T) {
	c := NewCatcher(t, enginetest.Definition())
	lines := c.Print([]gamelog.Event{{Type: "leg", Fields: []gamelog.Field{gamelog.Int("n", 1), gamelog.Int("points", 2)}}})
	if len(lines) != 1 || RawLine.MatchString(lines[0]) {
		t.Errorf("printed %q", lines)
	}
	c.Unseen(t, []string{"leg"})
}

// A game that declares its event types (Definition.Events) fails the
// test for an event it plays that is not declared.
func TestCatcherRefusesUndeclared(t *testing.T) {
	def := *enginetest.Definition()
	def.Events = []engine.EventType{"start", "leg", "end"}
	ft := &fakeT{T: t}
	c := NewCatcher(ft, &def)
	c.Print([]gamelog.Event{{Type: "leg"}, {Type: "roll"}, {Type: "planted"}})
	ft.cleanup()
	var undeclared []string
	for _, e := range ft.errs {
		if strings.Contains(e, "does not declare") {
			undeclared = append(undeclared, e)
		}
	}
	if len(undeclared) != 1 || !strings.Contains(undeclared[0], `"planted" event is played that toy does not declare`) {
		t.Errorf("errors %q, want one undeclared: the planted type", ft.errs)
	}
}

// InternalNames finds snake_case, key=value and "(s)" in what a player
// reads, not in a command to type nor in a path.
func TestInternalNames(t *testing.T) {
	for _, tc := range []struct {
		line string
		want string
	}{
		{"Leg 1 sailed: 2 points so far.", ""},
		{"special_done> ", "special_done"},
		{"-- mission_end: `step` plays on --", "mission_end"},
		{"Combat Board: mtb_patrol", "mtb_patrol"},
		{"encounter=mtb_patrol, weather = foggy, intel=1", "encounter=mtb_patrol weather = foggy intel=1"},
		{"A-1: 1D10 [4] +1 winter = 5 → row 5-6", ""},
		{"0 boat(s) lost", "t(s)"},
		{"type `speed very_fast` or `new game=coastal`", ""},
		{"Log: /tmp/my_games/a_b.jsonl", ""},
		{"SB2 fires at mtb-1: 14 vs 18, miss", ""},
		{"| scenario | (none) | one `add ID CLASS [side=S]  |", ""},
		{"|          |        | [speed=L]` a line, mtb_patrol |", "mtb_patrol"},
	} {
		if got := strings.Join(InternalNames(tc.line), " "); got != tc.want {
			t.Errorf("InternalNames(%q) = %q, want %q", tc.line, got, tc.want)
		}
	}
}

// fakeT keeps what a test would report, to test the catcher's own
// failures.
type fakeT struct {
	*testing.T
	errs     []string
	cleanups []func()
}

func (f *fakeT) Helper()           {}
func (f *fakeT) Cleanup(fn func()) { f.cleanups = append(f.cleanups, fn) }
func (f *fakeT) Errorf(format string, args ...any) {
	f.errs = append(f.errs, fmt.Sprintf(format, args...))
}
func (f *fakeT) cleanup() {
	for _, fn := range f.cleanups {
		fn()
	}
}
