package sea

import "fmt"

// unit is the scale of the sine table: sin × 2^30.
const unit = 1 << 30

// Pos is a point on the table in millimetres from its bottom-left corner:
// X to the right (east), Y up the table (north).
type Pos struct{ X, Y int }

// Cm makes a position of centimetres.
func Cm(x, y int) Pos { return Pos{x * 10, y * 10} }

func (p Pos) String() string { return fmt.Sprintf("(%s, %s)", cmText(p.X), cmText(p.Y)) }

// Add and Sub are vector sums and differences.
func (p Pos) Add(q Pos) Pos { return Pos{p.X + q.X, p.Y + q.Y} }
func (p Pos) Sub(q Pos) Pos { return Pos{p.X - q.X, p.Y - q.Y} }

// cmText writes millimetres as centimetres, with a decimal only when
// needed: 150 → "15", 155 → "15.5".
func cmText(mm int) string {
	sign := ""
	if mm < 0 {
		sign, mm = "-", -mm
	}
	if mm%10 == 0 {
		return fmt.Sprintf("%s%d", sign, mm/10)
	}
	return fmt.Sprintf("%s%d.%d", sign, mm/10, mm%10)
}

// CmText is a length in millimetres written in centimetres ("15.5").
func CmText(mm int) string { return cmText(mm) }

// Norm brings a heading or bearing in degrees into 0…359.
func Norm(deg int) int {
	deg %= 360
	if deg < 0 {
		deg += 360
	}
	return deg
}

// sinH is sin of h half degrees × unit, for any h.
func sinH(h int) int64 {
	h %= 720
	if h < 0 {
		h += 720
	}
	switch {
	case h <= 180:
		return sinHalf[h]
	case h <= 360:
		return sinHalf[360-h]
	case h <= 540:
		return -sinHalf[h-360]
	default:
		return -sinHalf[720-h]
	}
}

// dir is the unit vector of a heading in degrees, × unit: (sin, cos), as
// 0 is north (+Y) and 90 east (+X).
func dir(deg int) (x, y int64) { return sinH(2 * deg), sinH(2*deg + 180) }

// divRound divides rounding half away from zero (b > 0).
func divRound(a, b int64) int64 {
	if a >= 0 {
		return (a + b/2) / b
	}
	return -((-a + b/2) / b)
}

// Advance is the point d millimetres from p along heading deg.
func Advance(p Pos, deg, d int) Pos {
	x, y := dir(deg)
	return Pos{p.X + int(divRound(int64(d)*x, unit)), p.Y + int(divRound(int64(d)*y, unit))}
}

// isqrt is the floor of the square root of n ≥ 0.
func isqrt(n int64) int64 {
	if n <= 0 {
		return 0
	}
	r := int64(1) << ((bitLen(uint64(n)) + 1) / 2)
	for { // Newton's method from above
		s := (r + n/r) / 2
		if s >= r {
			return r
		}
		r = s
	}
}

func bitLen(n uint64) int {
	b := 0
	for n > 0 {
		n >>= 1
		b++
	}
	return b
}

func sq(a int) int64 { return int64(a) * int64(a) }

// Dist2 is the squared distance between two points, in mm².
func Dist2(a, b Pos) int64 { return sq(a.X-b.X) + sq(a.Y-b.Y) }

// Distance is the distance between two points in millimetres, rounded to
// the nearest millimetre.
func Distance(a, b Pos) int {
	n := Dist2(a, b)
	r := isqrt(n)
	if n-r*r > r { // n ≥ (r+½)² exactly when n - r² > r, n and r whole
		r++
	}
	return int(r)
}

// Within says whether b is at most mm millimetres from a, exactly (no
// rounding): a band "up to 15 cm" is Within(a, b, 150).
func Within(a, b Pos, mm int) bool { return Dist2(a, b) <= sq(mm) }

// CmUp is a length in millimetres as whole centimetres rounded up: a
// document whose bands are whole centimetres ("1-20 cm", "21-40 cm") puts
// 20.3 cm in the second.
func CmUp(mm int) int {
	if mm <= 0 {
		return 0
	}
	return (mm + 9) / 10
}

// Bearing is the compass bearing from one point to another in whole
// degrees (0 north, 90 east), rounded to the nearest degree (a half rounds
// up); 0 when the points are the same.
func Bearing(from, to Pos) int {
	x, y := int64(to.X-from.X), int64(to.Y-from.Y)
	if x == 0 && y == 0 {
		return 0
	}
	q := 0
	for !(x >= 0 && y > 0) { // turn the vector back by quarters into [0°, 90°)
		x, y = -y, x
		q++
	}
	// the largest half degree k with bearing ≥ k/2: the vector is clockwise
	// of (or on) the direction of k
	lo, hi := 0, 179
	for lo < hi {
		mid := (lo + hi + 1) / 2
		if sinHalf[mid]*y-sinHalf[180-mid]*x <= 0 {
			lo = mid
		} else {
			hi = mid - 1
		}
	}
	return Norm(q*90 + (lo+1)/2)
}

// Relative is a bearing seen from a heading: degrees clockwise off the
// bow, 0…359 (0 dead ahead, 90 starboard beam, 180 astern, 270 port beam).
func Relative(heading, bearing int) int { return Norm(bearing - heading) }

// Turn is the smallest turn from one heading to another: positive to
// starboard (clockwise), negative to port, -179…180.
func Turn(from, to int) int {
	d := Norm(to - from)
	if d > 180 {
		d -= 360
	}
	return d
}

// Arc is a firing arc off the bow, clockwise From to To in degrees, both
// inclusive (From 315, To 45 is the forward quarter).
type Arc struct{ From, To int }

// The quarter arcs of a mount (90 degrees each, 45 either side of its
// axis), and all round but the 90 degrees astern.
var (
	ArcForward   = Arc{315, 45}
	ArcStarboard = Arc{45, 135}
	ArcAft       = Arc{135, 225}
	ArcPort      = Arc{225, 315}
	ArcAllButAft = Arc{225, 135}
	ArcAll       = Arc{0, 359}
)

// Holds says whether a bearing off the bow lies in the arc.
func (a Arc) Holds(rel int) bool {
	rel, from, to := Norm(rel), Norm(a.From), Norm(a.To)
	if from <= to {
		return rel >= from && rel <= to
	}
	return rel >= from || rel <= to
}

func (a Arc) String() string { return fmt.Sprintf("%d°–%d° off the bow", Norm(a.From), Norm(a.To)) }
