package repl

import (
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"os/signal"
	"slices"
	"strconv"
	"strings"
	"sync/atomic"

	"github.com/schnell-wargames/schnell/engine"
	"github.com/schnell-wargames/schnell/gamelog"
	"github.com/schnell-wargames/schnell/scripting"
)

// Config sets up a session.
type Config struct {
	Def  *engine.Definition
	Game engine.Config // seed, dice mode and options of the first new game
	// Games finds another game by name (new game=NAME, a log of another
	// game); nil: only Def is known.
	Games func(name string) (*engine.Definition, error)

	// LogDir receives the logs of new games (named GAME-SEED.jsonl);
	// LogFile, if set, is the log of the first new game.
	LogDir  string
	LogFile string

	Out, Err    io.Writer
	Color       bool // ANSI colour (a terminal without NO_COLOR)
	Interactive bool // a person at a terminal: banner, prompts, hints
	KeepGoing   bool // a script goes on after a failing command
	Force       bool // LogFile may replace an existing file without asking (--force)
	// Sides says who plays each side (--side NAME=player|script:FILE|reference).
	Sides []engine.SideSpec

	// Free rolls ("roll 2d10") draw from FreeRand so that they never touch
	// a game's generator. Nil: a generator seeded from the game's seed.
	FreeRand *rand.Rand

	// Columns is the terminal's width: the prompt wraps what it prints to
	// it. Nil, or less than 20: DefaultColumns.
	Columns func() int
	// Rows is the terminal's height: a question's choices still on the
	// screen are not listed again. Nil, or less than 10: DefaultRows.
	Rows func() int
}

// Session is one run of the prompt: the current game, its live log and the
// command table.
type Session struct {
	cfg    Config
	def    *engine.Definition
	own    *engine.Definition // the session's game's, while def is an inner game's (inner.go)
	within innerState         // which game the history's events belong to (inner.go)
	// innerCmds are the commands of games played inside this one.
	innerCmds map[*engine.Definition][]*Command
	game      *engine.Game
	logPath   string
	logFile   *os.File
	lock      *gamelog.Lock // the lock on logPath while logFile is open
	in        LineReader    // where a question is asked (Run)
	cmds      []*Command
	free      *rand.Rand
	quit      bool
	level     int // how far an answer advances the game (a pause level)
	// detail is how much of play print shows (`detail`, detail.go):
	// Normal at a terminal, Verbose piped until `detail normal`.
	detail engine.Detail
	// orders are the standing orders the prompt carries out for the
	// player, by name (orders.go): all at a terminal, none piped until
	// `orders on`.
	orders map[string]bool
	// sameSeq is the seq of the decision answerStanding answered last (0:
	// none), and sameKind its kind: an order that answers it, typed
	// before anything else is decided, revises it (reviseSame).
	sameSeq  int
	sameKind string
	// lastPlay is the last play command typed (`step mission`): Enter at
	// a pause repeats it (nil: `step`).
	lastPlay []string
	// shown is the question on screen at the last prompt (the game and
	// its event count then): a line typed ahead of the prompt was meant
	// for it, not for one the prompt reached since (typedAhead).
	shown    question
	saidHint bool // the first standing answer said how to change it
	// stopped is where the player last had the prompt (the game and its
	// event count when the line being run was typed): a quiet turn is one
	// with nothing notable since (playThroughQuiet).
	stopped question
	// unseen is the line (counted as printed) from which, since the
	// player last had the prompt, there is something he must read: the
	// first news (Definition.Notable) or a quiet mission's end played
	// through; -1: none. Play goes on through a pause only while that line
	// would still be on the screen at the next stop (playThroughQuiet).
	unseen int
	// boardSeq is the event count at the last pause summary shown
	// (AtPause), or where the player last had the prompt: news since then
	// is summed up again at the next pause played through.
	boardSeq int
	stopAt   int // the lines printed when the player last had the prompt
	// toldOf is what the side the player plays alone was told of each
	// event as it was made (told.go).
	toldOf toldRecord
	failed bool
	// interrupted: a Ctrl-C came during Exec (it stopped the command at
	// the game's next pause).
	interrupted atomic.Bool
	script      *scripting.Attached
	// sideScripts play sides (Config.Sides).
	sideScripts []*scripting.Attached
	eval        *scripting.Host
	evalGame    *engine.Game
	// raw is Config.Out as given: Out and Err wrap lines (wrap.go), raw
	// takes what must pass byte for byte (a sheet in Markdown or HTML).
	raw      io.Writer
	wrappers []*lineWrapper
	typed    int // the lines typed at the prompt (Exec), each a line on the screen
	// menus are the choices last listed for each kind of question (and
	// side), and where on the screen: listed again unchanged while still
	// on it, they are said in one line (showPending).
	menus map[string]shownMenu
}

