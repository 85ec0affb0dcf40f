package scheldt

import (
	"bytes"
	"flag"
	"os"
	"path/filepath"
	"regexp"
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
var kernelWorded = map[string]bool{"roll": true, "read": true, "decision": true, "draw": true, "reveal": true}

// catcher watches the game's wording: its def is the game's with a
// Describe that notes each event type it words and each event the prompt
// would print in the kernel's raw "type key=value" form (the game words
// it "" and the kernel has no words for it). When the test ends, each
// raw type fails it, with an example.
type catcher struct {
	def  *engine.Definition
	mu   sync.Mutex
	raw  map[string]string
	seen map[string]bool
}

func newCatcher(t *testing.T, def *engine.Definition) *catcher {
	t.Helper()
	c := &catcher{raw: map[string]string{}, seen: map[string]bool{}}
	d := *def
	d.Describe = func(e *gamelog.Event) string {
		line := ""
		if def.Describe != nil {
			line = def.Describe(e)
		}
		c.mu.Lock()
		defer c.mu.Unlock()
		c.seen[e.Type] = true
		if _, ok := c.raw[e.Type]; !ok && line == "" && !kernelWorded[e.Type] {
			c.raw[e.Type] = repl.DescribeFields(e)
		}
		return line
	}
	c.def = &d
	t.Cleanup(func() {
		for _, typ := range sorted(c.raw) {
			t.Errorf("a %q event is printed raw, with no words of the game's: %s", typ, c.raw[typ])
		}
	})
	return c
}

// print words evs as the prompt prints them: the game's runs of events,
// then each event alone.
func (c *catcher) print(evs []gamelog.Event) []string {
	var out []string
	for i := 0; i < len(evs); i++ {
		if c.def.DescribeRun != nil {
			if line, n := c.def.DescribeRun(evs, i); n > 0 {
				for j := i; j < i+n; j++ {
					c.mu.Lock()
					c.seen[evs[j].Type] = true
					c.mu.Unlock()
				}
				out = append(out, line)
				i += n - 1
				continue
			}
		}
		if line := c.def.Describe(&evs[i]); line != "" {
			out = append(out, line)
		}
	}
	return out
}

// unseen fails the test for each of types no event of which was worded:
// a type no scenario or game plays is a type whose words are untested.
func (c *catcher) unseen(t *testing.T, types []string) {
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

// documented reads the event types of a log-format document's table
// ("| `vessel` / `removed` | ...").
func documented(t *testing.T, path string) []string {
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

// rawLine is an event line in the kernel's raw form (repl.DescribeFields):
// "TYPE key=value ...".
var rawLine = regexp.MustCompile(`^[a-z_]+( [a-z_]+=\S+)+$`)

// atThePrompt plays a whole game at the prompt, piped (80 columns): the
// lines before, then `auto on` and `step` until the game is over, table
// typing what table says to the table's decisions (nil: each default). Every
// line it prints must fit 80 columns, and none, its wrapped lines joined,
// may be a raw event line.
func atThePrompt(t *testing.T, def *engine.Definition, cfg engine.Config, table func(d *engine.Decision) string, before ...string) {
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
			t.Fatal("the game does not end")
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
		if rawLine.MatchString(line) {
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

// wholeGames prints whole games (each order its default, a few seeds)
// through c.
func wholeGames(t *testing.T, c *catcher) {
	for seed := uint64(1); seed <= 4; seed++ {
		eg, err := engine.New(engine.Config{Def: def(t), Seed: seed})
		if err != nil {
			t.Fatal(err)
		}
		var b bytes.Buffer
		if err := eg.PlayOut(engine.TakeDefault{}, &b); err != nil {
			t.Fatal(err)
		}
		lg, err := gamelog.Read("game", &b)
		if err != nil {
			t.Fatal(err)
		}
		if n := len(c.print(lg.Events)); n < 100 {
			t.Fatalf("seed %d: only %d lines printed", seed, n)
		}
	}
	c.print(unplayed)
}

// unplayed are events no scenario or game here makes, as the rules make
// them (combat.go: an attack from a landing hex that the attacker loses,
// or that leaves the German unit's fate to the player).
var unplayed = []gamelog.Event{
	{Type: "landing_lost", Fields: []gamelog.Field{gamelog.Str("unit", "4-10"), gamelog.Str("hex", "2535")}},
	{Type: "landing_contested", Fields: []gamelog.Field{gamelog.Str("hex", "2634")}},
}

// A whole game at the prompt, the reference player deciding, fits 80
// columns and prints no raw event.
func TestWholeGameAtThePrompt(t *testing.T) {
	atThePrompt(t, def(t), engine.Config{Seed: 3}, nil)
}
