package schnellrules

import (
	"fmt"
	"strings"

	"github.com/schnell-wargames/schnell/gamelog"
)

// describe words the game's main events for the player ("" leaves an
// event to the generic key=value line).
func describe(e *gamelog.Event) string {
	word := func(k string) string { return strings.ReplaceAll(e.Str(k), "_", " ") }
	num := func(k string) int { v, _ := e.Get(k); return v.I }
	yes := func(k string) bool { v, _ := e.Get(k); return v.B }
	switch e.Type {
	case evTurn:
		return fmt.Sprintf("== Turn %d ==", num("n"))
	case evPhase:
		if s := e.Str("skipped"); s != "" {
			return fmt.Sprintf("Phase %s: skipped (%s)", e.Str("name"), s)
		}
		return "Phase " + e.Str("name")
	case evGunfire:
		res := "miss"
		if yes("hit") {
			res = "HIT"
		}
		return fmt.Sprintf("%s %s at %s, %dcm (%s, %d+): d20 %d, modifiers %+d: %s", e.Str("shooter"), e.Str("weapon"), e.Str("target"), num("range"), e.Str("band"), num("need"), num("natural"), num("mods"), res)
	case evDamage:
		s := fmt.Sprintf("%s (%s): %s", e.Str("vessel"), e.Str("by"), word("result"))
		if st := e.Str("stepped"); st != "" {
			s += ", a repeat: " + strings.ReplaceAll(st, "_", " ")
		}
		s += "; now " + word("level")
		if l := e.Str("lost"); l != "" {
			s += "; lost " + l
		}
		return s
	case evLaunch:
		if yes("marker") {
			return fmt.Sprintf("%s launches torpedo %s (%s) towards %s: a marker 15cm ahead (%d left in %s)", e.Str("shooter"), e.Str("torpedo"), e.Str("type"), e.Str("target"), num("left"), e.Str("mount"))
		}
		return fmt.Sprintf("%s launches torpedo %s (%s) at %s, %dcm: it arrives on turn %d (%d left in %s)", e.Str("shooter"), e.Str("torpedo"), e.Str("type"), e.Str("target"), num("range"), num("due"), num("left"), e.Str("mount"))
	case evArrival:
		if r := e.Str("result"); r != "" {
			if e.Str("target") == "" {
				return fmt.Sprintf("Torpedo marker %s: %s", e.Str("torpedo"), r)
			}
			return fmt.Sprintf("Torpedo %s reaches %s: %s", e.Str("torpedo"), e.Str("target"), r)
		}
		res := "misses"
		if yes("hit") {
			res = "HITS"
		}
		s := fmt.Sprintf("Torpedo %s %s %s (d20 %d)", e.Str("torpedo"), res, e.Str("target"), num("natural"))
		if yes("secondary") {
			s += ", a secondary target"
		}
		return s
	case evSpot:
		if e.Str("observer") == "" {
			return fmt.Sprintf("%s is seen: %s", e.Str("target"), e.Str("why"))
		}
		res := "not seen"
		if yes("seen") {
			res = "seen"
		}
		s := fmt.Sprintf("%s looks for %s at %dcm (spots out to %dcm): %s", e.Str("observer"), e.Str("target"), num("range"), num("max"), res)
		if w := e.Str("why"); w != "" {
			s += " (" + w + ")"
		}
		return s
	case evSpeed:
		return fmt.Sprintf("%s: %s to %s (moves up to %dcm)", e.Str("vessel"), word("from"), word("to"), num("move"))
	case evInitiative:
		if t := e.Str("tie"); t != "" {
			return "Initiative tied at " + t + ": roll again"
		}
		return fmt.Sprintf("The %s win the initiative; the %s act first", e.Str("winner"), e.Str("first"))
	case evRefused:
		return "Refused: " + e.Str("why")
	}
	return ""
}
