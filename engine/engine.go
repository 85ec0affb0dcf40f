package engine

import (
	"errors"
	"fmt"
	"io"
	"iter"
	"math"
	"runtime/debug"
	"slices"
	"strconv"
	"strings"
	"sync/atomic"

	"github.com/schnell-wargames/schnell/dice"
	"github.com/schnell-wargames/schnell/gamelog"
	"github.com/schnell-wargames/schnell/tables"
)

// Rules is a game's rule program. Play runs the game from its start to its
// end and touches the world only through c.
type Rules interface {
	Play(c *Ctx)
}

// Mode is how dice are rolled.
type Mode uint8

const (
	Digital  Mode = iota // the engine rolls
	Physical             // the engine asks for the faces the player rolled
)

func (m Mode) String() string {
	if m == Physical {
		return "physical"
	}
	return "digital"
}

// ParseMode reads "digital" or "physical".
func ParseMode(s string) (Mode, error) {
	switch s {
	case "digital":
		return Digital, nil
	case "physical":
		return Physical, nil
	}
	return 0, fmt.Errorf("dice mode %q: want digital or physical", s)
}

// Who made a decision.
type Who string

const (
	ByPlayer  Who = "player"
	ByScript  Who = "script"
	ByDefault Who = "default" // the game's built-in reference player
)

// Decision is a choice the rules wait for.
type Decision struct {
	Kind    string
	Prompt  string
	Options []Option
	Default int // index into Options
	same    int // 1 + the option that repeats the last answer (SetSame); 0: none
	stand   int // 1 + the option the player's standing order picks (SetStanding); 0: none
	// Side owns the decision ("": the game's one player; TableSide: the
	// physical table, always asked at the prompt).
	Side string
	got  *ArgValues // the answer's arguments, if any (args.go): nil or &gotv
	gotv ArgValues
	// valBuf holds the values of a decider's answer (argsFromMap).
	valBuf []gamelog.Value

	refused []refusal // orders the rules refuse here, and why (Refuse)
	why     []string  // the parts of their reasons
	asker   *Game     // the game that asks it (Ctx.Ask): refusals are kept only if someone may read them

	quiet, quietKnown bool   // asker.unread(d), known for the side quietSide (Refuse)
	quietSide         string // the side it was asked for

	lent []lentFacts // options with the facts of the one before (AddLike)

	// lateRefusing: Ctx.Pick builds d for a LateRefuser, and Refuse keeps
	// nothing; the refusals are built when an answer needs them.
	lateRefusing bool
}

// Option is one legal answer to a decision.
type Option struct {
	Name    string          // one word: "choose NAME"
	Text    string          // what it means, for the player
	Command string          // the REPL command that makes this choice; "" = "choose NAME"
	Facts   []gamelog.Field // what a script needs to know to choose
	Args    []Arg           // typed values the option asks for (args.go)
	// Check, when set, is the rule's test of a whole answer with its
	// arguments (a gun that reaches the range typed), run after each
	// argument's own, for an option without arguments too: its error,
	// the rule's reason, is what the player and the script see, and a
	// refused answer is never logged. (A refusal that needs no answer
	// to judge is Decision.Refuse: the option is then not offered.)
	Check func(a ArgValues) error
	// Brief, when set, lists the option at the prompt by its command
	// alone, on one line with the others of the same Brief, which says
	// what they are ("a boat aborts alone (4.9)"): for a run of options
	// alike but for one word. Scripts see it as any other option.
	Brief string
}

// CommandFor is the REPL command that picks option i.
func (d *Decision) CommandFor(i int) string {
	if c := d.Options[i].Command; c != "" {
		return c
	}
	return "choose " + d.Options[i].Name
}

// reset empties d to be asked again, keeping its storage, so that asking
// allocates nothing once its options have grown (Ctx.Ask resets the
// kernel's decision of a kind). A decision may be refilled once it is
// answered. Games start every decision with Ctx.Ask: there is no other
// way (the kernel's test of the game packages refuses a Decision literal).
func (d *Decision) reset(kind, prompt string) {
	d.Kind, d.Prompt, d.Default, d.Side, d.same, d.stand = kind, prompt, 0, "", 0, 0
	d.Options = d.Options[:0] // (Ask gives lent facts back first: giveBack)
	d.refused, d.why, d.asker = d.refused[:0], d.why[:0], nil
	d.quietKnown, d.lateRefusing = false, false
}

