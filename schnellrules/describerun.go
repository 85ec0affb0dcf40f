package schnellrules

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/schnell-wargames/schnell/engine"
	"github.com/schnell-wargames/schnell/gamelog"
)

// describeRun words, at the prompt, the runs of events that read best as
// one line (issue 25 item 3: a short report, one line a shot): a shot's
// throw, its reads of the tables and its result; a vessel's system rolls
// and the damage they make; a torpedo's roll and its arrival; the two
// initiative rolls; an order the player typed and what it made; the phases
// in which nothing happened. Every number stays on the line (the faces, the
// modifiers by name, the totals); `log` words each event alone, in full.
func describeRun(evs []gamelog.Event, i int) (string, int) {
	e := &evs[i]
	switch engine.EventType(e.Type) {
	case "decision":
		return decisionRun(evs, i)
	case "roll":
		switch {
		case e.Str("table") == "SR-SYS":
			return systemsRun(evs, i, "")
		case e.Str("table") == "SR-TORP":
			return torpedoRun(evs, i)
		case e.Str("table") == "SR-DMG":
			return damageRollRun(evs, i)
		case strings.HasPrefix(e.Str("for"), "initiative "):
			return initiativeRun(evs, i)
		case e.Str("dice") == Gunfire.String():
			return shotRun(evs, i)
		}
	case "read":
		if e.Str("table") == "SR-HIT" {
			return shotRun(evs, i)
		}
	case evPhase, evTurn:
		if e.Type == string(evPhase) && strings.HasPrefix(e.Str("name"), "2 ") && i+1 < len(evs) {
			if line, n := initiativeRun(evs, i+1); n > 0 {
				return "Phase 2 initiative: " + strings.TrimPrefix(line, "Initiative: "), n + 1 // "Phase 2 initiative: Allies 7, Axis 6"
			}
		}
		return phasesRun(evs, i)
	}
	return "", 0
}

// orderEvents are the events an order of the player makes, by its option.
var orderEvents = map[string]engine.EventType{
	"spot": evSpot, "speed": evSpeed, "steer": evSteer, "formation": evFormation, "place": evPlaced, "torpedo": evLaunch, "add": evVessel, "remove": evRemoved,
	"depthcharge": "roll", "ram": evRam, "reload": evReload, "starshell": "roll", "flare": "roll",
	"fire": "roll", "aa": "roll", "air": "roll", "airfire": "roll",
	"first": evInitiative, "second": evInitiative,
}

// decisionRun is an order the player typed and what it made: the line he
// typed is on the screen already, so the line is what it made.
func decisionRun(evs []gamelog.Event, i int) (string, int) {
	e := &evs[i]
	if e.Str("by") != "player" && e.Str("by") != "table" || i+1 >= len(evs) {
		return "", 0
	}
	// `done` says nothing the next event does not: the play goes on.
	if want, ok := orderEvents[e.Str("choice")]; e.Str("choice") != "done" && (!ok || engine.EventType(evs[i+1].Type) != want) {
		return "", 0
	}
	if line, n := describeRun(evs, i+1); n > 0 {
		return line, n + 1
	}
	if line := describe(&evs[i+1]); line != "" {
		return line, 2
	}
	return "", 0
}

// shotRun is one attack of gunfire (a vessel's, an aircraft's, AA, air to
// air): the throw, SR-HIT, the result, and on a hit the damage and fire
// reads: "S38 20mm:1 at MTB1, 14cm (medium, 12+): d20 5, target fast -2,
// target very small -4, shooter fast -2: miss".
func shotRun(evs []gamelog.Event, i int) (string, int) { return shotWords(evs, i, false) }

