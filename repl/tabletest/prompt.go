package tabletest

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"

	"github.com/schnell-wargames/schnell/engine"
	"github.com/schnell-wargames/schnell/repl"
)

// Prompt plays the game of cfg at the prompt, at a terminal of 80x40, as
// a solo player of side: the other sides are the game's reference player,
// and the player presses only Enter (each question's default) until the
// game ends. After each Enter, what the prompt printed is checked against
// side's secrets then: an event of an enemy the side has not observed must
// not be worded by its name (issue 29: "S141 moves…" for an unspotted
// S-boat). It returns the transcript; a test fails on a secret found, or
// when no secret was ever looked for.
func Prompt(t testing.TB, def *engine.Definition, cfg engine.Config, side string, secrets Secrets) (Report, string) {
	t.Helper()
	var specs []engine.SideSpec
	for _, s := range def.Sides {
		if s != side {
			specs = append(specs, engine.SideSpec{Name: s, Kind: engine.SideReference})
		}
	}
	dir, err := os.MkdirTemp("", "tabletest")
	if err != nil {
		t.Fatal(err)
	}
	defer os.RemoveAll(dir)
	var out bytes.Buffer
	s, err := repl.New(repl.Config{Def: def, Game: cfg, Out: &out, Err: &out, Interactive: true, Sides: specs,
		LogFile: filepath.Join(dir, "g.jsonl"), Columns: func() int { return 80 }, Rows: func() int { return 40 }})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	var rep Report
	for n := 0; !s.Game().Over(); n++ {
		if n > 5000 {
			t.Fatalf("seed %d: 5000 Enters and the game goes on", cfg.Seed)
		}
		from := out.Len()
		if err := s.Exec(""); err != nil {
			t.Fatalf("seed %d: Enter: %v\n%s", cfg.Seed, err, out.String()[max(0, out.Len()-3000):])
		}
		printed := out.String()[from:]
		rep.Looks++
		for _, w := range secrets(s.Game(), side) {
			if w == "" {
				continue
			}
			if i := Word(printed, w); i >= 0 {
				lo, hi := max(i-100, 0), min(i+len(w)+60, len(printed))
				t.Errorf("seed %d: the prompt of the %s player reads %q, which his side has not observed: …%s…", cfg.Seed, side, w, printed[lo:hi])
				return rep, out.String()
			}
			rep.Hidden++
		}
	}
	if rep.Hidden == 0 {
		t.Errorf("seed %d: the %s player never had a secret to keep: the check tests nothing", cfg.Seed, side)
	}
	return rep, out.String()
}
