package bridge

import (
	"context"
	"errors"
	"fmt"
	"hash/fnv"
	"slices"
	"strings"

	"github.com/schnell-wargames/schnell/batch"
	"github.com/schnell-wargames/schnell/engine"
)

// Learnt quick-resolve tables (issue 30 item 5, docs/bridge-learnt.md):
// many Schnell Rules battles fought unattended over a grid of encounter
// types × weather × sea, each set up by Plan and read back by Tally and
// Read, counted by outcome, and written as the flagship's .tbl tables
// (learnfile.go) that a campaign loads with --tables and rolls instead
// of fighting the wave on the Combat Board.

// EncounterType is a wave the grid fights: the book's compositions of
// the Combat Boards (C-1, C-2, the destroyer encounter) that Schnell
// Rules has classes for.
type EncounterType struct {
	Name  string   // mgb2: the grid's word for it (sim --types)
	Code  string   // MGB2: its part of the table ids
	Title string   // "2 MGBs (C-2: 5-6)"
	Units []string // the enemy's unit types (C-4), in the wave's order
}

// EncounterTypes are the compositions the grid knows, in the order the
// tables are written.
var EncounterTypes = []EncounterType{
	{"mtb2", "MTB2", "2 MTBs (C-2: 1 or less)", []string{"mtb", "mtb"}},
	{"mtb3", "MTB3", "3 MTBs (C-2: 2)", []string{"mtb", "mtb", "mtb"}},
	{"mix", "MIX", "2 MTBs and an MGB (C-2: 3-4)", []string{"mtb", "mtb", "mgb"}},
	{"mgb2", "MGB2", "2 MGBs (C-2: 5-6)", []string{"mgb", "mgb"}},
	{"mgb3", "MGB3", "3 MGBs (C-2: 7 or more)", []string{"mgb", "mgb", "mgb"}},
	{"destroyers", "DD2", "2 destroyers (the destroyer encounter)", []string{"destroyer", "destroyer"}},
	{"convoy", "CONVOY", "2 merchant ships and an MGB (C-1: 1-3)", []string{"merchant", "merchant", "mgb"}},
}

// unitCodes are the unit types' parts of a unit table's id.
var unitCodes = map[string]string{"merchant": "M", "tanker": "T", "destroyer": "D", "mtb": "MTB", "mgb": "MGB"}

// weatherCodes are the weathers' parts of the table ids (weathers' order).
var weatherCodes = []string{"G", "P", "F", "B"}

// LearnSquadron is the squadron every learnt battle is fought with: four
// S-100s (the book's squadron, Boats #1-#4), two torpedoes each in the
// tubes. A 5b is fought as an S 100 too (docs/bridge.md), so the tables
// serve both booklets.
const LearnSquadron = 4

// Cell is one set-up of the grid: an encounter type in a weather and sea.
type Cell struct {
	Type    EncounterType
	Weather string // good, poor, foggy, bad
	Heavy   bool   // sea state 4-5
}

func (c Cell) code() string {
	w := weatherCodes[slices.Index(weathers, c.Weather)]
	if c.Heavy {
		w += "H"
	}
	return "Q-" + c.Type.Code + "-" + w
}

// BoatTable is the id of the cell's table for a boat of the squadron:
// Q-MGB2-G (2 MGBs, good weather, calm sea); Q-MGB2-GH in heavy seas.
func (c Cell) BoatTable() string { return c.code() }

// UnitTable is the id of the cell's table for an enemy unit of a type:
// Q-MGB2-G-MGB.
func (c Cell) UnitTable(unit string) string { return c.code() + "-" + unitCodes[unit] }

// UnitTypes are the cell's unit types, each once, in the wave's order.
func (c Cell) UnitTypes() []string {
	var out []string
	for _, u := range c.Type.Units {
		if !slices.Contains(out, u) {
			out = append(out, u)
		}
	}
	return out
}

// Words says the cell for a title: "2 MGBs, good weather, calm sea".
func (c Cell) Words() string {
	sea := "calm sea"
	if c.Heavy {
		sea = "heavy sea"
	}
	what, _, _ := strings.Cut(c.Type.Title, " (")
	return fmt.Sprintf("%s, %s weather, %s", what, c.Weather, sea)
}

