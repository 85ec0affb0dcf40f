package coastal

import (
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
	return !e.AnyWord(func(w string) bool { return secret[w] })
}
