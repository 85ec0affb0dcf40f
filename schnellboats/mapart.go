package schnellboats

import (
	"fmt"
	"io"
	"slices"
	"strings"
)

// The Strategic Map drawn in text (issue 25 item 7), as the board lays it
// out: the eight Red Zones along the English coast at the top, the three
// Yellow Zones in mid-Channel, the two Green Zones off the French coast,
// Cherbourg at the bottom, and the links between them; in each box where
// the squadron is, the zones assigned tonight and those patrolled; the
// links of tonight's route drawn in #. It fits 80 columns.

const (
	mapWidth  = 67
	mapHeight = 22
)

// mapBox is where a zone's box is drawn: its centre column and top row,
// and its inner width.
type mapBox struct{ cx, top, inner int }

var mapBoxes = func() map[string]mapBox {
	m := map[string]mapBox{}
	for i := 1; i <= redZones; i++ {
		m[redZoneID(i)] = mapBox{cx: 4 + 8*(i-1), top: 0, inner: 7}
	}
	m["Y1"] = mapBox{cx: 12, top: 8, inner: 9}
	m["Y2"] = mapBox{cx: 28, top: 8, inner: 9}
	m["Y3"] = mapBox{cx: 48, top: 8, inner: 9}
	m["G1"] = mapBox{cx: 20, top: 14, inner: 9}
	m["G2"] = mapBox{cx: 38, top: 14, inner: 9}
	m["CHERBOURG"] = mapBox{cx: 29, top: 19, inner: 11}
	return m
}()

// boxRows is how many rows a box takes: its top, its name, its mark, its
// bottom (Cherbourg has no mark row).
func boxRows(id string) int {
	if id == "CHERBOURG" {
		return 3
	}
	return 4
}

type canvas [mapHeight][mapWidth]rune

func (c *canvas) put(x, y int, r rune) {
	if y >= 0 && y < mapHeight && x >= 0 && x < mapWidth {
		c[y][x] = r
	}
}

func (c *canvas) text(x, y int, s string) {
	for i, r := range []rune(s) {
		c.put(x+i, y, r)
	}
}

// centred writes s centred in a box's inner width.
func (c *canvas) centred(b mapBox, y int, s string) {
	r := []rune(s)
	if len(r) > b.inner {
		r = r[:b.inner]
	}
	left := b.cx - b.inner/2
	c.text(left+(b.inner-len(r))/2, y, string(r))
}

func (c *canvas) box(b mapBox, rows int) {
	l, r := b.cx-b.inner/2-1, b.cx-b.inner/2+b.inner
	for x := l; x <= r; x++ {
		c.put(x, b.top, '-')
		c.put(x, b.top+rows-1, '-')
	}
	for y := b.top; y < b.top+rows; y++ {
		ch := '|'
		if y == b.top || y == b.top+rows-1 {
			ch = '+'
		}
		c.put(l, y, ch)
		c.put(r, y, ch)
	}
}

// link draws a line from the bottom of box a to the top of box b, one
// character a row: '|' straight down, '/' or '\' aslant; on the route,
// '#'.
func (c *canvas) link(a, b mapBox, rowsA int, route bool) {
	y0, y1 := a.top+rowsA, b.top-1
	if y1 < y0 {
		return
	}
	n := y1 - y0 + 1
	for k := range n {
		// From a's centre to b's, as far along as this row is.
		x := a.cx + (b.cx-a.cx)*(2*k+1)/(2*n)
		ch := '|'
		switch {
		case route:
			ch = '#'
		case b.cx > a.cx+1:
			ch = '\\'
		case b.cx < a.cx-1:
			ch = '/'
		}
		c.put(x, y0+k, ch)
	}
}

// pictures draws the campaign for the player: the strategic map
// (mapart.go), the Combat Board (boardart.go), the crew roster and the
// sheets' headings (views.go, sheets.go). A view of the campaign's state,
// made by c.art(); the Print* methods the prompt calls stay on Campaign.
type pictures struct{ *Campaign }

// art draws this campaign.
func (c *Campaign) art() pictures { return pictures{c} }

