package grid

import (
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"
)

// Columner is a writer that knows how wide its lines may be (the prompt's
// output: the terminal's width). Render fits a text table written to it
// into that many columns by wrapping its widest cells at their spaces.
type Columner interface {
	Columns() int
}

// minCell is the narrowest a column is made by breaking its words, when
// only one column is left and it cannot fit whole.
const minCell = 4

// minHead is the shortest a heading word is abbreviated to ("Res.").
const minHead = 4

func sum(xs []int) int {
	t := 0
	for _, x := range xs {
		t += x
	}
	return t
}

// Fit says how a text table is fitted to a narrow writer (RenderFit).
type Fit struct {
	// Keep are columns never left out (column 0, the id, always is).
	Keep []int
	// Detail says where a row is shown whole when columns are left out
	// ("`record ID` shows one whole").
	Detail string
	// Split prints the columns that do not fit in a further table, with
	// column 0 again, instead of leaving them out (a chart: every column
	// counts).
	Split bool
}

// fit makes a text table (ASCII borders, one space of padding) at most
// width columns wide: it wraps cells at their spaces, and never breaks a
// word (an id, a number): when the words cannot fit it leaves out whole
// columns, the widest words first, never column 0 nor those f keeps, and
// says which (dropped, in order). Only a table of one column left that
// still cannot fit has its words broken. maxCell > 0 also caps each
// cell's width where its words allow.
func fit(header []string, rows [][]string, maxCell, width int, f Fit) ([]string, [][]string, []int) {
	n := len(header)
	for _, r := range rows {
		n = max(n, len(r))
	}
	if n == 0 {
		return header, rows, nil
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
	empty := make([]bool, n) // a column with no cell filled: left out first
	for i := range empty {
		empty[i] = true
	}
	for _, r := range rows {
		measure(r)
		for i, c := range r {
			if strings.TrimSpace(c) != "" {
				empty[i] = false
			}
		}
	}
	// Headers first: a heading word longer than its column's cells need
	// is abbreviated ("Result" over one-letter codes reads "Res.").
	if need := 3*n + 1 + sum(least); need > width && header != nil {
		cellLeast := make([]int, n)
		for _, r := range rows {
			for i, c := range r {
				for _, word := range strings.Fields(c) {
					cellLeast[i] = max(cellLeast[i], cellWidth(word))
				}
			}
		}
		short := make([]string, len(header))
		for i, h := range header {
			to := max(cellLeast[i], minHead)
			var ws []string
			for _, word := range strings.Fields(h) {
				if r := []rune(word); len(r) > to {
					word = string(r[:to-1]) + "."
				}
				ws = append(ws, word)
			}
			short[i] = strings.Join(ws, " ")
		}
		header = short
		for i := range natural {
			natural[i], least[i] = 0, 0
		}
		measure(header)
		for _, r := range rows {
			measure(r)
		}
	}
	// Leave out whole columns until the longest words fit.
	keep := make([]bool, n)
	kept := n
	for i := range keep {
		keep[i] = true
	}
	var dropped []int
	need := func() int {
		t := 3*kept + 1
		for i := range least {
			if keep[i] {
				t += least[i]
			}
		}
		return t
	}
	for need() > width && kept > 1 {
		pick := -1
		for i := n - 1; i > 0; i-- {
			if keep[i] && !slices.Contains(f.Keep, i) && (pick < 0 || empty[i] && !empty[pick] || empty[i] == empty[pick] && least[i] > least[pick]) {
				pick = i
			}
		}
		if pick < 0 {
			break
		}
		keep[pick] = false
		kept--
		dropped = append(dropped, pick)
	}
	if len(dropped) > 0 {
		slices.Sort(dropped)
		pickCols := func(cells []string) []string {
			if cells == nil {
				return nil
			}
			out := make([]string, 0, kept)
			for i, c := range cells {
				if keep[i] {
					out = append(out, c)
				}
			}
			return out
		}
		header = pickCols(header)
		nr := make([][]string, len(rows))
		for i, r := range rows {
			nr[i] = pickCols(r)
		}
		rows = nr
		var nat, lst []int
		for i := range keep {
			if keep[i] {
				nat, lst = append(nat, natural[i]), append(lst, least[i])
			}
		}
		natural, least, n = nat, lst, kept
	}
	w := make([]int, n)
	for i := range w {
		w[i] = natural[i]
		if maxCell > 0 {
			w[i] = max(min(w[i], maxCell), least[i])
		}
	}
	avail := width - 3*n - 1
	total := 0
	for _, x := range w {
		total += x
	}
	for total > avail {
		// Narrow the widest column that can still wrap at a space; when
		// none can (one column left), break the words of the widest.
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
	return header, fitted, dropped
}

// leftOut says which columns fit left out, after the table.
func leftOut(header []string, dropped []int, width int, f Fit) string {
	names := make([]string, len(dropped))
	for k, i := range dropped {
		names[k] = "column " + strconv.Itoa(i+1)
		if i < len(header) && strings.TrimSpace(header[i]) != "" {
			names[k] = strings.Join(strings.Fields(header[i]), " ")
		}
	}
	note := fmt.Sprintf("(Left out to fit %d columns: %s", width, strings.Join(names, ", "))
	if f.Detail != "" {
		note += "; " + f.Detail
	}
	return note + ".)"
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
