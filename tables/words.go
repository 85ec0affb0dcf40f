package tables

import (
	"strconv"
	"strings"
)

// The player's words for what a table's file writes for the program
// (issue 25 item 4): a condition "weather = foggy" reads "weather foggy",
// "sea_state >= 4" "sea state 4 or more", "intel = 1" "intel"; an effect
// "encounter=mtb_patrol" reads "encounter mtb patrol". `table ID` prints
// these; the file's own text stays in the file and in errors.

func spaced(s string) string { return strings.ReplaceAll(s, "_", " ") }

// CondWords is a condition in words: "always" when it has no test.
func (t *Table) CondWords(c *Cond) string {
	if len(c.Tests) == 0 {
		if c.Text != "" {
			return c.Text
		}
		return "always"
	}
	if t.schema == nil {
		return c.Text
	}
	parts := make([]string, len(c.Tests))
	for i := range c.Tests {
		parts[i] = t.testWords(&c.Tests[i])
	}
	return strings.Join(parts, " and ")
}

func (t *Table) testWords(x *Test) string {
	if x.Fact < 0 || x.Fact >= len(t.schema.Facts) {
		return "?"
	}
	d := &t.schema.Facts[x.Fact]
	name := spaced(d.Name)
	value := func(v int) string {
		if d.Kind == Enum && v >= 0 && v < len(d.Values) {
			return spaced(d.Values[v])
		}
		return strconv.Itoa(v)
	}
	v0 := 0
	if len(x.Values) > 0 {
		v0 = x.Values[0]
	}
	switch x.Op {
	case OpEq:
		if d.Kind == Int && v0 == 1 {
			return name // a yes/no fact: "intel = 1" is "intel"
		}
		if d.Kind == Int && v0 == 0 {
			return "no " + name
		}
		return name + " " + value(v0)
	case OpNe:
		return name + " not " + value(v0)
	case OpLt:
		return name + " below " + value(v0)
	case OpLe:
		return name + " " + value(v0) + " or less"
	case OpGt:
		return name + " above " + value(v0)
	case OpGe:
		return name + " " + value(v0) + " or more"
	case OpIn:
		vs := make([]string, len(x.Values))
		for i, v := range x.Values {
			vs[i] = value(v)
		}
		if len(vs) > 1 {
			return name + " " + strings.Join(vs[:len(vs)-1], ", ") + " or " + vs[len(vs)-1]
		}
		return name + " " + strings.Join(vs, "")
	}
	return name
}

// EffectsWords is a row's effects in words: "encounter mtb patrol",
// "grade 1, medal Iron Cross", a flag by its name.
func (r *Row) EffectsWords() string {
	parts := make([]string, len(r.Effects))
	for i := range r.Effects {
		e := &r.Effects[i]
		switch {
		case e.Raw == "":
			parts[i] = spaced(e.Name)
		case e.IsRoll:
			parts[i] = spaced(e.Name) + " the total"
		default:
			v := e.Raw
			if e.Str != "" {
				v = e.Str
			}
			parts[i] = spaced(e.Name) + " " + spaced(strings.Trim(v, `"`))
		}
	}
	return strings.Join(parts, ", ")
}

// DiceWords is DiceText in words: "1D20 if month 6, 7 or 8; else 1D10",
// "by sea state".
func (t *Table) DiceWords() string {
	if t.IsLookup() {
		return "by " + spaced(t.schema.Facts[t.Key].Name)
	}
	var b strings.Builder
	for i, d := range t.Dice {
		if i > 0 {
			b.WriteString("; ")
			if i == len(t.Dice)-1 && len(d.When.Tests) == 0 {
				b.WriteString("else ")
			}
		}
		b.WriteString(d.Spec.String())
		if d.Spec.Percentile {
			b.WriteString(" (percentile)")
		}
		if len(d.When.Tests) > 0 {
			b.WriteString(" if " + t.CondWords(&d.When))
		}
	}
	return b.String()
}
