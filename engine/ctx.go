package engine

import (
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/schnell-wargames/schnell/dice"
	"github.com/schnell-wargames/schnell/gamelog"
	"github.com/schnell-wargames/schnell/tables"
)

// Ctx is all a game's rules may do: roll, decide, emit, pause, fail.
type Ctx struct {
	g       *Game
	mods    []tables.Applied
	shifts  []tables.Applied
	fbuf    []gamelog.Field // the fields of the roll being built
	efbuf   []gamelog.Field // the fields of the game event being built (EmitFrom)
	scratch gamelog.Arena   // its lists and objects, when events are not kept
	lists   gamelog.Arena   // the rules' lists and objects (List, Object), when events are not kept
	listed  bool            // lists holds some
	asks    []*Decision     // one per kind (Ask)
	tabs    *tables.Set     // the tables of the game these rules play (an inner game's own: Play)
	tcache  tableCache      // tabs by id (tablecache.go)
	opts    []gamelog.Option
	in      *innerRun // the inner game these rules play (Play); nil: the game itself
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
	// A two-dimensional table's reading (see tables.Grid): the column
	// (1 = the first; 0 for a table of rows) and the cell's key (nil: the
	// table has no keys). Row is the cell's row.
	Column int
	Key    *tables.Row
}

// Int returns an Int/Enum effect of the selected row (the total for
// "roll"), or of a two-dimensional table's cell key.
func (o Outcome) Int(key int) (int, bool) {
	if o.Key != nil {
		return o.Key.Int(key, o.Total)
	}
	return o.Row.Int(key, o.Total)
}

// Has reports whether the selected row (or cell key) carries an effect.
func (o Outcome) Has(key int) bool {
	if o.Key != nil {
		return o.Key.Has(key)
	}
	return o.Row.Has(key)
}

// Value returns the effect called name of the selected row (or of a
// two-dimensional table's cell key): an Int's value, an Enum's index, the
// total for "roll"; ok is false when the row does not set it. A name the
// game's schema does not declare panics: a bug in the rules.
func (o Outcome) Value(name string) (int, bool) {
	return effects(o.Row, o.Key).Value(name, o.Total)
}

// Sets reports whether the selected row (or cell key) sets the effect
// called name (see Value).
func (o Outcome) Sets(name string) bool {
	return effects(o.Row, o.Key).Sets(name)
}

// effects is the row whose effects an outcome reads: the cell's key of a
// two-dimensional table that has one, else the row. (Value and Sets are
// small enough to be inlined where the rules read an effect, so that the
// outcome is not copied for each read.)
func effects(row, key *tables.Row) *tables.Row {
	if key != nil {
		return key
	}
	return row
}

// Result is the text the roll reads: the row's result, or the cell of a
// two-dimensional table.
func (o Outcome) Result() string {
	if o.Column > 0 {
		return o.Row.Cells[o.Column-1]
	}
	return o.Row.Result
}

// Tables returns the game's tables.
func (c *Ctx) Tables() *tables.Set { return c.tabs }

// Options returns the game's options.
func (c *Ctx) Options() []gamelog.Option { return c.opts }

