package scripting

import (
	"fmt"
	"os"
	"sync/atomic"

	"github.com/schnell-wargames/schnell/engine"
	"github.com/schnell-wargames/schnell/gamelog"
)

// Span is how long an attached script keeps command.
type Span string

const (
	ForDecision Span = "decision" // one decision
	ForMission  Span = "mission"  // to the end of the current (or next) mission
	ForCampaign Span = "campaign" // until detached
)

// ParseSpan reads "decision", "mission" or "campaign" ("" = campaign).
func ParseSpan(s string) (Span, error) {
	switch Span(s) {
	case "", ForCampaign:
		return ForCampaign, nil
	case ForDecision, ForMission:
		return Span(s), nil
	}
	return "", fmt.Errorf("%q: say decision, mission or campaign", s)
}

// Attached is a script in command of a game.
type Attached struct {
	*Host
	g         *engine.Game
	span      Span
	interrupt atomic.Bool
}

// Attach loads the script at path for game g: it answers g's decisions and
// sees its events for span, or until Detach or Interrupt.
func Attach(g *engine.Game, def *engine.Definition, path string, opts Options, span Span) (*Attached, error) {
	src, err := os.ReadFile(path)
	if err != nil {
		return nil, fmt.Errorf("script: %w", err)
	}
	if opts.Seed == 0 {
		opts.Seed = g.Header().Seed
	}
	var view View
	if def.View != nil {
		view = func() engine.Viewer { return def.View(g.Rules()) }
	}
	h, err := Load(path, src, opts, view)
	if err != nil {
		return nil, err
	}
	a := &Attached{Host: h, g: g, span: span}
	h.active = true
	g.Observe(func(e *gamelog.Event) {
		if !h.active {
			return
		}
		h.OnEvent(e)
		if a.span == ForMission && e.Type == "mission_end" {
			a.Detach()
		}
	})
	g.SetDecider(a)
	return a, nil
}

// Decide implements engine.Decider.
func (a *Attached) Decide(d *engine.Decision) (int, error) {
	if a.interrupt.Load() {
		a.Host.active = false
		return 0, engine.ErrHandBack
	}
	i, err := a.Host.Decide(d)
	if err == nil && a.span == ForDecision {
		a.Detach()
	}
	return i, err
}

// Interrupt hands command back to the player at the next decision (safe
// from another goroutine: a Ctrl-C handler).
func (a *Attached) Interrupt() { a.interrupt.Store(true) }

// Active reports whether the script still has command.
func (a *Attached) Active() bool { return a.Host.active && !a.interrupt.Load() }

// Detach stops the script answering and watching; the player decides again.
func (a *Attached) Detach() {
	a.Host.active = false
	if a.g.Decider() == engine.Decider(a) {
		a.g.SetDecider(nil)
	}
}
