// Package scenario runs rule scenarios written as data: the commands a
// player types at the prompt, with the dice faces forced where the
// scenario needs them, and the events those commands make. It is the
// datadriven style of cockroachdb/datadriven (as etcd-io/raft uses it),
// written small for schnell, and it knows no game: a game's tests hand it
// their engine.Definition.
//
// A scenario file holds cases:
//
//	# 3.3 step 2, A-1: a +1 for the winter gales in the Channel.
//	force A-1 9
//	show A-1 weather
//	step
//	----
//	A-1 Night Weather: 1D10 [9] +1 winter gales in the Channel = 10 → row >=9: Bad: storm, heavy seas
//	Weather: bad
//
// Each input line is a prompt command, run by the real dispatcher
// (repl.Session.Exec), or one of the harness's directives:
//
//	force TABLE FACE...   the next roll on TABLE (a table id, or what a plain
//	                      roll is for) is answered with these faces, typed
//	                      as a player types them (`roll 0 7`, `roll 00`)
//	show PATTERN...       print only the events of these types, rolls on
//	                      these tables and decisions of these kinds (to the
//	                      end of the case; `show none` prints none)
//
// The session plays with physical dice (start a file with
// `new seed=N dice=physical ...`): the harness answers each roll the game
// waits for with the forced faces, else with `roll` alone (the game's
// generator). Output: each event a line makes, as the prompt words it; a
// line that makes no event shows what it printed (views, help); a pending
// decision shows as "? KIND: option (default), option ..." ("? [SIDE] KIND:"
// with Config.Sides); an error as
// "error: ...". Cases run in order on one session; a file starts a new one.
// At the end of a file every log the session wrote must replay byte for
// byte. docs/scenarios.md says how to write a scenario.
package scenario

import (
	"bytes"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/schnell-wargames/schnell/engine"
	"github.com/schnell-wargames/schnell/gamelog"
	"github.com/schnell-wargames/schnell/repl"
)

// Config says which game the scenarios play.
type Config struct {
	Def *engine.Definition
	// Update rewrites each file's expected outputs with what the cases
	// print (the test's -update flag).
	Update bool
	// Sides shows whose a pending decision of a side is, as the prompt
	// says it ("? [p2] attack: ...").
	Sides bool
	// Watch, if set, is told after each line a case types what the
	// prompt printed for it (its error too), with the session: a test of
	// everything the prompt prints (wordedtest.Words).
	Watch func(s *repl.Session, line, printed string)
	// NoCompare runs the cases without comparing their outputs with the
	// expected ones (for a Watch over another package's scenarios).
	NoCompare bool
}

// maxRolls bounds the rolls the harness answers for one line: a rule that
// loops on rolls fails the case instead of hanging the test.
const maxRolls = 100000

// directives are the harness's own words; a game command of the same name
// would be hidden by them, so a session that has one is refused.
var directives = []string{"force", "show"}

// Run runs every *.txt file of dir as a subtest named after the file.
func Run(t *testing.T, dir string, cfg Config) {
	t.Helper()
	files, err := filepath.Glob(filepath.Join(dir, "*.txt"))
	if err != nil {
		t.Fatal(err)
	}
	if len(files) == 0 {
		t.Fatalf("no scenario files (*.txt) in %s", dir)
	}
	for _, path := range files {
		t.Run(strings.TrimSuffix(filepath.Base(path), ".txt"), func(t *testing.T) {
			RunFile(t, path, cfg)
		})
	}
}

// RunFile runs the cases of one scenario file in a new session.
func RunFile(t *testing.T, path string, cfg Config) {
	t.Helper()
	for _, msg := range runFile(t, path, cfg) {
		t.Error(msg)
	}
}