// Roll rolls on table id with facts f, records a roll event and returns
// the outcome. label says what the roll is for (none, or parts such as
// boat, " at ", unit): its parts are joined only when someone reads them
// (a log, the history, an observer, the player rolling the dice). The
// outcome's Faces are valid until the next roll.
func (c *Ctx) Roll(id string, f tables.Facts, label ...string) (o Outcome) {
	t, ok := c.table(id)
	if !ok {
		c.Fail(fmt.Errorf("rules ask for table %s, which the table set does not have", id))
	}
	if t.Grid != nil {
		return c.rollGrid(t, f, join(label))
	}
	spec := t.SpecFor(f)
	mods, sum := t.Modify(f, c.mods[:0])
	c.mods = mods
	var faces []int
	if g := c.g; g.replay == nil && g.mode == Digital { // Game.dice's digital roll, without the call
		g.fromGen = false
		g.faceBuf = spec.Roll(g.gen.Rand, g.faceBuf[:0])
		faces = g.faceBuf
	} else {
		faces = g.dice(spec, t.ID, t.Title, label, mods, nil)
	}
	nat := spec.Total(faces)
	o = Outcome{Table: t, Spec: spec, Faces: faces, Natural: nat, Mod: sum, Total: nat + sum}
	if len(t.Naturals) > 0 {
		o.Row = t.Pick(f, nat, o.Total)
	} else {
		o.Row = t.Lookup(o.Total)
	}
	c.g.rolls++
	if c.g.silent() {
		c.g.lines++ // nobody reads the event: do not build it
		return o
	}
	if c.g.logOnly() {
		c.g.lines++
		c.writeRoll(t.ID, join(label), spec, faces, mods, o.Total, o.Row)
		return o
	}
	c.begin()
	fields := append(c.fbuf[:0], gamelog.Str("table", t.ID))
	if l := join(label); l != "" {
		fields = append(fields, gamelog.Str("for", l))
	}
	fields = append(fields, gamelog.Str("dice", spec.String()), c.ints("faces", faces))
	if c.g.fromGen {
		fields = append(fields, gamelog.Str("source", "generator"))
	}
	if len(mods) > 0 {
		l := c.values(len(mods))
		for i, m := range mods {
			o := c.objFields(2)
			o[0], o[1] = gamelog.Int("value", m.Value), gamelog.Str("reason", m.Reason)
			l[i] = gamelog.Value{Kind: gamelog.KObj, O: o}
		}
		fields = append(fields, gamelog.Field{Key: "mods", Val: gamelog.Value{Kind: gamelog.KList, L: l}})
	}
	fields = append(fields, gamelog.Int("total", o.Total), gamelog.Str("row", o.Row.Range()), gamelog.Str("result", o.Row.Result))
	c.g.emit("roll", fields)
	c.fbuf = fields[:0]
	return o
}

// writeRoll writes a roll event straight to the log, field by field: the
// same line emit would write for the fields Roll (table != "") or RollDice
// (table == "") build, without building them.
func (c *Ctx) writeRoll(table, label string, spec dice.Spec, faces []int, mods []tables.Applied, total int, row *tables.Row) {
	g := c.g
	w := g.log
	w.Begin(g.lines, "roll")
	if table != "" {
		w.Str("table", table)
	}
	if label != "" || table == "" {
		w.Str("for", label)
	}
	w.Str("dice", spec.String())
	w.Ints("faces", faces)
	if g.fromGen {
		w.Str("source", "generator")
	}
	if len(mods) > 0 {
		w.Open("mods", true)
		for _, m := range mods {
			w.Open("", false)
			w.Int("value", m.Value)
			w.Str("reason", m.Reason)
			w.Close()
		}
		w.Close()
	}
	w.Int("total", total)
	if row != nil {
		w.Str("row", row.Range())
		w.Str("result", row.Result)
	}
	if err := w.End(); err != nil && g.err == nil {
		panic(&Fault{fmt.Errorf("write log: %w", err)})
	}
}

// begin starts building an event: the scratch arena is free again.
func (c *Ctx) begin() { c.scratch.Reset() }

// values returns n values for the lists of the event being built: carved
// from the game's arena when the event will be kept as built, else from a
// scratch arena the next event reuses (the event is read only while it is
// emitted, or a replay keeps the logged one).
func (c *Ctx) values(n int) []gamelog.Value {
	if c.g.keepsBuilt() {
		return c.g.arena.Values(n)
	}
	return c.scratch.Values(n)
}

// objFields returns n fields for an object value of the event being built
// (see values).
func (c *Ctx) objFields(n int) []gamelog.Field {
	if c.g.keepsBuilt() {
		return c.g.arena.Fields(n)
	}
	return c.scratch.Fields(n)
}

