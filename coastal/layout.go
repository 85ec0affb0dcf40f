package coastal

import (
	"slices"

	"github.com/schnell-wargames/schnell/dice"
	"github.com/schnell-wargames/schnell/engine"
	"github.com/schnell-wargames/schnell/sea"
)

// The scenarios laid out on a virtual table of 6 by 4 feet (Deployment;
// Scenarios 1-4; Solo rules): x along the long edges, the bottom edge the
// defender's. Where the document is silent the rules notes say what we
// chose. Every marker of a pot is placed as its ships would be, real or
// dummy, in draw order, so a place tells nothing of what a marker hides.

const (
	lineGap   = 100 // line ahead or astern: 10 cm from marker to marker
	convoyGap = 200 // Solo rules, convoys: "approx. 20cms apart"
	inset     = 15  // a marker set on an edge: its centre this far in
)

// layout places every marker for the scenario and logs where.
func (t *Table) layout(c *engine.Ctx) {
	r := t.r
	W, H := t.Size.Width, t.Size.Height
	pot := func(ids ...string) []*Marker {
		var out []*Marker
		for _, m := range r.Markers {
			if slices.Contains(ids, m.Pot) {
				out = append(out, m)
			}
		}
		return out
	}
	t.Home[Attacker], t.Home[Defender] = sea.Top, sea.Bottom
	switch r.Scenario {
	case Convoy:
		t.convoy(pot("MERCHANTS"), pot("ESCORTS"))
		atk := pot("ATTACKERS")
		if r.Params.SoloAtk {
			t.soloAttackers(c, atk)
		} else {
			// Scenario 1: the E-boats "enter from the opposite edge": abreast
			// along it, evenly spread, heading across the table
			for i, m := range atk {
				t.set(m, sea.Pos{X: W * (i + 1) / (len(atk) + 1), Y: H - inset}, 180)
			}
		}
	case Rescue:
		// (2) the stricken boat 30 cm in from the middle of the bottom
		// edge, the others stationary within 20 cm of it but not within 5
		// cm; the MTBs arrive at a random point of the top edge in line
		// astern at 10 cm
		def := pot("DEFENDERS")
		mid := sea.Pos{X: W / 2, Y: 300}
		var rest []*Marker
		for _, m := range def {
			if m.Ship != nil && m.Ship.Name == r.Setup.Stricken {
				t.set(m, mid, 90)
			} else {
				rest = append(rest, m)
			}
		}
		t.cluster(rest, mid, 80, 200, 90)
		t.column(pot("ATTACKERS"), t.edgePoint(c, sea.Top, "point:attacker"), 180)
	case Hunter:
		// (3) the patrol craft stationary within 20 cm of the centre; the
		// enemy in line astern at a random point of a random edge
		e := sea.Edge(t.roll(c, d4, "edge:attacker") - 1)
		t.Home[Attacker], t.Home[Defender] = e, e.Opposite()
		t.cluster(pot("DEFENDERS"), t.Size.Centre(), 0, 200, 90)
		t.column(pot("ATTACKERS"), t.edgePoint(c, e, "point:attacker"), e.Inward())
	case Escape:
		// (4) the patrol line stationary across the width at the middle,
		// 30 cm apart (closer when the markers do not fit); the smaller
		// force comes in at the left edge in line astern and escapes by
		// the right
		def := pot("DEFENDERS")
		gap := 300
		if n := len(def); n > 1 && (n-1)*gap > H-100 {
			gap = (H - 100) / (n - 1)
		}
		for i, m := range def {
			t.set(m, sea.Pos{X: W / 2, Y: H/2 + (2*i-len(def)+1)*gap/2}, 270)
		}
		t.Home[Attacker], t.Exit = sea.Left, sea.Right
		t.column(pot("ATTACKERS"), t.edgePoint(c, sea.Left, "point:attacker"), 90)
	case Warships:
		// Warship v Warship: the flotilla in line ahead 20 cm in from the
		// bottom edge, heading along it; the enemy's groups of 3 in line
		// ahead, 15 cm apart, at D6 places in the far half, heading across
		// the table toward the flotilla's beam
		t.line(pot("ATTACKERS"), 200, 90)
		t.Home[Attacker], t.Home[Defender] = sea.Bottom, sea.Top
		t.groups(c, pot("WARSHIPS"))
	case Random:
		// Deployment: the allies within 30 cm of the bottom edge in line
		// ahead, a column each of merchantmen (10 cm in), warships (20 cm)
		// and MTBs (30 cm); the Germans on the top edge in line astern
		t.randomGame(pot("DEFENDERS"))
		t.column(pot("ATTACKERS"), t.edgePoint(c, sea.Top, "point:attacker"), 180)
	}
	for _, m := range r.Markers {
		speed := min(m.speed, r.potMax[m.Pot])
		if m.Ship != nil {
			m.Ship.Speed = min(m.Ship.Speed, m.Ship.MaxSpeed())
			speed = m.Ship.Speed
		}
		m.speed = speed
		placed(c, m)
	}
}

