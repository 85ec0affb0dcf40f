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
	{Name: "keep-range", Said: "as last round",
		Help: "in a combat the squadron's range order (closer, stay, away, out) is given again each round while nothing happened since you gave it: no harm, no torpedo launched, no enemy sunk or gone, not newly detected, the same wave; turning away is kept through harm, unless a boat would be left behind",
		Pick: func(d *engine.Decision, h []gamelog.Event) (int, bool) {
			if decisionKind(d.Kind) != askRange {
				return 0, false
			}
			return keepLast(d, h)
		},
		Covers: func(d *engine.Decision) bool { return decisionKind(d.Kind) == askRange }},
	{Name: "keep-target", Said: "as last round",
		Help: "in a combat the squadron's attack (its weapon and target, or hold fire) is given again each round while it is still offered and nothing happened since you gave it (as for keep-range; while the squadron turns away, through harm)",
		Pick: func(d *engine.Decision, h []gamelog.Event) (int, bool) {
			if decisionKind(d.Kind) != askAttack {
				return 0, false
			}
			return keepLast(d, h)
		},
		Covers: func(d *engine.Decision) bool { return decisionKind(d.Kind) == askAttack }},
	{Name: "keep-speed", Said: "the fastest now allowed",
		Help: "in a combat, when damage forbids the speed you ordered (2.0 f, 4.4), the squadron goes at the fastest still allowed; a speed newly allowed, or Idle, is asked",
		Pick: keepSpeed},
	{Name: "keep-formation", Said: "no more harm since",
		Help:   "a heavily damaged boat you kept in formation (4.8) stays in it, in this mission, while she takes no more harm",
		Pick:   keepFormation,
		Covers: func(d *engine.Decision) bool { return decisionKind(d.Kind) == askBreakFormation }},
}

// keepLast is keep-range and keep-target: the answer the player gave to
// the last question of d's kind in this combat, when d offers it again
// (with the same values, if it takes any) and nothing happened since that
// is news for the squadron (combatNews). An answer the rules forced (the
// only option) is not the player's order, and is not kept.
func keepLast(d *engine.Decision, h []gamelog.Event) (int, bool) {
	var last *gamelog.Event // the answer kept
	for i := len(h) - 1; i >= 0; i-- {
		e := &h[i]
		if e.Type == "decision" && e.Str("kind") == d.Kind && e.Str("side") == d.Side {
			last = e
			break
		}
		if eventType(e.Type) == evCombatStart || eventType(e.Type) == evMissionStart {
			return 0, false // a new wave: the player gives his orders for it
		}
	}
	if last == nil || engine.Who(last.Str("by")) != engine.ByPlayer || last.Str("as") == engine.OnlyOption.Name {
		return 0, false
	}
	// Turning away (toward Long, or out of the combat) is what harm to the
	// squadron calls for: harm does not reopen it, nor the guns' target
	// while the squadron turns away, but a boat that would be left behind
	// (disabled, towing, aborting alone) does.
	news := combatNews
	if turningAway(d, last, h) {
		news = leavingNews
	}
	for i := len(h) - 1; &h[i] != last; i-- {
		if news(&h[i]) {
			return 0, false
		}
	}
	return sameOption(d, last)
}

// turningAway reports whether the squadron's order kept at d (last) is
// one it gives while turning away: a range order away or out, or an attack
// in a round it was ordered away or out.
func turningAway(d *engine.Decision, last *gamelog.Event, h []gamelog.Event) bool {
	away := func(c string) bool { return c == "away" || c == "out" }
	switch decisionKind(d.Kind) {
	case askRange:
		return away(last.Str("choice"))
	case askAttack:
		for i := len(h) - 1; i >= 0; i-- {
			e := &h[i]
			switch {
			case eventType(e.Type) == evRound:
				return false
			case e.Type == "decision" && decisionKind(e.Str("kind")) == askRange:
				return away(e.Str("choice"))
			}
		}
	}
	return false
}

