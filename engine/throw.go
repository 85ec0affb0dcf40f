package engine

import (
	"fmt"
	"slices"

	"github.com/schnell-wargames/schnell/dice"
	"github.com/schnell-wargames/schnell/gamelog"
	"github.com/schnell-wargames/schnell/tables"
)

// Thrown is one throw of several labelled dice (Ctx.Throw).
type Thrown struct {
	Throw *dice.Throw
	Faces []int // in the order of the throw's dice
}

// Face returns the face of the die labelled label; a label the throw does
// not have is a bug in the rules.
func (t Thrown) Face(label string) int {
	i := t.Throw.Index(label)
	if i < 0 {
		panic(&Fault{fmt.Errorf("the throw %s has no die labelled %q", t.Throw, label)})
	}
	return t.Faces[i]
}

// Throw throws several labelled dice at once (the Schnell Rules' d20 with a
// white and a red d6; a Paukenschlag grid square's two d10) and records one
// roll event: for, dice (the throw), faces in the throw's order, source.
// With physical dice the player types every face, by label or in order.
// Read reads tables with its faces.
func (c *Ctx) Throw(th *dice.Throw, label string) Thrown {
	g := c.g
	faces := slices.Clone(g.throwDice(th, label))
	g.rolls++
	if g.silent() {
		g.lines++
		return Thrown{Throw: th, Faces: faces}
	}
	c.begin()
	fields := append(c.fbuf[:0], gamelog.Str("for", label), gamelog.Str("dice", th.String()), c.ints("faces", faces))
	if g.fromGen {
		fields = append(fields, gamelog.Str("source", "generator"))
	}
	g.emit("roll", fields)
	c.fbuf = fields[:0]
	return Thrown{Throw: th, Faces: faces}
}

// Read reads table id with the face of one die of a throw instead of
// rolling the table's dice, which must be that one die: modifiers, natural
// rows and a grid's columns apply as for Roll. It records a read event
// (table, for, die, faces, then as a roll's).
func (c *Ctx) Read(id string, f tables.Facts, label string, th Thrown, die string) Outcome {
	t, ok := c.table(id)
	if !ok {
		c.Fail(fmt.Errorf("rules read table %s, which the table set does not have", id))
	}
	i := th.Throw.Index(die)
	if i < 0 {
		c.Fail(fmt.Errorf("rules read table %s with the %q die, which the throw %s does not have", id, die, th.Throw))
	}
	spec := t.SpecFor(f)
	if d := th.Throw.Dice[i]; d.Direction || spec.N != 1 || spec.Percentile || spec.Sides != d.Sides {
		c.Fail(fmt.Errorf("table %s rolls %s: it cannot be read with the %s die (%s) of the throw %s", id, spec, d.Label, d.Name(), th.Throw))
	}
	faces := th.Faces[i : i+1]
	return c.reading(t, f, label, spec, faces, "read", die)
}

// rollGrid rolls a two-dimensional table.
func (c *Ctx) rollGrid(t *tables.Table, f tables.Facts, label string) Outcome {
	spec := t.SpecFor(f)
	mods, _ := t.Modify(f, c.mods[:0])
	c.mods = mods
	shifts, _ := t.Shift(f, c.shifts[:0])
	c.shifts = shifts
	faces := c.g.dice(spec, t.ID, t.Title, []string{label}, mods, shifts)
	return c.reading(t, f, label, spec, faces, "roll", "")
}

