// Package tabletest checks a game on a virtual table (issue 29) for the
// hidden-identities guarantee: what a side sees — its picture of the table
// (as text and as SVG), the view a script playing it reads, and its view
// of the replay sheet (pictures and captions) — never holds a word of what
// it has not observed. The game says what each side may not know at a
// moment (Secrets); the harness plays a whole game by the reference sides
// and looks at every event, pause and frame. Any table game calls it once
// per scenario.
package tabletest

import (
	"bytes"
	"fmt"
	"strings"
	"testing"

	"github.com/schnell-wargames/schnell/engine"
	"github.com/schnell-wargames/schnell/gamelog"
	"github.com/schnell-wargames/schnell/repl"
	"github.com/schnell-wargames/schnell/sea"
)

// Secrets are the words side may not read now, as the game stands: the
// names, ids and classes of what it has not observed (a marker's label is
// no secret). A secret a side knows by another way (its own ship of the
// same class) is not one of them.
type Secrets func(g *engine.Game, side string) []string

// Report is what a check looked at: how often a secret was looked for.
type Report struct {
	Looks  int // a side's words at a moment, checked
	Hidden int // secrets looked for and not found (the test tests something when > 0)
	Frames int // the replay sheet's frames checked
}

// Hidden plays the game of cfg (its seed and options) to its end with the
// game's reference player for every side, checks every side's picture and
// script view at every decision and every pause, then writes the
// replay sheet of the log and checks each side's view of every frame, each
// against the side's secrets at that moment. A secret found fails the test
// with where it was; a game in which no secret was ever looked for fails
// too (the check would test nothing).
func Hidden(t testing.TB, def *engine.Definition, cfg engine.Config, secrets Secrets) Report {
	t.Helper()
	if def.Picture == nil || def.Reference == nil {
		t.Fatalf("%s has no Picture or no reference player: nothing to check", def.Name)
	}
	sides := def.Sides
	if len(sides) == 0 {
		t.Fatalf("%s has no sides: no side's view to check", def.Name)
	}
	var rep Report
	w := &watch{t: t, def: def, sides: sides, secrets: secrets, rep: &rep}
	cfg.Def, cfg.Watch = def, w
	g, err := engine.New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	defer g.Close()
	g.SetDecider(def.Reference(g.Rules()))
	for !g.Over() && !t.Failed() {
		if _, err := g.Step(engine.NoPause); err != nil {
			t.Fatalf("seed %d: %v", cfg.Seed, err)
		}
		if p := g.Pending(); !g.Over() && p != nil && p.Pause == "" {
			t.Fatalf("seed %d: the game waits for the player (%+v): the reference sides should play it whole", cfg.Seed, p)
		}
	}
	if t.Failed() {
		return rep
	}
	_, rg, err := repl.ReplayFramesWatch(def, g.AsLog(), g.Tables(), nil, func(rg *engine.Game, f *sea.Frame) {
		rep.Frames++
		for _, side := range sides {
			p, ok := f.Views[side]
			if !ok {
				continue
			}
			var b bytes.Buffer
			p.SVG(&b)
			words := []string{strings.Join(p.Text(100), "\n"), b.String(), strings.Join(f.Events[side], "\n")}
			w.look(rg, side, fmt.Sprintf("the replay sheet's frame %q", f.Caption), words)
		}
	})
	if err != nil {
		t.Fatalf("the replay sheet: %v", err)
	}
	rg.Close()
	if rep.Hidden == 0 && !t.Failed() {
		t.Errorf("seed %d: no side ever had a secret to keep: the check tests nothing (a scenario with no hidden enemy?)", cfg.Seed)
	}
	if rep.Frames == 0 && !t.Failed() {
		t.Errorf("seed %d: the replay sheet has no frames", cfg.Seed)
	}
	return rep
}

type watch struct {
	t       testing.TB
	def     *engine.Definition
	sides   []string
	secrets Secrets
	rep     *Report
	at      string
}

// Event checks at each decision: the moment a side looks (a script reads
// its view, the player his board), the rules not yet gone on from it.
func (w *watch) Event(g *engine.Game, e *gamelog.Event) {
	if e.Type != "decision" {
		return
	}
	w.at = fmt.Sprintf("at the %s decision (event %d)", e.Str("kind"), e.Seq)
	w.check(g)
}

func (w *watch) Pause(g *engine.Game, name string, level int) {
	w.at = "at the pause (" + name + ") after event " + fmt.Sprint(g.Seq())
	w.check(g)
}

// check looks at each side's picture and script view now.
func (w *watch) check(g *engine.Game) {
	if w.t.Failed() {
		return
	}
	for _, side := range w.sides {
		p, ok := w.def.Picture(g, side)
		if !ok {
			w.t.Errorf("%s: no picture for %s on a virtual table", w.at, side)
			return
		}
		words := []string{p.Title, strings.Join(p.Text(100), "\n")}
		for _, l := range p.Lines {
			words = append(words, l.Label)
		}
		if w.def.ViewAs != nil {
			words = append(words, fieldWords(engine.ViewFields(w.def.ViewAs(g.Rules(), side)))...)
		}
		w.look(g, side, "the picture or script view "+w.at, words)
	}
}

// look fails the test if a secret of side now is a word of what it sees.
func (w *watch) look(g *engine.Game, side, where string, seen []string) {
	if w.t.Failed() {
		return
	}
	w.rep.Looks++
	all := strings.Join(seen, "\n")
	for _, s := range w.secrets(g, side) {
		if s == "" {
			continue
		}
		if i := Word(all, s); i >= 0 {
			lo, hi := max(i-60, 0), min(i+len(s)+60, len(all))
			// Errorf, not Fatalf: this runs inside the rules' coroutine;
			// the first finding stops the checks (t.Failed).
			w.t.Errorf("%s: %s reads %q, which it has not observed: …%s…", where, side, s, all[lo:hi])
			return
		}
		w.rep.Hidden++
	}
}

// fieldWords are the strings of a view, however deep.
func fieldWords(fs []gamelog.Field) []string {
	var out []string
	var val func(v gamelog.Value)
	val = func(v gamelog.Value) {
		switch v.Kind {
		case gamelog.KStr:
			out = append(out, v.S)
		case gamelog.KObj:
			for _, f := range v.O {
				out = append(out, f.Key)
				val(f.Val)
			}
		case gamelog.KList:
			for _, x := range v.L {
				val(x)
			}
		}
	}
	for _, f := range fs {
		val(f.Val)
	}
	return out
}

// Word is where w stands in s as a whole word (no letter, digit, '-' or
// '_' on either side: "M1" is not in "M12", "S14" not in "S141"), or -1.
func Word(s, w string) int {
	for from := 0; ; {
		i := strings.Index(s[from:], w)
		if i < 0 {
			return -1
		}
		i += from
		j := i + len(w)
		if (i == 0 || !wordByte(s[i-1])) && (j == len(s) || !wordByte(s[j])) {
			return i
		}
		from = i + 1
	}
}

func wordByte(c byte) bool {
	return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '_' || c == '-' || c >= 0x80
}
