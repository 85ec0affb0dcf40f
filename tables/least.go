package tables

import (
	"fmt"
	"slices"
)

// checkLeast refuses a number the rules cannot use (Schema.Least): a row
// that sets less, or sets `roll` where the dice and the modifiers can make
// a total below it. A modifier per fact (PerFact) has no bound the loader
// knows; the rules bound what it makes.
func (s *Set) checkLeast() error {
	ids := make([]string, 0, len(s.Schema.Least))
	for id := range s.Schema.Least {
		ids = append(ids, id)
	}
	slices.Sort(ids)
	for _, id := range ids {
		t, ok := s.byID[id]
		if !ok {
			continue
		}
		for eff, least := range s.Schema.Least[id] {
			k, _ := s.Schema.effect(eff)
			for i := range t.Rows {
				r := &t.Rows[i]
				e, ok := r.Effect(k)
				if !ok {
					continue
				}
				v, what := e.Int, fmt.Sprintf("%s=%d", eff, e.Int)
				if e.IsRoll {
					v, what = t.leastTotal(r), fmt.Sprintf("%s=roll can be %d", eff, t.leastTotal(r))
				}
				if v < least {
					return &Error{File: t.File, Line: r.Line, Msg: fmt.Sprintf("table %s: row %s: %s, and the rules need %d or more", id, r.Range(), what, least)}
				}
			}
		}
	}
	return nil
}

// leastTotal is the lowest modified total that can land on row r: the row's
// own low end, else the lowest roll with every negative modifier.
func (t *Table) leastTotal(r *Row) int {
	if !r.OpenLo {
		return r.Lo
	}
	least := 0
	for i, d := range t.Dice {
		if m := d.Spec.Min(); i == 0 || m < least {
			least = m
		}
	}
	for _, m := range t.Mods {
		if m.Value < 0 && m.PerFact < 0 {
			least += m.Value
		}
	}
	return least
}
