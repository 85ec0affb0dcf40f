package engine

import (
	"errors"
	"fmt"
	"slices"

	"github.com/schnell-wargames/schnell/dice"
	"github.com/schnell-wargames/schnell/gamelog"
)

// Divergence is the first event where a replay differs from its log.
type Divergence struct {
	Seq      int
	Line     int // line in the log file (the header is line 1)
	Expected string
	Found    string
	Why      string
}

func (d *Divergence) Error() string {
	why := ""
	if d.Why != "" {
		why = ": " + gamelog.Shorten(d.Why, QuoteBytes)
	}
	return fmt.Sprintf("line %d (seq %d) differs from the replayed game%s\n  log:    %s\n  replay: %s", d.Line, d.Seq, why,
		gamelog.Shorten(d.Expected, QuoteBytes), gamelog.Shorten(d.Found, QuoteBytes))
}

// QuoteBytes is how much of a line a divergence quotes (the longest event
// of a campaign is 500 bytes).
const QuoteBytes = 600

type replayState struct {
	log   *gamelog.Log   // the log read whole, or
	lines *gamelog.Lines // the log read as lines (Verify)
	n     int            // events to replay
	pos   int            // next logged event to match
	pause bool           // stop at the first pause after the last event
}

func (r *replayState) more() bool { return r.pos < r.n }

// logged is how many events the log holds.
func (r *replayState) logged() int {
	if r.lines != nil {
		return len(r.lines.Lines)
	}
	return len(r.log.Events)
}

// line is the logged line of event i (seq i+1: a log's events are read
// in order).
func (r *replayState) line(i int) string {
	if r.lines != nil {
		return r.lines.Lines[i]
	}
	return r.log.Lines[i]
}

// cur is the next logged event; a line that is not an event stops the
// replay, naming the line (a log read as lines is read as it is reached,
// each line into the memory of the one before: what the replay takes from
// an event, faces, chits, a decision's choice and scalar arguments, is
// copied or a string, and nothing else is kept).
func (r *replayState) cur() *gamelog.Event {
	if r.lines != nil {
		ev, err := r.lines.Event(r.pos)
		if err != nil {
			panic(&Fault{err})
		}
		return ev
	}
	return &r.log.Events[r.pos]
}

// ended is the divergence of a game that ended before its log.
func (r *replayState) ended() *Divergence {
	return &Divergence{Seq: r.pos + 1, Line: r.pos + 2, Expected: r.line(r.pos), Found: "(the game ended)"}
}

func (r *replayState) fail(g *Game, why, found string) {
	panic(&Fault{&Divergence{Seq: r.pos + 1, Line: r.pos + 2, Expected: r.line(r.pos), Found: found, Why: why}})
}

// faces takes the faces of the next logged roll, checking them against the
// spec and, for digital dice, against the generator.
func (r *replayState) faces(g *Game, spec dice.Spec) ([]int, bool) {
	ev := r.cur()
	if ev.Type != "roll" {
		r.fail(g, fmt.Sprintf("the rules roll %s here, the log has a %q event", spec, ev.Type), "(a roll of "+spec.String()+")")
	}
	v, _ := ev.Get("faces")
	faces := g.faceBuf[:0]
	for _, x := range v.L {
		faces = append(faces, x.I)
	}
	g.faceBuf = faces
	if err := spec.CheckFaces(faces); err != nil {
		r.fail(g, err.Error(), "(a roll of "+spec.String()+")")
	}
	gen := ev.Str("source") == "generator"
	if g.mode == Digital || gen {
		want := spec.Roll(g.gen.Rand, g.wantBuf[:0])
		g.wantBuf = want
		if !slices.Equal(want, faces) {
			r.fail(g, fmt.Sprintf("the log has faces %v but the game's generator rolls %v: a die was changed, or the log comes from another version", faces, want), fmt.Sprint(want))
		}
	}
	return faces, gen
}

