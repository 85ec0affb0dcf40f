package schnellrules

import (
	"fmt"
	"strings"

	"github.com/schnell-wargames/schnell/engine"
	"github.com/schnell-wargames/schnell/sea"
)

// The virtual table (option table=virtual, issue 29): the program holds
// the models' places and measures. The document measures nothing itself
// ("From the model" is all the FAQ says of arcs); the rules notes say how
// the program does: ranges centre to centre in whole centimetres rounded
// up, a gun's arcs as the FAQ's 90-degree quarters off the model's bow,
// turns by the Turning Arcs (the turning circles are missing), the
// table's edge leaves the battle, collisions are ignored (FAQ).

// Table is the virtual table of a battle: its size and what is on it
// besides the vessels (each vessel keeps its own Place).
type Table struct {
	Area sea.Table
	// slots are each side's next deployment slot for a vessel added
	// without a place (allies along the bottom edge, axis along the top).
	slots   [2]int
	markers int        // markers labelled so far
	shots   []sea.Line // this turn's shots, for the picture
}

// Place is where a vessel is on the virtual table and what it steers.
type Place struct {
	At       sea.Shape // its footprint: centre, heading, length and beam (mm)
	Course   int       // the heading it steers to (degrees)
	Straight int       // mm run straight since its last turn (Turning Arcs)
	Leader   *Vessel   // formation: it keeps the leader's course and speed
	From     sea.Pos   // where its move this turn began
	Moved    bool      // it moved this turn (Depth Charge Attack)
	Path     []sea.Pos // its centre's track this turn (depth charges, ramming)
	Marker   string    // the label of its marker, as the enemy knows it before spotting it
}

// footprint is a vessel's base on the virtual table by its size (mm, about
// 1:600 models on bases): the document gives none.
var footprint = [5][2]int{{40, 10}, {60, 15}, {80, 15}, {110, 20}, {150, 25}}

// tableSizes are the document's two tables ("a wargamer's standard 8x6 or
// 6x4 foot table"), by the words a scenario file uses.
var tableSizes = map[string]sea.Table{"6x4": sea.Table6x4, "8x6": sea.Table8x6}

// newTable is the virtual table of a new battle (6x4 feet unless a
// scenario says otherwise).
func newTable() *Table { return &Table{Area: sea.Table6x4} }

// deploy places a vessel added without a place: each side's vessels in a
// line ahead, the allies 20cm in from the bottom edge heading east, the
// axis 20cm in from the top edge heading west, a vessel every 15cm, a new
// line 15cm further in after eight.
func (t *Table) deploy(v *Vessel) {
	i := sideIndex(v.Side)
	k := t.slots[i]
	t.slots[i]++
	col, row := k%8, k/8
	w, h := t.Area.Width, t.Area.Height
	at, heading := sea.Pos{X: w/2 - col*150, Y: 200 + row*150}, 90
	if i == 1 {
		at, heading = sea.Pos{X: w/2 + col*150, Y: h - 200 - row*150}, 270
	}
	t.place(v, at, heading)
}

// place puts v at a point with a heading (its course the same).
func (t *Table) place(v *Vessel, at sea.Pos, heading int) {
	fp := footprint[v.Class.Size]
	heading = sea.Norm(heading)
	if v.Place == nil {
		v.Place = &Place{}
	}
	v.Place.At = sea.Shape{Centre: at, Heading: heading, Length: fp[0], Beam: fp[1]}
	v.Place.Course, v.Place.From = heading, at
	if v.Place.Marker == "" {
		t.label(v)
	}
}

// cmBetween is the range between two points in whole centimetres, rounded
// up (20.3cm is 21cm: a band "up to 20cm" does not hold it), exactly.
func cmBetween(a, b sea.Pos) int {
	c := sea.CmUp(sea.Distance(a, b))
	for c > 0 && sea.Within(a, b, (c-1)*10) {
		c--
	}
	for !sea.Within(a, b, c*10) {
		c++
	}
	return c
}

// Range is the range between two vessels on the virtual table in cm,
// centre to centre.
func Range(a, b *Vessel) int { return cmBetween(a.Place.At.Centre, b.Place.At.Centre) }

// quarters are the FAQ's arcs: each letter a 90-degree quarter off the
// bow, 45 degrees either side of its axis.
var quarters = map[rune]sea.Arc{'F': sea.ArcForward, 'S': sea.ArcStarboard, 'A': sea.ArcAft, 'P': sea.ArcPort}

// Bears reports whether a mount with arcs (letters of F, A, P, S) bears on
// a point: the bearing off the model's bow lies in one of its quarters
// (edges included: a target dead on 45 degrees is in both).
func Bears(arcs string, from sea.Shape, to sea.Pos) bool {
	rel := sea.Relative(from.Heading, sea.Bearing(from.Centre, to))
	for _, r := range strings.ToUpper(arcs) {
		if a, ok := quarters[r]; ok && a.Holds(rel) {
			return true
		}
	}
	return false
}

// tubeArcs are the arcs a vessel's torpedo tubes bear in (the document is
// silent): forward for a Very Small, Small or Medium craft, either beam
// for a Large or Very Large ship (rules notes).
func tubeArcs(c *Class) string {
	if c.Size >= Large {
		return "PS"
	}
	return "F"
}

// quarterOf names the quarter a bearing off the bow lies in.
func quarterOf(rel int) string {
	for _, q := range "FSAP" {
		if quarters[q].Holds(rel) {
			return string(q)
		}
	}
	return "F"
}

// offBow words where a point lies from a vessel: "40° off the bow (the S
// arc)".
func offBow(from sea.Shape, to sea.Pos) string {
	rel := sea.Relative(from.Heading, sea.Bearing(from.Centre, to))
	return fmt.Sprintf("%d° off the bow (the %s arc)", rel, quarterOf(rel))
}

// label gives a vessel's marker its label ("M3"), the name the enemy
// knows it by until it spots it: the markers of both sides numbered in
// the order they came to the table.
func (t *Table) label(v *Vessel) {
	t.markers++
	v.Place.Marker = fmt.Sprintf("M%d", t.markers)
}

// rangeArg is the range argument of an order at a target: the player's
// measure on his own table, none on the virtual table (it is measured).
func rangeArg(b *Battle) []engine.Arg {
	if b.Table != nil {
		return nil
	}
	return []engine.Arg{engine.IntArg("range", 0, 500, "cm")}
}

// measure is the range of an order from the vessel named by the argument
// from to the one named by to: typed on the player's table, measured
// centre to centre on the virtual table (0 when either is unknown: the
// order's check names it).
func measure(b *Battle, a engine.ArgValues, from, to string) int {
	if b.Table == nil {
		return a.Int("range")
	}
	f, t := b.Vessel(a.Str(from)), b.Vessel(a.Str(to))
	if f == nil || t == nil || f.Place == nil || t.Place == nil {
		return 0
	}
	return Range(f, t)
}
