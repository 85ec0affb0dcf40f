package engine

import (
	"errors"
	"fmt"
	"io"
	"strings"
	"unsafe"

	"github.com/schnell-wargames/schnell/gamelog"
)

// refusal is an order the rules do not offer at a decision: its name (as
// `choose NAME` or a script would answer), the command the player would
// type, and why (parts d.why[from:to], joined when read).
type refusal struct {
	name, command string
	from, to      int
	reordered     bool // the command's words after the first in another order (RefuseReordered)
}

// Refuse records, where the rules build a decision's options, an order they
// do not offer and why: name is the answer a script or `choose NAME` would
// give, command the line the player would type (as an Option's Command),
// why the rule and what to do instead, made from parts joined only when
// someone asks (Refusal, Find, Game.Answer). It allocates nothing once the
// decision's storage has grown (Ctx.Ask keeps it).
func (d *Decision) Refuse(name, command string, why ...string) {
	if !d.lateRefusing { // else not yet: RefusesLater (small, to be inlined where the rules refuse)
		d.refuse(refusal{name: name, command: command}, why, nil)
	}
}

// RefuseMore is Refuse with the reason in two runs of parts, joined when
// read: why (made once for several orders), then more.
func (d *Decision) RefuseMore(name, command string, why []string, more ...string) {
	if !d.lateRefusing {
		d.refuse(refusal{name: name, command: command}, why, more)
	}
}

// refuse records r, why the rules refuse it (why, then more), when
// someone may read it.
func (d *Decision) refuse(r refusal, why, more []string) {
	if d.asker != nil && d.unread() {
		return // nobody may read it: skip the work
	}
	r.from = len(d.why)
	d.why = append(append(d.why, why...), more...)
	r.to = len(d.why)
	d.refused = append(d.refused, r)
}

// RefuseReordered refuses, as Refuse does, command with its words after
// the first in any other order, and says why: where an order's arguments
// go in one order only (`sail SB2 SB3 SB5`, not `sail SB3 SB2 SB5`), one
// refusal for all the others.
func (d *Decision) RefuseReordered(command string, why ...string) {
	if !d.lateRefusing {
		d.refuse(refusal{command: command, reordered: true}, why, nil)
	}
}

// Refusal reports why the rules refuse an answer: an option name the rules
// refused (case-insensitive) or the command of one.
func (d *Decision) Refusal(answer string) (string, bool) {
	a := strings.TrimSpace(answer)
	for _, r := range d.refused {
		if !r.reordered && strings.EqualFold(r.name, a) || r.refuses(a) {
			return strings.Join(d.why[r.from:r.to], ""), true
		}
	}
	return "", false
}

// refuses reports whether r refuses the command line a.
func (r *refusal) refuses(a string) bool {
	switch {
	case r.command == "":
		return false
	case r.reordered:
		return reordered(r.command, a)
	}
	return sameCommand(r.command, a)
}

// refusedCommand is why the rules refuse the command line a (not an
// option's name: that may be offered with other arguments).
func (d *Decision) refusedCommand(a string) (string, bool) {
	for _, r := range d.refused {
		if r.refuses(a) {
			return strings.Join(d.why[r.from:r.to], ""), true
		}
	}
	return "", false
}

// Refused lists the commands (or `choose NAME`) the rules refuse here, in
// the order they were refused.
func (d *Decision) Refused() []string {
	out := make([]string, len(d.refused))
	for i, r := range d.refused {
		out[i] = r.command
		switch {
		case r.reordered:
			out[i] += " (its words in another order)"
		case out[i] == "":
			out[i] = "choose " + r.name
		}
	}
	return out
}

// sameCommand compares two command lines word by word, ignoring case and
// the spaces between words.
func sameCommand(a, b string) bool {
	fa, fb := strings.Fields(a), strings.Fields(b)
	if len(fa) != len(fb) {
		return false
	}
	for i := range fa {
		if !strings.EqualFold(fa[i], fb[i]) {
			return false
		}
	}
	return true
}

// reordered reports whether command line b is a with its words after the
// first in another order (case ignored): the same words, each as often,
// but not in a's order.
func reordered(a, b string) bool {
	fa, fb := strings.Fields(a), strings.Fields(b)
	if len(fa) != len(fb) || len(fa) < 3 || !strings.EqualFold(fa[0], fb[0]) {
		return false
	}
	fa, fb = fa[1:], fb[1:]
	used := make([]bool, len(fb))
	same := true // in a's order
	for i, w := range fa {
		found := false
		for j, x := range fb {
			if !used[j] && strings.EqualFold(w, x) {
				used[j], found = true, true
				same = same && i == j
				break
			}
		}
		if !found {
			return false
		}
	}
	return !same
}

// Answer answers the pending decision with a command line as the player
// types it ("move out", "fire merchant-1"): a line equal to an option's
// command (Decision.CommandFor) picks that option, or its command followed
// by the words of its arguments (Option.Args); a line the rules refused
// (Decision.Refuse) is an error that says why, even where it starts like an
// offered command whose arguments it gets wrong; anything else is an error
// that lists the orders there are. A refused or unknown line changes
// nothing.
func (g *Game) Answer(line string, who Who, level int) ([]gamelog.Event, error) {
	d := g.pendingDecision()
	if d == nil {
		if g.pend != nil && g.pend.Roll != nil {
			return nil, fmt.Errorf("`%s`: the game waits for a roll, not an order: type the faces rolled", line)
		}
		return nil, fmt.Errorf("`%s`: no decision is pending: `step` plays on to the next one", line)
	}
	words := strings.Fields(line)
	for i := range d.Options {
		if len(d.Options[i].Args) == 0 {
			if sameCommand(d.CommandFor(i), line) {
				return g.ChooseIndex(i, who, level)
			}
			continue
		}
		// An option with arguments: its command, then their words.
		cmd := strings.Fields(d.commandName(i))
		if len(words) >= len(cmd) && sameCommand(strings.Join(words[:len(cmd)], " "), strings.Join(cmd, " ")) {
			vals, err := d.argsFromWords(i, words[len(cmd):])
			if err != nil {
				if why, ok := d.refusedCommand(line); ok {
					return nil, errors.New(why) // the rules' reason for this very line
				}
				return nil, err
			}
			return g.choose(i, vals, who, level)
		}
	}
	if why, ok := d.Refusal(line); ok {
		return nil, errors.New(why)
	}
	return nil, fmt.Errorf("`%s` does not answer this question: %s", line, d.commandList())
}

