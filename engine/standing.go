package engine

import (
	"fmt"

	"github.com/schnell-wargames/schnell/gamelog"
)

// Standing orders: answers the player gives once, that the prompt then
// gives for him at each decision they answer (`orders` at the prompt).
// The rules still ask every decision; the answer is logged as the
// player's, with the order's name in the decision's `as` field, and a
// replay takes it from the log like any other. Scripts, the reference
// player, `auto` and `sim` never use them.

// StandingOrder is one standing order: its name (one word, what `orders
// NAME on|off` takes and the log's `as` says), what it does for the
// player, and the option it picks at a decision, if it answers it at all.
type StandingOrder struct {
	Name string
	Help string
	// Said starts the line that tells the player an answer was made by
	// the order ("Pressing on"); "": "By standing order NAME".
	Said string
	// Pick returns the option the order takes at d, given the game's
	// history so far; false: the order does not answer d (the player is
	// asked). It must not change d.
	Pick func(d *Decision, history []gamelog.Event) (int, bool)
	// Covers, when set, says which questions the order is about: at one it
	// covers and does not answer (or is off), no order after it answers
	// (the kernel's `again`, which knows less of the question): the player
	// is asked.
	Covers func(d *Decision) bool
}

// The kernel's standing orders; a game adds its own (Definition.Orders).
// OnlyOption answers a decision with one legal option; Carried, an order
// the player gave earlier that the rules mark as answering it
// (SetStanding); Unchanged, a decision whose answer would only repeat the
// last (SetSame).
var (
	OnlyOption = StandingOrder{Name: "only", Help: "a question with only one legal answer is answered with it",
		Pick: func(d *Decision, _ []gamelog.Event) (int, bool) {
			return 0, len(d.Options) == 1 && len(d.Options[0].Args) == 0 // values are the player's to give
		}}
	Carried = StandingOrder{Name: "carry", Help: "an order you gave earlier is carried out where it answers a question",
		Pick: func(d *Decision, _ []gamelog.Event) (int, bool) { return d.Standing() }}
	Unchanged = StandingOrder{Name: "same", Help: "a question whose answer would only repeat your last one is answered the same",
		Pick: func(d *Decision, _ []gamelog.Event) (int, bool) { return d.Same() }}
)

// Quiet is the kernel's order to play through a quiet turn: a pause of
// the smallest level with nothing since the prompt last stopped that the
// game marks as something the player must see (Definition.Notable), and at
// a terminal a quiet pause of a bigger level the player did not step to (in
// the flagship, a mission's end); at a terminal, one with news plays on to the next
// question, which the news is above, unless the news would scroll off the
// screen first (the prompt's playThroughQuiet). It answers no decision (no
// Pick); games with no Notable do not offer it.
var Quiet = StandingOrder{Name: "quiet", Help: "play on through the end of a turn or round (and, at a terminal, of a longer stretch you did not `step` to) in which nothing happened that you must see; after one in which something did, play goes on to the next question, the news above it, stopping sooner only where the news would scroll off the screen"}

// Again is the kernel's order to give a question asked again, with the
// same answers offered, the player's last answer to it, when nothing he
// must see (notable) happened since he gave it. Questions of one kind
// asked one right after the other, with nothing between them, are a run of
// questions about different things (each boat's), not one asked again:
// the second is not answered from the first.
func Again(notable func(e *gamelog.Event) bool) StandingOrder {
	return StandingOrder{Name: "again", Said: "again",
		Help: "a question asked again with the same answers offered gets your last answer, unless something happened since that you must see",
		Pick: func(d *Decision, h []gamelog.Event) (int, bool) {
			later := false // play went on since the answer
			for i := len(h) - 1; i >= 0; i-- {
				e := &h[i]
				if e.Type != "decision" || e.Str("kind") != d.Kind || e.Str("side") != sideOf(d) {
					if notable(e) {
						return 0, false
					}
					later = true
					continue
				}
				if !later {
					return 0, false
				}
				return repeatOf(d, e)
			}
			return 0, false
		}}
}

// repeatOf is the option of d that e, the answer to the same question
// asked before, chose: only when the player gave it with no values, and d
// offers exactly the options e did.
func repeatOf(d *Decision, e *gamelog.Event) (int, bool) {
	if Who(e.Str("by")) != ByPlayer {
		return 0, false
	}
	if _, ok := e.Get("args"); ok {
		return 0, false
	}
	opts, _ := e.Get("options")
	if len(opts.L) != len(d.Options) {
		return 0, false
	}
	choice, at := e.Str("choice"), -1
	for j, o := range opts.L {
		if o.S != d.Options[j].Name {
			return 0, false
		}
		if o.S == choice {
			at = j
		}
	}
	return at, at >= 0 && len(d.Options[at].Args) == 0
}

// StandingOrders lists the orders the prompt may carry out in a game of
// def: the kernel's, then the game's; a game that says what the player
// must see (Definition.Notable) has `quiet` and `again` last.
func (def *Definition) StandingOrders() []StandingOrder {
	all := append([]StandingOrder{OnlyOption, Carried, Unchanged}, def.Orders...)
	if def.Notable != nil {
		all = append(all, Quiet, Again(def.Notable)) // after the game's: its orders say more
	}
	return all
}

// SameAsLast is a Pick that takes, at a decision of its kind, the option
// named as the answer to the last decision of that kind in the history,
// when it is offered again (the same boats as the last mission, when they
// can all sail).
func SameAsLast(d *Decision, history []gamelog.Event) (int, bool) {
	for i := len(history) - 1; i >= 0; i-- {
		e := &history[i]
		if e.Type != "decision" || e.Str("kind") != d.Kind || e.Str("side") != sideOf(d) {
			continue
		}
		if _, ok := e.Get("args"); ok {
			return 0, false // an answer with values: the player says them again
		}
		choice := e.Str("choice")
		for j := range d.Options {
			if d.Options[j].Name == choice && len(d.Options[j].Args) == 0 {
				return j, true
			}
		}
		return 0, false
	}
	return 0, false
}

func sideOf(d *Decision) string {
	if d.Side == TableSide {
		return ""
	}
	return d.Side
}

// SetStanding marks option i as the answer an order the player gave
// earlier already chose (a squadron's order, that each boat carries out
// when its turn comes): the prompt takes it without asking while the
// player's `carry` order stands, and says so. A decider (script, reference
// player) is asked as usual. It changes nothing in the log but the
// decision's `as`.
func (d *Decision) SetStanding(i int) { d.stand = i + 1 }

// Standing returns the option the player's standing order picks, if the
// rules marked one.
func (d *Decision) Standing() (int, bool) {
	return d.stand - 1, d.stand > 0 && d.stand <= len(d.Options)
}

// ChooseAs answers the pending decision with option i for the player by
// the standing order named as: it is logged as the player's, with
// `"as": as`.
func (g *Game) ChooseAs(i int, as string, level int) ([]gamelog.Event, error) {
	d := g.pendingDecision()
	if d == nil {
		return nil, fmt.Errorf("no decision is pending")
	}
	if i < 0 || i >= len(d.Options) {
		return nil, fmt.Errorf("no option %d: %s", i+1, d.optionList())
	}
	vals, err := d.defaultArgs(i)
	if err != nil {
		return nil, err
	}
	d.answered(i, vals)
	g.answer, g.who, g.as = i, ByPlayer, as
	return g.advance(level)
}
