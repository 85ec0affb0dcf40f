package tables

import (
	"fmt"
	"io"
	"strings"

	"github.com/schnell-wargames/schnell/grid"
)

// Print writes a table for the player: title, dice, rows, modifiers, note.
func (t *Table) Print(w io.Writer) error {
	verb := "Roll"
	if t.IsLookup() {
		verb = "Read"
	}
	fmt.Fprintf(w, "%s  %s\n%s %s\n", t.ID, t.Title, verb, t.DiceText())
	rows := make([][]string, 0, len(t.Rows))
	for i := range t.Rows {
		r := &t.Rows[i]
		rows = append(rows, []string{r.Range(), r.Result, r.EffectsText()})
	}
	if err := grid.Render(w, grid.Text, []string{"Roll", "Result", "Effects"}, rows, 48); err != nil {
		return err
	}
	if len(t.Mods) > 0 {
		fmt.Fprintln(w, "Modifiers (cumulative):")
		mods := make([][]string, 0, len(t.Mods))
		for i := range t.Mods {
			m := &t.Mods[i]
			cond := m.When.Text
			if cond == "" {
				cond = "always"
			}
			mods = append(mods, []string{t.ModText(m), cond, m.Reason})
		}
		if err := grid.Render(w, grid.Text, []string{"Mod", "When", "Reason"}, mods, 48); err != nil {
			return err
		}
	}
	if t.Note != "" {
		fmt.Fprintf(w, "Note: %s\n", wrap(t.Note, 96))
	}
	return nil
}

// PrintList writes the list of tables: id, title, dice.
func (s *Set) PrintList(w io.Writer) error {
	rows := make([][]string, 0, len(s.ids))
	for _, id := range s.ids {
		t := s.byID[id]
		rows = append(rows, []string{t.ID, t.Title, t.DiceText()})
	}
	return grid.Render(w, grid.Text, []string{"Table", "Title", "Dice"}, rows, 60)
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
