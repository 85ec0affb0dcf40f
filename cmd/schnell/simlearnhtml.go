package main

import (
	"fmt"
	"html"
	"io"
	"strings"

	"github.com/schnell-wargames/schnell/batch"
	"github.com/schnell-wargames/schnell/engine"
)

// writeLearnHTML writes the page of `sim learn --html`: what was learnt
// and how, then each chart of the comparison — the outcomes' shares of
// every series side by side, each with its Wilson 95% interval, and the
// counts under it — readable printed (A4 or Letter, black on white).
func writeLearnHTML(w io.Writer, def *engine.Definition, run engine.LearnRun, l *engine.Learnt) error {
	esc := html.EscapeString
	var b strings.Builder
	title := fmt.Sprintf("Learnt tables of %s: the book's odds and the battles'", def.Name)
	b.WriteString("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>" + esc(title) + "</title>\n<style>\n")
	b.WriteString(`body{font-family:Georgia,serif;color:#000;background:#fff;max-width:180mm;margin:1em auto}
h1{font-size:1.4em}h2{font-size:1.05em;margin:1.2em 0 .3em}p{font-size:.9em}
table{border-collapse:collapse;font-size:.8em}td,th{border:1px solid #444;padding:2px 5px;text-align:right}
th:first-child,td:first-child{text-align:left}
figure{margin:0 0 1em;break-inside:avoid;page-break-inside:avoid}svg{width:100%;height:auto}
@page{margin:12mm}@media print{body{margin:0;max-width:none}}
</style></head><body>
`)
	fmt.Fprintf(&b, "<h1>%s</h1>\n", esc(title))
	for _, line := range l.Summary {
		fmt.Fprintf(&b, "<p>%s</p>\n", esc(line))
	}
	grid := strings.Join(run.Grid, ", ")
	if grid == "" {
		grid = "the small grid"
	}
	if run.Full {
		grid = "the whole grid " + strings.TrimPrefix(grid, "the small grid")
	}
	fmt.Fprintf(&b, "<p>Run: %s, seed %d, %d games played. The tables load with <code>--tables DIR</code> (the file in DIR/s100 or DIR/5b).</p>\n", esc(grid), run.Seed, l.Played)
	for _, n := range l.Notes {
		fmt.Fprintf(&b, "<p>%s</p>\n", esc(n))
	}
	for i, ch := range l.Charts {
		fmt.Fprintf(&b, "<figure id=\"chart-%d\"><h2>%s</h2>\n%s\n%s</figure>\n", i+1, esc(ch.Title), svgShares(ch), sharesTable(ch))
	}
	b.WriteString("</body></html>\n")
	_, err := io.WriteString(w, b.String())
	return err
}

// seriesFill are the series' bar colours, the book's light, the
// battles' dark (they print in grey).
var seriesFill = []string{"#bbbbbb", "#333333", "#777777", "#dddddd"}

// svgShares draws a chart: for each class a group of bars, one a series,
// its height the share (0-100%), a whisker its Wilson 95% interval.
func svgShares(ch engine.Chart) string {
	const W, H, left, bottom, top, legend = 640.0, 230.0, 44.0, 34.0, 10.0, 150.0
	plotW, plotH := W-left-10-legend, H-bottom-top
	var s strings.Builder
	fmt.Fprintf(&s, `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 %g %g" role="img" aria-label="%s">`, W, H, html.EscapeString(ch.Title))
	for _, p := range []int{0, 25, 50, 75, 100} {
		y := H - bottom - plotH*float64(p)/100
		fmt.Fprintf(&s, `<line x1="%g" y1="%.1f" x2="%g" y2="%.1f" stroke="%s" stroke-width="0.5"/>`, left, y, left+plotW, y, map[bool]string{true: "#000", false: "#ccc"}[p == 0])
		fmt.Fprintf(&s, `<text x="%g" y="%.1f" font-size="10" text-anchor="end">%d%%</text>`, left-4, y+3, p)
	}
	fmt.Fprintf(&s, `<line x1="%g" y1="%g" x2="%g" y2="%g" stroke="#000"/>`, left, top, left, H-bottom)
	groups := max(len(ch.Classes), 1)
	gw := plotW / float64(groups)
	bw := (gw - 8) / float64(max(len(ch.Series), 1))
	for ci, class := range ch.Classes {
		gx := left + float64(ci)*gw + 4
		for si, se := range ch.Series {
			k := 0
			if ci < len(se.Counts) {
				k = se.Counts[ci]
			}
			p, lo, hi := 0.0, 0.0, 0.0
			if se.N > 0 {
				p = float64(k) / float64(se.N)
				lo, hi = batch.Wilson(k, se.N)
			}
			x := gx + float64(si)*bw
			h := plotH * p
			fill := seriesFill[si%len(seriesFill)]
			fmt.Fprintf(&s, `<rect class="share" data-series="%d" data-class="%d" data-share="%.4f" x="%.1f" y="%.1f" width="%.1f" height="%.1f" fill="%s" stroke="#000" stroke-width="0.5"><title>%s, %s: %d of %d (%.1f%%; 95%% %.1f-%.1f%%)</title></rect>`,
				si, ci, p, x, H-bottom-h, max(bw-2, 1), h, fill, html.EscapeString(se.Name), html.EscapeString(class), k, se.N, 100*p, 100*lo, 100*hi)
			if se.N > 0 {
				cx := x + max(bw-2, 1)/2
				y1, y2 := H-bottom-plotH*lo, H-bottom-plotH*hi
				fmt.Fprintf(&s, `<path d="M%.1f %.1fV%.1fM%.1f %.1fh6M%.1f %.1fh6" stroke="#000" stroke-width="1" fill="none"/>`, cx, y1, y2, cx-3, y1, cx-3, y2)
			}
		}
		fmt.Fprintf(&s, `<text x="%.1f" y="%g" font-size="10" text-anchor="middle">%s</text>`, gx+(gw-8)/2, H-bottom+14, html.EscapeString(class))
	}
	for si, se := range ch.Series {
		y := top + 14*float64(si)
		fmt.Fprintf(&s, `<rect x="%g" y="%.1f" width="10" height="10" fill="%s" stroke="#000" stroke-width="0.5"/><text x="%g" y="%.1f" font-size="9">%s</text>`,
			W-legend, y, seriesFill[si%len(seriesFill)], W-legend+14, y+9, html.EscapeString(se.Name))
	}
	fmt.Fprintf(&s, `<text x="%g" y="%g" font-size="10" text-anchor="middle">share of outcomes, with Wilson 95%% intervals</text>`, left+plotW/2, H-4)
	s.WriteString("</svg>")
	return s.String()
}

// sharesTable is a chart's counts: a row a series, a column a class.
func sharesTable(ch engine.Chart) string {
	esc := html.EscapeString
	var b strings.Builder
	b.WriteString("<table><thead><tr><th></th>")
	for _, c := range ch.Classes {
		fmt.Fprintf(&b, "<th>%s</th>", esc(c))
	}
	b.WriteString("</tr></thead><tbody>\n")
	for _, se := range ch.Series {
		fmt.Fprintf(&b, "<tr><td>%s</td>", esc(se.Name))
		for ci := range ch.Classes {
			k := 0
			if ci < len(se.Counts) {
				k = se.Counts[ci]
			}
			if se.N == 0 {
				b.WriteString("<td>-</td>")
				continue
			}
			fmt.Fprintf(&b, "<td>%d (%.0f%%)</td>", k, 100*float64(k)/float64(se.N))
		}
		b.WriteString("</tr>\n")
	}
	b.WriteString("</tbody></table>")
	return b.String()
}
