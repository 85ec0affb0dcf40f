package schnellrules

import (
	"fmt"
	"strings"

	"github.com/schnell-wargames/schnell/engine"
	"github.com/schnell-wargames/schnell/gamelog"
	"github.com/schnell-wargames/schnell/sea"
)

// describe words the game's main events for the player ("" leaves an
// event to the generic key=value line).
func describe(e *gamelog.Event) string {
	word := func(k string) string { return strings.ReplaceAll(e.Str(k), "_", " ") }
	num := func(k string) int { v, _ := e.Get(k); return v.I }
	yes := func(k string) bool { v, _ := e.Get(k); return v.B }
	switch engine.EventType(e.Type) {
	case evTurn:
		return fmt.Sprintf("== Turn %d ==", num("n"))
	case evPhase:
		if s := e.Str("skipped"); s != "" {
			return fmt.Sprintf("Phase %s: skipped (%s)", e.Str("name"), s)
		}
		return "Phase " + e.Str("name")
	case evGunfire:
		return fmt.Sprintf("%s %s at %s, %s", e.Str("shooter"), e.Str("weapon"), e.Str("target"), shot(e))
	case evDamage:
		// "MTB1 heavily damaged (S38 20mm:1 at MTB1); lost 20mm:1 tubes:1"
		res := word("result")
		if res == "intact" {
			res = "undamaged"
		}
		s := e.Str("vessel") + " " + res
		if st := e.Str("stepped"); st != "" {
			s += " again, so " + strings.ReplaceAll(st, "_", " ")
		} else if lv := word("level"); lv != word("result") && res != "undamaged" {
			s += ", still " + lv
		}
		s += " (" + e.Str("by") + ")"
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
		if l := e.Str("as"); l != "" {
			return fmt.Sprintf("%s: %s to %s, keeping station on %s (moves %dcm)", e.Str("vessel"), word("from"), word("to"), l, num("move"))
		}
		return fmt.Sprintf("%s: %s to %s (moves up to %dcm)", e.Str("vessel"), word("from"), word("to"), num("move"))
	case evPlaced:
		return fmt.Sprintf("%s is placed at %s cm, heading %d° (marker %s to the enemy)", e.Str("vessel"), at(e), num("heading"), e.Str("marker"))
	case evMove:
		if t := e.Str("torpedo"); t != "" {
			return fmt.Sprintf("Torpedo marker %s runs to %s cm", t, at(e))
		}
		return fmt.Sprintf("%s moves %dcm to %s, heading %d°", e.Str("vessel"), num("cm"), at(e), num("heading"))
	case evLeft:
		return fmt.Sprintf("%s leaves the table by the %s edge: out of the battle", e.Str("vessel"), e.Str("edge"))
	case evSteer:
		return fmt.Sprintf("%s steers %d° (was %d°)", e.Str("vessel"), num("to"), num("from"))
	case evFormation:
		if l := e.Str("leaves"); l != "" {
			return fmt.Sprintf("%s leaves %s's formation", e.Str("vessel"), l)
		}
		return fmt.Sprintf("%s keeps station on %s (its course and speed)", e.Str("vessel"), e.Str("leader"))
	case evInitiative:
		if t := e.Str("tie"); t != "" {
			return "Initiative tied at " + t + ": roll again"
		}
		return fmt.Sprintf("The %s win the initiative; the %s act first", sideName(e.Str("winner")), sideName(e.Str("first")))
	case evBattle:
		return fmt.Sprintf("A battle of up to %d turns", num("turns"))
	case evVessel:
		s := fmt.Sprintf("%s (%s) joins the %s at %s speed", e.Str("id"), e.Str("class"), sideName(e.Str("side")), word("speed"))
		if e.Str("from") == "scenario" {
			s += " (from the scenario)"
		}
		return s
	case evRemoved:
		return e.Str("id") + " is taken off the table"
	case evVisibility:
		if n := num("shrink"); n > 0 {
			return fmt.Sprintf("Random visibility: targets count %s smaller this turn", plural(n, "size"))
		}
		return "Random visibility: clear, targets at their own size"
	case evFire:
		switch e.Str("state") {
		case "starts":
			return e.Str("vessel") + " is ON FIRE"
		case "spreads":
			return "The fire on " + e.Str("vessel") + " spreads"
		case "out":
			return "The fire on " + e.Str("vessel") + " goes out"
		}
		return fmt.Sprintf("The fire on %s: %s", e.Str("vessel"), e.Str("state"))
	case evReload:
		v := e.Str("vessel")
		switch e.Str("state") {
		case "begins":
			return v + " begins to reload its torpedo tubes"
		case "counts":
			return fmt.Sprintf("%s reloads: turn %d of 10", v, num("turns"))
		case "does not count":
			return fmt.Sprintf("%s fired, was fired at or went too fast: no reload turn (%d of 10)", v, num("turns"))
		case "done":
			return fmt.Sprintf("%s has reloaded its tubes (%d reloads left)", v, num("reloads"))
		}
		return fmt.Sprintf("%s reload: %s", v, e.Str("state"))
	case evDepth:
		return fmt.Sprintf("%s depth charges %s: %s", e.Str("vessel"), e.Str("target"), hitWord(yes("hit")))
	case evRam:
		return fmt.Sprintf("%s rams %s: damage as from its %s torpedo, modifier %+d", e.Str("vessel"), e.Str("target"), e.Str("as"), num("damage_mod"))
	case evIlluminate:
		s := fmt.Sprintf("%s's %s bursts %dcm out", e.Str("vessel"), e.Str("kind"), num("range"))
		if d := num("deviation"); d > 0 {
			return s + fmt.Sprintf(", %dcm off towards %d o'clock", d, num("direction"))
		}
		return s + ", on the mark"
	case evAir:
		return fmt.Sprintf("Aircraft %s %s at %s, %s", e.Str("aircraft"), e.Str("weapon"), e.Str("target"), shot(e))
	case evAA:
		if e.Str("state") == "down" {
			return "Aircraft " + e.Str("aircraft") + " is shot down"
		}
		return fmt.Sprintf("%s %s at aircraft %s, %s", e.Str("shooter"), e.Str("weapon"), e.Str("aircraft"), shot(e))
	case evAirFire:
		return fmt.Sprintf("Aircraft %s %s (%s) at aircraft %s, %s", e.Str("aircraft"), e.Str("weapon"), e.Str("mount"), e.Str("target"), shot(e))
	case evEnd:
		s := fmt.Sprintf("The battle ends after %d turns: %d Allied and %d Axis vessels afloat", num("turns"), num(Sides[0]), num(Sides[1]))
		for _, side := range Sides {
			if num(side) == 0 {
				s += "; the " + sideName(side) + " have nothing afloat"
			}
		}
		return s
	}
	return ""
}

// at is an event's x and y (mm) as a point in cm: "(40, 87.5)".
func at(e *gamelog.Event) string {
	return sea.Pos{X: e.Int("x"), Y: e.Int("y")}.String()
}

// shot words a roll to hit: "30cm (medium, 12+): d20 11, modifiers +0: miss".
func shot(e *gamelog.Event) string {
	v, _ := e.Get("hit")
	return fmt.Sprintf("%dcm (%s, %d+): d20 %d, modifiers %+d: %s", e.Int("range"), e.Str("band"), e.Int("need"), e.Int("natural"), e.Int("mods"), hitWord(v.B))
}

func hitWord(hit bool) string {
	if hit {
		return "HIT"
	}
	return "miss"
}

// sideName is a side as the rules name it ("allies": "Allies").
func sideName(side string) string {
	switch side {
	case "allies":
		return "Allies"
	case "axis":
		return "Axis"
	}
	return side
}

// plural is n and a noun, in the plural unless n is 1: "2 sizes".
func plural(n int, noun string) string {
	if n == 1 {
		return "1 " + noun
	}
	if strings.HasSuffix(noun, "s") {
		return fmt.Sprintf("%d %ses", n, noun)
	}
	return fmt.Sprintf("%d %ss", n, noun)
}
