package engine

import (
	"fmt"

	"github.com/schnell-wargames/schnell/gamelog"
)

// DefaultTaker is implemented by a Decider that answers some decisions
// with their Default and reads nothing else of them (TakeDefault always).
// Ctx.Pick then need not build their options when the game records
// nothing.
type DefaultTaker interface {
	TakesDefault(d *Decision) bool
}

// TakesDefault implements DefaultTaker.
func (TakeDefault) TakesDefault(*Decision) bool { return true }

// Pick asks decision d, whose options (with their refusals) build adds,
// and returns the name of the option chosen; def names the option the
// rules' reference player takes (d's Default). When nobody will read d —
// the game keeps no log, history or observer, is not replaying, and the
// decider of d's side takes the default (TakeDefault: `sim` and `auto`
// without a log, the benchmarks) — Pick returns def without building the
// options: the reference player's answer costs only the rules' reasoning
// for it. Otherwise it builds d, finds def among its options (a rules
// error if it is not one: every game that is read checks it) and asks d
// as Decide does. An option with arguments taken unbuilt has none: after
// Pick, d.Args() is empty and the rules use what their reference player
// would answer (each argument's default); when d was asked, d.Args() holds
// the answer's.
func (c *Ctx) Pick(d *Decision, def string, build func(d *Decision), words ...Wording) string {
	g := c.g
	w := g.waysOf(g.deciderFor(d))
	if g.silent() { // not replaying either
		if w.takesDefault(d) {
			if g.lines > gamelog.MaxLogEvents {
				c.Fail(g.tooLong())
			}
			g.lines++ // as Decide counts an unrecorded decision
			d.got = nil
			return def
		}
	}
	var late func(*Decision)
	if (g.replay == nil || !g.replay.more()) && w.refusesLate(d) {
		d.lateRefusing, late = true, build // Refuse keeps nothing
	}
	build(d)
	d.Default = -1
	for i := range d.Options {
		if d.Options[i].Name == def {
			d.Default = i
			break
		}
	}
	if d.Default < 0 {
		c.Fail(fmt.Errorf("rules: the default %q of decision %s is not one of its options: %s", def, d.Kind, d.optionList()))
	}
	return d.Options[c.decide(d, late, words)].Name
}

// tooLong is why a game that has made more events than a log can hold
// stops: unlogged (sim), a game in a loop would never end.
func (g *Game) tooLong() error {
	return fmt.Errorf("the game has made %d events, more than a log can hold (%d MiB): it stops here (so long a game is most likely a script answering in a loop)", g.lines, gamelog.MaxLogBytes>>20)
}

// LateRefuser is implemented by a Decider that reads a decision's refusals
// only to say why an answer of its own is not an option (a script: its
// error names the rule). Ctx.Pick builds such a decider's options without
// their refusals (Decision.RefusesLater), and runs the rules' build again,
// for them alone, only when an answer needs them: the decider answered
// with NoSuchOption, or handed the decision back to the player.
type LateRefuser interface {
	RefusesLate(kind string) bool
}

// RefusesLater reports whether d's refusals are not built yet (a
// LateRefuser's decision asked by Ctx.Pick): Refusal finds none, and an
// answer that is no option is to be returned as a NoSuchOption.
func (d *Decision) RefusesLater() bool { return d.lateRefusing }

// NoSuchOption is a LateRefuser's error for an answer that is no option
// of a decision whose refusals are not built yet (RefusesLater): the game
// builds them and words the error with the rules' reason (Refused), or
// as Else when they did not refuse the answer.
type NoSuchOption struct {
	Answer  string                 // the answer, as Decision.Refusal reads it
	Refused func(why string) error // the error when the rules refused it, saying why
	Else    error                  // the error when they did not
}

func (e *NoSuchOption) Error() string { return e.Else.Error() }

// word is the error e stands for, the refusals made by late (nil: d holds
// them).
func (e *NoSuchOption) word(d *Decision, late func(*Decision)) error {
	if late != nil && d.lateRefusing {
		refuseNow(d, late)
	}
	if why, ok := d.Refusal(e.Answer); ok {
		return e.Refused(why)
	}
	return e.Else
}

// refuseNow makes the refusals Ctx.Pick left out of d: the rules' build
// again, into a spare decision (the rules have not moved: d is being
// answered), whose refusals d takes.
func refuseNow(d *Decision, build func(*Decision)) {
	d.lateRefusing = false
	spare := &Decision{Kind: d.Kind, Side: d.Side}
	build(spare)
	d.refused, d.why = spare.refused, spare.why
}
