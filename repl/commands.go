package repl

import (
	"errors"
	"fmt"
	"io"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"github.com/schnell-wargames/schnell/dice"
	"github.com/schnell-wargames/schnell/engine"
	"github.com/schnell-wargames/schnell/gamelog"
	"github.com/schnell-wargames/schnell/grid"
	"github.com/schnell-wargames/schnell/scripting"
	"github.com/schnell-wargames/schnell/scripting/luadoc"
	"github.com/schnell-wargames/schnell/sheet"
	"github.com/schnell-wargames/schnell/tables"
)

// Command is one entry of the command table: dispatch, help and completion
// all read it.
type Command struct {
	Name     string
	Aliases  []string
	Group    string                 // the heading `help` lists it under
	Raw      bool                   // Run gets the rest of the line as it was typed, as one word (Lua code keeps its quotes)
	Match    func(word string) bool // also called by these words; Run then gets the word typed first (engine.Command.Match)
	Repeat   bool                   // a play command Enter at a pause repeats (never one that takes play back or touches files)
	Usage    string
	Help     string
	Run      func(s *Session, args []string) error
	Complete func(s *Session, args []string) []string
}

// The groups of the kernel's commands, in the order `help` lists them; a
// game's commands follow under their own groups.
const (
	groupPlay    = "play"
	groupViews   = "views"
	groupFiles   = "files"
	groupScripts = "scripts"
	groupPrompt  = "prompt"
)