func (c *Ctx) ints(key string, v []int) gamelog.Field {
	l := c.values(len(v))
	for i, x := range v {
		l[i] = gamelog.IntV(x)
	}
	return gamelog.Field{Key: key, Val: gamelog.Value{Kind: gamelog.KList, L: l}}
}

// Lookup reads a lookup table (no dice, no event) by its key fact.
func (c *Ctx) Lookup(id string, f tables.Facts) *tables.Row {
	t, ok := c.table(id)
	if !ok || !t.IsLookup() {
		c.Fail(fmt.Errorf("rules look up table %s, which the table set does not have as a lookup table", id))
	}
	r, _ := t.Find(f)
	return r
}

// RollDice rolls plain dice (no table) and records it; label says what
// for, in parts joined only when read (see Roll). The faces are valid
// until the next roll.
func (c *Ctx) RollDice(spec dice.Spec, label ...string) (total int, faces []int) {
	faces = c.g.dice(spec, "", "", label, nil, nil)
	total = spec.Total(faces)
	c.g.rolls++
	if c.g.silent() {
		c.g.lines++
		return total, faces
	}
	if c.g.logOnly() {
		c.g.lines++
		c.writeRoll("", join(label), spec, faces, nil, total, nil)
		return total, faces
	}
	c.begin()
	fields := append(c.fbuf[:0], gamelog.Str("for", join(label)), gamelog.Str("dice", spec.String()), c.ints("faces", faces))
	if c.g.fromGen {
		fields = append(fields, gamelog.Str("source", "generator"))
	}
	fields = append(fields, gamelog.Int("total", total))
	c.g.emit("roll", fields)
	c.fbuf = fields[:0]
	return total, faces
}

// Decide asks for a decision and records it. It returns the option index.
// words, if given, fill in the decision's wording (Wording): they are
// called only when someone reads it, so the rules may build it with no
// thought for who does.
func (c *Ctx) Decide(d *Decision, words ...Wording) int { return c.decide(d, nil, words) }

