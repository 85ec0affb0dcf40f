// Package wordedtest checks, for a game's tests, that the prompt prints
// every event the game makes in the game's own words (never the kernel's
// raw "type key=value" line) and that a whole game at the prompt fits 80
// columns. It knows no game.
package wordedtest

import (
	"bytes"
	"flag"
	"maps"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"sort"
	"strings"
	"sync"
	"testing"
	"unicode/utf8"

	"github.com/schnell-wargames/schnell/engine"
	"github.com/schnell-wargames/schnell/gamelog"
	"github.com/schnell-wargames/schnell/repl"
)

// kernelWorded are the event types the prompt words itself when a game
// leaves them to it (rolls, reads, decisions, draws, reveals).
var kernelWorded = map[string]bool{"roll": true, "read": true, "decision": true, "draw": true, "reveal": true, "inner_start": true, "inner_end": true}

// Catcher watches the game's wording: its Def is the game's with a
// Describe that notes each event type it words and each event the prompt
// would print in the kernel's raw "type key=value" form (the game words
// it "" and the kernel has no words for it). When the test ends, each
// raw type fails it, with an example.
type Catcher struct {
	Def        *engine.Definition
	mu         sync.Mutex
	raw        map[string]string
	seen       map[string]bool
	declared   map[string]bool // the game's Definition.Events (nil: it declares none)
	undeclared map[string]bool
}

// kernelEvents are the event types the kernel makes: a game declares
// only its own.
var kernelEvents = map[string]bool{"roll": true, "read": true, "decision": true, "draw": true, "reveal": true, "error": true, "inner_start": true, "inner_end": true}

// Declared lists a game's declared event types (Definition.Events).
func Declared(def *engine.Definition) []string {
	out := make([]string, len(def.Events))
	for i, e := range def.Events {
		out[i] = string(e)
	}
	return out
}

// saw notes an event type printed (c.mu held): a game that declares its
// events (Definition.Events) may print no other of its own.
func (c *Catcher) saw(typ string) {
	c.seen[typ] = true
	if c.declared != nil && !c.declared[typ] && !kernelEvents[typ] {
		c.undeclared[typ] = true
	}
}

func NewCatcher(t testing.TB, def *engine.Definition) *Catcher {
	t.Helper()
	c := &Catcher{raw: map[string]string{}, seen: map[string]bool{}, undeclared: map[string]bool{}}
	if len(def.Events) > 0 {
		c.declared = map[string]bool{}
		for _, e := range def.Events {
			c.declared[string(e)] = true
		}
	}
	d := *def
	d.Describe = func(e *gamelog.Event) string {
		line := ""
		if def.Describe != nil {
			line = def.Describe(e)
		}
		c.mu.Lock()
		defer c.mu.Unlock()
		c.saw(e.Type)
		if _, ok := c.raw[e.Type]; !ok && line == "" && !kernelWorded[e.Type] {
			c.raw[e.Type] = repl.DescribeFields(e)
		}
		return line
	}
	if run := def.DescribeRun; run != nil {
		// A run of events worded as one line words each of them.
		d.DescribeRun = func(evs []gamelog.Event, i int) (string, int) {
			line, n := run(evs, i)
			c.mu.Lock()
			defer c.mu.Unlock()
			for j := i; j < i+n && j < len(evs); j++ {
				c.saw(evs[j].Type)
			}
			return line, n
		}
	}
	c.Def = &d
	t.Cleanup(func() {
		for _, typ := range sorted(c.raw) {
			t.Errorf("a %q event is printed raw, with no words of the game's: %s", typ, c.raw[typ])
		}
		for _, typ := range slices.Sorted(maps.Keys(c.undeclared)) {
			t.Errorf("a %q event is played that %s does not declare (Definition.Events, a typed constant of the game's)", typ, def.Name)
		}
	})
	return c
}

