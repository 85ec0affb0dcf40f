package repl

import (
	"bytes"
	"errors"
	"flag"
	"fmt"
	"github.com/schnell-wargames/schnell/tables"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/schnell-wargames/schnell/engine"
	"github.com/schnell-wargames/schnell/engine/enginetest"
	"github.com/schnell-wargames/schnell/gamelog"
)

var update = flag.Bool("update", false, "rewrite golden files")

func newSession(t *testing.T, mode engine.Mode, keepGoing bool) (*Session, *bytes.Buffer, string) {
	t.Helper()
	var out bytes.Buffer
	log := filepath.Join(t.TempDir(), "game.jsonl")
	s, err := New(Config{
		Def: enginetest.Definition(), Game: engine.Config{Seed: 7, Mode: mode},
		LogFile: log, Out: &out, Err: &out, KeepGoing: keepGoing,
	})
	if err != nil {
		t.Fatal(err)
	}
	return s, &out, log
}

func run(t *testing.T, s *Session, script string) int {
	t.Helper()
	return s.Run(Plain(strings.NewReader(script)))
}

// execAll runs lines with Exec (the session stays open, unlike Run).
func execAll(t *testing.T, s *Session, lines ...string) {
	t.Helper()
	for _, l := range lines {
		if err := s.Exec(l); err != nil {
			t.Fatalf("%s: %v", l, err)
		}
	}
}

func golden(t *testing.T, name string, got []byte) {
	t.Helper()
	path := filepath.Join("testdata", name)
	got = regexp.MustCompile(`/tmp/\S*/game.jsonl`).ReplaceAll(got, []byte("TMP/game.jsonl"))
	if *update {
		if err := os.WriteFile(path, got, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run go test ./repl -update to create it)", err)
	}
	// Log paths live in temporary directories.
	got = regexp.MustCompile(`/tmp/\S*/game.jsonl`).ReplaceAll(got, []byte("TMP/game.jsonl"))
	if !bytes.Equal(got, want) {
		t.Errorf("%s differs from the golden file (go test ./repl -update rewrites it):\n--- got\n%s\n--- want\n%s", name, got, want)
	}
}

func TestTranscriptDigital(t *testing.T) {
	s, out, _ := newSession(t, engine.Digital, false)
	code := run(t, s, "step\nstep\nchoose on\nstep\nlog 3\nhome\nstatus\nquit\n")
	if code != 0 {
		t.Fatalf("exit %d:\n%s", code, out)
	}
	golden(t, "toy-digital.golden", out.Bytes())
}

func TestTranscriptPhysical(t *testing.T) {
	s, out, _ := newSession(t, engine.Physical, false)
	code := run(t, s, "step\nroll 4\nroll 10\nstep\nchoose 2\nroll\nquit\n")
	if code != 0 {
		t.Fatalf("exit %d:\n%s", code, out)
	}
	golden(t, "toy-physical.golden", out.Bytes())
}

func TestUnknownCommandStopsScript(t *testing.T) {
	s, out, _ := newSession(t, engine.Digital, false)
	code := run(t, s, "bogus\ntables\n")
	if code == 0 {
		t.Fatal("a failing command exited 0")
	}
	if !strings.Contains(out.String(), `"bogus"`) || !strings.Contains(out.String(), "line 1") {
		t.Errorf("message does not name the command and line: %q", out)
	}
	if strings.Contains(out.String(), "T-1") {
		t.Error("the script went on after the failing command")
	}
}

func TestKeepGoing(t *testing.T) {
	s, out, _ := newSession(t, engine.Digital, true)
	code := run(t, s, "bogus\ntables\n")
	if code == 0 {
		t.Error("--keep-going must still exit non-zero after a failure")
	}
	if !strings.Contains(out.String(), "T-1") {
		t.Errorf("--keep-going stopped at the failure:\n%s", out)
	}
}

// TestPhysicalFacesRefused: rule 2.0 dice: an out-of-range face is refused
// with the valid range, and the game still waits for the same roll.
func TestPhysicalFacesRefused(t *testing.T) {
	s, out, _ := newSession(t, engine.Physical, false)
	execAll(t, s, "step")
	out.Reset()
	if err := s.Exec("roll 7"); err == nil || !strings.Contains(err.Error(), "1..6") {
		t.Fatalf("roll 7 on a 1D6: got %v, want a range error naming 1..6", err)
	}
	if p := s.Game().Pending(); p == nil || p.Roll == nil || p.Roll.Table != "T-2" {
		t.Fatalf("after a refused face the T-2 roll must still be pending, got %+v", p)
	}
	if err := s.Exec("roll 6"); err != nil {
		t.Fatal(err)
	}
}

