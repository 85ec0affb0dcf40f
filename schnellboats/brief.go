package schnellboats

import (
	"fmt"
	"strconv"
	"strings"
	"sync"

	"github.com/schnell-wargames/schnell/engine"
	"github.com/schnell-wargames/schnell/gamelog"
	"github.com/schnell-wargames/schnell/tables"
)

// The short report (engine.Definition.DescribeAt, `detail normal` and
// `brief` at the prompt; issue 25 item 3): one line a shot or launch
// ("SB2 guns → mtb-1: 14 vs 18, miss"), what it did to its target on the
// same line, a roll left out where the event after it says what it gave
// (a crewman's name, the weather, the damage to a boat), the squadron's
// moves and the orders carried out in one line. Describe stays the full
// wording (verbose, `log`, scenarios); the log keeps every roll, and `why`
// shows the last in full.

// describeAt words evs[i] at a level of detail below verbose.
func describeAt(evs []gamelog.Event, i int, d engine.Detail) (string, int) {
	if d >= engine.Verbose {
		return "", 0
	}
	e := &evs[i]
	switch e.Type {
	case "roll", "read":
		return rollAt(evs, i, d)
	case "decision":
		// A boat's order carried out as the squadron ordered it: her shot
		// says it (one line a round for the orders: the squadron's).
		if e.Str("kind") == string(askBoatAttack) && e.Str("as") == engine.Carried.Name {
			return "", 1
		}
		return "", 0
	case string(evDraw):
		// The order of attack: below verbose the shots, each line in the
		// order drawn, say it.
		return "", 1
	}
	switch eventType(e.Type) {
	case evWeather:
		if i > 0 && evs[i-1].Type == "roll" {
			return "", 1 // the A-1 line said it
		}
	case evCrewman, evReplacement:
		return crewRun(evs, i, d)
	case evBoat:
		return boatRun(evs, i)
	case evSpeed:
		return speedRun(evs, i)
	case evRange:
		return rangeRun(evs, i)
	case evEvaded:
		return evadedRun(evs, i)
	case evAttack:
		return shotRun(evs, i, d)
	}
	return "", 0
}

// restates are the events that say what the rolls just before them gave:
// at normal detail those rolls are left out (`why` shows them).
var restates = map[eventType]bool{
	evCrewman: true, evReplacement: true, evBoat: true, evMissionType: true, evZones: true,
	evTurn: true, evSlowTurn: true, evEncounter: true, evCombatStart: true, evBoatDamage: true,
	evFire: true, evCrewHit: true, evWound: true, evRepair: true, evNewBoat: true, evCrewSkill: true,
	evMedal: true, evInquiry: true, evWoundStatus: true, evVeteran: true, evEvent: true,
	evAirPatrol: true, evAirAttack: true, evRescue: true, evPilot: true, evLoneBoat: true,
	evSpecial: true, evTowParted: true, evEvaded: true, evSeparated: true, evAbort: true,
}

// rollAt words a roll at normal or brief detail: the rolls of a shot are
// the shot's line; a roll is left out when the event its run of rolls
// leads to says what they gave, and an enemy's failed attempt to get away
// (C-6: one that gets away is said).
func rollAt(evs []gamelog.Event, i int, d engine.Detail) (string, int) {
	if line, n := shotRun(evs, i, d); n > 0 {
		return line, n
	}
	if isLearnt(evs[i].Str("table")) { // a wave on learnt tables (learnt.go)
		return learntAt(evs, i, d)
	}
	switch evs[i].Str("table") {
	case s100IDs.Evade: // C-6 in both booklets
		return "", 1
	case s100IDs.Detect: // C-5
		return detectAt(evs, i, d)
	}
	j := i
	for j < len(evs) && (evs[j].Type == "roll" || evs[j].Type == "read") {
		j++
	}
	if j < len(evs) && restates[eventType(evs[j].Type)] {
		return "", 1
	}
	return "", 0
}

