package lua

import (
	"fmt"
	"hash/maphash"
	"math/bits"
	"math/rand/v2"
	"unsafe"
)

// schnell: the string-keyed part of a table (PATCHES.md, patch 10).
//
// Upstream keeps it in a map[string]LValue, which hashes the key at every
// access. Here the keys live in a slice, in the order they were first
// set, each with its hash; a table of a few keys is searched by comparing
// hashes, a larger one through an open-addressing index. The hash of a
// script's constant keys (`t.name`, `t:name()`, globals) is computed once
// when the chunk is compiled (FunctionProto.stringHashes), so a field read
// of a constant key hashes nothing.

// strSeed seeds the keys' hashes: chosen at random for each run of the
// program, so that no script can choose keys that collide (the order of
// `pairs` is the order of the table's keys, not of their hashes).
var strSeed = maphash.MakeSeed()

// The hashes of the metatable's keys the VM looks up most.
var hIndex, hNewindex = strHash("__index"), strHash("__newindex")

// strHash is the hash of a string key: for keys of up to 16 bytes (a
// table's field names), wyhash's, as Go's runtime has it where the CPU
// has no AES, with seeds chosen at random for each run; longer ones,
// maphash's (schnell: PATCHES.md, patch 11).
func strHash(s string) uint32 {
	n := len(s)
	var a, b uint64
	switch {
	case n > 16:
		return uint32(maphash.String(strSeed, s))
	case n >= 8:
		a, b = load64(s, 0), load64(s, n-8)
	case n >= 4:
		a, b = uint64(load32(s, 0)), uint64(load32(s, n-4))
	case n > 0:
		a = uint64(s[0])<<16 | uint64(s[n>>1])<<8 | uint64(s[n-1])
	}
	return uint32(mum(strSeeds[1]^uint64(n), mum(a^strSeeds[1], b^strSeeds[0])))
}

// strSeeds seed strHash: random for each run, like strSeed.
var strSeeds = [2]uint64{rand.Uint64() | 1, rand.Uint64() | 1}

func mum(a, b uint64) uint64 {
	hi, lo := bits.Mul64(a, b)
	return hi ^ lo
}

// load64 and load32 read s's bytes from i on, little-endian (one load
// where the CPU allows it).
func load64(s string, i int) uint64 {
	s = s[i : i+8]
	return uint64(s[0]) | uint64(s[1])<<8 | uint64(s[2])<<16 | uint64(s[3])<<24 |
		uint64(s[4])<<32 | uint64(s[5])<<40 | uint64(s[6])<<48 | uint64(s[7])<<56
}

func load32(s string, i int) uint32 {
	s = s[i : i+4]
	return uint32(s[0]) | uint32(s[1])<<8 | uint32(s[2])<<16 | uint32(s[3])<<24
}

// strSlot is one string key of a table, set now or before: a key removed
// keeps its slot (with LNil), as it keeps its place in the table's keys.
type strSlot struct {
	key  string
	val  LValue
	hash uint32
	pos  int32 // the key's index in LTable.keys
}

// strDict is the string-keyed part of a table.
type strDict struct {
	slots []strSlot // in the order the keys were first set
	index []int32   // by hash, open addressing, at most half full: slot+1, 0 empty
	live  int       // slots whose value is not LNil
}

func newStrDict(hint int) *strDict {
	hint = min(hint, 64)
	size := 8
	for size < 2*hint {
		size *= 2
	}
	return &strDict{slots: make([]strSlot, 0, hint), index: make([]int32, size)}
}

// find is key's slot, or nil; h is strHash(key).
func (d *strDict) find(key string, h uint32) *strSlot {
	mask := uint32(len(d.index) - 1)
	for i := h & mask; ; i = (i + 1) & mask {
		j := d.index[i]
		if j == 0 {
			return nil
		}
		if s := &d.slots[j-1]; s.hash == h && sameKey(s.key, key) {
			return s
		}
	}
}

// lookup is find for a script's read: a key found equal to the script's
// but not the same bytes takes the script's (mostly a chunk's constant),
// so that the next read with it compares pointers, not bytes (schnell:
// PATCHES.md, patch 11).
func (d *strDict) lookup(key string, h uint32) *strSlot {
	mask := uint32(len(d.index) - 1)
	for i := h & mask; ; i = (i + 1) & mask {
		j := d.index[i]
		if j == 0 {
			return nil
		}
		if s := &d.slots[j-1]; s.hash == h && len(s.key) == len(key) {
			if unsafe.StringData(s.key) == unsafe.StringData(key) {
				return s
			}
			if s.key == key {
				s.key = key
				return s
			}
		}
	}
}