// shotWords words a shot; short (below verbose detail) sums its
// modifiers and says the damage roll's total and level only: "SB2 20mm:1
// at mgb-2, 4cm (short, 5+): d20 20 -6: HIT (a natural 20); damage 5,
// heavily damaged; a fire starts" (`why` shows each modifier).
func shotWords(evs []gamelog.Event, i int, short bool) (string, int) {
	j := i
	what := evs[i].Str("for")
	if evs[j].Type == "roll" {
		j++
	}
	var hit *gamelog.Event
	if j < len(evs) && evs[j].Type == "read" && evs[j].Str("table") == "SR-HIT" && evs[j].Str("for") == what {
		hit = &evs[j]
		j++
	}
	if j >= len(evs) {
		return "", 0
	}
	r := &evs[j]
	switch engine.EventType(r.Type) {
	case evGunfire, evAA, evAir, evAirFire:
	default:
		return "", 0
	}
	j++
	var b strings.Builder
	b.WriteString(shotHead(r))
	fmt.Fprintf(&b, ", %dcm (%s, %d+): d20 %d", r.Int("range"), r.Str("band"), r.Int("need"), r.Int("natural"))
	if hit != nil && !short {
		writeMods(&b, hit, "the score needed at this range")
	} else if m := r.Int("mods"); m != 0 {
		fmt.Fprintf(&b, " %+d", m)
	}
	v, _ := r.Get("hit")
	b.WriteString(": " + hitWord(v.B))
	if hit != nil && strings.HasPrefix(hit.Str("row"), "natural") {
		b.WriteString(" (a " + hit.Str("row") + ")")
	}
	target := r.Str("target")
	for j < len(evs) && evs[j].Type == "read" && (evs[j].Str("for") == "damage to "+target || evs[j].Str("for") == "fire on "+target) {
		rd := &evs[j]
		if rd.Str("table") == "SR-DMG" {
			level := strings.ToLower(first(rd.Str("result")))
			switch {
			case level == "intact":
				level = "no damage"
			case !short:
				level += " when the phase ends"
			}
			if short {
				fmt.Fprintf(&b, "; damage %d, %s", rd.Int("total"), level)
			} else {
				fmt.Fprintf(&b, "; damage %s = %d, %s", faceAndMods(rd), rd.Int("total"), level)
			}
		} else if strings.Contains(strings.ToLower(rd.Str("result")), "starts") {
			if short {
				b.WriteString("; a fire starts")
			} else {
				fmt.Fprintf(&b, "; red %d: a fire starts", firstFace(rd))
			}
		}
		j++
	}
	return b.String(), j - i
}

// shotHead names who fires at what.
func shotHead(r *gamelog.Event) string {
	switch engine.EventType(r.Type) {
	case evAA:
		return fmt.Sprintf("%s %s at aircraft %s", r.Str("shooter"), r.Str("weapon"), r.Str("aircraft"))
	case evAir:
		return fmt.Sprintf("Aircraft %s %s at %s", r.Str("aircraft"), r.Str("weapon"), r.Str("target"))
	case evAirFire:
		return fmt.Sprintf("Aircraft %s %s (%s) at aircraft %s", r.Str("aircraft"), r.Str("weapon"), r.Str("mount"), r.Str("target"))
	}
	return fmt.Sprintf("%s %s at %s", r.Str("shooter"), r.Str("weapon"), r.Str("target"))
}

// writeMods writes a read's modifiers by name (", target fast -2"), less
// the one named skip.
func writeMods(b *strings.Builder, e *gamelog.Event, skip string) {
	mv, _ := e.Get("mods")
	for _, m := range mv.L {
		val, _ := m.Get("value")
		why, _ := m.Get("reason")
		if why.S == skip {
			continue
		}
		fmt.Fprintf(b, ", %s %+d", why.S, val.I)
	}
}

// faceAndMods is a roll's face and its modifiers as a sum: "4 -2 +3".
func faceAndMods(e *gamelog.Event) string {
	s := strconv.Itoa(firstFace(e))
	mv, _ := e.Get("mods")
	for _, m := range mv.L {
		val, _ := m.Get("value")
		s += fmt.Sprintf(" %+d", val.I)
	}
	return s
}

func firstFace(e *gamelog.Event) int {
	fv, _ := e.Get("faces")
	if f := fv.Ints(); len(f) > 0 {
		return f[0]
	}
	return 0
}

// first is a table result's words before its colon ("Damaged: minor
// damage" is "Damaged").
func first(s string) string {
	w, _, _ := strings.Cut(s, ":")
	return w
}

