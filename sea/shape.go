package sea

// Shape is a piece's footprint on the table: a rectangle Length along its
// heading and Beam across, centred on Centre (a model's base, a marker).
// A Shape of no length and no beam is a point.
type Shape struct {
	Centre       Pos
	Heading      int // degrees
	Length, Beam int // millimetres
}

// Bow and Stern are the middles of the shape's front and back edges.
func (s Shape) Bow() Pos   { return Advance(s.Centre, s.Heading, s.Length/2) }
func (s Shape) Stern() Pos { return Advance(s.Centre, s.Heading+180, s.Length/2) }

// Corners are the footprint's corners, clockwise from the starboard bow.
func (s Shape) Corners() [4]Pos {
	bow, stern := s.Bow(), s.Stern()
	side := func(p Pos, deg int) Pos { return Advance(p, deg, s.Beam/2) }
	return [4]Pos{side(bow, s.Heading+90), side(stern, s.Heading+90), side(stern, s.Heading-90), side(bow, s.Heading-90)}
}

// axes are the two directions the rectangle's sides run in.
func (s Shape) axes() [2][2]int64 {
	ux, uy := dir(s.Heading)
	nx, ny := dir(s.Heading + 90)
	return [2][2]int64{{ux, uy}, {nx, ny}}
}

// project is the span of the corners along an axis (× unit).
func project(c [4]Pos, ax [2]int64) (lo, hi int64) {
	for i, p := range c {
		v := int64(p.X)*ax[0] + int64(p.Y)*ax[1]
		if i == 0 || v < lo {
			lo = v
		}
		if i == 0 || v > hi {
			hi = v
		}
	}
	return lo, hi
}

// Overlap says whether two footprints share any area (touching edges do
// not overlap): separating axes, exactly.
func Overlap(a, b Shape) bool {
	ca, cb := a.Corners(), b.Corners()
	for _, s := range []Shape{a, b} {
		for _, ax := range s.axes() {
			la, ha := project(ca, ax)
			lb, hb := project(cb, ax)
			if ha <= lb || hb <= la {
				return false
			}
		}
	}
	return true
}

// Contains says whether a point is inside the footprint or on its edge.
func (s Shape) Contains(p Pos) bool {
	switch {
	case s.Length == 0 && s.Beam == 0:
		return p == s.Centre
	case s.Beam == 0:
		return pointNear(p, s.Stern(), s.Bow(), 0)
	case s.Length == 0:
		return pointNear(p, Advance(s.Centre, s.Heading-90, s.Beam/2), Advance(s.Centre, s.Heading+90, s.Beam/2), 0)
	}
	c := s.Corners()
	sign := 0
	for i := range c {
		o := orient(c[i], c[(i+1)%4], p)
		if o == 0 {
			continue
		}
		if sign == 0 {
			sign = o
		} else if o != sign {
			return false
		}
	}
	return true
}

// orient is the side of line a→b that p lies on: 1 left, -1 right, 0 on it.
func orient(a, b, p Pos) int {
	v := int64(b.X-a.X)*int64(p.Y-a.Y) - int64(b.Y-a.Y)*int64(p.X-a.X)
	switch {
	case v > 0:
		return 1
	case v < 0:
		return -1
	}
	return 0
}

// onSegment says whether p, on the line through a and b, lies between them.
func onSegment(a, b, p Pos) bool {
	return min(a.X, b.X) <= p.X && p.X <= max(a.X, b.X) && min(a.Y, b.Y) <= p.Y && p.Y <= max(a.Y, b.Y)
}

// Cross says whether segments a1–a2 and b1–b2 meet (touching counts).
func Cross(a1, a2, b1, b2 Pos) bool {
	o1, o2, o3, o4 := orient(a1, a2, b1), orient(a1, a2, b2), orient(b1, b2, a1), orient(b1, b2, a2)
	if o1 != o2 && o3 != o4 {
		return true
	}
	return o1 == 0 && onSegment(a1, a2, b1) || o2 == 0 && onSegment(a1, a2, b2) ||
		o3 == 0 && onSegment(b1, b2, a1) || o4 == 0 && onSegment(b1, b2, a2)
}

// pointNear says whether p is at most r from segment a–b, exactly.
func pointNear(p, a, b Pos, r int) bool {
	dx, dy := int64(b.X-a.X), int64(b.Y-a.Y)
	wx, wy := int64(p.X-a.X), int64(p.Y-a.Y)
	t := wx*dx + wy*dy
	l2 := dx*dx + dy*dy
	switch {
	case l2 == 0 || t <= 0:
		return Dist2(p, a) <= sq(r)
	case t >= l2:
		return Dist2(p, b) <= sq(r)
	}
	c := dx*wy - dy*wx
	return c*c <= sq(r)*l2
}

// SegmentNear says whether segment a–b comes within r millimetres of the
// footprint (touches it when r is 0): a torpedo's run past a ship, a line
// of sight through another ship.
func (s Shape) SegmentNear(a, b Pos, r int) bool {
	if s.Contains(a) || s.Contains(b) {
		return true
	}
	c := s.Corners()
	for i := range c {
		e1, e2 := c[i], c[(i+1)%4]
		if Cross(a, b, e1, e2) {
			return true
		}
		if r > 0 && (pointNear(e1, a, b, r) || pointNear(a, e1, e2, r) || pointNear(b, e1, e2, r)) {
			return true
		}
	}
	return false
}

// Gap is the shortest distance between two footprints in millimetres,
// rounded to the nearest (0 when they touch or overlap): edge to edge.
func Gap(a, b Shape) int {
	if Overlap(a, b) {
		return 0
	}
	ca, cb := a.Corners(), b.Corners()
	for i := range ca {
		for j := range cb {
			if Cross(ca[i], ca[(i+1)%4], cb[j], cb[(j+1)%4]) {
				return 0
			}
		}
	}
	best := int64(-1)
	near := func(p, e1, e2 Pos) {
		if d := segDist2(p, e1, e2); best < 0 || d < best {
			best = d
		}
	}
	for i := range ca {
		for j := range cb {
			near(ca[i], cb[j], cb[(j+1)%4])
			near(cb[j], ca[i], ca[(i+1)%4])
		}
	}
	r := isqrt(best)
	if best-r*r > r {
		r++
	}
	return int(r)
}

// segDist2 is the squared distance from p to segment a–b, rounded down to
// whole mm² where the foot of the perpendicular falls inside.
func segDist2(p, a, b Pos) int64 {
	dx, dy := int64(b.X-a.X), int64(b.Y-a.Y)
	wx, wy := int64(p.X-a.X), int64(p.Y-a.Y)
	t := wx*dx + wy*dy
	l2 := dx*dx + dy*dy
	switch {
	case l2 == 0 || t <= 0:
		return Dist2(p, a)
	case t >= l2:
		return Dist2(p, b)
	}
	c := dx*wy - dy*wx
	return c * c / l2
}

// Screened says whether the line of sight from a to b passes through any of
// the footprints (the observer's and the target's own are not among them).
func Screened(a, b Pos, others []Shape) bool {
	for _, s := range others {
		if s.SegmentNear(a, b, 0) {
			return true
		}
	}
	return false
}