// runFile runs a file and returns a message for each case whose output is
// not the expected one.
func runFile(t *testing.T, path string, cfg Config) []string {
	t.Helper()
	text, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	f, err := parse(path, string(text))
	if err != nil {
		t.Fatal(err)
	}
	h := newHarness(t, cfg)
	defer h.s.Close()
	var got, bad []string
	for _, c := range f.cases() {
		out := h.run(c)
		got = append(got, out)
		if !cfg.Update && !cfg.NoCompare && out != c.want {
			bad = append(bad, fmt.Sprintf("%s:%d: the case gives\n%s\nwant\n%s\n(go test -run '%s' -update rewrites the file)",
				path, c.line, indent(out), indent(c.want), t.Name()))
		}
	}
	if cfg.Update && !cfg.NoCompare {
		if err := os.WriteFile(path, []byte(f.format(got)), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	h.s.Close()
	h.checkLogs()
	return bad
}

func indent(s string) string {
	if s == "" {
		return "    (nothing)"
	}
	return "    " + strings.ReplaceAll(s, "\n", "\n    ")
}

// harness is one file's session and what the directives set.
type harness struct {
	t      *testing.T
	def    *engine.Definition
	s      *repl.Session
	out    bytes.Buffer // what the prompt prints
	dir    string       // the session's log directory
	forced map[string][]string
	order  []string // the tables forced, in the order forced (for messages)
	show   []string
	sides  bool // Config.Sides
	watch  func(s *repl.Session, line, printed string)
}

func newHarness(t *testing.T, cfg Config) *harness {
	t.Helper()
	if cfg.Def == nil {
		t.Fatal("scenario: no game definition")
	}
	h := &harness{t: t, def: cfg.Def, dir: t.TempDir(), sides: cfg.Sides, watch: cfg.Watch}
	s, err := repl.New(repl.Config{
		Def: cfg.Def, Game: engine.Config{Seed: 1, Mode: engine.Physical},
		LogDir: h.dir, Out: &h.out, Err: &h.out,
		FreeRand: rand.New(rand.NewPCG(1, 2)), // `new` without seed= and free rolls
	})
	if err != nil {
		t.Fatal(err)
	}
	for _, name := range s.Complete("") {
		if slices.Contains(directives, name) {
			t.Fatalf("scenario: the game has a command %q, which the harness's directive of that name would hide", name)
		}
	}
	// An order given earlier is carried out (a squadron's target, each
	// boat's): a scenario types what the player would type, and the player
	// gives that order once. `orders carry off` asks each one.
	if err := s.Exec("orders carry on"); err != nil {
		t.Fatal(err)
	}
	h.s = s
	return h
}

// run runs one case and returns its output.
func (h *harness) run(c *tcase) string {
	var b strings.Builder
	h.show = nil
	for _, line := range c.input {
		h.line(&b, line)
	}
	for _, table := range h.order {
		for _, faces := range h.forced[table] {
			fmt.Fprintf(&b, "error: force %s %s was not used: no roll on %s came\n", table, faces, table)
		}
	}
	h.forced, h.order = nil, nil
	return strings.TrimRight(b.String(), "\n")
}

func (h *harness) line(b *strings.Builder, line string) {
	words, err := repl.Split(line)
	if err != nil {
		fmt.Fprintf(b, "error: %v\n", err)
		return
	}
	if len(words) == 0 {
		return // a comment after spaces
	}
	switch words[0] {
	case "force":
		if err := h.force(words[1:]); err != nil {
			fmt.Fprintf(b, "error: %v\n", err)
		}
		return
	case "show":
		h.show = append(h.show, words[1:]...)
		return
	}
	g := h.s.Game()
	before, wait := g.Seq(), g.Pending()
	h.out.Reset()
	err = h.s.Exec(line)
	printed := h.out.String()
	if h.watch != nil {
		seen := printed
		if err != nil {
			seen += "Error: " + err.Error() + "\n"
		}
		h.watch(h.s, line, seen)
	}
	if err == nil {
		err = h.answerRolls(b)
	}
	// A line that moved the game on shows the events it made and where
	// the game stopped; any other shows what it printed.
	moved := h.s.Game() == g && (g.Seq() > before || g.Pending() != wait || (g.Over() && wait != nil))
	if moved {
		h.events(b, g.History(), before)
	} else {
		b.WriteString(strings.ReplaceAll(printed, h.dir, "$LOGDIR"))
	}
	if err != nil {
		fmt.Fprintf(b, "error: %s\n", strings.ReplaceAll(err.Error(), h.dir, "$LOGDIR"))
	}
	if moved {
		h.stopped(b)
	}
}

// force queues faces for the next roll on a table.
func (h *harness) force(args []string) error {
	if len(args) < 2 {
		return fmt.Errorf("usage: force TABLE FACE... (the faces of the next roll on TABLE)")
	}
	if h.s.Game().Mode() != engine.Physical {
		return fmt.Errorf("force needs physical dice: start the game with `new dice=physical ...`")
	}
	faces := strings.Join(args[1:], " ") // as typed: `roll` reads them
	if h.forced == nil {
		h.forced = map[string][]string{}
	}
	if _, ok := h.forced[args[0]]; !ok {
		h.order = append(h.order, args[0])
	}
	h.forced[args[0]] = append(h.forced[args[0]], faces)
	return nil
}

// answerRolls answers the rolls the game waits for, at the prompt: `roll
// FACES` when a face is forced for the table, else `roll` alone.
func (h *harness) answerRolls(b *strings.Builder) error {
	for n := 0; ; n++ {
		p := h.s.Game().Pending()
		if p == nil || p.Roll == nil {
			return nil
		}
		if n == maxRolls {
			return fmt.Errorf("scenario: more than %d rolls for one line", maxRolls)
		}
		key := p.Roll.Table
		if key == "" {
			key = p.Roll.Label
			// A plain roll is forced by its label, or by its label before
			// a closing note in parentheses (the faces each outcome takes).
			if i := strings.LastIndex(key, " ("); i > 0 && strings.HasSuffix(key, ")") && len(h.forced[key]) == 0 {
				key = key[:i]
			}
		}
		cmd := "roll"
		if q := h.forced[key]; len(q) > 0 {
			cmd += " " + q[0]
			h.forced[key] = q[1:]
		}
		h.out.Reset()
		err := h.s.Exec(cmd)
		if h.watch != nil {
			h.watch(h.s, cmd, h.out.String())
		}
		if err != nil {
			if cmd == "roll" {
				return err
			}
			// Forced faces the roll refuses: say so, and let the
			// generator roll instead.
			fmt.Fprintf(b, "error: force %s %s: %v\n", key, strings.TrimPrefix(cmd, "roll "), err)
		}
	}
}

// events writes the events from seq before on, as the prompt words them.
func (h *harness) events(b *strings.Builder, hist []gamelog.Event, before int) {
	var evs []gamelog.Event
	for i := range hist {
		if e := &hist[i]; e.Seq > before && h.shown(e) {
			evs = append(evs, *e)
		}
	}
	for i := 0; i < len(evs); i++ {
		if h.def.DescribeRun != nil {
			if line, n := h.def.DescribeRun(evs, i); n > 0 {
				b.WriteString(line + "\n")
				i += n - 1
				continue
			}
		}
		if line := h.describe(&evs[i]); line != "" {
			b.WriteString(line + "\n")
		}
	}
}

func (h *harness) shown(e *gamelog.Event) bool {
	if len(h.show) == 0 {
		return true
	}
	for _, p := range h.show {
		if p == e.Type || ((e.Type == "roll" || e.Type == "read") && (p == e.Str("table") || p == e.Str("for"))) ||
			(e.Type == "decision" && p == e.Str("kind")) {
			return true
		}
	}
	return false
}

// describe words an event as the prompt does (draws and reveals too, a
// hidden draw of a side the player does not play masked), without the
// note that the program rolled it (with the harness's physical dice, most
// rolls are; a draw keeps its note, as the scenario types or omits it).
func (h *harness) describe(e *gamelog.Event) string {
	g := h.s.Game()
	if g.Hides(e, engine.AtPrompt) {
		m := g.Mask(e, engine.AtPrompt) // another side's hidden draw, as the prompt masks it
		e = &m
	}
	if h.def.Describe != nil {
		if line := h.def.Describe(e); line != "" {
			return line
		}
	}
	switch e.Type {
	case "roll", "read":
		c := *e
		c.Fields = slices.DeleteFunc(slices.Clone(e.Fields), func(f gamelog.Field) bool { return f.Key == "source" })
		return repl.DescribeRollResult(&c, func(id string) string {
			if t, ok := h.s.Game().Tables().Get(id); ok {
				return t.Title
			}
			return ""
		}, h.def.RollResult)
	case "decision":
		return repl.DescribeDecision(e)
	case "draw":
		return repl.DescribeDraw(e)
	case "reveal":
		return repl.DescribeReveal(e)
	}
	return repl.DescribeFields(e)
}

// stopped writes where the game stopped: the decision it waits for (what
// to type for each option), a pause, or its end.
func (h *harness) stopped(b *strings.Builder) {
	g := h.s.Game()
	if g.Over() {
		if err := g.Err(); err != nil {
			fmt.Fprintf(b, "game stopped: %v\n", err)
			return
		}
		b.WriteString("game over\n")
		return
	}
	p := g.Pending()
	switch {
	case p == nil:
	case p.Pause != "":
		fmt.Fprintf(b, "-- paused: %s\n", p.Pause)
	case p.Decision != nil:
		d := p.Decision
		if h.sides && d.Side != "" && d.Side != engine.TableSide {
			fmt.Fprintf(b, "? [%s] %s:", d.Side, d.Kind) // whose it is, as the prompt says
		} else {
			fmt.Fprintf(b, "? %s:", d.Kind)
		}
		for i := range d.Options {
			sep := ","
			if i == 0 {
				sep = ""
			}
			fmt.Fprintf(b, "%s %s", sep, d.CommandFor(i))
			if i == d.Default {
				b.WriteString(" (default)")
			}
		}
		b.WriteString("\n")
	}
}

// checkLogs replays every log the session wrote: each must give the same
// events, byte for byte (the scenario's games are saves like any other).
func (h *harness) checkLogs() {
	h.t.Helper()
	logs, _ := filepath.Glob(filepath.Join(h.dir, "*.jsonl"))
	for _, path := range logs {
		data, err := os.ReadFile(path)
		if err != nil {
			h.t.Fatal(err)
		}
		lg, err := gamelog.Read(path, bytes.NewReader(data))
		if err != nil {
			h.t.Errorf("the log of a scenario's game does not read: %v", err)
			continue
		}
		g, err := engine.Replay(h.def, lg, 0, engine.Config{})
		if err != nil {
			h.t.Errorf("the log of a scenario's game does not replay: %v", err)
			continue
		}
		var again bytes.Buffer
		if err := g.WriteLog(&again); err != nil {
			h.t.Fatal(err)
		}
		g.Close()
		// The replay checks each logged event against its line; after the
		// last one the game may play on to the next pause or question:
		// what it writes starts with the log.
		if !bytes.HasPrefix(again.Bytes(), data) {
			h.t.Errorf("%s: the replayed game writes a different log%s", filepath.Base(path), firstDiff(data, again.Bytes()))
		}
	}
}

// firstDiff names the first line where two logs differ.
func firstDiff(a, b []byte) string {
	al, bl := strings.Split(string(a), "\n"), strings.Split(string(b), "\n")
	for i := 0; i < len(al) || i < len(bl); i++ {
		var x, y string
		if i < len(al) {
			x = al[i]
		}
		if i < len(bl) {
			y = bl[i]
		}
		if x != y {
			return fmt.Sprintf(" from line %d:\n  log:    %s\n  replay: %s", i+1, x, y)
		}
	}
	return ""
}
