package engine

import (
	"errors"
	"fmt"
	"slices"

	"github.com/schnell-wargames/schnell/gamelog"
	"github.com/schnell-wargames/schnell/tables"
)

// The kernel's events around a game played inside another (Ctx.Play).
const (
	// EvInnerStart begins an inner game: game, rules (its version, when
	// it has one), tables (its table set's digest), options (those a log
	// header would name, as an object). The events up to the matching
	// EvInnerEnd are the inner game's, as its log-format document has them.
	EvInnerStart EventType = "inner_start"
	// EvInnerEnd ends it: game.
	EvInnerEnd EventType = "inner_end"
)

// Inner is a game played inside another game's rules (Ctx.Play): one
// game's rules running another's, as a battle of a miniatures referee
// fought inside a campaign's combat. The inner game rolls with the outer
// game's dice, writes to its log (between an inner_start and an inner_end
// event), is replayed and undone with it; its decisions go to whoever its
// Seats say.
type Inner struct {
	Def *Definition
	// Options override Def's defaults (as Config.Options).
	Options []gamelog.Option
	// Tables is the inner game's table set (nil: Def's booklet for the
	// options). Its digest is logged, so a replay under other tables says
	// so.
	Tables *tables.Set
	// Seats say who plays each of Def's sides; a side not listed is played
	// as Seat{As: ""} (whoever plays the outer game's own decisions).
	Seats []Seat
	// Pause is the outer game's pause level the inner game's pauses are
	// marked at (0: 1, the outer game's smallest).
	Pause int
	// Observe, when set, sees each of the inner game's events as it is
	// made, in a replay too (valid only during the call, as an
	// Observer's): what the outer game reads back besides the inner
	// game's final state (who sank whom).
	Observe Observer
}

// Seat is who plays one side of an inner game.
type Seat struct {
	Side string // the inner game's side ("": its decisions of no side)
	// As is the outer game's side whose player or decider plays it (""
	// the outer game's own decisions': the player, or the decider that
	// answers the whole game). A decider that does not play the inner game
	// (Plays) leaves it to the inner game's reference player.
	As string
	// Reference gives the side to the inner game's reference player
	// (Def.Reference), whoever plays the outer game.
	Reference bool
	// Commander: Side is not one of Def's sides but a name its options
	// give to some of its decisions (Schnell Rules' cmd=NAME: a vessel
	// commanded apart from its side, as a two-player campaign's Boat #2).
	Commander bool
}

// Plays is implemented by a Decider that also answers the decisions of a
// game played inside its own (a Kommandant script that commands its
// squadron in a battle): Plays(game) says whether it takes that game's.
// A decider that does not implement it takes only its own game's: an
// inner game's decisions routed to it go to the inner game's reference
// player instead.
type Plays interface {
	Plays(game string) bool
}

// innerRun is an inner game being played.
type innerRun struct {
	def   *Definition
	rules Rules
	seats []Seat
	ref   Decider // the inner game's reference player (nil: none)
	pause int
}

// seat is the seat of side (Seat{Side: side} when none is given).
func (r *innerRun) seat(side string) Seat {
	for _, s := range r.seats {
		if s.Side == side {
			return s
		}
	}
	return Seat{Side: side}
}

// Play plays the inner game in.Def inside these rules, to its end, and
// returns its rules (the result the outer game reads back: vessels sunk,
// damage taken). Its events are logged between an inner_start and an
// inner_end; the inner game's rolls, decisions and pauses are the outer
// game's (the same dice, log, replay and undo). An inner game's error ends
// the whole game.
func (c *Ctx) Play(in Inner) Rules {
	g := c.g
	def := in.Def
	if def == nil {
		c.Fail(errors.New("rules play an inner game without its definition"))
	}
	opts, err := def.MergeOptions(in.Options)
	if err != nil {
		c.Fail(fmt.Errorf("%s inside %s: %w", def.Name, g.def.Name, err))
	}
	tabs := in.Tables
	if tabs == nil {
		if tabs, err = def.TablesFor(opts); err != nil {
			c.Fail(fmt.Errorf("%s inside %s: %w", def.Name, g.def.Name, err))
		}
	}
	rules, err := def.New(opts, tabs)
	if err != nil {
		c.Fail(fmt.Errorf("%s inside %s: %w", def.Name, g.def.Name, err))
	}
	run := &innerRun{def: def, rules: rules, seats: in.Seats, pause: max(in.Pause, 1)}
	if def.Reference != nil {
		run.ref = def.Reference(rules)
	}
	for _, s := range in.Seats {
		if err := def.checkSide(s.Side); s.Side != "" && !s.Commander && err != nil {
			c.Fail(fmt.Errorf("%s inside %s: %w", def.Name, g.def.Name, err))
		}
		if s.Reference && run.ref == nil {
			c.Fail(fmt.Errorf("%s inside %s: side %s is given to the reference player, and %s has none", def.Name, g.def.Name, s.Side, def.Name))
		}
	}
	hopts := def.headerOptions(opts)
	c.checkInner(def, tabs)
	c.emitInnerStart(def, tabs, hopts)
	if !slices.Contains(g.innerDefs, def) {
		g.innerDefs = append(g.innerDefs, def)
	}
	ic := &Ctx{g: g, tabs: tabs, opts: hopts, in: run}
	g.inner = append(g.inner, run)
	at := len(g.observers)
	if in.Observe != nil {
		g.observers = append(g.observers, in.Observe)
	}
	rules.Play(ic)
	if in.Observe != nil && at < len(g.observers) {
		g.observers = slices.Delete(g.observers, at, at+1)
	}
	g.inner = g.inner[:len(g.inner)-1]
	c.Emit(EvInnerEnd, gamelog.Str("game", def.Name))
	return rules
}

