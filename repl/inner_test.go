package repl

import (
	"bytes"
	"io"
	"path/filepath"
	"strings"
	"testing"

	"github.com/schnell-wargames/schnell/engine"
	"github.com/schnell-wargames/schnell/engine/enginetest"
	"github.com/schnell-wargames/schnell/gamelog"
)

// A game played inside another at the prompt (engine.Ctx.Play): its events
// are worded by its own definition (the duel's "== Turn 1 ==", where the
// patrol has no words for a turn), its commands are there while it is
// played and gone after, `log` words each game's events in its words.
func TestInnerGameAtThePrompt(t *testing.T) {
	for seed := uint64(1); seed < 40; seed++ {
		duel := enginetest.DuelDefinition()
		shouted := 0
		duel.Commands = []engine.Command{{Name: "shout", Usage: "shout", Help: "the duel's own command",
			Run: func(*engine.Game, []string, io.Writer) ([]gamelog.Event, error) { shouted++; return nil, nil }}}
		var out bytes.Buffer
		s, err := New(Config{Def: enginetest.PatrolDefinition(duel), Game: engine.Config{Seed: seed}, LogFile: filepath.Join(t.TempDir(), "g.jsonl"), Out: &out, Err: &out})
		if err != nil {
			t.Fatal(err)
		}
		inDuel := false
		for n := 0; n < 300 && !s.game.Over(); n++ {
			p := s.game.Pending()
			if p != nil && p.Decision != nil && p.Decision.Kind == "order" && !inDuel {
				inDuel = true
				execAll(t, s, "shout")
				if shouted != 1 {
					t.Fatal("the duel's command did not run inside the duel")
				}
			}
			line := "step"
			if p != nil && p.Decision != nil {
				line = "choose " + p.Decision.Options[p.Decision.Default].Name
				if p.Decision.Side == engine.TableSide {
					line = "choose range 30"
				}
			}
			execAll(t, s, line)
		}
		if !inDuel {
			continue
		}
		text := out.String()
		if !strings.Contains(text, "== Turn 1 ==") || strings.Contains(text, "turn n=1") {
			t.Errorf("seed %d: the duel's events not in its words:\n%s", seed, text)
		}
		if !strings.Contains(text, "A patrol of 3 legs.") {
			t.Errorf("seed %d: the patrol's events not in its words", seed)
		}
		if err := s.Exec("shout"); err == nil {
			t.Error("the duel's command is there after the duel")
		}
		out.Reset()
		execAll(t, s, "log all")
		if !strings.Contains(out.String(), "== Turn 1 ==") || !strings.Contains(out.String(), "--- a toy game of two sides") {
			t.Errorf("log does not word the duel's events as the duel's:\n%s", out.String())
		}
		return
	}
	t.Fatal("no duel fought in 40 seeds")
}
