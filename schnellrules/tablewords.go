package schnellrules

import (
	"fmt"
	"sort"
	"strings"

	"github.com/schnell-wargames/schnell/engine"
	"github.com/schnell-wargames/schnell/gamelog"
	"github.com/schnell-wargames/schnell/sea"
)

// The virtual table at the prompt, below verbose detail (Definition.
// DescribeAt): a side's set-up, its sightings and its moves each as one
// paragraph, and the orders a reference side or a script gave left to the
// moves they made. `log` and verbose detail word each event (describe).
func describeAt(evs []gamelog.Event, i int, d engine.Detail) (string, int) {
	if d >= engine.Verbose {
		return "", 0
	}
	e := &evs[i]
	if e.Type == "decision" && e.Str("kind") == "guns" && e.Str("choice") == "fire" || e.Type == "roll" && e.Str("dice") == Gunfire.String() {
		if line, n := missRun(evs, i); n > 0 {
			return line, n
		}
		if e.Type == "roll" {
			if line, n := shotWords(evs, i, true); n > 0 {
				return line, n
			}
		}
	}
	if e.Type == "roll" && e.Str("table") == "SR-SYS" {
		// A damage's system rolls below verbose: what was lost, not each d6.
		j := i
		for j < len(evs) && evs[j].Type == "roll" && evs[j].Str("table") == "SR-SYS" {
			j++
		}
		if j < len(evs) && evs[j].Type == string(evDamage) {
			return describe(&evs[j]), j + 1 - i
		}
	}
	switch {
	case e.Type == "decision" && e.Str("kind") == "move" && e.Str("choice") == "done":
		return "", 1 // the moves follow
	case e.Type == "decision" && (e.Str("kind") == "guns" || e.Str("kind") == "launch") && e.Str("by") != "table":
		if c := e.Str("choice"); c == "done" || (c == "fire" || c == "torpedo") && i+1 < len(evs) && evs[i+1].Type != "decision" {
			return "", 1 // the shot's or launch's line names who fires
		}
	case e.Type == "decision" && e.Str("kind") == "move" && (e.Str("by") == "default" || e.Str("by") == "script"):
		switch c := e.Str("choice"); {
		case c == "done":
			return "", 1
		case (c == "steer" || c == "speed" || c == "formation") && i+1 < len(evs) && evs[i+1].Type != "decision":
			return "", 2 // where it goes is the move's line
		}
	case e.Type == string(evVessel) && i+1 < len(evs) && evs[i+1].Type == string(evPlaced):
		return placedRun(evs, i)
	case e.Type == string(evVessel):
		return joinsRun(evs, i)
	case e.Type == string(evSpot) && e.Str("observer") != "":
		return sightingsRun(evs, i)
	case e.Type == string(evMove) && e.Str("vessel") != "" || e.Type == string(evSpeed) && e.Str("as") != "":
		return movesRun(evs, i)
	}
	return "", 0
}

// placedRun is a run of vessels joining a side and placed on the table:
// "Allies: SS1 (small-transport, slow) at (45, 30) heading 90°; …".
func placedRun(evs []gamelog.Event, i int) (string, int) {
	side := evs[i].Str("side")
	var parts []string
	j := i
	for j+1 < len(evs) && evs[j].Type == string(evVessel) && evs[j].Str("side") == side && evs[j+1].Type == string(evPlaced) {
		v, p := &evs[j], &evs[j+1]
		parts = append(parts, fmt.Sprintf("%s (%s, %s) at %s heading %d°", v.Str("id"), v.Str("class"), strings.ReplaceAll(v.Str("speed"), "_", " "), at(p), p.Int("heading")))
		j += 2
	}
	return sideName(side) + ": " + strings.Join(parts, "; "), j - i
}

// joinsRun is a run of two or more vessels joining a side off the
// virtual table, as one line by class: "Allies: mgb-1, mgb-2
// (fairmile-d-mgb, fast); ML1 (fairmile-b-ml, medium)".
func joinsRun(evs []gamelog.Event, i int) (string, int) {
	side := evs[i].Str("side")
	type kind struct{ class, speed string }
	var order []kind
	ids := map[kind][]string{}
	j := i
	for ; j < len(evs) && evs[j].Type == string(evVessel) && evs[j].Str("side") == side; j++ {
		if j+1 < len(evs) && evs[j+1].Type == string(evPlaced) {
			break
		}
		k := kind{evs[j].Str("class"), strings.ReplaceAll(evs[j].Str("speed"), "_", " ")}
		if _, ok := ids[k]; !ok {
			order = append(order, k)
		}
		ids[k] = append(ids[k], evs[j].Str("id"))
	}
	if j-i < 2 {
		return "", 0
	}
	parts := make([]string, len(order))
	for n, k := range order {
		parts[n] = fmt.Sprintf("%s (%s, %s)", strings.Join(ids[k], ", "), k.class, k.speed)
	}
	return sideName(side) + ": " + strings.Join(parts, "; "), j - i
}