// shownMenu is a question's choices as listed, and the line of the screen
// (Session.printed) their list began at.
type shownMenu struct {
	lines []string
	at    int
}

// New makes a session with a new game from cfg.Game (not started: the first
// step starts it).
func New(cfg Config) (*Session, error) {
	if cfg.Def == nil {
		return nil, errors.New("repl: no game definition")
	}
	if cfg.Out == nil {
		cfg.Out = io.Discard
	}
	if cfg.Err == nil {
		cfg.Err = cfg.Out
	}
	s := &Session{cfg: cfg, def: cfg.Def, level: 1, free: cfg.FreeRand, detail: engine.Verbose, unseen: -1}
	if cfg.Interactive {
		s.detail = engine.Normal
	}
	s.wrapOutput()
	s.resetOrders()
	if s.free == nil {
		s.free = rand.New(rand.NewPCG(cfg.Game.Seed, 0xf4ee))
	}
	s.cmds = s.commandTable()
	gc := cfg.Game
	gc.Def = cfg.Def
	g, err := engine.New(gc)
	if err != nil {
		return nil, err
	}
	s.game = g
	s.watchTold(g)
	s.logPath = cfg.LogFile
	if err := s.applySides(g); err != nil {
		return nil, err
	}
	return s, nil
}

// setDef makes def the current game's definition: the command table
// follows (a game's own commands, its words).
func (s *Session) setDef(def *engine.Definition) {
	if def == s.def {
		return
	}
	s.def = def
	s.cmds = s.commandTable()
	for _, o := range def.StandingOrders() {
		if _, ok := s.orders[o.Name]; !ok {
			s.orders[o.Name] = s.cfg.Interactive // another game's own orders: as the kernel's start
		}
	}
}

// gameNamed returns the definition of the game called name.
func (s *Session) gameNamed(name string) (*engine.Definition, error) {
	if name == s.def.Name {
		return s.def, nil
	}
	if s.cfg.Games == nil {
		return nil, fmt.Errorf("no game %q: this prompt plays %s", name, s.def.Name)
	}
	return s.cfg.Games(name)
}

// gameOf returns the definition of the game a log was played with.
func (s *Session) gameOf(lg *gamelog.Log) (*engine.Definition, error) {
	d, err := s.gameNamed(lg.Header.Game)
	if err != nil {
		return nil, fmt.Errorf("a log of %q: %w", lg.Header.Game, err)
	}
	return d, nil
}

// Adopt makes g (a game rebuilt from a log, say) the current game. It is
// logged to a new file when play goes on.
func (s *Session) Adopt(g *engine.Game) {
	s.Close()
	s.game, s.logPath = g, ""
	if err := s.applySides(g); err != nil {
		fmt.Fprintln(s.cfg.Err, err)
	}
}

// Game is the current game.
func (s *Session) Game() *engine.Game { return s.game }

// LogPath is the file the current game is logged to ("" until it starts).
func (s *Session) LogPath() string {
	if s.logFile == nil {
		return ""
	}
	return s.logPath
}