func (s *Session) commandTable() []*Command {
	pauses := s.def.PauseNames()
	savedCmd := &Command{Name: "saved", Group: groupFiles, Usage: "saved",
		Help: "List the saved games in the data directory: name, state, and where each stands; `load NAME` resumes one.", Run: cmdSaved}
	cmds := []*Command{
		{Name: "help", Group: groupPrompt, Aliases: []string{"h", "?"}, Usage: "help [COMMAND]",
			Help: "List the commands, or explain one.", Run: cmdHelp,
			Complete: func(s *Session, args []string) []string {
				if len(args) > 1 {
					return nil
				}
				return s.commandNames()
			}},
		{Name: "step", Group: groupPlay, Aliases: []string{"s", "next"}, Usage: "step [" + strings.Join(pauses, "|") + "]",
			Help: "Play on until the game needs you (a decision, or a roll with physical dice). " + stepHelp(pauses) +
				" At a terminal, Enter at a pause repeats the last `step`.",
			Run: cmdStep, Complete: fixed(pauses...), Repeat: true},
		{Name: "choose", Group: groupPlay, Aliases: []string{"c"}, Usage: "choose [OPTION [ARG...]]",
			Help: "Answer the pending decision with an option's name or number, and the values it asks for (`choose fire b 35`: Tab completes them). Alone, it lists the question's choices in full (a question asked again with the same choices still on the screen says so in one line).", Run: cmdChoose,
			Complete: func(s *Session, args []string) []string {
				if p := s.game.Pending(); p != nil && p.Decision != nil {
					return p.Decision.Complete(args)
				}
				return nil
			}},
		{Name: "roll", Group: groupPlay, Aliases: []string{"r"}, Usage: "roll | roll FACE... | roll all | roll DICE",
			Help: "`roll 2d10` is a free roll that touches no game (1d4, 1d6, 1d10, 1d20, 2d10 percentile, NdM). " +
				"With physical dice, `roll 3 7` answers the pending roll with the faces you rolled (a d10's 0 reads 10; percentile: black die first, or the reading, 00 = 100; a bare `7` answers a one-die roll), `roll` alone lets the program roll it, and `roll all` lets the program roll every roll up to the next decision (a long set-up).",
			Run: cmdRoll, Complete: fixed("all", "1d4", "1d6", "1d10", "1d20", "2d10", "2d6")},
		{Name: "table", Group: groupViews, Aliases: []string{"t"}, Usage: "table ID",
			Help: "Print a table of the game's booklet: dice, rows, modifiers and its note.", Run: cmdTable,
			Complete: func(s *Session, args []string) []string {
				if len(args) > 1 {
					return nil
				}
				return s.game.Tables().IDs()
			}},
		{Name: "tables", Group: groupViews, Usage: "tables", Help: "List the tables of the game's booklet.", Run: cmdTables},
		{Name: "status", Group: groupViews, Aliases: []string{"st"}, Usage: "status",
			Help: "Show the game: its state, its log and what it waits for.", Run: cmdStatus},
		{Name: "log", Group: groupViews, Aliases: []string{"l"}, Usage: "log [N|all]",
			Help: "Show the last N events of the game (10 by default).", Run: cmdLog},
		{Name: "save", Group: groupFiles, Usage: "save [FILE]",
			Help: "The game is saved as it is played, in its log. `save` says where; `save FILE` copies the game to FILE and goes on logging there (an existing FILE is replaced only if you say so: `save! FILE` or `save --force FILE`).",
			Run:  cmdSave},
		{Name: "save!", Group: groupFiles, Usage: "save! FILE", Help: "Save to FILE, replacing it if it exists (a plain file only, never a game in use).",
			Run: func(s *Session, args []string) error { return cmdSave(s, append([]string{"--force"}, args...)) }},
		{Name: "load", Group: groupFiles, Usage: "load NAME|FILE",
			Help: "Load a saved game by replaying its log: NAME from `saved`, or a log FILE (the current game stays saved in its own log).",
			Run:  cmdLoad, Complete: func(s *Session, args []string) []string {
				if len(args) > 1 {
					return nil
				}
				var out []string
				for _, sv := range s.Saved() {
					out = append(out, sv.Name)
				}
				return out
			}},
		savedCmd,
		{Name: "new", Group: groupPlay, Usage: "new [game=NAME] [name=NAME] [seed=N] [dice=digital|physical] [OPTION=VALUE]...",
			Help: "Start a new game (the current one stays saved in its log). game= picks another game (`schnell games` lists them); name= gives it a name for `load NAME`; without one it is called GAME-SEED. The options of " + s.def.Name + ": " + optionHelp(s.def.Options) + ".",
			Run:  cmdNew,
			Complete: func(s *Session, args []string) []string {
				out := []string{"game=", "name=", "seed=", "dice=digital", "dice=physical"}
				for _, o := range s.def.Options {
					for _, v := range o.Values {
						out = append(out, o.Name+"="+v)
					}
					if len(o.Values) == 0 {
						out = append(out, o.Name+"=")
					}
				}
				return out
			}},
		{Name: "undo", Group: groupPlay, Aliases: []string{"u"}, Usage: "undo [roll|decision]",
			Help: "Take back the last decision: the game is replayed to just before it. With digital dice the same dice come again (undo never re-rolls); with physical dice the faces you typed after it are taken back too, and asked again (when you typed a roll since, say `undo decision`). `undo roll` takes back the last roll you typed (physical dice), to type it again.",
			Run:  cmdUndo, Complete: fixed("roll", "decision")},
		ordersCommand(),
		{Name: "auto", Group: groupScripts, Usage: "auto [on|off]",
			Help: "Hand the decisions to " + s.def.ReferenceWho() + " (`auto on`) or take them back (`auto off`).",
			Run:  cmdAuto, Complete: fixed("on", "off")},
		{Name: "script", Group: groupScripts, Usage: scriptUsage(pauses),
			Help: "Hand the decisions to a Lua script (scripts/*.lua; docs/lua-api.md) for one decision, to the next pause of a level (`step`'s words), or for the game (the default) — `script off` or Ctrl-C during a `step` takes command back. The script runs sandboxed with a deadline per call.",
			Run:  cmdScript, Complete: fixed("scripts/", "off")},
		{Name: "lua", Group: groupScripts, Raw: true, Usage: "lua CODE",
			Help: "Evaluate Lua in the scripts' sandbox with `game` bound to what a script sees once the game has started: " + luaExamples(s.def) + ".",
			Run:  cmdLua},
		{Name: "quit", Group: groupPrompt, Aliases: []string{"exit", "q"}, Usage: "quit",
			Help: "Leave schnell. Nothing is lost: the game log is already written.", Run: cmdQuit},
	}
	cmds = append(cmds, s.kernelCommands()...)
	cmds = append(cmds, detailCommands()...) // detail.go
	for i := range s.def.Commands {
		cmds = append(cmds, s.gameCommand(s.def, &s.def.Commands[i]))
	}
	if s.def.Picture != nil && !hasCommand(s.def, "board") {
		cmds = append(cmds, boardCommand(s.def)) // board.go: a game's own board wins
	}
	cmds = append(cmds, recordCommands(s)...)
	if sh, ok := s.def.Game.(sheet.Sheeter); ok || s.def.Picture != nil {
		cmds = append(cmds, sheetCommand(sh, s.def)) // sheets.go
	}
	// The name a game gave its saved games before `saved` stays an alias,
	// unless another command has it.
	if old := s.def.Saved; old != "" && old != "saved" && !slices.ContainsFunc(cmds, func(c *Command) bool {
		return c.Name == old || slices.Contains(c.Aliases, old)
	}) {
		savedCmd.Aliases = []string{old}
	}
	return cmds
}

// helpWidth is the widest `help` lays its list out (an 80-column
// terminal; a narrower one narrows it).
const helpWidth = 80

