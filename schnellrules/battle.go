package schnellrules

import (
	"slices"
	"strconv"
	"strings"

	"github.com/schnell-wargames/schnell/dice"
	"github.com/schnell-wargames/schnell/engine"
	"github.com/schnell-wargames/schnell/gamelog"
	"github.com/schnell-wargames/schnell/sea"
	"github.com/schnell-wargames/schnell/tables"
)

// Sides are the two sides of a battle.
var Sides = []string{"allies", "axis"}

// The phases of a turn ("Turn Sequence"), in order.
const (
	PhaseSetup = iota
	PhaseSpot
	PhaseInitiative
	PhaseAir1
	PhaseMoveLarge
	PhaseMoveSmall
	PhaseAir2
	PhaseGuns
	PhaseLaunch
	PhaseTorpedoes
)

var phaseNames = []string{"set-up", "1 spot targets", "2 initiative", "3 aircraft", "4 move Large and Very Large", "5 move Medium and smaller", "6 aircraft again", "7 fire guns", "8 launch torpedoes", "9 resolve torpedoes"}

// Vessel is one vessel of the battle and its records.
type Vessel struct {
	ID    string
	Class *Class
	Side  string
	// Cmd is who gives the vessel's orders, when not its side's commander:
	// a scenario's cmd=NAME (a two-player campaign's Boat #2): its moves,
	// gunfire and launches are asked on decisions of their own, whose Side
	// is NAME. "": its side's.
	Cmd                string
	Speed              Speed
	MaxSpeed           Speed // the class's speed less speed lost to damage
	Manoeuvre          Size  // the turning circle, larger with damage
	Level              Level // the highest damage level sustained
	Taken              [5]bool
	Guns               []Gun
	Mounts             []TubeMount
	Reloads            int
	Reloading          int // qualifying turns of a reload (Torpedo Reloads), -1 not reloading
	Burning            bool
	Seen               [2]bool // spotted this turn by each side
	Busy               bool    // fired, or was fired at, this turn (Torpedo Reloads)
	Starshells, Flares int
	Place              *Place // on the virtual table (nil: the player's table)
	Left               bool   // it left the virtual table (out of the battle)
}

// Gun is one gun of a vessel.
type Gun struct {
	ClassGun
	Name  string // weapon:n, the n-th of its weapon on the vessel
	Lost  bool
	Fired bool
}

// TubeMount is one torpedo mount of a vessel.
type TubeMount struct {
	Mount
	Name   string
	Loaded int
	Lost   bool
}

// Afloat reports whether the vessel is in the battle: not sunk, and on
// the table (a vessel that left the virtual table is out of it).
func (v *Vessel) Afloat() bool { return v.Level < Sunk && !v.Left }

// Torpedo is a torpedo in the water.
type Torpedo struct {
	ID, From, Target, Side string
	Type                   *TorpedoData
	Range, Launched, Due   int
	Marker                 bool    // the Alternative Torpedo Rule: a marker the table moves
	At, Aim                sea.Pos // the virtual table: the launch (a marker's place) and where it is aimed
	Heading, Run           int     // the virtual table: a marker's heading and its run so far (mm)
	Contact                *Vessel // a marker's track passed within 5cm of it this turn
	Spent                  bool    // a marker ran its course or left the table
}

// Options are the game's options.
type Options struct {
	Turns          int
	Fire           bool
	Visibility     bool
	Secondary      bool
	Reloads        bool
	DepthCharges   bool
	TurningArcs    bool
	StationaryPlus bool
	Starshells     bool
	ShellsEach     bool // three starshells and three flares a vessel (option illumination=each), not three in all
	Markers        bool
	Aircraft       bool // the air phases are played: the player names each aircraft's attack
	Ramming        bool // the FAQ's ramming: ram VESSEL TARGET in the movement phases
	// Duel is our abstraction for sim: no table, every enemy at one range.
	Duel                 bool
	DuelStart, DuelClose int
}

