package grid

import (
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
	if cols := columnsOf(w); f == Text && cols > 0 {
		header, rows = fit(header, rows, maxCell, cols)
		maxCell = 0 // fit has wrapped the cells
	}
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