// Banner greets a player at a terminal.
func (s *Session) Banner() {
	h := s.game.Header()
	fmt.Fprintf(s.cfg.Out, "%s — %s\n", s.paint(bold, "schnell"), s.def.Name)
	fmt.Fprintf(s.cfg.Out, "New game: seed %d, %s dice, %s.\n", h.Seed, h.Dice, optionText(h.Options))
	if s.game.Mode() == engine.Physical {
		fmt.Fprintln(s.cfg.Out, "You roll your own dice: when asked, type the faces you rolled (`8 5`), or `roll` to let the program roll.")
	}
	fmt.Fprintln(s.cfg.Out, "Enter plays on (`step`); `help` lists the commands, Tab completes, Ctrl-D quits (the game is saved as you play).")
}

// optionText says a game's options in words: "campaign short, boat s100".
func optionText(opts []gamelog.Option) string {
	parts := make([]string, len(opts))
	for i, o := range opts {
		v := o.Value
		if v == "" {
			v = "none"
		}
		parts[i] = kindWords(o.Name) + " " + kindWords(v)
	}
	return strings.Join(parts, ", ")
}

// Run reads and executes lines until quit or the end of input. It returns
// the process exit code: 0, or 1 if a command failed in a script.
func (s *Session) Run(in LineReader) int {
	defer s.Close()
	s.in = in
	defer func() { s.in = nil }()
	n := 0
	s.shown = s.question()
	for !s.quit {
		s.flush()
		in.SetPrompt(s.prompt())
		onScreen := s.shown // the question on screen while a line was typed ahead
		s.shown = s.question()
		line, err := in.ReadLine()
		if errors.Is(err, ErrInterrupt) {
			continue // Ctrl-C clears the line
		}
		if err == io.EOF {
			if s.cfg.Interactive {
				fmt.Fprintln(s.cfg.Out)
			}
			break
		}
		if err != nil {
			fmt.Fprintf(s.cfg.Err, "schnell: read input: %v\n", err)
			return 1
		}
		n++
		if ta, ok := in.(TypeAhead); ok && ta.TypedAhead() && onScreen != s.shown && s.shortAnswer(line) {
			// Typed before this question was on screen, for another one:
			// never applied to this one.
			fmt.Fprintf(s.cfg.Out, "%s\n", s.paint(dim, fmt.Sprintf("%s was typed before this question was shown, and is not taken for it: type it again if you mean it.", typedWhat(line))))
			continue
		}
		err = s.Exec(line)
		s.flush()
		if s.interrupted.Swap(false) && !s.cfg.Interactive {
			// Ctrl-C stopped the command (at the game's next pause): a
			// command file ends there, its game saved.
			saved := ""
			if p := s.LogPath(); p != "" {
				saved = "; the game is saved in " + p
			}
			fmt.Fprintf(s.cfg.Err, "schnell: line %d: %s: interrupted (Ctrl-C)%s\n", n, strings.TrimSpace(line), saved)
			return 130
		}
		if err != nil {
			s.failed = true
			if s.cfg.Interactive {
				fmt.Fprintln(s.cfg.Err, s.paint(red, "Error: "+err.Error()))
				continue
			}
			fmt.Fprintf(s.cfg.Err, "schnell: line %d: %s: %v\n", n, strings.TrimSpace(line), err)
			if !s.cfg.KeepGoing {
				return 1
			}
		}
	}
	if s.failed && !s.cfg.Interactive {
		return 1
	}
	return 0
}