// writeEntry writes one command of `help`'s list, width columns wide: its
// usage, then what it does, wrapped under a column at 37 (less when width
// is under 80); a usage too long for its column gets a line of its own.
func writeEntry(w io.Writer, usage, what string, width int) {
	col := min(37, width*37/80)
	if len(usage) > col-3 {
		line := " "
		for _, word := range strings.Fields(usage) {
			// A word too long for a line breaks after its '|'s.
			for i, part := range strings.SplitAfter(word, "|") {
				sep := " "
				if i > 0 {
					sep = ""
				}
				if len(line)+len(sep)+len(part) > width && len(line) > 4 {
					fmt.Fprintln(w, line)
					line, sep = "   ", " "
				}
				line += sep + part
			}
		}
		fmt.Fprintln(w, line)
		usage = ""
	}
	line := fmt.Sprintf("  %-*s", col-3, usage)
	for _, word := range strings.Fields(what) {
		if len(line)+1+len(word) > width && len(line) > col {
			fmt.Fprintln(w, line)
			line = strings.Repeat(" ", col-1)
		}
		line += " " + word
	}
	fmt.Fprintln(w, line)
}

// DidYouMean suggests the word of known nearest to w, if one is near
// (" (did you mean step?)"), else "".
func DidYouMean(w string, known []string) string {
	best, dist := "", 3
	for _, k := range known {
		if d := editDistance(strings.ToLower(w), k); d < dist && d < len(k) {
			best, dist = k, d
		}
	}
	if best == "" {
		return ""
	}
	return fmt.Sprintf(" (did you mean %s?)", best)
}

// editDistance is the Levenshtein distance of a and b.
func editDistance(a, b string) int {
	prev := make([]int, len(b)+1)
	cur := make([]int, len(b)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(a); i++ {
		cur[0] = i
		for j := 1; j <= len(b); j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
		}
		prev, cur = cur, prev
	}
	return prev[len(b)]
}

func fixed(words ...string) func(*Session, []string) []string {
	return func(_ *Session, args []string) []string {
		if len(args) > 1 {
			return nil
		}
		return words
	}
}

func (s *Session) lookup(name string) *Command {
	name = strings.ToLower(name)
	if c := s.innerCommand(name); c != nil { // a game played inside this one (inner.go)
		return c
	}
	for _, c := range s.cmds {
		if c.Name == name || slices.Contains(c.Aliases, name) {
			return c
		}
	}
	for _, c := range s.cmds {
		if c.Match != nil && c.Match(name) {
			return c
		}
	}
	return nil
}

func (s *Session) commandNames() []string {
	out := make([]string, len(s.cmds))
	for i, c := range s.cmds {
		out[i] = c.Name
	}
	return out
}

func (s *Session) optionNames() []string {
	p := s.game.Pending()
	if p == nil || p.Decision == nil {
		return nil
	}
	out := make([]string, len(p.Decision.Options))
	for i, o := range p.Decision.Options {
		out[i] = o.Name
	}
	return out
}

// Complete returns the candidates for the last word of line: command names
// for the first word, else what the command offers for its arguments.
func (s *Session) Complete(line string) []string {
	words, err := Split(line)
	if err != nil {
		return nil
	}
	if strings.HasSuffix(line, " ") || strings.HasSuffix(line, "\t") || len(words) == 0 {
		words = append(words, "")
	}
	if len(words) == 1 {
		return s.commandNames()
	}
	c := s.lookup(words[0])
	if c == nil || c.Complete == nil {
		return nil
	}
	return c.Complete(s, words[1:])
}

func cmdHelp(s *Session, args []string) error {
	w := s.cfg.Out
	if len(args) > 0 {
		c := s.lookup(args[0])
		if c == nil {
			return fmt.Errorf("no command %q%s: type `help` for the list", args[0], DidYouMean(args[0], s.commandNames()))
		}
		fmt.Fprintf(w, "usage: %s\n", c.Usage)
		if len(c.Aliases) > 0 {
			fmt.Fprintf(w, "aliases: %s\n", strings.Join(c.Aliases, ", "))
		}
		fmt.Fprintln(w, c.Help)
		return nil
	}
	groups := []string{groupPlay, groupViews, groupFiles, groupScripts}
	for _, c := range s.cmds {
		if !slices.Contains(groups, c.Group) && c.Group != groupPrompt {
			groups = append(groups, c.Group)
		}
	}
	groups = append(groups, groupPrompt)
	for _, g := range groups {
		fmt.Fprintf(w, "%s:\n", upper(g))
		for _, c := range s.cmds {
			if c.Group == g {
				first, _, _ := strings.Cut(c.Help, ". ")
				writeEntry(w, c.Usage, strings.TrimSuffix(first, "."), min(helpWidth, s.columns()))
			}
		}
	}
	fmt.Fprintln(w, "Type `help COMMAND` for more.")
	return nil
}

