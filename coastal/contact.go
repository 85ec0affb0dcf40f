package coastal

import (
	"slices"

	"github.com/schnell-wargames/schnell/engine"
	"github.com/schnell-wargames/schnell/gamelog"
	"github.com/schnell-wargames/schnell/sea"
)

// Torpedoes on a virtual table (Torpedoes): launched from the bow, aimed at
// the target and ahead of it, they run straight 15 cm in every movement
// phase of their side; the centre of a marker's front edge (its nose)
// touching an enemy vessel (the model, not its base) or marker is a
// contact.

const torpedoRunMM = 150 // mm a movement phase

// aim sets the torpedo markers of a launch (the last three markers) at the
// launcher's bow, aimed at the target's centre, lead/2 and lead cm ahead
// of it (Solo rules, attackers d: "amidships of the target and 10cms
// ahead of it"; which marker is the real torpedo is the draw's).
func (t *Table) aim(c *engine.Ctx, from, target *Marker, lead int) {
	ms := t.r.Markers[len(t.r.Markers)-3:]
	bow := footprint(from).Bow()
	for k, tp := range ms {
		spot := sea.Advance(target.At.Centre, target.At.Heading, lead*10*k/2)
		h := sea.Bearing(bow, spot)
		tp.At = sea.Shape{Centre: sea.Advance(bow, h, torpedoLength/2), Heading: h}
		tp.In = true
		placed(c, tp)
	}
}

// runTorpedoes: the side's torpedo markers run 15 cm; each contact of its
// nose on the way, nearest first, is resolved as the document says
// (touch); one that leaves the table is removed.
func (t *Table) runTorpedoes(c *engine.Ctx, side string) {
	r := t.r
	for _, tp := range r.Markers {
		if !tp.Torpedo || tp.Side != side || tp.Gone {
			continue
		}
		from := footprint(tp)
		to := sea.Ahead(from, torpedoRunMM)
		nose0, nose1 := from.Bow(), to.Bow()
		tp.At.Centre = to.Centre
		c.Emit(evRun, append([]gamelog.Field{gamelog.Str("marker", tp.ID)}, position(tp)...)...)
		t.Shots = append(t.Shots, sea.Line{From: nose0, To: nose1, Kind: "torpedo"})
		for _, h := range t.touched(tp, nose0, nose1) {
			tp.passed = append(tp.passed, h.ID)
			touch(r, c, tp, h, endOn(h, nose0))
			if tp.Gone {
				break
			}
		}
		if !tp.Gone && !t.Size.On(tp.At.Centre) {
			tp.Gone = true
			c.Emit(evRemoved, gamelog.Str("marker", tp.ID), gamelog.Str("why", "off the table"))
		}
	}
}

// touched are the enemy markers (ships, dummies, torpedo markers) the nose
// of torpedo marker tp touches running from a to b, nearest first; those
// it went past before are not touched again.
func (t *Table) touched(tp *Marker, a, b sea.Pos) []*Marker {
	var out []*Marker
	for _, o := range t.r.Markers {
		if o.Side == tp.Side || !onTable(o) || slices.Contains(tp.passed, o.ID) {
			continue
		}
		if sea.Dist2(a, o.At.Centre) > int64(torpedoRunMM+400)*int64(torpedoRunMM+400) {
			continue
		}
		if model(o).SegmentNear(a, b, 0) {
			out = append(out, o)
		}
	}
	slices.SortStableFunc(out, func(x, y *Marker) int {
		dx, dy := sea.Dist2(a, x.At.Centre), sea.Dist2(a, y.At.Centre)
		switch {
		case dx < dy:
			return -1
		case dx > dy:
			return 1
		}
		return 0
	})
	return out
}

// sweep: a marker that moves from footprint start by moved mm along its
// heading runs onto the noses of enemy torpedo markers in its path: each
// is a contact (Torpedoes).
func (t *Table) sweep(c *engine.Ctx, m *Marker, start sea.Shape, moved int) {
	if m.Torpedo {
		return
	}
	body := model(m)
	path := sea.Shape{Centre: sea.Advance(start.Centre, start.Heading, moved/2), Heading: start.Heading, Length: body.Length + abs(moved), Beam: body.Beam}
	for _, tp := range t.r.Markers {
		if !tp.Torpedo || tp.Side == m.Side || !onTable(tp) || slices.Contains(tp.passed, m.ID) {
			continue
		}
		if !path.Contains(footprint(tp).Bow()) {
			continue
		}
		tp.passed = append(tp.passed, m.ID)
		touch(t.r, c, tp, m, endOn(m, footprint(tp).Bow()))
		if !m.Live() || m.Gone {
			return
		}
	}
}

// endOn: the torpedo comes from the target's forward or rear fire arc
// (Hits and effect: -1), the quarters 45 degrees either side of the bow
// and of the stern: its nose at from (where its run began, or where it lay
// when the ship ran onto it).
func endOn(target *Marker, from sea.Pos) bool {
	rel := sea.Relative(target.At.Heading, sea.Bearing(target.At.Centre, from))
	return sea.ArcForward.Holds(rel) || sea.ArcAft.Holds(rel)
}