// CellFor finds the grid's cell of a wave: its units' types (in any
// order), the weather and the sea. False: no encounter type has exactly
// those units.
func CellFor(units []string, weather string, heavy bool) (Cell, bool) {
	if !slices.Contains(weathers, weather) {
		return Cell{}, false
	}
	have := slices.Sorted(slices.Values(units))
	for _, t := range EncounterTypes {
		if slices.Equal(slices.Sorted(slices.Values(t.Units)), have) {
			return Cell{Type: t, Weather: weather, Heavy: heavy}, true
		}
	}
	return Cell{}, false
}

// Grid is what a learning run fights.
type Grid struct {
	Types    []string // encounter type names; empty: all
	Weathers []string // empty: all four
	Heavy    bool     // also every cell in heavy seas
	Battles  int      // battles per cell
	Seed     uint64
}

// CIGrid is the small grid a test (and sim's default) learns: an MGB
// patrol of 2 MGBs in the four weathers, calm seas, 60 battles a cell.
func CIGrid() Grid { return Grid{Types: []string{"mgb2"}, Battles: 60, Seed: 1} }

// FullGrid is the whole grid (sim --full): every encounter type, every
// weather, calm and heavy seas, 2000 battles a cell.
func FullGrid() Grid { return Grid{Heavy: true, Battles: 2000, Seed: 1} }

// MaxBattles bounds the battles of one cell.
const MaxBattles = 1_000_000

// Cells lists the grid's cells in the order they are written: by
// encounter type (EncounterTypes' order), weather, calm before heavy.
func (g Grid) Cells() ([]Cell, error) {
	for _, n := range g.Types {
		if !slices.ContainsFunc(EncounterTypes, func(t EncounterType) bool { return t.Name == n }) {
			var names []string
			for _, t := range EncounterTypes {
				names = append(names, t.Name)
			}
			return nil, fmt.Errorf("no encounter type %q (the grid knows %s)", n, strings.Join(names, ", "))
		}
	}
	for _, w := range g.Weathers {
		if !slices.Contains(weathers, w) {
			return nil, fmt.Errorf("no weather %q (good, poor, foggy, bad)", w)
		}
	}
	if g.Battles < 1 || g.Battles > MaxBattles {
		return nil, fmt.Errorf("%d battles a cell: 1 to %d", g.Battles, MaxBattles)
	}
	var out []Cell
	for _, t := range EncounterTypes {
		if len(g.Types) > 0 && !slices.Contains(g.Types, t.Name) {
			continue
		}
		for _, w := range weathers {
			if len(g.Weathers) > 0 && !slices.Contains(g.Weathers, w) {
				continue
			}
			out = append(out, Cell{Type: t, Weather: w})
			if g.Heavy {
				out = append(out, Cell{Type: t, Weather: w, Heavy: true})
			}
		}
	}
	return out, nil
}

// Encounter is the cell as a battle: the learnt squadron against the
// type's units, on the virtual table.
func (c Cell) Encounter() Encounter {
	e := Encounter{Weather: c.Weather, Heavy: c.Heavy, Virtual: true}
	for i := 1; i <= LearnSquadron; i++ {
		e.Boats = append(e.Boats, Boat{ID: fmt.Sprintf("SB%d", i), Type: "s100", Torpedoes: 2})
	}
	n := map[string]int{}
	for _, u := range c.Type.Units {
		n[u]++
		e.Enemy = append(e.Enemy, Unit{ID: fmt.Sprintf("%s-%d", u, n[u]), Type: u})
	}
	return e
}

// seed is battle i's seed in the cell: the run's seed, the cell's id and
// i mixed, so that a cell's battles are the same in every grid that
// holds it (the small grid's cell is the full run's).
func (c Cell) seed(run uint64, i int) uint64 {
	h := fnv.New64a()
	h.Write([]byte(c.code()))
	x := run ^ h.Sum64() + uint64(i)*0x9e3779b97f4a7c15
	// splitmix64's finaliser
	x ^= x >> 30
	x *= 0xbf58476d1ce4e5b9
	x ^= x >> 27
	x *= 0x94d049bb133111eb
	x ^= x >> 31
	return x
}

// Fight fights battle i of the cell unattended (both sides by Schnell
// Rules' reference side) and reads it back.
func (d *Data) Fight(c Cell, p Plan, run uint64, i int) (Outcome, error) {
	g, err := engine.New(engine.Config{Def: p.Inner.Def, Tables: p.Inner.Tables, Seed: c.seed(run, i), Options: p.Inner.Options})
	if err != nil {
		return Outcome{}, err
	}
	tl := NewTally()
	g.Observe(tl.Observe)
	if err := g.PlayOut(d.Rules.Reference(g.Rules()), nil); err != nil {
		return Outcome{}, fmt.Errorf("%s battle %d: %w", c.code(), i+1, err)
	}
	return d.Read(g.Rules(), tl), nil
}

