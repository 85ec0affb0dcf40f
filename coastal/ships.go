package coastal

import (
	"fmt"

	"github.com/schnell-wargames/schnell/tables"
)

// Class is a vessel's type, as the document names them: it decides the
// torpedo column, whether cannon hurt it, and the hit-location chart.
type Class int

// The vessel classes, smallest first.
const (
	EBoat Class = iota
	MTB
	MGB
	RBoat
	Lighter
	Barge // barges, powered lighters and landing craft
	Tug
	Trawler
	Merchant
	Minesweeper
	Corvette
	Frigate
	Destroyer
	Cruiser
)

var classNames = []string{"eboat", "mtb", "mgb", "rboat", "lighter", "barge", "tug", "trawler", "merchant", "minesweeper", "corvette", "frigate", "destroyer", "cruiser"}

func (c Class) String() string { return classNames[c] }

// fast is an E-boat, MTB, MGB or R-boat: torpedoes never hit one
// (Torpedoes: hits and effect).
func (c Class) fast() bool { return c <= RBoat }

// large reads the "frigates and larger" column of the torpedo table.
func (c Class) large() bool { return c >= Frigate }

// corvetteOrLarger: cannon do not take damage boxes off these, and only
// 40 mm or more destroys their systems (Gunfire).
func (c Class) corvetteOrLarger() bool { return c >= Corvette }

// smallerThanCorvette reads the small hit-location chart and suffers from
// a medium sea (Shooting variables).
func (c Class) smallerThanCorvette() bool { return c < Minesweeper }

// smallerThanTrawler: heavy guns wreck the areas beside the one hit
// (Gunfire: damage).
func (c Class) smallerThanTrawler() bool { return c < Trawler }

// destroyerOrSmaller fires guns over 5" at -2 (Shooting variables).
func (c Class) destroyerOrSmaller() bool { return c <= Destroyer }

// Weapon is a mount on a ship card (Weapon classes; Early weapons).
type Weapon int

// The weapons, cannon (up to 40 mm) first, then guns (3" and larger).
const (
	TwinMG Weapon = iota
	Single20
	Twin20
	Single40 // 37/40 mm, a single pom-pom
	Twin40   // twin 37/40 mm, a double pom-pom
	Larger   // 6 and 12 pdr, quad pom-pom, vierling
	Gun3     // 88 mm, 3", 2 and 3 pdr QF: up to 3.7"
	Gun4     // up to 4.5"
	Gun5     // up to 5.1"
	Gun6     // up to 6.7"
	Gun8     // up to 8"

	// Early weapons, and single MGs: each counts as one of the above
	// (countAs).
	MG       // a single MG (.5"): ignored alone, two bearing count as a twin MG
	MG303    // a .303 MG counts as a .5 MG (its rate of fire)
	Quad303  // quad .303 MGs: 2 twin MGs
	PomPom   // a single pom-pom: a 40 mm cannon
	PomPom2  // a double pom-pom: a twin 40 mm
	PomPom4  // a quad pom-pom: Larger (6 and 12 pdr etc.)
	Vierling // Larger (6 and 12 pdr etc.)
	QF2      // a 2 pounder QF gun: a 3" gun
	QF3      // a 3 pounder QF gun: a 3" gun
)

var weaponNames = []string{"twinmg", "20mm", "twin20", "40mm", "twin40", "larger", "3in", "4in", "5in", "6in", "8in",
	"mg", "303mg", "quad303", "pompom", "pompom2", "pompom4", "vierling", "2pdr", "3pdr"}

func (w Weapon) String() string { return weaponNames[w] }

// weaponWords are the weapons as the document names them, for the player
// (weaponNames are the card's words).
var weaponWords = []string{"twin MG", "20 mm", "twin 20 mm", "37/40 mm", "twin 37/40 mm", "6/12 pdr", "3\" gun", "4\" gun", "5\" gun", "6\" gun", "8\" gun",
	"MG", ".303 MG", "quad .303 MG", "pom-pom", "twin pom-pom", "quad pom-pom", "vierling", "2 pdr", "3 pdr"}

