package repl

import (
	"bytes"
	"fmt"
	"strings"
	"testing"

	"github.com/schnell-wargames/schnell/engine"
	"github.com/schnell-wargames/schnell/engine/enginetest"
	"github.com/schnell-wargames/schnell/gamelog"
	"github.com/schnell-wargames/schnell/sheet"
)

// seaLog plays a whole sea duel by the reference sides and returns its log.
func seaLog(t *testing.T, seed uint64, opts ...gamelog.Option) (*engine.Definition, *gamelog.Log) {
	t.Helper()
	def := enginetest.SeaDuelDefinition()
	g, err := engine.New(engine.Config{Def: def, Seed: seed, Options: opts})
	if err != nil {
		t.Fatal(err)
	}
	defer g.Close()
	g.SetDecider(engine.TakeDefault{})
	if _, err := g.Step(engine.NoPause); err != nil || !g.Over() {
		t.Fatal(err)
	}
	return def, g.AsLog()
}

// Issue 29: the replay sheet has a frame at every turn's end, each with
// the table as the referee and each side saw it, and the events a side was
// told of; a side never reads the name of a boat it has not seen.
func TestReplayFrames(t *testing.T) {
	def, lg := seaLog(t, 5)
	frames, g, err := ReplayFrames(def, lg, nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer g.Close()
	turns := g.Rules().(*enginetest.SeaDuel).Turn - 1
	if len(frames) != turns+1 { // a frame a turn, and the end
		t.Fatalf("%d frames for %d turns", len(frames), turns)
	}
	if frames[0].Caption != "After turn 1" || frames[len(frames)-1].Caption != "The end" {
		t.Errorf("captions %q … %q", frames[0].Caption, frames[len(frames)-1].Caption)
	}
	// turn 1: the boats are 83 cm apart, unseen
	f := frames[0]
	if len(f.Views) != 3 {
		t.Fatalf("views %v", f.Views)
	}
	ref := strings.Join(f.Events["referee"], "\n")
	blue := strings.Join(f.Events["blue"], "\n")
	if !strings.Contains(ref, "S38 moves to") || !strings.Contains(blue, "MTB102 moves to") || strings.Contains(blue, "S38") {
		t.Errorf("turn 1, the referee read:\n%s\nblue read:\n%s", ref, blue)
	}
	for _, m := range f.Views["blue"].Marks {
		if m.Label == "S38" {
			t.Error("blue's picture of turn 1 names S38")
		}
	}
	for _, m := range f.Views["referee"].Marks {
		if m.Label == "S38" && m.Shape.Centre.X != 1530-200 {
			t.Errorf("S38 drawn at %v after a 20 cm move ahead", m.Shape.Centre)
		}
	}
	// later, seen: named, and the shots told
	last := strings.Join(frames[len(frames)-2].Events["blue"], "\n")
	if !strings.Contains(strings.Join(frames[1].Events["blue"], "\n"), "blue sees S38") || !strings.Contains(last, "S38") {
		t.Errorf("blue never told of S38 once seen:\n%s", last)
	}
	if _, _, err := ReplayFrames(def, lg, nil, []string{"green"}); err == nil || !strings.Contains(err.Error(), "referee, blue or red") {
		t.Errorf("a side that is none: %v", err)
	}
	// a side's view without Told: pictures, no events
	quiet := *def
	quiet.Told = nil
	frames, g2, err := ReplayFrames(&quiet, lg, nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	g2.Close()
	if len(frames[0].Events["blue"]) != 0 || len(frames[0].Events["referee"]) == 0 {
		t.Errorf("without Told: blue reads %q, the referee %q", frames[0].Events["blue"], frames[0].Events["referee"])
	}
}

// The sheet is one HTML page of a frame a turn, or text for one side; a
// physical table has none.
func TestWriteReplaySheet(t *testing.T) {
	def, lg := seaLog(t, 5)
	var b bytes.Buffer
	if err := WriteReplaySheet(&b, def, lg, nil, nil, sheet.HTML, 80); err != nil {
		t.Fatal(err)
	}
	page := b.String()
	if n := strings.Count(page, "<svg"); n < 9 || n%3 != 0 {
		t.Errorf("%d pictures", n)
	}
	if !strings.Contains(page, `data-side="red"`) || !strings.Contains(page, "seed 5") {
		t.Errorf("the page:\n%.2000s", page)
	}
	b.Reset()
	if err := WriteReplaySheet(&b, def, lg, nil, []string{"red"}, sheet.Text, 80); err != nil {
		t.Fatal(err)
	}
	text := b.String()
	if !strings.Contains(text, "As red saw it") || !strings.Contains(text, "After turn 1") || strings.Contains(strings.Split(text, "After turn 2")[0], "MTB102") {
		t.Errorf("red's text:\n%s", text)
	}
	for i, l := range strings.Split(text, "\n") {
		if len([]rune(l)) > 80 {
			t.Errorf("line %d is %d wide", i, len([]rune(l)))
		}
	}
	if err := WriteReplaySheet(&b, def, lg, nil, nil, sheet.CSV, 80); err == nil || !strings.Contains(err.Error(), "--format html") {
		t.Errorf("csv: %v", err)
	}
	_, phys := seaLog(t, 5, gamelog.Option{Name: "table", Value: "physical"})
	if err := WriteReplaySheet(&b, def, phys, nil, nil, sheet.HTML, 80); err == nil || !strings.Contains(err.Error(), "own table") {
		t.Errorf("a physical table: %v", err)
	}
	toy := enginetest.Definition()
	if _, _, err := ReplayFrames(toy, lg, nil, nil); err == nil {
		t.Error("a replay sheet of a game with no table")
	}
}

// A game names more moments to draw (Definition.Frame): a frame there, and
// none twice at one moment.
func TestReplayFrameHook(t *testing.T) {
	def, lg := seaLog(t, 5)
	plain, g, err := ReplayFrames(def, lg, nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	g.Close()
	more := *def
	more.Frame = func(g *engine.Game, e *gamelog.Event) string {
		switch {
		case e.Type == "move" && e.Str("boat") == "MTB102":
			return "blue has moved"
		case e.Type == "sunk" || e.Type == "end":
			return "at the end" // the end: the frame of the end is not drawn twice
		}
		return ""
	}
	frames, g, err := ReplayFrames(&more, lg, nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	g.Close()
	var caps []string
	for _, f := range frames {
		caps = append(caps, f.Caption)
	}
	// seed 5: S38 sinks in turn 7; the pause after it draws nothing new
	want := strings.Repeat("blue has moved|After turn N|", 6) + "blue has moved|at the end|at the end"
	got := strings.Join(caps, "|")
	for i := 1; i <= 6; i++ {
		got = strings.Replace(got, fmt.Sprintf("After turn %d", i), "After turn N", 1)
	}
	if got != want || len(plain) != 8 {
		t.Errorf("%d frames (%d without the hook): %q", len(frames), len(plain), caps)
	}
}