func TestFreeRollRange(t *testing.T) {
	s, out, _ := newSession(t, engine.Digital, false)
	for range 200 {
		out.Reset()
		if err := s.Exec("roll 2d10"); err != nil {
			t.Fatal(err)
		}
		var total int
		line := strings.TrimSpace(out.String())
		i := strings.LastIndex(line, "= ")
		if _, err := fmtSscan(line[i+2:], &total); err != nil || total < 1 || total > 100 {
			t.Fatalf("free 2D10 roll %q: total out of 1..100", line)
		}
	}
	if s.LogPath() != "" {
		t.Error("a free roll started the game's log")
	}
	if err := s.Exec("roll 3d"); err == nil {
		t.Error("roll 3d: want a dice error")
	}
}

func TestUndoRestoresLog(t *testing.T) {
	s, _, log := newSession(t, engine.Digital, false)
	execAll(t, s, "step", "step")
	before, _ := os.ReadFile(log)
	hist := slices.Clone(s.Game().History())
	if err := s.Exec("choose on"); err != nil {
		t.Fatal(err)
	}
	if err := s.Exec("undo"); err != nil {
		t.Fatal(err)
	}
	after, _ := os.ReadFile(log)
	if !bytes.Equal(before, after) {
		t.Errorf("undo: the log differs from the log before the decision:\n--- before\n%s\n--- after\n%s", before, after)
	}
	if len(s.Game().History()) != len(hist) {
		t.Errorf("undo: %d events, want %d", len(s.Game().History()), len(hist))
	}
	if p := s.Game().Pending(); p == nil || p.Decision == nil {
		t.Fatalf("undo: the decision is not pending again: %+v", p)
	}
	// The same choice after undo gives the same dice: undo never re-rolls.
	if err := s.Exec("choose on"); err != nil {
		t.Fatal(err)
	}
}

func TestSaveAndLoad(t *testing.T) {
	s, _, _ := newSession(t, engine.Digital, false)
	execAll(t, s, "step", "step", "choose on")
	other := filepath.Join(t.TempDir(), "copy.jsonl")
	if err := s.Exec("save " + other); err != nil {
		t.Fatal(err)
	}
	want := s.Game().AsLog().Lines
	s2, out2, _ := newSession(t, engine.Digital, false)
	// The log is s's while s has it: another session may not play it.
	if err := s2.Exec("load " + other); !errors.Is(err, gamelog.ErrInUse) {
		t.Fatalf("load of a log in use: %v, want an in-use error", err)
	}
	copied := filepath.Join(t.TempDir(), "copy2.jsonl")
	data, err := os.ReadFile(other)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(copied, data, 0o644); err != nil {
		t.Fatal(err)
	}
	if err := s2.Exec("load " + copied); err != nil {
		t.Fatalf("load: %v\n%s", err, out2)
	}
	if got := s2.Game().AsLog().Lines; !slices.Equal(got, want) {
		t.Errorf("loaded game differs:\n%v\nwant\n%v", got, want)
	}
	// The loaded game stops where the original stopped (at the leg's
	// pause), and both go on identically.
	if p, q := s.Game().Pending(), s2.Game().Pending(); p == nil || q == nil || p.Pause != q.Pause || p.Pause == "" {
		t.Errorf("the loaded game waits for %+v, the original for %+v", q, p)
	}
	execAll(t, s, "step", "choose home")
	execAll(t, s2, "step", "choose home")
	if !slices.Equal(s.Game().AsLog().Lines, s2.Game().AsLog().Lines) {
		t.Error("the loaded game does not go on like the original")
	}
}

