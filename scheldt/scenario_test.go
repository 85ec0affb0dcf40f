package scheldt

import (
	"flag"
	"testing"

	"github.com/schnell-wargames/schnell/engine"
	"github.com/schnell-wargames/schnell/repl/scenario"
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
// rewrites the expected outputs (read the diff against the document).
func TestScenarios(t *testing.T) {
	scenario.Run(t, "testdata/rules", scenario.Config{Def: rawCatcher(t, def(t)), Update: *update})
}
