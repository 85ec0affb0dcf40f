package repl

import (
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/schnell-wargames/schnell/engine"
	"github.com/schnell-wargames/schnell/gamelog"
)

// Standing orders (engine/standing.go) at the prompt: `orders` lists them
// and turns them on or off. At a terminal they are all on; piped, none is
// until `orders on`, so that a command file answers every question it
// meets, as it always did.

func ordersCommand() *Command {
	return &Command{Name: "orders", Group: groupPlay, Aliases: []string{"same"}, Usage: "orders [on|off|NAME on|NAME off]",
		Help: "Standing orders answer some questions for you, and say so in one line: a question with one legal answer, an order you gave earlier carried out, an answer that only repeats your last, and the game's own (`orders` lists them). An order typed at the next question changes the answer given for you. `orders off` asks every question, `orders NAME off` stops one; `same` is another name for it. At a terminal they are all on; in a command file, none until `orders on`.",
		Run:  cmdOrders,
		Complete: func(s *Session, args []string) []string {
			if len(args) > 1 {
				return []string{"on", "off"}
			}
			out := []string{"on", "off"}
			for _, o := range s.def.StandingOrders() {
				out = append(out, o.Name)
			}
			return out
		}}
}

// resetOrders puts every standing order of the game in force at a
// terminal, none piped.
func (s *Session) resetOrders() {
	s.orders = map[string]bool{}
	for _, o := range s.def.StandingOrders() {
		s.orders[o.Name] = s.cfg.Interactive
	}
}

func cmdOrders(s *Session, args []string) error {
	all := s.def.StandingOrders()
	switch {
	case len(args) == 0:
		s.listOrders()
		return nil
	case len(args) == 1 && (args[0] == "on" || args[0] == "off"):
		for _, o := range all {
			s.orders[o.Name] = args[0] == "on"
		}
		if args[0] == "on" {
			fmt.Fprintln(s.cfg.Out, "Standing orders on: they answer the questions they cover, and say so (`orders` lists them).")
		} else {
			fmt.Fprintln(s.cfg.Out, "Standing orders off: every question is asked.")
		}
		return nil
	case len(args) == 2 && (args[1] == "on" || args[1] == "off"):
		i := slices.IndexFunc(all, func(o engine.StandingOrder) bool { return strings.EqualFold(o.Name, args[0]) })
		if i < 0 {
			return fmt.Errorf("no standing order %q%s: `orders` lists them", args[0], DidYouMean(args[0], orderNames(all)))
		}
		s.orders[all[i].Name] = args[1] == "on"
		if args[1] == "on" {
			fmt.Fprintf(s.cfg.Out, "Standing order %s on: %s.\n", all[i].Name, all[i].Help)
		} else {
			fmt.Fprintf(s.cfg.Out, "Standing order %s off: the questions it answered are asked.\n", all[i].Name)
		}
		return nil
	}
	return errors.New("usage: orders [on|off|NAME on|NAME off]")
}

func orderNames(all []engine.StandingOrder) []string {
	out := make([]string, len(all))
	for i, o := range all {
		out[i] = o.Name
	}
	return out
}

// listOrders lists the standing orders, one paragraph each ("  keep-range
// (on): in a combat …", its next lines indented): the list fits a screen.
func (s *Session) listOrders() {
	w := s.cfg.Out
	fmt.Fprintln(w, "Standing orders (`orders NAME on|off`, `orders off` asks every question):")
	for _, o := range s.def.StandingOrders() {
		state := "off"
		if s.orders[o.Name] {
			state = "on"
		}
		fmt.Fprintf(w, "  %s (%s): %s\n", o.Name, state, o.Help)
	}
}

// standingAnswer is the standing order in force that answers d, and the
// option it takes. An order that covers d (StandingOrder.Covers) and does
// not answer it, in force or not, leaves it to the player.
func (s *Session) standingAnswer(d *engine.Decision) (engine.StandingOrder, int, bool) {
	for _, o := range s.cur().StandingOrders() { // an inner game's own orders are not in force: the kernel's are

		if s.orders[o.Name] && o.Pick != nil {
			if i, ok := o.Pick(d, s.game.History()); ok && i >= 0 && i < len(d.Options) {
				return o, i, true
			}
		}
		if o.Covers != nil && o.Covers(d) {
			break // the order about it did not answer: the player is asked
		}
	}
	return engine.StandingOrder{}, 0, false
}

// orderSaid is how the prompt says a decision answered by standing order
// as: "the only choice", "as ordered", the game's words for its own.
func (s *Session) orderSaid(as string) string {
	switch as {
	case engine.OnlyOption.Name:
		return "the only choice"
	case engine.Carried.Name:
		return "as ordered"
	case engine.Unchanged.Name:
		return "as before"
	}
	for _, o := range s.def.StandingOrders() {
		if o.Name == as && o.Said != "" {
			return o.Said
		}
	}
	return "standing order " + as
}

// describeDecision words a decision event for the player: what was asked,
// what was chosen as the player would type it, and who chose when it was
// not the player typing it ("Boat attack: fire mtb-1 (as ordered)",
// "[defender] Fire: hold (the script)").
func (s *Session) describeDecision(e *gamelog.Event) string {
	who := ""
	switch engine.Who(e.Str("by")) {
	case engine.ByPlayer:
		if as := e.Str("as"); as != "" {
			who = s.orderSaid(as)
		}
	case engine.ByScript:
		who = "the script"
	case engine.ByDefault:
		who = s.def.ReferenceWho()
	case engine.ByTable:
		who = "at the table"
	default:
		who = e.Str("by")
	}
	kind, choice := kindWords(e.Str("kind")), choiceWords(e)
	if first, rest, ok := strings.Cut(choice, " "); ok && strings.EqualFold(first, kind) {
		choice = kindWords(rest) // "Speed: very fast", not "Speed: speed very_fast"
	}
	line := upper(kind) + ": " + choice
	if side := e.Str("side"); side != "" {
		line = "[" + side + "] " + line
	}
	if who != "" {
		line += " (" + who + ")"
	}
	return line
}

// choiceWords is what a decision event chose: the command that makes it,
// as the player types it ("move next"), or for `choose` the option and
// each value it was given ("range, marker A3, cm 55").
func choiceWords(e *gamelog.Event) string {
	if c := e.Str("command"); c != "" && !strings.HasPrefix(c, "choose ") {
		return c
	}
	c := e.Str("choice")
	if a, ok := e.Get("args"); ok {
		for _, f := range a.O {
			c += ", " + kindWords(f.Key) + " " + engine.Word(f.Val)
		}
	}
	return c
}