// decision takes the next logged choice, which must be a legal option.
func (r *replayState) decision(g *Game, d *Decision) (int, Who, string) {
	ev := r.cur()
	if ev.Type != "decision" || ev.Str("kind") != d.Kind {
		r.fail(g, fmt.Sprintf("the rules ask for a %s decision here, the log has a %q event", d.Kind, ev.Type), "(decision "+d.Kind+")")
	}
	i, err := d.Find(ev.Str("choice"))
	if err != nil {
		r.fail(g, err.Error(), "(decision "+d.Kind+")")
	}
	who := Who(ev.Str("by"))
	switch who {
	case ByPlayer, ByScript, ByDefault, ByTable:
	default:
		r.fail(g, fmt.Sprintf("by %q: want player, script, default or table", who), "")
	}
	vals, err := d.argsFromLog(i, ev)
	if err != nil {
		r.fail(g, err.Error(), "(decision "+d.Kind+")")
	}
	as := ev.Str("as")
	if as != "" && who != ByPlayer {
		r.fail(g, fmt.Sprintf("as %q by %s: only the player's answers are made by a standing order", as, who), "")
	}
	d.answered(i, vals)
	return i, who, as
}

// check compares a replayed event with the logged one.
func (r *replayState) check(g *Game, ev *gamelog.Event) {
	got := ev.AppendJSON(g.buf[:0])
	g.buf = got
	// The line as read is the line as written, unless someone edited the
	// file by hand: then compare with the logged event written out again.
	asRead := r.pos < r.logged() && string(got) == r.line(r.pos)
	if !asRead && string(got) != string(r.cur().AppendJSON(nil)) {
		r.fail(g, "", string(got))
	}
	r.pos++
	if r.pos == r.n {
		// The replay is done: the game goes on live from here, and stops
		// at its next pause or question, where play stopped when the log
		// was written (nothing is played that the player has not seen).
		g.replay = nil
		if r.pause {
			g.level = 0
		}
	}
}

// Replay rebuilds a game from a log: the same rules run with the logged dice
// and decisions, and every event must equal its logged line. After the last
// logged event the game goes on live (it waits for the player where the log
// stopped). upto limits the replay to the first upto events (0: all).
func Replay(def *Definition, lg *gamelog.Log, upto int, cfg Config) (*Game, error) {
	n := Checked(lg, upto)
	var r *replayState
	if n > 0 {
		// Play stopped where the log ends, at a pause or a question, unless
		// a decider failed: then at the decision it failed.
		r = &replayState{log: lg, n: n, pause: n == len(lg.Events) || upto > 0}
	}
	return replay(def, lg.Header, r, cfg, true)
}

// Verify is Replay of a whole log read as lines (gamelog.ReadLines), for
// `schnell replay --verify`: the same checks, but the game keeps no
// history (it cannot be undone or saved; Replay's game can), and an event
// line is read only when the replay reaches it and takes something from
// it (a roll, a decision, a draw); the others are compared with their
// lines as they are. It returns the game and the number of events checked.
func Verify(def *Definition, lg *gamelog.Lines, cfg Config) (*Game, int, error) {
	n := len(lg.Lines)
	for n > 0 {
		ev, err := lg.Event(n - 1)
		if err != nil {
			return nil, 0, err
		}
		if ev.Type != "error" {
			break
		}
		n-- // as Checked
	}
	var r *replayState
	if n > 0 {
		r = &replayState{lines: lg, n: n, pause: n == len(lg.Lines)}
	}
	g, err := replay(def, lg.Header, r, cfg, false)
	return g, n, err
}

func replay(def *Definition, h gamelog.Header, r *replayState, cfg Config, keep bool) (*Game, error) {
	if h.Game != def.Name {
		return nil, fmt.Errorf("the log is a game of %q, not %q", h.Game, def.Name)
	}
	if h.Rules != def.Rules {
		return nil, &RulesError{Game: def.Name, Log: h.Rules, Program: def.Rules}
	}
	mode, err := ParseMode(h.Dice)
	if err != nil {
		return nil, err
	}
	cfg.Def, cfg.Seed, cfg.Mode, cfg.Options = def, h.Seed, mode, h.Options
	if cfg.Tables == nil {
		if cfg.Tables, err = def.TablesFor(h.Options); err != nil {
			return nil, err
		}
	}
	g, err := New(cfg)
	if err != nil {
		return nil, fmt.Errorf("replay: %w", err)
	}
	if g.header.Tables != h.Tables {
		return nil, fmt.Errorf("the log was played with table set %s, these tables are %s: load it with the same --tables", h.Tables, g.header.Tables)
	}
	g.replay = r
	// Run through the logged events; stop when the replay is over. Nobody
	// reads the events each step returns meanwhile.
	g.collect = false
	defer func() { g.collect = true }()
	g.keep = keep
	if keep && r != nil {
		g.history = make([]gamelog.Event, 0, r.n)
	}
	for g.replay != nil && g.err == nil && !g.over {
		if _, err := g.advance(NoPause); err != nil {
			return nil, err
		}
		if g.replay != nil && g.pend != nil && g.pend.Pause == "" {
			return nil, errors.New("replay: the game waits for the player inside the logged events")
		}
	}
	if g.err != nil {
		return nil, g.err
	}
	if g.over && g.replay != nil && g.replay.more() {
		return nil, g.replay.ended()
	}
	return g, nil
}

