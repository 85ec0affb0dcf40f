package enginetest

import (
	"slices"
	"strings"
	"testing"

	"github.com/schnell-wargames/schnell/engine"
	"github.com/schnell-wargames/schnell/gamelog"
)

// The sea duel plays whole games by its reference sides: the boats close,
// see each other, fire, and one sinks or the turns run out; a side's
// picture names the enemy only while it sees her.
func TestSeaDuelPlays(t *testing.T) {
	def := SeaDuelDefinition()
	sunk := 0
	for seed := uint64(1); seed <= 20; seed++ {
		g, err := engine.New(engine.Config{Def: def, Seed: seed})
		if err != nil {
			t.Fatal(err)
		}
		g.SetDecider(engine.TakeDefault{})
		hidden, shown := 0, 0
		g.Observe(func(e *gamelog.Event) {
			if e.Type != "move" {
				return
			}
			s := g.Rules().(*SeaDuel)
			p, ok := def.Picture(g, "blue")
			if !ok {
				t.Fatal("no picture")
			}
			text := strings.Join(p.Text(80), "\n")
			if s.Boats[1].Seen {
				shown++
			} else if strings.Contains(text, "S38") {
				t.Fatalf("seed %d turn %d: blue sees S38 unspotted:\n%s", seed, s.Turn, text)
			} else {
				hidden++
			}
		})
		if _, err := g.Step(engine.NoPause); err != nil {
			t.Fatal(err)
		}
		s := g.Rules().(*SeaDuel)
		if !g.Over() || s.Turn < 3 {
			t.Fatalf("seed %d: over %v at turn %d", seed, g.Over(), s.Turn)
		}
		if hidden == 0 || shown == 0 {
			t.Errorf("seed %d: S38 hidden %d times, shown %d", seed, hidden, shown)
		}
		if s.Winner != "" {
			sunk++
		}
		if p, ok := def.Picture(g, "nobody"); ok {
			t.Errorf("a picture for no side: %v", p)
		}
		g.Close()
	}
	if sunk == 0 {
		t.Error("no boat sank in 20 duels")
	}
	g, _ := engine.New(engine.Config{Def: def, Options: []gamelog.Option{{Name: "table", Value: "physical"}}})
	if _, ok := def.Picture(g, "referee"); ok {
		t.Error("a picture of a physical table")
	}
}

type watch struct {
	events, pauses []int // seq of each event; the events made at each pause
}

func (w *watch) Event(g *engine.Game, e *gamelog.Event) { w.events = append(w.events, e.Seq) }
func (w *watch) Pause(g *engine.Game, name string, level int) {
	if name == "turn" {
		w.pauses = append(w.pauses, g.Seq())
	}
}

// Config.Watch sees every event and every pause, whether the game is
// played through without stopping or replayed from its log.
func TestWatch(t *testing.T) {
	def := SeaDuelDefinition()
	var played watch
	g, err := engine.New(engine.Config{Def: def, Seed: 5, Watch: &played})
	if err != nil {
		t.Fatal(err)
	}
	g.SetDecider(engine.TakeDefault{})
	if _, err := g.Step(engine.NoPause); err != nil || !g.Over() {
		t.Fatal(err, g.Over())
	}
	turns := g.Rules().(*SeaDuel).Turn - 1
	if len(played.events) != g.Seq() || len(played.pauses) != turns || turns < 2 {
		t.Fatalf("played: %d events of %d, %d pauses of %d turns", len(played.events), g.Seq(), len(played.pauses), turns)
	}
	var replayed watch
	r, err := engine.Replay(def, g.AsLog(), 0, engine.Config{Watch: &replayed})
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(played.events, replayed.events) || !slices.Equal(played.pauses, replayed.pauses) {
		t.Errorf("replayed: %v %v, played %v %v", replayed.events, replayed.pauses, played.events, played.pauses)
	}
	r.Close()
	g.Close()
}
