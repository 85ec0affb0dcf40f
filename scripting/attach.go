package scripting

import (
	"fmt"
	"os"

	"github.com/schnell-wargames/schnell/engine"
	"github.com/schnell-wargames/schnell/gamelog"
)

// Attach loads the script at path for game g: it answers g's decisions and
// sees its events until Detach. The view comes from the game's definition.
func Attach(g *engine.Game, def *engine.Definition, path string, opts Options) (*Host, error) {
	src, err := os.ReadFile(path)
	if err != nil {
		return nil, fmt.Errorf("script: %w", err)
	}
	if opts.Seed == 0 {
		opts.Seed = g.Header().Seed
	}
	var view View
	if def.View != nil {
		view = func() []gamelog.Field { return def.View(g.Rules()) }
	}
	h, err := Load(path, src, opts, view)
	if err != nil {
		return nil, err
	}
	h.active = true
	g.Observe(func(e *gamelog.Event) {
		if h.active {
			h.OnEvent(e)
		}
	})
	g.SetDecider(h)
	return h, nil
}

// Detach stops the script answering and watching; the player decides again.
func (h *Host) Detach(g *engine.Game) {
	h.active = false
	if g.Decider() == h {
		g.SetDecider(nil)
	}
}
