package main

import (
	"strings"

	"github.com/schnell-wargames/schnell/engine"
)

// sideFlags collects --side NAME=player|script:FILE|reference (repeatable).
type sideFlags []string

const sideUsage = "who plays a side of the game: NAME=player, NAME=script:FILE or NAME=reference (repeatable)"

func (s *sideFlags) String() string { return strings.Join(*s, " ") }

func (s *sideFlags) Set(v string) error {
	if _, err := engine.ParseSide(v); err != nil {
		return err
	}
	*s = append(*s, v)
	return nil
}

// specs checks the sides against the game's.
func (s sideFlags) specs(def *engine.Definition) ([]engine.SideSpec, error) {
	if len(s) == 0 {
		return nil, nil
	}
	return engine.ParseSides(def, s)
}
