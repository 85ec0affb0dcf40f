package grid

import (
	"io"
	"strings"
	"unicode/utf8"
)

// Columner is a writer that knows how wide its lines may be (the prompt's
// output: the terminal's width). Render fits a text table written to it
// into that many columns by wrapping its widest cells at their spaces.
type Columner interface {
	Columns() int
}

// minCell is the narrowest a column is made by breaking its words when
// wrapping at spaces cannot make a table fit.
const minCell = 4

// fit wraps the cells of a text table (ASCII borders, one space of padding)
// so that it is at most width columns wide, or as narrow as it can be.
// maxCell > 0 also caps each cell's width.
func fit(header []string, rows [][]string, maxCell, width int) ([]string, [][]string) {
	n := len(header)
	for _, r := range rows {
		n = max(n, len(r))
	}
	if n == 0 {
		return header, rows
	}
	natural, least := make([]int, n), make([]int, n)
	measure := func(cells []string) {
		for i, c := range cells {
			for _, line := range strings.Split(c, "\n") {
				natural[i] = max(natural[i], cellWidth(line))
				for _, word := range strings.Fields(line) {
					least[i] = max(least[i], cellWidth(word))
				}
			}
		}
	}
	measure(header)
	for _, r := range rows {
		measure(r)
	}
	w := make([]int, n)
	for i := range w {
		w[i] = natural[i]
		if maxCell > 0 {
			w[i] = min(w[i], maxCell)
		}
	}
	avail := width - 3*n - 1
	total := 0
	for _, x := range w {
		total += x
	}
	for total > avail {
		// Narrow the widest column that can still wrap at a space; when
		// none can, break the words of the widest.
		pick := -1
		for i := range w {
			if w[i] > least[i] && (pick < 0 || w[i] > w[pick]) {
				pick = i
			}
		}
		if pick < 0 {
			for i := range w {
				if w[i] > minCell && (pick < 0 || w[i] > w[pick]) {
					pick = i
				}
			}
		}
		if pick < 0 {
			break
		}
		// Wrapping at one column less may narrow it by more.
		to := max(wrappedWidth(header, rows, pick, w[pick]-1), minCell)
		total -= w[pick] - to
		w[pick] = to
	}
	wrapRow := func(cells []string) []string {
		out := make([]string, len(cells))
		for i, c := range cells {
			out[i] = wrapCell(c, w[i])
		}
		return out
	}
	if header != nil {
		header = wrapRow(header)
	}
	fitted := make([][]string, len(rows))
	for i, r := range rows {
		fitted[i] = wrapRow(r)
	}
	return header, fitted
}

// wrappedWidth is how wide column i is when its cells wrap at width.
func wrappedWidth(header []string, rows [][]string, i, width int) int {
	got := 0
	cell := func(cells []string) {
		if i < len(cells) {
			for _, line := range strings.Split(wrapCell(cells[i], width), "\n") {
				got = max(got, cellWidth(line))
			}
		}
	}
	cell(header)
	for _, r := range rows {
		cell(r)
	}
	return got
}

// columnsOf is the width w's lines may take, or 0.
func columnsOf(w io.Writer) int {
	if c, ok := w.(Columner); ok {
		return c.Columns()
	}
	return 0
}

func cellWidth(s string) int { return utf8.RuneCountInString(s) }

// wrapCell wraps each line of a cell at its spaces into lines of at most
// width runes (a longer word is broken).
func wrapCell(s string, width int) string {
	if width < 1 {
		return s
	}
	var out []string
	for _, line := range strings.Split(s, "\n") {
		if cellWidth(line) <= width {
			out = append(out, line)
			continue
		}
		cur := ""
		for _, word := range strings.Fields(line) {
			if cur != "" && cellWidth(cur)+1+cellWidth(word) > width {
				out = append(out, cur)
				cur = ""
			}
			if cur != "" {
				cur += " "
			}
			cur += word
			for cellWidth(cur) > width {
				r := []rune(cur)
				out = append(out, string(r[:width]))
				cur = string(r[width:])
			}
		}
		out = append(out, cur)
	}
	return strings.Join(out, "\n")
}
