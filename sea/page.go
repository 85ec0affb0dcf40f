package sea

import (
	"fmt"
	"html"
	"io"
	"strings"
)

// Frame is the table at one moment of a game (the end of a turn, a
// phase), drawn for each side that looks at it: Views maps a side's name
// ("referee" for the table as it is) to its picture.
type Frame struct {
	Caption string   // "Turn 3, after gunfire"
	Events  []string // what happened since the last frame, in the player's words
	Views   map[string]Picture
}

// WritePage writes one HTML page that steps through frames in a browser
// (buttons, the arrow keys, a side to look as) and prints every frame on
// a page of its own. Sides are the views in the order offered; the first
// is shown at first.
func WritePage(w io.Writer, title string, sides []string, frames []Frame) error {
	var b strings.Builder
	esc := html.EscapeString
	fmt.Fprintf(&b, `<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><title>%s</title>
<style>
body { font-family: sans-serif; margin: 1em; color: #111; }
nav { margin: 0.5em 0; display: flex; gap: 0.5em; align-items: center; flex-wrap: wrap; }
.frame { display: none; }
.frame.shown { display: block; }
.view { display: none; }
.view.shown { display: block; }
.frame svg { width: 100%%; max-width: 60em; height: auto; border: 1px solid #999; }
.events { font-size: 0.9em; margin: 0.3em 0 0.8em; padding-left: 1.2em; }
h2 { font-size: 1.1em; margin: 0.4em 0; }
@media print {
  nav { display: none; }
  .frame { display: block; break-after: page; }
  .view { display: none; }
  .view.shown { display: block; }
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
		if len(f.Events) > 0 {
			b.WriteString(`<ul class="events">`)
			for _, e := range f.Events {
				fmt.Fprintf(&b, "<li>%s</li>", esc(e))
			}
			b.WriteString("</ul>\n")
		}
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
			b.WriteString("</div>\n")
		}
		b.WriteString("</section>\n")
	}
	b.WriteString(`<script>
(function () {
  var frames = document.querySelectorAll('.frame'), at = 0;
  var side = document.getElementById('side');
  function show() {
    frames.forEach(function (f, i) { f.classList.toggle('shown', i === at); });
    document.querySelectorAll('.view').forEach(function (v) {
      v.classList.toggle('shown', v.dataset.side === side.value);
    });
    document.getElementById('where').textContent = (at + 1) + ' of ' + frames.length;
  }
  document.getElementById('prev').onclick = function () { if (at > 0) { at--; show(); } };
  document.getElementById('next').onclick = function () { if (at < frames.length - 1) { at++; show(); } };
  side.onchange = show;
  document.addEventListener('keydown', function (e) {
    if (e.key === 'ArrowLeft' && at > 0) { at--; show(); }
    if (e.key === 'ArrowRight' && at < frames.length - 1) { at++; show(); }
  });
  show();
})();
</script>
</body></html>
`)
	_, err := io.WriteString(w, b.String())
	return err
}
