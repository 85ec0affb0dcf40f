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

// supportDraws plays the Battle of the Scheldt's support-fire draws (14.0)
// for some turns: each side draws its markers hidden from the other at the
// start of the turn (turn 1: Allied 11, German 6), plays some (the rules
// here play the first one drawn, which reveals it), and returns them all
// at the end of the turn.
type supportDraws struct {
	turns int
	held  map[string][]string // after the last turn's draws
}

// drawsOnTrack is the number of markers each side draws by turn; turn 1 is
// the document's, the later turns stand in for the Turn Record Track.
var drawsOnTrack = map[string][]int{"allied": {11, 9, 8}, "german": {6, 5, 5}}

func (s *supportDraws) Play(c *engine.Ctx) {
	pools := map[string]*engine.Cup{"allied": c.FillCup("SF-ALLIED"), "german": c.FillCup("SF-GERMAN")}
	s.held = map[string][]string{}
	for turn := 1; turn <= s.turns; turn++ {
		var drawn []engine.Drawn
		for _, side := range []string{"allied", "german"} {
			d := c.Draw(engine.Draw{Cup: pools[side], N: drawsOnTrack[side][turn-1], For: "support fire, turn " + string(rune('0'+turn)), Side: side, Hidden: true})
			drawn = append(drawn, d)
			s.held[side] = d.Chits
		}
		c.Reveal(drawn[0], drawn[0].Chits[0]) // the Allies play a marker in an attack
		c.Pause("turn", 1)
		for i, side := range []string{"allied", "german"} {
			pools[side].Add(drawn[i].Chits...) // 14.0: all markers return to the pool
		}
	}
}

func scheldtDef(t *testing.T) *engine.Definition {
	t.Helper()
	tabs, err := tables.Load(os.DirFS("testdata/scheldt"), &tables.Schema{})
	if err != nil {
		t.Fatal(err)
	}
	return &engine.Definition{
		Name:     "scheldt-support",
		Booklets: []engine.Booklet{{Name: "scheldt", Tables: tabs}},
		Sides:    []string{"allied", "german"},
		New: func([]gamelog.Option, *tables.Set) (engine.Rules, error) {
			return &supportDraws{turns: 3}, nil
		},
	}
}

// Rule 14.0: on turn 1 the Allied player draws 11 markers and the German
// player 6, from their own pools, hidden from each other; all go back at the
// end of the turn. A save replays the hidden draws exactly.
func TestScheldtSupportFireDraws(t *testing.T) {
	def := scheldtDef(t)
	cup, _ := def.Booklets[0].Tables.Cup("SF-ALLIED")
	if cup.Size() != 14 || len(cup.Chits) != 3 || cup.Chits[1].Name != "+2" || cup.Chits[1].Count != 5 {
		t.Fatalf("SF-ALLIED = %+v", cup)
	}
	g, err := engine.New(engine.Config{Def: def, Seed: 14})
	if err != nil {
		t.Fatal(err)
	}
	g.SetSideDecider("german", &orders{}) // a script plays the Germans
	var buf bytes.Buffer
	g.WriteLog(&buf)
	if _, err := g.Step(0); err != nil {
		t.Fatal(err)
	}
	// Turn 1, before the markers go back.
	r := g.Rules().(*supportDraws)
	if len(r.held["allied"]) != 11 || len(r.held["german"]) != 6 {
		t.Fatalf("turn 1 draws: allied %d, german %d; want 11 and 6", len(r.held["allied"]), len(r.held["german"]))
	}
	for _, k := range g.Cups() {
		want := map[string]int{"SF-ALLIED": 3, "SF-GERMAN": 2}[k.ID]
		if k.Len() != want {
			t.Errorf("%s holds %d during turn 1, want %d", k.ID, k.Len(), want)
		}
	}
	// The prompt plays the Allies here: it sees their pool, not the German.
	if _, known := g.CupSeen(g.Cups()[1], engine.AtPrompt); known {
		t.Errorf("the German pool tells the Allied player what the Germans drew")
	}
	if _, err := g.Step(engine.NoPause); err != nil {
		t.Fatal(err)
	}
	for _, k := range g.Cups() {
		full, _ := def.Booklets[0].Tables.Cup(k.ID)
		if got, want := sorted(k.Chits()), sorted(full.Contents()); !slices.Equal(got, want) {
			t.Errorf("%s after the game = %v, want every marker back: %v", k.ID, got, want)
		}
	}
	lg, err := gamelog.Read("scheldt.jsonl", strings.NewReader(buf.String()))
	if err != nil {
		t.Fatal(err)
	}
	rg, err := engine.Replay(def, lg, 0, engine.Config{})
	if err != nil {
		t.Fatal(err)
	}
	var out bytes.Buffer
	rg.WriteLog(&out)
	if out.String() != buf.String() {
		t.Errorf("replay differs:\n%s\n---\n%s", out.String(), buf.String())
	}
}