func (c *Ctx) emitInnerStart(def *Definition, tabs *tables.Set, opts []gamelog.Option) {
	var f [4]gamelog.Field
	fields := append(f[:0], gamelog.Str("game", def.Name))
	if def.Rules != 0 {
		fields = append(fields, gamelog.Int("rules", def.Rules))
	}
	fields = append(fields, gamelog.Str("tables", tabs.Digest()))
	if len(opts) > 0 {
		o := c.Object(len(opts))
		for i, x := range opts {
			o[i] = gamelog.Str(x.Name, x.Value)
		}
		fields = append(fields, gamelog.Field{Key: "options", Val: gamelog.ObjV(o...)})
	}
	c.Emit(EvInnerStart, fields...)
}

// checkInner refuses, in a replay, an inner game logged under another
// version of its rules or other tables, in those words (the line would
// differ anyway, but "line N differs" would not say why).
func (c *Ctx) checkInner(def *Definition, tabs *tables.Set) {
	g := c.g
	if g.replay == nil || !g.replay.more() {
		return
	}
	ev := g.replay.cur()
	if ev.Type != string(EvInnerStart) || ev.Str("game") != def.Name {
		return
	}
	line := g.replay.pos + 2
	if v, _ := ev.Get("rules"); v.I != def.Rules {
		c.Fail(fmt.Errorf("line %d: %w", line, &RulesError{Game: def.Name, Log: v.I, Program: def.Rules}))
	}
	if t := ev.Str("tables"); t != tabs.Digest() {
		c.Fail(fmt.Errorf("line %d: the log's %s game was played with table set %s, these tables are %s: load it with the same tables", line, def.Name, t, tabs.Digest()))
	}
}

// seatDecider is who answers side's decisions at nesting depth k (0: the
// outer game; k: g.inner[k-1]): a side's decider, the game's, or, inside,
// what the inner game's seat says. Nil: the player.
func (g *Game) seatDecider(k int, side string) Decider {
	if k == 0 {
		if side != "" {
			if dec, ok := g.SideDecider(side); ok {
				return dec
			}
		}
		return g.decider
	}
	run := g.inner[k-1]
	s := run.seat(side)
	if s.Reference {
		return run.ref
	}
	dec := g.seatDecider(k-1, s.As)
	if dec != nil && !playsGame(dec, run.def.Name) {
		if run.ref == nil {
			return noReference{run.def.Name}
		}
		return run.ref
	}
	return dec
}

// outerSide is the outer game's side that plays side at depth k, or ok
// false when the inner game's reference player does.
func (g *Game) outerSide(k int, side string) (string, bool) {
	for ; k > 0; k-- {
		s := g.inner[k-1].seat(side)
		if s.Reference {
			return "", false
		}
		side = s.As
	}
	return side, true
}

func playsGame(dec Decider, game string) bool {
	p, ok := dec.(Plays)
	return ok && p.Plays(game)
}

// noReference answers an inner game's decision routed to a decider that
// does not play it, when the inner game has no reference player either.
type noReference struct{ game string }

func (n noReference) Decide(*Decision) (int, error) {
	return 0, fmt.Errorf("nobody plays the %s game inside this one: the decider of this game does not play it and %s has no reference player", n.game, n.game)
}
func (noReference) Who() Who { return ByDefault }

// Inner returns the innermost game being played inside this one
// (Ctx.Play): its definition and rules; ok is false when none is.
func (g *Game) Inner() (def *Definition, r Rules, ok bool) {
	if n := len(g.inner); n > 0 {
		return g.inner[n-1].def, g.inner[n-1].rules, true
	}
	return nil, nil, false
}

// RulesOf returns the rules of the game called name being played: this
// game's own, or an inner game's (the innermost of that name); nil when
// none is. A game's commands find their rules this way whether the game
// is played alone or inside another.
func (g *Game) RulesOf(name string) Rules {
	for i := len(g.inner) - 1; i >= 0; i-- {
		if g.inner[i].def.Name == name {
			return g.inner[i].rules
		}
	}
	if g.def.Name == name {
		return g.rules
	}
	return nil
}

// DefinitionOf returns the definition of the game called name: this
// game's, or one that has been played inside it; nil if none.
func (g *Game) DefinitionOf(name string) *Definition {
	if g.def.Name == name {
		return g.def
	}
	for _, d := range g.innerDefs {
		if d.Name == name {
			return d
		}
	}
	return nil
}

// Within follows, as the events of a game go by, which game each belongs
// to: the outer game's, or an inner game's (between its inner_start and
// inner_end). The zero value starts in the outer game; Game.Within starts
// where the game is now.
type Within struct{ games []string }

// Within is where the game's next event will be: inside the inner games
// being played now.
func (g *Game) Within() Within {
	w := Within{}
	for _, r := range g.inner {
		w.games = append(w.games, r.def.Name)
	}
	return w
}

// Game is the name of the game an event belongs to ("": the outer game):
// call it for every event in order, e included. inner_start and inner_end
// belong to the game they are logged in.
func (w *Within) Game(e *gamelog.Event) string {
	here := w.Here()
	switch e.Type {
	case string(EvInnerStart):
		w.games = append(w.games, e.Str("game"))
	case string(EvInnerEnd):
		if n := len(w.games); n > 0 {
			w.games = w.games[:n-1]
		}
	}
	return here
}

// Here is the game the next event belongs to ("": the outer game).
func (w *Within) Here() string {
	if n := len(w.games); n > 0 {
		return w.games[n-1]
	}
	return ""
}

// Clone is a copy of w that goes on apart from it.
func (w Within) Clone() Within { return Within{games: slices.Clone(w.games)} }
