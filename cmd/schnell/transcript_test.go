package main

import (
	"bytes"
	"flag"
	"math/rand/v2"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/schnell-wargames/schnell/engine"
	"github.com/schnell-wargames/schnell/repl"
	"github.com/schnell-wargames/schnell/schnellboats"
)

var update = flag.Bool("update", false, "rewrite golden files")

// playAtPrompt plays a whole Short campaign through the prompt's commands,
// as a player would type them: `step mission`, the command shown for each
// decision's default, and (physical dice) the faces of "their own" dice.
// It returns the commands typed, the transcript and the log.
func playAtPrompt(t *testing.T, mode engine.Mode) (script []string, transcript, log []byte) {
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
	exec := func(line string) {
		script = append(script, line)
		out.WriteString("> " + line + "\n")
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
			case sp.Percentile:
				v := 1 + hand.IntN(100)
				words = []string{strconv.Itoa(v)}
				if v == 100 {
					words = []string{"00"}
				}
			default:
				for range sp.N {
					f := 1 + hand.IntN(sp.Sides)
					if sp.Sides == 10 && f == 10 && n%2 == 0 {
						f = 0 // a d10's 0 reads 10
					}
					words = append(words, strconv.Itoa(f))
				}
			}
			exec("roll " + strings.Join(words, " "))
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
	return script, out.Bytes(), log
}

func checkTranscript(t *testing.T, mode engine.Mode, golden string) {
	script, transcript, log := playAtPrompt(t, mode)
	if !bytes.Contains(log, []byte(`"type":"campaign_end"`)) {
		t.Fatal("the log has no campaign_end")
	}
	path := filepath.Join("testdata", golden)
	transcript = regexp.MustCompile(`Log: \S+`).ReplaceAll(transcript, []byte("Log: TMP"))
	if *update {
		os.MkdirAll("testdata", 0o755)
		if err := os.WriteFile(path, transcript, 0o644); err != nil {
			t.Fatal(err)
		}
	} else if want, err := os.ReadFile(path); err != nil {
		t.Fatalf("%v (go test ./cmd/schnell -update creates it)", err)
	} else if !bytes.Equal(transcript, want) {
		t.Errorf("the transcript differs from %s (go test ./cmd/schnell -run Transcript -update rewrites it)", path)
	}
	// The commands typed, run again as a script on stdin, give a
	// byte-identical log.
	dir := t.TempDir()
	t.Setenv("XDG_STATE_HOME", dir)
	t.Setenv("XDG_DATA_HOME", dir)
	in := filepath.Join(dir, "script")
	os.WriteFile(in, []byte(strings.Join(script, "\n")+"\n"), 0o644)
	f, _ := os.Open(in)
	defer f.Close()
	again := filepath.Join(dir, "again.jsonl")
	var out, errb bytes.Buffer
	if code := run([]string{"--seed", "21", "--dice", mode.String(), "--log", again}, f, &out, &errb); code != 0 {
		t.Fatalf("the script exits %d: %s", code, errb.String())
	}
	got, _ := os.ReadFile(again)
	if !bytes.Equal(got, log) {
		t.Error("the same commands as a script give a different log")
	}
}

// A Short campaign played to its end at the prompt, digital dice.
func TestTranscriptShortDigital(t *testing.T) {
	checkTranscript(t, engine.Digital, "short-digital.golden")
}

// A Short campaign played to its end at the prompt, physical dice: every
// roll typed as faces (d10 0 = 10, percentile as two faces or a reading).
func TestTranscriptShortPhysical(t *testing.T) {
	checkTranscript(t, engine.Physical, "short-physical.golden")
}

// An illegal order at the prompt is refused with the rule it breaks, and
// nothing changes.
func TestIllegalOrdersRefused(t *testing.T) {
	def, err := schnellboats.Definition()
	if err != nil {
		t.Fatal(err)
	}
	var out bytes.Buffer
	s, err := repl.New(repl.Config{Def: def, Game: engine.Config{Seed: 21}, LogFile: filepath.Join(t.TempDir(), "g.jsonl"), Out: &out, Err: &out})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	seen := map[string]bool{}
	for n := 0; n < 5000 && !s.Game().Over() && len(seen) < 3; n++ {
		p := s.Game().Pending()
		if p == nil || p.Pause != "" {
			if err := s.Exec("step"); err != nil {
				t.Fatal(err)
			}
			continue
		}
		d := p.Decision
		c, _ := schnellboats.CampaignOf(s.Game())
		try := func(cmd, want string) {
			seq := s.Game().Seq()
			err := s.Exec(cmd)
			if err == nil || !strings.Contains(err.Error(), want) {
				t.Fatalf("%s: got %v, want an error containing %q", cmd, err, want)
			}
			if s.Game().Seq() != seq || s.Game().Pending().Decision != d {
				t.Fatalf("%s: a refused order changed the game", cmd)
			}
			seen[want] = true
		}
		switch d.Kind {
		case "attack":
			var b bytes.Buffer
			c.PrintBoard(&b)
			if m := regexp.MustCompile(`\| (m[tg]b-\d) `).FindStringSubmatch(b.String()); m != nil && len(d.Options) > 1 {
				try("torpedo "+m[1], "rule 4.6: torpedoes cannot be fired at an MTB")
			}
			if len(d.Options) == 1 {
				try("fire merchant-1", "")
			}
		case "range":
			names := []string{}
			for _, o := range d.Options {
				names = append(names, o.Name)
			}
			if !strings.Contains(strings.Join(names, " "), "out") {
				try("move out", "rule 4.9")
			}
		}
		if err := s.Exec(d.CommandFor(d.Default)); err != nil {
			t.Fatal(err)
		}
	}
	if !seen["rule 4.6: torpedoes cannot be fired at an MTB"] || !seen["rule 4.9"] {
		t.Errorf("refusals seen: %v", seen)
	}
}