// systemsRun is a damage level's system rolls and the damage event they
// end in, as one line: the damage, then each roll ("20mm:1 6 lost").
// pre is the damage roll's words, if a roll of SR-DMG came first.
func systemsRun(evs []gamelog.Event, i int, pre string) (string, int) {
	j := i
	var rolls []string
	on := "lost on 6"
	for j < len(evs) && evs[j].Type == "roll" && evs[j].Str("table") == "SR-SYS" {
		r := &evs[j]
		_, sys, _ := strings.Cut(r.Str("for"), " ")
		rolls = append(rolls, sys+" "+strconv.Itoa(firstFace(r)))
		if mv, _ := r.Get("mods"); len(mv.L) > 0 {
			why, _ := mv.L[0].Get("reason")
			if _, rule, ok := strings.Cut(why.S, ": "); ok {
				on = rule // "lost on 4+"
			}
		}
		j++
	}
	if j >= len(evs) || evs[j].Type != string(evDamage) {
		return "", 0
	}
	s := describe(&evs[j])
	if pre != "" {
		by := "(" + evs[j].Str("by") + ")"
		s = strings.Replace(s, by, "("+evs[j].Str("by")+", "+pre+")", 1)
	}
	if len(rolls) > 0 {
		s += "; a d6 each, " + on + ": " + strings.Join(rolls, ", ")
	}
	return s, j + 1 - i
}

// damageRollRun is a roll of the damage table (a torpedo's, a ram's, a
// depth charge's), its system rolls and the damage.
func damageRollRun(evs []gamelog.Event, i int) (string, int) {
	if i+1 >= len(evs) {
		return "", 0
	}
	r := &evs[i]
	line, n := systemsRun(evs, i+1, fmt.Sprintf("d6 %s = %d", faceAndMods(r), r.Int("total")))
	if n == 0 {
		return "", 0
	}
	return line, n + 1
}

// torpedoRun is a torpedo's roll to hit and its arrival.
func torpedoRun(evs []gamelog.Event, i int) (string, int) {
	if i+1 >= len(evs) || evs[i+1].Type != string(evArrival) {
		return "", 0
	}
	r, a := &evs[i], &evs[i+1]
	need := 14
	mv, _ := r.Get("mods")
	for _, m := range mv.L {
		if why, _ := m.Get("reason"); why.S == "the torpedo's score to hit" {
			val, _ := m.Get("value")
			need = -val.I
		}
	}
	var b strings.Builder
	v, _ := a.Get("hit")
	res := "misses"
	if v.B {
		res = "HITS"
	}
	fmt.Fprintf(&b, "Torpedo %s %s %s", a.Str("torpedo"), res, a.Str("target"))
	if sec, _ := a.Get("secondary"); sec.B {
		b.WriteString(", a secondary target")
	}
	fmt.Fprintf(&b, " (%d+): d20 %d", need, firstFace(r))
	writeMods(&b, r, "the torpedo's score to hit")
	if strings.HasPrefix(r.Str("row"), "natural") {
		b.WriteString(" (a " + r.Str("row") + ")")
	}
	return b.String(), 2
}

// initiativeRun is the initiative's d10s, ties and all: "Initiative:
// Allies 4, Axis 4, a tie; Allies 7, Axis 3".
func initiativeRun(evs []gamelog.Event, i int) (string, int) {
	var parts []string
	j := i
	for j+1 < len(evs) && evs[j].Type == "roll" && evs[j].Str("for") == "initiative "+Sides[0] && evs[j+1].Type == "roll" && evs[j+1].Str("for") == "initiative "+Sides[1] {
		p := fmt.Sprintf("%s %d, %s %d", sideName(Sides[0]), evs[j].Int("total"), sideName(Sides[1]), evs[j+1].Int("total"))
		j += 2
		if j < len(evs) && evs[j].Type == string(evInitiative) && evs[j].Str("tie") != "" {
			p += ", a tie"
			j++
		}
		parts = append(parts, p)
	}
	if len(parts) == 0 {
		return "", 0
	}
	return "Initiative: " + strings.Join(parts, "; "), j - i
}

// phasesRun is phases in which nothing happened, up to the next one in
// which something does (or the next turn): only the last is named; a
// turn's first phase is its heading's.
func phasesRun(evs []gamelog.Event, i int) (string, int) {
	j := i
	for j < len(evs) && (evs[j].Type == string(evPhase) || evs[j].Type == string(evTurn)) {
		j++
	}
	if j-i < 2 {
		return "", 0
	}
	last := &evs[j-1]
	if last.Type == string(evPhase) && evs[j-2].Type == string(evTurn) && strings.HasPrefix(last.Str("name"), "1 ") {
		return describe(&evs[j-2]), j - i // "== Turn 2 ==": the sightings' question says the rest
	}
	return describe(last), j - i
}