// decide is Decide; late, when set, is the build of a decision Ctx.Pick
// made without its refusals (d.lateRefusing), run again for them when an
// answer needs them.
func (c *Ctx) decide(d *Decision, late func(*Decision), words []Wording) int {
	g := c.g
	if len(d.Options) == 0 {
		c.Fail(fmt.Errorf("decision %s has no options", d.Kind))
	}
	var choice int
	var who Who
	as := "" // the standing order the player's answer was made by (Game.ChooseAs)
	d.got = nil
	switch dec := g.deciderFor(d); {
	case g.replay != nil && g.replay.more():
		choice, who, as = g.replay.decision(g, d)
	case dec != nil: // a decider may detach itself while deciding
		if g.lines > gamelog.MaxLogEvents {
			// Unlogged (sim), a game in a loop would never end.
			c.Fail(g.tooLong())
		}
		w := g.waysOf(dec)
		worded := !w.blindFor(d) && !w.wordlessFor(d)
		if worded {
			say(d, words)
		}
		i, vals, err := w.argsOf(d)
		if no, ok := err.(*NoSuchOption); ok {
			err = no.word(d, late)
		}
		if err != nil && errors.Is(err, ErrHandBack) {
			if late != nil {
				refuseNow(d, late) // the player may type one
			}
			g.handBack(d, dec)
			if !worded {
				say(d, words)
			}
			g.wait(Request{Decision: d})
			choice, who, as = g.answer, g.who, g.as
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
		d.answered(i, vals)
	default:
		say(d, words)
		g.wait(Request{Decision: d})
		choice, who, as = g.answer, g.who, g.as
	}
	if d.Side == TableSide {
		who = ByTable
	}
	if g.silent() {
		g.lines++
		return choice
	}
	c.emitDecision(d, choice, who, as)
	return choice
}

// EventType is a game event's type, as logged ("turn", "damage"). A game
// declares each of its types as a typed constant and lists them all in
// Definition.Events; `go test ./games` checks, for every registered game,
// that each type it emits is a declared constant and that each is
// documented in the game's log-format document.
type EventType string

// Emit records a game event. Its fields may be built on the stack; the
// lists and objects inside them come from List and Object.
func (c *Ctx) Emit(typ EventType, fields ...gamelog.Field) {
	c.g.emit(string(typ), fields)
	if c.listed && !c.g.keepsBuilt() {
		c.lists.Reset() // nothing keeps what the event's lists held
		c.listed = false
	}
}

// List returns n values for a list in the event the rules emit next
// (gamelog.List): storage the kernel owns, kept with the event when the
// event is kept, else reused by the next event, so that events nobody
// keeps cost no allocation. Valid until the rules' next Emit.
func (c *Ctx) List(n int) []gamelog.Value {
	if c.g.keepsBuilt() {
		return c.g.arena.Values(n)
	}
	c.listed = true
	return c.lists.Values(n)
}

// Object returns n fields for an object in the event the rules emit next
// (gamelog.ObjV), as List does.
func (c *Ctx) Object(n int) []gamelog.Field {
	if c.g.keepsBuilt() {
		return c.g.arena.Fields(n)
	}
	c.listed = true
	return c.lists.Fields(n)
}

// Pause lets a front end stop stepping here (nothing is recorded).
func (c *Ctx) Pause(name string, level int) {
	if c.in != nil {
		level = c.in.pause // an inner game's pauses are the outer's smallest (Inner.Pause)
	}
	if w := c.g.waysOf(c.g.decider).pauses; w != nil {
		w.Paused(name, level)
	}
	if c.g.watch != nil {
		c.g.watch.Pause(c.g, name, level)
	}
	if c.g.replay != nil && c.g.replay.more() || level < c.g.level && !c.g.stopAsked.Load() {
		return // the front end steps past this pause: no need to ask it
	}
	c.g.wait(Request{Pause: name, Level: level})
}

// Fail ends the game with err.
func (c *Ctx) Fail(err error) {
	panic(&Fault{err})
}

// say fills in a decision's wording: someone is about to read it.
func say(d *Decision, words []Wording) {
	for _, w := range words {
		w(d)
	}
}

// Wordless is implemented by a Decider that never reads the wording of
// some kinds of decision (their Prompt, their options' Text) but may read
// their refusals (a script that never names a prompt): for those kinds,
// Ctx.Decide makes no wording. (The wording is made before the decider is
// asked, or not at all: keeping it to make later would put the rules'
// wording closures on the heap for every game, a decider or not.)
type Wordless interface {
	Wordless(kind string) bool
}

// join makes a label of its parts.
func join(parts []string) string {
	switch len(parts) {
	case 0:
		return ""
	case 1:
		return parts[0]
	}
	return strings.Join(parts, "")
}

// Replaying reports whether the rules are being replayed from a log.
func (c *Ctx) Replaying() bool { return c.g.replay != nil && c.g.replay.more() }

// Rand draws an integer in [0,n) from the game's generator without making a
// roll event: for choices of no rule weight (e.g. a script's math.random).
// It must be reproducible: only call it from code that replays the same way.
func (c *Ctx) Rand(n int) int { return c.g.gen.IntN(n) }

// dice returns the faces of one roll from the log (replay), the generator
// (digital) or the player (physical).
func (g *Game) dice(spec dice.Spec, table, title string, label []string, mods, shifts []tables.Applied) []int {
	g.fromGen = false
	if g.replay != nil && g.replay.more() {
		f, gen := g.replay.faces(g, spec)
		g.fromGen = gen && g.mode == Physical
		return f
	}
	if g.mode == Digital {
		g.faceBuf = spec.Roll(g.gen.Rand, g.faceBuf[:0])
		return g.faceBuf
	}
	g.wait(Request{Roll: &RollRequest{Table: table, Title: title, Label: join(label), Spec: spec, Mods: slices.Clone(mods), Shifts: slices.Clone(shifts)}})
	g.fromGen = g.gened
	return g.faces
}
