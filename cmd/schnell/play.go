package main

import (
	"fmt"
	"io"
	"os"
	"time"

	"github.com/schnell-wargames/schnell/engine"
	"github.com/schnell-wargames/schnell/gamelog"
	"github.com/schnell-wargames/schnell/scripting"
)

// player is who takes the decisions of the games `auto` and `sim` play:
// the game's reference player, or a Lua script (a fresh state per game).
type player struct {
	def      *engine.Definition
	script   string // "" = the reference player
	src      []byte
	deadline time.Duration
	memory   int64     // the script's memory budget in bytes (0: the default)
	print    io.Writer // where the script's print goes
	sides    []engine.SideSpec
}

// newPlayer reads the script, if any, and checks that someone can play def.
func newPlayer(def *engine.Definition, script string, deadline time.Duration, print io.Writer) (*player, error) {
	p := &player{def: def, script: script, deadline: deadline, print: print}
	if script != "" {
		src, err := os.ReadFile(script)
		if err != nil {
			return nil, fmt.Errorf("script: %w", err)
		}
		p.src = src
	} else if def.Reference == nil {
		return nil, fmt.Errorf("%s has no reference player: give --script FILE", def.Name)
	}
	return p, nil
}

// who names the player in a summary.
func (p *player) who() string {
	if p.script != "" {
		return "the script " + p.script
	}
	return p.def.ReferenceWho()
}

// playOne plays one game to its end: the one loop of `auto` and `sim`. The
// log, if w is not nil, is written to w.
func (p *player) playOne(opts []gamelog.Option, seed uint64, w io.Writer) (*engine.Game, error) {
	g, err := engine.New(engine.Config{Def: p.def, Seed: seed, Options: opts})
	if err != nil {
		return nil, err
	}
	defer g.Close()
	var d engine.Decider
	if p.script != "" {
		var view scripting.View
		if p.def.View != nil {
			view = func() engine.Viewer { return p.def.View(g.Rules()) }
		}
		h, err := scripting.Load(p.script, p.src, scripting.Options{Seed: seed, Deadline: p.deadline, Memory: p.memory, Print: p.print}, view)
		if err != nil {
			return nil, err
		}
		defer h.Close()
		if h.Hooks() {
			g.Observe(h.OnEvent) // else nobody reads the events: the engine makes none
		}
		// A script that declares the kinds it handles leaves the others
		// to the reference player.
		var ref engine.Decider
		if p.def.Reference != nil {
			ref = p.def.Reference(g.Rules())
		}
		if d, err = scripting.Delegate(h, ref); err != nil {
			return nil, err
		}
		// Games played inside this one that the script plays too
		// (its plays table: a Schnell Rules battle in a campaign).
		if d, err = scripting.WithInner(g, h, p.script, d, scripting.Options{Seed: seed, Deadline: p.deadline, Memory: p.memory, Print: p.print}); err != nil {
			return nil, err
		}
		defer scripting.CloseInner(d)
	} else {
		d = p.def.Reference(g.Rules())
	}
	as, err := scripting.ApplySides(g, p.def, p.sides, scripting.Options{Seed: seed, Deadline: p.deadline, Memory: p.memory, Print: p.print})
	if err != nil {
		return nil, err
	}
	for _, a := range as {
		defer a.Close()
	}
	if err := g.PlayOut(d, w); err != nil {
		return g, err
	}
	return g, nil
}

// score is what the game scores of a finished game.
func (p *player) score(g *engine.Game) []gamelog.Field {
	if p.def.Score == nil {
		return nil
	}
	return p.def.Score(g.Rules())
}