// commandList names the commands that answer d.
func (d *Decision) commandList() string {
	var b strings.Builder
	b.WriteString("the orders are ")
	for i := range d.Options {
		if i > 0 {
			b.WriteString(", ")
		}
		b.WriteString("`" + d.CommandFor(i) + "`")
	}
	return b.String()
}

// Order is the Run of a game command that is an order: it answers the
// pending decision for the player with the line typed (name, then the
// arguments) through Game.Answer, so that the rules' options and refusals
// alone say what it may be. The game then plays on as far as the last
// step asked (Game.Step's level), as an answer with `choose` does.
func Order(name string) func(g *Game, args []string, w io.Writer) ([]gamelog.Event, error) {
	return func(g *Game, args []string, _ io.Writer) ([]gamelog.Event, error) {
		line := name
		if len(args) > 0 {
			line += " " + strings.Join(args, " ")
		}
		return g.Answer(line, ByPlayer, g.level)
	}
}

// AnswerWith answers the pending decision for who with option i and the
// values of its arguments, checked as a typed answer is (each argument's
// own check, then the option's Check; a refused answer changes nothing),
// and plays on as far as the last step asked, as Order does: for a game
// command that reads its arguments its own way (`attack 2819
// terrain=city`) and gives the values, never words.
func (g *Game) AnswerWith(i int, vals []gamelog.Value, who Who) ([]gamelog.Event, error) {
	d := g.pendingDecision()
	if d == nil {
		return nil, errors.New("no decision is pending: `step` plays on to the next one")
	}
	if i < 0 || i >= len(d.Options) {
		return nil, fmt.Errorf("no option %d: %s", i+1, d.optionList())
	}
	if len(vals) != len(d.Options[i].Args) {
		return nil, fmt.Errorf("%s takes %d argument(s), %d given: %s", d.Options[i].Name, len(d.Options[i].Args), len(vals), d.Usage(i))
	}
	if err := d.checkArgs(i, vals); err != nil {
		return nil, err
	}
	if len(vals) == 0 {
		vals = nil
	}
	return g.choose(i, vals, who, g.level)
}

// Ask starts a decision of kind, to be filled with its options (Add),
// its refusals (Refuse) and its Default, then asked (Decide) before the
// rules record anything else. It lives in storage the kernel keeps for
// each kind and reuses once the last decision of the kind is answered, so
// that asking allocates nothing in a long game; and its refusals are kept
// only when someone may read them (not in a replay, nor for a Blind
// decider: set the decision's Side, if any, before refusing).
func (c *Ctx) Ask(kind string) *Decision {
	var d *Decision
	p := unsafe.StringData(kind) // the rules ask by constants: found by their bytes' address
	for _, a := range c.asks {
		if unsafe.StringData(a.Kind) == p && len(a.Kind) == len(kind) {
			d = a
			break
		}
	}
	for i := 0; d == nil && i < len(c.asks); i++ { // a kind spelled anew
		if c.asks[i].Kind == kind {
			d = c.asks[i]
		}
	}
	if d == nil {
		d = &Decision{}
		c.asks = append(c.asks, d)
	}
	if len(d.lent) > 0 {
		d.giveBack()
	}
	d.reset(kind, "")
	d.asker = c.g
	return d
}

// unread is Game.unread for d, asked once per side the rules give it.
func (d *Decision) unread() bool {
	if !d.quietKnown || d.quietSide != d.Side {
		d.quiet, d.quietKnown, d.quietSide = d.asker.unread(d), true, d.Side
	}
	return d.quiet
}

// unread reports whether nobody will read d's wording or refusals: it is
// replayed from the log, or a Blind decider answers it (its Side set).
func (g *Game) unread(d *Decision) bool {
	if g.replay != nil && g.replay.more() {
		return true
	}
	dec := g.deciderFor(d)
	return dec != nil && g.waysOf(dec).blindFor(d)
}

// Wording fills in what a decision says to whoever reads it (its Prompt,
// its options' Text). Ctx.Decide calls it only when someone reads them: the
// player, or a decider that is not Blind; not in a replay, nor for the
// reference player.
type Wording func(d *Decision)

// AnswerBy answers the pending decision as dec would answer it (its
// option and arguments, checked as a typed answer is), for who, and plays
// on as AnswerWith does: a game command that hands some of the player's
// orders to the game's reference side (Schnell Rules' `captain`). A
// decider that errs or names no option changes nothing.
func (g *Game) AnswerBy(dec Decider, who Who) ([]gamelog.Event, error) {
	d := g.pendingDecision()
	if d == nil {
		return nil, errors.New("no decision is pending: `step` plays on to the next one")
	}
	i, vals, err := argsOf(dec, d)
	if err != nil {
		return nil, err
	}
	if i < 0 || i >= len(d.Options) {
		return nil, fmt.Errorf("no option %d: %s", i+1, d.optionList())
	}
	if err := d.checkArgs(i, vals); err != nil {
		return nil, err
	}
	return g.choose(i, vals, who, g.level)
}
