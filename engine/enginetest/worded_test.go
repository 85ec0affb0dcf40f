package enginetest_test

import (
	"flag"
	"github.com/schnell-wargames/schnell/engine/enginetest"
	"os"
	"sort"
	"strings"
	"sync"
	"testing"

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
		for _, typ := range sortedKeys(c.raw) {
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

func sortedKeys(m map[string]string) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}

// Every event of whole duels (fire, a torpedo that arrives, a signal, in
// both dice modes) is worded, never printed raw. So is every event of
// whole skirmishes played digitally, to the end.
func TestDuelAndSkirmishEventsWorded(t *testing.T) {
	c := newCatcher(t, enginetest.DuelDefinition())
	for _, mode := range []engine.Mode{engine.Digital, engine.Physical} {
		_, g := newDuel(t, 9, mode)
		g.SetSideDecider("p1", &orders{answers: []engine.Answer{{Option: 0}, {Option: 1}}}) // a mine left out; a torpedo on turn 1, due on turn 3
		g.SetSideDecider("p2", p2Orders())
		lg, err := gamelog.Read("duel.jsonl", strings.NewReader(playDuel(t, g, &table{ranges: []string{"12", "50"}})))
		if err != nil {
			t.Fatal(err)
		}
		c.print(lg.Events)
	}
	c.unseen(t, []string{"start", "turn", "arrive", "fire", "signal", "end"})
	s := newCatcher(t, enginetest.SkirmishDefinition())
	for seed := uint64(1); seed <= 3; seed++ {
		g, buf := newSkirmish(t, engine.Digital, "4", seed)
		g.SetDecider(engine.TakeDefault{})
		if _, err := g.Step(engine.NoPause); err != nil || !g.Over() {
			t.Fatalf("seed %d: %v, over %v", seed, err, g.Over())
		}
		s.print(readLog(t, buf.String()).Events)
	}
	s.unseen(t, []string{"start", "contact", "end"})
}
