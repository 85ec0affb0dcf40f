package enginetest

import (
	"embed"
	"errors"
	"fmt"
	"io/fs"
	"strconv"

	"github.com/schnell-wargames/schnell/engine"
	"github.com/schnell-wargames/schnell/gamelog"
	"github.com/schnell-wargames/schnell/tables"
)

//go:embed testdata/duel.tbl
var duelFiles embed.FS

// Duel is a toy game of two sides, p1 and p2, for the kernel pieces the
// toy has none of. Before the first turn p1 picks four of five mines for a
// cup (the fifth is left out). Each turn each side draws a support chit
// from its pool, hidden from the other side, then gives an order:
//
//   - fire TARGET: the table measures the range in cm (a decision of the
//     table), D-1 is rolled with it, and the support chit is revealed and
//     adds its hits;
//   - launch SPREAD: a torpedo arrives two turns later (one point, two
//     with a spread);
//   - signal TEXT: a message, logged;
//   - pass.
//
// At the end of each turn the support chits go back to their pools. After
// the last turn p2 draws a mine from the cup (open): a "dud" scores
// nothing, the others one point for p1.
type Duel struct {
	Turns  int
	Turn   int
	Range  int
	Points map[string]int
	Mines  []string
}

// DuelSides are the duel's sides.
var DuelSides = []string{"p1", "p2"}

// Targets are the ids a fire order may name.
var Targets = []string{"a", "b", "c"}

var duelSchema = &tables.Schema{
	Facts:   []tables.Def{{Name: "range", Kind: tables.Int}},
	Effects: []tables.Def{{Name: "hits", Kind: tables.Int}},
}

// duelFacts reads the table's fact by name.
var duelFacts = tables.Bind[*Duel](duelSchema).Fact("range", func(d *Duel) int { return d.Range })

// The duel's event types besides the toy's start and end.
const (
	evTurn   engine.EventType = "turn"
	evArrive engine.EventType = "arrive"
	evFire   engine.EventType = "fire"
	evSignal engine.EventType = "signal"
)

// Play implements engine.Rules.
func (d *Duel) Play(c *engine.Ctx) {
	d.Points = map[string]int{"p1": 0, "p2": 0}
	c.Emit(evStart, gamelog.Int("turns", d.Turns))
	mines := []string{"dud", "small", "large", "magnetic", "acoustic"}
	leave := c.Ask("mines")
	leave.Side = "p1"
	for _, m := range mines {
		leave.Add(m, "leave the "+m+" mine out", "")
	}
	out := c.Decide(leave, func(d *engine.Decision) { d.Prompt = "Which mine stays out of the cup?" })
	d.Mines = append(append([]string{}, mines[:out]...), mines[out+1:]...)
	cup := c.NewCup("MINES", "The mines p1 laid", d.Mines...)
	pools := map[string]*engine.Cup{"p1": c.FillCup("POOL-P1"), "p2": c.FillCup("POOL-P2")}
	for d.Turn = 1; d.Turn <= d.Turns; d.Turn++ {
		c.Emit(evTurn, gamelog.Int("n", d.Turn))
		for _, due := range c.Due(d.Turn) {
			d.Points[due.Side] += len(due.Key)
			c.Emit(evArrive, gamelog.Str("side", due.Side), gamelog.Str("what", due.What), gamelog.Int("points", d.Points[due.Side]))
		}
		var held []engine.Drawn
		for _, side := range DuelSides {
			sup := c.Draw(engine.Draw{Cup: pools[side], N: 1, For: "support", Side: side, Hidden: true})
			held = append(held, sup)
			order := c.Ask("order")
			order.Side = side
			fire := order.Add("fire", "fire at a target", "")
			fire.Args = []engine.Arg{engine.IDArg("target", Targets...)}
			fire.Args[0].Default = gamelog.StrV("a")
			fire.Args[0].Check = func(v gamelog.Value) error {
				if v.S == "c" && d.Turn == 1 {
					return errors.New("target c is not in sight before turn 2")
				}
				return nil
			}
			launch := order.Add("launch", "launch a torpedo (it arrives in two turns)", "")
			launch.Args = []engine.Arg{engine.YesArg("spread")}
			launch.Args[0].Default = gamelog.Value{Kind: gamelog.KBool}
			signal := order.Add("signal", "signal a message", "")
			signal.Args = []engine.Arg{engine.TextArg("text")}
			order.Add("pass", "do nothing", "")
			order.Default = 3
			switch c.Decide(order, func(d *engine.Decision) { d.Prompt = "Your order, " + side + "?" }) {
			case 0:
				target := order.Args().Str("target")
				measure := c.Ask("range")
				measure.Side = engine.TableSide
				m := measure.Add("range", "the range measured on the table", "")
				m.Args = []engine.Arg{engine.IntArg("cm", 1, 120, "cm")}
				c.Decide(measure, func(d *engine.Decision) { d.Prompt = "Measure the range to " + target + " (cm)" })
				d.Range = measure.Args().Int("cm")
				o := c.Roll("D-1", duelFacts.Of(d), side+" fires at "+target)
				hits, _ := o.Value("hits")
				c.Reveal(sup)
				bonus, _ := strconv.Atoi(sup.Chits[0])
				d.Points[side] += hits + bonus
				c.Emit(evFire, gamelog.Str("side", side), gamelog.Str("target", target), gamelog.Int("hits", hits+bonus), gamelog.Int("points", d.Points[side]))
			case 1:
				key := "T"
				if order.Args().Yes("spread") {
					key = "TT"
				}
				c.Schedule(engine.Due{Turn: d.Turn + 2, What: "torpedo of " + side + " arrives", Side: side, Key: key})
			case 2:
				c.Emit(evSignal, gamelog.Str("side", side), gamelog.Str("text", order.Args().Str("text")))
			}
		}
		for i, side := range DuelSides {
			pools[side].Add(held[i].Chits...)
		}
	}
	mine := c.Draw(engine.Draw{Cup: cup, N: 1, For: "the mine that strikes", Side: "p2"})
	if mine.Chits[0] != "dud" {
		d.Points["p1"]++
	}
	c.Emit(evEnd, gamelog.Int("p1", d.Points["p1"]), gamelog.Int("p2", d.Points["p2"]))
}

// DuelDefinition is the duel.
func DuelDefinition() *engine.Definition {
	sub, err := fs.Sub(duelFiles, "testdata")
	if err != nil {
		panic(err)
	}
	tabs, err := tables.Load(sub, duelSchema)
	if err != nil {
		panic(err) // the embedded duel tables are part of this package
	}
	return &engine.Definition{
		Describe: describeDuel,
		Events:   []engine.EventType{evStart, evTurn, evArrive, evFire, evSignal, evEnd},
		Name:     "duel",
		Title:    "a toy game of two sides, for the kernel's sides, cups and orders with arguments",
		Booklets: []engine.Booklet{{Name: "duel", Tables: tabs}},
		Options:  []engine.OptionDef{{Name: "turns", Default: "3", Help: "how many turns to play"}},
		Pauses:   []string{"turn", "duel"},
		Sides:    DuelSides,
		New: func(opts []gamelog.Option, _ *tables.Set) (engine.Rules, error) {
			n, err := strconv.Atoi(opts[0].Value)
			if err != nil || n < 1 || n > 100 {
				return nil, fmt.Errorf("turns %q: want 1 to 100", opts[0].Value)
			}
			return &Duel{Turns: n}, nil
		},
		Reference: func(engine.Rules) engine.Decider { return engine.TakeDefault{} },
	}
}
