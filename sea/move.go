package sea

// Pivot turns a footprint in place about its centre (a turn "in place",
// as the turning-arc rules of some documents allow).
func Pivot(s Shape, to int) Shape {
	s.Heading = Norm(to)
	return s
}

// Swing turns a footprint about its bow: the bow stays where it is and the
// stern moves to one side, as a ship turns in documents that count the
// stern's travel against the move. Stern is that travel in millimetres
// (the arc the stern's middle sweeps, rounded up).
func Swing(s Shape, to int) (turned Shape, stern int) {
	bow := s.Bow()
	turn := Turn(s.Heading, to)
	if turn < 0 {
		turn = -turn
	}
	s.Heading = Norm(to)
	s.Centre = Advance(bow, s.Heading+180, s.Length/2)
	// arc = length × turn × π/180, with π as 355/113 (exact to 3e-7)
	num := int64(s.Length) * int64(turn) * 355
	den := int64(113 * 180)
	return s, int((num + den - 1) / den)
}

// Ahead moves a footprint d millimetres along its heading.
func Ahead(s Shape, d int) Shape {
	s.Centre = Advance(s.Centre, s.Heading, d)
	return s
}

// Edge is a side of the table.
type Edge int

const (
	Bottom Edge = iota // y = 0, the near long edge
	Right              // x = width
	Top                // y = height, the far long edge
	Left               // x = 0
)

var edgeNames = [...]string{"bottom", "right", "top", "left"}

func (e Edge) String() string {
	if e >= 0 && int(e) < len(edgeNames) {
		return edgeNames[e]
	}
	return "no edge"
}

// Opposite is the edge across the table.
func (e Edge) Opposite() Edge { return (e + 2) % 4 }

// Inward is the heading that points from the edge into the table.
func (e Edge) Inward() int { return [...]int{0, 270, 180, 90}[e] }

// Table is the playing area: Width by Height millimetres, the origin at its
// bottom-left corner.
type Table struct{ Width, Height int }

// Tables of the documents' sizes: 8×6 and 6×4 feet, in whole centimetres.
var (
	Table8x6 = Table{2440, 1830}
	Table6x4 = Table{1830, 1220}
)

// On says whether a point is on the table (its edges included).
func (t Table) On(p Pos) bool { return p.X >= 0 && p.Y >= 0 && p.X <= t.Width && p.Y <= t.Height }

// Centre is the middle of the table.
func (t Table) Centre() Pos { return Pos{t.Width / 2, t.Height / 2} }

// Along is the point num/den of the way along an edge from its corner
// with the smaller coordinate (bottom and top: from the left; left and
// right: from the bottom), pulled in by inset millimetres.
func (t Table) Along(e Edge, num, den, inset int) Pos {
	if den <= 0 {
		den = 1
	}
	switch e {
	case Bottom:
		return Pos{t.Width * num / den, inset}
	case Top:
		return Pos{t.Width * num / den, t.Height - inset}
	case Left:
		return Pos{inset, t.Height * num / den}
	default:
		return Pos{t.Width - inset, t.Height * num / den}
	}
}

// Nearest is the edge nearest a point, and how far it is.
func (t Table) Nearest(p Pos) (Edge, int) {
	best, d := Bottom, p.Y
	for _, c := range []struct {
		e Edge
		d int
	}{{Right, t.Width - p.X}, {Top, t.Height - p.Y}, {Left, p.X}} {
		if c.d < d {
			best, d = c.e, c.d
		}
	}
	return best, d
}

// Crossed is the first edge a move from a to b leaves the table by, and
// whether it leaves at all (b off the table).
func (t Table) Crossed(a, b Pos) (Edge, bool) {
	if t.On(b) {
		return 0, false
	}
	corners := [4]Pos{{0, 0}, {t.Width, 0}, {t.Width, t.Height}, {0, t.Height}}
	for e := Bottom; e <= Left; e++ {
		c1, c2 := corners[e], corners[(e+1)%4]
		if Cross(a, b, c1, c2) {
			return e, true
		}
	}
	e, _ := t.Nearest(b)
	return e, true
}
