package enginetest_test

import (
	"bytes"
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/schnell-wargames/schnell/engine"
	"github.com/schnell-wargames/schnell/gamelog"
	"github.com/schnell-wargames/schnell/tables"
)

// frogmen plays Paukenschlag's Frogman Attack (21.2.1): 4 of the 5 Frogman
// Attack markers go into an opaque container — chosen by the Axis player
// if the Italian sub is not detected, by the Allied player if it is — and
// after the OSL/TSL play the Axis player draws one. With the Cant Z-511
// (21.3) all 5 go in. The document does not print the markers' faces: the
// names here stand in for them.
type frogmen struct {
	detected bool
	cant     bool
	drawn    string
}

var frogmanMarkers = []string{"frogman-1", "frogman-2", "frogman-3", "frogman-4", "frogman-5"}

// markers are the markers the table file declares.
func markers(c *engine.Ctx) []string {
	k, _ := c.Tables().Cup("FROGMEN")
	return k.Contents()
}

func (f *frogmen) Play(c *engine.Ctx) {
	if f.cant {
		cup := c.FillCup("FROGMEN")
		f.drawn = c.Draw(engine.Draw{Cup: cup, N: 1, For: "frogman attack", Side: "axis"}).Chits[0]
		return
	}
	chooser := "axis"
	if f.detected {
		chooser = "allied"
	}
	d := &engine.Decision{Kind: "frogman_markers", Side: chooser, Prompt: "Which marker stays out of the container?"}
	all := markers(c)
	for _, m := range all {
		d.Add(m, "leave "+m+" out", "")
	}
	out := c.Decide(d)
	in := slices.Delete(all, out, out+1)
	cup := c.NewCup("FROGMEN", "Frogman Attack markers", in...)
	f.drawn = c.Draw(engine.Draw{Cup: cup, N: 1, For: "frogman attack", Side: "axis"}).Chits[0]
}

func frogmanDef(detected, cant bool) *engine.Definition {
	tabs, err := tables.Load(os.DirFS("testdata/paukenschlag"), &tables.Schema{})
	if err != nil {
		panic(err)
	}
	return &engine.Definition{
		Name:     "frogmen",
		Booklets: []engine.Booklet{{Name: "none", Tables: tabs}},
		Sides:    []string{"axis", "allied"},
		New: func([]gamelog.Option, *tables.Set) (engine.Rules, error) {
			return &frogmen{detected: detected, cant: cant}, nil
		},
	}
}

// 21.2.1: the side that chooses the four markers depends on detection; the
// marker left out is never drawn; the save replays.
func TestPaukenschlagFrogmanMarkers(t *testing.T) {
	for _, tc := range []struct {
		name     string
		detected bool
		chooser  string
	}{
		{"undetected: the Axis player chooses", false, "axis"},
		{"detected: the Allied player chooses", true, "allied"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			for seed := uint64(1); seed <= 20; seed++ {
				def := frogmanDef(tc.detected, false)
				g, err := engine.New(engine.Config{Def: def, Seed: seed})
				if err != nil {
					t.Fatal(err)
				}
				var buf bytes.Buffer
				g.WriteLog(&buf)
				if _, err := g.Step(engine.NoPause); err != nil {
					t.Fatal(err)
				}
				p := g.Pending()
				if p == nil || p.Decision == nil || p.Decision.Side != tc.chooser {
					t.Fatalf("pending = %+v, want the %s player's choice", p, tc.chooser)
				}
				if _, err := g.Choose("frogman-3", engine.ByPlayer, engine.NoPause); err != nil {
					t.Fatal(err)
				}
				got := g.Rules().(*frogmen).drawn
				if got == "frogman-3" || !slices.Contains(frogmanMarkers, got) {
					t.Fatalf("seed %d drew %q with frogman-3 left out", seed, got)
				}
				if !strings.Contains(buf.String(), `"kind":"frogman_markers","side":"`+tc.chooser+`"`) {
					t.Errorf("the log does not say whose choice it was:\n%s", buf.String())
				}
				lg, err := gamelog.Read("f.jsonl", strings.NewReader(buf.String()))
				if err != nil {
					t.Fatal(err)
				}
				if _, err := engine.Replay(def, lg, 0, engine.Config{}); err != nil {
					t.Fatalf("replay: %v", err)
				}
			}
		})
	}
}

// 21.3: with the Cant Z-511 all five markers go in; over many seeds each is
// drawn.
func TestPaukenschlagCantAllFive(t *testing.T) {
	seen := map[string]bool{}
	for seed := uint64(1); seed <= 60; seed++ {
		g, err := engine.New(engine.Config{Def: frogmanDef(false, true), Seed: seed})
		if err != nil {
			t.Fatal(err)
		}
		if _, err := g.Step(engine.NoPause); err != nil {
			t.Fatal(err)
		}
		seen[g.Rules().(*frogmen).drawn] = true
	}
	if len(seen) != 5 {
		t.Errorf("drew %v over 60 seeds, want each of the five", seen)
	}
}