// set places a marker: its centre and heading, on the table or not.
func (t *Table) set(m *Marker, p sea.Pos, heading int) {
	m.At = sea.Shape{Centre: p, Heading: sea.Norm(heading)}
	m.In = t.Size.On(p)
}

// roll is a plain roll of the layout (virtual table only): what:side.
func (t *Table) roll(c *engine.Ctx, d dice.Spec, label string) int {
	n, _ := c.RollDice(d, label)
	return n
}

// edgePoint is a random point of an edge (a D6: the middle of one of its
// six equal parts), a marker's half length in.
func (t *Table) edgePoint(c *engine.Ctx, e sea.Edge, label string) sea.Pos {
	k := t.roll(c, d6, label)
	return t.Size.Along(e, 2*k-1, 12, inset)
}

// column places markers in line astern: the first at p heading h, each
// next 10 cm behind the one before (those behind the edge come in as the
// column moves on).
func (t *Table) column(ms []*Marker, p sea.Pos, h int) {
	for i, m := range ms {
		t.set(m, sea.Advance(p, h+180, i*lineGap), h)
	}
}

// line places markers in line ahead along the y line, heading h, centred
// on the table and 10 cm apart (closer if they would not fit).
func (t *Table) line(ms []*Marker, y, h int) {
	gap := lineGap
	if n := len(ms); n > 1 && (n-1)*gap > t.Size.Width-200 {
		gap = (t.Size.Width - 200) / (n - 1)
	}
	lead := t.Size.Width/2 + (len(ms)-1)*gap/2
	for i, m := range ms {
		t.set(m, sea.Pos{X: lead - i*gap, Y: y}, h)
	}
}

// cluster places markers around p, no nearer than inner and no farther
// than outer (mm, centre to centre), on a grid 4.5 cm by 3.5 cm nearest p
// first, all heading h.
func (t *Table) cluster(ms []*Marker, p sea.Pos, inner, outer, h int) {
	var spots []sea.Pos
	for y := -outer; y <= outer; y += 35 {
		for x := -outer; x <= outer; x += 45 {
			q := sea.Pos{X: p.X + x, Y: p.Y + y}
			if d := sea.Dist2(p, q); d >= int64(inner)*int64(inner) && d <= int64(outer)*int64(outer) {
				spots = append(spots, q)
			}
		}
	}
	slices.SortStableFunc(spots, func(a, b sea.Pos) int { return int(sea.Dist2(p, a) - sea.Dist2(p, b)) })
	for i, m := range ms {
		q := p
		if i < len(spots) {
			q = spots[i]
		} else { // more markers than 20 cm holds: beyond it
			q = sea.Advance(p, i*37, outer+(i-len(spots))*10)
		}
		t.set(m, q, h)
	}
}

// convoy: Scenario 1 and the solo set-up: the merchantmen's markers in
// line ahead 20 cm in from the bottom edge, 20 cm apart, heading along it
// (more columns, 20 cm further in, when a column would pass 8 markers:
// closer together than 20 cm when they would pass 60 cm in); the escorts'
// markers within 20 cm of them: abreast on the seaward flank, ahead of and
// astern of the columns, then further out (rules notes).
func (t *Table) convoy(mer, esc []*Marker) {
	W := t.Size.Width
	per := (W-400)/convoyGap + 1
	cols := max((len(mer)+per-1)/per, 1)
	rows := (len(mer) + cols - 1) / cols
	dy := convoyGap
	if cols > 1 && (cols-1)*dy > 600 {
		dy = max(600/(cols-1), 50)
	}
	// the convoy centred along the table, a little astern of the middle
	// for the way it makes
	lead := W/2 + (rows-1)*convoyGap/2
	for i, m := range mer {
		col, row := i%cols, i/cols
		t.set(m, sea.Pos{X: lead - row*convoyGap, Y: 200 + col*dy}, 90)
	}
	outer := 200 + (cols-1)*dy
	tail := lead - (rows-1)*convoyGap
	var spots []sea.Pos
	for ring := 0; len(spots) < len(esc); ring++ {
		flank := outer + convoyGap + ring*100
		for x := tail; x <= lead; x += convoyGap {
			spots = append(spots, sea.Pos{X: x, Y: flank})
		}
		if ring == 0 {
			for col := range cols {
				spots = append(spots, sea.Pos{X: lead + convoyGap, Y: 200 + col*dy}, sea.Pos{X: tail - convoyGap, Y: 200 + col*dy})
			}
		}
	}
	for i, m := range esc {
		t.set(m, spots[i], 90)
	}
}

