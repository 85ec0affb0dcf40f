package engine

import (
	"fmt"
	"slices"
)

// Due is something the rules scheduled for a later turn: a torpedo that
// arrives, a unit that returns, reinforcements. Turns are the rules' own
// count (a turn, a phase); the engine only keeps the list.
type Due struct {
	Turn int
	What string // what happens, for the player ("torpedo T1 reaches the convoy")
	Side string // whose it is ("": nobody's in particular)
	Key  string // the rules' id for it (a unit, a torpedo), may be empty
}

// Schedule puts what on turn's list. It records nothing: the rules make
// the same schedule again when a log is replayed, and `status` shows it.
func (c *Ctx) Schedule(d Due) {
	if d.What == "" {
		c.Fail(fmt.Errorf("rules schedule nothing for turn %d", d.Turn))
	}
	c.g.ext.due = append(c.g.ext.due, d)
}

// Due takes off the list what is due on or before turn, in the order it
// was scheduled.
func (c *Ctx) Due(turn int) []Due {
	var out []Due
	c.g.ext.due = slices.DeleteFunc(c.g.ext.due, func(d Due) bool {
		if d.Turn <= turn {
			out = append(out, d)
			return true
		}
		return false
	})
	return out
}

// Unschedule takes off the list what has key (a torpedo that was sunk
// with its boat) and reports how many there were.
func (c *Ctx) Unschedule(key string) int {
	n := len(c.g.ext.due)
	c.g.ext.due = slices.DeleteFunc(c.g.ext.due, func(d Due) bool { return key != "" && d.Key == key })
	return n - len(c.g.ext.due)
}

// Schedule is what is due on later turns, by turn, then in the order it
// was scheduled.
func (g *Game) Schedule() []Due {
	out := slices.Clone(g.ext.due)
	slices.SortStableFunc(out, func(a, b Due) int { return a.Turn - b.Turn })
	return out
}
