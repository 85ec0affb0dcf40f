package schnellrules

import (
	"errors"
	"fmt"
	"io"

	"github.com/schnell-wargames/schnell/engine"
	"github.com/schnell-wargames/schnell/gamelog"
)

// maxCaptainOrders bounds the orders one `captain` gives (a phase of the
// largest battle, 64 vessels with six guns each, takes fewer).
const maxCaptainOrders = 1000

// runCaptain is the `captain` command: on the virtual table the reference
// side's captain (captain.go, the doctrine auto and sim play) gives the
// rest of this phase's orders for the side whose question is pending,
// each logged as the player's answer, then play goes on as after `done`.
// A player who fights the battle himself hands over the phases he does
// not care to order gun by gun.
func runCaptain(g *engine.Game, args []string, w io.Writer) ([]gamelog.Event, error) {
	b, err := battle(g)
	if err != nil {
		return nil, err
	}
	if len(args) > 0 {
		return nil, fmt.Errorf("captain takes no argument (`captain` gives the rest of this phase's orders)")
	}
	if b.Table == nil {
		return nil, errors.New("captain: on your own table the program cannot see where the models are; give the orders yourself (`help` lists them)")
	}
	p := g.Pending()
	if g.Over() || p == nil || p.Decision == nil || p.Decision.Side == "" {
		return nil, errors.New("captain gives a side's orders: no side's question is pending (Enter plays on)")
	}
	kind, side, turn := p.Decision.Kind, p.Decision.Side, b.Turn
	seq := g.Seq()
	for n := 0; ; n++ {
		p := g.Pending()
		if g.Over() || p == nil || p.Decision == nil || p.Decision.Kind != kind || p.Decision.Side != side || b.Turn != turn || n == maxCaptainOrders {
			break
		}
		last := false
		if a, err := (captain{b}).DecideArgs(p.Decision); err == nil && a.Option >= 0 && a.Option < len(p.Decision.Options) {
			last = p.Decision.Options[a.Option].Name == "done" // the phase's orders are given
		}
		if _, err := g.AnswerBy(captain{b}, engine.ByPlayer); err != nil {
			return since(g, seq), fmt.Errorf("captain: %w", err)
		}
		if last {
			break
		}
	}
	return since(g, seq), nil
}
