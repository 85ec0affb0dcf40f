// Package sheet renders the paper forms of a game — a title, a few header
// lines, one table, a footer — as text, Markdown, CSV or print-ready HTML.
// It knows no game: games build Sheets from their state and logs.
package sheet

import (
	"embed"
	"encoding/csv"
	"fmt"
	"html/template"
	"io"
	"strings"

	"github.com/schnell-wargames/schnell/grid"
)

// Sheet is one paper form.
type Sheet struct {
	Name    string // campaign, crew, squadron, damage…
	Title   string
	Head    []string // lines above the table
	Columns []string
	Rows    [][]string
	Foot    []string // lines below it
	Widths  []int    // text format: wrap each column at this width (0: none)
}

// Format is an output format.
type Format string

const (
	Text     Format = "text"
	Markdown Format = "md"
	CSV      Format = "csv"
	HTML     Format = "html"
)

// ParseFormat reads text, md, csv or html.
func ParseFormat(s string) (Format, error) {
	switch f := Format(s); f {
	case Text, Markdown, CSV, HTML:
		return f, nil
	}
	return "", fmt.Errorf("format %q: want text, md, csv or html", s)
}

// Write renders sheets in format f. CSV holds one sheet (the caller writes
// one file per sheet); HTML is one document, one sheet per printed page.
func Write(w io.Writer, f Format, sheets ...Sheet) error {
	switch f {
	case HTML:
		return writeHTML(w, sheets)
	case CSV:
		if len(sheets) != 1 {
			return fmt.Errorf("csv holds one sheet, not %d: write one file per sheet", len(sheets))
		}
		cw := csv.NewWriter(w)
		cw.Write(csvRow(sheets[0].Columns))
		for _, r := range sheets[0].Rows {
			cw.Write(csvRow(r))
		}
		cw.Flush()
		return cw.Error()
	}
	for i, s := range sheets {
		if i > 0 {
			fmt.Fprintln(w)
		}
		if err := s.writeText(w, f); err != nil {
			return err
		}
	}
	return nil
}

func (s *Sheet) writeText(w io.Writer, f Format) error {
	gf := grid.Text
	if f == Markdown {
		gf = grid.Markdown
		fmt.Fprintf(w, "## %s\n\n", MarkdownText(s.Title))
		for _, h := range s.Head {
			fmt.Fprintf(w, "%s  \n", MarkdownText(h))
		}
		if len(s.Head) > 0 {
			fmt.Fprintln(w)
		}
	} else {
		fmt.Fprintf(w, "%s\n%s\n", strings.ToUpper(s.Title), strings.Repeat("=", len([]rune(s.Title))))
		for _, h := range s.Head {
			fmt.Fprintln(w, h)
		}
	}
	rows := s.Rows
	if f == Text && len(s.Widths) > 0 {
		rows = make([][]string, len(s.Rows))
		for i, r := range s.Rows {
			rows[i] = make([]string, len(r))
			for j, c := range r {
				if j < len(s.Widths) && s.Widths[j] > 0 {
					c = Wrap(c, s.Widths[j])
				}
				rows[i][j] = c
			}
		}
	}
	if f == Markdown {
		rows = make([][]string, len(s.Rows))
		for i, r := range s.Rows {
			rows[i] = make([]string, len(r))
			for j, c := range r {
				rows[i][j] = strings.ReplaceAll(MarkdownText(c), "|", `\|`)
			}
		}
	}
	cols := s.Columns
	if f == Markdown {
		cols = make([]string, len(s.Columns))
		for i, c := range s.Columns {
			cols[i] = strings.ReplaceAll(MarkdownText(c), "|", `\|`)
		}
	}
	if err := grid.Render(w, gf, cols, rows, 0); err != nil {
		return err
	}
	if f == Markdown && len(s.Foot) > 0 {
		fmt.Fprintln(w)
	}
	for _, l := range s.Foot {
		if f == Markdown {
			fmt.Fprintf(w, "%s  \n", MarkdownText(l))
		} else {
			fmt.Fprintln(w, Wrap(l, 100))
		}
	}
	return nil
}

func csvRow(r []string) []string {
	out := make([]string, len(r))
	for i, c := range r {
		out[i] = CSVCell(c)
	}
	return out
}

// Wrap breaks s into lines of at most width runes at spaces.
func Wrap(s string, width int) string {
	var b strings.Builder
	n := 0
	for i, word := range strings.Fields(s) {
		l := len([]rune(word))
		if i > 0 {
			if n+1+l > width {
				b.WriteByte('\n')
				n = 0
			} else {
				b.WriteByte(' ')
				n++
			}
		}
		b.WriteString(word)
		n += l
	}
	return b.String()
}

//go:embed sheet.html.tmpl
var tmplFS embed.FS

var page = template.Must(template.ParseFS(tmplFS, "sheet.html.tmpl"))

func writeHTML(w io.Writer, sheets []Sheet) error {
	return page.Execute(w, sheets)
}
