package schnellrules_test

import (
	"flag"
	"testing"

	"github.com/schnell-wargames/schnell/repl/scenario"
	"github.com/schnell-wargames/schnell/repl/wordedtest"
	"github.com/schnell-wargames/schnell/schnellrules"
)

var update = flag.Bool("update", false, "rewrite the expected outputs of testdata/rules/*.txt")

// The rules as a player sees them at the prompt: each file names the
// document's section it tests. No event, there or in whole battles, is
// printed raw, and every event type of docs/log-format-schnellrules.md is
// worded in one of them.
func TestScenarios(t *testing.T) {
	def, err := schnellrules.Definition()
	if err != nil {
		t.Fatal(err)
	}
	c := wordedtest.NewCatcher(t, def)
	scenario.Run(t, "testdata/rules", scenario.Config{Def: c.Def, Update: *update, Sides: true})
	t.Run("whole-battles", func(t *testing.T) { wholeGames(t, c) })
	c.Unseen(t, wordedtest.Documented(t, "../docs/log-format-schnellrules.md"))
}
