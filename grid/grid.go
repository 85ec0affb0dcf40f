package grid

import (
	"fmt"
	"io"

	"github.com/olekukonko/tablewriter"
	"github.com/olekukonko/tablewriter/renderer"
	"github.com/olekukonko/tablewriter/tw"
)

// Format selects a renderer.
type Format int

const (
	Text     Format = iota // ASCII box
	Markdown               // GitHub pipe table
)

// Render writes header and rows as one table. Cells wider than maxCell
// (0: no limit) are wrapped. A text table written to a Columner is fitted
// to its width.
func Render(w io.Writer, f Format, header []string, rows [][]string, maxCell int) error {
	return RenderFit(w, f, header, rows, maxCell, Fit{})
}

// RenderFit is Render with a say in how a text table is fitted to a
// narrow writer: the columns it keeps whatever the width, and where a row
// is shown whole when columns are left out (fit).
func RenderFit(w io.Writer, f Format, header []string, rows [][]string, maxCell int, fo Fit) error {
	note := ""
	var rest func() error
	if cols := columnsOf(w); f == Text && cols > 0 {
		fullHeader, fullRows := header, rows
		var dropped []int
		header, rows, dropped = fit(header, rows, maxCell, cols, fo)
		maxCell = 0 // fit has wrapped the cells
		switch {
		case len(dropped) > 0 && fo.Split:
			// The columns left out follow in a table of their own,
			// column 0 again first.
			pick := func(cells []string) []string {
				if cells == nil {
					return nil
				}
				out := []string{cells[0]}
				for _, i := range dropped {
					if i < len(cells) {
						out = append(out, cells[i])
					} else {
						out = append(out, "")
					}
				}
				return out
			}
			rh := pick(fullHeader)
			rr := make([][]string, len(fullRows))
			for i, r := range fullRows {
				rr[i] = pick(r)
			}
			rest = func() error { return RenderFit(w, f, rh, rr, 0, fo) }
		case len(dropped) > 0:
			note = wrapCell(leftOut(fullHeader, dropped, cols, fo), cols)
		}
	}
	if note != "" {
		defer fmt.Fprintln(w, note)
	}
	if rest != nil {
		if err := render(w, f, header, rows, maxCell); err != nil {
			return err
		}
		return rest()
	}
	return render(w, f, header, rows, maxCell)
}

func render(w io.Writer, f Format, header []string, rows [][]string, maxCell int) error {
	var r tw.Renderer
	switch f {
	case Markdown:
		r = renderer.NewMarkdown()
	default:
		r = renderer.NewBlueprint(tw.Rendition{Symbols: tw.NewSymbols(tw.StyleASCII)})
	}
	opts := []tablewriter.Option{
		tablewriter.WithRenderer(r),
		tablewriter.WithHeaderAutoFormat(tw.Off),
		tablewriter.WithEastAsian(tw.Off),
		tablewriter.WithHeaderAlignment(tw.AlignLeft),
		tablewriter.WithRowAlignment(tw.AlignLeft),
	}
	if maxCell > 0 {
		opts = append(opts, tablewriter.WithRowAutoWrap(tw.WrapNormal), tablewriter.WithRowMaxWidth(maxCell))
	}
	t := tablewriter.NewTable(w, opts...)
	if len(header) > 0 {
		t.Header(header)
	}
	for _, row := range rows {
		// tablewriter keeps the slice: hand it its own copy.
		if err := t.Append(append([]string(nil), row...)); err != nil {
			return err
		}
	}
	return t.Render()
}