// detectAt words the squadron's detection roll (C-5, 4.6): left out when
// the squadron is detected (the line after it says so, and by what), else
// "C-5 Detection: [2] +3 = 5 → not detected".
func detectAt(evs []gamelog.Event, i int, d engine.Detail) (string, int) {
	if i+1 < len(evs) && eventType(evs[i+1].Type) == evDetected {
		return "", 1
	}
	e := &evs[i]
	if strings.HasPrefix(e.Str("result"), "Detected") {
		return "", 0 // no line after it says so: the kernel's
	}
	roll := strconv.Itoa(e.Int("total"))
	if d == engine.Normal {
		v, _ := e.Get("faces")
		var faces []string
		for _, f := range v.L {
			faces = append(faces, strconv.Itoa(f.I))
		}
		mods := 0
		m, _ := e.Get("mods")
		for _, f := range m.L {
			for _, kv := range f.O {
				if kv.Key == "value" {
					mods += kv.Val.I
				}
			}
		}
		roll = "[" + strings.Join(faces, " ") + "]"
		if mods != 0 {
			roll += fmt.Sprintf(" %+d", mods)
		}
		roll += " = " + strconv.Itoa(e.Int("total"))
	}
	return e.Str("table") + " Detection: " + roll + " → not detected", 1
}

// shot is one shot, launch or depth charge as the short report says it.
type shot struct {
	attacker, weapon, target string
	text                     string // "14 vs 18, miss; disabled"
	missed                   bool   // a miss, and nothing else to say
}

// missRun words a run of gunfire that all missed, of two or more units one
// after another, as one line in the order they fired: "Missed: SB3 →
// merchant-1 ×2; merchant-1 → SB2; destroyer-1 → SB3, SB2" (a shot's roll:
// `detail verbose`, `log`). A run of one unit's shots, and a launch, keep
// their own line, with its rolls (shotRun). n = 0 when evs[i] does not
// begin such a run.
func missRun(evs []gamelog.Event, i int, d engine.Detail) (string, int) {
	var parts []string
	n, end := 0, 0 // the events read, and those the line stands for
	for i+n < len(evs) {
		if silent(&evs[i+n]) {
			n++
			continue
		}
		shots, m := unitShots(evs, i+n, d)
		if m == 0 || !allMissed(shots) {
			break
		}
		parts = append(parts, missWords(shots))
		n += m
		end = n
	}
	if len(parts) < 2 {
		return "", 0
	}
	return "Missed: " + strings.Join(parts, "; "), end
}

// silent reports whether the short report says nothing of e between two
// shots: a boat's order carried out as the squadron gave it, an enemy's
// failed attempt to get away (C-6).
func silent(e *gamelog.Event) bool {
	switch e.Type {
	case "decision":
		return e.Str("kind") == string(askBoatAttack) && e.Str("as") == engine.Carried.Name
	case "roll":
		return e.Str("table") == s100IDs.Evade && !strings.HasPrefix(e.Str("result"), "Evades")
	}
	return false
}

// allMissed reports whether shots are gunfire that all missed: a launch
// (a torpedo, a rocket, depth charges: a few a wave) keeps its own line.
func allMissed(shots []shot) bool {
	for _, sh := range shots {
		if !sh.missed || sh.weapon != "guns" {
			return false
		}
	}
	return len(shots) > 0
}

// missWords words one unit's missed gunfire: "SB1 → merchant-1 ×3",
// "destroyer-1 → SB3, SB2".
func missWords(shots []shot) string {
	var b strings.Builder
	b.WriteString(shots[0].attacker + " → ")
	for k := 0; k < len(shots); {
		n := 1
		for k+n < len(shots) && shots[k+n].target == shots[k].target {
			n++
		}
		if k > 0 {
			b.WriteString(", ")
		}
		b.WriteString(shots[k].target)
		if n > 1 {
			b.WriteString(" ×" + strconv.Itoa(n))
		}
		k += n
	}
	return b.String()
}