// Battle is the rules of one battle.
type Battle struct {
	DB      *Database
	tables  *tables.Set
	Opt     Options
	Turn    int
	Phase   int
	Vessels []*Vessel
	First   string // the side that moves and acts first in every phase
	Shrink  int    // random visibility: targets this many sizes smaller
	Torps   []*Torpedo
	nTorp   int
	pending []hit
	Ended   bool
	between bool // a turn has ended, the next one's turn event not yet made
	facts   facts
	acting  string // the side whose orders the phase waits for
	presets []preset
	quick   bool // the presets are the quick battle's
	// Air are the aircraft the player has named (option aircraft).
	Air   []*Aircraft
	downs []*Aircraft
	// Ranges are the ranges the table measured this turn, observer>target.
	Ranges map[string]int
	// Table is the virtual table (option table=virtual; nil: the player's
	// own table, where the player measures).
	Table *Table
}

// afloatBySide counts each side's vessels not sunk (on the table or gone from
// it: a vessel that left the virtual table got away).
func afloatBySide(b *Battle) [2]int {
	var n [2]int
	for _, v := range b.Vessels {
		if v.Level < Sunk {
			n[sideIndex(v.Side)]++
		}
	}
	return n
}

// Vessel returns a vessel by id (case-insensitive), or nil.
func (b *Battle) Vessel(id string) *Vessel {
	for _, v := range b.Vessels {
		if strings.EqualFold(v.ID, id) {
			return v
		}
	}
	return nil
}

func sideIndex(s string) int {
	if s == Sides[1] {
		return 1
	}
	return 0
}

func other(s string) string { return Sides[1-sideIndex(s)] }

// ordersOf reports whether the orders of a decision of side (a side, or
// a commander's name: Vessel.Cmd) are v's to take.
func ordersOf(v *Vessel, side string) bool {
	if v.Cmd != "" {
		return v.Cmd == side
	}
	return v.Side == side
}

// sideOf is the side a decision's Side (a side, or a commander) fights
// on.
func (b *Battle) sideOf(side string) string {
	for _, v := range b.Vessels {
		if v.Cmd != "" && v.Cmd == side {
			return v.Side
		}
	}
	return side
}

// commanders lists who gives orders on side, the side's own commander
// first (when a vessel is his), then each other commander (Vessel.Cmd)
// in the order their vessels joined.
func commanders(b *Battle, side string) []string {
	var out []string
	own := false
	for _, v := range b.Vessels {
		switch {
		case v.Side != side:
		case v.Cmd == "":
			own = true
		case !slices.Contains(out, v.Cmd):
			out = append(out, v.Cmd)
		}
	}
	if own || len(out) == 0 {
		out = append([]string{side}, out...)
	}
	return out
}

// commandOrder is who gives orders this turn, in order: each side in
// the order it acts (order), its own commander then the others.
func commandOrder(b *Battle) [][2]string {
	var out [][2]string
	for _, side := range b.order() {
		for _, cmd := range commanders(b, side) {
			out = append(out, [2]string{side, cmd})
		}
	}
	return out
}

// whose words whose orders a decision of side asks for: "The Axis'", or
// a commander's vessels' ("SB2's").
func whose(b *Battle, side string) string {
	if ids := b.idsOf(side); side != b.sideOf(side) && len(ids) > 0 {
		return strings.Join(ids, ", ") + "'s"
	}
	return "The " + sideName(b.sideOf(side)) + "'"
}

// idsOf lists the vessels afloat whose orders a decision of side takes.
func (b *Battle) idsOf(side string) []string {
	var out []string
	for _, v := range b.Vessels {
		if v.Afloat() && ordersOf(v, side) {
			out = append(out, v.ID)
		}
	}
	return out
}

// order returns the sides in the order they act this turn.
func (b *Battle) order() []string {
	if b.First == "" || b.First == Sides[0] {
		return Sides
	}
	return []string{Sides[1], Sides[0]}
}

// over reports whether the battle is over: ended by order, or a side has
// nothing afloat.
func (b *Battle) over() bool {
	if b.Ended {
		return true
	}
	for _, s := range Sides {
		if !slices.ContainsFunc(b.Vessels, func(v *Vessel) bool { return v.Side == s && v.Afloat() }) {
			return true
		}
	}
	return false
}

