package schnellrules

import (
	"strings"

	"github.com/schnell-wargames/schnell/engine"
	"github.com/schnell-wargames/schnell/gamelog"
)

// spot is phase 1 on the virtual table: each enemy vessel not yet seen is
// looked for by every vessel of the side, at the range measured centre to
// centre; the nearest observer that has it within its spotting range
// (Spotting the Target, with the size shifts; the open sea has no
// coastline) spots it for the side, and the sighting is recorded. A vessel
// no observer sees stays a marker to that side: nothing is recorded.
func (t virtual) spot(c *engine.Ctx) {
	for _, tgt := range t.Vessels {
		if !tgt.Afloat() {
			continue
		}
		side := other(tgt.Side)
		if tgt.Seen[sideIndex(side)] {
			continue
		}
		var best *Vessel
		var bestRange, bestMax int
		var bestWhy []string
		for _, o := range t.Vessels {
			if o.Side != side || !o.Afloat() {
				continue
			}
			r := Range(o, tgt)
			m, why := t.MaxSpot(o, tgt, false)
			if r <= m && (best == nil || r < bestRange) {
				best, bestRange, bestMax, bestWhy = o, r, m, why
			}
		}
		if best == nil {
			continue
		}
		tgt.Seen[sideIndex(side)] = true
		t.Ranges[best.ID+">"+tgt.ID] = bestRange
		fields := []gamelog.Field{gamelog.Str("observer", best.ID), gamelog.Str("target", tgt.ID), gamelog.Int("range", bestRange), gamelog.Int("max", bestMax)}
		if len(bestWhy) > 0 {
			fields = append(fields, gamelog.Str("why", strings.Join(bestWhy, "; ")))
		}
		c.Emit(evSpot, append(fields, gamelog.Bool("seen", true))...)
	}
}
