package tables

import (
	"math"
	"math/bits"
)

// maxSlots bounds the facts one list of modifiers may read and still be
// compiled (a list that reads more runs as written: applyMods). The
// games' tables read at most 10; every roll clears room for this many.
const maxSlots = 16

// maxMods bounds the modifiers of a list that is compiled.
const maxMods = 64

// modCode is a list of modifiers (a table's Mods, a grid's Shifts)
// compiled when the table is loaded, so that a roll reads each fact once
// however many modifiers test it, and tests it without a call. Every
// modifier's first test is checked at every roll, so the facts those tests
// name are read first, once each (in the order the list first names
// them), and the first tests checked in one pass; a fact only a later
// test of a condition names (or a modifier's "per fact" value) is read
// when the test is reached, as written (its getter may rely on the tests
// before it). A table built by hand, or whose list is no longer the one
// compiled, runs the list as written.
type modCode struct {
	src   *Mod // the list it was compiled from: its first element and length
	n     int
	tests []codeTest // each modifier's first test (kAlways: none), by modifier
	mods  []codeMod
	more  []codeTest // the tests after the first of each condition
	lists []int      // the values of kList tests
	facts []int      // by slot: the fact read (first tests' facts first)
	first []uint8    // the slots of the facts first tests read, read first: 0, 1, …
	known uint32     // those slots, as bits
	// How the first tests are checked: a modifier of no test always
	// holds; the tests of a fact against values 0…63 (= v, in a set) are
	// one lookup per fact, of the modifiers each value makes hold;
	// others, one by one.
	always uint64
	groups []codeGroup
	single []int // modifiers
}

// codeGroup is the first tests of one fact against small values.
type codeGroup struct {
	slot  uint8
	holds []uint64 // by the fact's value: the modifiers whose first test holds
}

// codeMod is one modifier, but for its first test.
type codeMod struct {
	from, to int32 // its other tests: more[from:to]
	per      int8  // the slot of PerFact; -1: a constant
	value    int
	reason   string
}

// codeTest is one test of a fact, as a range of values (or its
// complement), a set of small values, or a list.
type codeTest struct {
	kind   uint8
	slot   uint8
	neg    bool // kRange: holds outside lo..hi
	lo, hi int  // kRange: the range; kMask: lo is the set of values 0..63; kList: lists[lo:hi]
}

const (
	kAlways uint8 = iota // no test
	kRange
	kMask
	kList
)

// holds reports whether the test holds for v.
func (t *codeTest) holds(v int, lists []int) bool {
	switch t.kind {
	case kRange:
		return (uint64(v-t.lo) <= uint64(t.hi-t.lo)) != t.neg
	case kMask:
		return uint64(v) < 64 && uint64(t.lo)>>uint(v)&1 != 0
	case kList:
		for _, w := range lists[t.lo:t.hi] {
			if v == w {
				return true
			}
		}
		return false
	}
	return true
}

// compileTest compiles t for slot s (ok false: a test it does not know).
func (k *modCode) compileTest(t Test, s uint8) (codeTest, bool) {
	c := codeTest{kind: kRange, slot: s}
	if t.Op > OpIn || t.Op != OpIn && len(t.Values) == 0 {
		return c, false
	}
	var v int
	if t.Op != OpIn {
		v = t.Values[0]
	}
	never := codeTest{kind: kMask, slot: s} // an empty set
	switch t.Op {
	case OpEq:
		c.lo, c.hi = v, v
	case OpNe:
		c.lo, c.hi, c.neg = v, v, true
	case OpLt:
		if v == math.MinInt {
			return never, true
		}
		c.lo, c.hi = math.MinInt, v-1
	case OpLe:
		c.lo, c.hi = math.MinInt, v
	case OpGt:
		if v == math.MaxInt {
			return never, true
		}
		c.lo, c.hi = v+1, math.MaxInt
	case OpGe:
		c.lo, c.hi = v, math.MaxInt
	case OpIn:
		var mask uint64
		for _, w := range t.Values {
			if w < 0 || w >= 64 {
				c = codeTest{kind: kList, slot: s, lo: len(k.lists)}
				k.lists = append(k.lists, t.Values...)
				c.hi = len(k.lists)
				return c, true
			}
			mask |= 1 << uint(w)
		}
		c = codeTest{kind: kMask, slot: s, lo: int(mask)}
	}
	return c, true
}

