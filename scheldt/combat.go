package scheldt

import (
	"fmt"
	"slices"

	"github.com/schnell-wargames/schnell/engine"
	"github.com/schnell-wargames/schnell/gamelog"
)

// attackerLoses are the results that eliminate a unit landed in the
// German-occupied hex it attacks (16.3).
var attackerLoses = []string{"Ae", "(A)", "A1", "A2", "A3"}

// carryOut does an order the rules accept.
func (g *Game) carryOut(c *engine.Ctx, name string, a getter) {
	switch name {
	case OrderAttack:
		g.attack(c, a)
	case OrderBombard:
		g.bombard(c, a)
	case OrderRebuild:
		u := g.unit(a.Get("unit").S)
		u.State = Full
		g.Rebuilt[g.Player]++
		c.Emit(evRebuilt, gamelog.Str("unit", u.ID), gamelog.Int("left", g.Rebuilds(g.Player)))
	case OrderAssault:
		g.assault(c, a.Get("force").S)
	case OrderMark:
		u := g.unit(a.Get("unit").S)
		u.State = UnitState(1 + slices.Index(States, a.Get("state").S))
		if h := a.Get("hex").S; h != "-" {
			u.Hex = h
		}
		if u.State == Eliminated {
			u.Hex = ""
			delete(g.Pinned, u.ID)
		}
		c.Emit(evUnit, gamelog.Str("unit", u.ID), gamelog.Str("state", u.State.String()), gamelog.Str("hex", u.Hex))
	case OrderClear:
		hex, how := a.Get("hex").S, a.Get("how").S
		delete(g.Contested, hex)
		for _, id := range sortedKeys(g.Pinned) {
			if g.Pinned[id] == hex && g.Landed[g.unit(id).Force] != g.Turn {
				delete(g.Pinned, id)
			}
		}
		if how == "exited" {
			g.Barred = append(g.Barred, hex)
		}
		c.Emit(evLandingCleared, gamelog.Str("hex", hex), gamelog.Str("how", how))
	case OrderGate:
		held := a.Get("held").B
		switch a.Get("gate").S {
		case "woensdrecht":
			g.Woensdrecht = held
		case "road":
			g.Road = held
		}
		c.Emit(evGate, gamelog.Str("gate", a.Get("gate").S), gamelog.Bool("held", held))
	}
}

