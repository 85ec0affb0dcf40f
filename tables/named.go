package tables

import (
	"fmt"
	"strings"
	"unsafe"
)

// Binding reads a schema's facts by name from a value of the rules' (T:
// the game's state, or what one roll concerns): each fact is bound once,
// by its name in the schema, to the function that reads it, so that the
// rules never number their facts nor write a Facts method by hand.
//
//	var crt = tables.Bind[*combat](schema).
//		Fact("differential", func(f *combat) int { return f.diff }).
//		Fact("terrain", func(f *combat) int { return int(f.terrain) })
//	o := c.Roll("SC-CRT", crt.Of(&f), "attack")
//
// Binding a name the schema lacks, or a fact twice, panics (a bug in the
// game, which its first test finds: bind at the package level); so does
// reading, at a roll, a fact left unbound (Unbound lists them).
type Binding[T any] struct {
	schema *Schema
	get    []func(T) int
}

// Bind starts binding s's facts for values of T.
func Bind[T any](s *Schema) *Binding[T] {
	return &Binding[T]{schema: s, get: make([]func(T) int, len(s.Facts))}
}

// Fact binds the fact called name to get (an Enum fact's getter returns
// the index of its value) and returns b.
func (b *Binding[T]) Fact(name string, get func(T) int) *Binding[T] {
	i, _ := b.schema.fact(name)
	switch {
	case i < 0:
		panic(fmt.Sprintf("tables: the schema has no fact %q to bind (its facts: %s)", name, defNames(b.schema.Facts)))
	case b.get[i] != nil:
		panic(fmt.Sprintf("tables: fact %q is bound twice", name))
	case get == nil:
		panic(fmt.Sprintf("tables: fact %q is bound to nothing", name))
	}
	b.get[i] = get
	return b
}

// Unbound lists the schema's facts b does not bind.
func (b *Binding[T]) Unbound() []string {
	var out []string
	for i, g := range b.get {
		if g == nil {
			out = append(out, b.schema.Facts[i].Name)
		}
	}
	return out
}

// Of returns v's facts, as a roll or a lookup reads them. For a pointer v
// the facts are read from v as it is at each roll: a game that rolls in a
// hot loop keeps the Facts Of returns (made once, it costs no allocation;
// made for each roll, 16 bytes: BenchmarkFacts).
func (b *Binding[T]) Of(v T) Facts { return &bound[T]{b, v} }

type bound[T any] struct {
	b *Binding[T]
	v T
}

// Fact implements Facts.
func (f *bound[T]) Fact(i int) int {
	g := f.b.get[i]
	if g == nil {
		panic(fmt.Sprintf("tables: a table reads fact %q, which the rules do not bind", f.b.schema.Facts[i].Name))
	}
	return g(f.v)
}

func defNames(defs []Def) string {
	names := make([]string, len(defs))
	for i := range defs {
		names[i] = defs[i].Name
	}
	return strings.Join(names, ", ")
}

// Value returns the effect called name that the row sets: an Int's value,
// an Enum's index, total for "roll"; ok is false when the row does not set
// it. A name the row's schema does not declare panics (a bug in the
// rules, not a row that leaves the effect out).
func (r *Row) Value(name string, total int) (int, bool) {
	if r.name0 == unsafe.StringData(name) && r.len0 == len(name) && r.name0 != nil {
		if r.roll0 {
			return total, true
		}
		return r.int0, true
	}
	e := r.named(name)
	if e == nil {
		return 0, false
	}
	if e.IsRoll {
		return total, true
	}
	return e.Int, true
}

// Sets reports whether the row sets the effect called name (see Value).
func (r *Row) Sets(name string) bool { return r.named(name) != nil }

// Text returns a Text effect called name that the row sets (see Value).
func (r *Row) Text(name string) (string, bool) {
	if e := r.named(name); e != nil {
		return e.Str, true
	}
	return "", false
}

func (r *Row) named(name string) *Effect {
	// The rules' literal is the schema's string, and so the row's effect's
	// name (parseEffects): most reads find it by its bytes' address.
	p := unsafe.StringData(name)
	if r.name0 == p && r.len0 == len(name) && p != nil {
		return &r.Effects[0]
	}
	for i := range r.Effects {
		if e := &r.Effects[i]; unsafe.StringData(e.Name) == p && len(e.Name) == len(name) {
			return e
		}
	}
	if r.names != nil {
		if k, ok := r.names.key(name); ok {
			for i := range r.Effects {
				if r.Effects[i].Key == k {
					return &r.Effects[i]
				}
			}
			return nil // declared, and the row does not set it
		}
	}
	for i := range r.Effects {
		if r.Effects[i].Name == name {
			return &r.Effects[i]
		}
	}
	if r.schema != nil {
		if i, _ := r.schema.effect(name); i < 0 {
			panic(fmt.Sprintf("tables: the rules read effect %q, which the schema does not declare (its effects: %s)", name, defNames(r.schema.Effects)))
		}
	}
	return nil
}
