package schnellrules

import (
	"fmt"
	"slices"

	"github.com/schnell-wargames/schnell/engine"
	"github.com/schnell-wargames/schnell/gamelog"
	"github.com/schnell-wargames/schnell/sea"
)

// The optional rules on the virtual table, where the program sees what
// the player would see on his own: a boat passing a ship's bow, a ram, a
// burst's light, a vessel near a torpedo's target, a torpedo marker's run.

// The distances of the optional rules (cm in the document, mm here).
const (
	depthChargePass = 20  // Depth Charge Attack: "within 2cm of the bow"
	secondaryNear   = 200 // Torpedo Secondary Attacks: "another target within 20cm"
	markerAhead     = 150 // Alternative Torpedo Rule: "placed 15cm ahead of the firing vessel"
	markerNear      = 50  // "passes within 5cm of a vessel"
	markerRun       = 450 // a marker's run a turn (the document gives none; rules notes)
	lightMM         = lightRadius * 10
)

// passes reports whether a track comes within r mm of a footprint.
func passes(track []sea.Pos, s sea.Shape, r int) bool {
	for i := 1; i < len(track); i++ {
		if s.SegmentNear(track[i-1], track[i], r) {
			return true
		}
	}
	return false
}

// closeIn is what a side's vessels did by moving (phases 4 and 5): with
// ramming on, a vessel whose track touched an enemy's model rams it (FAQ);
// with depth charges on, a boat that carries them and passed within 2cm
// of the bow of an enemy Large or Very Large ship that moved this turn
// attacks it (Depth Charge Attack). Both are made as the move ends, in
// the order the vessels moved: neither costs the attacker anything.
func (t virtual) closeIn(c *engine.Ctx, side string, large bool) {
	if !t.Opt.Ramming && !t.Opt.DepthCharges {
		return
	}
	for _, v := range t.Vessels {
		if !ordersOf(v, side) || !v.Afloat() || (v.Class.Size >= Large) != large || len(v.Place.Path) < 2 {
			continue
		}
		for _, x := range t.Vessels {
			if x.Side == v.Side || !x.Afloat() || x.Place == nil {
				continue
			}
			if t.Opt.Ramming && passes(v.Place.Path, x.Place.At, v.Place.At.Beam/2) {
				t.ram(c, v, x)
				continue
			}
			bow := sea.Shape{Centre: x.Place.At.Bow()}
			if t.Opt.DepthCharges && x.Place.Moved && t.CheckDepthCharge(v, x) == nil && passes(v.Place.Path, bow, depthChargePass+v.Place.At.Beam/2) {
				t.depthCharge(c, v, x)
			}
		}
	}
}

// aimPoint is where a starshell or flare is aimed: range cm along a
// bearing from the firer.
func aimPoint(v *Vessel, cm, bearing int) sea.Pos {
	return sea.Advance(v.Place.At.Centre, bearing, cm*10)
}

// burst places a starshell's or flare's burst (Starshells and Flares): the
// deviation die's arrow is a clock hour off the line of fire (12 o'clock:
// straight on, away from the firer), the d6 less 1 times 5cm (3cm for a
// flare) the distance; every enemy vessel within 10cm of the burst, centre
// to centre, is seen by the firer's side this turn.
func (t virtual) burst(c *engine.Ctx, v *Vessel, kind string, cm, bearing, hour, dev int) {
	at := sea.Advance(aimPoint(v, cm, bearing), bearing+hour*30, dev*10)
	c.Emit(evIlluminate, gamelog.Str("vessel", v.ID), gamelog.Str("kind", kind), gamelog.Int("range", cm), gamelog.Int("direction", hour), gamelog.Int("deviation", dev),
		gamelog.Int("bearing", bearing), gamelog.Int("x", at.X), gamelog.Int("y", at.Y))
	t.Table.shots = append(t.Table.shots, sea.Line{From: v.Place.At.Centre, To: at, Kind: "sight", Label: kind})
	for _, x := range t.Vessels {
		if x.Afloat() && x.Side != v.Side && !x.Seen[sideIndex(v.Side)] && sea.Within(x.Place.At.Centre, at, lightMM) {
			x.Seen[sideIndex(v.Side)] = true
			c.Emit(evSpot, gamelog.Str("target", x.ID), gamelog.Str("why", fmt.Sprintf("lit by %s's %s, %dcm from the burst", v.ID, kind, cmBetween(x.Place.At.Centre, at))))
		}
	}
}

