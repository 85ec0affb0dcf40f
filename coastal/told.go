package coastal

import (
	"strings"
	"unicode"

	"github.com/schnell-wargames/schnell/engine"
	"github.com/schnell-wargames/schnell/gamelog"
)

// told is the virtual table's engine.Definition.Told (issue 29): a side
// learns of an event as it is made unless it names a ship under one of
// the enemy's markers that has not been revealed (the chit the enemy drew
// hidden: "eboat2" under D3), and of a decision only when it is its own or
// the table's (the enemy's orders show in what they do: a move, a shot).
// Markers, sightings and what they reveal are told to both, as at a table
// where each player announces them. So a solo player at the prompt, and a
// side's view of the replay sheet, never read the name of a ship he has
// not found. On the player's own table every event is told.
func told(g *engine.Game, e *gamelog.Event, side string) bool {
	r, ok := g.RulesOf(Name).(*Rules)
	if !ok || r.Table == nil {
		return true
	}
	if e.Type == "decision" {
		if s := e.Str("side"); s != "" && s != side {
			return false
		}
	}
	secret := map[string]bool{}
	for _, m := range r.Markers {
		if m.Ship != nil && m.Side != side && !m.Revealed {
			secret[m.Ship.Name] = true
		}
	}
	for _, m := range r.Markers {
		if m.Ship != nil && (m.Side == side || m.Revealed) {
			delete(secret, m.Ship.Name) // a name the side knows by its own ship, or found
		}
	}
	if len(secret) == 0 {
		return true
	}
	var names func(v gamelog.Value) bool
	names = func(v gamelog.Value) bool {
		switch v.Kind {
		case gamelog.KStr:
			for _, w := range strings.FieldsFunc(v.S, notNameRune) {
				if secret[w] {
					return true
				}
			}
		case gamelog.KList:
			for _, x := range v.L {
				if names(x) {
					return true
				}
			}
		case gamelog.KObj:
			for _, f := range v.O {
				if names(f.Val) {
					return true
				}
			}
		}
		return false
	}
	for _, f := range e.Fields {
		if names(f.Val) {
			return false
		}
	}
	return true
}

// notNameRune is a rune no ship's marker name holds ("tow:stricken1").
func notNameRune(r rune) bool {
	return !unicode.IsLetter(r) && !unicode.IsDigit(r) && r != '-' && r != '_'
}
