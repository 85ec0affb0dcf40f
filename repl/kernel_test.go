package repl

import (
	"bytes"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/schnell-wargames/schnell/engine"
	"github.com/schnell-wargames/schnell/engine/enginetest"
	"github.com/schnell-wargames/schnell/gamelog"
)

func duelSession(t *testing.T, mode engine.Mode, sides ...string) (*Session, *bytes.Buffer, string) {
	t.Helper()
	def := enginetest.DuelDefinition()
	specs, err := engine.ParseSides(def, sides)
	if err != nil {
		t.Fatal(err)
	}
	var out bytes.Buffer
	log := filepath.Join(t.TempDir(), "duel.jsonl")
	s, err := New(Config{Def: def, Game: engine.Config{Seed: 3, Mode: mode}, LogFile: log, Out: &out, Err: &out, Sides: specs})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.Close() })
	return s, &out, log
}

// A command file plays p1 and the table with physical dice against the
// reference player's p2: draws typed, orders with arguments, ranges
// measured; p2's hidden draws stay hidden in what the prompt prints.
func TestPromptPlaysASideWithPhysicalDraws(t *testing.T) {
	s, out, log := duelSession(t, engine.Physical, "p1=player", "p2=reference")
	execAll(t, s, "step", "choose dud")
	if !strings.Contains(out.String(), "Draw 1 from cup POOL-P1: Support pool of p1.\np1: +1 x3, +2, keep them hidden.") {
		t.Errorf("the draw is not asked:\n%s", out)
	}
	if err := s.Exec("draw +5"); err == nil || !strings.Contains(err.Error(), `"+5" is not in the cup`) {
		t.Errorf("draw +5: %v", err)
	}
	if got := s.Complete("draw "); !slices.Equal(got, []string{"+1", "+2"}) {
		t.Errorf("draw completion = %q", got)
	}
	execAll(t, s, "draw +2")
	if !strings.Contains(out.String(), "`choose fire <target a|b|c>`") || !strings.Contains(out.String(), "`choose signal <text text>`") {
		t.Errorf("the order's options do not show their arguments:\n%s", out)
	}
	if got := s.Complete("choose fire "); !slices.Equal(got, enginetest.Targets) {
		t.Errorf("choose fire completion = %q", got)
	}
	if got := s.Complete("c launch "); !slices.Equal(got, []string{"yes", "no"}) {
		t.Errorf("c launch completion = %q", got)
	}
	if err := s.Exec("choose fire c"); err == nil || !strings.Contains(err.Error(), "not in sight before turn 2") {
		t.Errorf("choose fire c on turn 1: %v", err)
	}
	execAll(t, s, "fire b") // choose fire b
	// The range: the table's, with physical dice for D-1 next.
	execAll(t, s, "choose range 18", "roll 5")
	out.Reset()
	execAll(t, s, "log all", "status")
	text := out.String()
	for _, want := range []string{
		"[p1] Order: fire, target b",
		"Range: range, cm 18 (at the table)",
		"p1 draws 1 from POOL-P1 (support): +2 (hidden)",
		"p1 reveals (draw",
		"p2 draws 1 from POOL-P2 (support): ? (hidden) (drawn by the program)",
		"Side p1: the player",
		"Side p2: default",
		"Cup MINES (The mines p1 laid): 4 chits: small, large, magnetic, acoustic",
	} {
		if !strings.Contains(text, want) {
			t.Errorf("log/status lacks %q:\n%s", want, text)
		}
	}
	// Turn 2: p1 launches a spread; status shows it due on turn 4.
	execAll(t, s, "draw", "choose launch yes")
	out.Reset()
	execAll(t, s, "status")
	if !strings.Contains(out.String(), "Due on turn 4: torpedo of p1 arrives (p1)") {
		t.Errorf("status does not show the torpedo:\n%s", out)
	}
	// The file holds p2's chit: the save replays.
	b, err := os.ReadFile(log)
	if err != nil {
		t.Fatal(err)
	}
	if strings.Contains(string(b), `"chits":["?"]`) || !strings.Contains(string(b), `"side":"p2","hidden":true,"chits":["+`) {
		t.Errorf("the log file does not hold p2's draw:\n%s", b)
	}
	lg, err := gamelog.Read(log, bytes.NewReader(b))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := engine.Replay(enginetest.DuelDefinition(), lg, 0, engine.Config{}); err != nil {
		t.Errorf("replay: %v", err)
	}
}

// The toy has no sides: its prompt shows none of this.
func TestToyStatusUnchanged(t *testing.T) {
	s, out, _ := newSession(t, engine.Digital, false)
	execAll(t, s, "step", "status")
	for _, no := range []string{"Side ", "Cup ", "Due on"} {
		if strings.Contains(out.String(), no) {
			t.Errorf("the toy's status shows %q:\n%s", no, out)
		}
	}
}

// The command a decision logs reads back at the prompt as the same
// arguments: any text a text argument accepts survives Word and Split.
func FuzzTextArgWord(f *testing.F) {
	for _, s := range []string{"home", "all boats home", `say "hi"`, "it's", "#1", "a\tb", "x'y z"} {
		f.Add(s)
	}
	a := engine.TextArg("text")
	f.Fuzz(func(t *testing.T, s string) {
		v := gamelog.StrV(s)
		if a.Validate(v) != nil {
			return
		}
		words, err := Split("choose signal " + a.Word(v))
		if err != nil || len(words) != 3 || words[2] != s {
			t.Fatalf("%q written %s reads back as %q (%v)", s, a.Word(v), words, err)
		}
		back, err := a.Parse(words[2])
		if err != nil || back.Kind != v.Kind || back.S != v.S {
			t.Fatalf("%q parses back as %v (%v)", s, back, err)
		}
	})
}

// Piped, a side's decision says whose it is, as the terminal's prompt
// does ([p1] order>): in a game of several players each reads his own
// (issue 26 item 6, the two-player game's 7.0).
func TestDecideNamesTheSide(t *testing.T) {
	s, out, _ := duelSession(t, engine.Digital, "p1=player", "p2=reference")
	execAll(t, s, "step", "choose dud")
	if !strings.Contains(out.String(), "Decide [p1]: ") {
		t.Errorf("the decision does not name its side:\n%s", out)
	}
	if strings.Contains(out.String(), "Decide [table]") {
		t.Errorf("a question to the table is named as a side's:\n%s", out)
	}
}