// zoneMarks says, for each zone, what its box shows tonight: the
// squadron, an assigned Red Zone patrolled or still to patrol, a zone of
// the route passed or ahead.
func (c pictures) zoneMarks() (marks map[string]string, route map[[2]string]bool) {
	marks, route = map[string]string{}, map[[2]string]bool{}
	m := c.Mission
	if m == nil || m.Pos < 0 && len(m.Route) == 0 {
		marks["CHERBOURG"] = "*SQN*"
		return marks, route
	}
	assigned := func(id string) bool {
		z := zoneByID(id)
		return m.FirstZone > 0 && z.Red >= m.FirstZone && z.Red < m.FirstZone+4
	}
	for i := 1; i <= redZones; i++ {
		if id := redZoneID(i); assigned(id) {
			marks[id] = "target"
		}
	}
	// The assigned zones visited, in order: the first Patrolled of them
	// were patrolled.
	done := 0
	for i, id := range m.Route {
		if i > m.Pos {
			if marks[id] == "" {
				marks[id] = "route"
			}
			continue
		}
		switch {
		case assigned(id) && done < m.Patrolled && !slices.Contains(m.Route[:i], id):
			marks[id] = "done"
			done++
		case marks[id] == "" || marks[id] == "route":
			marks[id] = "passed"
		}
	}
	for i := 0; i+1 < len(m.Route); i++ {
		route[[2]string{m.Route[i], m.Route[i+1]}] = true
		route[[2]string{m.Route[i+1], m.Route[i]}] = true
	}
	if m.Pos >= 0 && m.Pos < len(m.Route) {
		marks[m.Route[m.Pos]] = "*SQN*"
	} else {
		marks["CHERBOURG"] = "*SQN*"
	}
	return marks, route
}

// drawMap writes the Strategic Map's picture with tonight's marks.
func (c pictures) drawMap(w io.Writer) error {
	var cv canvas
	for y := range cv {
		for x := range cv[y] {
			cv[y][x] = ' '
		}
	}
	marks, route := c.zoneMarks()
	// The links first, from the zone nearer the base to the one beyond:
	// the boxes are drawn over their ends.
	for _, z := range strategicMap {
		a := mapBoxes[z.ID]
		for _, l := range z.Links {
			b := mapBoxes[l]
			if b.top >= a.top || zoneByID(l).Red > 0 && z.Red > 0 {
				continue // drawn from the other end, or two Red Zones side by side
			}
			cv.link(b, a, boxRows(l), route[[2]string{z.ID, l}])
		}
	}
	for _, z := range strategicMap {
		b := mapBoxes[z.ID]
		cv.box(b, boxRows(z.ID))
		name := z.ID
		if z.ID == "CHERBOURG" {
			name = "Cherbourg"
			if marks[z.ID] == "*SQN*" {
				name = "*Cherbourg*"
			}
		}
		cv.centred(b, b.top+1, name)
		if z.ID != "CHERBOURG" {
			cv.centred(b, b.top+2, marks[z.ID])
		}
	}
	var out strings.Builder
	out.WriteString(" ENGLAND: Lyme Bay (R1) to Dungeness (R8)\n")
	for y := range cv {
		out.WriteString(strings.TrimRight(string(cv[y][:]), " ") + "\n")
	}
	out.WriteString(" FRANCE: Cap de la Hague (G1), Pointe de Barfleur (G2)\n")
	_, err := io.WriteString(w, out.String())
	return err
}

// mapLegend says what the map's marks mean and where the squadron is.
func (c pictures) mapLegend() string {
	m := c.Mission
	if m == nil {
		return "At base: no mission under way. *SQN* the squadron; target: an assigned Red Zone; done: patrolled; # tonight's route."
	}
	where := "at Cherbourg"
	if m.Pos >= 0 && m.Pos < len(m.Route) {
		where = "in " + zoneByID(m.Route[m.Pos]).Name
	}
	s := fmt.Sprintf("Mission %d, turn %d: the squadron (*SQN*) %s, sea state %d; %s of 4 patrolled (done), the rest assigned (target); # tonight's route.",
		m.N, m.Turn, where, m.Sea, counted(m.Patrolled, "zone"))
	if m.FirstZone == 0 {
		s = fmt.Sprintf("Mission %d, turn %d: the squadron (*SQN*) %s, sea state %d; # tonight's route.", m.N, m.Turn, where, m.Sea)
	}
	return s
}