// With physical dice the Allied player draws from the real container and
// types the markers; the German draws, which a decider plays, are the
// program's.
func TestScheldtSupportFireDrawsPhysical(t *testing.T) {
	def := scheldtDef(t)
	g, err := engine.New(engine.Config{Def: def, Seed: 14, Mode: engine.Physical})
	if err != nil {
		t.Fatal(err)
	}
	g.SetSideDecider("german", &orders{})
	var buf bytes.Buffer
	g.WriteLog(&buf)
	if _, err := g.Step(0); err != nil {
		t.Fatal(err)
	}
	p := g.Pending()
	if p == nil || p.Draw == nil || p.Draw.N != 11 || p.Draw.Side != "allied" {
		t.Fatalf("pending = %+v, want the Allied draw of 11", p)
	}
	if _, err := g.DrawChits(strings.Fields("+3 +3 +3 +3 +1 +1 +1 +1 +1 +1 +2"), 0); err == nil || !strings.Contains(err.Error(), "fewer +3") {
		t.Errorf("four +3 from a pool of three: err = %v", err)
	}
	evs, err := g.DrawChits(strings.Fields("+3 +3 +3 +1 +1 +1 +1 +1 +1 +2 +2"), 0)
	if err != nil {
		t.Fatal(err)
	}
	if got := line(evs[0]); !strings.Contains(got, `"side":"allied","hidden":true,"chits":["+3","+3","+3","+1","+1","+1","+1","+1","+1","+2","+2"]}`) {
		t.Errorf("allied draw = %s", got)
	}
	if got := line(evs[1]); !strings.Contains(got, `"side":"german","hidden":true,"chits":[`) || !strings.HasSuffix(got, `"source":"generator"}`) {
		t.Errorf("german draw = %s", got)
	}
	if m := g.Mask(&evs[1], engine.AtPrompt); !strings.Contains(line(m), `"chits":["?","?","?","?","?","?"]`) {
		t.Errorf("the German draw as the Allied player sees it: %s", line(m))
	}
	for g.Pending() != nil && !g.Over() {
		if g.Pending().Draw != nil {
			if _, err := g.DrawGenerator(0); err != nil {
				t.Fatal(err)
			}
			continue
		}
		if _, err := g.Step(0); err != nil {
			t.Fatal(err)
		}
	}
	lg, err := gamelog.Read("scheldt.jsonl", strings.NewReader(buf.String()))
	if err != nil {
		t.Fatal(err)
	}
	rg, err := engine.Replay(def, lg, 0, engine.Config{})
	if err != nil {
		t.Fatal(err)
	}
	var out bytes.Buffer
	rg.WriteLog(&out)
	if out.String() != buf.String() {
		t.Errorf("replay differs:\n%s\n---\n%s", out.String(), buf.String())
	}
}

func sorted(s []string) []string { slices.Sort(s); return s }
