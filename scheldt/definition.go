package scheldt

import (
	"fmt"
	"strconv"
	"strings"
	"sync"

	"github.com/schnell-wargames/schnell/engine"
	"github.com/schnell-wargames/schnell/gamelog"
	"github.com/schnell-wargames/schnell/tables"
)

// Name is the game's name in log headers and --game.
const Name = "scheldt"

// Title is the game in one line.
const Title = "Battle of the Scheldt: The Devil's Moat — a table assistant for the folio game (turn track, support draws, rebuilds, assaults, the integrated CRT)"

// Options are the game's options with their defaults.
var Options = []engine.OptionDef{
	{Name: "turns", Default: "20", Help: "how many game turns to play, 1 to 20 (the document implies 20: 11.0)"},
	{Name: "flood", Default: "12.1", Values: []string{"12.0", "12.1"}, Help: "retreats into flooded hexes: 12.1 (freely) or 12.0 (stop in the first)"},
	{Name: "beveland", Default: "16.1", Values: []string{"16.1", "both"}, Help: "the 52nd's trigger: 16.1 alone, or both 16.1 and the note of 11.2 (the road hexes)"},
	{Name: "reach", Default: "6", Values: []string{"6", "10"}, Help: "hexes from Terneuzen a Beveland landing may be (16.1 gives 6 and 10)"},
	{Name: "track", Default: "table", Help: "the Turn Record Track's support draws by turn from turn 1, Allied/German (11/6,9/5,...); \"table\": read SF-TRACK (turns not given too)"},
}

var (
	defOnce sync.Once
	defVal  *engine.Definition
	defErr  error
)

// Definition returns the game for the engine.
func Definition() (*engine.Definition, error) {
	defOnce.Do(func() {
		tabs, err := Tables()
		if err != nil {
			defErr = fmt.Errorf("load scheldt tables: %w", err)
			return
		}
		defVal = &engine.Definition{
			Name:  Name,
			Title: Title,
			// 1: the attack's mobile, support and defence arguments, the
			// bombardment's antitank and support (14.1, 16.4), the 14.1
			// loss note, no schedule past the game's end. 2: no order
			// decision in a phase with nothing to give (the Mobile Movement
			// Phase, an end of player turn without rebuilds); the draws'
			// label. 3: no `refused` event (issue 28: a refused order is
			// the prompt's error or the script's, never logged); `done`
			// is not offered while a landed unit must attack (16.3).
			Rules:    3,
			Booklets: []engine.Booklet{{Name: "scheldt", Title: "Battle of the Scheldt exclusive rules", Tables: tabs}},
			Options:  Options,
			New:      newRules,
			Pauses:   []string{"turn", "game"},
			Saved:    "games",
			Sides:    Sides,
			Commands: commands(),
			Events:   events,
			Describe: describe,
			Status:   status,
			Finished: func(lg *gamelog.Log) bool {
				n := len(lg.Events)
				return n > 0 && lg.Events[n-1].Type == string(evVictory)
			},
			Score: func(r engine.Rules) []gamelog.Field {
				g := r.(*Game)
				return []gamelog.Field{gamelog.Int("attacks", len(g.Combats)), gamelog.Str("winner", g.Winner)}
			},
			View:          func(r engine.Rules) engine.Viewer { return view{r.(*Game)} },
			Reference:     func(engine.Rules) engine.Decider { return engine.TakeDefault{} },
			ReferenceName: "the default player (every phase done, nothing attacked)",
			Game:          game{},
		}
	})
	return defVal, defErr
}

func newRules(opts []gamelog.Option, tabs *tables.Set) (engine.Rules, error) {
	v := map[string]string{}
	for _, o := range opts {
		v[o.Name] = o.Value
	}
	n, err := strconv.Atoi(v["turns"])
	if err != nil || n < 1 || n > 20 {
		return nil, fmt.Errorf("turns %q: want 1 to 20", v["turns"])
	}
	reach, _ := strconv.Atoi(v["reach"])
	track, err := parseTrack(v["track"])
	if err != nil {
		return nil, err
	}
	g, err := newGame(tabs, n, v["flood"], v["beveland"], reach)
	if err != nil {
		return nil, err
	}
	g.typedTrack = track
	return g, nil
}

// Of returns the rules of a game of Battle of the Scheldt.
func Of(g *engine.Game) (*Game, error) {
	r, ok := g.Rules().(*Game)
	if !ok {
		return nil, fmt.Errorf("the game is not %s", Name)
	}
	return r, nil
}

// parseTrack reads the track option: Allied/German counts by turn, comma
// separated ("11/6,9/5"); at most 20 turns, each count 0 to 40.
func parseTrack(s string) ([][2]int, error) {
	if s == "" || s == "table" {
		return nil, nil
	}
	parts := strings.Split(s, ",")
	if len(parts) > 20 {
		return nil, fmt.Errorf("track: %d turns given: the game has at most 20", len(parts))
	}
	out := make([][2]int, len(parts))
	for i, p := range parts {
		a, g, ok := strings.Cut(strings.TrimSpace(p), "/")
		na, err1 := strconv.Atoi(a)
		ng, err2 := strconv.Atoi(g)
		if !ok || err1 != nil || err2 != nil || na < 0 || ng < 0 || na > 40 || ng > 40 {
			return nil, fmt.Errorf("track: turn %d: %q: want ALLIED/GERMAN, two counts 0 to 40 (as 11/6)", i+1, p)
		}
		out[i] = [2]int{na, ng}
	}
	return out, nil
}
