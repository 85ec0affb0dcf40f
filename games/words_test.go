package games

import (
	"bytes"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"testing"

	"github.com/schnell-wargames/schnell/engine"
	"github.com/schnell-wargames/schnell/gamelog"
	"github.com/schnell-wargames/schnell/repl"
	"github.com/schnell-wargames/schnell/repl/scenario"
	"github.com/schnell-wargames/schnell/repl/wordedtest"
)

// strictWords are the games whose internal names fail TestPlayersWords;
// for the others the test lists them (go test ./games -run
// TestPlayersWords/GAME -v). A game's owner turns it on once the list is
// empty (issue 25 item 4).
var strictWords = map[string]bool{
	"schnellboats": true,
	"scheldt":      true,
	"paukenschlag": true,
	"coastal":      true,
	"schnellrules": true,
}

// scenarioDirs are each game's rule scenarios, and whether they show the
// side of a decision.
var scenarioDirs = map[string]struct {
	dir   string
	sides bool
}{
	"schnellboats": {"../schnellboats/testdata/rules", true},
	"scheldt":      {"../scheldt/testdata/rules", false},
	"paukenschlag": {"../paukenschlag/testdata/rules", false},
	"coastal":      {"../coastal/testdata/rules", false},
	"schnellrules": {"../schnellrules/testdata/rules", true},
}

// Issue 25 item 4: the player's words everywhere. For every game, what the
// prompt prints — events, questions and their answers, pauses, status,
// the game's views, messages — over its rule scenarios (every event type
// and decision kind they reach) and whole games played at the prompt
// (each question shown and answered with its default, the views looked at
// along the way) holds no internal name: no snake_case, no key=value, no
// "(s)". Decision kinds, option names and event names keep their names in
// logs, the log-format docs and the Lua API.
func TestPlayersWords(t *testing.T) {
	if testing.Short() {
		t.Skip("short")
	}
	for _, g := range All {
		t.Run(g.Name, func(t *testing.T) {
			def, err := g.Def()
			if err != nil {
				t.Fatal(err)
			}
			strict, ok := strictWords[g.Name]
			sc, ok2 := scenarioDirs[g.Name]
			if !ok || !ok2 {
				t.Fatalf("%s is not in strictWords and scenarioDirs: add it", g.Name)
			}
			w := wordedtest.NewWords()
			t.Run("scenarios", func(t *testing.T) {
				scenario.Run(t, sc.dir, scenario.Config{Def: def, Sides: sc.sides, Watch: w.Watch, NoCompare: true})
			})
			playShown(t, def, w, 1)
			w.Report(t, strict)
			var kinds, types []string
			for k := range w.Kinds {
				kinds = append(kinds, k)
			}
			for k := range w.Types {
				types = append(types, k)
			}
			sort.Strings(kinds)
			sort.Strings(types)
			t.Logf("read over %d decision kinds (%s) and %d event types", len(kinds), strings.Join(kinds, ", "), len(types))
			if len(kinds) == 0 || len(types) < 5 {
				t.Errorf("the walk met %d decision kinds and %d event types: is it playing?", len(kinds), len(types))
			}
		})
	}
}

// playShown plays a whole game of def at the prompt, piped at 80 columns,
// as a player would who reads every question and takes its default
// (typed as its number, or for the table its command), looking at
// `status`, `orders`, `saved` and each of the game's own commands at the
// start, now and then, and at the end; w reads all it prints.
func playShown(t *testing.T, def *engine.Definition, w *wordedtest.Words, seed uint64) {
	t.Helper()
	var out bytes.Buffer
	s, err := repl.New(repl.Config{Def: def, Game: engine.Config{Seed: seed}, LogDir: t.TempDir(),
		LogFile: filepath.Join(t.TempDir(), "g.jsonl"), Out: &out, Err: &out})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	exec := func(line string) error {
		out.Reset()
		err := s.Exec(line)
		printed := out.String()
		if err != nil {
			printed += "Error: " + err.Error() + "\n"
		}
		w.Check(line, printed)
		w.Check("the prompt after "+line, s.Prompt()) // as a terminal shows it
		return err
	}
	views := func() {
		for _, v := range []string{"status", "orders", "saved", "log 5"} {
			exec(v)
		}
		for _, c := range def.Commands {
			if p := s.Game().Pending(); p != nil && p.Decision != nil {
				continue // an order with no arguments may answer it
			}
			exec(c.Name)
		}
	}
	views()
	pauses := 0
	for n := 0; !s.Game().Over(); n++ {
		if n == maxAnswers {
			t.Logf("seed %d: the walk stops after %d lines, the game not over", seed, n)
			break
		}
		if p := s.Game().Pending(); p != nil && p.Pause != "" {
			if pauses++; pauses%25 == 1 {
				views()
			}
		}
		p := s.Game().Pending()
		if p == nil || p.Decision == nil {
			if err := exec("step"); err != nil {
				t.Logf("seed %d: step: %v: the walk stops here", seed, err)
				break
			}
			w.Note(s)
			continue
		}
		// The default, then the other options, each with the values it
		// asks for.
		d, answered := p.Decision, false
		for _, i := range answerOrder(d) {
			line := "choose " + strconv.Itoa(i+1) + argWords(d.Options[i].Args, n)
			if d.Side == engine.TableSide && len(d.Options[i].Args) == 0 {
				line = d.CommandFor(i)
			}
			if exec(line) == nil {
				answered = true
				break
			}
		}
		if !answered {
			t.Logf("seed %d: no answer to %s is taken: the walk stops here", seed, d.Kind)
			break
		}
		w.Note(s)
	}
	views()
}

