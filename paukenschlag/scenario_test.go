package paukenschlag

import (
	"flag"
	"testing"

	"github.com/schnell-wargames/schnell/repl/scenario"
	"github.com/schnell-wargames/schnell/repl/wordedtest"
)

var update = flag.Bool("update", false, "rewrite the scenarios' expected outputs")

// The rule scenarios of testdata/rules: each file plays one rule of the
// variant document (21.x) or a step of the expanded sequence of play
// (5.x) at the prompt, with the dice it needs forced, and names its
// section. -update rewrites the expected outputs: read the diff. No event, there
// or in whole games, is printed raw, and every event type is worded in
// one of them.
func TestScenarios(t *testing.T) {
	def, err := Definition()
	if err != nil {
		t.Fatal(err)
	}
	c := wordedtest.NewCatcher(t, def)
	scenario.Run(t, "testdata/rules", scenario.Config{Def: c.Def, Update: *update})
	t.Run("whole-games", func(t *testing.T) { wholeGames(t, c) })
	c.Unseen(t, wordedtest.Declared(def))
}
