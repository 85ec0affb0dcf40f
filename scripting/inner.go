package scripting

import (
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"

	lua "github.com/schnell-wargames/schnell/third_party/gopher-lua"

	"github.com/schnell-wargames/schnell/engine"
)

// A game played inside another (engine.Inner: a Schnell Rules battle inside
// a Schnell Boats campaign) asks its decisions of the outer game's decider
// only if that decider plays it (engine.Plays); else its reference player
// takes them. A script says which inner games it plays, and with which
// script, in a global table plays:
//
//	plays = { schnellrules = "schnellrules-virtual.lua" }
//
// (a path relative to the script's own). Each named script is loaded once
// for the game, with the same budgets and seed, and answers that game's
// decisions with `game` the inner game as the decision's side sees it
// (Definition.ViewAs); its on_event hooks are not called. A script with
// no plays table is what it was.

// maxPlays bounds the scripts a plays table may name.
const maxPlays = 8

// WithInner returns dec, or, when the script h (loaded from path) has a
// plays table, a decider that also plays those inner games by the scripts
// it names. Call Close on the result's scripts with CloseInner.
func WithInner(g *engine.Game, h *Host, path string, dec engine.Decider, opts Options) (engine.Decider, error) {
	t, ok := h.L.GetGlobal("plays").(*lua.LTable)
	if !ok {
		if v := h.L.GetGlobal("plays"); v != lua.LNil {
			return nil, &Error{Script: h.name, Msg: fmt.Sprintf("%s: plays must be a table of game = script file, not a %s", h.name, v.Type())}
		}
		return dec, nil
	}
	p := &playsDecider{outer: dec, g: g, scripts: map[string]*Host{}}
	var bad error
	n := 0
	t.ForEach(func(k, v lua.LValue) {
		name, kok := k.(lua.LString)
		file, vok := v.(lua.LString)
		if bad != nil {
			return
		}
		if n++; n > maxPlays {
			bad = &Error{Script: h.name, Msg: fmt.Sprintf("%s: plays names more than %d games", h.name, maxPlays)}
			return
		}
		if !kok || !vok {
			bad = &Error{Script: h.name, Msg: fmt.Sprintf("%s: plays must be a table of game = script file (as plays = { schnellrules = \"schnellrules-virtual.lua\" })", h.name)}
			return
		}
		game, side := string(name), ""
		f := string(file)
		if !filepath.IsAbs(f) {
			f = filepath.Join(filepath.Dir(path), f)
		}
		src, err := readScript(f)
		if err != nil {
			bad = fmt.Errorf("%s: plays.%s: %w", h.name, game, err)
			return
		}
		view := func() engine.Viewer {
			def := g.DefinitionOf(game)
			r := g.RulesOf(game)
			if def == nil || r == nil {
				return nil
			}
			if def.ViewAs != nil {
				return def.ViewAs(r, side)
			}
			if def.View != nil {
				return def.View(r)
			}
			return nil
		}
		ih, err := Load(f, src, opts, view)
		if err != nil {
			bad = err
			return
		}
		p.scripts[game] = ih
		p.games = append(p.games, game)
		p.sides = append(p.sides, &side)
	})
	if bad != nil {
		p.Close()
		return nil, bad
	}
	return p, nil
}

// maxScript bounds a script file plays names.
const maxScript = 1 << 20

// readScript reads a script file plays names: a regular file (never a
// FIFO or a device, which could block) of at most maxScript bytes.
func readScript(name string) ([]byte, error) {
	st, err := os.Stat(name) // before opening: opening a FIFO blocks
	if err != nil {
		return nil, err
	}
	if !st.Mode().IsRegular() {
		return nil, fmt.Errorf("%s is not a regular file", name)
	}
	f, err := os.Open(name)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	if st.Size() > maxScript {
		return nil, fmt.Errorf("%s is %d bytes: a script may be %d at most", name, st.Size(), maxScript)
	}
	return io.ReadAll(io.LimitReader(f, maxScript+1))
}

// playsDecider is a script's decider that also plays inner games.
type playsDecider struct {
	outer   engine.Decider
	g       *engine.Game
	games   []string
	sides   []*string // the side each inner script sees now (its decision's)
	scripts map[string]*Host
	last    engine.Decider
}

var (
	_ engine.Decider    = (*playsDecider)(nil)
	_ engine.ArgDecider = (*playsDecider)(nil)
	_ engine.Plays      = (*playsDecider)(nil)
)

// Plays implements engine.Plays.
func (p *playsDecider) Plays(game string) bool { return p.scripts[game] != nil }

// for_ is the decider that answers d: an inner game's script while that
// game is being played, else the outer decider.
func (p *playsDecider) for_(d *engine.Decision) engine.Decider {
	if def, _, ok := p.g.Inner(); ok {
		if i := slices.Index(p.games, def.Name); i >= 0 {
			*p.sides[i] = d.Side
			return p.scripts[def.Name]
		}
	}
	return p.outer
}

func (p *playsDecider) Decide(d *engine.Decision) (int, error) {
	p.last = p.for_(d)
	return p.last.Decide(d)
}

func (p *playsDecider) DecideArgs(d *engine.Decision) (engine.Answer, error) {
	p.last = p.for_(d)
	if a, ok := p.last.(engine.ArgDecider); ok {
		return a.DecideArgs(d)
	}
	i, err := p.last.Decide(d)
	return engine.Answer{Option: i}, err
}

func (p *playsDecider) Who() engine.Who {
	if p.last != nil {
		return p.last.Who()
	}
	return p.outer.Who()
}

// Close frees the inner scripts' states.
func (p *playsDecider) Close() {
	for _, h := range p.scripts {
		h.Close()
	}
}

// CloseInner frees the inner scripts of a decider WithInner returned.
func CloseInner(d engine.Decider) {
	if p, ok := d.(*playsDecider); ok {
		p.Close()
	}
}