// maxAnswers bounds a walk: a game that asks for more (a set-up that
// takes any number of vessels) is read that far.
const maxAnswers = 1500

// answerOrder is the order the walk tries a decision's options in: the
// default, the others that ask for no values, then those that do.
func answerOrder(d *engine.Decision) []int {
	out := []int{d.Default}
	for _, withArgs := range []bool{false, true} {
		for i, o := range d.Options {
			if i != d.Default && (len(o.Args) > 0) == withArgs {
				out = append(out, i)
			}
		}
	}
	return out
}

// argWords are values for an option's arguments: each one's default, else
// the middle of its range, one of its ids in turn, no, or a new name.
func argWords(args []engine.Arg, n int) string {
	var b strings.Builder
	for _, a := range args {
		b.WriteByte(' ')
		switch {
		case a.Default.Kind != gamelog.KNull:
			b.WriteString(valueWord(a.Default))
		case a.Kind == engine.ArgInt:
			b.WriteString(strconv.Itoa((a.Min + a.Max) / 2))
		case a.Kind == engine.ArgID && len(a.IDs) > 0:
			b.WriteString(a.IDs[n%len(a.IDs)])
		case a.Kind == engine.ArgYes:
			b.WriteString("no")
		default:
			b.WriteString("W" + strconv.Itoa(n))
		}
	}
	return b.String()
}

func valueWord(v gamelog.Value) string {
	switch v.Kind {
	case gamelog.KInt:
		return strconv.Itoa(v.I)
	case gamelog.KBool:
		if v.B {
			return "yes"
		}
		return "no"
	}
	return repl.Quote(v.S)
}

// Issue 25 item 4: every game's `help` lists `saved` and `orders`; each
// game's `help` examples are its own, and work: the
// `lua` examples read that game's view once it has started (and `lua game`
// before the first step says to step first).
func TestHelpExamplesAreTheGames(t *testing.T) {
	for _, g := range All {
		t.Run(g.Name, func(t *testing.T) {
			def, err := g.Def()
			if err != nil {
				t.Fatal(err)
			}
			var out bytes.Buffer
			s, err := repl.New(repl.Config{Def: def, Game: engine.Config{Seed: 1}, LogFile: filepath.Join(t.TempDir(), "g.jsonl"), Out: &out, Err: &out})
			if err != nil {
				t.Fatal(err)
			}
			defer s.Close()
			if err := s.Exec("help"); err != nil {
				t.Fatal(err)
			}
			for _, c := range []string{"saved", "orders"} {
				if !regexp.MustCompile(`(?m)^  ` + c + `\b`).MatchString(out.String()) {
					t.Errorf("help does not list %s:\n%s", c, out.String())
				}
			}
			out.Reset()
			if err := s.Exec("help lua"); err != nil {
				t.Fatal(err)
			}
			examples := regexp.MustCompile("`(lua [^`]+)`").FindAllStringSubmatch(strings.ReplaceAll(out.String(), "\n    ", " "), -1)
			if len(examples) == 0 {
				t.Fatalf("help lua shows no example:\n%s", out.String())
			}
			if err := s.Exec(examples[0][1]); err == nil || !strings.Contains(err.Error(), "`step` first") {
				t.Errorf("%s before the first step: %v", examples[0][1], err)
			}
			if err := s.Exec("step"); err != nil {
				t.Fatal(err)
			}
			for i, ex := range examples {
				out.Reset()
				err := s.Exec(ex[1])
				// The first reads a field every game under way has; a list
				// may be empty yet (a battle whose vessels are not set up).
				if err != nil || i == 0 && (strings.TrimSpace(out.String()) == "" || strings.TrimSpace(out.String()) == "nil") {
					t.Errorf("%s, the example help lua gives: %v %q", ex[1], err, out.String())
				}
			}
		})
	}
}