// Words names the weapon for the player: "twin 20 mm", "4\" gun".
func (w Weapon) Words() string { return weaponWords[w] }

// base is the gunfire chart's weapon type a mount counts as (Early
// weapons); a single MG counts as nothing alone (countAs pairs them).
func (w Weapon) base() Weapon {
	switch w {
	case MG, MG303, Quad303:
		return TwinMG
	case PomPom:
		return Single40
	case PomPom2:
		return Twin40
	case PomPom4, Vierling:
		return Larger
	case QF2, QF3:
		return Gun3
	}
	return w
}

// countAs turns the mounts that fire together into the chart's weapon
// types (Weapon classes; Early weapons): single MGs (.5" or .303") are
// ignored unless two bear, each two counting as a twin MG; quad .303s are
// two twin MGs; pom-poms, vierlings and 2 and 3 pdr QF guns count as the
// types the table names.
func countAs(ws []Weapon) []Weapon {
	var out []Weapon
	singles := 0
	for _, w := range ws {
		switch w {
		case MG, MG303:
			singles++
		case Quad303:
			out = append(out, TwinMG, TwinMG)
		default:
			out = append(out, w.base())
		}
	}
	for range singles / 2 {
		out = append(out, TwinMG)
	}
	return out
}

// IsGun: 3" or larger, fired separately from cannon (Gunfire).
func (w Weapon) IsGun() bool { return w.base() >= Gun3 }

// ClassPoints is the weapon's points in Weapon classes: 3 vierlings and
// multiple pom-poms, 2 for 6 and 12 pdr cannon, 37/40 mm and twin 20 mm, 1
// for a single 20 mm and a twin MG. Guns are not classed there (0). The
// gunfire chart's "Larger (6+12 pdr etc)" row is the 6 and 12 pdr's: 2
// points, though the vierlings and quad pom-poms that fire on that row
// are 3.
func (w Weapon) ClassPoints() int {
	switch w {
	case Vierling, PomPom2, PomPom4:
		return 3
	case Larger, Twin20, Single40, Twin40, PomPom, Quad303:
		return 2
	case TwinMG, Single20:
		return 1
	}
	return 0 // guns; single MGs are ignored
}

// Points are the ship's points by Weapon classes: its mounts' points, two
// single MGs counting as a twin MG; a ship with none counts as the twin MG
// it fires by default (Early weapons): 1.
func (s *Ship) Points() int {
	pts, singles := 0, 0
	for _, w := range s.Guns {
		switch w {
		case MG, MG303:
			singles++
		default:
			pts += w.ClassPoints()
		}
	}
	pts += singles / 2 * TwinMG.ClassPoints()
	return max(pts, 1)
}

// GunDamage is the damage points of one hit of a gun (Gunfire: guns of 3"
// or larger); cannon do 1.
func (w Weapon) GunDamage() int {
	switch w.base() {
	case Gun3:
		return 6
	case Gun4:
		return 8
	case Gun5:
		return 10
	case Gun6:
		return 12
	case Gun8:
		return 20
	}
	return 1
}

// cannonChart is the gunfire chart's cannon part: points at up to 15 cm,
// up to 40 cm and 41-60 cm (0: cannot fire).
var cannonChart = [...][3]int{
	TwinMG:   {2, 1, 0},
	Single20: {2, 1, 1},
	Twin20:   {4, 2, 1},
	Single40: {4, 2, 2},
	Twin40:   {6, 3, 2},
	Larger:   {7, 3, 3},
}

