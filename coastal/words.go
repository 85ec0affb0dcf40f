package coastal

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/schnell-wargames/schnell/engine"
	"github.com/schnell-wargames/schnell/gamelog"
)

// The short report (issue 25 item 3): what a step's events come to, one
// line a move order, an observation, a shot, a torpedo's run or a repair,
// with the dice and their modifiers as numbers and tags ("4 +1 moving -2
// unaware = 3"). The log keeps every roll whole (the tables' reasons in
// full: `log`, replay), and a run this file does not know prints as the
// kernel words each event.

// modTags are short words for the modifiers of the game's own tables, by
// the reason the table gives (an overlay's other reasons print as bare
// numbers).
var modTags = map[string]string{
	"the target fired guns or is illuminated":      "firing or lit",
	"radar or hydrophones":                         "radar",
	"the target is moving (or within 12 cm)":       "moving",
	"the target is larger than an E-boat or MTB":   "large",
	"the target was observed before this game":     "seen before",
	"NAXOS against a radar-using target":           "NAXOS",
	"the observer is above half its maximum speed": "fast",
	"the observer is screened by another ship":     "screened",
	"poor weather":                                           "weather",
	"unaware of the enemy's presence":                        "unaware",
	"straddled or hit this target last turn":                 "straddled",
	"the target is stationary":                               "stationary",
	"shooter or target above half its maximum speed":         "fast",
	"the shooter is turning this turn":                       "turning",
	"smaller than a corvette in a medium sea":                "sea",
	"guns larger than 5\" fired from a destroyer or smaller": "heavy guns",
	"the target is moving at 12 cm or more":                  "fast",
	"hit in its forward or rear arc":                         "end on",
	"a submarine shooting":                                   "submarine",
	"the target is a merchant ship":                          "merchant",
}

// dieText is a roll's arithmetic: "4 +1 moving -2 unaware = 3", or the
// faces alone ("3+5+3+4 = 15") for a plain roll of several dice.
func dieText(e *gamelog.Event) string {
	var b strings.Builder
	faces, _ := e.Get("faces")
	for i, f := range faces.L {
		if i > 0 {
			b.WriteByte('+')
		}
		b.WriteString(strconv.Itoa(f.I))
	}
	mods, _ := e.Get("mods")
	for _, m := range mods.L {
		var v int
		var why string
		for _, f := range m.O {
			switch f.Key {
			case "value":
				v = f.Val.I
			case "reason":
				why = f.Val.S
			}
		}
		fmt.Fprintf(&b, " %+d", v)
		if tag := modTags[why]; tag != "" {
			b.WriteString(" " + tag)
		}
	}
	if len(faces.L) > 1 || len(mods.L) > 0 {
		fmt.Fprintf(&b, " = %d", e.Int("total"))
	}
	return b.String()
}

// courseText is a move's course in words, with its speed when the marker
// is in the open; many: for several markers ("hold course").
func courseText(e *gamelog.Event, many bool) string {
	verb := func(one, several string) string {
		if many {
			return several
		}
		return one
	}
	var t string
	switch c := e.Str("course"); c {
	case "hold":
		t = verb("holds", "hold") + " course"
	case "speed":
		t = verb("moves", "move")
		if v, _ := e.Get("turning"); v.B {
			t += ", turning"
		}
	case "toward":
		t = verb("turns", "turn") + " toward the nearest enemy"
	case "comb":
		t = verb("turns", "turn") + " to comb the torpedoes"
	case "ram":
		t = verb("turns", "turn") + " to ram"
	case "away":
		t = verb("turns", "turn") + " away for its own edge"
	case "withdraw":
		t = verb("withdraws", "withdraw") + " at full speed ('0' pointed)"
	case "astern":
		t = verb("goes", "go") + " astern"
	case "steer":
		t = fmt.Sprintf("%s %d°", verb("steers", "steer"), e.Int("heading"))
	case "follow":
		t = verb("keeps", "keep") + " station"
	case "enter":
		t = verb("comes", "come") + " on"
	case "exit":
		t = verb("makes", "make") + " for the far edge"
	case "tow":
		t = verb("stops", "stop") + " to take a lighter in tow"
	default:
		t = c // a lighter's "in tow of X", "no tow: stationary"
	}
	if v, ok := e.Get("cm"); ok {
		t += fmt.Sprintf(", %d cm", v.I)
	}
	return t
}

