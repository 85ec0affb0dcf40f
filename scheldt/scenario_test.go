package scheldt

import (
	"flag"
	"testing"

	"github.com/schnell-wargames/schnell/engine"
	"github.com/schnell-wargames/schnell/repl/scenario"
	"github.com/schnell-wargames/schnell/repl/wordedtest"
)

var update = flag.Bool("update", false, "rewrite the scenarios' expected outputs")

func def(t *testing.T) *engine.Definition {
	t.Helper()
	d, err := Definition()
	if err != nil {
		t.Fatal(err)
	}
	return d
}

// The rule scenarios of testdata/rules: each file plays the rules of one
// section of the exclusive rules at the prompt, with the dice it needs
// forced, and names the section. go test ./scheldt -run Scenarios -update
// rewrites the expected outputs (read the diff against the document). No
// event, there or in whole games, is printed raw, and every event type of
// docs/log-format-scheldt.md is worded in one of them.
func TestScenarios(t *testing.T) {
	c := wordedtest.NewCatcher(t, def(t))
	scenario.Run(t, "testdata/rules", scenario.Config{Def: c.Def, Update: *update})
	t.Run("whole-games", func(t *testing.T) { wholeGames(t, c) })
	c.Unseen(t, wordedtest.Documented(t, "../docs/log-format-scheldt.md"))
}