// compileMods compiles ms (nil: none, or a list it does not compile).
func compileMods(ms []Mod) *modCode {
	if len(ms) == 0 || len(ms) > maxMods {
		return nil
	}
	k := &modCode{src: &ms[0], n: len(ms)}
	slot := func(fact int) (uint8, bool) {
		for s, f := range k.facts {
			if f == fact {
				return uint8(s), true
			}
		}
		if len(k.facts) == maxSlots {
			return 0, false
		}
		k.facts = append(k.facts, fact)
		return uint8(len(k.facts) - 1), true
	}
	// The facts first tests name take the first slots, in the order the
	// list first names them: a roll reads them into v[:len(first)].
	for i := range ms {
		if ts := ms[i].When.Tests; len(ts) > 0 {
			if _, ok := slot(ts[0].Fact); !ok {
				return nil
			}
		}
	}
	for i := range ms {
		m := &ms[i]
		cm := codeMod{per: -1, value: m.Value, reason: m.Reason, from: int32(len(k.more))}
		first := codeTest{kind: kAlways}
		for j, t := range m.When.Tests {
			s, ok := slot(t.Fact)
			if !ok {
				return nil
			}
			ct, ok := k.compileTest(t, s)
			if !ok {
				return nil
			}
			if j == 0 {
				first = ct
				if k.known&(1<<s) == 0 {
					k.known |= 1 << s
					k.first = append(k.first, s)
				}
				continue
			}
			k.more = append(k.more, ct)
		}
		cm.to = int32(len(k.more))
		if m.PerFact >= 0 {
			s, ok := slot(m.PerFact)
			if !ok {
				return nil
			}
			cm.per = int8(s)
		}
		k.tests = append(k.tests, first)
		k.mods = append(k.mods, cm)
	}
	for i, s := range k.first { // 0, 1, …: the slots taken first above
		if int(s) != i {
			return nil
		}
	}
	k.group()
	return k
}

// group sorts the first tests into always, groups and single.
func (k *modCode) group() {
	bySlot := map[uint8]int{} // slot -> index in groups
	for i := range k.tests {
		t := &k.tests[i]
		var vals uint64 // the values 0..63 for which the test holds
		switch {
		case t.kind == kAlways:
			k.always |= 1 << uint(i)
			continue
		case t.kind == kRange && !t.neg && t.lo == t.hi && t.lo >= 0 && t.lo < 64:
			vals = 1 << uint(t.lo)
		case t.kind == kMask:
			vals = uint64(t.lo)
		default:
			k.single = append(k.single, i)
			continue
		}
		g, ok := bySlot[t.slot]
		if !ok {
			g = len(k.groups)
			bySlot[t.slot] = g
			k.groups = append(k.groups, codeGroup{slot: t.slot})
		}
		gr := &k.groups[g]
		for ; vals != 0; vals &= vals - 1 {
			v := bits.TrailingZeros64(vals)
			for len(gr.holds) <= v {
				gr.holds = append(gr.holds, 0)
			}
			gr.holds[v] |= 1 << uint(i)
		}
	}
}

// runs reports whether k is the compiled form of ms.
func (k *modCode) runs(ms []Mod) bool {
	return k != nil && len(ms) == k.n && &ms[0] == k.src
}

// factVals holds the values of the facts read in one roll, by slot.
type factVals struct {
	v     [maxSlots]int
	known uint32
}

// read returns the fact of slot s, read from f if not yet.
func (k *modCode) read(f Facts, fv *factVals, s uint8) int {
	if fv.known&(1<<s) == 0 {
		fv.v[s] = f.Fact(k.facts[s])
		fv.known |= 1 << s
	}
	return fv.v[s]
}

// apply is applyMods for the list k was compiled from.
func (k *modCode) apply(f Facts, dst []Applied) ([]Applied, int) {
	var fv factVals
	for i, id := range k.facts[:len(k.first)] { // the first tests' facts: slots 0, 1, …
		fv.v[i] = f.Fact(id)
	}
	fv.known = k.known
	// The first tests, in one pass without a call.
	held := k.always
	for g := range k.groups {
		gr := &k.groups[g]
		if v := uint64(fv.v[gr.slot]); v < uint64(len(gr.holds)) {
			held |= gr.holds[v]
		}
	}
	for _, i := range k.single {
		t := &k.tests[i]
		if t.holds(fv.v[t.slot], k.lists) {
			held |= 1 << uint(i)
		}
	}
	sum := 0
	for ; held != 0; held &= held - 1 {
		m := &k.mods[bits.TrailingZeros64(held)]
		ok := true
		for i := m.from; ok && i < m.to; i++ {
			t := &k.more[i]
			ok = t.holds(k.read(f, &fv, t.slot), k.lists)
		}
		if !ok {
			continue
		}
		v := m.value
		if m.per >= 0 {
			v *= k.read(f, &fv, uint8(m.per))
		}
		if v == 0 {
			continue
		}
		sum += v
		dst = append(dst, Applied{Value: v, Reason: m.reason})
	}
	return dst, sum
}