// Play implements engine.Rules: the Turn Sequence, phase by phase.
func (b *Battle) Play(c *engine.Ctx) {
	c.Emit(evBattle, gamelog.Int("turns", b.Opt.Turns))
	b.setup(c)
	for b.Turn = 1; b.Turn <= b.Opt.Turns && !b.over(); b.Turn++ {
		c.Emit(evTurn, gamelog.Int("n", b.Turn))
		b.between = false
		for _, v := range b.Vessels {
			v.Seen = [2]bool{}
			v.Busy = false
			for i := range v.Guns {
				v.Guns[i].Fired = false
			}
		}
		if b.Table != nil {
			virtual{b}.newTurn()
		}
		for _, a := range b.Air {
			a.Target, a.Shot, a.AirTarget = "", false, ""
			a.Strafed, a.Defended = nil, nil
		}
		b.phase(c, PhaseSpot)
		b.spot(c)
		b.phase(c, PhaseInitiative)
		b.initiative(c)
		b.phase(c, PhaseAir1)
		airWar{b}.airPhase(c)
		b.phase(c, PhaseMoveLarge)
		b.move(c, true)
		b.phase(c, PhaseMoveSmall)
		b.move(c, false)
		if b.Table != nil && b.Opt.Markers {
			virtual{b}.runMarkers(c)
		}
		b.phase(c, PhaseAir2)
		airWar{b}.airPhase(c)
		b.phase(c, PhaseGuns)
		b.guns(c)
		b.phase(c, PhaseLaunch)
		b.launch(c)
		b.phase(c, PhaseTorpedoes)
		b.torpedoes(c)
		b.reloadTurn(c)
		if b.Opt.Duel {
			// A duel asks the table nothing: let step stop at each
			// turn's end. Otherwise the next turn's sightings stop it.
			c.Pause("turn", 1)
		}
		b.between = true
	}
	b.between = false
	b.Phase = PhaseSetup
	afloat := afloatBySide(b)
	c.Emit(evEnd, gamelog.Int("turns", min(b.Turn-1, b.Opt.Turns)), gamelog.Int(Sides[0], afloat[0]), gamelog.Int(Sides[1], afloat[1]))
}

// phase begins phase p and records it. Play goes on from phase to phase
// without a pause: it stops only where someone has an order to give (the
// decisions of each phase). The air phases are skipped without aircraft:
// the document gives none.
func (b *Battle) phase(c *engine.Ctx, p int) {
	air := p == PhaseAir1 || p == PhaseAir2
	b.Phase = p
	if air && !b.Opt.Aircraft {
		c.Emit(evPhase, gamelog.Str("name", phaseNames[p]), gamelog.Str("skipped", "no aircraft are defined"))
		return
	}
	c.Emit(evPhase, gamelog.Str("name", phaseNames[p]))
}

// ids lists the afloat vessels of side ("": all).
func (b *Battle) ids(side string) []string {
	var out []string
	for _, v := range b.Vessels {
		if v.Afloat() && (side == "" || v.Side == side) {
			out = append(out, v.ID)
		}
	}
	return out
}

// initiative is phase 2: each side rolls a d10, ties are rolled again,
// and the winner chooses to act first or second in every phase.
func (b *Battle) initiative(c *engine.Ctx) {
	winner := ""
	for try := 0; winner == "" && try < 100; try++ {
		a, _ := c.RollDice(dice.D10, "initiative "+Sides[0])
		x, _ := c.RollDice(dice.D10, "initiative "+Sides[1])
		switch {
		case a > x:
			winner = Sides[0]
		case x > a:
			winner = Sides[1]
		default:
			c.Emit(evInitiative, gamelog.Str("tie", strconv.Itoa(a)))
		}
	}
	if winner == "" {
		winner = Sides[0] // a hundred ties: the dice are not random
	}
	d := c.Ask("initiative")
	d.Prompt = "The " + sideName(winner) + " won the initiative: act first or second in every phase?"
	d.Side = winner
	d.Add("first", "move and act first", "")
	d.Add("second", "move and act second", "")
	d.Default = 1
	if c.Decide(d) == 0 {
		b.First = winner
	} else {
		b.First = other(winner)
	}
	c.Emit(evInitiative, gamelog.Str("winner", winner), gamelog.Str("first", b.First))
}
