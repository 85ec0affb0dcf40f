package coastal

import (
	"testing"

	"github.com/schnell-wargames/schnell/repl/scenario"
	"github.com/schnell-wargames/schnell/repl/wordedtest"
)

// The rules as scenarios played at the prompt (testdata/rules/*.txt), each
// naming the document's section. No event, there or in whole games, is
// printed raw, and every event type of docs/log-format-coastal.md is
// worded in one of them.
func TestScenarios(t *testing.T) {
	c := wordedtest.NewCatcher(t, def(t))
	scenario.Run(t, "testdata/rules", scenario.Config{Def: c.Def, Update: *update})
	t.Run("whole-games", func(t *testing.T) { wholeGames(t, c) })
	c.Unseen(t, wordedtest.Documented(t, "../docs/log-format-coastal.md"))
}