// stepHelp explains the levels `step` stops at, smallest first.
func stepHelp(pauses []string) string {
	if len(pauses) == 1 {
		return "`step " + pauses[0] + "` is the same: the game has no pauses."
	}
	h := "Without an argument it also stops at the end of each " + pauses[0] + ";"
	for _, p := range pauses[1 : len(pauses)-1] {
		h += " `step " + p + "` stops only at the end of a " + p + ","
	}
	return h + " `step " + pauses[len(pauses)-1] + "` only where you must answer."
}

func scriptUsage(pauses []string) string {
	return "script FILE [decision|" + strings.Join(pauses, "|") + "|game] | script off"
}

func cmdStep(s *Session, args []string) error {
	level := 1
	if len(args) > 0 {
		l, err := s.def.PauseLevel(args[0])
		if err != nil {
			return fmt.Errorf("step: %w", err)
		}
		level = l
	}
	g := s.game
	if g.Over() {
		return s.overErr()
	}
	if p := g.Pending(); p != nil && g.Decider() == nil {
		switch {
		case p.Decision != nil:
			enter := ""
			if s.cfg.Interactive {
				enter = ", Enter for the default"
			}
			return fmt.Errorf("the game waits for your answer (%s): `choose` one of %s%s, or `auto on`", kindWords(p.Decision.Kind), strings.Join(s.optionNames(), ", "), enter)
		case p.Roll != nil:
			return fmt.Errorf("the game waits for a %s roll: type `roll` and the faces you rolled, or `roll` alone", p.Roll.Dice())
		case p.Draw != nil:
			return fmt.Errorf("the game waits for a draw from %s: type `draw` and the chits you drew, or `draw` alone", p.Draw.Cup)
		}
	}
	if err := s.ensureLog(); err != nil {
		return err
	}
	s.level = level // answers after `step mission` play on to the mission's end too
	evs, err := g.Step(level)
	s.show(evs)
	return err
}

// overHint is what Enter says once the game is over.
func (s *Session) overHint() string {
	if s.game.Err() != nil {
		return "The game stopped: `undo` takes it back, `load` a saved game (`saved` lists them) or `new` starts another."
	}
	return "The game is over: `new` starts another, `saved` lists the saved games, `quit` leaves."
}

func (s *Session) overErr() error {
	if err := s.game.Err(); err != nil {
		return fmt.Errorf("the game stopped: %w (`undo`, `load` a log or `new`)", err)
	}
	return errors.New("the game is over: `new` starts another, `load FILE` loads one")
}

func cmdChoose(s *Session, args []string) error {
	if p := s.game.Pending(); len(args) == 0 && p != nil && p.Decision != nil && s.game.Decider() == nil {
		delete(s.menus, p.Decision.Kind+" "+p.Decision.Side) // listed in full
		s.showPending()
		return nil
	}
	if len(args) < 1 {
		return errors.New("usage: choose OPTION [ARG...] (a name or a number, then the values it asks for)")
	}
	if s.game.Over() {
		return s.overErr()
	}
	if err := s.ensureLog(); err != nil {
		return err
	}
	evs, err := s.game.ChooseArgs(args[0], args[1:], engine.ByPlayer, s.level)
	if err != nil && evs == nil {
		return err
	}
	s.show(evs)
	return err
}

func cmdRoll(s *Session, args []string) error {
	if len(args) == 1 && strings.ContainsAny(args[0], "dD") {
		spec, err := dice.Parse(args[0])
		if err != nil {
			return err
		}
		faces := spec.Roll(s.free, nil)
		fmt.Fprintf(s.cfg.Out, "%s: %s = %d\n", spec, faceText(faces), spec.Total(faces))
		return nil
	}
	g := s.game
	p := g.Pending()
	if p == nil || p.Roll == nil {
		if g.Mode() == engine.Digital {
			return errors.New("no roll is pending: with digital dice the program rolls for the tables (`step`); `roll 2d10` is a free roll")
		}
		return errors.New("no roll is pending: `step` to play on; `roll 2d10` is a free roll")
	}
	if err := s.ensureLog(); err != nil {
		return err
	}
	var evs []gamelog.Event
	var err error
	switch {
	case len(args) == 1 && args[0] == "all":
		// The program rolls every roll up to the next decision or pause
		// (one the prompt answers for the player does not stop it).
		for {
			for err == nil && g.Pending() != nil && g.Pending().Roll != nil {
				var more []gamelog.Event
				more, err = g.RollGenerator(s.level)
				evs = append(evs, more...)
			}
			if err != nil {
				break
			}
			s.print(evs)
			answered, again := s.answerStanding()
			if !again {
				evs = nil
				break
			}
			// A copy: the game hands out its events in a buffer it reuses
			// at the next roll.
			evs = slices.Clone(answered)
		}
	case len(args) == 0:
		evs, err = g.RollGenerator(s.level)
	default:
		evs, err = g.RollFaces(args, s.level)
		if err != nil && evs == nil {
			return err
		}
	}
	s.show(evs)
	return err
}

