package tabletest

import (
	"fmt"
	"strings"
	"testing"

	"github.com/schnell-wargames/schnell/engine"
	"github.com/schnell-wargames/schnell/engine/enginetest"
	"github.com/schnell-wargames/schnell/gamelog"
	"github.com/schnell-wargames/schnell/sea"
)

// seaSecrets: a side may not read the enemy boat's name while it does not
// see her.
func seaSecrets(g *engine.Game, side string) []string {
	s := g.Rules().(*enginetest.SeaDuel)
	var out []string
	for _, b := range s.Boats {
		if b != nil && b.Side != side && !b.Seen {
			out = append(out, b.Name)
		}
	}
	return out
}

// The toy sea duel keeps its secrets in every seed.
func TestSeaDuelKeepsSecrets(t *testing.T) {
	def := enginetest.SeaDuelDefinition()
	for seed := uint64(1); seed <= 5; seed++ {
		rep := Hidden(t, def, engine.Config{Seed: seed}, seaSecrets)
		if rep.Hidden == 0 || rep.Frames < 3 || rep.Looks < 30 {
			t.Errorf("seed %d: %+v", seed, rep)
		}
	}
}

// fake is a testing.TB that records failures instead of failing.
type fake struct {
	testing.TB
	failed bool
	msgs   []string
}

func (f *fake) Helper()      {}
func (f *fake) Failed() bool { return f.failed }
func (f *fake) Errorf(format string, a ...any) {
	f.failed = true
	f.msgs = append(f.msgs, sprintf(format, a...))
}
func (f *fake) Fatalf(format string, a ...any) { f.Errorf(format, a...); panic(f) }
func (f *fake) Fatal(a ...any)                 { f.Errorf("%v", a); panic(f) }
func sprintf(format string, a ...any) string   { return strings.TrimSpace(fmt.Sprintf(format, a...)) }

// hiddenOn runs Hidden on a fake test and returns what it said.
func hiddenOn(def *engine.Definition, secrets Secrets) (msgs []string) {
	f := &fake{}
	defer func() {
		if r := recover(); r != nil && r != any(f) {
			panic(r)
		}
		msgs = f.msgs
	}()
	Hidden(f, def, engine.Config{Seed: 2}, secrets)
	return f.msgs
}

// The harness finds a leak in a picture, in a side's caption of the replay
// sheet and in a script view, and a check that looks for nothing.
func TestHiddenFindsLeaks(t *testing.T) {
	leaky := enginetest.SeaDuelDefinition()
	picture := leaky.Picture
	leaky.Picture = func(g *engine.Game, side string) (sea.Picture, bool) {
		p, ok := picture(g, side)
		for i := range p.Marks {
			if p.Marks[i].Label == "?" {
				p.Marks[i].Note = "she is " + g.Rules().(*enginetest.SeaDuel).Boats[0].Name + " or " + g.Rules().(*enginetest.SeaDuel).Boats[1].Name
			}
		}
		return p, ok
	}
	if msgs := hiddenOn(leaky, seaSecrets); len(msgs) == 0 || !strings.Contains(msgs[0], "the picture or script view at the") {
		t.Errorf("a leaky picture: %q", msgs)
	}
	told := enginetest.SeaDuelDefinition()
	told.Told = func(*engine.Game, *gamelog.Event, string) bool { return true }
	if msgs := hiddenOn(told, seaSecrets); len(msgs) == 0 || !strings.Contains(msgs[0], "the replay sheet's frame \"After turn 1\": blue reads \"S38\"") {
		t.Errorf("a side told of everything: %q", msgs)
	}
	view := enginetest.SeaDuelDefinition()
	view.ViewAs = func(r engine.Rules, side string) engine.Viewer { return nameView{r.(*enginetest.SeaDuel)} }
	if msgs := hiddenOn(view, seaSecrets); len(msgs) == 0 || !strings.Contains(msgs[0], "reads") {
		t.Errorf("a leaky script view: %q", msgs)
	}
	if msgs := hiddenOn(enginetest.SeaDuelDefinition(), func(*engine.Game, string) []string { return nil }); len(msgs) == 0 || !strings.Contains(msgs[0], "tests nothing") {
		t.Errorf("no secrets: %q", msgs)
	}
}

// nameView shows scripts both boats' names.
type nameView struct{ s *enginetest.SeaDuel }

func (v nameView) ViewParts() []string { return nil }
func (v nameView) WriteView(w engine.ViewWriter, part int) {
	for _, b := range v.s.Boats {
		if b != nil {
			w.Str("boat", b.Name)
		}
	}
}

func TestWord(t *testing.T) {
	for _, c := range []struct {
		s, w string
		at   int
	}{{"M12 M1", "M1", 4}, {"S141", "S14", -1}, {"(S14)", "S14", 1}, {"fairmile-d-mgb", "d", -1}, {"x eboat3 (Schnellboot (E-boat))", "Schnellboot (E-boat)", 10}} {
		if got := Word(c.s, c.w); got != c.at {
			t.Errorf("Word(%q, %q) = %d, want %d", c.s, c.w, got, c.at)
		}
	}
}