// Exec runs one command line.
func (s *Session) Exec(line string) error {
	defer s.flush()
	words, err := Split(line)
	if err != nil {
		return err
	}
	s.stopped, s.unseen, s.boardSeq = s.question(), -1, s.game.Seq()
	s.typed++
	s.stopAt = s.printed()
	s.interrupted.Store(false)
	words = s.shortcut(words)
	if len(words) == 0 {
		return nil
	}
	c := s.lookup(words[0])
	if c == nil {
		return fmt.Errorf("unknown command %q%s: type `help` for the list of commands", words[0], DidYouMean(words[0], s.commandNames()))
	}
	if c.Repeat {
		s.lastPlay = words // what Enter at a pause does next
	}
	{
		// Between prompts the terminal is not in raw mode: Ctrl-C is a
		// signal. It takes command back from a script instead of killing
		// the program, at a terminal and in a command file alike (where
		// Run then ends the file; Notify also undoes a SIGINT ignored from
		// the start, as for a job started with & by a shell script).
		ch := make(chan os.Signal, 1)
		signal.Notify(ch, os.Interrupt)
		done := make(chan struct{})
		defer func() { signal.Stop(ch); close(done) }()
		sc, g := s.script, s.game
		go func() {
			select {
			case <-ch:
				s.interrupted.Store(true)
				if sc != nil {
					sc.Interrupt()
				}
				g.Interrupt() // `step campaign` stops at the next pause
			case <-done:
			}
		}()
		defer g.ClearInterrupt()
	}
	args := words[1:]
	if c.Match != nil {
		args = words // the word typed comes first (engine.Command.Match)
	}
	if c.Raw {
		args = nil
		if rest := rawRest(line); rest != "" {
			args = []string{rest}
		}
	}
	err = c.Run(s, args)
	switch {
	case s.script == nil:
	case s.game.Err() != nil:
		// A script that failed (an error, its deadline, its memory budget)
		// is let go with its Lua state: `undo` gives the decision back to
		// the player.
		s.dropScript()
		fmt.Fprintln(s.cfg.Out, "The script failed and is detached: `undo` takes the game back to before the decision, and you take the decisions.")
	case !s.script.Active():
		s.dropScript()
		fmt.Fprintln(s.cfg.Out, "The script has handed command back: you take the decisions.")
	}
	return err
}

// rawRest is the line after its first word, as typed.
func rawRest(line string) string {
	line = strings.TrimLeft(line, " \t")
	i := strings.IndexAny(line, " \t")
	if i < 0 {
		return ""
	}
	return strings.TrimSpace(line[i:])
}

// shortcut reads the short answers to what is pending. At a terminal an
// empty line plays on: at a pause it repeats the last play command (`step`
// at its level, as Enter does in gdb), at a decision it takes the marked
// default, at a roll or a draw it says what to type; piped, it does
// nothing. Bare numbers pick a decision's option or give a physical roll's
// faces (`8 5`, a percentile's `85`); a bare option name answers the
// decision even where it is also a command's alias (the move decision's
// `next` is not `step`); an option that takes arguments may be typed with
// them (`fire b`).
func (s *Session) shortcut(words []string) []string {
	p := s.game.Pending()
	if len(words) == 0 {
		if !s.cfg.Interactive {
			return nil
		}
		return s.enter(p)
	}
	if p == nil || s.game.Decider() != nil {
		return words
	}
	d := p.Decision
	if p.Roll != nil && allNumbers(words) {
		return append([]string{"roll"}, words...)
	}
	switch {
	case len(words) == 1:
		w := words[0]
		if _, err := strconv.Atoi(w); err == nil && d != nil {
			return []string{"choose", w}
		}
		if d != nil {
			if c := s.lookup(w); c == nil || !strings.EqualFold(c.Name, w) {
				for _, o := range d.Options {
					if strings.EqualFold(o.Name, w) {
						return []string{"choose", o.Name}
					}
				}
			}
		}
	case d != nil && s.lookup(words[0]) == nil:
		// An option and its arguments: `fire b` is `choose fire b`.
		if i, err := d.Find(words[0]); err == nil && len(d.Options[i].Args) > 0 {
			return append([]string{"choose"}, words...)
		}
	}
	return words
}

