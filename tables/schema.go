package tables

import (
	"fmt"
	"slices"
	"strings"
)

// Kind is the kind of a fact or an effect value.
type Kind uint8

const (
	Int  Kind = iota // a signed integer; an effect may also say "roll" for the modified total
	Enum             // one of a fixed list of names
	Flag             // an effect with no value
	Text             // free text (effects only), quoted if it has spaces
)

// Def declares one fact (what conditions may test) or one effect (what rows
// may set).
type Def struct {
	Name   string
	Kind   Kind
	Values []string // the names of an Enum, in order (index = value)
	Help   string
}

// Schema is what a game tells the loader: the facts a condition may name,
// the effects a row may carry, and which tables must exist and what every
// row of each must set.
type Schema struct {
	Facts    []Def
	Effects  []Def
	Required map[string][]string // table id -> effect names every row must set
	Records  []RecordKind        // the kinds of records *.rec files may hold
	// Least is the least value the rules can use of an Int effect, per
	// table id and effect name (days until the next mission: 1).
	Least map[string]map[string]int
	// Addable lists id prefixes of tables a player's overlay may add
	// (tables the game reads when they are there and does without
	// otherwise, such as Schnell Boats' learnt Q- tables); an overlay's
	// table of another new id is refused.
	Addable []string
	// Check is the game's own check of each table it loads, base or
	// overlay (nil: none), after the format's: its error is reported as
	// is when it is an *Error (naming file and line), else at the table's
	// line.
	Check func(t *Table) error
}

// addable reports whether an overlay may add a table of this id.
func (s *Schema) addable(id string) bool {
	for _, p := range s.Addable {
		if strings.HasPrefix(id, p) {
			return true
		}
	}
	return false
}

func (s *Schema) fact(name string) (int, *Def) {
	for i := range s.Facts {
		if s.Facts[i].Name == name {
			return i, &s.Facts[i]
		}
	}
	return -1, nil
}

func (s *Schema) effect(name string) (int, *Def) {
	for i := range s.Effects {
		if s.Effects[i].Name == name {
			return i, &s.Effects[i]
		}
	}
	return -1, nil
}

// FactIndex returns the index of a fact, for a game's Facts implementation.
// It panics on an unknown name: that is a bug in the game, caught by its tests.
func (s *Schema) FactIndex(name string) int {
	i, _ := s.fact(name)
	if i < 0 {
		panic(fmt.Sprintf("tables: schema has no fact %q", name))
	}
	return i
}

// EffectIndex returns the index of an effect.
func (s *Schema) EffectIndex(name string) int {
	i, _ := s.effect(name)
	if i < 0 {
		panic(fmt.Sprintf("tables: schema has no effect %q", name))
	}
	return i
}

// EnumValue returns the index of value in the enum fact or effect name.
func (s *Schema) EnumValue(name, value string) int {
	_, d := s.fact(name)
	if d == nil {
		_, d = s.effect(name)
	}
	if d == nil {
		panic(fmt.Sprintf("tables: schema has no fact or effect %q", name))
	}
	i := slices.Index(d.Values, value)
	if i < 0 {
		panic(fmt.Sprintf("tables: %s has no value %q", name, value))
	}
	return i
}

// Facts supplies the value of each fact (by schema index) at roll time.
// Enum facts return the index of their value.
type Facts interface {
	Fact(i int) int
}

// FactFunc adapts a function to Facts.
type FactFunc func(i int) int

// Fact implements Facts.
func (f FactFunc) Fact(i int) int { return f(i) }
