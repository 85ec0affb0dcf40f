package schnellboats

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"slices"
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
	for _, typ := range eventTypes {
		if _, ok := rows[string(typ)]; !ok {
			missing[string(typ)] = true
		}
	}
	check := func(e *gamelog.Event) {
		if e.Type != "roll" && e.Type != "decision" && e.Type != "error" && !slices.Contains(eventTypes, eventType(e.Type)) {
			t.Errorf("event type %q is not listed in eventTypes (events.go)", e.Type)
		}
		if e.Type == "decision" && !slices.ContainsFunc(decisionKinds, func(k struct {
			kind    decisionKind
			options string
		}) bool {
			return string(k.kind) == e.Str("kind")
		}) {
			t.Errorf("decision kind %q is not listed in decisionKinds (events.go)", e.Str("kind"))
		}
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

// A list of saved games skims the logs for the events named by Glance: the
// summary and the finished state must be what the whole log gives.
func TestGlanceSummarizesAsTheWholeLog(t *testing.T) {
	d := def(t)
	names, _ := filepath.Glob("../logs/*.jsonl")
	var raws [][]byte
	for _, name := range names {
		raw, err := os.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		raws = append(raws, raw)
	}
	for _, seed := range []uint64{3, 8} { // one finished, one stopped half way
		g, _ := play(t, seed, "short", "s100")
		var b bytes.Buffer
		g.WriteLog(&b)
		full := b.Bytes()
		raws = append(raws, full, full[:bytes.LastIndexByte(full[:len(full)/2], '\n')+1])
	}
	for i, raw := range raws {
		whole, err := gamelog.Read("whole", bytes.NewReader(raw))
		if err != nil {
			t.Fatal(err)
		}
		skim, err := gamelog.Skim("skim", bytes.NewReader(raw), func(typ string) bool { return slices.Contains(d.Glance, typ) })
		if err != nil {
			t.Fatal(err)
		}
		if a, b := d.Summarize(whole), d.Summarize(skim); a != b {
			t.Errorf("log %d: skimmed summary %q, whole %q", i, b, a)
		}
		if a, b := d.Finished(whole), d.Finished(skim); a != b {
			t.Errorf("log %d: skimmed finished %v, whole %v", i, b, a)
		}
	}
}

// A save from before the rules followed the book on leaving combat, the
// draw cup and orders per boat (rules version 1, which no header recorded)
// would replay into a different game: it is refused, naming both versions.
func TestOldRulesSaveRefused(t *testing.T) {
	raw, err := os.ReadFile("testdata/rules-v1-save.jsonl")
	if err != nil {
		t.Fatal(err)
	}
	lg, err := gamelog.Read("rules-v1-save.jsonl", bytes.NewReader(raw))
	if err != nil {
		t.Fatal(err)
	}
	_, err = engine.Replay(def(t), lg, 0, engine.Config{})
	if err == nil {
		t.Fatal("a rules-version-1 save loaded")
	}
	for _, want := range []string{"the log was made before schnellboats rules versions were recorded", fmt.Sprintf("plays version %d", def(t).Rules)} {
		if !strings.Contains(err.Error(), want) {
			t.Errorf("error %q does not say %q", err, want)
		}
	}
}

// docs/balance.md is generated (go run ./schnellboats/balance) under one
// rules version and table set: a change of either leaves it stale.
func TestBalanceDocCurrent(t *testing.T) {
	raw, err := os.ReadFile("../docs/balance.md")
	if err != nil {
		t.Fatal(err)
	}
	d := def(t)
	want := []string{fmt.Sprintf("rules version %d ", d.Rules)}
	for _, b := range d.Booklets {
		want = append(want, b.Tables.Digest())
	}
	for _, w := range want {
		if !strings.Contains(string(raw), w) {
			t.Errorf("docs/balance.md does not say %q: regenerate it (go run ./schnellboats/balance -w docs/balance.md) and say what moved", w)
		}
	}
}
