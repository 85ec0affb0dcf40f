package main

import (
	"fmt"
	"html"
	"io"
	"slices"
	"strings"

	"github.com/schnell-wargames/schnell/batch"
	"github.com/schnell-wargames/schnell/engine"
)

// Charter is what a game declares `sim --html` draws a histogram of (the
// names of scored numbers); a game without it gets one of every number.
type Charter interface {
	Charts() []string
}

// writeSimHTML writes the page of `sim --html`: the provenance, the summary
// table and one SVG histogram per charted number, readable printed (A4 or
// Letter, black on white).
func writeSimHTML(w io.Writer, f *batch.File, def *engine.Definition) error {
	var charts []string
	if c, ok := def.Game.(Charter); ok {
		charts = c.Charts()
	} else {
		for _, n := range f.Numbers {
			charts = append(charts, n.Name)
		}
	}
	esc := html.EscapeString
	var b strings.Builder
	pr := f.Provenance
	title := fmt.Sprintf("%d games of %s", f.Runs, pr.Game)
	b.WriteString("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>" + esc(title) + "</title>\n<style>\n")
	b.WriteString(`body{font-family:Georgia,serif;color:#000;background:#fff;max-width:180mm;margin:1em auto}
h1{font-size:1.4em}h2{font-size:1.1em;margin-top:1.2em}
table{border-collapse:collapse;font-size:.9em}td,th{border:1px solid #444;padding:2px 6px;text-align:right}
th:first-child,td:first-child{text-align:left}dl{font-size:.85em}dt{font-weight:bold;float:left;width:7em}dd{margin-left:7.5em}
figure{margin:0 0 1em;break-inside:avoid;page-break-inside:avoid}svg{width:100%;height:auto}
.partial{border:2px solid #000;padding:4px}
@page{margin:12mm}@media print{body{margin:0;max-width:none}}
</style></head><body>
`)
	fmt.Fprintf(&b, "<h1>%s</h1>\n", esc(title))
	if f.Partial {
		b.WriteString("<p class=\"partial\">Partial: the run stopped before all its seeds were played.</p>\n")
	}
	var opts []string
	for _, o := range pr.Options {
		opts = append(opts, o.Name+"="+o.Value)
	}
	b.WriteString("<dl>\n")
	for _, kv := range [][2]string{
		{"Decisions", pr.By}, {"Options", strings.Join(opts, " ")}, {"Seeds", seedList(f.Seeds) + " of " + pr.Study.String()},
		{"Tables", pr.Tables}, {"Program", pr.Program},
	} {
		if kv[1] != "" {
			fmt.Fprintf(&b, "<dt>%s</dt><dd>%s</dd>\n", esc(kv[0]), esc(kv[1]))
		}
	}
	b.WriteString("</dl>\n<h2>Summary</h2>\n<table><thead><tr><th>score</th><th>mean</th><th>min</th><th>p10</th><th>median</th><th>p90</th><th>max</th></tr></thead><tbody>\n")
	for _, n := range f.Numbers {
		fmt.Fprintf(&b, "<tr><td>%s</td><td>%.2f</td><td>%d</td><td>%d</td><td>%d</td><td>%d</td><td>%d</td></tr>\n", esc(n.Name), n.Mean, n.Min, n.P10, n.Median, n.P90, n.Max)
	}
	b.WriteString("</tbody></table>\n")
	if len(f.Words) > 0 {
		b.WriteString("<h2>Counts</h2>\n<table><tbody>\n")
		for _, x := range f.Words {
			var parts []string
			for _, c := range x.Counts {
				parts = append(parts, fmt.Sprintf("%s %d (%.1f%%)", c.Word, c.N, 100*float64(c.N)/float64(max(f.Runs, 1))))
			}
			fmt.Fprintf(&b, "<tr><td>%s</td><td style=\"text-align:left\">%s</td></tr>\n", esc(x.Name), esc(strings.Join(parts, ", ")))
		}
		b.WriteString("</tbody></table>\n")
	}
	for _, name := range charts {
		i := slices.IndexFunc(f.Numbers, func(n batch.Number) bool { return n.Name == name })
		if i < 0 || len(f.Numbers[i].Histogram) == 0 {
			continue
		}
		fmt.Fprintf(&b, "<h2>%s</h2>\n<figure>%s</figure>\n", esc(name), svgHistogram(f.Numbers[i]))
	}
	b.WriteString("</body></html>\n")
	_, err := io.WriteString(w, b.String())
	return err
}

// svgHistogram draws n's exact histogram: one bar per value when there are
// at most 60 values between min and max, else 40 equal bins.
func svgHistogram(n batch.Number) string {
	lo, hi := n.Min, n.Max
	span := hi - lo + 1
	bins := min(span, 60)
	if span > 60 {
		bins = 40
	}
	width := (span + bins - 1) / bins
	counts := make([]int64, bins)
	for _, b := range n.Histogram {
		counts[min(bins-1, (b.Value-lo)/width)] += b.N
	}
	most := slices.Max(counts)
	const W, H, left, bottom, top = 640.0, 220.0, 50.0, 30.0, 10.0
	plotW, plotH := W-left-10, H-bottom-top
	var s strings.Builder
	fmt.Fprintf(&s, `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 %g %g" role="img" aria-label="histogram of %s">`, W, H, html.EscapeString(n.Name))
	fmt.Fprintf(&s, `<line x1="%g" y1="%g" x2="%g" y2="%g" stroke="#000"/>`, left, H-bottom, W-10, H-bottom)
	fmt.Fprintf(&s, `<line x1="%g" y1="%g" x2="%g" y2="%g" stroke="#000"/>`, left, top, left, H-bottom)
	fmt.Fprintf(&s, `<text x="%g" y="%g" font-size="11" text-anchor="end">%d</text>`, left-4, top+8, most)
	fmt.Fprintf(&s, `<text x="%g" y="%g" font-size="11" text-anchor="end">0</text>`, left-4, H-bottom)
	bw := plotW / float64(bins)
	for i, c := range counts {
		h := 0.0
		if most > 0 {
			h = plotH * float64(c) / float64(most)
		}
		x := left + float64(i)*bw
		label := fmt.Sprintf("%d", lo+i*width)
		if width > 1 {
			label = fmt.Sprintf("%d..%d", lo+i*width, lo+(i+1)*width-1)
		}
		fmt.Fprintf(&s, `<rect x="%.1f" y="%.1f" width="%.1f" height="%.1f" fill="#555" stroke="#000" stroke-width="0.5"><title>%s: %d</title></rect>`, x+0.5, H-bottom-h, max(bw-1, 0.5), h, html.EscapeString(label), c)
	}
	// Labels at most every 10 bins: the first, the last, and between.
	step := max(1, bins/10)
	for i := 0; i < bins; i += step {
		fmt.Fprintf(&s, `<text x="%.1f" y="%g" font-size="10" text-anchor="middle">%d</text>`, left+(float64(i)+0.5)*bw, H-bottom+14, lo+i*width)
	}
	fmt.Fprintf(&s, `<text x="%g" y="%g" font-size="11" text-anchor="middle">%s (%d games; mean %.2f, median %d)</text>`, left+plotW/2, H-3, html.EscapeString(n.Name), n.N, n.Mean, n.Median)
	s.WriteString("</svg>")
	return s.String()
}