func TestLoadBadLogKeepsGame(t *testing.T) {
	s, _, log := newSession(t, engine.Digital, false)
	execAll(t, s, "step")
	bad := filepath.Join(t.TempDir(), "bad.jsonl")
	os.WriteFile(bad, []byte("{\"format\":\"schnell-log\"\nnot json\n"), 0o644)
	err := s.Exec("load " + bad)
	if err == nil || !strings.Contains(err.Error(), "bad.jsonl") {
		t.Fatalf("load of a corrupt log: got %v, want an error naming the file", err)
	}
	if s.LogPath() != log {
		t.Errorf("a failed load changed the current game's log to %q", s.LogPath())
	}
}

func TestComplete(t *testing.T) {
	s, _, _ := newSession(t, engine.Digital, false)
	cases := []struct {
		line string
		want string
	}{
		{"tab", "table"},
		{"tab", "tables"},
		{"table ", "T-1"},
		{"help ", "undo"},
		{"step ", "voyage"},
	}
	for _, c := range cases {
		got := s.Complete(c.line)
		if !slices.Contains(got, c.want) {
			t.Errorf("Complete(%q) = %v, want it to offer %q", c.line, got, c.want)
		}
	}
	execAll(t, s, "step", "step")
	if got := s.Complete("choose "); !slices.Equal(got, []string{"on", "home"}) {
		t.Errorf("Complete(choose ) = %v, want the pending decision's options", got)
	}
	// The readline adapter returns the rest of the word.
	c := completer(s.Complete)
	cands, n := c.Do([]rune("tab"), 3)
	if n != 3 || len(cands) != 2 || string(cands[0]) != "le " {
		t.Errorf("completer.Do(tab) = %q, %d", cands, n)
	}
}

func TestHelpFromTable(t *testing.T) {
	s, out, _ := newSession(t, engine.Digital, false)
	if err := s.Exec("help"); err != nil {
		t.Fatal(err)
	}
	for _, c := range s.cmds {
		if !strings.Contains(out.String(), c.Usage) {
			t.Errorf("help does not list %s", c.Name)
		}
	}
	out.Reset()
	if err := s.Exec("help undo"); err != nil || !strings.Contains(out.String(), "never re-rolls") {
		t.Errorf("help undo: %v %q", err, out)
	}
	if err := s.Exec("help nope"); err == nil {
		t.Error("help nope: want an error")
	}
}

func TestNoColourWhenOff(t *testing.T) {
	s, out, _ := newSession(t, engine.Digital, false)
	run(t, s, "step\nstep\nstatus\n")
	if bytes.Contains(out.Bytes(), []byte("\x1b[")) {
		t.Error("escape codes printed with colour off")
	}
}

func fmtSscan(s string, v *int) (int, error) { return fmt.Sscan(s, v) }

// Campaigns by name: `new name=NAME` logs to DATA/NAME.jsonl, `campaigns`
// lists them, `load NAME` resumes one, and a player starting with one
// unfinished game is offered to continue it.
func TestNamedGames(t *testing.T) {
	data := t.TempDir()
	var out bytes.Buffer
	s, err := New(Config{Def: enginetest.Definition(), Game: engine.Config{Seed: 3}, LogDir: data, Out: &out, Err: &out})
	if err != nil {
		t.Fatal(err)
	}
	execAll(t, s, "new name=first seed=5", "step")
	if want := filepath.Join(data, "first.jsonl"); s.LogPath() != want {
		t.Fatalf("log %q, want %q", s.LogPath(), want)
	}
	if err := s.Exec("new name=first"); err == nil || !strings.Contains(err.Error(), "load first") {
		t.Errorf("a second game named first: %v", err)
	}
	if err := s.Exec("new name=../x"); err == nil {
		t.Error("a name with a path was accepted")
	}
	out.Reset()
	execAll(t, s, "saved")
	if !strings.Contains(out.String(), "first") || !strings.Contains(out.String(), "in progress") {
		t.Errorf("saved:\n%s", out.String())
	}
	want := s.Game().AsLog().Lines
	s.Close()

	s2, _ := New(Config{Def: enginetest.Definition(), Game: engine.Config{Seed: 9}, LogDir: data, Out: &out, Err: &out})
	execAll(t, s2, "load first")
	if !slices.Equal(s2.Game().AsLog().Lines, want) {
		t.Error("load first did not resume the game")
	}
	s2.Close()

	s3, _ := New(Config{Def: enginetest.Definition(), Game: engine.Config{Seed: 9}, LogDir: data, Out: &out, Err: &out})
	s3.OfferContinue(Plain(strings.NewReader("\n")))
	if s3.LogPath() != filepath.Join(data, "first.jsonl") || !slices.Equal(s3.Game().AsLog().Lines, want) {
		t.Errorf("the offer to continue did not load the unfinished game (log %q)", s3.LogPath())
	}
	s3.Close()
	s4, _ := New(Config{Def: enginetest.Definition(), Game: engine.Config{Seed: 9}, LogDir: data, Out: &out, Err: &out})
	s4.OfferContinue(Plain(strings.NewReader("n\n")))
	if s4.LogPath() != "" {
		t.Error("answering n still loaded the game")
	}
}