func faceText(faces []int) string {
	parts := make([]string, len(faces))
	for i, f := range faces {
		parts[i] = strconv.Itoa(f)
	}
	return "[" + strings.Join(parts, " ") + "]"
}

func cmdTable(s *Session, args []string) error {
	if len(args) != 1 {
		return errors.New("usage: table ID (`tables` lists them)")
	}
	tabs := s.game.Tables()
	for _, id := range tabs.IDs() {
		if strings.EqualFold(id, args[0]) {
			return tabs.MustGet(id).Print(s.cfg.Out)
		}
	}
	return fmt.Errorf("no table %q in this booklet: `tables` lists them", args[0])
}

func cmdTables(s *Session, args []string) error {
	return s.game.Tables().PrintList(s.cfg.Out)
}

func cmdStatus(s *Session, args []string) error {
	g, w := s.game, s.cfg.Out
	h := g.Header()
	fmt.Fprintf(w, "Game %s, seed %d, %s dice, %s; tables %s\n", h.Game, h.Seed, h.Dice, optionText(h.Options), h.Tables)
	switch p := s.LogPath(); {
	case p != "":
		// The path on a line of its own: however long, it is never wrapped.
		fmt.Fprintf(w, "Log (%d events):\n  %s\n", g.Seq(), p)
	case g.Seq() > 0:
		fmt.Fprintf(w, "At event %d; not saved yet: play goes on in a new log.\n", g.Seq())
	default:
		fmt.Fprintln(w, "Not started: `step` begins.")
	}
	if d := g.Decider(); d != nil {
		fmt.Fprintf(w, "Decisions: %s\n", d.Who())
	}
	if s.def.Status != nil && g.Seq() > 0 {
		if err := s.def.Status(g, w); err != nil {
			return err
		}
	}
	if def := s.cur(); def != s.def && def.Status != nil { // a game played inside this one
		if err := def.Status(g, w); err != nil {
			return err
		}
	}
	s.kernelStatus(w)
	s.showPending()
	return nil
}

func cmdLog(s *Session, args []string) error {
	h := s.game.History()
	n := 10
	if len(args) > 0 {
		if args[0] == "all" {
			n = len(h)
		} else {
			v, err := strconv.Atoi(args[0])
			if err != nil || v < 1 {
				return fmt.Errorf("log %s: want a positive number of events, or all", args[0])
			}
			n = v
		}
	}
	if n > len(h) {
		n = len(h)
	}
	s.byGame(h[len(h)-n:], func(def *engine.Definition, run []gamelog.Event) { // each game's in its words (inner.go)
		s.as(def, func() {
			for i := range run {
				fmt.Fprintf(s.cfg.Out, "%5d  %s\n", run[i].Seq, s.describeAt(run, i))
			}
		})
	})
	return nil
}

func cmdSave(s *Session, args []string) error {
	if len(args) == 0 {
		if s.LogPath() == "" {
			fmt.Fprintln(s.cfg.Out, "Nothing to save yet: the game has not started.")
			return nil
		}
		fmt.Fprintf(s.cfg.Out, "Saved: %s (the log is written as you play).\n", s.logPath)
		return nil
	}
	force := args[0] == "--force"
	if force {
		args = args[1:]
	}
	if len(args) != 1 {
		return errors.New("usage: save [FILE] | save! FILE")
	}
	return s.save(args[0], force)
}

