package tables

import (
	"strings"
)

// maxCells bounds the columns of a two-dimensional table.
const maxCells = 64

// parseGrid reads "grid roll by FACT" or "grid FACT by roll".
func (p *parser) parseGrid(rest string) error {
	t := p.cur
	switch {
	case t.Grid != nil:
		return p.errf("grid: the table already has a grid line")
	case t.Key >= 0:
		return p.errf("grid: a lookup table has no grid (a grid table is rolled)")
	case len(t.Rows) > 0 || len(t.Naturals) > 0:
		return p.errf("grid: must come before the table's rows")
	}
	words := strings.Fields(rest)
	if len(words) != 3 || words[1] != "by" || (words[0] == "roll") == (words[2] == "roll") {
		return p.errf("grid: want 'grid roll by FACT' (the roll picks the row, a fact's band the column) or 'grid FACT by roll'")
	}
	g := &Grid{FactRows: words[2] == "roll"}
	name := words[2]
	if g.FactRows {
		name = words[0]
	}
	i, d := p.schema.fact(name)
	if d == nil {
		return p.errf("grid: unknown fact %q (known: %s)", name, p.knownFacts())
	}
	if d.Kind != Int {
		return p.errf("grid: fact %s is not a number: a grid's bands are ranges of an Int fact", name)
	}
	g.Fact = i
	t.Grid = g
	return nil
}

func (p *parser) needGrid(dir string) (*Grid, error) {
	if p.cur.Grid == nil {
		return nil, p.errf("%s: only a grid table has %s lines (write 'grid roll by FACT' first)", dir, dir)
	}
	return p.cur.Grid, nil
}

// parseColumns reads "columns [if CONDITION |] RANGE | RANGE ...".
func (p *parser) parseColumns(rest string) error {
	g, err := p.needGrid("columns")
	if err != nil {
		return err
	}
	if len(p.cur.Rows) > 0 {
		return p.errf("columns: must come before the table's rows")
	}
	parts := fields(rest)
	b := Band{Line: p.line}
	if c, ok := strings.CutPrefix(parts[0], "if "); ok {
		if g.FactRows {
			return p.errf("columns: the roll's columns take no condition")
		}
		if b.When, err = p.parseCond(strings.TrimSpace(c)); err != nil {
			return err
		}
		parts = parts[1:]
	}
	if n := len(g.Columns); n > 0 && len(g.Columns[n-1].When.Tests) == 0 {
		return p.errf("columns: a line after the unconditional columns line can never apply")
	}
	if len(parts) == 0 || (len(parts) == 1 && parts[0] == "") {
		return p.errf("columns: want 'columns RANGE | RANGE ...' (one range per column)")
	}
	if len(parts) > maxCells {
		return p.errf("columns: %d columns, at most %d", len(parts), maxCells)
	}
	for _, w := range parts {
		r, err := p.parseRange(w)
		if err != nil {
			return err
		}
		r.Line = p.line
		r.text = w
		b.Ranges = append(b.Ranges, r)
	}
	what := "column"
	at := func(line int, format string, args ...any) error { return p.errf("columns: "+format, args...) }
	if err := ascending(b.Ranges, what, at); err != nil {
		return err
	}
	g.Columns = append(g.Columns, b)
	return nil
}

// parseShift reads "shift VALUE | CONDITION | REASON".
func (p *parser) parseShift(rest string) error {
	g, err := p.needGrid("shift")
	if err != nil {
		return err
	}
	m, err := p.mod("shift", rest)
	if err != nil {
		return err
	}
	g.Shifts = append(g.Shifts, m)
	return nil
}

// parseKey reads "key CODE | RESULT | EFFECTS".
func (p *parser) parseKey(rest string) error {
	g, err := p.needGrid("key")
	if err != nil {
		return err
	}
	parts := fields(rest)
	if len(parts) < 2 || len(parts) > 3 {
		return p.errf("key: want 'key CODE | RESULT | EFFECTS' (EFFECTS may be left out)")
	}
	if parts[0] == "" || parts[1] == "" {
		return p.errf("key: the code and what it means must not be empty")
	}
	for i := range g.Keys {
		if g.Keys[i].Label == parts[0] {
			return p.errf("key %s is defined twice (first at line %d)", parts[0], g.Keys[i].Line)
		}
	}
	k := Row{Label: parts[0], Result: parts[1], Line: p.line}
	if len(parts) == 3 {
		if k.Effects, err = p.parseEffects(parts[2]); err != nil {
			return err
		}
	}
	k.text = k.Label
	g.Keys = append(g.Keys, k)
	return nil
}