// Learnt is a learning run's counts, cell by cell.
type Learnt struct {
	Grid   Grid
	Data   string // the bridge data's digest
	Rules  int    // Schnell Rules' rules version
	Cells  []CellCounts
	Played int // battles fought
}

// BoatClass is what became of a boat: her damage level and whether she
// left the table.
type BoatClass struct {
	Level int // index of the levels (intact … sunk)
	Left  bool
}

// Counted is one outcome class's count and what the class's boats (or
// units) did, for the row's effects.
type Counted struct {
	Count                 int
	hits, launched, turns []int
}

// CellCounts are a cell's battles counted.
type CellCounts struct {
	Cell    Cell
	Zone    string // the zone the battles began in (the weather's)
	Battles int
	Boats   map[BoatClass]*Counted
	Units   map[string]map[string]*Counted // unit type → fate (sunk, got_away, afloat) → count
}

// Fates are what became of an enemy unit in a battle, in the tables' order.
var Fates = []string{"sunk", "got_away", "afloat"}

// LevelNames are the damage levels a boat's row names (level=…), Intact first.
var LevelNames = levelNames

// Learn fights the grid's battles on jobs goroutines (0: the cores),
// calling progress (if not nil) as battles end, and counts them. The
// counts are the same whatever jobs is: battles are counted in their
// order.
func (d *Data) Learn(ctx context.Context, g Grid, jobs int, progress func(done, total int)) (*Learnt, error) {
	cells, err := g.Cells()
	if err != nil {
		return nil, err
	}
	if len(cells) == 0 {
		return nil, errors.New("the grid has no cells")
	}
	plans := make([]Plan, len(cells))
	for i, c := range cells {
		if plans[i], err = d.Plan(c.Encounter()); err != nil {
			return nil, fmt.Errorf("%s: %w", c.code(), err)
		}
	}
	total := len(cells) * g.Battles
	outs := make([]Outcome, total)
	fight := func(k int) error {
		ci, i := k/g.Battles, k%g.Battles
		o, err := d.Fight(cells[ci], plans[ci], g.Seed, i)
		outs[k] = o
		return err
	}
	var done func(int)
	if progress != nil {
		done = func(n int) { progress(n, total) }
	}
	if err := batch.Each(ctx, total, jobs, fight, done); err != nil {
		return nil, err
	}
	sr := 0
	if d.Rules != nil {
		sr = d.Rules.Rules
	}
	l := &Learnt{Grid: g, Data: d.Digest, Rules: sr, Played: total}
	for ci, c := range cells {
		cc := CellCounts{Cell: c, Zone: plans[ci].Zone, Battles: g.Battles, Boats: map[BoatClass]*Counted{}, Units: map[string]map[string]*Counted{}}
		for _, u := range c.UnitTypes() {
			cc.Units[u] = map[string]*Counted{}
		}
		for _, o := range outs[ci*g.Battles : (ci+1)*g.Battles] {
			cc.add(o, c)
		}
		l.Cells = append(l.Cells, cc)
	}
	return l, nil
}

// add counts one battle.
func (cc *CellCounts) add(o Outcome, c Cell) {
	for _, b := range o.Boats {
		k := BoatClass{Level: slices.Index(levelNames, b.Level.Name), Left: b.Left && !b.Level.Sunk}
		n := cc.Boats[k]
		if n == nil {
			n = &Counted{}
			cc.Boats[k] = n
		}
		n.Count++
		n.hits = append(n.hits, b.Hits)
		n.launched = append(n.launched, b.Launched)
		n.turns = append(n.turns, o.Turns)
	}
	typeOf := map[string]string{}
	for _, u := range c.Encounter().Enemy {
		typeOf[u.ID] = u.Type
	}
	for _, u := range o.Units {
		fate := "afloat"
		switch {
		case u.Sunk:
			fate = "sunk"
		case u.Left:
			fate = "got_away"
		}
		m := cc.Units[typeOf[u.ID]]
		n := m[fate]
		if n == nil {
			n = &Counted{}
			m[fate] = n
		}
		n.Count++
	}
}

// median is the lower median of xs (0 for none).
func median(xs []int) int {
	if len(xs) == 0 {
		return 0
	}
	s := slices.Sorted(slices.Values(xs))
	return s[(len(s)-1)/2]
}
