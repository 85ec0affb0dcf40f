// Package enginetest holds a tiny game for testing front ends (the prompt,
// the Lua host) without the rules of a real game.
package enginetest

import (
	"embed"
	"fmt"
	"io"
	"io/fs"
	"strconv"

	"github.com/schnell-wargames/schnell/dice"
	"github.com/schnell-wargames/schnell/engine"
	"github.com/schnell-wargames/schnell/gamelog"
	"github.com/schnell-wargames/schnell/tables"
)

//go:embed testdata/toy.tbl
var toyFiles embed.FS

// Toy is a game of a few legs: roll T-2 once, then each leg roll T-1, pause,
// and decide to go on or go home; finally a plain 1D6 bonus.
type Toy struct {
	Legs   int
	Leg    int
	Points int
	Home   bool
}

var schema = &tables.Schema{
	Facts:    []tables.Def{{Name: "leg", Kind: tables.Int}},
	Effects:  []tables.Def{{Name: "points", Kind: tables.Int}},
	Required: map[string][]string{"T-1": {"points"}},
}

// toyFacts reads the tables' facts by name.
var toyFacts = tables.Bind[*Toy](schema).Fact("leg", func(t *Toy) int { return t.Leg })

// The toy's event types.
const (
	evStart engine.EventType = "start"
	evLeg   engine.EventType = "leg"
	evEnd   engine.EventType = "end"
)

// Play implements engine.Rules.
func (t *Toy) Play(c *engine.Ctx) {
	c.Emit(evStart, gamelog.Int("legs", t.Legs))
	w := c.Roll("T-2", toyFacts.Of(t), "")
	p, _ := w.Value("points")
	t.Points += p
	for t.Leg = 1; t.Leg <= t.Legs && !t.Home; t.Leg++ {
		o := c.Roll("T-1", toyFacts.Of(t), "leg "+strconv.Itoa(t.Leg))
		p, _ := o.Value("points")
		t.Points += p
		c.Emit(evLeg, gamelog.Int("n", t.Leg), gamelog.Int("points", t.Points))
		c.Pause("leg", 1)
		d := c.Ask("go_on")
		d.Add("on", "sail on", "")
		d.Add("home", "go home", "home")
		if c.Decide(d, func(d *engine.Decision) { d.Prompt = "Go on?" }) == 1 {
			t.Home = true
		}
	}
	total, _ := c.RollDice(dice.D6, "bonus")
	t.Points += total
	c.Emit(evEnd, gamelog.Int("points", t.Points))
}

// Definition is the toy game.
func Definition() *engine.Definition {
	sub, err := fs.Sub(toyFiles, "testdata")
	if err != nil {
		panic(err)
	}
	tabs, err := tables.Load(sub, schema)
	if err != nil {
		panic(err) // the embedded toy tables are part of this package
	}
	return &engine.Definition{
		Describe: describeToy,
		Events:   []engine.EventType{evStart, evLeg, evEnd},
		Name:     "toy",
		Title:    "a toy game of a few legs, for testing front ends",
		Booklets: []engine.Booklet{{Name: "toy", Tables: tabs}},
		Options:  []engine.OptionDef{{Name: "legs", Default: "4", Help: "how many legs to sail"}},
		Pauses:   []string{"leg", "voyage"},
		Score: func(r engine.Rules) []gamelog.Field {
			t := r.(*Toy)
			return []gamelog.Field{gamelog.Int("points", t.Points), gamelog.Int("legs", t.Leg-1), gamelog.Bool("home", t.Home)}
		},
		New: func(opts []gamelog.Option, _ *tables.Set) (engine.Rules, error) {
			n, err := strconv.Atoi(opts[0].Value)
			if err != nil || n < 1 {
				return nil, fmt.Errorf("legs %q: want a positive number", opts[0].Value)
			}
			return &Toy{Legs: n}, nil
		},
		Commands: []engine.Command{{Name: "home", Usage: "home", Help: "Go home now.",
			Run: func(g *engine.Game, args []string, _ io.Writer) ([]gamelog.Event, error) {
				return g.Choose("home", engine.ByPlayer, 1)
			}}},
		Reference: func(engine.Rules) engine.Decider { return engine.TakeDefault{} },
	}
}
