package schnellboats

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"testing"

	"github.com/schnell-wargames/schnell/engine"
	"github.com/schnell-wargames/schnell/gamelog"
	"github.com/schnell-wargames/schnell/repl"
)

// rollLine is a roll as the prompt prints it: "TABLE …: 1D20 [18] …".
var rollLine = regexp.MustCompile(`(?m)^\S.*: \d*D\d+.*\[[\d ]+\]`)

// With physical dice at a terminal, `roll all` rolls on through the
// decisions the prompt answers for the player (the two-player game's
// standing orders, unchanged speeds): every roll of the log is printed,
// once and in order, as the player would have typed it.
func TestRollAllPrintsEveryRollOnce(t *testing.T) {
	for seed := uint64(1); seed <= 2; seed++ {
		var out bytes.Buffer
		log := filepath.Join(t.TempDir(), "g.jsonl")
		s, err := repl.New(repl.Config{Def: def(t), Game: engine.Config{Seed: seed, Mode: engine.Physical, Options: two("short", "s100")},
			LogFile: log, Out: &out, Err: &out, Interactive: true})
		if err != nil {
			t.Fatal(err)
		}
		// Every roll printed: verbose (at normal, a roll the next line
		// restates is left out).
		if err := s.Exec("detail verbose"); err != nil {
			t.Fatal(err)
		}
		for n := 0; n < 3000 && !s.Game().Over() && s.Game().Seq() < 3000; n++ {
			line := "step"
			switch p := s.Game().Pending(); {
			case p == nil:
			case p.Roll != nil:
				line = "roll all"
			case p.Draw != nil:
				line = "draw"
			case p.Decision != nil:
				line = fmt.Sprintf("choose %d", p.Decision.Default+1)
			}
			if err := s.Exec(line); err != nil {
				t.Fatalf("%s: %v", line, err)
			}
		}
		s.Close()
		raw, _ := os.ReadFile(log)
		lg, err := gamelog.Read("g", bytes.NewReader(raw))
		if err != nil {
			t.Fatal(err)
		}
		var want []string
		for _, e := range lg.Events {
			if e.Type == "roll" {
				v, _ := e.Get("faces")
				want = append(want, string(v.AppendJSON(nil)))
			}
		}
		text := regexp.MustCompile(`\n {4,}`).ReplaceAllString(out.String(), " ")
		got := rollLine.FindAllString(text, -1)
		if len(got) != len(want) {
			t.Errorf("seed %d: %d rolls in the log, %d printed", seed, len(want), len(got))
		}
		faces := regexp.MustCompile(`\[([\d ]+)\]`)
		for i := range min(len(got), len(want)) {
			if f := "[" + regexp.MustCompile(` +`).ReplaceAllString(faces.FindStringSubmatch(got[i])[1], ",") + "]"; f != want[i] {
				t.Fatalf("seed %d: roll %d printed %q, the log has faces %s", seed, i+1, got[i], want[i])
			}
		}
	}
}
