package schnellboats

import (
	"fmt"
	"strings"

	"github.com/schnell-wargames/schnell/engine"
	"github.com/schnell-wargames/schnell/gamelog"
	"github.com/schnell-wargames/schnell/schnellboats/bridge"
	"github.com/schnell-wargames/schnell/tables"
)

// Learnt quick-resolve tables (issue 30 item 5, docs/bridge-learnt.md):
// tables learnt from many Schnell Rules battles (schnell sim --study
// battles), loaded with --tables. A wave whose units, weather and sea
// have learnt tables in the set is resolved on them instead of the
// Combat Board's rounds (4.6-4.9: C-5 detection, C-6 evasion, the
// D gunfire and torpedo tables, damage points for Boats #2-#4) or a
// battle: one roll on the boats' table for each boat, one on the unit's
// table for each enemy unit. What the rows say comes back into the
// campaign exactly as a battle's result does (battle.go battleResult,
// docs/bridge.md "The result"): Boat #1's hits as G-1 rolls, the other
// boats' level as damage points, disabled and sunk, torpedoes spent,
// ships sunk (VP, medals), got away or evaded, a boat that ran off the
// table aborting. The composition (C-1, C-2), crew quality (C-3) and
// everything after the combat (G-10 towing and searching) stay the
// book's.

// quickResolve resolves the wave on the learnt tables when the set has
// them for its cell; false: it has not (the Combat Board or a battle
// fights it).
func (c *Campaign) quickResolve(cb *Combat) bool {
	if !c.learnt {
		return false // no learnt table loaded: every wave is fought
	}
	e := c.encounterOf(cb)
	if len(e.Boats) == 0 || len(e.Enemy) == 0 {
		return false
	}
	units := make([]string, len(e.Enemy))
	for i, u := range e.Enemy {
		units[i] = u.Type
	}
	cell, ok := bridge.CellFor(units, e.Weather, e.Heavy)
	if !ok {
		return false
	}
	tabs := c.x.Tables()
	if _, ok := tabs.Get(cell.BoatTable()); !ok {
		return false
	}
	d := c.battles.data
	if d == nil {
		var err error
		if d, err = bridge.Default(); err != nil {
			c.x.Fail(err)
		}
	}
	zone := d.Weather[e.Weather].Zone
	c.emit(evBattle, str("fought", "learnt"), str("learnt", cell.BoatTable()), str("zone", zone))
	cb.Zone = zoneOfName(zone)
	out := bridge.Outcome{Attacked: true} // the squadron fought the wave
	for _, b := range e.Boats {
		r := c.roll(cell.BoatTable(), facts{}, b.ID).Row
		level, _ := r.Value("level", 0)
		hits, _ := r.Value("hits", 0)
		launched, _ := r.Value("launched", 0)
		turns, _ := r.Value("turns", 0)
		out.Boats = append(out.Boats, bridge.BoatResult{ID: b.ID, Level: d.Levels[level], Hits: hits,
			Launched: min(launched, b.Torpedoes), Left: r.Sets("left")})
		out.Turns = max(out.Turns, turns)
	}
	// A ship sunk is credited to the boats in turn, Boat #1 first, among
	// those the tables left afloat and on the table (ours: the learnt
	// table says how many go down, not by whose hand).
	var afloat []string
	for _, br := range out.Boats {
		if !br.Level.Sunk && !br.Left {
			afloat = append(afloat, br.ID)
		}
	}
	next := 0
	for _, u := range e.Enemy {
		r := c.roll(cell.UnitTable(u.Type), facts{}, u.ID).Row
		f, _ := r.Value("fate", 0)
		ur := bridge.UnitResult{ID: u.ID, Sunk: bridge.Fates[f] == "sunk", Left: bridge.Fates[f] == "got_away"}
		if ur.Sunk && len(afloat) > 0 {
			ur.By = afloat[next%len(afloat)]
			next++
		}
		out.Units = append(out.Units, ur)
	}
	c.battleResult(cb, out)
	return true
}

// describeLearnt words a wave resolved on a learnt table.
func describeLearnt(e *gamelog.Event) string {
	return fmt.Sprintf("The wave is resolved on the learnt table %s (from the %s zone): a roll for each boat, then for each enemy unit", e.Str("learnt"), e.Str("zone"))
}

// checkLearnt checks that the learnt tables of the set (nil: none) come
// in whole cells (bridge.LearntSet).
func checkLearnt(set *tables.Set) error {
	if set == nil {
		return nil
	}
	return bridge.LearntSet(set)
}

// hasLearnt says whether the set (nil: none) holds a learnt table.
func hasLearnt(set *tables.Set) bool {
	if set == nil {
		return false
	}
	for _, id := range set.IDs() {
		if isLearnt(id) {
			return true
		}
	}
	return false
}

// learntEffectDefs are the booklets' effects with those of the learnt
// tables (level, fate, launched …) after them: the indices of effectDefs
// are unchanged.
var learntEffectDefs = bridge.WithLearntEffects(effectDefs)

// isLearnt says whether a table id is a learnt table's.
func isLearnt(id string) bool { return strings.HasPrefix(id, bridge.LearntPrefix) }

// learntAt words a run of rolls on one learnt table below verbose detail
// as one line: "Q-MGB2-G: SB1 [94] Heavily Damaged; SB2 [58] Intact"
// (brief: without the totals).
func learntAt(evs []gamelog.Event, i int, d engine.Detail) (string, int) {
	id := evs[i].Str("table")
	var parts []string
	j := i
	for ; j < len(evs) && evs[j].Type == "roll" && evs[j].Str("table") == id; j++ {
		res, _, _ := strings.Cut(evs[j].Str("result"), " (")
		if d >= engine.Normal {
			parts = append(parts, fmt.Sprintf("%s [%d] %s", evs[j].Str("for"), evs[j].Int("total"), res))
		} else {
			parts = append(parts, evs[j].Str("for")+" "+res)
		}
	}
	return id + ": " + strings.Join(parts, "; "), j - i
}
