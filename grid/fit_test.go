package grid

import (
	"bytes"
	"fmt"
	"strings"
	"testing"
	"unicode/utf8"
)

type columns struct {
	bytes.Buffer
	n int
}

func (c *columns) Columns() int { return c.n }

var wideHeader = []string{"Position", "Name", "Special", "Start", "Missions", "Successes", "State"}

var wideRows = [][]string{
	{"Depth charge crew", "Heinz Zimmermann", "steady hands", "1944-02-01", "22", "21", "serving, Veteran"},
	{"Kommandant", "Karl Schulz", "none", "1944-02-01", "22", "21", "2 LW, Veteran"},
}

// A text table written to a writer that knows its width fits in it: its
// widest cells wrap at their spaces, and every word is still there.
func TestRenderFitsColumns(t *testing.T) {
	header := []string{"Position", "Name", "State"}
	rows := [][]string{{"Depth charge crew", "Heinz Zimmermann", "serving, Veteran"}, {"Kommandant", "Karl Schulz", "2 LW"}}
	for _, width := range []int{80, 50, 40} {
		t.Run(fmt.Sprint(width), func(t *testing.T) {
			w := &columns{n: width}
			if err := Render(w, Text, header, rows, 0); err != nil {
				t.Fatal(err)
			}
			out := w.String()
			for _, line := range strings.Split(strings.TrimRight(out, "\n"), "\n") {
				if got := utf8.RuneCountInString(line); got > width {
					t.Errorf("line of %d columns, want at most %d: %q", got, width, line)
				}
			}
			for _, r := range rows {
				for _, cell := range r {
					for _, word := range strings.Fields(cell) {
						if !strings.Contains(out, word) {
							t.Errorf("word %q lost:\n%s", word, out)
						}
					}
				}
			}
		})
	}
}

// Issue 25 item 6: a table whose words cannot fit leaves out whole
// columns, and says which, rather than break an id or a number; the
// first column (the id) and those the caller keeps stay.
func TestRenderKeepsWordsWhole(t *testing.T) {
	for _, width := range []int{50, 40} {
		w := &columns{n: width}
		if err := RenderFit(w, Text, wideHeader, wideRows, 0, Fit{Keep: []int{6}, Detail: "`crew NAME` shows one whole"}); err != nil {
			t.Fatal(err)
		}
		out := w.String()
		for _, line := range strings.Split(strings.TrimRight(out, "\n"), "\n") {
			if got := utf8.RuneCountInString(line); got > width {
				t.Errorf("%d: line of %d columns, want at most %d: %q", width, got, width, line)
			}
		}
		words := map[string]bool{}
		for _, f := range strings.FieldsFunc(out, func(r rune) bool { return r == ' ' || r == '|' || r == '\n' }) {
			words[f] = true
		}
		flat := strings.Join(strings.Fields(out), " ")
		_, note, _ := strings.Cut(flat, "(Left out to fit")
		if note == "" || !strings.Contains(flat, "shows one whole.)") {
			t.Fatalf("%d: no note of the columns left out:\n%s", width, out)
		}
		for _, r := range wideRows {
			for col, cell := range r {
				for _, word := range strings.Fields(cell) {
					if !words[word] && !strings.Contains(note, " "+wideHeader[col]) {
						t.Errorf("%d: %q (%s) is neither whole on a line nor its column said left out:\n%s", width, word, wideHeader[col], out)
					}
				}
			}
		}
		if !words["Kommandant"] || !words["State"] { // the id, and a column kept
			t.Errorf("%d: column 1 or a kept column left out:\n%s", width, out)
		}
	}
}

// A one-column table whose words are wider than the writer breaks them
// rather than overflow (nothing is left to leave out).
func TestRenderBreaksWordsOfOneColumn(t *testing.T) {
	w := &columns{n: 12}
	if err := Render(w, Text, []string{"Name"}, [][]string{{"Zimmermann-Schulze"}}, 0); err != nil {
		t.Fatal(err)
	}
	for _, line := range strings.Split(strings.TrimRight(w.String(), "\n"), "\n") {
		if got := utf8.RuneCountInString(line); got > 12 {
			t.Errorf("line of %d columns: %q", got, line)
		}
	}
}

// A table to a plain writer (a file, a sheet) is laid out as before: no
// width is imposed.
func TestRenderPlainWriterUnfitted(t *testing.T) {
	var b bytes.Buffer
	if err := Render(&b, Text, wideHeader, wideRows, 0); err != nil {
		t.Fatal(err)
	}
	first, _, _ := strings.Cut(b.String(), "\n")
	if got := len(first); got != 110 {
		t.Errorf("got a table %d wide, want its natural 110", got)
	}
}

// Words longer than the room left are broken rather than overflow.
func TestWrapCell(t *testing.T) {
	tests := []struct {
		in    string
		width int
		want  string
	}{
		{"serving, Veteran", 8, "serving,\nVeteran"},
		{"short", 8, "short"},
		{"Zimmermann", 4, "Zimm\nerma\nnn"},
		{"a b c d", 3, "a b\nc d"},
	}
	for _, tt := range tests {
		t.Run(tt.in, func(t *testing.T) {
			if got := wrapCell(tt.in, tt.width); got != tt.want {
				t.Errorf("wrapCell(%q, %d) = %q, want %q", tt.in, tt.width, got, tt.want)
			}
		})
	}
}

// A chart (Fit.Split) loses no column: those that do not fit follow in a
// table of their own, the first column again; a heading longer than its
// column's cells is abbreviated before anything is left out.
func TestRenderSplitsAChart(t *testing.T) {
	header := []string{"column"}
	row := []string{"roll 1"}
	for i := 1; i <= 14; i++ {
		header = append(header, fmt.Sprint(i))
		row = append(row, fmt.Sprintf("D%d", i))
	}
	w := &columns{n: 60}
	if err := RenderFit(w, Text, header, [][]string{row}, 0, Fit{Split: true}); err != nil {
		t.Fatal(err)
	}
	out := w.String()
	for _, cell := range row[1:] {
		if !strings.Contains(out, "| "+cell+" ") {
			t.Errorf("%s lost:\n%s", cell, out)
		}
	}
	if strings.Count(out, "| roll ") != 2 || strings.Contains(out, "Left out") {
		t.Errorf("want two tables, the first column in each, nothing left out:\n%s", out)
	}
	w = &columns{n: 40}
	if err := Render(w, Text, []string{"Turn", "Shifts", "Result", "Markers", "Column"}, [][]string{{"1", "+0", "Ex", "", "+2-+3"}}, 0); err != nil {
		t.Fatal(err)
	}
	if out := w.String(); !strings.Contains(out, "| Res. |") || strings.Contains(out, "Left out") {
		t.Errorf("want headings abbreviated, no column left out:\n%s", out)
	}
}
