package coastal

import (
	"github.com/schnell-wargames/schnell/engine"
	"github.com/schnell-wargames/schnell/gamelog"
	"github.com/schnell-wargames/schnell/sea"
)

// The two ways to play (option table): beside a real table, the player
// measuring every range (physical), or on a table the program holds
// (virtual: positions, moves and ranges computed; docs/rules-notes-coastal.md,
// "The virtual table").
const (
	TablePhysical = "physical"
	TableVirtual  = "virtual"
)

// Table is the virtual table: where every marker is, and the geometry the
// document's rules ask of it. Its methods are the table's part of each
// rule (the measures a player would take); the rules stay in Rules.
type Table struct {
	r    *Rules
	Size sea.Table
	// Home is each side's own edge (where it set up or came in): "away"
	// and a '0' pointed ship's withdrawal make for it.
	Home map[string]sea.Edge
	// Exit is the edge the escaping side leaves by (Escape).
	Exit sea.Edge
	// Shots are the shots and torpedo tracks of the current turn, for
	// pictures.
	Shots []sea.Line

	near []*Marker // scratch: the markers near a move
	ask  asking    // the move being asked
}

// The footprints: a hidden marker is 3 by 2 cm (Introduction); a torpedo
// marker a rectangle of 3 by 1 cm (the document gives no size); a ship in
// the open is its base, 6 mm longer and wider than the model.
const (
	markerLength  = 30
	markerBeam    = 20
	torpedoLength = 30
	torpedoBeam   = 10
	baseMargin    = 6
)

// classModel is a class's model at 1:600 (length, beam in mm) where its
// card gives none.
var classModel = map[Class][2]int{
	EBoat: {58, 9}, MTB: {58, 10}, MGB: {55, 10}, RBoat: {66, 10}, Lighter: {60, 12}, Barge: {75, 14},
	Tug: {50, 12}, Trawler: {83, 14}, Merchant: {100, 16}, Minesweeper: {95, 15}, Corvette: {103, 17},
	Frigate: {150, 18}, Destroyer: {142, 17}, Cruiser: {280, 30},
}

// Facing is a mount's facing on a ship card (Ship statistic charts):
// forward mounts fire ahead or to the sides, aft mounts astern or to the
// sides, side mounts to their side (both, placed side on).
type Facing int

// The facings.
const (
	FacingFwd Facing = iota
	FacingAft
	FacingPort
	FacingStarboard
	FacingBeam
	FacingAll
)

var facingNames = []string{"fwd", "aft", "port", "starboard", "beam", "all"}

func (f Facing) String() string { return facingNames[f] }

// Bears says whether a mount of this facing bears on a target rel degrees
// off the bow. The arcs are quarters of 90 degrees, 45 either side of the
// bow, the beams and the stern, their edges in both (the document gives
// no angles: rules notes).
func (f Facing) Bears(rel int) bool {
	switch f {
	case FacingFwd:
		return sea.ArcAllButAft.Holds(rel)
	case FacingAft:
		return sea.Arc{From: 45, To: 315}.Holds(rel)
	case FacingPort:
		return sea.ArcPort.Holds(rel)
	case FacingStarboard:
		return sea.ArcStarboard.Holds(rel)
	case FacingBeam:
		return sea.ArcPort.Holds(rel) || sea.ArcStarboard.Holds(rel)
	}
	return true
}

// newTable makes the virtual table of a game (6 by 4 feet: rules notes).
func newTable(r *Rules) *Table {
	t := &Table{r: r, Size: sea.Table6x4, Home: map[string]sea.Edge{}}
	t.ask.t = t
	t.ask.check = t.ask.checks
	return t
}

// footprint is a marker's shape on the table as it stands: a hidden
// marker's 3 by 2 cm, a ship in the open its base.
func footprint(m *Marker) sea.Shape {
	s := m.At
	switch {
	case m.Torpedo:
		s.Length, s.Beam = torpedoLength, torpedoBeam
	case m.Revealed && m.Ship != nil:
		s.Length, s.Beam = m.Ship.Model[0]+baseMargin, m.Ship.Model[1]+baseMargin
	default:
		s.Length, s.Beam = markerLength, markerBeam
	}
	return s
}

// model is what a torpedo's nose must touch (Torpedoes: "an enemy vessel
// (not the base)"): a ship in the open is its model; a marker, the marker.
func model(m *Marker) sea.Shape {
	s := footprint(m)
	if m.Revealed && m.Ship != nil && !m.Torpedo {
		s.Length, s.Beam = m.Ship.Model[0], m.Ship.Model[1]
	}
	return s
}

// onTable is a marker in play on the table (not yet come in, or gone, is
// not).
func onTable(m *Marker) bool { return m.In && m.Live() }

// rangeMM is the range from one marker to another: centre to centre (the
// document does not say: rules notes), in mm.
func rangeMM(a, b *Marker) int { return sea.Distance(a.At.Centre, b.At.Centre) }

// rangeCM is the range as the document's bands read it: whole centimetres,
// a part of a centimetre counting as the next (20.3 cm is in 21-40 cm).
func rangeCM(a, b *Marker) int { return max(sea.CmUp(rangeMM(a, b)), 1) }

// placed logs where a marker stands (its centre in mm and heading).
func placed(c *engine.Ctx, m *Marker) {
	c.Emit(evPlaced, gamelog.Str("marker", m.ID), gamelog.Int("x", m.At.Centre.X), gamelog.Int("y", m.At.Centre.Y), gamelog.Int("heading", m.At.Heading), gamelog.Bool("in", m.In))
}

// position are the fields of a marker's place, for the events of a move.
func position(m *Marker) []gamelog.Field {
	return []gamelog.Field{gamelog.Int("x", m.At.Centre.X), gamelog.Int("y", m.At.Centre.Y), gamelog.Int("heading", m.At.Heading)}
}

// apart says, cheaply, that two footprints cannot overlap: their centres
// are farther apart than their half lengths and beams added (a bound on
// the circles around them).
func apart(a, b sea.Shape) bool {
	r := int64(a.Length+a.Beam+b.Length+b.Beam) / 2
	return sea.Dist2(a.Centre, b.Centre) > r*r
}

// overlap is sea.Overlap behind the cheap test.
func overlap(a, b sea.Shape) bool { return !apart(a, b) && sea.Overlap(a, b) }
