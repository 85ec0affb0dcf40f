package schnellrules_test

import (
	"bytes"
	"testing"

	"github.com/schnell-wargames/schnell/engine"
	"github.com/schnell-wargames/schnell/gamelog"
	"github.com/schnell-wargames/schnell/repl/wordedtest"
)

// wholeGames prints through c whole driven battles (guns, torpedoes,
// damage, the end) and the battle of testdata/battle.cmds.
func wholeGames(t *testing.T, c *wordedtest.Catcher) {
	for seed := uint64(1); seed <= 4; seed++ {
		lg, err := gamelog.Read("battle", bytes.NewReader(drive(t, definition(t), seed)))
		if err != nil {
			t.Fatal(err)
		}
		if len(c.Print(lg.Events)) == 0 {
			t.Fatalf("seed %d: nothing printed", seed)
		}
	}
	_, path := session(t, readLines(t, "testdata/battle.cmds"), false, false) // the transcript
	lg, err := gamelog.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	c.Print(lg.Events)
}

// A whole battle at the prompt, the passive referee deciding once the
// table is set, fits 80 columns and prints no raw event.
func TestWholeGameAtThePrompt(t *testing.T) {
	wordedtest.AtThePrompt(t, definition(t), engine.Config{Seed: 3}, nil,
		"add S38 s-38 speed=f", "add MTB1 vosper-72 speed=m", "begin")
}
