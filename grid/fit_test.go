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

// A table whose words cannot fit breaks them rather than overflow.
func TestRenderBreaksWords(t *testing.T) {
	w := &columns{n: 50}
	if err := Render(w, Text, wideHeader, wideRows, 0); err != nil {
		t.Fatal(err)
	}
	for _, line := range strings.Split(strings.TrimRight(w.String(), "\n"), "\n") {
		if got := utf8.RuneCountInString(line); got > 50 {
			t.Errorf("line of %d columns, want at most 50: %q", got, line)
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
