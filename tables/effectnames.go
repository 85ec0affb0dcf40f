package tables

import "unsafe"

// effectNames finds a schema's effects by the address of their names'
// bytes: the rules read an effect by a string literal (o.Value("hits")),
// and the linker keeps one copy of equal literals, so the rules' string
// and the schema's are the same bytes, and a read by name costs no string
// compare. A name it does not find so (built at run time, or from a
// schema made of other strings) is looked up by its text, as before. It
// is made when the tables are loaded and only read after.
type effectNames struct {
	e [effectNamesSize]effectName
}

const effectNamesSize = 256 // a power of 2, at least twice the effects indexed

type effectName struct {
	p   *byte
	n   int
	key int
}

func newEffectNames(s *Schema) *effectNames {
	if s == nil || len(s.Effects) > effectNamesSize/2 {
		return nil
	}
	x := &effectNames{}
	for k, d := range s.Effects {
		if d.Name == "" {
			continue
		}
		p := unsafe.StringData(d.Name)
		i := nameSlot(p)
		for x.e[i].p != nil {
			i = (i + 1) & (effectNamesSize - 1)
		}
		x.e[i] = effectName{p: p, n: len(d.Name), key: k}
	}
	return x
}

func nameSlot(p *byte) uint64 {
	return (uint64(uintptr(unsafe.Pointer(p))) * 0x9E3779B97F4A7C15) >> 56
}

// key returns the schema index of the effect whose name is name's very
// bytes (ok false: none is, which says nothing of its text).
func (x *effectNames) key(name string) (int, bool) {
	p := unsafe.StringData(name)
	for i := nameSlot(p); ; i = (i + 1) & (effectNamesSize - 1) {
		e := &x.e[i]
		if e.p == nil {
			return 0, false
		}
		if e.p == p && e.n == len(name) {
			return e.key, true
		}
	}
}
