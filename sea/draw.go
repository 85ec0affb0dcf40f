package sea

import (
	"fmt"
	"html"
	"io"
	"sort"
	"strings"
)

// Mark is a piece as a picture shows it: its footprint, the label a side
// knows it by ("S38", "?3" for an unknown marker), and its kind, which
// picks its colour: "own", "enemy", "unknown", "torpedo", "wreck" or any
// word of the game's (drawn grey).
type Mark struct {
	Shape Shape
	Label string
	Kind  string
	Note  string // a short line for the legend: "VF 30 cm", "burning"
}

// Line is a line on the picture: a shot's range, a torpedo's track, a
// sighting. Kind picks its style: "shot", "torpedo", "sight".
type Line struct {
	From, To Pos
	Kind     string
	Label    string // "45 cm"
}

// Picture is the table at a moment, as one side (or the referee) sees it.
type Picture struct {
	Table Table
	Title string
	Marks []Mark
	Lines []Line
}

// arrow is the glyph of a heading in eight points.
func arrow(deg int) byte { return "^/>\\v/<\\"[(Norm(deg)+22)/45%8] }

// Text draws the picture as text art cols characters wide (a character
// cell is about twice as tall as wide): the table's border, each mark as
// its heading's arrow and its label, then a scale line and a legend of
// positions, headings and notes. Marks that would overprint are listed
// in the legend all the same.
func (p Picture) Text(cols int) []string {
	if cols < 20 {
		cols = 20
	}
	w := cols - 2
	tw, th := max(p.Table.Width, 1), max(p.Table.Height, 1)
	h := max(th*w/tw/2, 4)
	rows := make([][]byte, h)
	for i := range rows {
		rows[i] = []byte(strings.Repeat(" ", w))
	}
	cell := func(q Pos) (int, int, bool) {
		c := q.X * w / tw
		r := h - 1 - q.Y*h/th
		if q.X == tw {
			c = w - 1
		}
		if q.Y == th {
			r = 0
		}
		return c, r, c >= 0 && c < w && r >= 0 && r < h
	}
	for _, l := range p.Lines { // dotted, under the marks
		n := max(abs(l.To.X-l.From.X)*w/tw, abs(l.To.Y-l.From.Y)*h/th, 1)
		for i := 1; i < n; i++ {
			q := Pos{l.From.X + (l.To.X-l.From.X)*i/n, l.From.Y + (l.To.Y-l.From.Y)*i/n}
			if c, r, ok := cell(q); ok && rows[r][c] == ' ' {
				rows[r][c] = '.'
			}
		}
	}
	for _, m := range p.Marks {
		c, r, ok := cell(m.Shape.Centre)
		if !ok {
			continue
		}
		text := string(arrow(m.Shape.Heading)) + m.Label
		if m.Kind == "torpedo" {
			text = "*"
		}
		if c+len(text) > w {
			c = max(w-len(text), 0)
		}
		copy(rows[r][c:], text)
	}
	out := make([]string, 0, h+len(p.Marks)+4)
	if p.Title != "" {
		out = append(out, p.Title)
	}
	out = append(out, "+"+strings.Repeat("-", w)+"+")
	for _, r := range rows {
		out = append(out, "|"+string(r)+"|")
	}
	out = append(out, "+"+strings.Repeat("-", w)+"+")
	out = append(out, fmt.Sprintf("%s by %s cm; one character is about %s cm across.", cmText(tw), cmText(th), cmText(tw/w)))
	marks := append([]Mark(nil), p.Marks...)
	sort.SliceStable(marks, func(i, j int) bool { return marks[i].Label < marks[j].Label })
	for _, m := range marks {
		line := fmt.Sprintf("%c%s at %s cm, heading %d°", arrow(m.Shape.Heading), m.Label, m.Shape.Centre, m.Shape.Heading)
		if m.Note != "" {
			line += ", " + m.Note
		}
		out = append(out, line)
	}
	return out
}

