package scripting

import (
	"fmt"

	"github.com/schnell-wargames/schnell/engine"
)

// AttachSide loads the script at path to play side of g for the whole
// game: it answers that side's decisions only, and its hooks see the
// events as that side does (the other sides' hidden draws masked).
func AttachSide(g *engine.Game, def *engine.Definition, side, path string, opts Options) (*Attached, error) {
	return attach(g, def, path, opts, ForGame, side)
}

// ApplySides gives each side of specs (engine.ParseSides: --side
// NAME=player|script:FILE|reference) to who plays it. It returns the
// scripts attached, which the caller closes.
func ApplySides(g *engine.Game, def *engine.Definition, specs []engine.SideSpec, opts Options) ([]*Attached, error) {
	var out []*Attached
	fail := func(err error) ([]*Attached, error) {
		for _, a := range out {
			a.Close()
		}
		return nil, err
	}
	for _, s := range specs {
		switch s.Kind {
		case engine.SidePlayer:
			if err := g.SetSideDecider(s.Name, nil); err != nil {
				return fail(err)
			}
		case engine.SideReference:
			if def.Reference == nil {
				return fail(fmt.Errorf("side %s: %s has no reference player", s.Name, def.Name))
			}
			if err := g.SetSideDecider(s.Name, def.Reference(g.Rules())); err != nil {
				return fail(err)
			}
		case engine.SideScript:
			a, err := AttachSide(g, def, s.Name, s.File, opts)
			if err != nil {
				return fail(fmt.Errorf("side %s: %w", s.Name, err))
			}
			out = append(out, a)
		default:
			return fail(fmt.Errorf("side %s: unknown kind %q", s.Name, s.Kind))
		}
	}
	return out, nil
}