// unitShots reads the shots one unit makes one after another (a boat's two
// cannons, an escort's guns at two boats), and the events they take.
func unitShots(evs []gamelog.Event, i int, d engine.Detail) ([]shot, int) {
	first, n := shotAt(evs, i, d)
	if n == 0 {
		return nil, 0
	}
	shots := []shot{first}
	for i+n < len(evs) {
		next, m := shotAt(evs, i+n, d)
		if m == 0 || next.attacker != first.attacker || next.weapon != first.weapon {
			break
		}
		shots, n = append(shots, next), n+m
	}
	return shots, n
}

// shotRun words the shots one unit makes one after another as one line:
// "SB2 guns → mtb-1: 14 vs 18, miss; 9 vs 18, miss", "mgb-1 guns → SB1: 4
// vs 19, miss; → SB3: 21 vs 19, hit"; runs of misses of several units as
// one (missRun). n = 0 when evs[i] does not begin a shot.
func shotRun(evs []gamelog.Event, i int, d engine.Detail) (string, int) {
	if line, n := missRun(evs, i, d); n > 0 {
		return line, n
	}
	shots, n := unitShots(evs, i, d)
	if n == 0 {
		return "", 0
	}
	var b strings.Builder
	first := shots[0]
	fmt.Fprintf(&b, "%s %s → %s: %s", first.attacker, first.weapon, first.target, first.text)
	for k := 1; k < len(shots); k++ {
		if shots[k].target != shots[k-1].target {
			fmt.Fprintf(&b, "; → %s: %s", shots[k].target, shots[k].text)
		} else {
			b.WriteString("; " + shots[k].text)
		}
	}
	return b.String(), n
}

// shotAt reads the shot that begins at evs[i]: its rolls (the die that
// picks the enemy's target, the hit roll, a torpedo's damage roll; the
// squadron detected by the rockets' flash between them), its attack and
// what it did to its target. n = 0 when evs[i] begins no shot.
func shotAt(evs []gamelog.Event, i int, d engine.Detail) (shot, int) {
	hit := -1
	var notes []string
	for j := i; j < len(evs); j++ {
		e := &evs[j]
		switch {
		case e.Type == "roll":
			continue
		case eventType(e.Type) == evDetected:
			notes = append(notes, "the squadron is detected ("+e.Str("by")+")")
			continue
		case eventType(e.Type) != evAttack:
			return shot{}, 0
		}
		// The attack: every roll from i on must be one of its own.
		attacker, target := e.Str("attacker"), e.Str("target")
		for k := i; k < j; k++ {
			r := &evs[k]
			if r.Type != "roll" {
				continue
			}
			switch f := r.Str("for"); {
			case f == attacker+" at "+target && hit < 0:
				hit = k
			case hit >= 0 && f == target: // a torpedo's damage
			case hit < 0 && strings.HasPrefix(f, pickPrefix+attacker+" "): // the enemy's target
			default:
				return shot{}, 0
			}
		}
		if hit < 0 && j > i {
			return shot{}, 0
		}
		sh, n := shotOf(evs, j, hit, d)
		if len(notes) > 0 {
			sh.text += "; " + strings.Join(notes, "; ")
			sh.missed = false
		}
		return sh, n + (j - i)
	}
	return shot{}, 0
}