// sightingsRun is a run of sightings on the table, by observer: "Sightings:
// MGB607 sees S141 63cm, S142 63cm; S141 sees MGB607 63cm".
func sightingsRun(evs []gamelog.Event, i int) (string, int) {
	by := map[string][]string{}
	var order []string
	j := i
	for ; j < len(evs) && evs[j].Type == string(evSpot) && evs[j].Str("observer") != ""; j++ {
		o := evs[j].Str("observer")
		if _, ok := by[o]; !ok {
			order = append(order, o)
		}
		by[o] = append(by[o], fmt.Sprintf("%s %dcm", evs[j].Str("target"), evs[j].Int("range")))
	}
	if j-i < 2 {
		return "", 0
	}
	var parts []string
	for _, o := range order {
		parts = append(parts, o+" sees "+strings.Join(by[o], ", "))
	}
	return "Sightings: " + strings.Join(parts, "; "), j - i
}

// movesRun is a run of vessels' moves: "Moves: SS1 15cm to (60, 30) 90°;
// …", a vessel that left the table said so.
func movesRun(evs []gamelog.Event, i int) (string, int) {
	var parts []string
	j := i
	for ; j < len(evs); j++ {
		e := &evs[j]
		as := ""
		if e.Type == string(evSpeed) && e.Str("as") != "" && j+1 < len(evs) && evs[j+1].Type == string(evMove) {
			as = fmt.Sprintf(" (%s, on %s)", strings.ReplaceAll(e.Str("to"), "_", " "), e.Str("as"))
			j++
			e = &evs[j]
		}
		if e.Type != string(evMove) || e.Str("vessel") == "" {
			break
		}
		p := fmt.Sprintf("%s%s %dcm to %s %d°", e.Str("vessel"), as, e.Int("cm"), at(e), e.Int("heading"))
		if j+1 < len(evs) && evs[j+1].Type == string(evLeft) {
			p += ", off the " + evs[j+1].Str("edge") + " edge: out of the battle"
			j++
		}
		parts = append(parts, p)
	}
	if j-i < 2 {
		return "", 0
	}
	return "Moves: " + strings.Join(parts, "; "), j - i
}

// menu words the virtual table's orders of a phase for the prompt
// (Definition.Menu): what to type, then a line for each of the side's
// vessels with what it may do now.
func menu(g *engine.Game, d *engine.Decision) []string {
	b, ok := g.RulesOf(Name).(*Battle)
	if !ok || b.Table == nil || d.Side == "" || d.Side == engine.TableSide {
		return nil
	}
	var out []string
	switch d.Kind {
	case "move":
		out = append(out, "`speed VESSEL st|vs|s|m|f|vf`, `steer VESSEL DEG|+N|-N|TARGET`, `formation VESSEL LEADER|off`; `captain` orders them for you; `done` (Enter) moves them on as they steer:")
		for _, v := range b.Vessels {
			if ordersOf(v, d.Side) && v.Afloat() && v.Place != nil && b.CheckMoves(v) == nil {
				out = append(out, "  "+vesselLine(b, v))
			}
		}
	case "guns", "launch":
		verb := "`fire SHOOTER GUN TARGET`"
		if d.Kind == "launch" {
			verb = "`torpedo SHOOTER TARGET`"
		}
		done := "`done` (Enter): no more gunfire"
		if d.Kind == "launch" {
			done = "`done` (Enter): no more launches"
		}
		out = append(out, verb+"; `captain` orders them for you; "+done+":")
		for _, v := range b.Vessels {
			if !ordersOf(v, d.Side) || !v.Afloat() || v.Place == nil {
				continue
			}
			if l := shotsLine(b, v, d.Kind == "launch"); l != "" {
				out = append(out, "  "+l)
			}
		}
		if len(out) == 1 {
			out = append(out, "  (nothing bears on a target spotted this turn)")
		}
		for _, o := range d.Options {
			if o.Name != "fire" && o.Name != "torpedo" && o.Name != "done" {
				out = append(out, fmt.Sprintf("`%s`: %s", d.Usage(indexOf(d, o.Name)), o.Text))
			}
		}
	default:
		return nil
	}
	return out
}

func indexOf(d *engine.Decision, name string) int {
	for i := range d.Options {
		if d.Options[i].Name == name {
			return i
		}
	}
	return 0
}

