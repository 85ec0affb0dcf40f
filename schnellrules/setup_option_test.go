package schnellrules_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/schnell-wargames/schnell/engine"
	"github.com/schnell-wargames/schnell/gamelog"
	"github.com/schnell-wargames/schnell/schnellrules"
)

// The option setup is a scenario given inline (lines separated by ";"),
// for a battle another game sets up: its vessels are added and placed as
// a scenario file's; with scenario=FILE it is refused; a bad line is
// named as the file's would be.
func TestSetupOptionIsAnInlineScenario(t *testing.T) {
	def := definition(t)
	g, err := engine.New(engine.Config{Def: def, Seed: 1, Options: []gamelog.Option{
		{Name: "table", Value: "virtual"},
		{Name: "setup", Value: "add SB1 s-100 side=axis speed=f at=90,115 heading=180 loaded=1; add SB2 s-100 axis loaded=0; add SB3 s-100 axis; add merchant-1 medium-transport side=allies speed=s at=90,5 heading=90"},
	}})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := g.Step(engine.NoPause); err != nil {
		t.Fatal(err)
	}
	b := g.Rules().(*schnellrules.Battle)
	sb, m := b.Vessel("SB1"), b.Vessel("merchant-1")
	if sb == nil || m == nil || sb.Side != "axis" || m.Side != "allies" || sb.Class.ID != "s-100" || m.Class.ID != "medium-transport" {
		t.Fatalf("vessels %+v %+v", sb, m)
	}
	// loaded=N: torpedoes left in the tubes (a boat that launched some
	// earlier); none, or the class's full tubes without it.
	for id, want := range map[string]int{"SB1": 1, "SB2": 0, "SB3": 2} {
		if got := b.Vessel(id).Mounts[0].Loaded; got != want {
			t.Errorf("%s loaded %d, want %d", id, got, want)
		}
	}
	if got := schnellrules.Range(sb, m); got != 110 {
		t.Errorf("range SB1 to merchant-1 = %d cm, want 110 (placed 110cm apart)", got)
	}
	found := false // the header names the option: a replay sets the battle up again
	for _, o := range g.Header().Options {
		found = found || o.Name == "setup" && strings.HasPrefix(o.Value, "add SB1")
	}
	if !found {
		t.Errorf("the log header does not name setup: %v", g.Header().Options)
	}
	file := filepath.Join(t.TempDir(), "s.txt")
	if err := os.WriteFile(file, []byte("add B s-100 axis\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		opts []gamelog.Option
		want string
	}{
		{[]gamelog.Option{{Name: "scenario", Value: file}, {Name: "setup", Value: "add A s-100 axis"}}, "setup and scenario both set the battle up"},
		{[]gamelog.Option{{Name: "setup", Value: "add A s-100 axis; fire A"}}, `setup:2: "fire": a scenario line is add`},
		{[]gamelog.Option{{Name: "setup", Value: "add A no-such-class axis"}}, "setup:1:"},
		{[]gamelog.Option{{Name: "setup", Value: "add A s-100 axis loaded=x"}}, "setup:1: loaded=x: say how many"},
	} {
		if _, err := engine.New(engine.Config{Def: def, Seed: 1, Options: tc.opts}); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%v: %v, want %q", tc.opts, err, tc.want)
		}
	}
}
