package schnellrules_test

import (
	"fmt"
	"os"
	"testing"

	"github.com/schnell-wargames/schnell/engine"
	"github.com/schnell-wargames/schnell/gamelog"
	"github.com/schnell-wargames/schnell/repl/tabletest"
	"github.com/schnell-wargames/schnell/schnellrules"
)

// secrets are the ids and classes of the enemy vessels side has not
// spotted this turn (a class it knows by another vessel is none).
func secrets(g *engine.Game, side string) []string {
	b := g.Rules().(*schnellrules.Battle)
	var out []string
	for _, x := range b.Vessels {
		if x.Side == side || !x.Afloat() || x.Seen[sideOf(side)] {
			continue
		}
		out = append(out, x.ID)
		known := false
		for _, y := range b.Vessels {
			known = known || y.Class == x.Class && (y.Side == side || y.Seen[sideOf(side)] || !y.Afloat())
		}
		if !known {
			out = append(out, x.Class.ID)
		}
	}
	return out
}

// Issue 29: a solo player on the virtual table, the other side the
// reference captain, reads at the prompt only what his side is told
// (Definition.Told): an event of an enemy he has not spotted this turn
// does not name it.
func TestPromptHidesUnspotted(t *testing.T) {
	def := definition(t)
	for k, opts := range [][]gamelog.Option{
		{{Name: "table", Value: "virtual"}},
		{{Name: "table", Value: "virtual"}, {Name: "starshells", Value: "on"}, {Name: "visibility", Value: "on"}, {Name: "torpedo_markers", Value: "on"}},
	} {
		for _, side := range schnellrules.Sides {
			for seed := uint64(1); seed <= 3; seed++ {
				_, out := tabletest.Prompt(t, def, engine.Config{Seed: seed, Options: opts}, side, secrets)
				if p := os.Getenv("SCHNELLRULES_PROMPT_OUT"); p != "" {
					os.WriteFile(fmt.Sprintf("%s.%d.%s.%d", p, k, side, seed), []byte(out), 0o644)
				}
			}
		}
	}
}

// Told and Unseen at the set-up, an Allied vessel spotted by the Axis and
// none of theirs by the Allies: the Axis' gunfire at an Allied vessel is not told to the Allies, who read it with
// the shooter named by its marker; its move they do not read at all; the
// Axis are told their own gunfire whole. On the player's own table every
// event is told.
func TestUnseenNamesTheMarker(t *testing.T) {
	def := definition(t)
	g, err := engine.New(engine.Config{Def: def, Seed: 1, Options: []gamelog.Option{{Name: "table", Value: "virtual"}}})
	if err != nil {
		t.Fatal(err)
	}
	defer g.Close()
	if _, err := g.Step(engine.NoPause); err != nil {
		t.Fatal(err)
	}
	b := g.Rules().(*schnellrules.Battle)
	var ally, axis *schnellrules.Vessel
	for _, v := range b.Vessels {
		switch {
		case v.Side == schnellrules.Sides[0] && ally == nil:
			ally = v
		case v.Side == schnellrules.Sides[1] && axis == nil:
			axis = v
		}
	}
	if ally == nil || axis == nil || axis.Place == nil || axis.Seen[0] {
		t.Fatalf("the quick battle's set-up: %+v %+v", ally, axis)
	}
	ally.Seen[1] = true // the Axis have spotted her: they may fire
	fire := gamelog.Event{Seq: 999, Type: "gunfire", Fields: []gamelog.Field{gamelog.Str("shooter", axis.ID), gamelog.Str("weapon", "40mm:1"),
		gamelog.Str("target", ally.ID), gamelog.Bool("hit", true)}}
	if def.Told(g, &fire, "allies") || !def.Told(g, &fire, "axis") {
		t.Error("the Axis' gunfire is told to the Allies, or not to the Axis")
	}
	u, ok := def.Unseen(g, &fire, "allies")
	if !ok || u.Str("shooter") != axis.Place.Marker || u.Str("target") != ally.ID || fire.Str("shooter") != axis.ID {
		t.Errorf("the Allies read %v (%v), want the shooter as %s", u, ok, axis.Place.Marker)
	}
	move := gamelog.Event{Seq: 999, Type: "move", Fields: []gamelog.Field{gamelog.Str("vessel", axis.ID), gamelog.Int("x", 1)}}
	if def.Told(g, &move, "allies") {
		t.Error("an unspotted vessel's move is told")
	}
	if _, ok := def.Unseen(g, &move, "allies"); ok {
		t.Error("an unspotted vessel's move is read")
	}
	p, _ := engine.New(engine.Config{Def: def, Seed: 1})
	defer p.Close()
	p.Step(engine.NoPause)
	if !def.Told(p, &fire, "allies") {
		t.Error("on the player's own table an event is not told")
	}
}

// A side's view (a script playing it) read at every event of the set-up,
// between an enemy vessel's `vessel` event and its `placed` one, holds no
// marker for it and does not fail (it read a place not yet made).
func TestViewAsDuringTheSetUp(t *testing.T) {
	def := definition(t)
	g, err := engine.New(engine.Config{Def: def, Seed: 1, Options: []gamelog.Option{{Name: "table", Value: "virtual"}}})
	if err != nil {
		t.Fatal(err)
	}
	defer g.Close()
	looked := 0
	g.Observe(func(e *gamelog.Event) {
		if e.Type != "vessel" {
			return
		}
		for _, side := range schnellrules.Sides {
			engine.ViewFields(def.ViewAs(g.Rules(), side))
			looked++
		}
	})
	if _, err := g.Step(engine.NoPause); err != nil {
		t.Fatal(err)
	}
	if looked == 0 {
		t.Error("no vessel event was seen")
	}
}
