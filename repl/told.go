package repl

import (
	"github.com/schnell-wargames/schnell/engine"
	"github.com/schnell-wargames/schnell/gamelog"
)

// A solo player on a virtual table (he plays one side, the reference or a
// script the others) reads at the prompt only the events his side is told
// as they are made (Definition.Told): "S141 moves" is not printed while
// S141 is an unspotted marker to him. The game says, right after each
// event, whether his side learns of it; the prompt keeps the answer and
// leaves untold events out of what it prints (the log keeps every event:
// `log` and the file are the referee's). Playing both sides, or none
// (`auto on`), he is the referee and reads everything.

// toldRecord is what the player's side was told of each event of one game
// as it was made (by seq), and how it read those it was not told of
// (Definition.Unseen).
type toldRecord struct {
	g      *engine.Game
	told   map[int]bool
	unseen map[int]gamelog.Event
}

// watchTold makes the session keep, for each event g makes from now on,
// whether the side the player plays alone is told of it.
func (s *Session) watchTold(g *engine.Game) {
	if s.def.Told == nil {
		return
	}
	def := s.def
	g.Observe(func(e *gamelog.Event) {
		if s.toldOf.g != g {
			s.toldOf = toldRecord{g: g, told: map[int]bool{}, unseen: map[int]gamelog.Event{}}
		}
		side := soloSide(def, g)
		if side == "" {
			return
		}
		told := def.Told(g, e, side)
		s.toldOf.told[e.Seq] = told
		if !told && def.Unseen != nil {
			if u, ok := def.Unseen(g, e, side); ok {
				s.toldOf.unseen[e.Seq] = u
			}
		}
	})
}

// soloSide is the one side of def the player plays in g, while the game's
// reference, a script or another player plays the others; "" when he
// plays every side or none (he is the referee).
func soloSide(def *engine.Definition, g *engine.Game) string {
	side := ""
	for _, sd := range def.Sides {
		if g.PlayerPlays(sd) {
			if side != "" {
				return ""
			}
			side = sd
		}
	}
	return side
}

// toldOnly is evs, of the game def, without the events the side the player
// plays alone was not told of (Definition.Told), or with them as his side
// read them (Definition.Unseen). An event made before the session watched
// the game is asked about as the game stands now.
func (s *Session) toldOnly(def *engine.Definition, evs []gamelog.Event) []gamelog.Event {
	if def != s.def || def.Told == nil || len(evs) == 0 {
		return evs
	}
	side := soloSide(def, s.game)
	if side == "" {
		return evs
	}
	out := make([]gamelog.Event, 0, len(evs))
	for i := range evs {
		e := &evs[i]
		told, ok := false, false
		if s.toldOf.g == s.game {
			told, ok = s.toldOf.told[e.Seq]
		}
		switch {
		case !ok:
			told = def.Told(s.game, e, side)
		case !told:
			if u, seen := s.toldOf.unseen[e.Seq]; seen {
				out = append(out, u) // as his side reads it (Definition.Unseen)
			}
		}
		if told {
			out = append(out, *e)
		}
	}
	return out
}