func cmdLoad(s *Session, args []string) error {
	if len(args) != 1 {
		return errors.New("usage: load FILE")
	}
	path := s.resolve(args[0])
	if real, err := filepath.EvalSymlinks(path); err == nil && real != path {
		// Play goes on in the file the link names: the link stays a link
		// and never points to a stale copy.
		path = real
	}
	// A compressed log (sim --logs DIR --compress) is read, and play goes
	// on in a new plain log beside it: the .gz stays as it was.
	from := path
	if plain, ok := strings.CutSuffix(path, ".gz"); ok {
		if exists(plain) {
			return fmt.Errorf("load: %s is compressed and play would go on in %s, which exists: load %s, or move it away", path, plain, plain)
		}
		path = plain
	}
	// The lock first: nobody writes the log while it is read.
	lock, err := s.lockFor(path)
	if err != nil {
		return fmt.Errorf("load: %w", err)
	}
	lg, err := gamelog.ReadFile(from)
	if err != nil {
		s.dropLock(lock)
		return fmt.Errorf("load: %w", err)
	}
	if lg.Warning != "" {
		fmt.Fprintln(s.cfg.Err, s.paint(yellow, "Warning: "+lg.Warning))
	}
	def, err := s.gameOf(lg)
	if err != nil {
		s.dropLock(lock)
		return fmt.Errorf("load %s: %w", from, err)
	}
	g, err := engine.Replay(def, lg, 0, engine.Config{Tables: tablesFor(s, lg)})
	if err != nil {
		s.dropLock(lock)
		return fmt.Errorf("load %s: %w", from, err)
	}
	if err := s.switchLocked(g, path, lock); err != nil {
		g.Close()
		return err
	}
	s.setDef(def)
	if from != path {
		fmt.Fprintf(s.cfg.Out, "Loaded %s: %d events; play goes on in %s.\n", from, len(lg.Events), path)
	} else {
		fmt.Fprintf(s.cfg.Out, "Loaded %s: %d events.\n", path, len(lg.Events))
	}
	s.showPending()
	return nil
}

// tablesFor keeps the current table set (an overlay) when the log was
// played with it.
func tablesFor(s *Session, lg *gamelog.Log) *tables.Set {
	if t := s.game.Tables(); t.Digest() == lg.Header.Tables {
		return t
	}
	return nil
}

func cmdNew(s *Session, args []string) error {
	cfg := engine.Config{Def: s.def, Seed: s.free.Uint64(), Mode: s.game.Mode()}
	path := ""
	for _, a := range args {
		k, v, ok := strings.Cut(a, "=")
		if !ok {
			return fmt.Errorf("new: %q: want NAME=VALUE", a)
		}
		switch k {
		case "game":
			d, err := s.gameNamed(v)
			if err != nil {
				return fmt.Errorf("new: %w", err)
			}
			cfg.Def = d
		case "name":
			if !validName(v) {
				return fmt.Errorf("new: name %q: use letters, digits, - and _", v)
			}
			path = filepath.Join(s.dataDir(), v+".jsonl")
			if !vacant(path) {
				return fmt.Errorf("new: a game named %q exists: `load %s` resumes it", v, v)
			}
		case "seed":
			n, err := strconv.ParseUint(v, 10, 64)
			if err != nil {
				return fmt.Errorf("new: seed %q: want a whole number", v)
			}
			cfg.Seed = n
		case "dice":
			m, err := engine.ParseMode(v)
			if err != nil {
				return fmt.Errorf("new: %w", err)
			}
			cfg.Mode = m
		default:
			cfg.Options = append(cfg.Options, gamelog.Option{Name: k, Value: v})
		}
	}
	g, err := engine.New(cfg)
	if err != nil {
		return fmt.Errorf("new: %w", err)
	}
	s.Close()
	s.game, s.logPath = g, path
	s.setDef(cfg.Def)
	h := g.Header()
	fmt.Fprintf(s.cfg.Out, "New game: seed %d, %s dice, %s. `step` begins.\n", h.Seed, h.Dice, optionText(h.Options))
	if len(s.cfg.Sides) > 0 {
		// The sides of the command line (--side) play the new game too,
		// when it is their game: a scripted side never becomes the
		// player's by a `new`.
		if cfg.Def.Name != s.cfg.Def.Name {
			fmt.Fprintf(s.cfg.Out, "The --side flags are for %s: you play every side of %s.\n", s.cfg.Def.Name, cfg.Def.Name)
			return nil
		}
		if err := s.applySides(g); err != nil {
			return fmt.Errorf("new: %w: `quit` and start again with other --side flags", err)
		}
		fmt.Fprintln(s.cfg.Out, sidesText(s.cfg.Sides, s.def))
	}
	return nil
}

// sidesText says who plays each side given on the command line: "The
// defender is played by scripts/coastal/convoy.lua."
func sidesText(specs []engine.SideSpec, def *engine.Definition) string {
	parts := make([]string, len(specs))
	for i, sp := range specs {
		switch sp.Kind {
		case engine.SideScript:
			parts[i] = "the " + sp.Name + " is played by " + sp.File
		case engine.SideReference:
			parts[i] = "the " + sp.Name + " by " + def.ReferenceWho()
		default:
			parts[i] = "the " + sp.Name + " by you"
		}
	}
	return upper(strings.Join(parts, ", ")) + "."
}

// lastPause is the word of `step` that plays on to where you must answer.
func (s *Session) lastPause() string {
	p := s.def.PauseNames()
	return p[len(p)-1]
}

