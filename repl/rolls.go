package repl

import (
	"fmt"

	"github.com/schnell-wargames/schnell/engine"
)

// showRoll tells the player what to roll with physical dice and how to
// type it.
func (s *Session) showRoll(r *engine.RollRequest) {
	w := s.cfg.Out
	what := r.Label
	if r.Table != "" {
		what = r.Table + " " + r.Title
		if r.Label != "" {
			what += " (" + r.Label + ")"
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
