package repl

import (
	"fmt"
	"slices"

	"github.com/schnell-wargames/schnell/engine"
	"github.com/schnell-wargames/schnell/gamelog"
)

// rollWords is a roll event with its label (`for`) as the game words it
// for the player (Definition.RollFor); the event itself stays as logged.
func (s *Session) rollWords(e *gamelog.Event) *gamelog.Event {
	f := e.Str("for")
	if f == "" || s.def.RollFor == nil {
		return e
	}
	w := s.def.RollFor(f)
	if w == f {
		return e
	}
	c := *e
	c.Fields = slices.Clone(e.Fields)
	for i := range c.Fields {
		if c.Fields[i].Key == "for" {
			c.Fields[i] = gamelog.Str("for", w)
		}
	}
	return &c
}

// showRoll tells the player what to roll with physical dice and how to
// type it.
func (s *Session) showRoll(r *engine.RollRequest) {
	w := s.cfg.Out
	label := r.Label
	if label != "" && s.def.RollFor != nil {
		label = s.def.RollFor(label)
	}
	what := label
	if r.Table != "" {
		what = r.Table + " " + r.Title
		if r.Label != "" {
			what += " (" + label + ")"
		}
	}
	if r.Throw != nil {
		fmt.Fprintf(w, "%s %s for %s.\n", s.paint(yellow, "Throw"), r.Throw, what)
		note := ""
		for _, d := range r.Throw.Dice {
			switch {
			case d.Direction:
				note = "; a direction is the clock hour its arrow points to, 1..12"
			case d.Sides == 10 && note == "":
				note = "; a d10's 0 reads 10"
			}
		}
		fmt.Fprintf(w, "Type `roll %s` with the faces you threw (or the faces in that order%s),\nor `roll`: the program throws it (`roll all`: every roll to the next decision).\n", r.Throw.Example(), note)
		return
	}
	fmt.Fprintf(w, "%s %s for %s", s.paint(yellow, "Roll"), r.Spec, what)
	for _, m := range r.Mods {
		fmt.Fprintf(w, ", %+d %s", m.Value, m.Reason)
	}
	for _, m := range r.Shifts {
		fmt.Fprintf(w, ", shift %+d %s", m.Value, m.Reason)
	}
	lo, hi := r.Spec.FaceRange()
	switch {
	case r.Spec.Percentile:
		fmt.Fprintf(w, ".\nType the faces you rolled (%d..%d each, black die first: `8 5`), or the reading\n1..100 (`85`),", lo, hi)
	case r.Spec.N == 1:
		fmt.Fprintf(w, ".\nType the face you rolled (%d..%d),", lo, hi)
	default:
		fmt.Fprintf(w, ".\nType the %d faces you rolled (%d..%d each),", r.Spec.N, lo, hi)
	}
	fmt.Fprintln(w, " or `roll`: the program rolls it\n(`roll all`: every roll to the next decision).")
}
