package main

import (
	"bytes"
	"flag"
	"io"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/schnell-wargames/schnell/engine"
	"github.com/schnell-wargames/schnell/repl"
	"github.com/schnell-wargames/schnell/schnellboats"
)

var update = flag.Bool("update", false, "rewrite golden files")

// What the prompt prints for each rule is checked by the scenarios of
// schnellboats/testdata/rules (and the kernel's wording by repl's toy
// transcripts); the refusals of illegal orders are cases there too. This
// file keeps what only a whole game at the prompt shows: the commands a
// player typed are a command file that plays the same game again.

// playAtPrompt plays a whole Short campaign through the prompt's commands,
// as a player would type them: `step mission`, the command shown for each
// decision's default, and (physical dice) the faces of "their own" dice.
// It returns the commands typed, the ways faces were typed, and the log.
func playAtPrompt(t *testing.T, mode engine.Mode) (script []string, typed map[string]bool, log []byte) {
	t.Helper()
	def, err := schnellboats.Definition()
	if err != nil {
		t.Fatal(err)
	}
	var out bytes.Buffer
	logPath := filepath.Join(t.TempDir(), "short.jsonl")
	s, err := repl.New(repl.Config{Def: def, Game: engine.Config{Seed: 21, Mode: mode}, LogFile: logPath, Out: &out, Err: &out})
	if err != nil {
		t.Fatal(err)
	}
	hand := rand.New(rand.NewPCG(5, 6)) // the player's own dice
	typed = map[string]bool{}
	exec := func(line string) {
		script = append(script, line)
		out.Reset()
		if err := s.Exec(line); err != nil {
			t.Fatalf("%s: %v\n%s", line, err, out.String())
		}
	}
	for n := 0; !s.Game().Over(); n++ {
		if n > 20000 {
			t.Fatal("the campaign does not end")
		}
		p := s.Game().Pending()
		switch {
		case p == nil || p.Pause != "":
			exec("step mission")
		case p.Roll != nil:
			sp := p.Roll.Spec
			var words []string
			switch {
			case sp.Percentile && n%2 == 0:
				words = []string{strconv.Itoa(hand.IntN(10)), strconv.Itoa(hand.IntN(10))}
				typed["percentile as two faces"] = true
			case sp.Percentile:
				v := 1 + hand.IntN(100)
				words = []string{strconv.Itoa(v)}
				typed["percentile as a reading"] = true
				if v == 100 {
					words = []string{"00"}
				}
			default:
				for range sp.N {
					f := 1 + hand.IntN(sp.Sides)
					if sp.Sides == 10 && f == 10 && n%2 == 0 {
						f = 0 // a d10's 0 reads 10
						typed["a d10's 10 as 0"] = true
					}
					words = append(words, strconv.Itoa(f))
				}
			}
			exec("roll " + strings.Join(words, " "))
		case p.Draw != nil: // the draw cup (4.6): the order drawn from the player's own cup
			chits := append([]string(nil), p.Draw.In...)
			hand.Shuffle(len(chits), func(i, j int) { chits[i], chits[j] = chits[j], chits[i] })
			exec("draw " + strings.Join(chits[:p.Draw.N], " "))
			typed["a draw"] = true
		default:
			d := p.Decision
			exec(d.CommandFor(d.Default))
		}
	}
	for _, v := range []string{"status", "crew", "squadron", "log 3"} {
		exec(v)
	}
	s.Close()
	log, err = os.ReadFile(logPath)
	if err != nil {
		t.Fatal(err)
	}
	return script, typed, log
}

// A Short campaign played to its end at the prompt; the commands typed,
// run again as a command file on stdin, give a byte-identical log. With
// physical dice every roll is typed as faces: a d10's 0, a percentile roll
// as its two faces and as the reading.
func TestPromptCommandsReplay(t *testing.T) {
	for _, mode := range []engine.Mode{engine.Digital, engine.Physical} {
		t.Run(mode.String(), func(t *testing.T) {
			script, typed, log := playAtPrompt(t, mode)
			if !bytes.Contains(log, []byte(`"type":"campaign_end"`)) {
				t.Fatal("the log has no campaign_end")
			}
			if mode == engine.Physical {
				for _, form := range []string{"a d10's 10 as 0", "percentile as two faces", "percentile as a reading", "a draw"} {
					if !typed[form] {
						t.Errorf("no roll typed as %s", form)
					}
				}
			}
			dir := t.TempDir()
			again := filepath.Join(dir, "again.jsonl")
			var out, errb bytes.Buffer
			if code := runCommandFile(t, dir, script, &out, &errb, "--seed", "21", "--dice", mode.String(), "--log", again); code != 0 {
				t.Fatalf("the command file exits %d: %s", code, errb.String())
			}
			got, err := os.ReadFile(again)
			if err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(got, log) {
				t.Errorf("the same commands as a command file give a different log (%d bytes, want %d)", len(got), len(log))
			}
		})
	}
}

// runCommandFile runs schnell with args, its input a file of lines, in
// dir as its state and data directories, and returns the exit code.
func runCommandFile(t *testing.T, dir string, lines []string, out, errw io.Writer, args ...string) int {
	t.Helper()
	t.Setenv("XDG_STATE_HOME", dir)
	t.Setenv("XDG_DATA_HOME", dir)
	in := filepath.Join(dir, "script")
	if err := os.WriteFile(in, []byte(strings.Join(lines, "\n")+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	f, err := os.Open(in)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	return run(args, f, out, errw)
}
