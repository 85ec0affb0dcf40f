package engine

import (
	"errors"
	"fmt"
	"slices"

	"github.com/schnell-wargames/schnell/dice"
	"github.com/schnell-wargames/schnell/gamelog"
	"github.com/schnell-wargames/schnell/tables"
)

// Ctx is all a game's rules may do: roll, decide, emit, pause, fail.
type Ctx struct {
	g    *Game
	mods []tables.Applied
	fbuf []gamelog.Field
}

// Outcome is one table roll.
type Outcome struct {
	Table   *tables.Table
	Spec    dice.Spec
	Faces   []int
	Natural int // the unmodified total
	Mod     int // the sum of modifiers
	Total   int // Natural + Mod
	Row     *tables.Row
}

// Int returns an Int/Enum effect of the selected row (the total for "roll").
func (o Outcome) Int(key int) (int, bool) { return o.Row.Int(key, o.Total) }

// Has reports whether the selected row carries an effect.
func (o Outcome) Has(key int) bool { return o.Row.Has(key) }

// Tables returns the game's tables.
func (c *Ctx) Tables() *tables.Set { return c.g.tabs }

// Options returns the game's options.
func (c *Ctx) Options() []gamelog.Option { return c.g.header.Options }

// Roll rolls on table id with facts f (label says what it is for, may be
// empty), records a roll event and returns the outcome.
func (c *Ctx) Roll(id string, f tables.Facts, label string) Outcome {
	t, ok := c.g.tabs.Get(id)
	if !ok {
		c.Fail(fmt.Errorf("rules ask for table %s, which the table set does not have", id))
	}
	spec := t.SpecFor(f)
	mods, sum := t.Modify(f, c.mods[:0])
	c.mods = mods
	faces := c.g.dice(spec, t.ID, t.Title, label, mods)
	nat := spec.Total(faces)
	o := Outcome{Table: t, Spec: spec, Faces: faces, Natural: nat, Mod: sum, Total: nat + sum}
	o.Row = t.Lookup(o.Total)
	c.g.rolls++
	if c.g.silent() {
		c.g.lines++ // nobody reads the event: do not build it
		return o
	}
	fields := c.fields(9)
	fields = append(fields, gamelog.Str("table", t.ID))
	if label != "" {
		fields = append(fields, gamelog.Str("for", label))
	}
	fields = append(fields, gamelog.Str("dice", spec.String()), gamelog.Ints("faces", faces))
	if c.g.fromGen {
		fields = append(fields, gamelog.Str("source", "generator"))
	}
	if len(mods) > 0 {
		l := make([]gamelog.Value, len(mods))
		for i, m := range mods {
			l[i] = gamelog.ObjV(gamelog.Int("value", m.Value), gamelog.Str("reason", m.Reason))
		}
		fields = append(fields, gamelog.List("mods", l...))
	}
	fields = append(fields, gamelog.Int("total", o.Total), gamelog.Str("row", o.Row.Range()), gamelog.Str("result", o.Row.Result))
	c.g.emit("roll", fields)
	c.reuse(fields)
	return o
}

// fields returns a slice for an event's fields: a reused buffer when the
// event is only written out (no history, no observers), else a new one.
func (c *Ctx) fields(n int) []gamelog.Field {
	if c.g.retains() {
		return make([]gamelog.Field, 0, n)
	}
	return c.fbuf[:0]
}

// reuse keeps an event's fields buffer when nothing retains the event.
func (c *Ctx) reuse(fields []gamelog.Field) {
	if !c.g.retains() {
		c.fbuf = fields[:0]
	}
}

// Lookup reads a lookup table (no dice, no event) by its key fact.
func (c *Ctx) Lookup(id string, f tables.Facts) *tables.Row {
	t, ok := c.g.tabs.Get(id)
	if !ok || !t.IsLookup() {
		c.Fail(fmt.Errorf("rules look up table %s, which the table set does not have as a lookup table", id))
	}
	r, _ := t.Find(f)
	return r
}