func upper(s string) string {
	if s == "" {
		return s
	}
	return strings.ToUpper(s[:1]) + s[1:]
}

// optionHelp lists a game's options with their values and defaults.
func optionHelp(opts []engine.OptionDef) string {
	if len(opts) == 0 {
		return "none"
	}
	parts := make([]string, len(opts))
	for i, o := range opts {
		v := "VALUE"
		if len(o.Values) > 0 {
			v = strings.Join(o.Values, "|")
		}
		parts[i] = o.Name + "=" + v + " (default " + o.Default + ")"
	}
	return strings.Join(parts, ", ")
}

func cmdSaved(s *Session, args []string) error {
	saved := s.Saved()
	if len(saved) == 0 {
		fmt.Fprintf(s.cfg.Out, "No saved games in %s.\n", s.dataDir())
		return nil
	}
	rows := make([][]string, 0, len(saved))
	for _, sv := range saved {
		state := "in progress"
		if sv.Finished {
			state = "finished"
		}
		if sv.Err != nil {
			state = "unreadable"
		}
		rows = append(rows, []string{Printable(sv.Name), state, sv.Summary})
	}
	return grid.Render(s.cfg.Out, grid.Text, []string{"Name", "State", "Where it stands"}, rows, 70)
}

func cmdUndo(s *Session, args []string) error {
	if len(args) > 1 || len(args) == 1 && args[0] != "roll" && args[0] != "decision" {
		return errors.New("usage: undo [roll|decision]")
	}
	if s.LogPath() == "" {
		return errors.New("nothing to undo: the game has not started")
	}
	roll := len(args) == 1 && args[0] == "roll"
	dec, typed := lastDecisionAndRoll(s.game)
	if len(args) == 0 && typed > dec {
		// The last thing typed was a roll's faces (physical dice): plain
		// undo would take back more than the player may think.
		if dec < 0 {
			return errors.New("no decision to take back yet: `undo roll` takes back the roll you typed last")
		}
		return fmt.Errorf("the last thing you typed is a roll: `undo roll` takes it back; `undo decision` takes back your last decision (`%s`) and the rolls typed after it", s.game.History()[dec].Str("command"))
	}
	undo := s.game.Undo
	if roll {
		undo = s.game.UndoRoll
	}
	taken := ""
	if dec >= 0 {
		taken = s.game.History()[dec].Str("command")
	}
	g, err := undo()
	if err != nil {
		return err
	}
	if err := s.switchTo(g, s.logPath); err != nil {
		return err
	}
	switch {
	case roll:
		fmt.Fprintln(s.cfg.Out, "Undone: the roll you typed last is taken back.")
	case taken != "":
		fmt.Fprintf(s.cfg.Out, "Undone: `%s` is taken back.\n", taken)
	default:
		fmt.Fprintln(s.cfg.Out, "Undone.")
	}
	s.showPending()
	return nil
}

// lastDecisionAndRoll finds, in g's history, the last decision and the
// last roll whose faces the player typed (-1: none).
func lastDecisionAndRoll(g *engine.Game) (dec, typed int) {
	dec, typed = -1, -1
	h := g.History()
	for i := len(h) - 1; i >= 0 && (dec < 0 || typed < 0); i-- {
		switch e := &h[i]; {
		case dec < 0 && e.Type == "decision":
			dec = i
		case typed < 0 && g.Mode() == engine.Physical && e.Type == "roll" && e.Str("source") != "generator":
			typed = i
		}
	}
	return dec, typed
}

func cmdAuto(s *Session, args []string) error {
	on := len(args) == 0 || args[0] == "on"
	if len(args) > 1 || (len(args) == 1 && args[0] != "on" && args[0] != "off") {
		return errors.New("usage: auto [on|off]")
	}
	if !on {
		s.game.SetDecider(nil)
		fmt.Fprintln(s.cfg.Out, "You take the decisions.")
		return nil
	}
	if s.def.Reference == nil {
		return fmt.Errorf("%s has no reference player", s.def.Name)
	}
	s.game.SetDecider(s.def.Reference(s.game.Rules()))
	fmt.Fprintf(s.cfg.Out, "%s takes the decisions (`auto off` to take them back); `step %s` plays on.\n", upper(s.def.ReferenceWho()), s.lastPause())
	return nil
}