// who says who made a decision, for a line that folds it in: "" for the
// player, " (the script)", " (as ordered)".
func who(d *gamelog.Event) string {
	if d == nil {
		return ""
	}
	switch d.Str("by") {
	case "script":
		return " (the script)"
	case "default":
		return " (the reference side)"
	}
	switch d.Str("as") {
	case "":
		return ""
	case "dummies":
		return " (a dummy: no guns)"
	case "carry":
		return " (as ordered)"
	case "only":
		return " (the only choice)"
	}
	return " (standing order)"
}

// isDecision reports whether e is a decision of kind.
func isDecision(e *gamelog.Event, kind string) bool {
	return e.Type == "decision" && e.Str("kind") == kind
}

// describeRun folds the runs of events that read best as one line at
// every level of detail, losing nothing (engine.Definition.DescribeRun):
// markers that move alike, the table's answers, markers that hold fire,
// torpedo markers that touch nothing.
func describeRun(evs []gamelog.Event, i int) (string, int) {
	for _, f := range []func([]gamelog.Event, int) (string, int){moveRun, clearRun, tableRun, holdRun, drawRun} {
		if line, n := f(evs, i); n > 0 {
			return line, n
		}
	}
	return "", 0
}

// describeAt is the short report below verbose (engine.Definition.
// DescribeAt): an observation, a shot, a torpedo's contact, the systems a
// hit costs and a repair, each one line with its roll folded in ("[4 +1
// moving -2 unaware = 3, needs 3]"); brief leaves the dice out. Verbose
// (and `why`, `log`, the scenarios) keeps each roll whole.
func describeAt(evs []gamelog.Event, i int, d engine.Detail) (string, int) {
	if d >= engine.Verbose {
		return "", 0
	}
	for _, f := range []func([]gamelog.Event, int) (string, int){blankRun, observationRun, gunfireRun, torpedoReachRun, systemsRun, repairRun, placedRun, runRun, sideMoveRun, tableMoveRun} {
		if line, n := f(evs, i); n > 0 {
			if d <= engine.Brief {
				line = withoutDice(line)
			}
			return line, n
		}
	}
	return "", 0
}

// withoutDice leaves a short report's dice out: "M1 sees A3 at 55 cm:
// eboat1."
func withoutDice(line string) string {
	for {
		i := strings.Index(line, " [")
		if i < 0 {
			return line
		}
		j := strings.Index(line[i:], "]")
		if j < 0 {
			return line
		}
		line = line[:i] + line[i+j+1:]
	}
}

// moveUnit is a move event at j, with the launch hold and move decisions
// before it: how many events, the decision and the move.
func moveUnit(evs []gamelog.Event, j int) (n int, dec, mv *gamelog.Event) {
	k := j
	if k < len(evs) && isDecision(&evs[k], "launch") && evs[k].Str("choice") == "hold" {
		k++
	}
	if k < len(evs) && isDecision(&evs[k], "move") {
		dec = &evs[k]
		k++
	}
	if k < len(evs) && evs[k].Type == "move" {
		return k + 1 - j, dec, &evs[k]
	}
	return 0, nil, nil
}

// moveRun: markers that move alike, one line ("A1-A12 hold course.";
// "M1-M6 turn toward the nearest enemy (the script)."). On a virtual table
// (a move with its place) only below verbose: the places are left out.
func moveRun(evs []gamelog.Event, i int) (string, int) {
	if n, _, mv := moveUnit(evs, i); n > 0 && hasX(mv) {
		return "", 0
	}
	return tableMoveRun(evs, i)
}