// RollDice rolls plain dice (no table) and records it; label says what for.
func (c *Ctx) RollDice(spec dice.Spec, label string) (total int, faces []int) {
	faces = c.g.dice(spec, "", "", label, nil)
	total = spec.Total(faces)
	c.g.rolls++
	if c.g.silent() {
		c.g.lines++
		return total, faces
	}
	fields := append(c.fields(5), gamelog.Str("for", label), gamelog.Str("dice", spec.String()), gamelog.Ints("faces", faces))
	if c.g.fromGen {
		fields = append(fields, gamelog.Str("source", "generator"))
	}
	fields = append(fields, gamelog.Int("total", total))
	c.g.emit("roll", fields)
	c.reuse(fields)
	return total, faces
}

// Decide asks for a decision and records it. It returns the option index.
func (c *Ctx) Decide(d *Decision) int {
	g := c.g
	if len(d.Options) == 0 {
		c.Fail(fmt.Errorf("decision %s has no options", d.Kind))
	}
	var choice int
	var who Who
	switch {
	case g.replay != nil && g.replay.more():
		choice, who = g.replay.decision(g, d)
	case g.decider != nil:
		dec := g.decider // a decider may detach itself while deciding
		i, err := dec.Decide(d)
		if errors.Is(err, ErrHandBack) {
			g.decider = nil
			g.wait(Request{Decision: d})
			choice, who = g.answer, g.who
			break
		}
		if err != nil {
			// The log records why the game stopped; replay leaves such a
			// trailing event out and waits for the decision instead.
			g.emit("error", []gamelog.Field{gamelog.Str("kind", d.Kind), gamelog.Str("by", string(dec.Who())), gamelog.Str("message", err.Error())})
			c.Fail(err)
		}
		if i < 0 || i >= len(d.Options) {
			c.Fail(fmt.Errorf("%s answered %s with option %d: %s", dec.Who(), d.Kind, i+1, d.optionList()))
		}
		choice, who = i, dec.Who()
	default:
		g.wait(Request{Decision: d})
		choice, who = g.answer, g.who
	}
	names := make([]string, len(d.Options))
	for i, o := range d.Options {
		names[i] = o.Name
	}
	g.emit("decision", []gamelog.Field{
		gamelog.Str("kind", d.Kind), gamelog.Strs("options", names),
		gamelog.Str("choice", d.Options[choice].Name), gamelog.Str("by", string(who)),
		gamelog.Str("command", d.CommandFor(choice)),
	})
	return choice
}

// Emit records a game event.
func (c *Ctx) Emit(typ string, fields ...gamelog.Field) {
	c.g.emit(typ, fields)
}

// Pause lets a front end stop stepping here (nothing is recorded).
func (c *Ctx) Pause(name string, level int) {
	if c.g.replay != nil && c.g.replay.more() {
		return
	}
	c.g.wait(Request{Pause: name, Level: level})
}

// Fail ends the game with err.
func (c *Ctx) Fail(err error) {
	panic(&Fault{err})
}

// Replaying reports whether the rules are being replayed from a log.
func (c *Ctx) Replaying() bool { return c.g.replay != nil && c.g.replay.more() }

// Rand draws an integer in [0,n) from the game's generator without making a
// roll event: for choices of no rule weight (e.g. a script's math.random).
// It must be reproducible: only call it from code that replays the same way.
func (c *Ctx) Rand(n int) int { return c.g.gen.IntN(n) }

// dice returns the faces of one roll from the log (replay), the generator
// (digital) or the player (physical).
func (g *Game) dice(spec dice.Spec, table, title, label string, mods []tables.Applied) []int {
	g.fromGen = false
	if g.replay != nil && g.replay.more() {
		f, gen := g.replay.faces(g, spec)
		g.fromGen = gen && g.mode == Physical
		return f
	}
	if g.mode == Digital {
		return spec.Roll(g.gen.Rand, nil)
	}
	if len(g.carry) > 0 {
		f := g.carry[0]
		g.carry = g.carry[1:]
		if spec.CheckFaces(f) == nil {
			return f
		}
		g.carry = nil
	}
	g.wait(Request{Roll: &RollRequest{Table: table, Title: title, Label: label, Spec: spec, Mods: slices.Clone(mods)}})
	g.fromGen = g.gened
	return g.faces
}
