package sea

import (
	"fmt"
	"html"
	"io"
	"strings"
)

// Frame is the table at one moment of a game (the end of a turn, a
// phase), drawn for each side that looks at it: Views maps a side's name
// ("referee" for the table as it is) to its picture, and Events to what
// that side learnt since the frame before, in the player's words.
type Frame struct {
	Caption string // "After turn 3"
	Events  map[string][]string
	Views   map[string]Picture
}

// WritePage writes one HTML page that steps through frames in a browser
// (buttons, the arrow keys, Home and End, a side to look as) and prints
// every frame on a page of its own, as the side chosen sees it; the page's
// address may end in #frame=N&side=NAME to open there. Sides are
// the views in the order offered; the first is shown at first. A side
// absent from a frame's Views shows nothing there.
func WritePage(w io.Writer, title string, sides []string, frames []Frame) error {
	var b strings.Builder
	esc := html.EscapeString
	fmt.Fprintf(&b, `<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><title>%s</title>
<style>
@page { size: A4 landscape; margin: 10mm; }
html { font-family: "DejaVu Serif", Georgia, "Times New Roman", serif; color: #000; background: #fff; }
body { margin: 0 auto; max-width: 277mm; padding: 0 4mm; }
h1 { font-size: 15pt; text-transform: uppercase; letter-spacing: 0.12em; text-align: center;
     border-top: 2.5pt double #000; border-bottom: 2.5pt double #000; padding: 2mm 0; margin: 2mm 0 3mm; }
nav { margin: 0 0 2mm; display: flex; gap: 3mm; align-items: center; flex-wrap: wrap; font-family: sans-serif; }
.frame { display: none; }
.frame.shown { display: block; }
.view { display: none; }
.view.shown { display: block; }
.view svg { display: block; width: 100%%; max-height: 150mm; height: auto; }
.events { font-size: 9pt; margin: 1mm 0 0; padding-left: 5mm; columns: 2; column-gap: 8mm; }
.events li { break-inside: avoid; }
.none { font-size: 9pt; font-style: italic; margin: 1mm 0; }
h2 { font-size: 11pt; margin: 1mm 0; }
@media print {
  nav { display: none; }
  .frame { display: block; break-after: page; page-break-after: always; }
  .frame:last-child { break-after: auto; page-break-after: auto; }
  /* a frame a page where it fits: the table left, what happened beside
     it in small type (a long turn's list goes on to the next page) */
  .view.shown { display: grid; grid-template-columns: 62%% 38%%; align-items: start; }
  .view svg { max-height: 180mm; }
  .events { columns: 1; font-size: 6.5pt; margin: 0; padding-left: 4mm; }
  h2 { font-size: 10pt; }
  h1 { display: none; }
}
</style></head><body>
<h1>%s</h1>
<nav><button id="prev" type="button">&#9664; Back</button>
<span id="where">1 of %d</span>
<button id="next" type="button">Next &#9654;</button>
<label>Seen by <select id="side">`, esc(title), esc(title), len(frames))
	for _, s := range sides {
		fmt.Fprintf(&b, `<option value="%s">%s</option>`, esc(s), esc(s))
	}
	b.WriteString("</select></label></nav>\n")
	for i, f := range frames {
		cls := "frame"
		if i == 0 {
			cls += " shown"
		}
		fmt.Fprintf(&b, `<section class="%s" id="frame-%d"><h2>%s</h2>`+"\n", cls, i+1, esc(f.Caption))
		for j, s := range sides {
			p, ok := f.Views[s]
			if !ok {
				continue
			}
			vcls := "view"
			if j == 0 {
				vcls += " shown"
			}
			fmt.Fprintf(&b, `<div class="%s" data-side="%s">`, vcls, esc(s))
			if err := p.SVG(&b); err != nil {
				return err
			}
			if evs := f.Events[s]; len(evs) > 0 {
				b.WriteString(`<ul class="events">`)
				for _, e := range evs {
					fmt.Fprintf(&b, "<li>%s</li>", esc(e))
				}
				b.WriteString("</ul>\n")
			}
			b.WriteString("</div>\n")
		}
		b.WriteString("</section>\n")
	}
	b.WriteString(`<script>
(function () {
  var frames = document.querySelectorAll('.frame'), at = 0;
  var side = document.getElementById('side');
  // #frame=N&side=NAME opens the page there (a link, a test's screenshot)
  location.hash.replace(/^#/, '').split('&').forEach(function (kv) {
    var p = kv.split('=');
    if (p[0] === 'frame') { at = Math.min(Math.max((parseInt(p[1], 10) || 1) - 1, 0), frames.length - 1); }
    if (p[0] === 'side') { side.value = decodeURIComponent(p[1] || ''); }
  });
  function show() {
    frames.forEach(function (f, i) { f.classList.toggle('shown', i === at); });
    document.querySelectorAll('.view').forEach(function (v) {
      v.classList.toggle('shown', v.dataset.side === side.value);
    });
    document.getElementById('where').textContent = (at + 1) + ' of ' + frames.length;
  }
  function go(i) { at = Math.min(Math.max(i, 0), frames.length - 1); show(); }
  document.getElementById('prev').onclick = function () { go(at - 1); };
  document.getElementById('next').onclick = function () { go(at + 1); };
  side.onchange = show;
  document.addEventListener('keydown', function (e) {
    if (e.target === side) { return; }
    if (e.key === 'ArrowLeft') { go(at - 1); }
    if (e.key === 'ArrowRight') { go(at + 1); }
    if (e.key === 'Home') { go(0); }
    if (e.key === 'End') { go(frames.length - 1); }
  });
  show();
})();
</script>
</body></html>
`)
	_, err := io.WriteString(w, b.String())
	return err
}