// vesselLine is one of the side's vessels at a movement phase: speed,
// course, and the nearest enemy (its marker's label if not spotted).
func vesselLine(b *Battle, v *Vessel) string {
	s := fmt.Sprintf("%-7s %s %dcm, heading %d°", v.ID, speedCode(v.Speed), v.Speed.Move(), v.Place.At.Heading)
	if v.Place.Course != v.Place.At.Heading {
		s += fmt.Sprintf(", course %d°", v.Place.Course)
	}
	if v.Place.Leader != nil {
		s += ", station on " + v.Place.Leader.ID
	}
	type near struct {
		id       string
		cm, brg  int
		distance int
	}
	var ns []near
	for _, x := range b.Vessels {
		if x.Side == v.Side || !x.Afloat() || x.Place == nil {
			continue
		}
		id := x.ID
		if !x.Seen[sideIndex(v.Side)] {
			id = x.Place.Marker
		}
		ns = append(ns, near{id, Range(v, x), sea.Bearing(v.Place.At.Centre, x.Place.At.Centre), sea.Distance(v.Place.At.Centre, x.Place.At.Centre)})
	}
	sort.SliceStable(ns, func(i, j int) bool { return ns[i].distance < ns[j].distance })
	for k, n := range ns {
		if k == 2 {
			break
		}
		s += fmt.Sprintf("; %s %dcm at %d°", n.id, n.cm, n.brg)
	}
	// A vessel that would run off the table this move leaves the battle:
	// say so while it may still be steered.
	if p := v.Place; p.Leader == nil {
		if _, _, _, edge := steerLeg(p.At, p.Course, p.Straight, v.Speed.Move()*10, minMove[v.Manoeuvre]*10, b.Table.Area, nil); edge != nil {
			s += "; RUNS OFF THE TABLE on this course"
		}
	}
	return s
}

// shotsLine is what one vessel may fire (or launch) now, at each target
// spotted: "MGB607: S141 14cm 2pdr:1 20mm:1; S142 20cm 20mm:1".
func shotsLine(b *Battle, v *Vessel, launch bool) string {
	var parts []string
	for _, t := range b.Vessels {
		if t.Side == v.Side || !t.Afloat() || t.Place == nil || !t.Seen[sideIndex(v.Side)] {
			continue
		}
		var guns []string
		if launch {
			if launchable(b, v, t) {
				guns = append(guns, "torpedo")
			}
		} else {
			for _, g := range v.Guns {
				if !g.Fired && !g.Lost && fireable(b, v, g.Name, t) {
					guns = append(guns, g.Name)
				}
			}
		}
		if len(guns) > 0 {
			parts = append(parts, fmt.Sprintf("%s %dcm %s", t.ID, Range(v, t), strings.Join(guns, " ")))
		}
	}
	if len(parts) == 0 {
		return ""
	}
	return v.ID + ": " + strings.Join(parts, "; ")
}

// nothingBears: on the virtual table no gun (launch: no tube) of side
// bears on an enemy it has spotted, and no other order of the phase
// (starshells, aircraft, reloads) is in play: `done` is the only order
// worth giving, and the prompt takes it without a stop (the kernel's
// `carry`; a decider is asked as ever, and the log is unchanged).
func nothingBears(b *Battle, side string, launch bool) bool {
	if b.Table == nil || b.Opt.Aircraft || !launch && b.Opt.Starshells || launch && b.Opt.Reloads {
		return false
	}
	for _, v := range b.Vessels {
		if ordersOf(v, side) && v.Afloat() && v.Place != nil && shotsLine(b, v, launch) != "" {
			return false
		}
	}
	return true
}

// missRun is a run of two or more shots that missed, one after another
// (each its order, roll, reading and gunfire event), as one line: "Missed:
// mgb-1 20mm:1 HMG:1 → SB1; mgb-2 HMG:2 → SB3" (by shooter and target, in
// the order they first fired). `log` and verbose keep each shot.
func missRun(evs []gamelog.Event, i int) (string, int) {
	type pair struct{ shooter, target string }
	var order []pair
	guns := map[pair][]string{}
	j, shots := i, 0
	for j < len(evs) {
		k := j
		if evs[k].Type == "decision" {
			if evs[k].Str("kind") != "guns" || evs[k].Str("choice") != "fire" {
				break
			}
			k++
		}
		if k >= len(evs) || evs[k].Type != "roll" || evs[k].Str("dice") != Gunfire.String() {
			break
		}
		_, n := shotRun(evs, k)
		if n == 0 {
			break
		}
		r := &evs[k+n-1]
		if r.Type != string(evGunfire) {
			break
		}
		if v, _ := r.Get("hit"); v.B {
			break
		}
		p := pair{r.Str("shooter"), r.Str("target")}
		if _, ok := guns[p]; !ok {
			order = append(order, p)
		}
		guns[p] = append(guns[p], r.Str("weapon"))
		shots++
		j = k + n
	}
	if shots < 2 {
		return "", 0
	}
	parts := make([]string, len(order))
	for n, p := range order {
		parts[n] = p.shooter + " " + strings.Join(guns[p], " ") + " → " + p.target
	}
	return "Missed: " + strings.Join(parts, "; "), j - i
}