// soloAttackers: Solo rules, attackers b: "randomly on the opposite table
// edge to the convoy using a D6, with each counter pointing toward the
// nearest target marker"; markers in the same sixth of the edge stand 5
// cm apart along it.
func (t *Table) soloAttackers(c *engine.Ctx, ms []*Marker) {
	in := map[int]int{}
	for _, m := range ms {
		k := t.roll(c, d6, "point:"+m.ID)
		p := t.Size.Along(sea.Top, 2*k-1, 12, inset)
		n := in[k]
		in[k]++
		off := (n + 1) / 2 * 50
		if n%2 == 1 {
			off = -off
		}
		p.X += off
		t.set(m, p, 180)
		if e := t.nearest(m, false); e != nil {
			m.At.Heading = sea.Bearing(p, e.At.Centre)
		}
	}
}

// groups: Warship v Warship 5: each column of 3 markers in line ahead, 15
// cm apart, at a D6 place of the far half (3 across by 2 deep; a place
// taken, the next free; more columns than places, further rows), heading
// across the table.
func (t *Table) groups(c *engine.Ctx, ms []*Marker) {
	W, H := t.Size.Width, t.Size.Height
	cols := 0
	for _, m := range ms {
		cols = max(cols, m.Column)
	}
	places := max(6, (cols+2)/3*3)
	taken := make([]bool, places)
	spot := func(k int) sea.Pos {
		row := k / 3
		return sea.Pos{X: W * (k%3 + 1) / 4, Y: H - 150 - row*(H/2-200)/max(places/3-1, 1)}
	}
	for col := 1; col <= cols; col++ {
		k := t.roll(c, d6, "place:column") - 1
		for taken[k] {
			k = (k + 1) % places
		}
		taken[k] = true
		p := spot(k)
		i := 0
		for _, m := range ms {
			if m.Column == col {
				t.set(m, sea.Pos{X: p.X + i*150, Y: p.Y}, 270)
				i++
			}
		}
	}
}

// behind places the live markers of Warship v Warship 8 behind the ship
// found, 15 cm apart in its wake, heading as it does.
func (t *Table) behind(c *engine.Ctx, m *Marker, ids []string) {
	for i, id := range ids {
		lm := t.r.marker(id)
		t.set(lm, sea.Advance(m.At.Centre, m.At.Heading+180, (i+1)*150), m.At.Heading)
		t.keepOn(lm)
		placed(c, lm)
	}
}

// keepOn brings a marker placed off the table back to its nearest edge.
func (t *Table) keepOn(m *Marker) {
	p := m.At.Centre
	p.X = min(max(p.X, inset), t.Size.Width-inset)
	p.Y = min(max(p.Y, inset), t.Size.Height-inset)
	m.At.Centre, m.In = p, true
}

// randomGame: Deployment's random game: the allies' markers in three
// columns by what they are (a dummy goes with the ships it stands for: 2
// per ship, in draw order), merchantmen 10 cm in, warships 20 cm, MTBs 30
// cm, each in line ahead heading along the edge.
func (t *Table) randomGame(ms []*Marker) {
	kind := func(s *Ship) int {
		switch {
		case s.Class == Merchant:
			return 0
		case s.Class.fast():
			return 2
		}
		return 1
	}
	cols := make([][]*Marker, 3)
	want := make([]int, 3)
	var dummies []*Marker
	for _, m := range ms {
		if m.Ship == nil {
			dummies = append(dummies, m)
			continue
		}
		k := kind(m.Ship)
		cols[k] = append(cols[k], m)
		want[k] += 2
	}
	for _, m := range dummies {
		k := 0
		for k < 2 && want[k] == 0 {
			k++
		}
		want[k]--
		cols[k] = append(cols[k], m)
	}
	for k, col := range cols {
		slices.SortStableFunc(col, func(a, b *Marker) int { return markerNumber(a) - markerNumber(b) })
		t.line(col, 100*(k+1), 90)
	}
}

// markerNumber is a marker's number ("D12": 12), for placing in draw order.
func markerNumber(m *Marker) int {
	_, n, _ := splitID(m.ID)
	return n
}