// tableMoveRun is moveRun, places and all.
func tableMoveRun(evs []gamelog.Event, i int) (string, int) {
	n, dec, mv := moveUnit(evs, i)
	if n == 0 {
		return "", 0
	}
	key := courseText(mv, false) + who(dec)
	ids := []string{mv.Str("ship")}
	total := n
	for {
		m, d2, mv2 := moveUnit(evs, i+total)
		if m == 0 || courseText(mv2, false)+who(d2) != key || hasX(mv2) != hasX(mv) {
			break
		}
		ids = append(ids, mv2.Str("ship"))
		total += m
	}
	return fmt.Sprintf("%s %s%s.", spanText(ids), courseText(mv, len(ids) > 1), who(dec)), total
}

// observationRun: an observation's range, roll and what it showed, one
// line: "M1 sees A3 at 55 cm: eboat1 (Schnellboot) [4 +1 moving -2
// unaware = 3, needs 3]."
func observationRun(evs []gamelog.Event, i int) (string, int) {
	j := i
	// a script's or the reference side's choice of what to look for goes
	// into the line (the player's own the prompt has shown)
	var dec *gamelog.Event
	// (a ship's second observation, chosen at its fire question, too)
	if j+1 < len(evs) && isDecision(&evs[j], "fire") && evs[j].Str("choice") == "observe" && who(&evs[j]) != "" && isDecision(&evs[j+1], "observe") && who(&evs[j+1]) == who(&evs[j]) {
		j++
	}
	if j < len(evs) && isDecision(&evs[j], "observe") && who(&evs[j]) != "" && j+1 < len(evs) && (evs[j+1].Type == "roll" || isDecision(&evs[j+1], "range")) {
		dec = &evs[j]
		j++
	}
	if j < len(evs) && isDecision(&evs[j], "range") && j+1 < len(evs) && evs[j+1].Type == "roll" && evs[j+1].Str("table") == "OBS" {
		j++
	}
	if j >= len(evs) || evs[j].Type != "roll" || evs[j].Str("table") != "OBS" {
		return "", 0
	}
	roll := &evs[j]
	obs, target, _ := strings.Cut(roll.Str("for"), " observes ")
	cm := roll.Int("value")
	need := "nothing is seen beyond 120 cm"
	if cm <= 120 {
		need = fmt.Sprintf("needs %d", (cm+19)/20)
	}
	j++
	var is, gone, aware string
	for ; j < len(evs); j++ {
		e := &evs[j]
		switch {
		case e.Type == "reveal":
		case e.Type == "observed" && e.Str("marker") == target:
			is = e.Str("is")
		case e.Type == "removed" && e.Str("marker") == target:
			gone = ", taken off"
		case e.Type == "aware":
			aware = fmt.Sprintf(" The %s is now aware of the enemy.", e.Str("side"))
		default:
			goto done
		}
	}
done:
	dice := fmt.Sprintf("[%s, %s]", dieText(roll), need)
	by := ""
	if dec != nil {
		by = who(dec)
		// and its marker's hold of fire that follows, by the same hand
		if j < len(evs) && isDecision(&evs[j], "fire") && evs[j].Str("choice") == "hold" && who(&evs[j]) == by && evs[j].Str("side") == dec.Str("side") {
			j++
		}
	}
	if is == "" {
		return fmt.Sprintf("%s does not see %s at %d cm %s%s.", obs, target, cm, dice, by), j - i
	}
	if is == "dummy" || is == "dummy torpedo" {
		is = "a " + is
	}
	return fmt.Sprintf("%s sees %s at %d cm: %s%s %s%s.%s", obs, target, cm, is, gone, dice, by, aware), j - i
}