// isNil is v == LNil, without a call (LNilType has one value).
func isNil(v LValue) bool {
	_, ok := v.(*LNilType)
	return ok
}

// probe is key's slot if the first place its hash names holds it at the
// script's address (mostly so, after lookup), else nil: an inlined look
// before lookup (patch 11).
func (d *strDict) probe(key string, h uint32) *strSlot {
	if j := d.index[h&uint32(len(d.index)-1)]; j != 0 {
		if s := &d.slots[j-1]; s.hash == h && unsafe.StringData(s.key) == unsafe.StringData(key) && len(s.key) == len(key) {
			return s
		}
	}
	return nil
}

// sameKey is a == b, without a call when they are the same bytes.
func sameKey(a, b string) bool {
	return len(a) == len(b) && (unsafe.StringData(a) == unsafe.StringData(b) || a == b)
}

// add adds a slot for key, which has none.
func (d *strDict) add(key string, h uint32, val LValue, pos int) {
	d.slots = append(d.slots, strSlot{key: key, val: val, hash: h, pos: int32(pos)})
	if n := len(d.slots); 2*n > len(d.index) {
		d.reindex()
	} else {
		d.place(n - 1)
	}
}

// reindex makes the index again, twice as large.
func (d *strDict) reindex() {
	d.index = make([]int32, 2*len(d.index))
	for i := range d.slots {
		d.place(i)
	}
}

// place puts slot i in the index.
func (d *strDict) place(i int) {
	mask := uint32(len(d.index) - 1)
	j := d.slots[i].hash & mask
	for d.index[j] != 0 {
		j = (j + 1) & mask
	}
	d.index[j] = int32(i + 1)
}

// rawGetStringH is RawGetString(key), h being strHash(key).
func (tb *LTable) rawGetStringH(key string, h uint32) LValue {
	if d := tb.strdict; d != nil {
		if s := d.find(key, h); s != nil {
			return s.val
		}
	}
	return LNil
}

// rawSetStringH is RawSetString(key, value), h being strHash(key).
func (tb *LTable) rawSetStringH(key string, h uint32, value LValue) {
	d := tb.strdict
	if d == nil {
		if value == LNil {
			return
		}
		d = newStrDict(0)
		tb.strdict = d
	}
	if s := d.find(key, h); s != nil {
		d.set(s, value)
		return
	}
	if isNil(value) {
		return
	}
	d.add(key, h, value, len(tb.keys))
	d.live++
	tb.keys = append(tb.keys, LString(key))
}

// set sets slot s's value, counting the live ones (patch 14: nil tested by
// type, without loading LNil).
func (d *strDict) set(s *strSlot, value LValue) {
	if was, is := isNil(s.val), isNil(value); was != is {
		if is {
			d.live--
		} else {
			d.live++
		}
	}
	s.val = value
}

// StrHash is the hash a table keeps for the string key s: a host that
// sets or reads the same fields again and again computes it once and
// hands it to RawSetStringH and RawGetStringH. It is seeded at random
// when the program starts: compute it at run time and never keep it
// past the process (schnell: PATCHES.md, patch 14).
func StrHash(s string) uint32 { return strHash(s) }

// RawSetStringH is RawSetString(key, value) for h = StrHash(key), without
// hashing key. Another h is found out where it would do harm (a key not
// found is hashed to check) and panics.
func (tb *LTable) RawSetStringH(key string, h uint32, value LValue) {
	if d := tb.strdict; d != nil {
		if s := d.find(key, h); s != nil {
			d.set(s, value)
			return
		}
	}
	checkHash("RawSetStringH", key, h)
	tb.rawSetStringH(key, h, value)
}

// RawGetStringH is RawGetString(key) for h = StrHash(key), without hashing
// key; another h panics, as for RawSetStringH.
func (tb *LTable) RawGetStringH(key string, h uint32) LValue {
	if d := tb.strdict; d != nil {
		if s := d.find(key, h); s != nil {
			return s.val
		}
	}
	checkHash("RawGetStringH", key, h)
	return LNil
}

// checkHash panics unless h is key's hash: a table set with another would
// hold the key twice.
func checkHash(fn, key string, h uint32) {
	if h != strHash(key) {
		panic(fmt.Sprintf("lua: %s(%q, %d): the hash is not StrHash(%q) (a hash from another run?)", fn, key, h, key))
	}
}

// keyPos is the index of key in tb.keys (0 if it has none, as upstream's
// k2i map answers).
func (tb *LTable) keyPos(key LValue) int {
	if s, ok := key.(LString); ok {
		if d := tb.strdict; d != nil {
			if sl := d.find(string(s), strHash(string(s))); sl != nil {
				return int(sl.pos)
			}
		}
		return 0
	}
	return tb.k2i[key]
}