// A named game on a fresh machine: the data directory does not exist yet
// and the first step makes it (it once failed with "no such file").
func TestNamedGameMakesDataDir(t *testing.T) {
	var out bytes.Buffer
	dir := filepath.Join(t.TempDir(), "schnell", "campaigns")
	s, err := New(Config{Def: enginetest.Definition(), Game: engine.Config{Seed: 7}, LogDir: dir, Out: &out, Err: &out})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	execAll(t, s, "new name=first", "step")
	if _, err := os.Stat(filepath.Join(dir, "first.jsonl")); err != nil {
		t.Fatalf("the named game has no log: %v\n%s", err, out.String())
	}
}

// A mistyped command gets the nearest command's name; a word far from all
// of them gets none.
func TestDidYouMean(t *testing.T) {
	s, err := New(Config{Def: enginetest.Definition(), Game: engine.Config{Seed: 1}})
	if err != nil {
		t.Fatal(err)
	}
	if err := s.Exec("stpe"); err == nil || !strings.Contains(err.Error(), "did you mean step?") {
		t.Errorf("stpe: %v", err)
	}
	if err := s.Exec("xyzzyq"); err == nil || strings.Contains(err.Error(), "did you mean") {
		t.Errorf("xyzzyq: %v", err)
	}
	if err := s.Exec("help stauts"); err == nil || !strings.Contains(err.Error(), "did you mean status?") {
		t.Errorf("help stauts: %v", err)
	}
}

// With physical dice, a mistyped face is corrected: `undo roll` takes back
// the last typed roll, and `undo` the faces typed after the decision it
// takes back; the log holds the corrected faces only.
func TestPhysicalUndoTakesBackTypedFaces(t *testing.T) {
	s, out, _ := newSession(t, engine.Physical, false)
	execAll(t, s, "step", "roll 3", "roll 9") // T-2, then leg 1's T-1 mistyped
	execAll(t, s, "undo roll")
	if p := s.Game().Pending(); p == nil || p.Roll == nil || p.Roll.Table != "T-1" {
		t.Fatalf("undo roll: pending %+v, want T-1 again\n%s", p, out)
	}
	execAll(t, s, "roll 2", "step") // the go_on decision
	execAll(t, s, "choose on", "roll 8")
	// A roll typed since the decision: plain undo says which undo is meant.
	if err := s.Exec("undo"); err == nil || !strings.Contains(err.Error(), "`undo roll` takes it back") || !strings.Contains(err.Error(), "`undo decision`") {
		t.Fatalf("undo after a typed roll: %v", err)
	}
	execAll(t, s, "undo decision")
	if p := s.Game().Pending(); p == nil || p.Decision == nil {
		t.Fatalf("undo: pending %+v, want the decision again", p)
	}
	execAll(t, s, "choose on")
	if p := s.Game().Pending(); p == nil || p.Roll == nil {
		t.Fatalf("after undo and the same choice: pending %+v, want leg 2's roll asked again", p)
	}
	execAll(t, s, "roll 5")
	var faces []string
	for _, e := range s.Game().History() {
		if e.Type == "roll" && e.Str("table") == "T-1" {
			v, _ := e.Get("faces")
			faces = append(faces, fmt.Sprint(v.Ints()))
		}
	}
	if got := strings.Join(faces, " "); got != "[2] [5]" {
		t.Errorf("T-1 faces in the game = %s, want [2] [5] (the typos taken back)", got)
	}
}