// gunfireRun: a shot's range and roll, one line a group (cannon, guns):
// "A3 fires cannon at E1, 30 cm: factor 4 [5 +2 straddled = 7]: 1 hit."
func gunfireRun(evs []gamelog.Event, i int) (string, int) {
	j := i
	if j < len(evs) && isDecision(&evs[j], "range") && j+1 < len(evs) && (evs[j+1].Type == "out_of_range" || evs[j+1].Type == "roll" && evs[j+1].Str("table") == "GUN") {
		j++
	}
	if j >= len(evs) {
		return "", 0
	}
	if e := &evs[j]; e.Type == "out_of_range" {
		return fmt.Sprintf("%s's %s cannot reach %d cm.", e.Str("ship"), e.Str("weapons"), e.Int("cm")), j + 1 - i
	}
	if evs[j].Type != "roll" || evs[j].Str("table") != "GUN" || j+1 >= len(evs) || evs[j+1].Type != "gunfire" {
		return "", 0
	}
	roll, g := &evs[j], &evs[j+1]
	factor := fmt.Sprint(g.Int("factor"))
	if v, ok := g.Get("variables"); ok {
		factor = fmt.Sprintf("%d %+d = %d", g.Int("factor"), v.I, g.Int("factor")+v.I)
	}
	return fmt.Sprintf("%s fires %s at %s, %d cm: factor %s [%s]: %s.", g.Str("ship"), g.Str("weapons"), g.Str("target"), g.Int("cm"), factor, dieText(roll), resultText(g.Str("result"))), j + 2 - i
}

// resultText words a cell of the shooting factor table.
func resultText(r string) string {
	switch r {
	case "-":
		return "no effect"
	case "S":
		return "straddle"
	case "1":
		return "1 hit"
	}
	return r + " hits"
}

// torpedoEffects words the torpedo table's cells.
var torpedoEffects = map[string]string{
	"MISS": "a miss or a malfunction", "UNDER": "it runs under and on", "NEAR": "it explodes near",
	"SER": "serious damage", "DIS": "the ship is disabled", "SINK6": "disabled, it sinks in D6 turns",
	"SINK4": "disabled, it sinks in D4 turns", "BREAK": "it breaks in two and sinks next turn",
}

// torpedoReachRun: a torpedo's contact, its roll and effect, one line:
// "Torpedo T1 hits merchant3 [4 +1 merchant = 5]: serious damage, 15
// points [3+5+3+4 = 15]."
func torpedoReachRun(evs []gamelog.Event, i int) (string, int) {
	j := i
	if j < len(evs) && isDecision(&evs[j], "torpedo_run") && evs[j].Str("choice") == "touch" && j+1 < len(evs) && evs[j+1].Type == "roll" && evs[j+1].Str("table") == "TORP" {
		j++
	}
	if j >= len(evs) || evs[j].Type != "roll" || evs[j].Str("table") != "TORP" {
		return "", 0
	}
	roll := &evs[j]
	_, target, _ := strings.Cut(roll.Str("for"), " at ")
	torp := strings.TrimPrefix(strings.Fields(roll.Str("for"))[0]+" "+strings.Fields(roll.Str("for"))[1], "torpedo ")
	j++
	var dmg string
	if j < len(evs) && evs[j].Type == "roll" && evs[j].Str("table") == "" && strings.Contains(evs[j].Str("for"), ":") {
		what, _, _ := strings.Cut(evs[j].Str("for"), ":")
		if what == "near" || what == "serious" || what == "sinks" {
			dmg = " [" + evs[j].Str("dice") + ": " + dieText(&evs[j]) + "]"
			j++
		}
	}
	effect := torpedoEffects[roll.Str("result")]
	if effect == "" {
		effect = roll.Str("result")
	}
	line := fmt.Sprintf("Torpedo %s reaches %s [%s]: %s", torp, target, dieText(roll), effect)
	if j < len(evs) && evs[j].Type == "torpedo_hit" {
		h := &evs[j]
		if d := h.Int("damage"); d > 0 {
			line += fmt.Sprintf(", %s", plural(d, "point"))
		}
		if n := h.Int("sinks_in"); n > 0 && h.Str("effect") != "break" {
			line += fmt.Sprintf(", sinks in %s", plural(n, "turn"))
		}
		line += dmg
		j++
	}
	return line + ".", j - i
}

