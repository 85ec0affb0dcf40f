package schnellboats

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/schnell-wargames/schnell/engine"
	"github.com/schnell-wargames/schnell/gamelog"
)

// Every log shipped in logs/ replays exactly with today's rules and tables:
// a change that alters a shipped game is caught here, at its first event.
func TestShippedLogsReplay(t *testing.T) {
	names, _ := filepath.Glob("../logs/*.jsonl")
	if len(names) == 0 {
		t.Fatal("no logs in ../logs")
	}
	for _, name := range names {
		raw, err := os.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		lg, err := gamelog.Read(name, bytes.NewReader(raw))
		if err != nil {
			t.Fatal(err)
		}
		g, err := engine.Replay(def(t), lg, 0, engine.Config{})
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		var b bytes.Buffer
		g.WriteLog(&b)
		if !bytes.Equal(b.Bytes(), raw) {
			t.Errorf("%s: the replayed log differs from the file", name)
		}
	}
}

// docs/log-format.md is the public description of the log: every event
// type and field the game writes must be in it.
func TestLogFormatDocumented(t *testing.T) {
	raw, err := os.ReadFile("../docs/log-format.md")
	if err != nil {
		t.Fatal(err)
	}
	rows := map[string]string{} // event type → its table row
	for _, line := range strings.Split(string(raw), "\n") {
		if !strings.HasPrefix(line, "| `") {
			continue
		}
		cells := strings.SplitN(line, "|", 3)
		for _, typ := range strings.Split(cells[1], "/") {
			rows[strings.Trim(strings.TrimSpace(typ), "`")] = cells[2]
		}
	}
	missing := map[string]bool{}
	check := func(e *gamelog.Event) {
		row, ok := rows[e.Type]
		if !ok {
			missing[e.Type] = true
			return
		}
		for _, f := range e.Fields {
			if !strings.Contains(row, "`"+f.Key+"`") {
				missing[e.Type+"."+f.Key] = true
			}
		}
	}
	for seed := uint64(1); seed <= 20; seed++ {
		for _, boat := range []string{"s100", "5b"} {
			g, _ := play(t, seed, "long", boat)
			for i := range g.History() {
				check(&g.History()[i])
			}
		}
	}
	for k := range missing {
		t.Errorf("docs/log-format.md does not document %s", k)
	}
}