// Fewer keystrokes: at a terminal Enter takes the marked default (piped, a
// blank line does nothing); a bare number answers the pending decision or
// a one-die roll; a bare option name answers even where it is a command's
// alias; `roll all` rolls every roll up to the next decision.
func TestShortAnswers(t *testing.T) {
	s, out, _ := newSession(t, engine.Physical, false)
	execAll(t, s, "step", "roll all")
	if p := s.Game().Pending(); p == nil || p.Pause == "" {
		t.Fatalf("roll all: pending %+v, want the leg's pause\n%s", p, out)
	}
	execAll(t, s, "step", "") // piped: the blank line is a no-op
	if p := s.Game().Pending(); p == nil || p.Decision == nil {
		t.Fatalf("a blank piped line answered %+v", p)
	}
	execAll(t, s, "1") // go_on: 1 = on
	if p := s.Game().Pending(); p == nil || p.Roll == nil {
		t.Fatalf("bare 1: pending %+v, want leg 2's roll", p)
	}
	execAll(t, s, "4") // the one-die roll's face
	if h := s.Game().History(); h[len(h)-1].Type != "leg" {
		v, _ := h[len(h)-2].Get("faces")
		t.Errorf("bare 4: the last events %v", v.Ints())
	}
	execAll(t, s, "step", "home") // an option name as a word
	if !s.Game().Over() && (s.Game().Pending() == nil || s.Game().Pending().Roll == nil) {
		t.Errorf("home: pending %+v", s.Game().Pending())
	}

	var b strings.Builder
	ti, err := New(Config{Def: enginetest.Definition(), Game: engine.Config{Seed: 7}, Out: &b, Err: &b, Interactive: true, LogFile: filepath.Join(t.TempDir(), "g.jsonl")})
	if err != nil {
		t.Fatal(err)
	}
	execAll(t, ti, "step", "step", "")
	var by []string
	for _, e := range ti.Game().History() {
		if e.Type == "decision" {
			by = append(by, e.Str("choice")+"/"+e.Str("by"))
		}
	}
	if len(by) != 1 || by[0] != "on/player" {
		t.Errorf("Enter at a terminal: decisions %v, want the default (on) by the player", by)
	}
}

// Quote makes any path one word for Split (an apostrophe, spaces, quotes).
func TestQuoteRoundTrip(t *testing.T) {
	for _, p := range []string{"/tmp/o'brien/game.jsonl", `a "b" c`, "plain", "", "it's 'x'"} {
		words, err := Split("load " + Quote(p))
		if err != nil || len(words) != 2 || words[1] != p {
			t.Errorf("Split(load Quote(%q)) = %q, %v", p, words, err)
		}
	}
}

// Start-up offers the games in progress: one by yes or no, several by
// number; nothing is loaded on Enter among several.
func TestOfferContinue(t *testing.T) {
	data := t.TempDir()
	for _, seed := range []string{"3", "4"} {
		s, err := New(Config{Def: enginetest.Definition(), Game: engine.Config{Seed: 1}, LogDir: data})
		if err != nil {
			t.Fatal(err)
		}
		execAll(t, s, "new name=g"+seed+" seed="+seed, "step")
		s.Close()
	}
	var out bytes.Buffer
	s, _ := New(Config{Def: enginetest.Definition(), Game: engine.Config{Seed: 9}, LogDir: data, Out: &out, Err: &out})
	s.OfferContinue(Plain(strings.NewReader("7\n2\n")))
	if !strings.Contains(out.String(), "2 games are in progress") || !strings.Contains(out.String(), `"7": say a number from 1 to 2`) || !strings.HasSuffix(s.LogPath(), "g4.jsonl") {
		t.Errorf("offer among two: log %q\n%s", s.LogPath(), out.String())
	}
	out.Reset()
	s2, _ := New(Config{Def: enginetest.Definition(), Game: engine.Config{Seed: 9}, LogDir: data, Out: &out, Err: &out})
	s2.OfferContinue(Plain(strings.NewReader("\n")))
	if s2.LogPath() != "" {
		t.Errorf("Enter among two loaded %s", s2.LogPath())
	}
}

// A command that only looks at a game not yet started saves nothing.
func TestNoStraySave(t *testing.T) {
	data := t.TempDir()
	def := enginetest.Definition()
	def.Commands = append(def.Commands, engine.Command{Name: "peek", Run: func(*engine.Game, []string, io.Writer) ([]gamelog.Event, error) { return nil, nil }})
	s, _ := New(Config{Def: def, Game: engine.Config{Seed: 1}, LogDir: data})
	execAll(t, s, "status", "peek", "log", "tables")
	s.Close()
	if names, _ := filepath.Glob(filepath.Join(data, "*")); len(names) != 0 {
		t.Errorf("looking at an unstarted game saved %v", names)
	}
}