// SetSame marks option i as the one that repeats the last answer (an
// unchanged speed): a front end may take it by itself for the player, who
// is told so. It changes nothing in the log: the decision is logged as
// the player's.
func (d *Decision) SetSame(i int) { d.same = i + 1 }

// Same returns the option that repeats the last answer, if the rules marked
// one.
func (d *Decision) Same() (int, bool) { return d.same - 1, d.same > 0 && d.same <= len(d.Options) }

// Add appends an option and returns it; it reuses the storage (Facts too)
// of an option d held before it was asked again.
func (d *Decision) Add(name, text, command string) *Option {
	n := len(d.Options)
	if n < cap(d.Options) {
		d.Options = d.Options[:n+1]
	} else {
		d.Options = append(d.Options, Option{})
	}
	o := &d.Options[n]
	o.Name, o.Text, o.Command, o.Facts, o.Args, o.Brief, o.Check = name, text, command, o.Facts[:0], nil, "", nil
	return o
}

// AddLike appends an option as Add does, with the facts of the option
// added last: an order alike to it, whose facts are the same (another
// weapon at the same unit). The facts are shared, not copied (the rules
// add none to them).
func (d *Decision) AddLike(name, text, command string) *Option {
	n := len(d.Options)
	o := d.Add(name, text, command)
	if n > 0 {
		d.lent = append(d.lent, lentFacts{n, o.Facts}) // its own, back at reset
		f := d.Options[n-1].Facts
		o.Facts = f[:len(f):len(f)] // an append makes its own
	}
	return o
}

// giveBack gives each option whose facts were lent (AddLike) its own
// storage back.
func (d *Decision) giveBack() {
	all := d.Options[:cap(d.Options)]
	for _, l := range d.lent {
		all[l.i].Facts = l.own
	}
	d.lent = d.lent[:0]
}

// lentFacts is an option whose facts another lent it (AddLike), and the
// storage of its own.
type lentFacts struct {
	i   int
	own []gamelog.Field
}

// Find resolves an answer (an option name, case-insensitive, or a number
// 1..n) to an option index.
func (d *Decision) Find(answer string) (int, error) {
	a := strings.TrimSpace(answer)
	if n, err := strconv.Atoi(a); err == nil {
		if n >= 1 && n <= len(d.Options) {
			return n - 1, nil
		}
		return -1, fmt.Errorf("no option %d: %s", n, d.optionList())
	}
	for i, o := range d.Options {
		if strings.EqualFold(o.Name, a) {
			return i, nil
		}
	}
	if why, ok := d.Refusal(a); ok {
		return -1, errors.New(why)
	}
	return -1, fmt.Errorf("%q is not an answer to this question: %s", a, d.optionList())
}

func (d *Decision) optionList() string {
	var b strings.Builder
	b.WriteString("choose ")
	for i, o := range d.Options {
		switch {
		case i == 0:
		case i == len(d.Options)-1:
			b.WriteString(" or ")
		default:
			b.WriteString(", ")
		}
		fmt.Fprintf(&b, "%d (%s)", i+1, o.Name)
	}
	return b.String()
}

// RollRequest is a physical roll the rules wait for.
type RollRequest struct {
	Table string // table id, or "" for a plain dice roll
	Title string
	Label string // what the roll is for (e.g. a crewman)
	Spec  dice.Spec
	Mods  []tables.Applied
	// Shifts move a two-dimensional table's reading along its fact's axis.
	Shifts []tables.Applied
	// Throw, if not nil, is a throw of several labelled dice (Spec is
	// then unused): the player types every face, by label or in order.
	Throw *dice.Throw
}

// Dice names the dice the request waits for: "1D10", or a throw's
// "1D20 hit, 1D6 white, 1D6 red".
func (r *RollRequest) Dice() string {
	if r.Throw != nil {
		return r.Throw.String()
	}
	return r.Spec.String()
}

// Request is what the game waits for: a roll, a decision, or a pause (a
// point where a front end may stop stepping; nothing to answer).
type Request struct {
	Roll     *RollRequest
	Decision *Decision
	Draw     *DrawRequest // draw.go
	Pause    string
	Level    int // of a pause: 1 is the game's smallest (Definition.Pauses)
}

