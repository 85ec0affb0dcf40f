package paukenschlag

import (
	"bytes"
	"sort"
	"sync"
	"testing"

	"github.com/schnell-wargames/schnell/engine"
	"github.com/schnell-wargames/schnell/gamelog"
	"github.com/schnell-wargames/schnell/repl"
)

// kernelWorded are the event types the prompt words itself when a game
// leaves them to it (rolls, reads, decisions, draws, reveals).
var kernelWorded = map[string]bool{"roll": true, "read": true, "decision": true, "draw": true, "reveal": true}

// rawCatcher is def with a Describe that notes every event the prompt
// would print in the kernel's raw "type key=value" form (the game's
// Describe words it "", and the kernel has no words for it); when the
// test ends it fails, naming each such event type with an example.
func rawCatcher(t *testing.T, def *engine.Definition) *engine.Definition {
	t.Helper()
	var mu sync.Mutex
	raw := map[string]string{}
	d := *def
	d.Describe = func(e *gamelog.Event) string {
		line := ""
		if def.Describe != nil {
			line = def.Describe(e)
		}
		if line == "" && !kernelWorded[e.Type] {
			mu.Lock()
			if _, ok := raw[e.Type]; !ok {
				raw[e.Type] = repl.DescribeFields(e)
			}
			mu.Unlock()
		}
		return line
	}
	t.Cleanup(func() {
		types := make([]string, 0, len(raw))
		for typ := range raw {
			types = append(types, typ)
		}
		sort.Strings(types)
		for _, typ := range types {
			t.Errorf("a %q event is printed raw, with no words of the game's: %s", typ, raw[typ])
		}
	})
	return &d
}

// printAll words evs as the prompt prints them (the game's runs, then
// each event alone), through def (a rawCatcher).
func printAll(def *engine.Definition, evs []gamelog.Event) []string {
	var out []string
	for i := 0; i < len(evs); i++ {
		if def.DescribeRun != nil {
			if line, n := def.DescribeRun(evs, i); n > 0 {
				out = append(out, line)
				i += n - 1
				continue
			}
		}
		if line := def.Describe(&evs[i]); line != "" {
			out = append(out, line)
		}
	}
	return out
}

// Every event of whole games (every variant, the checklist's defaults, a
// few seeds) and of the five-turn game of testdata/game.txt (a contact,
// damage, a frogman attack, a repair) reaches the player in words, never
// as the raw fallback line.
func TestEveryEventWorded(t *testing.T) {
	d := rawCatcher(t, definition(t))
	logs := [][]byte{playFile(t)}
	for seed := uint64(1); seed <= 4; seed++ {
		logs = append(logs, autoLog(t, seed))
	}
	for i, b := range logs {
		lg, err := gamelog.Read("game", bytes.NewReader(b))
		if err != nil {
			t.Fatal(err)
		}
		if len(printAll(d, lg.Events)) == 0 {
			t.Fatalf("game %d: nothing printed", i)
		}
	}
}
