package engine

import "github.com/schnell-wargames/schnell/gamelog"

// EmitFrom records a game event as Emit does, its fields appended to f by
// fill only when someone reads the event — the log, the history, an
// observer; not a batch run nobody reads. It is for the events a game
// makes by the hundred (a shot, a move), whose fields cost more to build
// than a run that reads none of them should pay (about a tenth of a
// Schnell Boats campaign's CPU time): a function given to EmitFrom, as a
// decision's wording is given to Decide. fill must return f with the
// fields appended and keep nothing of it.
func (c *Ctx) EmitFrom(typ EventType, fill func(f []gamelog.Field) []gamelog.Field) {
	if c.g.silent() {
		c.g.lines++ // as emit counts an event nobody reads
		return
	}
	fields := fill(c.efbuf[:0])
	c.Emit(typ, fields...)
	c.efbuf = fields[:0]
}