func abs(a int) int {
	if a < 0 {
		return -a
	}
	return a
}

// colours of the kinds of marks and lines.
var colours = map[string]string{
	"own": "#1f4e9c", "enemy": "#b22222", "unknown": "#555555", "torpedo": "#000000", "wreck": "#8b6914",
	"shot": "#d2691e", "sight": "#2e8b57",
}

// Colour is the colour a picture draws a mark or a line of kind in ("#1f4e9c").
func Colour(kind string) string { return colour(kind) }

func colour(kind string) string {
	if c, ok := colours[kind]; ok {
		return c
	}
	return "#777777"
}

// SVG draws the picture as an SVG document to scale (1 unit = 1 mm; the
// table's bottom-left corner at the bottom left, y drawn upwards): the
// title (the turn) above the table, a 10 cm grid, the lines (shots with
// their range, torpedo tracks), each mark as its footprint with its bow
// drawn to a point (its heading), its label and note (speed, damage)
// beside it, and the scale below. Every mark is a group with a data-id,
// data-x and data-y (its centre in mm) and data-heading, so that a test or
// a page's script can find it.
func (p Picture) SVG(w io.Writer) error {
	tw, th := max(p.Table.Width, 1), max(p.Table.Height, 1)
	var b strings.Builder
	const pad, top, foot = 40, 70, 60
	fmt.Fprintf(&b, `<svg xmlns="http://www.w3.org/2000/svg" viewBox="%d %d %d %d" width="%dmm" height="%dmm" font-family="sans-serif" data-width="%d" data-height="%d">`+"\n",
		-pad, -pad-top, tw+2*pad, th+2*pad+top+foot, (tw+2*pad)/4, (th+2*pad+top+foot)/4, tw, th)
	if p.Title != "" {
		fmt.Fprintf(&b, "<title>%s</title>\n", html.EscapeString(p.Title))
		fmt.Fprintf(&b, `<text x="0" y="%d" font-size="36" font-weight="bold" fill="#111">%s</text>`+"\n", -pad-16, html.EscapeString(p.Title))
	}
	fmt.Fprintf(&b, `<rect class="table" x="0" y="0" width="%d" height="%d" fill="#dfe9f2" stroke="#333" stroke-width="3"/>`+"\n", tw, th)
	for x := 100; x < tw; x += 100 { // a 10 cm grid, as a mat's
		fmt.Fprintf(&b, `<line x1="%d" y1="0" x2="%d" y2="%d" stroke="#c5d3e0" stroke-width="1"/>`+"\n", x, x, th)
	}
	for y := 100; y < th; y += 100 {
		fmt.Fprintf(&b, `<line x1="0" y1="%d" x2="%d" y2="%d" stroke="#c5d3e0" stroke-width="1"/>`+"\n", th-y, tw, th-y)
	}
	for _, l := range p.Lines {
		dash := ` stroke-dasharray="12 8"`
		if l.Kind == "torpedo" {
			dash = ` stroke-dasharray="4 6"`
		}
		fmt.Fprintf(&b, `<line class="%s" x1="%d" y1="%d" x2="%d" y2="%d" stroke="%s" stroke-width="4"%s/>`+"\n",
			html.EscapeString(l.Kind), l.From.X, th-l.From.Y, l.To.X, th-l.To.Y, colour(l.Kind), dash)
		if l.Kind == "torpedo" { // the run's head
			fmt.Fprintf(&b, `<circle cx="%d" cy="%d" r="7" fill="%s"/>`+"\n", l.To.X, th-l.To.Y, colour(l.Kind))
		}
		if l.Label != "" {
			fmt.Fprintf(&b, `<text x="%d" y="%d" font-size="24" fill="%s">%s</text>`+"\n",
				(l.From.X+l.To.X)/2+8, th-(l.From.Y+l.To.Y)/2-8, colour(l.Kind), html.EscapeString(l.Label))
		}
	}
	var labels labelBoxes
	for _, m := range p.Marks {
		s := m.Shape
		if s.Length == 0 && s.Beam == 0 {
			s.Length, s.Beam = 30, 20 // a point drawn as a marker's size
		}
		c := s.Corners()
		bow := s.Bow()
		shoulder := Advance(s.Centre, s.Heading, s.Length/4)
		c[0], c[3] = Advance(shoulder, s.Heading+90, s.Beam/2), Advance(shoulder, s.Heading-90, s.Beam/2)
		x, y := m.Shape.Centre.X+max(s.Beam, s.Length)/2+10, th-m.Shape.Centre.Y-6
		anchor := ""
		if x > tw-150 { // near the right edge: the words to the left
			x, anchor = m.Shape.Centre.X-max(s.Beam, s.Length)/2-10, ` text-anchor="end"`
		}
		at := labels.place(x, y, anchor != "", m.Label, m.Note)
		fmt.Fprintf(&b, `<g class="mark %s" data-id="%s" data-x="%d" data-y="%d" data-heading="%d">`,
			html.EscapeString(m.Kind), html.EscapeString(m.Label), m.Shape.Centre.X, m.Shape.Centre.Y, m.Shape.Heading)
		if at != y { // a label moved below another's: a leader from the mark
			fmt.Fprintf(&b, `<line x1="%d" y1="%d" x2="%d" y2="%d" stroke="#777" stroke-width="1.5"/>`, m.Shape.Centre.X, th-m.Shape.Centre.Y, x, at-10)
		}
		y = at
		// the footprint, its bow drawn to a point from the shoulders
		fmt.Fprintf(&b, `<polygon points="%d,%d %d,%d %d,%d %d,%d %d,%d" fill="%s" stroke="#111" stroke-width="2"/>`,
			c[1].X, th-c[1].Y, c[0].X, th-c[0].Y, bow.X, th-bow.Y, c[3].X, th-c[3].Y, c[2].X, th-c[2].Y, colour(m.Kind))
		fmt.Fprintf(&b, `<text x="%d" y="%d" font-size="28" fill="#111"%s>%s</text>`, x, y, anchor, html.EscapeString(m.Label))
		if m.Note != "" {
			fmt.Fprintf(&b, `<text x="%d" y="%d" font-size="20" fill="#333"%s>%s</text>`, x, y+24, anchor, html.EscapeString(m.Note))
		}
		b.WriteString("</g>\n")
	}
	fmt.Fprintf(&b, `<text x="0" y="%d" font-size="28" fill="#333">%s</text>`+"\n", th+pad+20,
		html.EscapeString(fmt.Sprintf("%s by %s cm; grid 10 cm; north is up", cmText(tw), cmText(th))))
	b.WriteString("</svg>\n")
	_, err := io.WriteString(w, b.String())
	return err
}

// labelBoxes are the boxes the labels of a picture's marks take so far
// (SVG units), so that the label of a mark close to another (a boat and
// the torpedo markers she has just launched) goes below the other's, not
// over it.
type labelBoxes [][4]int // x0, y0, x1, y1

// place returns the baseline, at y or the first free one below it (at most
// eight lines down), of a label and its note written at x (left-aligned,
// or right-aligned if end), and takes its box.
func (lb *labelBoxes) place(x, y int, end bool, label, note string) int {
	w := len([]rune(label)) * 17 // font size 28
	h := 30
	if note != "" {
		w, h = max(w, len([]rune(note))*12), 54 // font size 20, a line below
	}
	x0 := x
	if end {
		x0 = x - w
	}
	for try := 0; ; try++ {
		box := [4]int{x0, y - 24, x0 + w, y - 24 + h}
		free := true
		for _, o := range *lb {
			if box[0] < o[2] && o[0] < box[2] && box[1] < o[3] && o[1] < box[3] {
				free = false
				break
			}
		}
		if free || try == 8 {
			*lb = append(*lb, box)
			return y
		}
		y += h
	}
}