// shotOf reads the attack evs[j] (with its hit roll evs[from] when from >=
// 0) and what it did to its target: "22 vs 19, hit: 3 damage; disabled".
func shotOf(evs []gamelog.Event, j, from int, d engine.Detail) (shot, int) {
	e := &evs[j]
	sh := shot{attacker: e.Str("attacker"), weapon: e.Str("weapon"), target: e.Str("target")}
	switch sh.weapon {
	case "gun":
		sh.weapon = "guns"
	case "depth_charge":
		sh.weapon = "depth charge"
	}
	var b strings.Builder
	if from >= 0 && d == engine.Normal {
		r := &evs[from]
		b.WriteString(strconv.Itoa(r.Int("total")))
		if need := hitNeeds(r); need > 0 {
			b.WriteString(" vs " + strconv.Itoa(need))
		}
		b.WriteString(", ")
	}
	b.WriteString(e.Str("result"))
	n := 1
	var after []string
	for k := j + 1; k < len(evs) && evs[k].Str("unit") == sh.target; k++ {
		switch eventType(evs[k].Type) {
		case evUnitDisabled:
			after = append(after, "disabled")
		case evBurning:
			after = append(after, "burning: she sinks at the round's end")
		case evSunk:
			after = append(after, "SUNK")
		default:
			k = len(evs)
			continue
		}
		n++
	}
	if len(after) > 0 {
		b.WriteString("; " + strings.Join(after, ", "))
	}
	sh.missed = e.Str("result") == "miss" && len(after) == 0
	if strings.HasPrefix(sh.attacker, "SB") {
		if why := retargeted(evs, j); why != "" {
			b.WriteString(" " + why)
			sh.missed = false // said on its own line
		}
	}
	sh.text = b.String()
	return sh, n
}

// retargeted says a Schnell Boat fired at another unit than the one the
// squadron ordered (it was sunk or gone): "(retargeted: merchant-2 was
// ordered, and is gone)".
func retargeted(evs []gamelog.Event, i int) string {
	for j := i - 1; j >= 0; j-- {
		d := &evs[j]
		if eventType(d.Type) == evRound {
			break
		}
		if d.Type == "decision" && (d.Str("kind") == string(askBoatAttack) || d.Str("kind") == string(askAttack)) {
			if _, id, ok := strings.Cut(d.Str("choice"), ":"); ok && id != evs[i].Str("target") {
				return "(retargeted: " + id + " was ordered, and is gone)"
			}
			break
		}
	}
	return ""
}

// hitNeeds is the least total of a hit roll that hits (the first row of its
// table that scores hits), read from the booklets' table whose rows hold
// the one rolled; 0 when it cannot be known (a table of the player's own
// with other rows).
func hitNeeds(r *gamelog.Event) int {
	id, row, result := r.Str("table"), r.Str("row"), r.Str("result")
	for _, t := range hitTables() {
		if t.ID != id {
			continue
		}
		has, need := false, 0
		for k := range t.Rows {
			tr := &t.Rows[k]
			if tr.Range() == row && tr.Result == result {
				has = true
			}
			if need == 0 && hits(tr) > 0 {
				need = tr.Lo
			}
		}
		if has && need > 0 {
			return need
		}
	}
	return 0
}

func hits(r *tables.Row) int {
	for _, e := range r.Effects {
		if e.Name == "hits" {
			return e.Int
		}
	}
	return 0
}

// hitTables are the booklets' hit tables (gunfire, torpedoes, the enemy's
// guns, depth charges).
func hitTables() []*tables.Table {
	hitOnce.Do(func() { hitTablesVal = loadHitTables() })
	return hitTablesVal
}

var (
	hitOnce      sync.Once
	hitTablesVal []*tables.Table
)

func loadHitTables() []*tables.Table {
	def, err := Definition()
	if err != nil {
		return nil
	}
	var out []*tables.Table
	for _, b := range def.Booklets {
		ids := &s100IDs
		if b.Name == Booklet5b {
			ids = &p5bIDs
		}
		for _, id := range []string{ids.Gunfire, ids.Torpedo, ids.EnemyFire, ids.DepthCharge} {
			if t, ok := b.Tables.Get(id); ok && id != "" {
				out = append(out, t)
			}
		}
	}
	return out
}

