package coastal

import (
	"testing"

	"github.com/schnell-wargames/schnell/repl/scenario"
)

// The rules as scenarios played at the prompt (testdata/rules/*.txt), each
// naming the document's section.
func TestScenarios(t *testing.T) {
	scenario.Run(t, "testdata/rules", scenario.Config{Def: rawCatcher(t, def(t)), Update: *update})
}
