package schnellboats

import (
	"testing"

	"github.com/schnell-wargames/schnell/repl/scenario"
)

// The rule scenarios of testdata/rules: each file plays one behaviour of
// the book at the prompt, with the dice it needs forced, and names the
// section it checks. go test ./schnellboats -run Scenarios -update
// rewrites their expected outputs (read the diff: it is the rules'
// behaviour that changed).
func TestScenarios(t *testing.T) {
	scenario.Run(t, "testdata/rules", scenario.Config{Def: def(t), Update: *update, Sides: true})
}
