package engine

// SetStanding marks option i as the answer an order the player gave
// earlier already chose (a squadron's order, that each boat carries out
// when its turn comes): the prompt takes it without asking, at a terminal
// or from a command file, and says so (`same off` asks them all). A
// decider (script, reference player) is asked as usual. It changes nothing
// in the log: the decision is logged as the player's.
func (d *Decision) SetStanding(i int) { d.stand = i + 1 }

// Standing returns the option the player's standing order picks, if the
// rules marked one.
func (d *Decision) Standing() (int, bool) {
	return d.stand - 1, d.stand > 0 && d.stand <= len(d.Options)
}
