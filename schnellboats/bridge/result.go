package bridge

import (
	"github.com/schnell-wargames/schnell/engine"
	"github.com/schnell-wargames/schnell/gamelog"
	"github.com/schnell-wargames/schnell/schnellrules"
)

// Tally follows a battle's events as they are made (engine.Inner.Observe):
// what the campaign reads back that the battle's final state does not
// hold: each vessel's hits, torpedoes launched, who sank whom, whether
// the squadron attacked at all.
type Tally struct {
	Hits     map[string]int    // damage events on a vessel (a hit, a torpedo, a fire's spread)
	Launched map[string]int    // torpedoes a vessel launched
	SunkBy   map[string]string // a vessel sunk: the vessel whose hit sank her ("" none: a fire)
	Attacked bool              // an axis vessel fired a gun or launched a torpedo
	side     map[string]string
	lastHit  map[string]string
	torps    map[string]string
}

// NewTally is an empty tally.
func NewTally() *Tally {
	return &Tally{Hits: map[string]int{}, Launched: map[string]int{}, SunkBy: map[string]string{},
		side: map[string]string{}, lastHit: map[string]string{}, torps: map[string]string{}}
}

// Observe takes one event of the battle (an engine.Observer).
func (t *Tally) Observe(e *gamelog.Event) {
	switch e.Type {
	case "vessel":
		t.side[e.Str("id")] = e.Str("side")
	case "gunfire":
		sh := e.Str("shooter")
		t.attack(sh)
		if hit, _ := e.Get("hit"); hit.B {
			t.lastHit[e.Str("target")] = sh
		}
	case "launch":
		sh := e.Str("shooter")
		t.attack(sh)
		t.Launched[sh]++
		t.torps[e.Str("torpedo")] = sh
	case "arrival":
		if hit, _ := e.Get("hit"); hit.B {
			t.lastHit[e.Str("target")] = t.torps[e.Str("torpedo")]
		}
	case "ram", "depth_charge":
		sh := e.Str("vessel")
		t.attack(sh)
		if hit, ok := e.Get("hit"); !ok || hit.B {
			t.lastHit[e.Str("target")] = sh
		}
	case "damage":
		v := e.Str("vessel")
		if e.Str("by") != "fire" { // a fire's spread is no hit
			t.Hits[v]++
		}
		if _, done := t.SunkBy[v]; e.Str("level") == "sunk" && !done {
			t.SunkBy[v] = t.lastHit[v]
		}
	}
}

func (t *Tally) attack(shooter string) {
	if t.side[shooter] == "axis" {
		t.Attacked = true
	}
}

// BoatResult is what the battle did to a boat.
type BoatResult struct {
	ID       string
	Level    Level // her damage level and what it does in the campaign
	Hits     int   // hits taken (each a G-1 roll for a boat whose crew the campaign keeps)
	Launched int   // torpedoes (rockets) launched
	Left     bool  // she ran off the table: out of the battle (4.9: aborting)
}

// UnitResult is what became of an enemy unit.
type UnitResult struct {
	ID   string
	Sunk bool
	By   string // the boat whose hit sank her ("": none of the squadron's, a fire)
	Left bool   // she got off the table
}

// Outcome is the battle read back.
type Outcome struct {
	Boats    []BoatResult
	Units    []UnitResult
	Attacked bool // the squadron fired or launched at least once
	Turns    int
}

// Read reads a battle's end (its rules, as Ctx.Play returned them) with
// its tally.
func (d *Data) Read(r engine.Rules, t *Tally) Outcome {
	b := r.(*schnellrules.Battle)
	out := Outcome{Attacked: t.Attacked, Turns: min(b.Turn-1, b.Opt.Turns)}
	for _, v := range b.Vessels {
		if v.Side == "axis" {
			out.Boats = append(out.Boats, BoatResult{ID: v.ID, Level: d.Levels[v.Level], Hits: t.Hits[v.ID], Launched: t.Launched[v.ID], Left: v.Left})
			continue
		}
		u := UnitResult{ID: v.ID, Sunk: v.Level == schnellrules.Sunk, Left: v.Left}
		if u.Sunk {
			if by := t.SunkBy[v.ID]; t.side[by] == "axis" {
				u.By = by
			}
		}
		out.Units = append(out.Units, u)
	}
	return out
}