// parseGridRow reads "row RANGE | CELL | CELL ...".
func (p *parser) parseGridRow(rest string) error {
	g := p.cur.Grid
	parts := fields(rest)
	if len(g.Columns) == 0 {
		return p.errf("row: a grid table's columns line comes before its rows")
	}
	if len(parts) < 2 {
		return p.errf("row: want 'row RANGE | CELL | CELL ...' (one cell per column)")
	}
	r, err := p.parseRange(parts[0])
	if err != nil {
		return err
	}
	r.Line = p.line
	r.text = parts[0]
	r.Cells = parts[1:]
	if len(r.Cells) > maxCells {
		return p.errf("row %s: %d cells, at most %d", parts[0], len(r.Cells), maxCells)
	}
	if g.Width == 0 {
		g.Width = len(r.Cells)
	}
	if len(r.Cells) != g.Width {
		return p.errf("row %s has %d cells, the rows before it %d", parts[0], len(r.Cells), g.Width)
	}
	for i, c := range r.Cells {
		if c == "" {
			return p.errf("row %s: cell %d is empty (write - for no result)", parts[0], i+1)
		}
	}
	p.cur.Rows = append(p.cur.Rows, r)
	return nil
}

// parseNatural reads "natural RANGE [if CONDITION] | RESULT | EFFECTS".
func (p *parser) parseNatural(rest string) error {
	t := p.cur
	if t.Key >= 0 || t.Grid != nil {
		return p.errf("natural: only a rolled table of rows has natural rows")
	}
	parts := fields(rest)
	if len(parts) < 2 || len(parts) > 3 {
		return p.errf("natural: want 'natural RANGE | RESULT | EFFECTS' or 'natural RANGE if CONDITION | RESULT | EFFECTS'")
	}
	rng, cond, hasCond := strings.Cut(parts[0], " if ")
	r, err := p.parseRange(strings.TrimSpace(rng))
	if err != nil {
		return err
	}
	if r.OpenLo || r.OpenHi {
		return p.errf("natural: %q: a natural range is N or N-M", rng)
	}
	if hasCond {
		if r.When, err = p.parseCond(strings.TrimSpace(cond)); err != nil {
			return err
		}
	}
	r.Line = p.line
	if r.Result = parts[1]; r.Result == "" {
		return p.errf("natural %s: the result text is missing", rng)
	}
	if len(parts) == 3 {
		if r.Effects, err = p.parseEffects(parts[2]); err != nil {
			return err
		}
	}
	r.text = naturalText(&r)
	t.Naturals = append(t.Naturals, r)
	return nil
}

// finishGrid checks a grid table once all its lines are read.
func (p *parser) finishGrid(t *Table, at func(int, string, ...any) error) error {
	g := t.Grid
	if len(g.Columns) == 0 {
		return at(t.Line, "a grid table needs a columns line")
	}
	if len(g.Columns[len(g.Columns)-1].When.Tests) > 0 {
		return at(g.Columns[len(g.Columns)-1].Line, "the last columns line must have no condition (it is the default)")
	}
	for i := range g.Columns {
		b := &g.Columns[i]
		if len(b.Ranges) > g.Width || (g.FactRows && len(b.Ranges) != g.Width) {
			return at(b.Line, "%d column headings for rows of %d cells", len(b.Ranges), g.Width)
		}
	}
	if len(g.Keys) > 0 {
		for i := range t.Rows {
			r := &t.Rows[i]
			for _, c := range r.Cells {
				if !g.hasKey(c) {
					return at(r.Line, "row %s: cell %q has no key line (every cell of a table with keys is a key)", r.Range(), c)
				}
			}
		}
	}
	return nil
}

func (g *Grid) hasKey(code string) bool {
	for i := range g.Keys {
		if g.Keys[i].Label == code {
			return true
		}
	}
	return false
}
