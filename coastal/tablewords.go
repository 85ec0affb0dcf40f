package coastal

import (
	"fmt"
	"strings"

	"github.com/schnell-wargames/schnell/gamelog"
	"github.com/schnell-wargames/schnell/sea"
)

// The short report of a virtual table (words.go has the rest): where
// markers stand, torpedo runs, a scripted side's blank observations and
// its moves by course.

// placeText is where an event puts a marker: "(45.5, 100) cm, heading
// 180°".
func placeText(e *gamelog.Event) string {
	return fmt.Sprintf("%s cm, heading %d°", sea.Pos{X: e.Int("x"), Y: e.Int("y")}, e.Int("heading"))
}

// placedRun: the markers set on the table, one line a side ("attacker
// places A1-A12 on the table; A7-A12 wait to come in."); `board` shows
// where.
func placedRun(evs []gamelog.Event, i int) (string, int) {
	n := 0
	var on, off []string
	for i+n < len(evs) && evs[i+n].Type == "placed" {
		e := &evs[i+n]
		if n > 0 && e.Str("marker")[0] != evs[i].Str("marker")[0] {
			break
		}
		if v, _ := e.Get("in"); v.B {
			on = append(on, e.Str("marker"))
		} else {
			off = append(off, e.Str("marker"))
		}
		n++
	}
	if n < 2 {
		return "", 0
	}
	line := "Placed on the table: " + spanText(on)
	if len(on) == 0 {
		line = "Placed off the table"
	}
	if len(off) > 0 {
		line += "; " + spanText(off) + " come in behind"
	}
	return line + ".", n
}

// runRun: torpedo markers that run 15 cm, one line.
func runRun(evs []gamelog.Event, i int) (string, int) {
	var ids []string
	for i+len(ids) < len(evs) && evs[i+len(ids)].Type == "run" {
		ids = append(ids, evs[i+len(ids)].Str("marker"))
	}
	if len(ids) < 2 {
		return "", 0
	}
	return fmt.Sprintf("Torpedo markers %s run 15 cm.", spanText(ids)), len(ids)
}

// blankRun: observations of a scripted side (or the reference side) that
// see nothing, two or more in a row, as one line: "[defender] M1-M14,
// M16 see nothing (the script)." (each one's die is in `log`).
func blankRun(evs []gamelog.Event, i int) (string, int) {
	var ids []string
	side, by, n := "", "", 0
	for i+n < len(evs) {
		d := &evs[i+n]
		if !isDecision(d, "observe") || who(d) == "" || (by != "" && (who(d) != by || d.Str("side") != side)) {
			break
		}
		line, k := observationRun(evs, i+n)
		obs, _, _ := strings.Cut(line, " ")
		if k == 0 || !strings.HasPrefix(line, obs+" does not see ") {
			break
		}
		side, by = d.Str("side"), who(d)
		ids = append(ids, obs)
		n += k
	}
	if len(ids) < 2 {
		return "", 0
	}
	return fmt.Sprintf("[%s] %s see nothing%s.", side, spanText(ids), by), n
}

func hasX(e *gamelog.Event) bool {
	_, ok := e.Get("x")
	return ok
}

// sideMoveRun: a scripted side's (or the reference side's) moves on a
// virtual table, one line grouped by course: "M1, M2, M4 turn toward the
// nearest enemy; M3, M5 turn to comb the torpedoes (the script)." (below
// verbose; each place is in `log`).
func sideMoveRun(evs []gamelog.Event, i int) (string, int) {
	var keys []string
	ids := map[string][]string{}
	texts := map[string]string{}
	by, total := "", 0
	for {
		n, dec, mv := moveUnit(evs, i+total)
		if n == 0 || dec == nil || who(dec) == "" || !hasX(mv) || (by != "" && who(dec) != by) {
			break
		}
		by = who(dec)
		k := courseText(mv, false)
		if _, ok := ids[k]; !ok {
			keys = append(keys, k)
		}
		ids[k] = append(ids[k], mv.Str("ship"))
		texts[k] = courseText(mv, true)
		if len(ids[k]) == 1 {
			texts[k] = courseText(mv, false)
		}
		total += n
	}
	if total == 0 || len(keys) < 2 {
		return "", 0 // one course: tableMoveRun says it
	}
	var parts []string
	for _, k := range keys {
		parts = append(parts, spanText(ids[k])+" "+texts[k])
	}
	return strings.Join(parts, "; ") + by + ".", total
}