// Factor is the shooting factor of weapons firing together at cm (the
// gunfire chart): cannon add their points by range; one gun 2/1/1 at up to
// 30/31-60/61+ cm; several guns are directed: 1.5 a gun, 1 + 1 per 2, 1 per
// 2 (fractions round down).
func Factor(ws []Weapon, cm int) int {
	f, guns := 0, 0
	for _, w := range countAs(ws) {
		if w.IsGun() {
			guns++
			continue
		}
		switch {
		case cm <= 15:
			f += cannonChart[w][0]
		case cm <= 40:
			f += cannonChart[w][1]
		case cm <= 60:
			f += cannonChart[w][2]
		}
	}
	switch {
	case guns == 1 && cm <= 30:
		f += 2
	case guns == 1:
		f++
	case guns > 1 && cm <= 30:
		f += guns * 3 / 2
	case guns > 1 && cm <= 60:
		f += 1 + guns/2
	case guns > 1:
		f += guns / 2
	}
	return f
}

// Ship is one vessel in play, made from its card.
type Ship struct {
	Name    string // as the markers name it: "merchant1", "corvette2", "eboat3"
	Card    string // the record id
	Title   string
	Side    string
	Class   Class
	Cargo   string // "", "ammo" or "oil"
	Engines []int  // the engine boxes' speeds, left first
	EngLost int    // boxes crossed off
	Bridge  int
	BridgeL int // bridge points lost
	Hull    int // 0: no hull track
	Damage  int
	Torps   int
	Radar   bool
	Naxos   bool // a radar detector
	// Hydrophones hear a torpedo or a ship moving 3 cm or more.
	Hydrophones bool
	Guns        []Weapon
	GunLost     []bool
	Systems     []string // systems destroyed, in order

	Speed    int  // this turn's speed (cm)
	Turning  bool // turned this turn
	Launched bool // launched torpedoes this turn: half speed
	Fired    bool // fired guns this turn (observation +2)
	Drift    bool // lost its last engine box at 10 cm or more: 3 cm ahead next move

	TorpHit   bool // hit by a torpedo (VP)
	Disabled  bool
	SinkIn    int // turns left before sinking (0: not sinking)
	Sunk      bool
	Withdrawn bool // '0' pointed: makes for its own edge
	Escaped   bool
	Tow       string // a lighter: the ship ahead of it in its tow ("" cast off)
	Off       bool   // left the table (a virtual table's edge): out of the action

	// Model is the model's length and beam in mm (its base is 6 mm longer
	// and wider); Facing, each mount's facing on the card (Ship
	// statistic charts): both for a virtual table.
	Model  [2]int
	Facing []Facing
}

// MaxSpeed is the figure in the first box not crossed off (0: dead in the
// water) (Ship movement).
func (s *Ship) MaxSpeed() int {
	if s.Disabled || s.EngLost >= len(s.Engines) {
		return 0
	}
	return s.Engines[s.EngLost]
}

// Afloat is a ship still in the fight.
func (s *Ship) Afloat() bool { return !s.Sunk && !s.Escaped && !s.Off }

// Acting is a ship that may move and shoot.
func (s *Ship) Acting() bool { return s.Afloat() && !s.Disabled && !s.Withdrawn }

// ZeroPointed: all its hull boxes are ticked off.
func (s *Ship) ZeroPointed() bool { return s.Hull > 0 && s.Damage >= s.Hull }