// An answer plays on as far as the last `step` asked: after `step voyage`
// (the toy's whole game) a choice goes on past the legs' pauses.
func TestAnswerFollowsStepLevel(t *testing.T) {
	s, _, _ := newSession(t, engine.Digital, false)
	execAll(t, s, "step voyage", "choose on")
	if p := s.Game().Pending(); p == nil || p.Decision == nil {
		t.Errorf("after step voyage, choose on waits for %+v, want the next decision", p)
	}
	s2, _, _ := newSession(t, engine.Digital, false)
	execAll(t, s2, "step leg", "step leg", "choose on")
	if p := s2.Game().Pending(); p == nil || p.Pause != "leg" {
		t.Errorf("after step leg, choose on waits for %+v, want the leg's pause", p)
	}
}

// A script that fails is detached (its Lua state freed): after `undo` the
// player has the decision.
func TestFailedScriptDetached(t *testing.T) {
	s, out, _ := newSession(t, engine.Digital, true)
	path := filepath.Join(t.TempDir(), "bad.lua")
	os.WriteFile(path, []byte("function decide(d) error('no idea') end"), 0o644)
	execAll(t, s, "script "+path)
	s.Exec("step voyage")
	if s.script != nil || !strings.Contains(out.String(), "The script failed and is detached") {
		t.Fatalf("the failed script is still attached\n%s", out)
	}
	execAll(t, s, "undo")
	if p := s.Game().Pending(); p == nil || p.Decision == nil || s.Game().Decider() != nil {
		t.Errorf("after undo: pending %+v, decider %v", p, s.Game().Decider())
	}
}

// `lua CODE` gets the code as typed: its quotes and # are Lua's.
func TestLuaKeepsQuotes(t *testing.T) {
	s, out, _ := newSession(t, engine.Digital, false)
	execAll(t, s, `lua string.format("%d-%s", 7, 'x') .. "#1"`)
	if !strings.Contains(out.String(), "7-x#1") {
		t.Errorf("lua with quotes printed %q", out.String())
	}
}

// roundsRules plays three rounds, each asking a speed (from the second,
// the last answer marked Same) — after a roll of T-1 if roll, followed by
// a range if rng — then, if finish, one last question.
type roundsRules struct {
	roll, rng, finish bool
	leg               int
}

func (r *roundsRules) Fact(int) int { return r.leg }

func (r *roundsRules) Play(c *engine.Ctx) {
	last := -1
	for r.leg = 1; r.leg <= 3; r.leg++ {
		if r.roll {
			c.Roll("T-1", r, "round")
		}
		d := c.Ask("speed")
		d.Add("slow", "slow", "speed slow")
		d.Add("fast", "fast", "speed fast")
		if last >= 0 {
			d.SetSame(last)
		}
		last = c.Decide(d)
		if r.rng {
			d := c.Ask("range")
			d.Add("stay", "stay", "move stay")
			d.Add("closer", "closer", "move closer")
			c.Decide(d)
		}
	}
	if r.finish {
		d := c.Ask("finish")
		d.Add("yes", "yes", "")
		d.Add("no", "no", "")
		c.Decide(d)
	}
}

// rounds is a game of roundsRules (r's flags).
func rounds(name string, r roundsRules, cmds ...engine.Command) *engine.Definition {
	return &engine.Definition{Name: name, Booklets: enginetest.Definition().Booklets, Commands: cmds,
		New: func([]gamelog.Option, *tables.Set) (engine.Rules, error) { rr := r; return &rr, nil }}
}