// crewRun words the crewmen made one after another (the crew at the
// campaign's start, the replacements after a mission) as one paragraph:
// "Crew of Boat #1: Kommandant Erich Köhler; 1st Watch Officer Wilhelm
// König (mechanic); …".
func crewRun(evs []gamelog.Event, i int, d engine.Detail) (string, int) {
	e := &evs[i]
	var parts []string
	n := 0
	for k := i; k < len(evs); k++ {
		f := &evs[k]
		if f.Type == "roll" || f.Type == "read" {
			continue // the names' rolls, left out
		}
		if f.Type != e.Type || f.Str("side") != e.Str("side") {
			break
		}
		p := positionWords(f.Str("position")) + " " + f.Str("crewman")
		var marks []string
		if sp := f.Str("special"); sp != "" && sp != "none" {
			marks = append(marks, words(sp))
		}
		if v, _ := f.Get("veteran"); v.B {
			marks = append(marks, "Veteran")
		}
		if len(marks) > 0 {
			p += " (" + strings.Join(marks, ", ") + ")"
		}
		parts = append(parts, p)
		n = k - i + 1
	}
	if len(parts) < 2 {
		return "", 0
	}
	head := "Crew of Boat #1"
	if e.Str("side") == "p2" {
		head = "Crew of Boat #2" // 7.0: player 2's boat
	}
	if e.Type == string(evReplacement) {
		head = "Replacements"
	}
	if side := e.Str("side"); side != "" {
		head = "[" + side + "] " + head
	}
	return head + ": " + strings.Join(parts, "; "), n
}

// boatRun words the boats of the squadron made at the campaign's start as
// one line: "Boats: SB1 (Boat #1), SB2 average, SB3 green, …".
func boatRun(evs []gamelog.Event, i int) (string, int) {
	var parts []string
	n := 0
	for k := i; k < len(evs); k++ {
		f := &evs[k]
		if f.Type == "roll" {
			continue
		}
		if eventType(f.Type) != evBoat {
			break
		}
		p := f.Str("boat") + " crew " + f.Str("skill")
		switch f.Str("role") {
		case "boat1":
			p = f.Str("boat") + " (Boat #1)"
		case "reserve":
			p += " (reserve)"
		}
		parts = append(parts, p)
		n = k - i + 1
	}
	if len(parts) < 2 {
		return "", 0
	}
	return "The squadron: " + strings.Join(parts, ", "), n
}

// speedRun leaves out a round's speed when every boat takes the speed the
// squadron's order just said; a boat that differs (damage limits her) is
// said.
func speedRun(evs []gamelog.Event, i int) (string, int) {
	n := 0
	for i+n < len(evs) && eventType(evs[i+n].Type) == evSpeed && evs[i+n].Str("speed") == evs[i].Str("speed") {
		n++
	}
	if i > 0 && evs[i-1].Type == "decision" && evs[i-1].Str("kind") == string(askSpeed) &&
		evs[i-1].Str("choice") == evs[i].Str("speed") && (i+n == len(evs) || eventType(evs[i+n].Type) != evSpeed) {
		return "", n
	}
	return "", 0
}

// rangeRun words the boats that move from one zone to another together in
// one line: "SB1 SB2 SB3 SB4: off the board → the medium zone".
func rangeRun(evs []gamelog.Event, i int) (string, int) {
	e := &evs[i]
	var boats []string
	n := 0
	for i+n < len(evs) && eventType(evs[i+n].Type) == evRange && evs[i+n].Str("from") == e.Str("from") && evs[i+n].Str("to") == e.Str("to") {
		boats = append(boats, evs[i+n].Str("boat"))
		n++
	}
	return strings.Join(boats, " ") + ": " + zoneWords(e.Str("from")) + " → " + zoneWords(e.Str("to")), n
}

func zoneWords(z string) string {
	if z == "out" {
		return "off the board"
	}
	return "the " + z + " zone"
}

// evadedRun words the units that get away for the same reason together:
// "merchant-1, destroyer-1 get away (passed out of reach)".
func evadedRun(evs []gamelog.Event, i int) (string, int) {
	e := &evs[i]
	var units []string
	n := 0
	for i+n < len(evs) && eventType(evs[i+n].Type) == evEvaded && evs[i+n].Str("why") == e.Str("why") {
		units = append(units, evs[i+n].Str("unit"))
		n++
	}
	if n == 1 {
		return "", 0
	}
	return strings.Join(units, ", ") + " evade (" + e.Str("why") + ")", n
}