// keepSpeed is the standing order keep-speed: damage now forbids the speed
// the player ordered in this combat (the speeds offered are fewer, the
// slowest of the same), and the squadron goes at the fastest still
// allowed: the nearest to his order. The same speed offered again is the
// kernel's `same`; a faster one newly allowed, or Idle (alongside a
// disabled boat), is the player's to say.
func keepSpeed(d *engine.Decision, h []gamelog.Event) (int, bool) {
	if decisionKind(d.Kind) != askSpeed || len(d.Options) == 0 {
		return 0, false
	}
	for i := range d.Options {
		if d.Options[i].Name == speedIdle.String() {
			return 0, false
		}
	}
	for i := len(h) - 1; i >= 0; i-- {
		e := &h[i]
		switch {
		case eventType(e.Type) == evCombatStart, eventType(e.Type) == evMissionStart:
			return 0, false
		case e.Type != "decision" || e.Str("kind") != d.Kind || e.Str("side") != d.Side:
			continue
		}
		opts, _ := e.Get("options")
		if engine.Who(e.Str("by")) != engine.ByPlayer || e.Str("as") == engine.OnlyOption.Name || len(opts.L) < len(d.Options) {
			return 0, false
		}
		for j := range d.Options {
			if d.Options[j].Name != opts.L[j].S {
				return 0, false // other speeds than before, not fewer
			}
			if d.Options[j].Name == e.Str("choice") {
				return 0, false // the speed ordered is allowed: the player's, or `same`'s
			}
		}
		if e.Str("choice") == speedIdle.String() {
			return 0, false
		}
		return len(d.Options) - 1, true
	}
	return 0, false
}

// leavingNews reports whether e, while the squadron turns away, reopens its
// order: a boat that cannot go with it (disabled, towing or towed, aborting
// alone, separated), or a change of the enemy's wave.
func leavingNews(e *gamelog.Event) bool {
	switch eventType(e.Type) {
	case evDisabled, evTow, evSeparated, evLoneBoat:
		return true
	case evAbort:
		return !squadronLeaving(e)
	}
	return false
}

// squadronLeaving reports whether e is the squadron's own order to leave
// the combat carried out (4.9): it got away, or did not and stays in the
// Long zone, and a boat apart goes with it. The player gave the order
// knowing what it costs: it is not news he must see before play goes on.
// (A wave let pass unattacked, or a boat aborting alone, is.)
func squadronLeaving(e *gamelog.Event) bool {
	r := e.Str("result")
	if e.Str("boat") == "squadron" {
		return strings.HasPrefix(r, "does not get away") || r == "left the combat"
	}
	return strings.HasPrefix(r, "leaves the combat with the squadron")
}

// sameOption is the option of d that e chose, if d offers it and would
// take it with the values e gave: an option that takes none now, or whose
// defaults are those values.
func sameOption(d *engine.Decision, e *gamelog.Event) (int, bool) {
	choice := e.Str("choice")
	for j := range d.Options {
		o := &d.Options[j]
		if o.Name != choice {
			continue
		}
		if len(o.Args) == 0 {
			return j, true
		}
		got, ok := e.Get("args")
		if !ok || len(got.O) != len(o.Args) {
			return 0, false
		}
		for k, a := range o.Args {
			if got.O[k].Key != a.Name || engine.Word(got.O[k].Val) != engine.Word(a.Default) {
				return 0, false
			}
		}
		return j, true
	}
	return 0, false
}

// combatNews reports whether e, in a combat, changes what the squadron
// faces, so that its orders are asked again: harm to the squadron (as
// notable says), its torpedoes or rockets launched, an enemy sunk, disabled
// or gone, the squadron newly detected. The squadron's own attempt to leave (C-6) is not: its order to
// leave stands.
func combatNews(e *gamelog.Event) bool {
	switch eventType(e.Type) {
	case evSunk, evEvaded, evUnitDisabled, evDetected:
		return true
	}
	return happened(e)
}

// keepFormation is the standing order keep-formation: a heavily damaged
// boat (4.8) the player kept in formation at the start of an earlier round
// of this mission stays in it while she takes no more harm. The log does
// not name the boat of a break_formation question, so the order keeps her
// only when every such question answered since her last harm, before this
// round's, was answered "stay" by the player: she was heavily damaged then,
// in formation, and so asked among them.
func keepFormation(d *engine.Decision, h []gamelog.Event) (int, bool) {
	if decisionKind(d.Kind) != askBreakFormation || len(d.Options) == 0 || d.Options[0].Name != "stay" {
		return 0, false
	}
	boat := ""
	for _, f := range d.Options[0].Facts {
		if f.Key == "boat" {
			boat = f.Val.S
		}
	}
	if boat == "" {
		return 0, false
	}
	thisRound, stayed := true, false
	for i := len(h) - 1; i >= 0; i-- {
		e := &h[i]
		switch {
		case eventType(e.Type) == evRound:
			thisRound = false
		case e.Type == "decision" && decisionKind(e.Str("kind")) == askBreakFormation && e.Str("side") == d.Side:
			if thisRound {
				continue // another boat's, asked just before hers
			}
			if engine.Who(e.Str("by")) != engine.ByPlayer || e.Str("choice") != "stay" {
				return 0, false
			}
			stayed = true
		case eventType(e.Type) == evMissionStart:
			return 0, stayed
		case notable(e) && (e.Str("boat") == boat || e.Str("unit") == boat):
			return 0, stayed
		}
	}
	return 0, stayed
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
		return !squadronLeaving(e)
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