// At a terminal a decision that only repeats the last answer is answered
// for the player, said, and logged as the player's; `same off` asks it;
// piped, it is always asked.
func TestSameAnswered(t *testing.T) {
	def := rounds("speedy", roundsRules{})
	for _, tc := range []struct {
		interactive bool
		lines       []string
		want        string
	}{
		{true, []string{"step", "choose fast"}, "fast/player fast/player fast/player"},
		{true, []string{"same off", "step", "choose fast", "choose slow", "choose fast"}, "fast/player slow/player fast/player"},
		{false, []string{"step", "choose fast", "choose fast", "choose slow"}, "fast/player fast/player slow/player"},
	} {
		var out bytes.Buffer
		s, err := New(Config{Def: def, Out: &out, Err: &out, Interactive: tc.interactive, LogFile: filepath.Join(t.TempDir(), "g.jsonl")})
		if err != nil {
			t.Fatal(err)
		}
		for _, l := range tc.lines {
			if err := s.Exec(l); err != nil {
				t.Fatalf("%v: %s: %v\n%s", tc.lines, l, err, out.String())
			}
		}
		var got []string
		for _, e := range s.Game().History() {
			got = append(got, e.Str("choice")+"/"+e.Str("by"))
		}
		if strings.Join(got, " ") != tc.want || !s.Game().Over() {
			t.Errorf("%v: decisions %v, want %s\n%s", tc.lines, got, tc.want, out.String())
		}
		if tc.interactive && tc.lines[0] == "step" && !strings.Contains(out.String(), "Speed: fast (as before)") {
			t.Errorf("the answer for the player is not said:\n%s", out.String())
		}
	}
}

// Every game lists its saved games as `saved`; the name a game gave them
// before stays an alias, unless another command has it.
func TestSavedEverywhere(t *testing.T) {
	def := *enginetest.Definition()
	def.Saved = "voyages"
	s, err := New(Config{Def: &def, Game: engine.Config{Seed: 1}, LogDir: t.TempDir()})
	if err != nil {
		t.Fatal(err)
	}
	if c := s.lookup("saved"); c == nil || c != s.lookup("voyages") {
		t.Errorf("saved and its alias voyages: %v, %v", c, s.lookup("voyages"))
	}
	def.Saved = "same"
	s, _ = New(Config{Def: &def, Game: engine.Config{Seed: 1}, LogDir: t.TempDir()})
	if c := s.lookup("saved"); c == nil || c.Run == nil || s.lookup("same").Name != "orders" {
		t.Errorf("a game whose saved games were called like another command: saved %v, same %v", c, s.lookup("same"))
	}
	var out bytes.Buffer
	s, _ = New(Config{Def: &def, Game: engine.Config{Seed: 1}, LogDir: t.TempDir(), Out: &out})
	execAll(t, s, "help")
	if !regexp.MustCompile(`(?m)^  saved +List the saved games`).MatchString(out.String()) {
		t.Errorf("help does not list saved:\n%s", out.String())
	}
}

// `help` fits an 80-column terminal: long usages get a line of their own,
// descriptions wrap under their column.
func TestHelpFits80Columns(t *testing.T) {
	s, out, _ := newSession(t, engine.Digital, false)
	execAll(t, s, "help")
	for _, l := range strings.Split(out.String(), "\n") {
		if len([]rune(l)) > 80 {
			t.Errorf("help line of %d columns: %q", len([]rune(l)), l)
		}
	}
	if !strings.Contains(out.String(), "step [leg|voyage]") {
		t.Errorf("help lost its entries:\n%s", out.String())
	}
}

// An order for the decision just answered for the player (the unchanged
// speed), typed at the next question, revises that answer: the player is
// never locked out of a choice the prompt made for them.
func TestSameAnsweredRevisedByOrder(t *testing.T) {
	def := rounds("rounds", roundsRules{rng: true},
		engine.Command{Name: "speed", Usage: "speed slow|fast", Run: engine.Order("speed")},
		engine.Command{Name: "move", Usage: "move stay|closer", Run: engine.Order("move")})
	var out bytes.Buffer
	log := filepath.Join(t.TempDir(), "g.jsonl")
	s, err := New(Config{Def: def, Out: &out, Err: &out, Interactive: true, LogFile: log})
	if err != nil {
		t.Fatal(err)
	}
	execAll(t, s, "step", "speed fast", "move stay")
	before := s.Game().Seq()
	if err := s.Exec("speed medium"); err == nil || s.Game().Seq() != before {
		t.Errorf("`speed medium` (no such speed) at the range question: %v; seq %d → %d", err, before, s.Game().Seq())
	}
	execAll(t, s, "speed slow", "move stay", "move closer")
	var got []string
	for _, e := range s.Game().History() {
		got = append(got, e.Str("choice")+"/"+e.Str("by"))
	}
	want := "fast/player stay/player slow/player stay/player slow/player closer/player"
	if strings.Join(got, " ") != want || !s.Game().Over() {
		t.Errorf("decisions %v, want %s\n%s", got, want, out.String())
	}
	for _, w := range []string{"Speed: fast (as before)", "Revised: your order replaces the answer given for you (speed)", "Speed: slow (as before)"} {
		if !strings.Contains(out.String(), w) {
			t.Errorf("the transcript does not say %q:\n%s", w, out.String())
		}
	}
	s.Close()
	raw, _ := os.ReadFile(log)
	if strings.Count(string(raw), `"type":"decision"`) != 6 {
		t.Errorf("the log holds the revised answer as well:\n%s", raw)
	}
}

