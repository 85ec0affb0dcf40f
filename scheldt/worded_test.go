package scheldt

import (
	"bytes"
	"testing"

	"github.com/schnell-wargames/schnell/engine"
	"github.com/schnell-wargames/schnell/gamelog"
	"github.com/schnell-wargames/schnell/repl/wordedtest"
)

// wholeGames prints whole games (each order its default, a few seeds)
// through c.
func wholeGames(t *testing.T, c *wordedtest.Catcher) {
	for seed := uint64(1); seed <= 4; seed++ {
		eg, err := engine.New(engine.Config{Def: def(t), Seed: seed})
		if err != nil {
			t.Fatal(err)
		}
		var b bytes.Buffer
		if err := eg.PlayOut(engine.TakeDefault{}, &b); err != nil {
			t.Fatal(err)
		}
		lg, err := gamelog.Read("game", &b)
		if err != nil {
			t.Fatal(err)
		}
		if n := len(c.Print(lg.Events)); n < 100 {
			t.Fatalf("seed %d: only %d lines printed", seed, n)
		}
	}
	c.Print(unplayed)
}

// unplayed are events no scenario or game here makes, as the rules make
// them (combat.go: an attack from a landing hex that the attacker loses,
// or that leaves the German unit's fate to the player).
var unplayed = []gamelog.Event{
	{Type: "landing_lost", Fields: []gamelog.Field{gamelog.Str("unit", "4-10"), gamelog.Str("hex", "2535")}},
	{Type: "landing_contested", Fields: []gamelog.Field{gamelog.Str("hex", "2634")}},
}

// A whole game at the prompt, the reference player deciding, fits 80
// columns and prints no raw event.
func TestWholeGameAtThePrompt(t *testing.T) {
	wordedtest.AtThePrompt(t, def(t), engine.Config{Seed: 3}, nil)
}