// enter is what Enter does at a terminal, given what the game waits for.
func (s *Session) enter(p *engine.Request) []string {
	switch {
	case p != nil && s.game.Decider() == nil && p.Decision != nil:
		return []string{"choose", strconv.Itoa(p.Decision.Default + 1)}
	case p != nil && s.game.Decider() == nil && p.Roll != nil:
		fmt.Fprintf(s.cfg.Out, "Type %s, or `roll` to let the program roll.\n", rollExample(p.Roll))
		return nil
	case p != nil && s.game.Decider() == nil && p.Draw != nil:
		fmt.Fprintln(s.cfg.Out, "Type `draw` and the chits you drew, or `draw` alone to let the program draw.")
		return nil
	case s.game.Over():
		fmt.Fprintln(s.cfg.Out, s.overHint())
		return nil
	}
	if s.lastPlay != nil {
		return s.lastPlay
	}
	return []string{"step"}
}

// rollExample says how a roll's faces are typed: "the face you rolled
// (1..20, as `11`)".
func rollExample(r *engine.RollRequest) string {
	if r.Throw != nil {
		return "the faces you threw (`" + r.Throw.Example() + "`)"
	}
	lo, hi := r.Spec.FaceRange()
	switch {
	case r.Spec.Percentile:
		return "the faces you rolled, black die first (`8 5`), or the reading (`85`)"
	case r.Spec.N == 1:
		return fmt.Sprintf("the face you rolled (%d..%d, as `%d`)", lo, hi, hi/2+1)
	}
	ex := make([]string, r.Spec.N)
	for i := range ex {
		ex[i] = strconv.Itoa(max(lo, (hi/2+i)%(hi+1)))
	}
	return fmt.Sprintf("the %d faces you rolled (%d..%d each, as `%s`)", r.Spec.N, lo, hi, strings.Join(ex, " "))
}

func allNumbers(words []string) bool {
	for _, w := range words {
		if _, err := strconv.Atoi(w); err != nil {
			return false
		}
	}
	return len(words) > 0
}

// question names what the game waits for at a prompt: the game, how far
// it has gone, and its request.
type question struct {
	g    *engine.Game
	seq  int
	pend *engine.Request // a new one at each answer, even where no event is made
}

func (s *Session) question() question { return question{s.game, s.game.Seq(), s.game.Pending()} }

// TypeAhead is a LineReader that knows whether the line it returned last
// was typed before the prompt was shown (a terminal: keys pressed while
// the program was busy).
type TypeAhead interface {
	TypedAhead() bool
}

// shortAnswer reports whether line is one the prompt reads by what is
// pending (an empty line, bare numbers, an option's bare name): one typed
// ahead may be meant for another question.
func (s *Session) shortAnswer(line string) bool {
	words, err := Split(line)
	if err != nil {
		return false
	}
	if len(words) == 0 || allNumbers(words) {
		return true
	}
	c := s.lookup(words[0])
	return c == nil || c.Name == "choose"
}

func typedWhat(line string) string {
	if strings.TrimSpace(line) == "" {
		return "Enter"
	}
	return "`" + strings.TrimSpace(line) + "`"
}

// Close flushes and closes the game and its log.
func (s *Session) Close() error {
	var err error
	defer s.flush()
	s.dropScript()
	for _, a := range s.sideScripts {
		a.Close()
	}
	s.sideScripts = nil
	if s.eval != nil {
		s.eval.Close()
		s.eval = nil
	}
	if s.game != nil {
		err = s.game.Close()
	}
	if s.logFile != nil {
		if e := s.logFile.Close(); err == nil {
			err = e
		}
		s.logFile = nil
	}
	s.lock.Release()
	s.lock = nil
	return err
}

// Prompt is the prompt a terminal shows now ("break formation> ").
func (s *Session) Prompt() string { return s.prompt() }

func (s *Session) prompt() string {
	p := s.game.Pending()
	switch {
	case s.game.Over():
		return s.paint(dim, "game over") + "> "
	case p == nil || p.Pause != "":
		return "schnell> "
	case p.Roll != nil:
		what := p.Roll.Dice()
		if p.Roll.Table != "" {
			what = p.Roll.Table + " " + what
		}
		return s.paint(yellow, "roll "+what) + "> "
	case p.Draw != nil:
		return s.paint(yellow, fmt.Sprintf("draw %d %s", p.Draw.N, p.Draw.Cup)) + "> "
	default:
		return s.paint(yellow, decisionPrompt(p.Decision)) + "> "
	}
}