// Decider answers decisions without the player (a script, the game's
// reference player). It returns an option index.
type Decider interface {
	Decide(d *Decision) (int, error)
	Who() Who
}

// Blind is implemented by a Decider that reads no wording: not a
// decision's Prompt nor its options' Text (TakeDefault, which takes the
// option the rules mark as Default): Ctx.Decide then makes no wording, and
// Ctx.Ask keeps no refusals.
type Blind interface {
	Blind() bool
}

// BlindTo is implemented by a Decider that reads the wording of some kinds
// of decision only (a script that leaves the other kinds to the game's
// reference player): for a kind it is blind to, Ctx.Decide makes no
// wording and Ctx.Ask keeps no refusals, as for a Blind decider.
type BlindTo interface {
	BlindTo(kind string) bool
}

func blind(dec Decider, d *Decision) bool {
	b := ways{dec: dec}
	b.blindTo, _ = dec.(BlindTo)
	b.blind, _ = dec.(Blind)
	return b.blindFor(d)
}

// ErrHandBack, returned by a Decider, hands the decision (and the ones
// after it) back to the player: the decider is detached and the game waits.
var ErrHandBack = errors.New("decision handed back to the player")

// Observer sees every event as it is made (after it is logged). The event
// is valid only during the call.
type Observer func(e *gamelog.Event)

// Config starts a game.
type Config struct {
	Def     *Definition
	Tables  *tables.Set // nil: the Definition's booklet for the options
	Seed    uint64
	Mode    Mode
	Options []gamelog.Option // overrides of Def.Options
	// Watch sees the game as it is played or replayed, from its first
	// event (nil: nobody): a front end that draws a game as it goes, such
	// as the replay sheet taking its pictures at every turn's end.
	Watch Watcher
}

// Watcher sees a game as it is played or replayed (Config.Watch). It must
// not play the game (answer, step) from its calls.
type Watcher interface {
	// Event is each event after it is made; e is valid during the call
	// only.
	Event(g *Game, e *gamelog.Event)
	// Pause is each pause the rules reach (Ctx.Pause), whether or not a
	// front end stops there.
	Pause(g *Game, name string, level int)
}

// Game is a running game: its rules, generator, history and what it waits for.
type Game struct {
	def    *Definition
	tabs   *tables.Set
	header gamelog.Header
	rules  Rules
	gen    *dice.Generator
	mode   Mode
	ctx    Ctx

	next      func() (Request, bool)
	stop      func()
	stopAsked atomic.Bool // Interrupt: stop at the next pause
	yield     func(Request) bool
	start     bool
	over      bool
	err       error
	pend      *Request
	answer    int
	faces     []int
	who       Who
	as        string // the standing order that made the player's answer (ChooseAs)
	gened     bool   // the pending physical roll was handed to the generator
	fromGen   bool   // the last roll's faces came from the generator in physical mode

	decider   Decider
	observers []Observer
	log       *gamelog.Writer
	keep      bool // keep history
	history   []gamelog.Event
	lines     int // events made
	out       []gamelog.Event
	collect   bool

	rolls  int // dice rolls made
	replay *replayState
	buf    []byte
	level  int // the pause level the current Step stops at

	arena   gamelog.Arena // fields and values of the events kept
	faceBuf []int         // the faces of the last digital or replayed roll
	wantBuf []int         // the generator's faces for a replayed roll
	seen    gamelog.Event // the event observers see (valid during the call)
	ext     extras        // sides, arguments, cups, draws, schedules (sides.go)

	ways      ways          // the optional interfaces of the decider last asked (ways.go)
	watch     Watcher       // Config.Watch
	inner     []*innerRun   // the games running inside this one, outermost first (inner.go)
	innerDefs []*Definition // every game that has run inside this one (DefinitionOf)
}

var errStop = errors.New("engine: stopped")

// Fault is an error raised by the rules (or a decider) that ends the game.
type Fault struct{ Err error }

func (f *Fault) Error() string { return f.Err.Error() }
func (f *Fault) Unwrap() error { return f.Err }

