package tables

import (
	"math"
	"strconv"
	"strings"

	"github.com/schnell-wargames/schnell/dice"
)

// Table is one rules table: a roll, its modifiers and its rows.
type Table struct {
	ID    string
	Title string
	Dice  []DiceRule // the last one has no condition (the default)
	Key   int        // >=0: a lookup table, read by this fact's value, no dice
	Mods  []Mod
	Rows  []Row
	// Naturals are read by the unmodified total before any modifier
	// applies (a natural 1 always misses); in file order, first match.
	Naturals []Row
	Grid     *Grid // a two-dimensional table (nil: rows only)
	Note     string
	File     string // where it was read from
	Line     int    // line of its "table" line
	schema   *Schema
	modCode  *modCode // Mods compiled at load (compiled.go)
	byTotal  []uint16 // the row of each total from Rows[0].Hi+1 on (rowIndex; made at load)
}

// DiceRule picks the dice for a roll: the first whose condition holds.
type DiceRule struct {
	Spec dice.Spec
	When Cond // empty: always
}

// Mod is a modifier: a value (a constant, or a fact's value times a sign)
// added when its condition holds, with the reason shown to the player.
type Mod struct {
	Value   int
	PerFact int // >=0: the value is Value * the fact's value
	When    Cond
	Reason  string
	Line    int
}

// Cond is a conjunction of tests of facts; empty means always.
type Cond struct {
	Tests []Test
	Text  string
}

// Op is a comparison in a condition.
type Op uint8

const (
	OpEq Op = iota
	OpNe
	OpLt
	OpLe
	OpGt
	OpGe
	OpIn
)

// Test compares one fact with a value or a set of values.
type Test struct {
	Fact   int
	Op     Op
	Values []int
}

// Row maps a range of modified totals to a result.
type Row struct {
	Lo, Hi  int // inclusive; OpenLo/OpenHi extend the range without bound
	OpenLo  bool
	OpenHi  bool
	Result  string
	Effects []Effect
	Line    int
	Label   string       // the enum value of a row of an enum lookup table; a key's code
	Cells   []string     // the cells of a two-dimensional table's row
	When    Cond         // a natural row's condition (empty: always)
	text    string       // Range, made once at load (every roll event names its row)
	schema  *Schema      // what its effects' names are checked against (Value)
	names   *effectNames // schema's effects by their names' bytes (nil: none)
	// The first effect's name (its bytes' address and length) and value,
	// held in the row itself (finishTable): a roll reads its row's effect
	// without a trip to the effects' array (nil: none, or not loaded).
	name0 *byte
	len0  int
	int0  int
	roll0 bool
}

// Effect is one key=value a row sets.
type Effect struct {
	Key    int // schema index
	Name   string
	Int    int
	IsRoll bool   // value "roll": the modified total
	Str    string // a Text value
	Raw    string // the value as written ("" for a flag)
}

// Holds reports whether the condition holds for f.
func (c *Cond) Holds(f Facts) bool {
	for i := range c.Tests {
		t := &c.Tests[i]
		v := f.Fact(t.Fact)
		var ok bool
		switch t.Op {
		case OpEq:
			ok = v == t.Values[0]
		case OpNe:
			ok = v != t.Values[0]
		case OpLt:
			ok = v < t.Values[0]
		case OpLe:
			ok = v <= t.Values[0]
		case OpGt:
			ok = v > t.Values[0]
		case OpGe:
			ok = v >= t.Values[0]
		case OpIn:
			for _, w := range t.Values {
				if v == w {
					ok = true
					break
				}
			}
		}
		if !ok {
			return false
		}
	}
	return true
}

// SpecFor returns the dice to roll under f.
func (t *Table) SpecFor(f Facts) dice.Spec {
	if len(t.Dice) == 1 {
		return t.Dice[0].Spec // the default: it has no condition
	}
	for i := range t.Dice {
		if t.Dice[i].When.Holds(f) {
			return t.Dice[i].Spec
		}
	}
	return t.Dice[len(t.Dice)-1].Spec
}

// Applied is a modifier that held for one roll.
type Applied struct {
	Value  int
	Reason string
}

// Modify appends the modifiers that hold under f to dst and returns it with
// their sum.
func (t *Table) Modify(f Facts, dst []Applied) ([]Applied, int) {
	if t.modCode.runs(t.Mods) {
		return t.modCode.apply(f, dst)
	}
	return applyMods(t.Mods, f, dst)
}

func applyMods(ms []Mod, f Facts, dst []Applied) ([]Applied, int) {
	sum := 0
	for i := range ms {
		m := &ms[i]
		if !m.When.Holds(f) {
			continue
		}
		v := m.Value
		if m.PerFact >= 0 {
			v *= f.Fact(m.PerFact)
		}
		if v == 0 {
			continue
		}
		sum += v
		dst = append(dst, Applied{Value: v, Reason: m.Reason})
	}
	return dst, sum
}

