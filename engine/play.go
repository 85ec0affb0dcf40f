package engine

import (
	"errors"
	"fmt"
	"io"
)

// PlayOut plays the game to its end with d answering every decision (the
// reference player, a script): the one loop `auto`, `sim` and the tests
// play a game with. The events are neither kept nor collected; the log,
// when w is not nil, is written to w and flushed at the end. The rules'
// final state stays readable (Rules).
func (g *Game) PlayOut(d Decider, w io.Writer) error {
	if d == nil {
		return errors.New("engine: nobody to take the decisions")
	}
	g.KeepHistory(false)
	g.CollectEvents(false)
	g.SetDecider(d)
	if w != nil {
		if err := g.WriteLog(w); err != nil {
			return fmt.Errorf("write log: %w", err)
		}
	}
	if _, err := g.Step(NoPause); err != nil {
		g.StopLog()
		return err
	}
	if err := g.StopLog(); err != nil {
		return fmt.Errorf("write log: %w", err)
	}
	if !g.Over() {
		if d := g.pendingDecision(); d != nil && d.Side == TableSide {
			return fmt.Errorf("the game waits for the table's %s (what only the table knows): play it at the prompt, or answer it from a command file", d.Kind)
		}
		return errors.New("the game stopped before its end: a decision was handed back")
	}
	return nil
}

// PauseWatcher is implemented by a Decider that wants to know of every
// pause the rules reach, whether or not a front end stops there (a script
// whose command ends with a turn or a mission).
type PauseWatcher interface {
	Paused(name string, level int)
}