// systemsRun: a ship's hit locations and the systems lost, one line:
// "merchant3 loses 4 systems [1D6: 4]: a non-critical area (locations 5,
// 5, 7), an engine box (3)."
func systemsRun(evs []gamelog.Event, i int) (string, int) {
	j := i
	head := ""
	ship := ""
	if e := &evs[j]; e.Type == "roll" && e.Str("table") == "" && strings.HasPrefix(e.Str("for"), "systems:") {
		ship = strings.TrimPrefix(e.Str("for"), "systems:")
		head = fmt.Sprintf(" [1D6: %s]", dieText(e))
		j++
	} else if e.Type == "damage" {
		ship = e.Str("ship")
		head = fmt.Sprintf(" (%s from %s's hit)", plural(e.Int("points"), "point"), e.Str("by"))
		j++
	}
	if ship == "" {
		return "", 0
	}
	var lost []string
	for j+1 < len(evs) && evs[j].Type == "roll" && strings.HasPrefix(evs[j].Str("table"), "LOC-") && evs[j+1].Type == "system" && evs[j+1].Str("ship") == ship {
		lost = append(lost, fmt.Sprintf("%s (location %d)", evs[j+1].Str("lost"), evs[j].Int("total")))
		j += 2
		for j < len(evs) && evs[j].Type == "system" && evs[j].Str("ship") == ship { // the areas beside it (heavy guns)
			lost = append(lost, evs[j].Str("lost"))
			j++
		}
	}
	if evs[i].Type == "damage" {
		if len(lost) == 0 {
			return fmt.Sprintf("%s takes %s.", ship, strings.TrimSuffix(strings.TrimPrefix(head, " ("), ")")), j - i
		}
		return fmt.Sprintf("%s takes %s and loses %s.", ship, strings.TrimSuffix(strings.TrimPrefix(head, " ("), ")"), strings.Join(lost, ", ")), j - i
	}
	if len(lost) == 0 {
		return "", 0
	}
	return fmt.Sprintf("%s loses %s%s: %s.", ship, plural(len(lost), "system"), head, strings.Join(lost, ", ")), j - i
}

// repairRun: a repair roll and what it repaired.
func repairRun(evs []gamelog.Event, i int) (string, int) {
	e := &evs[i]
	if e.Type != "roll" || e.Str("table") != "" || !strings.HasPrefix(e.Str("for"), "repair:") {
		return "", 0
	}
	ship := strings.TrimPrefix(e.Str("for"), "repair:")
	if i+1 < len(evs) && evs[i+1].Type == "repair" {
		return fmt.Sprintf("%s repairs %s [%s].", ship, evs[i+1].Str("repaired"), dieText(e)), 2
	}
	return fmt.Sprintf("%s's repairs fail [%s, needs 6].", ship, dieText(e)), 1
}

// clearRun: torpedo markers that run on touching nothing, one line.
func clearRun(evs []gamelog.Event, i int) (string, int) {
	n := 0
	for i+n < len(evs) && isDecision(&evs[i+n], "torpedo_run") && evs[i+n].Str("choice") == "clear" {
		n++
	}
	if n == 0 {
		return "", 0
	}
	return fmt.Sprintf("At the table: %s run on, touching nothing.", plural(n, "torpedo marker")), n
}

