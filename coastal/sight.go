package coastal

import (
	"fmt"
	"slices"

	"github.com/schnell-wargames/schnell/engine"
	"github.com/schnell-wargames/schnell/gamelog"
	"github.com/schnell-wargames/schnell/sea"
)

// The table's measures for observation and gunfire on a virtual table
// (Observation; Gunfire; Torpedoes: 30 cm): what a player would measure
// with a tape, computed; each range centre to centre in whole centimetres
// (rules notes).

// sightRange is the farthest anything is seen (Observation: 101-120 cm
// needs a 6), in mm.
const sightRange = 1200

// inReach are the enemy markers not in sight within 120 cm of obs, and
// the torpedo markers heading for it within 120 cm: nothing farther can
// be seen, so nothing farther is offered.
func (t *Table) inReach(obs *Marker) (unseen, torps []string) {
	for _, m := range t.r.Markers {
		if m.Side == obs.Side || m.Observed || !onTable(m) || !sea.Within(obs.At.Centre, m.At.Centre, sightRange) {
			continue
		}
		switch {
		case !m.Torpedo:
			unseen = append(unseen, m.ID)
		case headingFor(m, obs):
			torps = append(torps, m.ID)
		}
	}
	return unseen, torps
}

// headingFor: torpedo marker tp's track ahead (up to 120 cm) passes within
// 10 cm of marker m's centre.
func headingFor(tp, m *Marker) bool {
	nose := footprint(tp).Bow()
	end := sea.Advance(nose, tp.At.Heading, sightRange)
	return sea.Shape{Centre: m.At.Centre, Heading: tp.At.Heading}.SegmentNear(nose, end, 100)
}

// sighting is the table's part of an observation: the nearest of ids (the
// one named, for `look`), its range, and whether another ship or marker
// lies across the line of sight (screened, -1); "" when it is beyond 120
// cm. Nothing is lit: the program has no star shell nor searchlights.
func (t *Table) sighting(obs *Marker, ids []string) (id string, cm int, screened, lit bool) {
	var best *Marker
	for _, x := range ids {
		m := t.r.marker(x)
		if m == nil || !onTable(m) {
			continue
		}
		if best == nil || rangeMM(obs, m) < rangeMM(obs, best) {
			best = m
		}
	}
	if best == nil || !sea.Within(obs.At.Centre, best.At.Centre, sightRange) {
		return "", 0, false, false
	}
	return best.ID, rangeCM(obs, best), t.screened(obs, best), false
}

// screened: the line of sight from a to b crosses the footprint of
// another ship or marker on the table (Observation: "screened from target
// by another ship"; sea.Screened).
func (t *Table) screened(a, b *Marker) bool {
	p, q := a.At.Centre, b.At.Centre
	lo := sea.Pos{X: min(p.X, q.X) - 100, Y: min(p.Y, q.Y) - 100}
	hi := sea.Pos{X: max(p.X, q.X) + 100, Y: max(p.Y, q.Y) + 100}
	var others []sea.Shape
	for _, o := range t.r.Markers {
		c := o.At.Centre
		if o == a || o == b || o.Torpedo || !onTable(o) || c.X < lo.X || c.X > hi.X || c.Y < lo.Y || c.Y > hi.Y {
			continue
		}
		others = append(others, footprint(o))
	}
	return sea.Screened(p, q, others)
}

// reaches: a ship in sight is within reach of m's weapons, so m is
// offered fire at it: cannon and the default twin MG reach 60 cm (the
// gunfire chart), guns of 3" or more any range. A hidden marker reaches
// as its pot's ships would (a dummy as they do), a ship in the open by its
// own weapons standing.
func (t *Table) reaches(m, e *Marker) bool {
	if rangeCM(m, e) <= 60 {
		return true
	}
	if m.Revealed && m.Ship != nil {
		return hasGun(m.Ship)
	}
	return t.r.potGuns[m.Pot]
}

// gunRange is the table's part of a shot: the range, and the free mounts
// whose facing bears on the target (Ship statistic charts; -1, the
// default twin MG, bears all round).
func (t *Table) gunRange(s *Ship, from, to *Marker, free []int) (int, []int) {
	cm := rangeCM(from, to)
	rel := sea.Relative(from.At.Heading, sea.Bearing(from.At.Centre, to.At.Centre))
	var bear []int
	for _, i := range free {
		if i < 0 || len(s.Facing) == 0 || s.Facing[i].Bears(rel) {
			bear = append(bear, i)
		}
	}
	t.Shots = append(t.Shots, sea.Line{From: from.At.Centre, To: to.At.Centre, Kind: "shot", Label: fmt.Sprintf("%d cm", cm)})
	return cm, bear
}

// keep: at the turn's end, observation of a marker that did not fire is
// lost if it moved further from the enemy (its range to the nearest enemy
// marker is more than when it was observed, or at the last turn's end);
// then each held marker's range is taken afresh.
func (t *Table) keep(c *engine.Ctx, held []string) {
	for _, id := range held {
		m := t.r.marker(id)
		if d := t.enemyRange(m); d > m.heldAt {
			m.Observed = false
			c.Emit(evLostSight, gamelog.Str("marker", id))
		}
	}
	for _, m := range t.r.Markers {
		if m.Observed && m.Live() {
			m.heldAt = t.enemyRange(m)
		}
	}
}

// enemyRange is the range from m to the nearest enemy ship marker on the
// table (mm; very far when none).
func (t *Table) enemyRange(m *Marker) int {
	best := 1 << 30
	for _, o := range t.r.Markers {
		if o.Side != m.Side && !o.Torpedo && onTable(o) {
			best = min(best, rangeMM(m, o))
		}
	}
	return best
}

// launchRange is the range of a launch at target (cm), and why it may not
// be made: torpedoes may not be fired from less than 30 cm (Torpedoes).
func launchRange(m, target *Marker) (int, error) {
	cm := rangeCM(m, target)
	if cm < 30 {
		return cm, fmt.Errorf("%s is %d cm from %s: torpedoes may not be fired from less than 30 cm (Torpedoes): hold, or launch at another ship", target.ID, cm, m.ID)
	}
	return cm, nil
}

// sortByRange orders marker ids by their range from m, nearest first.
func (t *Table) sortByRange(m *Marker, ids []string) {
	slices.SortStableFunc(ids, func(a, b string) int { return rangeMM(m, t.r.marker(a)) - rangeMM(m, t.r.marker(b)) })
}