// Print words evs as the prompt prints them: the game's runs of events,
// then each event alone.
func (c *Catcher) Print(evs []gamelog.Event) []string {
	var out []string
	for i := 0; i < len(evs); i++ {
		if c.Def.DescribeRun != nil {
			if line, n := c.Def.DescribeRun(evs, i); n > 0 {
				for j := i; j < i+n; j++ {
					c.mu.Lock()
					c.saw(evs[j].Type)
					c.mu.Unlock()
				}
				out = append(out, line)
				i += n - 1
				continue
			}
		}
		if line := c.Def.Describe(&evs[i]); line != "" {
			out = append(out, line)
		}
	}
	return out
}

// Unseen fails the test for each of types no event of which was worded:
// a type no scenario or game plays is a type whose words are untested.
func (c *Catcher) Unseen(t *testing.T, types []string) {
	t.Helper()
	if len(types) == 0 {
		t.Fatal("no event types to look for")
	}
	if f := flag.Lookup("test.run"); f != nil && strings.Contains(f.Value.String(), "/") {
		return // some of the scenarios only (-run 'TestScenarios/NAME')
	}
	for _, typ := range types {
		if !c.seen[typ] {
			t.Errorf("no %q event was played: its words are untested", typ)
		}
	}
}

// Documented reads the event types of a log-format document's table
// ("| `vessel` / `removed` | ...").
func Documented(t *testing.T, path string) []string {
	t.Helper()
	raw, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var types []string
	for _, line := range strings.Split(string(raw), "\n") {
		if !strings.HasPrefix(line, "| `") {
			continue
		}
		cell := strings.SplitN(line, "|", 3)[1]
		for _, typ := range strings.FieldsFunc(cell, func(r rune) bool { return r == ',' || r == '/' }) {
			types = append(types, strings.Trim(strings.TrimSpace(typ), "`"))
		}
	}
	return types
}

// RawLine is an event line in the kernel's raw form (repl.DescribeFields):
// "TYPE key=value ...".
var RawLine = regexp.MustCompile(`^[a-z_]+( [a-z_]+=\S+)+$`)

// AtThePrompt plays a whole game at the prompt, piped (80 columns): the
// lines before, then `auto on` and `step` until the game is over, table
// typing what table says to the table's decisions (nil: each default). Every
// line it prints must fit 80 columns, and none, its wrapped lines joined,
// may be a raw event line.
func AtThePrompt(t *testing.T, def *engine.Definition, cfg engine.Config, table func(d *engine.Decision) string, before ...string) {
	t.Helper()
	var out bytes.Buffer
	s, err := repl.New(repl.Config{Def: def, Game: cfg, LogFile: filepath.Join(t.TempDir(), "g.jsonl"), Out: &out, Err: &out})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	for _, line := range append(before, "auto on") {
		if err := s.Exec(line); err != nil {
			t.Fatalf("%s: %v", line, err)
		}
	}
	for n := 0; !s.Game().Over(); n++ {
		if n > 5000 {
			t.Fatalf("the game does not end: %+v\n%s", s.Game().Pending(), out.String()[max(0, out.Len()-1500):])
		}
		line := "step"
		if p := s.Game().Pending(); p != nil && p.Decision != nil && p.Decision.Side == engine.TableSide {
			line = p.Decision.CommandFor(p.Decision.Default)
			if table != nil {
				line = table(p.Decision)
			}
		}
		if err := s.Exec(line); err != nil {
			t.Fatalf("%s: %v\n%s", line, err, out.String()[max(0, out.Len()-2000):])
		}
	}
	lines := strings.Split(strings.TrimRight(out.String(), "\n"), "\n")
	if len(lines) < 50 {
		t.Fatalf("a whole game in %d lines?", len(lines))
	}
	for i, line := range lines {
		if n := utf8.RuneCountInString(line); n > repl.DefaultColumns {
			t.Errorf("line %d is %d columns wide: %q", i+1, n, line)
		}
	}
	joined := regexp.MustCompile(`\n {4,}`).ReplaceAllString(strings.Join(lines, "\n"), " ")
	for i, line := range strings.Split(joined, "\n") {
		if RawLine.MatchString(line) {
			t.Errorf("line %d is a raw event: %q", i+1, line)
		}
	}
}

func sorted(m map[string]string) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}
