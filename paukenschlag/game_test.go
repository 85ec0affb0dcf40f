package paukenschlag

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/schnell-wargames/schnell/engine"
	"github.com/schnell-wargames/schnell/gamelog"
	"github.com/schnell-wargames/schnell/repl"
)

func definition(t *testing.T) *engine.Definition {
	t.Helper()
	def, err := Definition()
	if err != nil {
		t.Fatal(err)
	}
	return def
}

// autoLog plays a whole game with every variant, the checklist taking each
// default, and returns its log.
func autoLog(t *testing.T, seed uint64) []byte {
	t.Helper()
	g, err := engine.New(engine.Config{Def: definition(t), Seed: seed})
	if err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	if err := g.WriteLog(&buf); err != nil {
		t.Fatal(err)
	}
	if err := g.PlayOut(engine.TakeDefault{}, nil); err != nil {
		t.Fatal(err)
	}
	if err := g.Close(); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

// Determinism: the same seed and decisions give a byte-identical log; the
// logs replay.
func TestSameSeedSameLog(t *testing.T) {
	for seed := uint64(1); seed <= 5; seed++ {
		a, b := autoLog(t, seed), autoLog(t, seed)
		if !bytes.Equal(a, b) {
			t.Fatalf("seed %d: two games differ", seed)
		}
		if bytes.Equal(a, autoLog(t, seed+100)) {
			t.Errorf("seeds %d and %d gave the same log", seed, seed+100)
		}
		lg, err := gamelog.Read("auto.jsonl", bytes.NewReader(a))
		if err != nil {
			t.Fatal(err)
		}
		if _, err := engine.Replay(definition(t), lg, 0, engine.Config{}); err != nil {
			t.Errorf("seed %d: replay: %v", seed, err)
		}
	}
}

// playFile plays testdata/game.txt at the prompt's dispatcher with
// physical dice, as typed or piped, and returns the log.
func playFile(t *testing.T) []byte {
	t.Helper()
	lines, err := os.ReadFile("testdata/game.txt")
	if err != nil {
		t.Fatal(err)
	}
	log := filepath.Join(t.TempDir(), "game.jsonl")
	var out bytes.Buffer
	opts := []gamelog.Option{{Name: "turns", Value: "5"}}
	s, err := repl.New(repl.Config{Def: definition(t), Game: engine.Config{Seed: 7, Mode: engine.Physical, Options: opts},
		LogFile: log, Out: &out, Err: &out})
	if err != nil {
		t.Fatal(err)
	}
	for i, line := range strings.Split(strings.TrimSpace(string(lines)), "\n") {
		if err := s.Exec(line); err != nil {
			t.Fatalf("testdata/game.txt:%d: %s: %v\n%s", i+1, line, err, out.String())
		}
	}
	if err := s.Close(); err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{
		"21.5.3 U-87 must surface and can no longer submerge",
		"21.2.1 Frogman attack on DH: marker marker-2, it SUCCEEDS",
		"21.5.3 U-87 repair: DR 2+0 against MSF 3: repaired, re-enters on turn 7.",
		"The game ends after turn 5",
	} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("the game does not say %q:\n%s", want, out.String())
		}
	}
	b, err := os.ReadFile(log)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// A game of five turns with every variant, played with physical dice
// (entries, a contact with its grid squares and TSL box, an ASW and a
// surface hit that make U-87 surface, a frogman attack, a repair): the
// same commands give the same log; the log replays; a changed die is
// found.
func TestPhysicalGameReplays(t *testing.T) {
	a, b := playFile(t), playFile(t)
	if !bytes.Equal(a, b) {
		t.Fatal("the same commands gave two logs")
	}
	lg, err := gamelog.Read("game.jsonl", bytes.NewReader(a))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := engine.Replay(definition(t), lg, 0, engine.Config{}); err != nil {
		t.Fatalf("replay: %v", err)
	}
	const die = `"for":"asw2-U-87","dice":"1D10","faces":[4],"total":4`
	if !bytes.Contains(a, []byte(die)) {
		t.Fatalf("the log has no %s", die)
	}
	bad := bytes.Replace(a, []byte(die), []byte(`"for":"asw2-U-87","dice":"1D10","faces":[5],"total":5`), 1)
	lg, err = gamelog.Read("bad.jsonl", bytes.NewReader(bad))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := engine.Replay(definition(t), lg, 0, engine.Config{}); err == nil {
		t.Error("a changed die replays")
	} else if !strings.Contains(err.Error(), "line") {
		t.Errorf("the divergence does not name the line: %v", err)
	}
}

// A whole ten-turn game with every variant, the checklist deciding, no log.
func BenchmarkAutoGame(b *testing.B) {
	def, err := Definition()
	if err != nil {
		b.Fatal(err)
	}
	for i := 0; i < b.N; i++ {
		g, err := engine.New(engine.Config{Def: def, Seed: uint64(i)})
		if err != nil {
			b.Fatal(err)
		}
		if err := g.PlayOut(engine.TakeDefault{}, nil); err != nil {
			b.Fatal(err)
		}
	}
}

// 21.2: the Barbarigo's entry turn is rolled before turn 1. While that
// roll waits, `status` does not say it "enters turn 0"; when the roll sends
// it past the last turn, it says it never enters (not "enters turn 11").
func TestStatusBarbarigoEntryTurn(t *testing.T) {
	for _, tt := range []struct {
		faces []string
		want  string
	}{
		{nil, "Barbarigo: its entry turn is rolled before turn 1"},
		{[]string{"10"}, "Barbarigo: never enters: its roll gave turn 11, after the game's last turn (10)."},
		{[]string{"3"}, "Barbarigo: enters on turn 4, at DH or DT."},
	} {
		g, err := engine.New(engine.Config{Def: definition(t), Seed: 1, Mode: engine.Physical})
		if err != nil {
			t.Fatal(err)
		}
		if _, err := g.Step(1); err != nil {
			t.Fatal(err)
		}
		if p := g.Pending(); p == nil || p.Roll == nil {
			t.Fatalf("the game waits for %+v, not the Barbarigo's roll", p)
		}
		if tt.faces != nil {
			if _, err := g.RollFaces(tt.faces, 1); err != nil {
				t.Fatal(err)
			}
		}
		var out bytes.Buffer
		if err := status(g, &out); err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(out.String(), tt.want) || strings.Contains(out.String(), "turn 0") {
			t.Errorf("faces %v: the status says\n%s\nwant %q", tt.faces, out.String(), tt.want)
		}
	}
}
