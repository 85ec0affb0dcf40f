package paukenschlag

import (
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/schnell-wargames/schnell/engine"
	"github.com/schnell-wargames/schnell/gamelog"
)

const groupOrders = "paukenschlag orders"

// commands are the game's orders as commands of the prompt: each answers
// the step's orders, or says why it cannot be given now (the rule that
// builds the step's orders refuses it); `done` at a pause plays on.
func commands() []engine.Command {
	out := []engine.Command{{Name: "done", Group: groupOrders, Usage: "done",
		Help: "The players are done: the step (or, in OSL/TSL play, the Huff-Duff sub-step or the round) ends and play goes on to the next orders. At a pause, `done` plays on as `step` does.",
		Run: func(g *engine.Game, args []string, _ io.Writer) ([]gamelog.Event, error) {
			return give(g, "done", args)
		}}}
	for i := range orderTable {
		o := &orderTable[i]
		usage := o.name
		for _, a := range o.args(&Rules{}) {
			usage += " " + strings.ToUpper(a.Name)
		}
		out = append(out, engine.Command{Name: o.name, Group: groupOrders, Usage: usage, Help: capital(o.text) + ".",
			Run: func(g *engine.Game, args []string, _ io.Writer) ([]gamelog.Event, error) {
				return give(g, o.name, args)
			}})
	}
	return out
}

func capital(s string) string {
	if s == "" {
		return s
	}
	return strings.ToUpper(s[:1]) + s[1:]
}

// give answers the step's orders with an order typed at the prompt.
func give(g *engine.Game, name string, args []string) ([]gamelog.Event, error) {
	p := g.Pending()
	switch {
	case g.Over():
		return nil, errors.New("the game is over")
	case p == nil && g.Seq() == 0:
		return nil, errors.New("the game has not begun: `step` begins")
	case p != nil && p.Decision != nil && p.Decision.Kind == "orders":
		d := p.Decision
		if why, ok := d.Refusal(name); ok {
			return nil, errors.New(why)
		}
		return engine.Order(name)(g, args, nil)
	case p != nil && p.Decision != nil:
		return nil, fmt.Errorf("first answer the question on screen: %s", p.Decision.Prompt)
	case p != nil && p.Pause != "" && name == "done" && len(args) == 0:
		return g.Step(1) // done at a pause: the players are done here, play on
	case p != nil && p.Pause != "":
		return nil, fmt.Errorf("no orders are open at the end of a turn: `step` (or `done`) plays on to the next step with orders")
	}
	return nil, fmt.Errorf("the game waits for dice or a draw first: type what the prompt asks")
}
