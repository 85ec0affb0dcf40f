package enginetest_test

import (
	"flag"
	"testing"

	"github.com/schnell-wargames/schnell/engine/enginetest"
	"github.com/schnell-wargames/schnell/repl/scenario"
	"github.com/schnell-wargames/schnell/repl/wordedtest"
)

var update = flag.Bool("update", false, "rewrite the expected outputs of testdata/scenarios/*.txt")

// The toy game's scenarios: the harness plays a game it knows nothing of.
// No event is printed raw, and each of the toy's is worded.
func TestScenarios(t *testing.T) {
	c := wordedtest.NewCatcher(t, enginetest.Definition())
	scenario.Run(t, "testdata/scenarios", scenario.Config{Def: c.Def, Update: *update})
	c.Unseen(t, []string{"start", "leg", "end"})
}

// The skirmish's scenarios: grid tables, throws and their reads, natural
// faces and records at the prompt.
// No event is printed raw.
func TestSkirmishScenarios(t *testing.T) {
	c := wordedtest.NewCatcher(t, enginetest.SkirmishDefinition())
	scenario.Run(t, "testdata/skirmish-scenarios", scenario.Config{Def: c.Def, Update: *update})
	c.Unseen(t, []string{"start", "contact"}) // and "end": TestDuelAndSkirmishEventsWorded
}