// Lookup returns the row for a modified total. Totals beyond the rows read
// as the first or last row (the usual reading of "or less"/"or more").
func (t *Table) Lookup(total int) *Row {
	rows := t.Rows
	if total <= rows[0].Hi {
		return &rows[0]
	}
	if i := uint(total - rows[0].Hi - 1); i < uint(len(t.byTotal)) {
		if r := int(t.byTotal[i]); r < len(rows) {
			return &rows[r]
		}
	}
	for i := range rows {
		if total <= rows[i].Hi {
			return &rows[i]
		}
	}
	return &rows[len(rows)-1]
}

// rowIndex makes Table.byTotal: the index of the row Lookup reads for each
// total from rows[0].Hi+1 up to the last row's start (nil: too many).
func rowIndex(rows []Row) []uint16 {
	if len(rows) < 2 || rows[0].Hi == math.MaxInt {
		return nil
	}
	first, end := rows[0].Hi+1, rows[len(rows)-1].Lo
	if end < first || uint64(end-first) > 1024 { // the difference as unsigned: no overflow
		return nil
	}
	idx := make([]uint16, int(uint64(end-first))+1)
	r := 0
	for j := range idx {
		v := first + j // at most end: no overflow
		for r < len(rows)-1 && v > rows[r].Hi {
			r++
		}
		idx[j] = uint16(r)
	}
	return idx
}

// Effect finds an effect of the row by schema index.
func (r *Row) Effect(key int) (*Effect, bool) {
	for i := range r.Effects {
		if r.Effects[i].Key == key {
			return &r.Effects[i], true
		}
	}
	return nil, false
}

// Int returns an Int or Enum effect's value (the roll total for "roll").
func (r *Row) Int(key, total int) (int, bool) {
	e, ok := r.Effect(key)
	if !ok {
		return 0, false
	}
	if e.IsRoll {
		return total, true
	}
	return e.Int, true
}

// Has reports whether the row carries the effect.
func (r *Row) Has(key int) bool {
	_, ok := r.Effect(key)
	return ok
}

// Range is the row's range as written: "3", "1-5", "<=0", ">=11".
func (r *Row) Range() string {
	if r.text != "" {
		return r.text
	}
	return r.rangeText()
}

func (r *Row) rangeText() string {
	switch {
	case r.Label != "":
		return r.Label
	case r.OpenLo && r.OpenHi:
		return "any"
	case r.OpenLo:
		return "<=" + strconv.Itoa(r.Hi)
	case r.OpenHi:
		return ">=" + strconv.Itoa(r.Lo)
	case r.Lo == r.Hi:
		return strconv.Itoa(r.Lo)
	}
	return strconv.Itoa(r.Lo) + "-" + strconv.Itoa(r.Hi)
}

// EffectsText is the row's effects as written in the file.
func (r *Row) EffectsText() string {
	var b strings.Builder
	for i, e := range r.Effects {
		if i > 0 {
			b.WriteByte(' ')
		}
		b.WriteString(e.String())
	}
	return b.String()
}

// String is the effect as written: "name" for a flag, else "name=value".
func (e *Effect) String() string {
	if e.Raw == "" {
		return e.Name
	}
	return e.Name + "=" + e.Raw
}

// ModText is a modifier's value as written: "+1", "-2", "+fact", "-2*fact".
func (t *Table) ModText(m *Mod) string {
	if m.PerFact < 0 {
		if m.Value >= 0 {
			return "+" + strconv.Itoa(m.Value)
		}
		return strconv.Itoa(m.Value)
	}
	name := t.schema.Facts[m.PerFact].Name
	switch m.Value {
	case 1:
		return "+" + name
	case -1:
		return "-" + name
	}
	if m.Value > 0 {
		return "+" + strconv.Itoa(m.Value) + "*" + name
	}
	return strconv.Itoa(m.Value) + "*" + name
}

// IsLookup reports whether the table is read by a fact's value, not rolled.
func (t *Table) IsLookup() bool { return t.Key >= 0 }

// Find returns the row for the value of the table's key fact (lookup tables).
func (t *Table) Find(f Facts) (*Row, int) {
	v := f.Fact(t.Key)
	return t.Lookup(v), v
}

// DiceText is the table's dice as written, e.g. "1D10; 1D20 if month in 11,12".
func (t *Table) DiceText() string {
	if t.IsLookup() {
		return "by " + t.schema.Facts[t.Key].Name
	}
	var b strings.Builder
	for i, d := range t.Dice {
		if i > 0 {
			b.WriteString("; ")
		}
		b.WriteString(d.Spec.String())
		if d.Spec.Percentile {
			b.WriteString(" (percentile)")
		}
		if len(d.When.Tests) > 0 {
			b.WriteString(" if ")
			b.WriteString(d.When.Text)
		}
	}
	return b.String()
}
