package tables

import (
	"strconv"
	"strings"
)

// Grid makes a table two-dimensional: a result is read at a row and a
// column. One axis is read by the roll (the table's dice and modifiers),
// the other by a band of an Int fact (a combat differential, an odds ratio,
// a shooting factor), which shifts may move along, clamped at the ends.
//
// "grid roll by FACT" (a combat results table): the rows are the roll's
// ranges (Table.Rows), the columns the fact's bands; each Columns line may
// hold its own bands (a terrain line of its own differentials), chosen by
// condition like dice lines.
//
// "grid FACT by roll" (a fire chart): the rows are the fact's bands
// (Table.Rows), the columns the roll's ranges (Columns has one line).
type Grid struct {
	Fact     int      // the Int fact whose band picks a column (FactRows: a row)
	FactRows bool     // "grid FACT by roll": rows are the fact's bands
	Columns  []Band   // column headings; the last has no condition
	Width    int      // cells per row
	Shifts   []Mod    // move along the fact's axis, cumulative, clamped
	Keys     []Row    // the legend: Label is the code a cell holds
	shifts   *modCode // Shifts compiled at load (compiled.go)
}

// Band is one line of column headings: the ranges of the columns from the
// first, used when its condition holds.
type Band struct {
	When   Cond
	Ranges []Row
	Line   int
}

// Cell is what a two-dimensional table reads.
type Cell struct {
	Row    *Row   // the row: the roll's range, or the fact's band
	Column int    // 1 = the first column
	Result string // the cell as written
	Key    *Row   // the cell's legend entry (nil: the table has no keys)
}

// Is2D reports whether the table is read at a row and a column.
func (t *Table) Is2D() bool { return t.Grid != nil }

// GridFact is the name of the fact a two-dimensional table reads.
func (t *Table) GridFact() string { return t.schema.Facts[t.Grid.Fact].Name }

// Shift appends the column shifts that hold under f to dst and returns it
// with their sum (see Modify).
func (t *Table) Shift(f Facts, dst []Applied) ([]Applied, int) {
	if t.Grid == nil {
		return dst, 0
	}
	if t.Grid.shifts.runs(t.Grid.Shifts) {
		return t.Grid.shifts.apply(f, dst)
	}
	return applyMods(t.Grid.Shifts, f, dst)
}

// band returns the index of the range of bands that holds v; values beyond
// read the first or the last.
func band(rs []Row, v int) int {
	for i := range rs {
		if v <= rs[i].Hi {
			return i
		}
	}
	return len(rs) - 1
}

// Read returns the cell of a two-dimensional table for the modified roll
// total, the facts (the band of the grid's fact and the conditions of its
// column lines) and a shift along the fact's axis. A shift past either end
// stops at the end.
func (t *Table) Read(f Facts, total, shift int) Cell {
	g := t.Grid
	v := f.Fact(g.Fact)
	if g.FactRows {
		r := band(t.Rows, v) + shift
		r = max(0, min(r, len(t.Rows)-1))
		col := band(g.Columns[0].Ranges, total)
		return t.cell(&t.Rows[r], col)
	}
	b := g.ColumnsFor(f)
	col := band(b.Ranges, v) + shift
	col = max(0, min(col, g.Width-1))
	return t.cell(t.Lookup(total), col)
}

func (t *Table) cell(r *Row, col int) Cell {
	c := Cell{Row: r, Column: col + 1, Result: r.Cells[col]}
	for i := range t.Grid.Keys {
		if t.Grid.Keys[i].Label == c.Result {
			c.Key = &t.Grid.Keys[i]
			break
		}
	}
	return c
}

// ColumnsFor returns the line of column headings that applies under f.
func (g *Grid) ColumnsFor(f Facts) *Band {
	for i := range g.Columns {
		if g.Columns[i].When.Holds(f) {
			return &g.Columns[i]
		}
	}
	return &g.Columns[len(g.Columns)-1]
}

// Heading is column col's heading (1-based) on line b, "" past its end.
func (b *Band) Heading(col int) string {
	if col < 1 || col > len(b.Ranges) {
		return ""
	}
	return b.Ranges[col-1].Range()
}

// Int returns an Int or Enum effect of the cell's key.
func (c *Cell) Int(key, total int) (int, bool) {
	if c.Key == nil {
		return 0, false
	}
	return c.Key.Int(key, total)
}

// Natural returns the row a natural (unmodified) total reads before any
// modifier, or nil: a natural 1 that always misses.
func (t *Table) Natural(f Facts, natural int) *Row {
	for i := range t.Naturals {
		r := &t.Naturals[i]
		if natural >= r.Lo && natural <= r.Hi && r.When.Holds(f) {
			return r
		}
	}
	return nil
}

// gridCanonical adds a grid's lines to the canonical text.
func (t *Table) gridCanonical(b *strings.Builder) {
	g := t.Grid
	if g.FactRows {
		b.WriteString("grid " + t.GridFact() + " by roll\n")
	} else {
		b.WriteString("grid roll by " + t.GridFact() + "\n")
	}
	for i := range g.Columns {
		c := &g.Columns[i]
		b.WriteString("columns " + c.When.Text)
		for j := range c.Ranges {
			b.WriteString("|" + c.Ranges[j].Range())
		}
		b.WriteByte('\n')
	}
	for i := range g.Shifts {
		m := &g.Shifts[i]
		b.WriteString("shift " + t.ModText(m) + "|" + m.When.Text + "|" + m.Reason + "\n")
	}
	for i := range g.Keys {
		k := &g.Keys[i]
		b.WriteString("key " + k.Label + "|" + k.Result + "|" + k.EffectsText() + "\n")
	}
}

// rowsCanonical is a grid row's cells.
func (r *Row) cellsText() string { return strings.Join(r.Cells, "|") }

// naturalText is a natural row's range as written in a roll event:
// "natural 1".
func naturalText(r *Row) string {
	s := "natural " + strconv.Itoa(r.Lo)
	if r.Hi != r.Lo {
		s += "-" + strconv.Itoa(r.Hi)
	}
	return s
}

// Pick returns the row of a table of rows for a roll: a natural row that
// holds for the unmodified total, else the row of the modified total.
func (t *Table) Pick(f Facts, natural, total int) *Row {
	if len(t.Naturals) > 0 {
		if r := t.Natural(f, natural); r != nil {
			return r
		}
	}
	return t.Lookup(total)
}