func cmdScript(s *Session, args []string) error {
	if len(args) < 1 || len(args) > 2 {
		return errors.New("usage: " + scriptUsage(s.def.PauseNames()))
	}
	span := scripting.ForGame
	if len(args) == 2 {
		var err error
		if span, err = scripting.ParseSpan(s.def, args[1]); err != nil {
			return fmt.Errorf("script: %w", err)
		}
	}
	s.dropScript()
	if args[0] == "off" {
		fmt.Fprintln(s.cfg.Out, "You take the decisions.")
		return nil
	}
	h, err := scripting.Attach(s.game, s.def, args[0], scripting.Options{Print: s.cfg.Out}, span)
	if err != nil {
		return err
	}
	s.script = h
	fmt.Fprintf(s.cfg.Out, "%s takes the decisions (`script off` to take them back); `step %s` plays on.\n", args[0], s.lastPause())
	return nil
}

func (s *Session) dropScript() {
	if s.script != nil {
		s.script.Detach()
		s.script.Close()
		s.script = nil
	}
}

// luaExamples are `lua` examples of the game's own view (its Lua API's
// first plain field and first list), or plain Lua for a game that has
// none.
func luaExamples(def *engine.Definition) string {
	doc, ok := def.Game.(luadoc.Documented)
	if !ok || def.View == nil {
		return "`lua 6*7`, `lua string.rep('-', 10)`"
	}
	api := doc.LuaAPI()
	if len(api.Classes) == 0 {
		return "`lua 6*7`"
	}
	var plain, list string
	for _, f := range api.Fields {
		if f.Class != api.Classes[0] {
			continue
		}
		elem, isList := strings.CutSuffix(f.Type, "[]")
		switch {
		case plain == "" && (f.Type == "string" || f.Type == "integer" || f.Type == "number" || f.Type == "boolean"):
			plain = "`lua game." + f.Name + "`"
		case isList && list == "" && slices.Contains(api.Classes, elem):
			list = "`lua game." + f.Name + "[1]`" // a list of the game's things: boats, units
		}
	}
	switch {
	case plain != "" && list != "":
		return plain + ", " + list
	case plain != "":
		return plain
	case list != "":
		return list
	}
	return "`lua game`"
}

// usesGame reports whether Lua code reads the global `game`.
var usesGame = regexp.MustCompile(`(^|[^.\w])game\b`)

func cmdLua(s *Session, args []string) error {
	if len(args) == 0 {
		return errors.New("usage: lua CODE")
	}
	if s.game.Seq() == 0 && usesGame.MatchString(strings.Join(args, " ")) {
		return errors.New("the game has not started, and `game` is what a script sees of a game under way: `step` first (Enter), then `lua` it")
	}
	if s.eval == nil || s.evalGame != s.game {
		if s.eval != nil {
			s.eval.Close()
		}
		var view scripting.View
		if s.def.View != nil && s.game.Seq() > 0 {
			g := s.game
			view = func() engine.Viewer { return s.def.View(g.Rules()) }
		}
		s.eval = scripting.NewEval(scripting.Options{Print: s.cfg.Out, Seed: s.game.Header().Seed}, view)
		s.evalGame = s.game
	}
	out, err := s.eval.Eval(strings.Join(args, " "))
	if err != nil {
		return err
	}
	if out != "" {
		fmt.Fprintln(s.cfg.Out, out)
	}
	return nil
}

func cmdQuit(s *Session, args []string) error {
	s.quit = true
	return nil
}

// gameCommand is a game's own command (an order, a view) at the prompt:
// def's (the session's game, or a game played inside it).
func (s *Session) gameCommand(def *engine.Definition, gc *engine.Command) *Command {
	group := gc.Group
	if group == "" {
		group = def.Name
	}
	return &Command{
		Name: gc.Name, Aliases: gc.Aliases, Group: group, Usage: gc.Usage, Help: gc.Help, Match: gc.Match,
		Run: func(s *Session, args []string) error {
			// A view of a game not yet started saves nothing; an order
			// (or a view of a game under way) keeps the log open.
			if s.game.Seq() > 0 {
				if err := s.ensureLog(); err != nil {
					return err
				}
			}
			evs, err := gc.Run(s.game, args, s.cfg.Out)
			if err != nil && len(evs) == 0 {
				// Perhaps an order for the decision just answered for
				// the player (an unchanged speed): it revises it.
				if revised, ok := s.reviseSame(func(g *engine.Game) ([]gamelog.Event, error) {
					return gc.Run(g, args, s.cfg.Out)
				}); ok {
					evs, err = revised, nil
				}
			}
			if s.game.Seq() > 0 {
				if lerr := s.ensureLog(); lerr != nil && err == nil {
					err = lerr
				}
			}
			if len(evs) > 0 {
				s.show(evs) // an order: what it made, and what comes next
			}
			return err
		},
		Complete: func(s *Session, args []string) []string {
			if gc.Complete == nil {
				return nil
			}
			return gc.Complete(s.game, args)
		},
	}
}
