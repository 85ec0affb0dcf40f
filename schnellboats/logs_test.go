package schnellboats

import (
	"bytes"
	"os"
	"path/filepath"
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
