package enginetest_test

import (
	"flag"
	"testing"

	"github.com/schnell-wargames/schnell/engine/enginetest"
	"github.com/schnell-wargames/schnell/repl/scenario"
)

var update = flag.Bool("update", false, "rewrite the expected outputs of testdata/scenarios/*.txt")

// The toy game's scenarios: the harness plays a game it knows nothing of.
func TestScenarios(t *testing.T) {
	scenario.Run(t, "testdata/scenarios", scenario.Config{Def: enginetest.Definition(), Update: *update})
}

// The skirmish's scenarios: grid tables, throws and their reads, natural
// faces and records at the prompt.
func TestSkirmishScenarios(t *testing.T) {
	scenario.Run(t, "testdata/skirmish-scenarios", scenario.Config{Def: enginetest.SkirmishDefinition(), Update: *update})
}