// attack resolves an attack on the Integrated CRT: the terrain's line,
// the differential's column (beyond a line's ends, its end columns), the
// series' column shifts, a d6 for the row.
func (g *Game) attack(c *engine.Ctx, a getter) {
	f := &facts{diff: a.Get("diff").I, shifts: a.Get("shifts").I, turn: g.Turn}
	f.terrain = Terrain(slices.Index(Terrains, a.Get("terrain").S))
	line := f.terrain
	if a.Get("engineer").B {
		f.engineers = 1
		if f.terrain == Flooded {
			line = Clear // 12.0, 12.1
		}
	}
	hex := a.Get("hex").S
	var markers []string
	if a.Get("naval").B {
		g.NavalLeft--
		g.NavalHexes = append(g.NavalHexes, hex)
		markers = append(markers, "naval +10")
	}
	if a.Get("antitank").B {
		g.AntitankUsed = true
		markers = append(markers, "anti-tank +5")
	}
	o := c.Roll("SC-CRT", factsOf.Of(f), fmt.Sprintf("attack on %s", hex))
	tb := o.Table
	r := Result{Turn: g.Turn, Side: g.Player, Hex: hex, Terrain: f.terrain, Line: line, Diff: f.diff, Shifts: f.shifts,
		Column: tb.Grid.ColumnsFor(factsOf.Of(f)).Heading(o.Column), Die: o.Total, Code: o.Result(), Markers: markers}
	var landed []string
	if g.Contested[hex] {
		for _, id := range sortedKeys(g.Pinned) {
			if g.Pinned[id] == hex {
				landed = append(landed, id)
			}
		}
	}
	r.Landed = len(landed) > 0
	g.Combats = append(g.Combats, r)
	fields := []gamelog.Field{gamelog.Str("side", g.Player), gamelog.Str("hex", hex), gamelog.Str("terrain", f.terrain.String()),
		gamelog.Str("line", line.String()), gamelog.Int("diff", f.diff), gamelog.Int("shifts", f.shifts),
		gamelog.Str("column", r.Column), gamelog.Int("die", o.Total), gamelog.Str("result", r.Code), gamelog.Str("meaning", o.Key.Result)}
	if len(markers) > 0 {
		l := make([]gamelog.Value, len(markers))
		for i, m := range markers {
			l[i] = gamelog.StrV(m)
		}
		fields = append(fields, gamelog.Field{Key: "markers", Val: gamelog.Value{Kind: gamelog.KList, L: l}})
	}
	c.Emit(evCombat, fields...)
	if a.Get("antitank").B && (r.Code == "Ex" || slices.Contains(attackerLoses, r.Code)) {
		c.Emit(evMobileLoss, gamelog.Str("hex", hex), gamelog.Str("result", r.Code)) // 14.1's note
	}
	if f.terrain == Flooded && r.Code != "-" {
		c.Emit(evFlooded, gamelog.Str("rule", g.FloodRetreat)) // 12.0 / 12.1
	}
	delete(g.MustAttack, hex)
	if r.Landed && g.Player == Allied {
		switch {
		case slices.Contains(attackerLoses, r.Code):
			for _, id := range landed {
				u := g.unit(id)
				u.State, u.Hex = Eliminated, ""
				delete(g.Pinned, id)
				c.Emit(evLandingLost, gamelog.Str("unit", id), gamelog.Str("hex", hex))
			}
			delete(g.Contested, hex)
		case r.Code == "-":
			c.Emit(evLandingHolds, gamelog.Str("hex", hex))
		default:
			// The board shows whether the German unit was eliminated or
			// forced out (or held by stiff resistance, 7.8): `clear`.
			c.Emit(evLandingContested, gamelog.Str("hex", hex))
		}
	}
}

// bombard records a bombardment: its range and markers are the
// exclusive rules' (14.2, 16.4, 13.0); its resolution is the series
// rules', which the document does not include.
func (g *Game) bombard(c *engine.Ctx, a getter) {
	hex := a.Get("hex").S
	naval := a.Get("naval").B
	if naval {
		g.NavalLeft--
		g.NavalHexes = append(g.NavalHexes, hex)
	}
	c.Emit(evBombardment, gamelog.Str("side", g.Player), gamelog.Str("hex", hex), gamelog.Int("range", a.Get("range").I), gamelog.Bool("naval", naval))
}

// assault lands a force's units by assault boat, each where the player
// says (16.1, 16.2, 16.3).
func (g *Game) assault(c *engine.Ctx, force string) {
	g.Landed[force] = g.Turn
	c.Emit(evAssault, gamelog.Str("force", force))
	g.landingForce = force
	defer func() { g.landingForce = "" }()
	for _, u := range g.Units {
		if u.Force != force {
			continue
		}
		if u.ID == "155-52" && u.State != Withdrawn {
			continue // 13.1: it returns only if withdrawn, not eliminated
		}
		d := c.Ask("landing")
		d.Side = Allied
		o := g.add(d, OrderLand, "land by assault boat")
		o.Args = []engine.Arg{engine.TextArg("hex"), yesNo("occupied"), engine.IntArg("terneuzen", 0, 99, "")}
		o.Args[1].Text = "is a German unit in the hex?"
		o.Args[2].Text = "hexes from Terneuzen (2736)"
		if force == "walcheren" {
			o.Args[2].Default = gamelog.IntV(0)
		}
		c.Decide(d, func(d *engine.Decision) { d.Prompt = fmt.Sprintf("Where does %s land?", u.Title) })
		a := d.Args()
		hex := a.Str("hex")
		u.State, u.Hex = Full, hex
		c.Emit(evLanded, gamelog.Str("unit", u.ID), gamelog.Str("hex", hex), gamelog.Bool("occupied", a.Yes("occupied")))
		g.Pinned[u.ID] = hex // 16.3: it may not move this turn
		if a.Yes("occupied") {
			g.MustAttack[hex] = append(g.MustAttack[hex], u.ID)
			g.Contested[hex] = true
		}
	}
}
