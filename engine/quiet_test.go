package engine_test

import (
	"slices"
	"testing"

	"github.com/schnell-wargames/schnell/engine"
	"github.com/schnell-wargames/schnell/engine/enginetest"
	"github.com/schnell-wargames/schnell/gamelog"
)

// TestQuietOption: a Quiet option at its default is left out of the log
// header (older logs keep their header byte for byte); given another
// value it is written, and a game loaded from either header plays on.
func TestQuietOption(t *testing.T) {
	def := *enginetest.Definition()
	def.Options = append(slices.Clone(def.Options), engine.OptionDef{Name: "crew", Default: "1", Values: []string{"1", "2"}, Quiet: true})
	for _, tc := range []struct {
		name string
		opts []gamelog.Option
		want []gamelog.Option
	}{
		{"default left out", nil, []gamelog.Option{{Name: "legs", Value: "4"}}},
		{"given at its default", []gamelog.Option{{Name: "crew", Value: "1"}}, []gamelog.Option{{Name: "legs", Value: "4"}}},
		{"another value written", []gamelog.Option{{Name: "crew", Value: "2"}}, []gamelog.Option{{Name: "legs", Value: "4"}, {Name: "crew", Value: "2"}}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			g, err := engine.New(engine.Config{Def: &def, Seed: 1, Options: tc.opts})
			if err != nil {
				t.Fatal(err)
			}
			if got := g.Header().Options; !slices.Equal(got, tc.want) {
				t.Errorf("header options: got %v, want %v", got, tc.want)
			}
			again, err := engine.New(engine.Config{Def: &def, Seed: 1, Options: g.Header().Options})
			if err != nil {
				t.Fatal(err)
			}
			if got := again.Header().Options; !slices.Equal(got, tc.want) {
				t.Errorf("a game made from the header: got %v, want %v", got, tc.want)
			}
		})
	}
}
