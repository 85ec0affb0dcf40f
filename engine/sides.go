package engine

import (
	"fmt"
	"slices"
	"strings"

	"github.com/schnell-wargames/schnell/gamelog"
)

// TableSide is the owner of a decision only the physical table knows (a
// measured range, an arc, a hex, a contact): it is always asked at the
// prompt or read from a command file, never sent to a decider, and logged
// "by": "table". No side may be called "table".
const TableSide = "table"

// ByTable is who answered a decision of the table.
const ByTable Who = "table"

// SideKind is who plays a side.
type SideKind string

const (
	SidePlayer    SideKind = "player"    // the player at the prompt
	SideScript    SideKind = "script"    // a Lua script (File)
	SideReference SideKind = "reference" // the game's reference player
)

// SideSpec is one --side NAME=player|script:FILE|reference.
type SideSpec struct {
	Name string
	Kind SideKind
	File string // SideScript: the script's path
}

func (s SideSpec) String() string {
	if s.Kind == SideScript {
		return s.Name + "=script:" + s.File
	}
	return s.Name + "=" + string(s.Kind)
}

// ParseSide reads NAME=player, NAME=script:FILE or NAME=reference.
func ParseSide(s string) (SideSpec, error) {
	name, who, ok := strings.Cut(s, "=")
	if !ok || name == "" || who == "" {
		return SideSpec{}, fmt.Errorf("side %q: want NAME=player, NAME=script:FILE or NAME=reference", s)
	}
	if name == TableSide {
		return SideSpec{}, fmt.Errorf("side %q: the table is not a side (its decisions are always asked at the prompt)", s)
	}
	switch {
	case who == string(SidePlayer), who == string(SideReference):
		return SideSpec{Name: name, Kind: SideKind(who)}, nil
	case strings.HasPrefix(who, "script:"):
		f := strings.TrimPrefix(who, "script:")
		if f == "" {
			return SideSpec{}, fmt.Errorf("side %q: script: needs a file (script:scripts/x.lua)", s)
		}
		return SideSpec{Name: name, Kind: SideScript, File: f}, nil
	}
	return SideSpec{}, fmt.Errorf("side %q: %q is not player, script:FILE or reference", s, who)
}

// ParseSides reads several --side values for def: each side once, each one
// of def's sides.
func ParseSides(def *Definition, values []string) ([]SideSpec, error) {
	var out []SideSpec
	for _, v := range values {
		s, err := ParseSide(v)
		if err != nil {
			return nil, err
		}
		if err := def.checkSide(s.Name); err != nil {
			return nil, err
		}
		if slices.ContainsFunc(out, func(o SideSpec) bool { return o.Name == s.Name }) {
			return nil, fmt.Errorf("side %s is given twice", s.Name)
		}
		out = append(out, s)
	}
	return out, nil
}

func (d *Definition) checkSide(side string) error {
	if slices.Contains(d.Sides, side) {
		return nil
	}
	if len(d.Sides) == 0 {
		return fmt.Errorf("side %q: %s has no sides", side, d.Name)
	}
	return fmt.Errorf("side %q: %s's sides are %s", side, d.Name, strings.Join(d.Sides, ", "))
}

// sideDecider is who plays one side.
type sideDecider struct {
	side string
	dec  Decider // nil: the player
}

// extras is the game's state for sides, argument answers, cups, draws and
// schedules.
type extras struct {
	sides []sideDecider
	cups  []*Cup
	draw  drawState
	due   []Due
}

// SetSideDecider hands side's decisions to d (nil: the player answers
// them, even when a decider answers the others). The game's other
// decisions go to SetDecider's decider.
func (g *Game) SetSideDecider(side string, d Decider) error {
	if err := g.def.checkSide(side); err != nil {
		return err
	}
	for i := range g.ext.sides {
		if g.ext.sides[i].side == side {
			g.ext.sides[i].dec = d
			return nil
		}
	}
	g.ext.sides = append(g.ext.sides, sideDecider{side, d})
	return nil
}

// ClearSide returns side to the game's decider (SetDecider).
func (g *Game) ClearSide(side string) {
	g.ext.sides = slices.DeleteFunc(g.ext.sides, func(s sideDecider) bool { return s.side == side })
}

// SideDecider returns who plays side: its decider (nil: the player) and
// whether the side was given one (else SetDecider's decider plays it).
func (g *Game) SideDecider(side string) (Decider, bool) {
	for _, s := range g.ext.sides {
		if s.side == side {
			return s.dec, true
		}
	}
	return nil, false
}

// handBack detaches dec, which handed d back: the player answers what it
// answered (inside an inner game, what the outer side that plays d's
// side answered).
func (g *Game) handBack(d *Decision, dec Decider) {
	side, ok := g.outerSide(len(g.inner), d.Side)
	if !ok {
		return // the inner game's reference player: it stays
	}
	if side != "" {
		if sd, ok := g.SideDecider(side); ok && sd == dec {
			g.SetSideDecider(side, nil)
			return
		}
	}
	g.decider = nil
}

// Sides are the game's sides in play: its Definition's, or those its
// rules say they play (SidesInPlay).
func (g *Game) Sides() []string {
	if r, ok := g.rules.(SidesInPlay); ok {
		return r.SidesInPlay()
	}
	return g.def.Sides
}

// SidesInPlay is implemented by rules that play only some of their
// Definition's sides (a solitaire game with an optional second player
// plays none): Game.Sides lists those.
type SidesInPlay interface{ SidesInPlay() []string }

// deciderFor is who answers d: nobody for the table, a side's own decider,
// else the game's; inside an inner game, whom its seat names (inner.go).
func (g *Game) deciderFor(d *Decision) Decider {
	if d.Side == TableSide {
		return nil
	}
	return g.seatDecider(len(g.inner), d.Side)
}

// PlayerPlays reports whether the player at the prompt plays side: its
// decisions come to the prompt, so the player may see its hidden draws.
// The table and the game's unsided decisions are the player's when no
// decider answers them. Inside an inner game, side is the inner game's.
func (g *Game) PlayerPlays(side string) bool {
	if side == TableSide {
		return true
	}
	return g.seatDecider(len(g.inner), side) == nil
}

// emitDecision records the answer to d: kind, side (when set), options,
// choice, args (when the option has any), by, as (the standing order the
// player's answer was made by, when one was) and command.
func (c *Ctx) emitDecision(d *Decision, choice int, who Who, as string) {
	g := c.g
	c.begin()
	names := c.values(len(d.Options))
	for i, o := range d.Options {
		names[i] = gamelog.StrV(o.Name)
	}
	fields := append(c.fbuf[:0], gamelog.Str("kind", d.Kind))
	if d.Side != "" && d.Side != TableSide {
		fields = append(fields, gamelog.Str("side", d.Side))
	}
	fields = append(fields, gamelog.Field{Key: "options", Val: gamelog.Value{Kind: gamelog.KList, L: names}},
		gamelog.Str("choice", d.Options[choice].Name))
	vals := d.Args().vals
	if len(vals) > 0 {
		o := c.objFields(len(vals))
		for k, v := range vals {
			o[k] = gamelog.Field{Key: d.Options[choice].Args[k].Name, Val: v}
		}
		fields = append(fields, gamelog.Field{Key: "args", Val: gamelog.Value{Kind: gamelog.KObj, O: o}})
	}
	fields = append(fields, gamelog.Str("by", string(who)))
	if as != "" {
		fields = append(fields, gamelog.Str("as", as))
	}
	fields = append(fields, gamelog.Str("command", d.commandWith(choice, vals)))
	g.emit("decision", fields)
	c.fbuf = fields[:0]
}
