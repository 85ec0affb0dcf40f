// Package games is the registry of the games schnell plays: the one place
// that imports the game packages. Only cmd imports it; adding a game is
// its package and one line in All.
package games

import (
	"fmt"
	"strings"

	"github.com/schnell-wargames/schnell/coastal"
	"github.com/schnell-wargames/schnell/engine"
	"github.com/schnell-wargames/schnell/gamelog"
	"github.com/schnell-wargames/schnell/paukenschlag"
	"github.com/schnell-wargames/schnell/scheldt"
	"github.com/schnell-wargames/schnell/schnellboats"
	"github.com/schnell-wargames/schnell/schnellrules"
)

// Game is one registered game: its name and how to make its definition
// (which loads its tables).
type Game struct {
	Name  string
	Title string
	Def   func() (*engine.Definition, error)
}

// All lists the games, the default first.
var All = []Game{
	{schnellboats.Name, schnellboats.Title, schnellboats.Definition},
	{scheldt.Name, scheldt.Title, scheldt.Definition},
	{paukenschlag.Name, paukenschlag.Title, paukenschlag.Definition},
	{coastal.Name, coastal.Title, coastal.Definition},
	{schnellrules.Name, schnellrules.Title, schnellrules.Definition},
}

// Default is the game played when none is named.
const Default = schnellboats.Name

// Registry is a list of games to look names up in (All, or a test's).
type Registry []Game

// Names lists the games' names.
func (r Registry) Names() []string {
	out := make([]string, len(r))
	for i, g := range r {
		out[i] = g.Name
	}
	return out
}

// Get returns the definition of the game called name.
func (r Registry) Get(name string) (*engine.Definition, error) {
	for _, g := range r {
		if g.Name == name {
			d, err := g.Def()
			if err != nil {
				return nil, fmt.Errorf("game %s: %w", name, err)
			}
			return d, nil
		}
	}
	return nil, fmt.Errorf("no game called %q: the games are %s (schnell games lists them)", name, strings.Join(r.Names(), ", "))
}

// ForLog returns the definition of the game a log was played with.
func (r Registry) ForLog(h gamelog.Header) (*engine.Definition, error) {
	if h.Game == "" {
		return nil, fmt.Errorf("the log's header names no game")
	}
	d, err := r.Get(h.Game)
	if err != nil {
		return nil, fmt.Errorf("the log was played with %w", err)
	}
	return d, nil
}