// New makes a game that has not started (call Step).
func New(cfg Config) (*Game, error) {
	if cfg.Def == nil {
		return nil, errors.New("engine: no game definition")
	}
	opts, err := cfg.Def.MergeOptions(cfg.Options)
	if err != nil {
		return nil, err
	}
	tabs := cfg.Tables
	if tabs == nil {
		if tabs, err = cfg.Def.TablesFor(opts); err != nil {
			return nil, err
		}
	}
	rules, err := cfg.Def.New(opts, tabs)
	if err != nil {
		return nil, err
	}
	g := &Game{
		def:   cfg.Def,
		tabs:  tabs,
		rules: rules,
		gen:   dice.NewGenerator(cfg.Seed),
		mode:  cfg.Mode,
		keep:  true,
		header: gamelog.Header{
			Format: gamelog.FormatName, Version: gamelog.Version, Game: cfg.Def.Name,
			Seed: cfg.Seed, Dice: cfg.Mode.String(), Options: cfg.Def.headerOptions(opts), Tables: tabs.Digest(),
			Rules: cfg.Def.Rules,
		},
		collect: true,
	}
	g.ctx.g, g.ctx.tabs, g.ctx.opts = g, tabs, g.header.Options
	if w := cfg.Watch; w != nil {
		g.watch = w
		g.Observe(func(e *gamelog.Event) { w.Event(g, e) })
	}
	return g, nil
}

// MergeOptions applies overrides to the defaults; an unknown option, or a
// value the option does not take, is an error that lists what it takes.
func (d *Definition) MergeOptions(over []gamelog.Option) ([]gamelog.Option, error) {
	out := d.Defaults()
	for _, o := range over {
		i := slices.IndexFunc(out, func(x gamelog.Option) bool { return x.Name == o.Name })
		if i < 0 {
			names := make([]string, len(d.Options))
			for j, x := range d.Options {
				names[j] = x.Name
			}
			if len(names) == 0 {
				return nil, fmt.Errorf("unknown game option %q: %s has no options", o.Name, d.Name)
			}
			return nil, fmt.Errorf("unknown game option %q (options: %s)", o.Name, strings.Join(names, ", "))
		}
		if v := d.Options[i].Values; len(v) > 0 && !slices.Contains(v, o.Value) {
			return nil, fmt.Errorf("game option %s=%q: want %s", o.Name, o.Value, orList(v))
		}
		out[i].Value = o.Value
	}
	return out, nil
}

// Header is the log header of this game.
func (g *Game) Header() gamelog.Header { return g.header }

// Rules returns the game's rules (for game-specific views).
func (g *Game) Rules() Rules { return g.rules }

// Tables returns the game's table set.
func (g *Game) Tables() *tables.Set { return g.tabs }

// Mode is the dice mode.
func (g *Game) Mode() Mode { return g.mode }

// Over reports whether the game has ended.
func (g *Game) Over() bool { return g.over }

// Err is the error that stopped the game, if any.
func (g *Game) Err() error { return g.err }

// Pending is what the game waits for, or nil.
func (g *Game) Pending() *Request { return g.pend }

// History is every event so far (unless KeepHistory(false)).
func (g *Game) History() []gamelog.Event { return g.history }

// Rolls is the number of dice rolls made so far.
func (g *Game) Rolls() int { return g.rolls }

// logOnly reports whether the log is the only reader of events: the
// engine's own events may then go to it without being built.
func (g *Game) logOnly() bool {
	return g.log != nil && !g.keep && !g.collect && len(g.observers) == 0 && g.replay == nil
}

// keeps reports whether events outlive emit (the history, the events Step
// returns): their fields are then copied into the arena.
func (g *Game) keeps() bool { return g.keep || g.collect }

// keepsBuilt reports whether the events the engine builds are kept as
// built (a replay keeps the logged events instead).
func (g *Game) keepsBuilt() bool { return g.keeps() && g.replay == nil }

// silent reports whether nobody reads events at all (batch runs with no
// log, no observer, no replay): the engine then builds none.
func (g *Game) silent() bool {
	return !g.keep && !g.collect && g.log == nil && len(g.observers) == 0 && g.replay == nil
}

// Seq is the number of events made so far.
func (g *Game) Seq() int { return g.lines }

// SetDecider hands decisions to d (nil: the player answers).
func (g *Game) SetDecider(d Decider) { g.decider = d }

// Decider returns the current decider.
func (g *Game) Decider() Decider { return g.decider }

// Observe adds an observer of events. An observer must not keep the event
// it is given (nor its fields) past the call: copy what it needs.
func (g *Game) Observe(o Observer) { g.observers = append(g.observers, o) }

