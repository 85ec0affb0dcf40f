package paukenschlag

import (
	"bytes"
	"testing"

	"github.com/schnell-wargames/schnell/engine"
	"github.com/schnell-wargames/schnell/gamelog"
	"github.com/schnell-wargames/schnell/repl/wordedtest"
)

// wholeGames prints through c whole games (every variant, the
// checklist's defaults, a few seeds) and the five-turn game of
// testdata/game.txt (a contact, damage, a frogman attack, a repair).
func wholeGames(t *testing.T, c *wordedtest.Catcher) {
	logs := [][]byte{playFile(t)}
	for seed := uint64(1); seed <= 4; seed++ {
		logs = append(logs, autoLog(t, seed))
	}
	for i, b := range logs {
		lg, err := gamelog.Read("game", bytes.NewReader(b))
		if err != nil {
			t.Fatal(err)
		}
		if len(c.Print(lg.Events)) == 0 {
			t.Fatalf("game %d: nothing printed", i)
		}
	}
}

// A whole game at the prompt, the reference player deciding, fits 80
// columns and prints no raw event.
func TestWholeGameAtThePrompt(t *testing.T) {
	wordedtest.AtThePrompt(t, definition(t), engine.Config{Seed: 3}, nil)
}
