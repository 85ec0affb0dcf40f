package scripting

import (
	"fmt"
	"os"
	"strings"
	"sync/atomic"

	"github.com/schnell-wargames/schnell/engine"
	"github.com/schnell-wargames/schnell/gamelog"
)

// Span is how long an attached script keeps command: one decision, to the
// next pause of a level the game names (a turn, a mission), or the game.
type Span struct {
	Name  string
	Level int // 0: one decision; engine.NoPause: the whole game
}

func (s Span) String() string { return s.Name }

// The spans every game has.
var (
	ForDecision = Span{Name: "decision"}
	ForGame     = Span{Name: "game", Level: engine.NoPause}
)

// ParseSpan reads "decision", one of the game's pause levels, or "game"
// ("" = game).
func ParseSpan(def *engine.Definition, s string) (Span, error) {
	switch s {
	case "", ForGame.Name:
		return ForGame, nil
	case ForDecision.Name:
		return ForDecision, nil
	}
	lv, err := def.PauseLevel(s)
	if err != nil {
		return Span{}, fmt.Errorf("%q: say decision, %s or game", s, strings.Join(def.PauseNames(), ", "))
	}
	return Span{Name: s, Level: lv}, nil
}

// Attached is a script in command of a game.
type Attached struct {
	*Host
	g         *engine.Game
	span      Span
	side      string        // the side it plays ("": every decision: see AttachSide)
	plays     *playsDecider // nil: it plays no game inside this one
	interrupt atomic.Bool
}

var _ engine.Plays = (*Attached)(nil)

// Plays implements engine.Plays: the games its plays table names.
func (a *Attached) Plays(game string) bool { return a.plays != nil && a.plays.Plays(game) }

// host is the script that answers d: an inner game's, while that game is
// played, else the attached script.
func (a *Attached) host(d *engine.Decision) *Host {
	if a.plays != nil {
		if h, ok := a.plays.for_(d).(*Host); ok {
			return h
		}
	}
	return a.Host
}

// Close frees the script's state and those of the scripts it plays inner
// games with.
func (a *Attached) Close() {
	if a.plays != nil {
		a.plays.Close()
	}
	a.Host.Close()
}

// Attach loads the script at path for game g: it answers g's decisions and
// sees its events for span, or until Detach or Interrupt.
func Attach(g *engine.Game, def *engine.Definition, path string, opts Options, span Span) (*Attached, error) {
	return attach(g, def, path, opts, span, "")
}

func attach(g *engine.Game, def *engine.Definition, path string, opts Options, span Span, side string) (*Attached, error) {
	src, err := os.ReadFile(path)
	if err != nil {
		return nil, fmt.Errorf("script: %w", err)
	}
	if opts.Seed == 0 {
		opts.Seed = g.Header().Seed
	}
	var view View
	switch {
	case side != "" && def.ViewAs != nil:
		view = func() engine.Viewer { return def.ViewAs(g.Rules(), side) }
	case def.View != nil:
		view = func() engine.Viewer { return def.View(g.Rules()) }
	}
	h, err := Load(path, src, opts, view)
	if err != nil {
		return nil, err
	}
	a := &Attached{Host: h, g: g, span: span, side: side}
	// The games inside this one the script plays (its plays table).
	inner, err := WithInner(g, h, path, h, opts)
	if err != nil {
		h.Close()
		return nil, err
	}
	a.plays, _ = inner.(*playsDecider)
	h.active = true
	observe := g.Observe
	if side != "" {
		observe = func(o engine.Observer) { g.ObserveAs(side, o) }
	}
	observe(func(e *gamelog.Event) {
		if !h.active {
			return
		}
		h.OnEvent(e)
	})
	if side != "" {
		if err := g.SetSideDecider(side, a); err != nil {
			h.Close()
			return nil, err
		}
		return a, nil
	}
	g.SetDecider(a)
	return a, nil
}

// Decide implements engine.Decider.
func (a *Attached) Decide(d *engine.Decision) (int, error) {
	if a.interrupt.Load() {
		a.Host.active = false
		return 0, engine.ErrHandBack
	}
	i, err := a.host(d).Decide(d)
	if err == nil && a.span == ForDecision {
		a.Detach()
	}
	return i, err
}

// DecideArgs implements engine.ArgDecider.
func (a *Attached) DecideArgs(d *engine.Decision) (engine.Answer, error) {
	if a.interrupt.Load() {
		a.Host.active = false
		return engine.Answer{}, engine.ErrHandBack
	}
	ans, err := a.host(d).DecideArgs(d)
	if err == nil && a.span == ForDecision {
		a.Detach()
	}
	return ans, err
}

// Paused implements engine.PauseWatcher: a script whose span ends with a
// pause of a level (a turn, a mission) hands command back there.
func (a *Attached) Paused(_ string, level int) {
	if a.span.Level > 0 && level >= a.span.Level {
		a.Detach()
	}
}

// Interrupt hands command back to the player at the next decision (safe
// from another goroutine: a Ctrl-C handler).
func (a *Attached) Interrupt() { a.interrupt.Store(true) }

// Active reports whether the script still has command.
func (a *Attached) Active() bool { return a.Host.active && !a.interrupt.Load() }

// Detach stops the script answering and watching; the player decides again.
func (a *Attached) Detach() {
	a.Host.active = false
	if a.side != "" {
		if d, ok := a.g.SideDecider(a.side); ok && d == engine.Decider(a) {
			a.g.SetSideDecider(a.side, nil)
		}
		return
	}
	if a.g.Decider() == engine.Decider(a) {
		a.g.SetDecider(nil)
	}
}
