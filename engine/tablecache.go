package engine

import (
	"unsafe"

	"github.com/schnell-wargames/schnell/tables"
)

// tableCache finds the tables the rules roll on by id without a map
// lookup per roll: a few entries, each picked by where the id's bytes lie
// in memory. The rules name a table by the same string every time (a
// constant, or a field set once), so its entry is found at once and the
// ids compare equal by pointer; any other string is looked up in the set
// and takes the entry over. An entry holds its id, so the bytes an entry
// points at stay that id's while the entry lives.
type tableCache [64]struct {
	id string
	t  *tables.Table
}

// table returns the table of the rules' set called id.
func (c *Ctx) table(id string) (*tables.Table, bool) {
	p := uint64(uintptr(unsafe.Pointer(unsafe.StringData(id))))
	e := &c.tcache[(p*0x9E3779B97F4A7C15)>>58]
	if e.t != nil && e.id == id {
		return e.t, true
	}
	t, ok := c.tabs.Get(id)
	if ok {
		e.id, e.t = id, t
	}
	return t, ok
}
