package enginetest

import (
	"fmt"

	"github.com/schnell-wargames/schnell/gamelog"
)

// The toy games word each of their events for the player (a front end
// never shows a raw "type key=value" line); the kernel words their rolls,
// reads, decisions, draws and reveals.

// describeToy words the toy game's events.
func describeToy(e *gamelog.Event) string {
	switch e.Type {
	case "start":
		return fmt.Sprintf("A voyage of %d legs.", e.Int("legs"))
	case "leg":
		return fmt.Sprintf("Leg %d sailed: %d points so far.", e.Int("n"), e.Int("points"))
	case "end":
		return fmt.Sprintf("The voyage ends with %d points.", e.Int("points"))
	}
	return ""
}

// describeDuel words the duel's events.
func describeDuel(e *gamelog.Event) string {
	switch e.Type {
	case "start":
		return fmt.Sprintf("A duel of %d turns.", e.Int("turns"))
	case "turn":
		return fmt.Sprintf("== Turn %d ==", e.Int("n"))
	case "arrive":
		return fmt.Sprintf("The %s: %s now has %d points.", e.Str("what"), e.Str("side"), e.Int("points"))
	case "fire":
		return fmt.Sprintf("%s fires at %s: %d hits, %d points.", e.Str("side"), e.Str("target"), e.Int("hits"), e.Int("points"))
	case "signal":
		return fmt.Sprintf("%s signals: %q", e.Str("side"), e.Str("text"))
	case "end":
		return fmt.Sprintf("The duel ends: p1 %d points, p2 %d.", e.Int("p1"), e.Int("p2"))
	}
	return ""
}

// describeSkirmish words the skirmish's events.
func describeSkirmish(e *gamelog.Event) string {
	switch e.Type {
	case "start":
		return fmt.Sprintf("A skirmish of up to %d turns.", e.Int("turns"))
	case "contact":
		return "Contact in square " + e.Str("square") + "."
	case "end":
		return fmt.Sprintf("The skirmish ends: %d losses, %d hits, %d damage.", e.Int("losses"), e.Int("hits"), e.Int("damage"))
	}
	return ""
}