// reading reads table t with faces and records it: a roll event (typ
// "roll") or the read of a throw's die (typ "read").
func (c *Ctx) reading(t *tables.Table, f tables.Facts, label string, spec dice.Spec, faces []int, typ, die string) Outcome {
	g := c.g
	mods, sum := t.Modify(f, c.mods[:0])
	c.mods = mods
	nat := spec.Total(faces)
	o := Outcome{Table: t, Spec: spec, Faces: faces, Natural: nat, Mod: sum, Total: nat + sum}
	var shifts []tables.Applied
	if t.Grid != nil {
		var shift int
		shifts, shift = t.Shift(f, c.shifts[:0])
		c.shifts = shifts
		cell := t.Read(f, o.Total, shift)
		o.Row, o.Column, o.Key = cell.Row, cell.Column, cell.Key
	} else {
		o.Row = t.Pick(f, nat, o.Total)
	}
	if typ == "roll" {
		g.rolls++
	}
	if g.silent() {
		g.lines++
		return o
	}
	c.begin()
	fields := append(c.fbuf[:0], gamelog.Str("table", t.ID))
	if label != "" {
		fields = append(fields, gamelog.Str("for", label))
	}
	if typ == "read" {
		fields = append(fields, gamelog.Str("die", die))
	} else {
		fields = append(fields, gamelog.Str("dice", spec.String()))
	}
	fields = append(fields, c.ints("faces", faces))
	if typ == "roll" && g.fromGen {
		fields = append(fields, gamelog.Str("source", "generator"))
	}
	fields = c.applied(fields, "mods", mods)
	if t.Grid != nil {
		fields = append(fields, gamelog.Str("fact", t.GridFact()), gamelog.Int("value", f.Fact(t.Grid.Fact)))
		fields = c.applied(fields, "shifts", shifts)
	}
	fields = append(fields, gamelog.Int("total", o.Total), gamelog.Str("row", o.Row.Range()))
	if t.Grid != nil {
		fields = append(fields, gamelog.Int("column", o.Column))
	}
	fields = append(fields, gamelog.Str("result", o.Result()))
	g.emit(typ, fields)
	c.fbuf = fields[:0]
	return o
}

// applied appends a list of modifiers or shifts as [{value, reason}], if any.
func (c *Ctx) applied(fields []gamelog.Field, key string, ms []tables.Applied) []gamelog.Field {
	if len(ms) == 0 {
		return fields
	}
	l := c.values(len(ms))
	for i, m := range ms {
		o := c.objFields(2)
		o[0], o[1] = gamelog.Int("value", m.Value), gamelog.Str("reason", m.Reason)
		l[i] = gamelog.Value{Kind: gamelog.KObj, O: o}
	}
	return append(fields, gamelog.Field{Key: key, Val: gamelog.Value{Kind: gamelog.KList, L: l}})
}

// throwDice returns the faces of one throw from the log (replay), the
// generator (digital) or the player (physical).
func (g *Game) throwDice(th *dice.Throw, label string) []int {
	g.fromGen = false
	if g.replay != nil && g.replay.more() {
		f, gen := g.replay.throwFaces(g, th)
		g.fromGen = gen && g.mode == Physical
		return f
	}
	if g.mode == Digital {
		g.faceBuf = th.Roll(g.gen.Rand, g.faceBuf[:0])
		return g.faceBuf
	}
	g.wait(Request{Roll: &RollRequest{Label: label, Throw: th}})
	g.fromGen = g.gened
	return g.faces
}

// throwFaces takes the faces of the next logged roll for a throw (see faces).
func (r *replayState) throwFaces(g *Game, th *dice.Throw) ([]int, bool) {
	ev := r.cur()
	what := "(a throw of " + th.String() + ")"
	if ev.Type != "roll" {
		r.fail(g, fmt.Sprintf("the rules throw %s here, the log has a %q event", th, ev.Type), what)
	}
	v, _ := ev.Get("faces")
	faces := g.faceBuf[:0]
	for _, x := range v.L {
		faces = append(faces, x.I)
	}
	g.faceBuf = faces
	if err := th.CheckFaces(faces); err != nil {
		r.fail(g, err.Error(), what)
	}
	gen := ev.Str("source") == "generator"
	if g.mode == Digital || gen {
		want := th.Roll(g.gen.Rand, g.wantBuf[:0])
		g.wantBuf = want
		if !slices.Equal(want, faces) {
			r.fail(g, fmt.Sprintf("the log has faces %v but the game's generator throws %v: a die was changed, or the log comes from another version", faces, want), fmt.Sprint(want))
		}
	}
	return faces, gen
}