// Checked is how many events of lg a replay up to upto (0: all) checks
// against their lines: the events a game played after them (the rules
// rolling on to the next decision) are not in the log and not checked.
func Checked(lg *gamelog.Log, upto int) int {
	n := len(lg.Events)
	for n > 0 && lg.Events[n-1].Type == "error" {
		n-- // a decider's failure ended the game: replay to the decision it failed
	}
	if upto > 0 && upto < n {
		n = upto
	}
	return n
}

// Undo returns a new game replayed to just before the last decision, which
// is pending again (or, after a decider's failure, the decision it failed). Digital dice are not rolled again: the replay restores
// the generator, so the same answers meet the same dice. With physical
// dice the faces typed after the decision are taken back too: the game
// asks for them again (a mistyped face is corrected this way).
func (g *Game) Undo() (*Game, error) {
	if n := len(g.history); n > 0 && g.history[n-1].Type == "error" {
		// A decider failed: undo is the decision it failed, now the player's.
		return replayTo(g, g.AsLog(), n-1)
	}
	last := -1
	for i := len(g.history) - 1; i >= 0; i-- {
		if g.history[i].Type == "decision" {
			last = i
			break
		}
	}
	if last < 0 {
		return nil, errors.New("nothing to undo: no decision has been made yet")
	}
	return replayTo(g, g.AsLog(), last)
}

// UndoRoll returns a new game replayed to just before the last roll whose
// faces the player typed (physical dice), which is asked again.
func (g *Game) UndoRoll() (*Game, error) {
	if g.mode != Physical {
		return nil, errors.New("with digital dice the program rolls and undo never re-rolls: `undo` takes back a decision")
	}
	last := -1
	for i := len(g.history) - 1; i >= 0; i-- {
		if e := &g.history[i]; e.Type == "roll" && e.Str("source") != "generator" {
			last = i
			break
		}
	}
	if last < 0 {
		return nil, errors.New("no typed roll to take back")
	}
	return replayTo(g, g.AsLog(), last)
}

func replayTo(g *Game, lg *gamelog.Log, upto int) (*Game, error) {
	cfg := Config{Def: g.def, Tables: g.tabs}
	if upto == 0 {
		opts := g.header.Options
		ng, err := New(Config{Def: g.def, Tables: g.tabs, Seed: g.header.Seed, Mode: g.mode, Options: opts})
		if err != nil {
			return nil, err
		}
		_, err = ng.Step(NoPause)
		return ng, err
	}
	ng, err := Replay(g.def, lg, upto, cfg)
	if err != nil {
		return nil, err
	}
	if !ng.over && (ng.pend == nil || ng.pend.Pause != "") {
		_, err = ng.Step(NoPause) // on to the decision undone
	}
	return ng, err
}

// AsLog returns the game's history as a log (header and lines).
func (g *Game) AsLog() *gamelog.Log {
	lg := &gamelog.Log{Header: g.header, Events: g.history, Lines: make([]string, len(g.history))}
	for i := range g.history {
		lg.Lines[i] = string(g.history[i].AppendJSON(nil))
	}
	return lg
}

// RulesError refuses a log played under another version of the game's
// rules: replayed, it would diverge somewhere in the middle.
type RulesError struct {
	Game         string
	Log, Program int // rules versions (0: none recorded)
}

func (e *RulesError) Error() string {
	// Version 0 is no version: a log made before the game recorded one, or
	// a game that declares none.
	played := fmt.Sprintf("the log was played under %s rules version %d", e.Game, e.Log)
	if e.Log == 0 {
		played = fmt.Sprintf("the log was made before %s rules versions were recorded", e.Game)
	}
	plays := fmt.Sprintf("this program plays version %d", e.Program)
	if e.Program == 0 {
		plays = "this program's " + e.Game + " rules record no version"
	}
	return played + ", and " + plays + ": a log only replays under the rules that played it (use the schnell release that wrote it)"
}
