package coastal

import (
	"os"
	"testing"

	"github.com/schnell-wargames/schnell/engine"
	"github.com/schnell-wargames/schnell/gamelog"
	"github.com/schnell-wargames/schnell/repl/tabletest"
)

// shipSecrets are the names of the ships under side's enemy's markers on
// the table that side has not revealed.
func shipSecrets(g *engine.Game, side string) []string {
	r := g.Rules().(*Rules)
	var out []string
	for _, m := range r.Markers {
		if m.Side == side || m.Revealed || !onTable(m) || m.Ship == nil {
			continue
		}
		out = append(out, m.Ship.Name)
	}
	return out
}

// Issue 29: a solo player on the virtual table, the other side the
// reference (the solo rules), reads at the prompt only what his side is
// told (Definition.Told): no event names a ship under a marker he has not
// revealed — in every scenario, for either side.
func TestPromptHidesUnrevealed(t *testing.T) {
	d := def(t)
	for _, sc := range Scenarios {
		for _, side := range Sides {
			t.Run(sc+"/"+side, func(t *testing.T) {
				_, out := tabletest.Prompt(t, d, engine.Config{Seed: 11, Options: []gamelog.Option{virtual, {Name: "scenario", Value: sc}}}, side, shipSecrets)
				if p := os.Getenv("COASTAL_PROMPT_OUT"); p != "" {
					os.WriteFile(p+"."+sc+"."+side, []byte(out), 0o644)
				}
			})
		}
	}
}
