package repl

import (
	"strings"

	"github.com/schnell-wargames/schnell/engine"
	"github.com/schnell-wargames/schnell/gamelog"
)

// A game played inside another (engine.Ctx.Play: a Schnell Rules battle
// inside a Schnell Boats combat): its events are worded by its own
// definition, its commands answer its questions and its standing orders
// (the kernel's, and its own) stand for them; the outer game's come back
// when it is over.

// cur is the definition of the game the prompt plays now: an inner game
// being played, or the session's own.
func (s *Session) cur() *engine.Definition {
	if s.game != nil {
		if def, _, ok := s.game.Inner(); ok {
			return def
		}
	}
	return s.home()
}

// withinBefore is which game the event seq belongs to, as the game's
// history has it (engine.Within before that event). It follows the
// history from the last point it reached (the events a prompt prints come
// in order); a new game, an undo or an earlier seq start it again.
func (s *Session) withinBefore(seq int) engine.Within {
	h := s.game.History()
	if s.within.g != s.game || seq <= s.within.seq {
		s.within.g, s.within.seq, s.within.w = s.game, 0, engine.Within{}
	}
	for s.within.seq+1 < seq && s.within.seq < len(h) {
		e := &h[s.within.seq]
		if e.Seq != s.within.seq+1 {
			break // not a whole history: word as the session's game
		}
		s.within.w.Game(e)
		s.within.seq++
	}
	return s.within.w.Clone()
}

// innerState is withinBefore's place in the history.
type innerState struct {
	g   *engine.Game
	seq int
	w   engine.Within
}

// byGame calls f for each run of evs that belong to one game, with the
// definition that words them.
func (s *Session) byGame(evs []gamelog.Event, f func(def *engine.Definition, run []gamelog.Event)) {
	if len(evs) == 0 {
		return
	}
	w := s.withinBefore(evs[0].Seq)
	for i := 0; i < len(evs); {
		name := w.Game(&evs[i])
		j := i + 1
		for j < len(evs) && w.Here() == name && !isInnerMark(&evs[j]) {
			w.Game(&evs[j])
			j++
		}
		def := s.home()
		if name != "" {
			if d := s.game.DefinitionOf(name); d != nil {
				def = d
			}
		}
		f(def, evs[i:j])
		i = j
	}
}

func isInnerMark(e *gamelog.Event) bool {
	return e.Type == string(engine.EvInnerStart) || e.Type == string(engine.EvInnerEnd)
}

// as runs f with def as the session's definition (the words, menus and
// orders of an inner game).
func (s *Session) as(def *engine.Definition, f func()) {
	if def == s.def {
		f()
		return
	}
	saved, own := s.def, s.own
	if s.own == nil {
		s.own = s.def
	}
	s.def = def
	defer func() { s.def, s.own = saved, own }()
	f()
}

// home is the session's own game's definition (not an inner game's).
func (s *Session) home() *engine.Definition {
	if s.own != nil {
		return s.own
	}
	return s.def
}

// describeInnerMark words the kernel's inner_start and inner_end.
func (s *Session) describeInnerMark(e *gamelog.Event) string {
	title := e.Str("game")
	if d := s.game.DefinitionOf(title); d != nil && d.Title != "" {
		title, _, _ = strings.Cut(d.Title, ":")
	}
	if e.Type == string(engine.EvInnerStart) {
		return "--- " + title + " is played inside this game ---"
	}
	return "--- " + title + " is over ---"
}

// innerCommand is the command of the inner game being played called name
// (its orders and views answer its questions), or nil.
func (s *Session) innerCommand(name string) *Command {
	def := s.cur()
	if def == s.home() {
		return nil
	}
	if s.innerCmds == nil {
		s.innerCmds = map[*engine.Definition][]*Command{}
	}
	cmds, ok := s.innerCmds[def]
	if !ok {
		for i := range def.Commands {
			cmds = append(cmds, s.gameCommand(def, &def.Commands[i]))
		}
		if def.Picture != nil && !hasCommand(def, "board") {
			b := boardCommand(def)
			run := b.Run
			b.Run = func(s *Session, args []string) (err error) {
				s.as(def, func() { err = run(s, args) })
				return err
			}
			cmds = append(cmds, b)
		}
		s.innerCmds[def] = cmds
	}
	for _, c := range cmds {
		if c.Name == name || containsWord(c.Aliases, name) {
			return c
		}
	}
	for _, c := range cmds {
		if c.Match != nil && c.Match(name) {
			return c
		}
	}
	return nil
}

func containsWord(words []string, w string) bool {
	for _, x := range words {
		if x == w {
			return true
		}
	}
	return false
}
