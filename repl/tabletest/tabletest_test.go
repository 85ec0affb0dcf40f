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

// promptOn runs Prompt on a fake test as side and returns what it said.
func promptOn(def *engine.Definition, side string) (msgs []string) {
	f := &fake{}
	defer func() {
		if r := recover(); r != nil && r != any(f) {
			panic(r)
		}
		msgs = f.msgs
	}()
	Prompt(f, def, engine.Config{Seed: 2}, side, seaSecrets)
	return f.msgs
}

// Issue 29: a solo player of the toy sea duel at the prompt (the other
// side the reference) reads the enemy's name only once his side sees her
// (Definition.Told); a game that tells him everything is caught.
func TestSeaDuelPromptKeepsSecrets(t *testing.T) {
	def := enginetest.SeaDuelDefinition()
	for _, side := range def.Sides {
		for seed := uint64(1); seed <= 3; seed++ {
			rep, out := Prompt(t, def, engine.Config{Seed: seed}, side, seaSecrets)
			if rep.Hidden == 0 || !strings.Contains(out, "The game is over") {
				t.Errorf("%s, seed %d: %+v\n%s", side, seed, rep, out)
			}
		}
	}
	told := enginetest.SeaDuelDefinition()
	told.Told = func(*engine.Game, *gamelog.Event, string) bool { return true }
	if msgs := promptOn(told, "blue"); len(msgs) == 0 || !strings.Contains(msgs[0], "the prompt of the blue player reads") {
		t.Errorf("a side told of everything: %q", msgs)
	}
}

// An event a solo player's side is not told of is printed as the game
// says his side reads it (Definition.Unseen), in its place: here every
// move of a boat he does not see, as "an unseen boat moves".
func TestPromptPrintsUnseen(t *testing.T) {
	def := enginetest.SeaDuelDefinition()
	told := def.Told
	def.Unseen = func(g *engine.Game, e *gamelog.Event, side string) (gamelog.Event, bool) {
		if e.Type != "move" || told(g, e, side) {
			return gamelog.Event{}, false
		}
		u := gamelog.Event{Seq: e.Seq, Type: e.Type}
		for _, f := range e.Fields {
			if f.Key == "boat" {
				f = gamelog.Str("boat", "an unseen boat")
			}
			u.Fields = append(u.Fields, f)
		}
		return u, true
	}
	found := false
	for seed := uint64(1); seed <= 3 && !found; seed++ {
		_, out := Prompt(t, def, engine.Config{Seed: seed}, "blue", seaSecrets)
		found = strings.Contains(out, "an unseen boat moves to")
	}
	if !found {
		t.Error("no unseen move was printed in 3 seeds")
	}
}
