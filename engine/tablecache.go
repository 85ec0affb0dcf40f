package engine

import (
	"unsafe"

	"github.com/schnell-wargames/schnell/tables"
)

// tableCache finds the tables the rules roll on by id without a map
// lookup per roll: a small open-addressed table keyed by where the id's
// bytes lie in memory and its length. The rules name a table by the same
// string every time (a constant, or a field set once), so its entry is
// found in a probe or two; any other string (built for the roll, or
// spelled another way) is looked up in the set and takes an entry of its
// own (when half the entries are taken, they are all let go). An entry
// holds its id, so the bytes an entry points at stay that id's while the
// entry lives.
type tableCache struct {
	e [tableCacheSize]tableEntry
	n int // entries taken
}

const tableCacheSize = 128 // a power of 2

type tableEntry struct {
	id string
	t  *tables.Table
}

// table returns the table of the rules' set called id.
func (c *Ctx) table(id string) (*tables.Table, bool) {
	p := unsafe.StringData(id)
	h := (uint64(uintptr(unsafe.Pointer(p))) * 0x9E3779B97F4A7C15) >> 57
	k := &c.tcache
	for i := h; ; i = (i + 1) & (tableCacheSize - 1) {
		e := &k.e[i]
		if e.t == nil {
			break
		}
		if unsafe.StringData(e.id) == p && len(e.id) == len(id) {
			return e.t, true
		}
	}
	t, ok := c.tabs.Get(id)
	if !ok {
		return nil, false
	}
	if k.n >= tableCacheSize/2 {
		*k = tableCache{}
	}
	i := h
	for k.e[i].t != nil {
		i = (i + 1) & (tableCacheSize - 1)
	}
	k.e[i] = tableEntry{id: id, t: t}
	k.n++
	return t, true
}