// decisionPrompt names a pending decision at the prompt in words, and
// whose it is when it belongs to a side ("[p2] break formation").
func decisionPrompt(d *engine.Decision) string {
	if d.Side != "" && d.Side != engine.TableSide {
		return "[" + d.Side + "] " + kindWords(d.Kind)
	}
	return kindWords(d.Kind)
}

// kindWords is a decision kind or a pause as the player reads it:
// "break_formation" is "break formation".
func kindWords(kind string) string { return strings.ReplaceAll(kind, "_", " ") }

// show prints events and then what the game waits for. The events of
// the answers standing orders give are printed with those before them, so
// that the game may word a run of them as one line across those answers
// (a round's missed shots, each boat's order carried out between them).
func (s *Session) show(evs []gamelog.Event) {
	for {
		// The game reuses the slice it returns at its next answer: keep a
		// copy of what is not printed yet.
		evs = slices.Clone(evs)
		more, again := s.answerStanding()
		if again {
			if !s.saidHint && s.cfg.Interactive {
				s.saidHint = true
				s.print(evs)
				evs = nil
				fmt.Fprintln(s.cfg.Out, s.paint(dim, "(Standing orders answer some questions for you: an order typed at the next question changes that answer; `orders` lists them.)"))
			}
			evs = append(evs, more...)
			continue
		}
		s.print(evs) // before a pause's lines
		if evs, again = s.playThroughQuiet(); !again {
			break
		}
	}
	s.showPending()
}

// playThroughQuiet plays on from a pause while the standing order `quiet`
// stands, so that Enter stops only where the player has something to
// decide or to see:
//   - a quiet turn or round (nothing the player must see, Definition.Notable,
//     since he last had the prompt) does not stop play; at a terminal, nor
//     does a quiet mission's end (a pause of a bigger level than the one
//     he stepped to: `step mission` stops there);
//   - a turn with news plays on too, at a terminal, its pause's summary
//     (AtPause) shown: the news is before his eyes at the next stop,
//     which comes before anything he has a choice in is decided for him
//     (the game's standing orders weigh the news: they answer nothing it
//     bears on; an unchanged answer, `same`, is revised by an order typed
//     at the next question);
//   - but a pause stops when what he must read (the first news, a quiet
//     mission's end) would scroll off the screen before the next stop
//     could show it: when fewer than pauseReserve rows are left below it.
func (s *Session) playThroughQuiet() ([]gamelog.Event, bool) {
	g := s.game
	p := g.Pending()
	def := s.cur() // the game played now (an inner game's, inner.go)
	if p == nil || p.Pause == "" || !s.orders[engine.Quiet.Name] || def.Notable == nil || s.interrupted.Load() || g.Decider() != nil {
		return nil, false
	}
	news := s.newsSince(def, s.stopped.seq)
	if news && !s.cfg.Interactive {
		return nil, false
	}
	if p.Level > 1 {
		// A mission's end, quiet, at a terminal, not stepped to: its
		// summary is to be read at the next stop.
		if !s.cfg.Interactive || news || p.Level <= s.level || p.Level >= len(def.Pauses) {
			return nil, false
		}
		if s.unseen < 0 {
			s.unseen = max(0, s.printed()-2)
		}
	}
	if news && s.unseen < 0 {
		s.unseen = s.stopAt // news not printed (left out at this detail): from the stop
	}
	if s.unseen >= 0 && s.printed()-s.unseen+pauseReserve > s.rows() {
		return nil, false
	}
	if news && s.newsSince(def, s.boardSeq) {
		s.boardSeq = g.Seq()
		if def.AtPause != nil && s.detail < engine.Verbose {
			for _, l := range def.AtPause(g, p.Pause) {
				fmt.Fprintln(s.cfg.Out, l)
			}
		}
	}
	evs, err := g.Step(s.level)
	if err != nil {
		fmt.Fprintln(s.cfg.Err, s.paint(red, "Error: "+err.Error()))
		return nil, false
	}
	return evs, true
}