// secondary is Torpedo Secondary Attacks on the table: after a miss, the
// nearest other vessel within 20cm of the target (centre to centre; not
// the firer) is attacked, at -3.
func (t virtual) secondary(c *engine.Ctx, tp *Torpedo, target *Vessel) {
	var near *Vessel
	best := 0
	for _, v := range t.Vessels {
		if v == target || !v.Afloat() || v.ID == tp.From || v.Place == nil {
			continue
		}
		d := sea.Distance(v.Place.At.Centre, target.Place.At.Centre)
		if d <= secondaryNear && (near == nil || d < best) {
			near, best = v, d
		}
	}
	if near != nil {
		t.torpedoAttack(c, tp, near, true)
	}
}

// placeMarker puts a torpedo's marker on the table (Alternative Torpedo
// Rule): 15cm ahead of the firer towards where the target will be when the
// marker reaches it, at a marker's 45cm a turn (the target's move along
// its heading for each 45cm of range), aimed there.
func (t virtual) placeMarker(tp *Torpedo, v, target *Vessel) {
	from, to := v.Place.At.Centre, target.Place.At
	lead := sea.Distance(from, to.Centre) * target.Speed.Move() * 10 / markerRun
	aim := sea.Advance(to.Centre, to.Heading, lead)
	tp.Heading = sea.Bearing(from, aim)
	tp.At = sea.Advance(from, tp.Heading, markerAhead)
	tp.Aim, tp.Run = aim, markerAhead
}

// runMarkers moves each torpedo marker launched on an earlier turn after
// all ship movement: 45cm straight on, or what is left of its run (the
// Torpedo Data's longest range); the first vessel its track passes within
// 5cm of is attacked in phase 9. A marker that ran its course or left the
// table is gone.
func (t virtual) runMarkers(c *engine.Ctx) {
	for _, tp := range t.Torps {
		if !tp.Marker || tp.Launched >= t.Turn {
			continue
		}
		tp.Contact = nil
		step := min(markerRun, tp.Type.MaxRange*10-tp.Run)
		from, to := tp.At, sea.Advance(tp.At, tp.Heading, step)
		if _, off := t.Table.Area.Crossed(from, to); off {
			tp.Spent = true
		}
		best := -1
		for _, v := range t.Vessels {
			if !v.Afloat() || v.Place == nil || !v.Place.At.SegmentNear(from, to, markerNear) {
				continue
			}
			if d := sea.Distance(from, v.Place.At.Centre); best < 0 || d < best {
				tp.Contact, best = v, d
			}
		}
		tp.At, tp.Run = to, tp.Run+step
		tp.Spent = tp.Spent || tp.Run >= tp.Type.MaxRange*10
		c.Emit(evMove, gamelog.Str("torpedo", tp.ID), gamelog.Int("x", to.X), gamelog.Int("y", to.Y), gamelog.Int("heading", tp.Heading))
	}
}

// resolveMarkers is phase 9 for the markers on the table: a marker that
// passed within 5cm of a vessel attacks it (without the -5 for range); a
// hit removes it, a miss runs on unless its run is spent.
func (t virtual) resolveMarkers(c *engine.Ctx) {
	for _, tp := range slices.Clone(t.Torps) {
		if !tp.Marker || tp.Launched >= t.Turn {
			continue
		}
		if tp.Contact != nil && tp.Contact.Afloat() {
			if t.torpedoAttack(c, tp, tp.Contact, false) {
				t.dropTorp(tp)
				continue
			}
		}
		if tp.Spent {
			c.Emit(evArrival, gamelog.Str("torpedo", tp.ID), gamelog.Str("result", "gone"))
			t.dropTorp(tp)
			continue
		}
		c.Emit(evArrival, gamelog.Str("torpedo", tp.ID), gamelog.Str("result", "runs on"))
	}
}
