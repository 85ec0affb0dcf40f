package engine

import (
	"io"

	"github.com/schnell-wargames/schnell/gamelog"
)

// ResumeLog appends the game's new events to w, which holds its log so far
// (the header and every event): the log a failed save left in place goes
// on.
func (g *Game) ResumeLog(w io.Writer) {
	g.StopLog()
	g.log = gamelog.Resume(w)
}

// Interrupt asks a Step running in another goroutine (Ctrl-C) to stop at
// the next pause, whatever its level. Safe from any goroutine; the
// request lasts until a pause takes it or ClearInterrupt.
func (g *Game) Interrupt() { g.stopAsked.Store(true) }

// ClearInterrupt drops an Interrupt that no pause took.
func (g *Game) ClearInterrupt() { g.stopAsked.Store(false) }

// Interrupted says whether an Interrupt waits for a pause to take it.
func (g *Game) Interrupted() bool { return g.stopAsked.Load() }