// KeepHistory turns the in-memory history on or off (off for batch runs
// that stream their log; undo and save need it on).
func (g *Game) KeepHistory(on bool) { g.keep = on }

// CollectEvents turns on or off the collection of events that Step and the
// answers return.
func (g *Game) CollectEvents(on bool) { g.collect = on }

// WriteLog writes the header and the history so far to w, then appends every
// new event to it. Flush happens whenever the game waits or ends.
func (g *Game) WriteLog(w io.Writer) error {
	g.log = gamelog.NewWriter(w, &g.header)
	for i := range g.history {
		g.log.Append(&g.history[i])
	}
	return g.log.Flush()
}

// StopLog detaches the log writer (after flushing it).
func (g *Game) StopLog() error {
	if g.log == nil {
		return nil
	}
	err := g.log.Flush()
	g.log = nil
	return err
}

// Step advances until the game waits for the player, reaches a pause of
// at least level (0: any pause; a large level: no pauses), or ends. It
// returns the events made meanwhile.
func (g *Game) Step(level int) ([]gamelog.Event, error) {
	if d := g.pendingDecision(); d != nil && g.deciderFor(d) != nil {
		// A decider attached while the decision waited (a script taking
		// over) answers it now.
		dec := g.deciderFor(d) // a decider may detach itself while deciding
		i, vals, err := argsOf(dec, d)
		if errors.Is(err, ErrHandBack) {
			g.handBack(d, dec)
			return nil, nil
		}
		if err != nil {
			return nil, err
		}
		if i < 0 || i >= len(d.Options) {
			return nil, fmt.Errorf("%s answered %s with option %d: %s", dec.Who(), d.Kind, i+1, d.optionList())
		}
		return g.choose(i, vals, dec.Who(), level)
	}
	if g.pend != nil && g.pend.Pause == "" {
		return nil, nil
	}
	return g.advance(level)
}

// Choose answers the pending decision with an option name or number.
func (g *Game) Choose(answer string, who Who, level int) ([]gamelog.Event, error) {
	d := g.pendingDecision()
	if d == nil {
		return nil, errors.New("no decision is pending")
	}
	i, err := d.Find(answer)
	if err != nil {
		return nil, err
	}
	return g.ChooseIndex(i, who, level)
}

// ChooseIndex answers the pending decision with option i.
func (g *Game) ChooseIndex(i int, who Who, level int) ([]gamelog.Event, error) {
	d := g.pendingDecision()
	if d == nil {
		return nil, errors.New("no decision is pending")
	}
	if i < 0 || i >= len(d.Options) {
		return nil, fmt.Errorf("no option %d: %s", i+1, d.optionList())
	}
	vals, err := d.defaultArgs(i)
	if err != nil {
		return nil, err
	}
	return g.choose(i, vals, who, level)
}

func (g *Game) pendingDecision() *Decision {
	if g.pend == nil || g.pend.Decision == nil {
		return nil
	}
	return g.pend.Decision
}

// RollFaces answers the pending physical roll with the faces typed.
func (g *Game) RollFaces(words []string, level int) ([]gamelog.Event, error) {
	if g.pend == nil || g.pend.Roll == nil {
		return nil, errors.New("no roll is pending")
	}
	var faces []int
	var err error
	if th := g.pend.Roll.Throw; th != nil {
		faces, err = th.ParseFaces(words)
	} else {
		faces, err = g.pend.Roll.Spec.ParseFaces(words)
	}
	if err != nil {
		return nil, err
	}
	g.faces, g.gened = faces, false
	return g.advance(level)
}

// RollGenerator answers the pending physical roll with the game's generator.
func (g *Game) RollGenerator(level int) ([]gamelog.Event, error) {
	if g.pend == nil || g.pend.Roll == nil {
		return nil, errors.New("no roll is pending")
	}
	if th := g.pend.Roll.Throw; th != nil {
		g.faces, g.gened = th.Roll(g.gen.Rand, nil), true
	} else {
		g.faces, g.gened = g.pend.Roll.Spec.Roll(g.gen.Rand, nil), true
	}
	return g.advance(level)
}

// Close stops the rules coroutine (the game cannot go on) and flushes the log.
func (g *Game) Close() error {
	if g.stop != nil {
		g.stop()
	}
	return g.StopLog()
}