// tableRun words a decision of the table alone (its roll comes later, as
// with physical dice): "At the table: A3, 55 cm."
func tableRun(evs []gamelog.Event, i int) (string, int) {
	e := &evs[i]
	if e.Type != "decision" || e.Str("side") != "" {
		return "", 0
	}
	args := map[string]gamelog.Value{}
	if v, ok := e.Get("args"); ok {
		for _, f := range v.O {
			args[f.Key] = f.Val
		}
	}
	var t string
	switch e.Str("kind") + " " + e.Str("choice") {
	case "range range":
		var parts []string
		if m, ok := args["marker"]; ok {
			parts = append(parts, m.S)
		}
		parts = append(parts, fmt.Sprintf("%d cm", args["cm"].I))
		if args["screened"].B {
			parts = append(parts, "the observer screened")
		}
		if args["lit"].B {
			parts = append(parts, "lit")
		}
		if b, ok := args["bears"]; ok {
			parts = append(parts, "mounts bearing: "+b.S)
		}
		t = strings.Join(parts, ", ")
	case "range far":
		t = "nothing within 120 cm, nothing is seen"
	case "range apart":
		t = "no marker within 120 cm of an enemy marker, no more observation this step"
	case "range only":
		t = "only " + args["markers"].S + " within 120 cm of an enemy marker, the others see nothing this step"
	case "range close":
		t = "under 30 cm, the launch is called off"
	case "kept kept":
		t = "observation of them all is kept"
	case "kept lost":
		t = args["markers"].S + " moved further away"
	case "torpedo_run touch":
		t = "the torpedo marker touches " + args["marker"].S
		if args["arc"].B {
			t += ", in its forward or rear arc"
		}
	case "torpedo_run off":
		t = "the torpedo marker leaves the table"
	default:
		return "", 0
	}
	return "At the table: " + t + ".", 1
}

// holdRun: markers of a side that hold fire (or keep their torpedoes), one
// line for the run: "[defender] 6 markers hold fire (the script)."
func holdRun(evs []gamelog.Event, i int) (string, int) {
	e := &evs[i]
	kind := e.Str("kind")
	if e.Type != "decision" || e.Str("choice") != "hold" || (kind != "fire" && kind != "launch" && kind != "split") || e.Str("by") == "player" && e.Str("as") == "" {
		return "", 0 // the player's own answer: the prompt says it
	}
	n := 1
	for i+n < len(evs) {
		f := &evs[i+n]
		if f.Type != "decision" || f.Str("kind") != kind || f.Str("choice") != "hold" || f.Str("side") != e.Str("side") || who(f) != who(e) {
			break
		}
		n++
	}
	if e.Str("as") == "dummies" {
		if n == 1 {
			return fmt.Sprintf("[%s] A dummy holds fire: it has no guns.", e.Str("side")), 1
		}
		return fmt.Sprintf("[%s] %d dummies hold fire: they have no guns.", e.Str("side"), n), n
	}
	what := map[string]string{"fire": "hold fire", "launch": "keep their torpedoes", "split": "fire no more"}[kind]
	if n == 1 {
		what = map[string]string{"fire": "holds fire", "launch": "keeps its torpedoes", "split": "fires no more"}[kind]
		return fmt.Sprintf("[%s] A marker %s%s.", e.Str("side"), what, who(e)), 1
	}
	return fmt.Sprintf("[%s] %d markers %s%s.", e.Str("side"), n, what, who(e)), n
}

// drawRun: markers a side drew hidden from one pot, that the prompt may
// see (its own side's), one line: "attacker draws A1-A12 from ATTACKERS,
// hidden: A1 eboat2, A5 eboat4; the others dummies." A draw the player
// makes or the program makes for him with physical dice prints alone.
func drawRun(evs []gamelog.Event, i int) (string, int) {
	first := &evs[i]
	if first.Type != "draw" {
		return "", 0
	}
	var ids, real []string
	n := 0
	for ; i+n < len(evs); n++ {
		e := &evs[i+n]
		ch, _ := e.Get("chits")
		_, src := e.Get("source")
		what := e.Str("for")
		id := what[strings.LastIndex(what, " ")+1:]
		if e.Type != "draw" || src || len(ch.L) != 1 || e.Str("cup") != first.Str("cup") || e.Str("side") != first.Str("side") || !strings.Contains(what, "marker ") {
			break
		}
		ids = append(ids, id)
		if c := ch.L[0].S; c != "dummy" {
			real = append(real, id+" "+c)
		}
	}
	if n < 2 {
		return "", 0
	}
	line := fmt.Sprintf("%s draws %s from %s, hidden", first.Str("side"), spanText(ids), first.Str("cup"))
	switch {
	case len(real) == 0:
		return line + ": all dummies.", n
	case len(real) == len(ids):
		return line + ": " + strings.Join(real, ", ") + ".", n
	}
	return line + ": " + strings.Join(real, ", ") + "; the others dummies.", n
}