// pauseReserve is the rows a pause played through leaves, at least, below
// what the player must read: about a round's lines and the next question.
const pauseReserve = 12

// newsSince reports whether an event of the game played now after seq is
// one the player must see (Definition.Notable): seq counts in the game the
// player last had the prompt in; another (after `undo`) is all news.
func (s *Session) newsSince(def *engine.Definition, seq int) bool {
	g := s.game
	h := g.History()
	for i := len(h) - 1; i >= 0; i-- {
		if s.stopped.g == g && h[i].Seq <= seq {
			break
		}
		if def.Notable(&h[i]) {
			return true
		}
	}
	return false
}

// print writes events as the player reads them, at the level of detail
// (`detail`): the game may word a run of them as one line
// (Definition.DescribeAt, DescribeRun) or leave some out.
func (s *Session) print(evs []gamelog.Event) {
	s.byGame(evs, func(def *engine.Definition, evs []gamelog.Event) { // each game's in its words (inner.go)
		evs = s.toldOnly(def, evs) // a solo player's side's events only (told.go)
		s.as(def, func() {
			for i := 0; i < len(evs); {
				line, n := s.describeRunAt(evs, i) // at the level of detail (describe.go)
				if line != "" {
					if s.unseen < 0 && def.Notable != nil && slices.ContainsFunc(evs[i:i+n], func(e gamelog.Event) bool { return def.Notable(&e) }) {
						s.unseen = s.printed() // the first news since the stop
					}
					fmt.Fprintln(s.cfg.Out, line)
				}
				i += n
			}
		})
	})
}

// answerStanding answers, for the player, a decision one of the standing
// orders in force answers (orders.go): it is logged as the player's, by
// that order, and said in one line. The first time, the player is told how
// to change such an answer.
func (s *Session) answerStanding() ([]gamelog.Event, bool) {
	p := s.game.Pending()
	if p == nil || p.Decision == nil || s.game.Decider() != nil || p.Decision.Side == engine.TableSide {
		return nil, false
	}
	d := p.Decision
	o, i, ok := s.standingAnswer(d)
	if !ok {
		return nil, false
	}
	evs, err := s.game.ChooseAs(i, o.Name, s.level)
	if err != nil {
		fmt.Fprintln(s.cfg.Err, s.paint(red, "Error: "+err.Error()))
		return nil, false
	}
	s.sameSeq, s.sameKind = lastDecisionSeq(s.game), d.Kind
	return evs, true
}

// lastDecisionSeq is the seq of the last decision in g's history (0: none).
func lastDecisionSeq(g *engine.Game) int {
	h := g.History()
	for i := len(h) - 1; i >= 0; i-- {
		if h[i].Type == "decision" {
			return h[i].Seq
		}
	}
	return 0
}

// reviseSame lets an order answer the decision answerSame answered for the
// player, when nothing has been decided since (`speed medium` typed at the
// next question after "Answered speed: fast, as before"): the game goes
// back to that decision, as `undo` would, and run answers it. ok is false,
// and nothing changes, when the order does not answer it either.
func (s *Session) reviseSame(run func(g *engine.Game) ([]gamelog.Event, error)) (evs []gamelog.Event, ok bool) {
	if s.sameSeq == 0 || lastDecisionSeq(s.game) != s.sameSeq {
		return nil, false
	}
	g, err := s.game.Undo()
	if err != nil {
		return nil, false
	}
	if p := g.Pending(); p == nil || p.Decision == nil || p.Decision.Kind != s.sameKind {
		return nil, false
	}
	kind := s.sameKind
	if evs, err = run(g); err != nil || len(evs) == 0 {
		return nil, false // not an order for it (a view makes no events)
	}
	if err := s.switchTo(g, s.logPath); err != nil {
		return nil, false
	}
	s.sameSeq = 0
	fmt.Fprintf(s.cfg.Out, "%s: your order replaces the answer given for you (%s).\n", s.paint(dim, "Revised"), kindWords(kind))
	return evs, true
}