func (g *Game) advance(level int) ([]gamelog.Event, error) {
	g.out = g.out[:0]
	g.level = level
	if g.err != nil {
		return nil, g.err
	}
	if !g.start {
		g.start = true
		g.next, g.stop = iter.Pull(g.run)
	}
	for !g.over {
		g.pend = nil
		req, ok := g.next()
		if !ok {
			g.over = true
			break
		}
		if req.Pause != "" {
			if req.Level >= g.level || g.stopAsked.Swap(false) { // a replay that ends lowers the level to stop where play stopped
				g.pend = &req
				break
			}
			continue
		}
		g.pend = &req
		break
	}
	if g.log != nil {
		if err := g.log.Flush(); err != nil && g.err == nil {
			g.err = fmt.Errorf("write log: %w", err)
		}
	}
	out := g.out
	if !g.collect {
		out = nil
	}
	return out, g.err
}

func (g *Game) run(yield func(Request) bool) {
	defer func() {
		if r := recover(); r != nil {
			switch e := r.(type) {
			case *Fault:
				if e.Err != errStop {
					g.err = e.Err
				}
			default:
				g.err = fmt.Errorf("engine: internal error in the rules: %v\n%s", r, debug.Stack())
			}
			g.over = true
		}
	}()
	g.yield = yield
	_ = growStack()
	g.rules.Play(&g.ctx)
	if g.replay != nil && g.replay.pos < g.replay.logged() {
		g.err = g.replay.ended()
	}
}

// growStack grows the game's stack, while it is nearly empty, to what the
// rules use (a campaign's Combat Board runs deep): a goroutine's stack
// starts small and doubles when full, copying every frame on it each time.
//
//go:noinline
func growStack() byte {
	var b [stackGrown]byte
	return b[stackIndex]
}

// stackGrown is how much stack growStack takes; stackIndex (only read:
// games run at once share it) keeps the compiler from leaving it out.
const stackGrown = 24 << 10

var stackIndex = 1

// wait hands a request to the front end and returns when it is answered.
func (g *Game) wait(r Request) {
	if !g.yield(r) {
		panic(&Fault{errStop})
	}
}

// emit records an event. It does not keep fields: what outlives the call
// is copied into the arena, so the rules may build fields on the stack.
func (g *Game) emit(typ string, fields []gamelog.Field) {
	g.lines++
	if g.silent() {
		return
	}
	if !g.keeps() {
		ev := gamelog.Event{Seq: g.lines, Type: typ, Fields: fields}
		g.record(&ev)
		g.tell(typ, fields)
		return
	}
	if g.replay != nil {
		// The event is the logged one (check says so, byte for byte): keep
		// that, already read, rather than a copy.
		ev := gamelog.Event{Seq: g.lines, Type: typ, Fields: fields}
		logged := g.replay.cur()
		g.record(&ev)
		g.keepEvent(*logged)
		g.tell(typ, logged.Fields)
		return
	}
	ev := gamelog.Event{Seq: g.lines, Type: typ, Fields: g.arena.CopyFields(fields)}
	g.record(&ev)
	g.keepEvent(ev)
	g.tell(typ, ev.Fields)
}

// keepEvent keeps an event in the history and the events Step returns.
func (g *Game) keepEvent(ev gamelog.Event) {
	if g.keep {
		g.history = append(g.history, ev)
	}
	if g.collect {
		g.out = append(g.out, ev)
	}
}

// record checks an event against the log being replayed and writes it to
// the log. Neither keeps it.
func (g *Game) record(ev *gamelog.Event) {
	if g.replay != nil {
		g.replay.check(g, ev)
	}
	if g.log != nil {
		if err := g.log.Append(ev); err != nil && g.err == nil {
			panic(&Fault{fmt.Errorf("write log: %w", err)})
		}
	}
}

// tell shows the event just made to the observers: a copy in a buffer of
// the game's (handing them the event itself would put every event on the
// heap).
func (g *Game) tell(typ string, fields []gamelog.Field) {
	if len(g.observers) == 0 {
		return
	}
	g.seen = gamelog.Event{Seq: g.lines, Type: typ, Fields: append(g.seen.Fields[:0], fields...)}
	for _, o := range g.observers {
		o(&g.seen)
	}
}

// NoPause is a pause level above every game's: Step(NoPause) plays on until
// the game waits for an answer or ends.
const NoPause = math.MaxInt
