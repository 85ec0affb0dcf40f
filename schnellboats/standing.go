package schnellboats

import (
	"strings"

	"github.com/schnell-wargames/schnell/engine"
	"github.com/schnell-wargames/schnell/gamelog"
)

// The prompt's standing orders for Schnell Boats (issue 25 item 2), and
// what the player must see before play goes on. The rules still ask every
// decision: these only tell the prompt which answer the player's order
// gives, from the decision and the events so far.

// standingOrders are the game's own standing orders (engine.StandingOrder).
var standingOrders = []engine.StandingOrder{
	{Name: "press-on", Said: "pressing on",
		Help: "at each map turn the squadron goes on to the next zone; \"go on or abort?\" is asked only after something happened since the last map turn (damage, a wound, a boat separated or aborting, torpedoes spent)",
		Pick: pressOn},
	{Name: "same-boats", Said: "the same boats",
		Help: "the boats that sailed on the last mission sail again when they all can; otherwise you are asked",
		Pick: func(d *engine.Decision, h []gamelog.Event) (int, bool) {
			if decisionKind(d.Kind) != askSquadron {
				return 0, false
			}
			return engine.SameAsLast(d, h)
		}},
}

// pressOn goes on to the next zone at the map's "go on or abort?" (4.9)
// when nothing happened since the squadron last chose, or since the
// mission began.
func pressOn(d *engine.Decision, h []gamelog.Event) (int, bool) {
	if decisionKind(d.Kind) != askMove || len(d.Options) == 0 || d.Options[0].Name != "next" {
		return 0, false
	}
	for i := len(h) - 1; i >= 0; i-- {
		e := &h[i]
		switch {
		case eventType(e.Type) == evMissionStart:
			return 0, true
		case e.Type == "decision" && decisionKind(e.Str("kind")) == askMove:
			return 0, true
		case happened(e):
			return 0, false
		}
	}
	return 0, true
}

// happened reports whether e is news for the squadron that a Kommandant
// weighs before going on: harm to a boat or her crew, a boat gone from the
// formation, torpedoes spent.
func happened(e *gamelog.Event) bool {
	if notable(e) {
		return true
	}
	if eventType(e.Type) == evAttack {
		w := e.Str("weapon")
		return (w == "torpedo" || w == "rocket") && ownHull(e.Str("attacker"))
	}
	return false
}

// notable reports whether e is something the player must see before play
// goes on (engine.Definition.Notable): harm to the squadron, its boats or
// their crews, or a boat leaving it. A turn or combat round with none is
// played through without a stop when the player only presses Enter.
func notable(e *gamelog.Event) bool {
	switch eventType(e.Type) {
	case evBoatDamage, evFire, evDisabled, evCrewHit, evWound, evTow, evBoatLost, evCrewLost, evSeparated, evLoneBoat:
		return true
	case evAbort:
		return true
	case evAirAttack:
		return e.Int("hits") > 0
	}
	return false
}

// ownHull reports whether id names one of the squadron's boats (SB1…).
func ownHull(id string) bool {
	n, ok := strings.CutPrefix(id, "SB")
	return ok && n != "" && strings.Trim(n, "0123456789") == ""
}