func (s *Session) showPending() {
	g := s.game
	w := s.cfg.Out
	if g.Over() {
		if err := g.Err(); err != nil {
			fmt.Fprintln(s.cfg.Err, s.paint(red, "The game stopped: "+err.Error()))
			return
		}
		fmt.Fprintln(w, s.paint(bold, "The game is over."))
		return
	}
	p := g.Pending()
	if p == nil {
		return
	}
	switch {
	case p.Pause != "":
		if at := s.cur().AtPause; at != nil && s.detail < engine.Verbose {
			for _, l := range at(g, p.Pause) {
				fmt.Fprintln(w, l)
			}
		}
		if s.cfg.Interactive {
			fmt.Fprintln(w, s.paint(dim, "-- "+kindWords(p.Pause)+": Enter plays on --"))
		}
	case p.Roll != nil:
		s.showRoll(p.Roll)
	case p.Draw != nil:
		s.showDraw(p.Draw)
	case p.Decision != nil:
		d := p.Decision
		who := "Decide:" // whose decision it is, as the terminal's prompt says ([p2] attack>)
		if d.Side != "" && d.Side != engine.TableSide {
			who = "Decide [" + d.Side + "]:"
		}
		fmt.Fprintf(w, "%s %s\n", s.paint(yellow, who), d.Prompt)
		lines := s.menuLines(d)
		key := d.Kind + " " + d.Side
		last, ok := s.menus[key]
		// The same choices still on the screen above (this question's
		// line, the short one and the prompt below them included): said in
		// one line.
		if ok && s.cfg.Interactive && slices.Equal(last.lines, lines) && s.printed()-last.at+3 <= s.rows() {
			fmt.Fprintf(w, "  Same choices as above (`choose` lists them again). Enter: `%s`.\n", d.Usage(d.Default))
			return
		}
		if s.menus == nil {
			s.menus = map[string]shownMenu{}
		}
		s.menus[key] = shownMenu{lines: lines, at: s.printed()}
		for _, l := range lines {
			fmt.Fprintln(w, l)
		}
	}
}

// menuLines are the lines that list a decision's choices: the game's own
// words for a long menu (Definition.Menu), else one option a line, what
// it does and what to type for it, with runs of alike options on one line.
func (s *Session) menuLines(d *engine.Decision) []string {
	if menu := s.cur().Menu; menu != nil {
		if lines := menu(s.game, d); lines != nil {
			out := make([]string, len(lines))
			for i, l := range lines {
				out[i] = "  " + l
			}
			return out
		}
	}
	var out []string
	var briefs []string // the Brief captions, in order of first option
	for i, o := range d.Options {
		if o.Brief != "" && i != d.Default {
			if !slices.Contains(briefs, o.Brief) {
				briefs = append(briefs, o.Brief)
			}
			continue
		}
		// What it does, then what to type for it (a number does too).
		text := o.Text
		if text == "" {
			text = kindWords(o.Name)
		}
		if i == d.Default {
			text += " (default)"
		}
		out = append(out, fmt.Sprintf("  %d. %s   `%s`", i+1, text, d.Usage(i)))
	}
	for _, b := range briefs {
		var cmds []string
		for i, o := range d.Options {
			if o.Brief == b && i != d.Default {
				cmds = append(cmds, fmt.Sprintf("%d. %s", i+1, d.Usage(i)))
			}
		}
		out = append(out, fmt.Sprintf("  also %s: %s", b, strings.Join(cmds, ", ")))
	}
	return out
}

// ANSI styles, used only when colour is on.
const (
	bold   = "1"
	dim    = "2"
	red    = "31"
	yellow = "33"
	cyan   = "36"
)

func (s *Session) paint(style, text string) string {
	if !s.cfg.Color {
		return text
	}
	return "\x1b[" + style + "m" + text + "\x1b[0m"
}
