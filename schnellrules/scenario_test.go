package schnellrules_test

import (
	"flag"
	"testing"

	"github.com/schnell-wargames/schnell/repl/scenario"
	"github.com/schnell-wargames/schnell/schnellrules"
)

var update = flag.Bool("update", false, "rewrite the expected outputs of testdata/rules/*.txt")

// The rules as a player sees them at the prompt: each file names the
// document's section it tests.
func TestScenarios(t *testing.T) {
	def, err := schnellrules.Definition()
	if err != nil {
		t.Fatal(err)
	}
	scenario.Run(t, "testdata/rules", scenario.Config{Def: rawCatcher(t, def), Update: *update})
}