// vesselSchema is the record kind of a ship card.
var vesselKind = tables.RecordKind{Name: "vessel", Help: "a ship card", Fields: []tables.Field{
	{Name: "class", Kind: tables.Enum, Values: classNames, Required: true, Help: "the vessel's type"},
	{Name: "engine", Kind: tables.Int, Many: true, Required: true, Help: "an engine box: the speed in cm while it stands, left first"},
	{Name: "bridge", Kind: tables.Int, Help: "bridge points"},
	{Name: "hull", Kind: tables.Int, Help: "hull boxes (none: no track)"},
	{Name: "torpedoes", Kind: tables.Int, Help: "torpedo spreads carried"},
	{Name: "gun", Kind: tables.Enum, Values: weaponNames, Many: true, Help: "a weapon mount"},
	{Name: "cargo", Kind: tables.Enum, Values: []string{"none", "ammo", "oil"}, Help: "what a merchantman carries"},
	{Name: "radar", Kind: tables.Flag, Help: "carries radar (observation +2)"},
	{Name: "naxos", Kind: tables.Flag, Help: "carries NAXOS or a similar radar detector (+1 against a radar)"},
	{Name: "hydrophones", Kind: tables.Flag, Help: "carries hydrophones (+2 against a torpedo or a ship moving 3 cm or more)"},
	{Name: "facing", Kind: tables.Enum, Values: facingNames, Many: true, Help: "a mount's facing, one line per gun line in the same order (none: every mount fires all round): fwd, aft, port, starboard, beam (both sides) or all"},
	{Name: "model", Parts: []tables.Field{{Name: "length", Kind: tables.Int}, {Name: "beam", Kind: tables.Int}}, Help: "the model's length and beam in mm at 1:600 (none: its class's)"},
}}

// NewShip makes a ship from its card.
func NewShip(r *tables.Record, name, side string) (*Ship, error) {
	if r.Kind != "vessel" {
		return nil, fmt.Errorf("record %s is a %s, not a vessel", r.ID, r.Kind)
	}
	s := &Ship{Name: name, Card: r.ID, Title: r.Title, Side: side}
	for _, v := range r.Values {
		n := 0
		if len(v.Ints) > 0 {
			n = v.Ints[0]
		}
		switch v.Field {
		case "class":
			s.Class = Class(n)
		case "engine":
			if n < 0 || n > 100 {
				return nil, fmt.Errorf("%s:%d: engine %d cm: want 0 to 100", r.File, v.Line, n)
			}
			s.Engines = append(s.Engines, n)
		case "bridge":
			s.Bridge = n
		case "hull":
			s.Hull = n
		case "torpedoes":
			s.Torps = n
		case "gun":
			s.Guns = append(s.Guns, Weapon(n))
			s.GunLost = append(s.GunLost, false)
		case "radar":
			s.Radar = true
		case "naxos":
			s.Naxos = true
		case "hydrophones":
			s.Hydrophones = true
		case "facing":
			s.Facing = append(s.Facing, Facing(n))
		case "model":
			s.Model = [2]int{v.Ints[0], v.Ints[1]}
		case "cargo":
			if n > 0 {
				s.Cargo = v.Raw
			}
		}
	}
	if s.Bridge < 0 || s.Hull < 0 || s.Torps < 0 || s.Bridge > 100 || s.Hull > 1000 || s.Torps > 20 {
		return nil, fmt.Errorf("%s:%d: vessel %s: bridge, hull or torpedoes out of range", r.File, r.Line, r.ID)
	}
	if len(s.Facing) > 0 && len(s.Facing) != len(s.Guns) {
		return nil, fmt.Errorf("%s:%d: vessel %s: %d facing lines for %d gun lines: give one a gun, in the same order, or none", r.File, r.Line, r.ID, len(s.Facing), len(s.Guns))
	}
	if s.Model[0] < 0 || s.Model[1] < 0 || s.Model[0] > 400 || s.Model[1] > 100 {
		return nil, fmt.Errorf("%s:%d: vessel %s: model %d by %d mm: want at most 400 by 100", r.File, r.Line, r.ID, s.Model[0], s.Model[1])
	}
	if s.Model[0] == 0 || s.Model[1] == 0 {
		s.Model = classModel[s.Class]
	}
	return s, nil
}

// State is how the ship stands: afloat, sunk, escaped, disabled or
// withdrawn ('0' pointed).
func (s *Ship) State() string {
	switch {
	case s.Sunk:
		return "sunk"
	case s.Escaped:
		return "escaped"
	case s.Off:
		return "left the table"
	case s.Disabled:
		return "disabled"
	case s.Withdrawn:
		return "withdrawn"
	}
	return "afloat"
}