// `roll all` (physical dice, at a terminal) rolls on through a decision the
// prompt answers for the player (an unchanged speed), to the next question.
func TestRollAllPassesSameAnswers(t *testing.T) {
	def := rounds("rolly", roundsRules{roll: true, finish: true})
	var out bytes.Buffer
	s, err := New(Config{Def: def, Game: engine.Config{Seed: 7, Mode: engine.Physical}, Out: &out, Err: &out,
		Interactive: true, LogFile: filepath.Join(t.TempDir(), "g.jsonl")})
	if err != nil {
		t.Fatal(err)
	}
	execAll(t, s, "step", "roll all")
	if p := s.Game().Pending(); p == nil || p.Decision == nil || p.Decision.Kind != "speed" {
		t.Fatalf("first roll all: pending %+v, want the first speed\n%s", p, out.String())
	}
	execAll(t, s, "choose fast", "roll all")
	if p := s.Game().Pending(); p == nil || p.Decision == nil || p.Decision.Kind != "finish" {
		t.Fatalf("second roll all: pending %+v, want finish\n%s", p, out.String())
	}
	if n := strings.Count(out.String(), "Speed: fast (as before)"); n != 2 {
		t.Errorf("%d speeds answered for the player, want 2\n%s", n, out.String())
	}
}

// An event a game has no words for is printed in the kernel's raw form:
// its type, then each field as key=value, quoted where it holds spaces.
func TestDescribeFieldsFallback(t *testing.T) {
	e := &gamelog.Event{Type: "contact", Fields: []gamelog.Field{
		gamelog.Str("square", "5-5"), gamelog.Int("n", 2), gamelog.Str("why", "two words"), gamelog.Str("empty", ""),
	}}
	if got, want := DescribeFields(e), `contact square=5-5 n=2 why="two words" empty=""`; got != want {
		t.Errorf("got %s, want %s", got, want)
	}
}

// briefRules asks one decision whose last three options share a Brief.
type briefRules struct{}

func (briefRules) Play(c *engine.Ctx) {
	d := c.Ask("move")
	d.Add("next", "go on to the next zone", "move next")
	d.Add("home", "turn for home", "move home")
	for _, b := range []string{"B2", "B3", "B4"} {
		d.Add("abort:"+b, b+" aborts alone and heads for home", "abort "+b).Brief = "a boat aborts alone"
	}
	c.Decide(d)
}

// Options alike but for one word are listed on one line under their Brief,
// by number and command, and answer as any other.
func TestBriefOptionsListedOnOneLine(t *testing.T) {
	def := &engine.Definition{Name: "brief", Booklets: enginetest.Definition().Booklets,
		New: func([]gamelog.Option, *tables.Set) (engine.Rules, error) { return briefRules{}, nil }}
	var out bytes.Buffer
	s, err := New(Config{Def: def, Out: &out, Err: &out, LogFile: filepath.Join(t.TempDir(), "g.jsonl")})
	if err != nil {
		t.Fatal(err)
	}
	execAll(t, s, "step")
	if want := "  also a boat aborts alone: 3. abort B2, 4. abort B3, 5. abort B4\n"; !strings.Contains(out.String(), want) {
		t.Errorf("listing lacks %q:\n%s", want, out.String())
	}
	if strings.Contains(out.String(), "aborts alone and heads for home") {
		t.Errorf("a brief option listed with its text:\n%s", out.String())
	}
	execAll(t, s, "4")
	if h := s.Game().History(); len(h) != 1 || h[0].Str("choice") != "abort:B3" {
		t.Errorf("4 answered %v", h)
	}
}
