package tables

import (
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/schnell-wargames/schnell/grid"
)

// Print writes a table for the player: title, dice, rows, modifiers, note.
func (t *Table) Print(w io.Writer) error {
	verb := "Roll"
	if t.IsLookup() {
		verb = "Read"
	}
	fmt.Fprintf(w, "%s  %s\n%s %s\n", t.ID, t.Title, verb, t.DiceWords())
	if t.Grid != nil {
		if err := t.printGrid(w); err != nil {
			return err
		}
	} else {
		rows := make([][]string, 0, len(t.Rows))
		for i := range t.Rows {
			r := &t.Rows[i]
			rows = append(rows, []string{r.Range(), r.Result, r.EffectsWords()})
		}
		if err := grid.Render(w, grid.Text, []string{"Roll", "Result", "Effects"}, rows, 48); err != nil {
			return err
		}
	}
	if len(t.Naturals) > 0 {
		fmt.Fprintln(w, "Natural rolls (read before any modifier):")
		rows := make([][]string, 0, len(t.Naturals))
		for i := range t.Naturals {
			r := &t.Naturals[i]
			rows = append(rows, []string{r.Range(), t.CondWords(&r.When), r.Result, r.EffectsWords()})
		}
		if err := grid.Render(w, grid.Text, []string{"Natural", "When", "Result", "Effects"}, rows, 48); err != nil {
			return err
		}
	}
	if err := t.printMods(w, "Modifiers (cumulative):", t.Mods); err != nil {
		return err
	}
	if t.Grid != nil {
		what := "Column"
		if t.Grid.FactRows {
			what = "Row"
		}
		if err := t.printMods(w, what+" shifts (cumulative, stopping at the last "+strings.ToLower(what)+"):", t.Grid.Shifts); err != nil {
			return err
		}
	}
	if t.Note != "" {
		width := 96
		if c, ok := w.(grid.Columner); ok { // the prompt: the terminal's width
			width = c.Columns()
		}
		fmt.Fprintf(w, "Note: %s\n", wrap(t.Note, width))
	}
	return nil
}

func (t *Table) printMods(w io.Writer, head string, ms []Mod) error {
	if len(ms) == 0 {
		return nil
	}
	fmt.Fprintln(w, head)
	mods := make([][]string, 0, len(ms))
	for i := range ms {
		m := &ms[i]
		mods = append(mods, []string{t.ModText(m), t.CondWords(&m.When), m.Reason})
	}
	return grid.Render(w, grid.Text, []string{"Mod", "When", "Reason"}, mods, 48)
}

// printGrid prints a two-dimensional table as the book's chart: the column
// headings (a line per condition), then one line per row, then the key.
func (t *Table) printGrid(w io.Writer) error {
	g := t.Grid
	width := g.Width
	var head []string
	var rows [][]string
	line := func(first string, cells []string) []string {
		out := make([]string, 0, width+1)
		out = append(out, first)
		out = append(out, cells...)
		for len(out) < width+1 {
			out = append(out, "")
		}
		return out
	}
	ranges := func(rs []Row) []string {
		out := make([]string, len(rs))
		for i := range rs {
			out[i] = rs[i].Range()
		}
		return out
	}
	if g.FactRows {
		head = line(t.GridFact()+" \\ roll", ranges(g.Columns[0].Ranges))
		for i := range t.Rows {
			rows = append(rows, line(t.Rows[i].Range(), t.Rows[i].Cells))
		}
	} else {
		nums := make([]string, width)
		for i := range nums {
			nums[i] = strconv.Itoa(i + 1)
		}
		head = line("column", nums)
		for i := range g.Columns {
			b := &g.Columns[i]
			label := t.GridFact()
			if len(g.Columns) > 1 {
				label = "otherwise"
				if b.When.Text != "" {
					label = t.CondWords(&b.When)
				}
			}
			rows = append(rows, line(label, ranges(b.Ranges)))
		}
		for i := range t.Rows {
			rows = append(rows, line("roll "+t.Rows[i].Range(), t.Rows[i].Cells))
		}
	}
	if err := grid.RenderFit(w, grid.Text, head, rows, 40, grid.Fit{Split: true}); err != nil {
		return err
	}
	if len(g.Keys) == 0 {
		return nil
	}
	fmt.Fprintln(w, "Key:")
	keys := make([][]string, 0, len(g.Keys))
	for i := range g.Keys {
		k := &g.Keys[i]
		keys = append(keys, []string{k.Label, k.Result, k.EffectsWords()})
	}
	return grid.Render(w, grid.Text, []string{"Code", "Result", "Effects"}, keys, 48)
}

// PrintList writes the list of tables: id, title, dice.
func (s *Set) PrintList(w io.Writer) error {
	rows := make([][]string, 0, len(s.ids))
	for _, id := range s.ids {
		t := s.byID[id]
		rows = append(rows, []string{t.ID, t.Title, t.DiceWords()})
	}
	return grid.RenderFit(w, grid.Text, []string{"Table", "Title", "Dice"}, rows, 60, grid.Fit{Detail: "`table ID` shows one whole"})
}

func wrap(s string, width int) string {
	var b strings.Builder
	n := 6
	for i, word := range strings.Fields(s) {
		if i > 0 {
			if n+1+len(word) > width {
				b.WriteString("\n      ")
				n = 6
			} else {
				b.WriteByte(' ')
				n++
			}
		}
		b.WriteString(word)
		n += len(word)
	}
	return b.String()
}
