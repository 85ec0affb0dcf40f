package engine

import "unsafe"

// ways are the optional interfaces of a decider that the kernel asks it
// for at each decision (DefaultTaker, LateRefuser, BlindTo, Blind,
// Wordless, ArgDecider, PauseWatcher), found once for the decider the game
// last asked (Game.waysOf) rather than at each decision: a type assertion
// to an interface looks the pair up in the runtime's table, and its call
// site caches the answer only after about a thousand lookups, at random
// (−~80 instructions a decision of a script's campaign, and the noise of
// that cache gone from its measure: docs/performance.md).
type ways struct {
	dec      Decider
	taker    DefaultTaker
	late     LateRefuser
	blindTo  BlindTo
	blind    Blind
	wordless Wordless
	args     ArgDecider
	pauses   PauseWatcher
}

// waysOf returns dec's ways.
func (g *Game) waysOf(dec Decider) *ways {
	w := &g.ways
	if !sameDecider(w.dec, dec) {
		*w = ways{dec: dec}
		w.taker, _ = dec.(DefaultTaker)
		w.late, _ = dec.(LateRefuser)
		w.blindTo, _ = dec.(BlindTo)
		w.blind, _ = dec.(Blind)
		w.wordless, _ = dec.(Wordless)
		w.args, _ = dec.(ArgDecider)
		w.pauses, _ = dec.(PauseWatcher)
	}
	return w
}

// sameDecider reports whether a and b hold the same value: the same type
// and the same pointer (a boxed value is never changed), compared word by
// word, so that a decider of a type Go cannot compare (a struct holding a
// map) is no error. Two boxes of equal values are different deciders here:
// their ways are found again.
func sameDecider(a, b Decider) bool {
	x, y := (*[2]unsafe.Pointer)(unsafe.Pointer(&a)), (*[2]unsafe.Pointer)(unsafe.Pointer(&b))
	return x[0] == y[0] && x[1] == y[1] // not x == y: an array is compared by a call
}

// takesDefault reports whether the decider answers d with its Default
// and reads nothing else of it (DefaultTaker).
func (w *ways) takesDefault(d *Decision) bool { return w.taker != nil && w.taker.TakesDefault(d) }

// refusesLate reports whether the decider reads d's refusals only to say
// why an answer of its own is not an option (LateRefuser).
func (w *ways) refusesLate(d *Decision) bool { return w.late != nil && w.late.RefusesLate(d.Kind) }

// blindFor reports whether the decider reads no wording of d (BlindTo,
// Blind).
func (w *ways) blindFor(d *Decision) bool {
	return w.blindTo != nil && w.blindTo.BlindTo(d.Kind) || w.blind != nil && w.blind.Blind()
}

// wordlessFor reports whether the decider never reads the wording of d's
// kind (Wordless).
func (w *ways) wordlessFor(d *Decision) bool {
	return w.wordless != nil && w.wordless.Wordless(d.Kind)
}
