package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"html"
	"image"
	"image/png"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/schnell-wargames/schnell/engine"
	"github.com/schnell-wargames/schnell/engine/enginetest"
	"github.com/schnell-wargames/schnell/gamelog"
	"github.com/schnell-wargames/schnell/games"
	"github.com/schnell-wargames/schnell/sea"
	"github.com/schnell-wargames/schnell/sheet/sheettest"
)

// withSeaDuel adds the toy game on a virtual table to the registry.
func withSeaDuel(t *testing.T) {
	t.Helper()
	old := registry
	registry = append(games.Registry(games.All[:len(games.All):len(games.All)]), games.Game{
		Name: "seaduel", Title: "a toy game of two boats on a virtual table",
		Def: func() (*engine.Definition, error) { return enginetest.SeaDuelDefinition(), nil },
	})
	t.Cleanup(func() { registry = old })
}

// Issue 29: `schnell sheet LOG --sheet replay` writes the replay sheet of a
// game on a virtual table (HTML: a page a turn; --side: one side's view);
// at the prompt `sheet replay` writes the same page of the game so far.
func TestReplaySheetCommand(t *testing.T) {
	withSeaDuel(t)
	dir := t.TempDir()
	log := filepath.Join(dir, "duel.jsonl")
	if code, _, errs := runWith(t, "", "auto", "--game", "seaduel", "--seed", "5", "--log", log); code != 0 {
		t.Fatal(errs)
	}
	page := filepath.Join(dir, "replay.html")
	if code, _, errs := runWith(t, "", "sheet", log, "--sheet", "replay", "--format", "html", "-o", page); code != 0 {
		t.Fatal(errs)
	}
	b, err := os.ReadFile(page)
	if err != nil {
		t.Fatal(err)
	}
	html := string(b)
	if n := strings.Count(html, `class="frame`); n != 8 || !strings.Contains(html, `<option value="red">`) || !strings.Contains(html, `data-id="S38"`) {
		t.Errorf("%d frames in the page", n)
	}
	if code, out, errs := runWith(t, "", "sheet", log, "--sheet", "replay", "--format", "html", "--side", "blue"); code != 0 || strings.Contains(out, `data-side="red"`) || strings.Contains(out, `data-side="referee"`) || !strings.Contains(out, `data-side="blue"`) {
		t.Errorf("blue's view alone: %d %s", code, errs)
	}
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"sheet", log, "--sheet", "replay", "--side", "green"}, `side "green": say referee, blue or red`},
		{[]string{"sheet", log, "--sheet", "replay", "--format", "csv"}, "--format html"},
		{[]string{"sheet", log, "--sheet", "replay", "-o", log}, "is a game's log"},
		{[]string{"sheet", log, "--sheet", "all"}, "sheet is the replay"},
	} {
		if code, _, errs := runWith(t, "", tc.args...); code == 0 || !strings.Contains(errs, tc.want) {
			t.Errorf("%v: %d %q, want %q", tc.args, code, errs, tc.want)
		}
	}
	prompt := filepath.Join(dir, "prompt.html")
	in := "step turn\nstep turn\nsheet replay --format html -o " + prompt + "\nsheet replay --side red\nquit\n"
	code, out, errs := runWith(t, in, "--game", "seaduel", "--seed", "5", "--side", "red=reference", "--side", "blue=reference", "--log", filepath.Join(dir, "p.jsonl"))
	if code != 0 {
		t.Fatal(errs)
	}
	b, _ = os.ReadFile(prompt)
	if n := strings.Count(string(b), `class="frame`); n != 2 || !strings.Contains(out, "Wrote "+prompt) || !strings.Contains(out, "As red saw it, 2 frames.") {
		t.Errorf("at the prompt, %d frames:\n%s", n, out)
	}
	// a player who plays red alone sees the game so far as red saw it,
	// never as the referee, unless he asks
	in = "step turn\nsheet replay\nsheet replay --format html -o " + prompt + "2\nsheet replay --side referee\nquit\n"
	code, out, errs = runWith(t, in, "--game", "seaduel", "--seed", "5", "--side", "blue=reference", "--log", filepath.Join(dir, "p2.jsonl"))
	b, _ = os.ReadFile(prompt + "2")
	if code != 0 || strings.Count(out, "As red saw it") != 1 || strings.Count(out, "As referee saw it") != 1 || strings.Contains(string(b), `data-side="referee"`) || !strings.Contains(string(b), `data-side="red"`) {
		t.Errorf("red alone at the prompt: %d %s%s", code, out, errs)
	}
}

// Issue 29's Done-when: `sim --game coastal|schnellrules -o table=virtual
// --runs 200` plays 200 whole games with the reference sides, sharded and
// merged byte for byte as the flagship's; the result file shows real games
// (turns played, vessels, wins), and `auto` logs them moving on the table.
func TestTableGamesSim(t *testing.T) {
	if testing.Short() {
		t.Skip("short")
	}
	for _, game := range []string{"coastal", "schnellrules"} {
		t.Run(game, func(t *testing.T) {
			dir := t.TempDir()
			study := []string{"sim", "--game", game, "-o", "table=virtual", "--runs", "200"}
			whole := filepath.Join(dir, "whole.json")
			if code, _, errs := runWith(t, "", append(study, "--out", whole, "--jobs", "2")...); code != 0 {
				t.Fatalf("whole: exit %d: %s", code, errs)
			}
			var parts []string
			for i := range 3 {
				p := filepath.Join(dir, "part-"+strconv.Itoa(i)+".json")
				if code, _, errs := runWith(t, "", append(study, "--shard", strconv.Itoa(i)+"/3", "--out", p, "--jobs", "1")...); code != 0 {
					t.Fatalf("shard %d: exit %d: %s", i, code, errs)
				}
				parts = append(parts, p)
			}
			merged := filepath.Join(dir, "merged.json")
			if code, out, errs := runWith(t, "", append([]string{"sim", "merge", "--out", merged}, parts...)...); code != 0 || !strings.Contains(out, "200 games, seeds 1..200") {
				t.Fatalf("merge: exit %d: %s%s", code, out, errs)
			}
			got, _ := os.ReadFile(merged)
			want, _ := os.ReadFile(whole)
			if !bytes.Equal(got, want) {
				t.Errorf("3 shards merged differ from one run:\n%s\nwant\n%s", got, want)
			}
			var res struct {
				Runs    int
				Numbers []struct {
					Name     string
					Min, Max int
					Mean     float64
				}
			}
			if err := json.Unmarshal(want, &res); err != nil {
				t.Fatal(err)
			}
			num := map[string]float64{}
			for _, n := range res.Numbers {
				num[n.Name+".min"], num[n.Name+".max"], num[n.Name+".mean"] = float64(n.Min), float64(n.Max), n.Mean
			}
			switch game {
			case "schnellrules": // battles of 10 turns, vessels afloat on both sides at the end, some sunk
				if res.Runs != 200 || num["turns.min"] < 1 || num["allies.max"] < 1 || num["axis.max"] < 1 || num["allies.mean"]+num["axis.mean"] >= 8 {
					t.Errorf("not real battles: %s", want)
				}
			case "coastal": // convoy nights: the attackers win some, score points
				if res.Runs != 200 || num["vp.max"] < 1 || !strings.Contains(string(want), "attacker wins") {
					t.Errorf("not real convoy nights: %s", want)
				}
			}
			log := filepath.Join(dir, "auto.jsonl")
			if code, _, errs := runWith(t, "", "auto", "--game", game, "-o", "table=virtual", "--seed", "9", "--log", log); code != 0 {
				t.Fatal(errs)
			}
			b, _ := os.ReadFile(log)
			if moves, turns := strings.Count(string(b), `"type":"move"`), strings.Count(string(b), `"type":"turn"`); moves < 10 || turns < 3 {
				t.Errorf("auto's log: %d moves in %d turns", moves, turns)
			}
		})
	}
}

// logPositions are where a log last put each piece on the table, by every
// id an event names it by (a vessel and its marker alike), in mm; before
// turn n begins (its turn event), or at the log's end if n is 0.
func logPositions(t *testing.T, path string, n int) map[string][2]int {
	t.Helper()
	lg, err := gamelog.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	at := map[string][2]int{}
	alias := map[string]string{} // a marker's vessel
	for i := range lg.Events {
		e := &lg.Events[i]
		if n > 0 && e.Type == "turn" && e.Int("n") == n {
			break
		}
		if _, ok := e.Get("x"); !ok {
			continue
		}
		if _, ok := e.Get("y"); !ok {
			continue
		}
		id := ""
		for _, k := range []string{"vessel", "ship", "boat", "marker"} {
			if v := e.Str(k); v != "" {
				if id == "" {
					id = v
				} else {
					alias[v] = id
				}
			}
		}
		if id != "" {
			at[id] = [2]int{e.Int("x"), e.Int("y")}
		}
	}
	for m, v := range alias {
		at[m] = at[v]
	}
	return at
}

// markProbe reports, on the body, each mark of the SVG pictures on show:
// its id, kind, data-x and data-y, and where the browser draws that point
// (the SVG's own transform to the window's pixels).
const markProbe = `<script>
var out = [];
document.querySelectorAll('.frame.shown .view.shown svg, body > svg').forEach(function (svg) {
  var h = parseInt(svg.getAttribute('data-height'), 10), m = svg.getScreenCTM(), pt = svg.createSVGPoint();
  svg.querySelectorAll('g.mark').forEach(function (g) {
    pt.x = parseInt(g.dataset.x, 10); pt.y = h - parseInt(g.dataset.y, 10);
    var s = pt.matrixTransform(m);
    out.push([g.dataset.id, g.getAttribute('class').split(' ')[1], g.dataset.x, g.dataset.y, Math.round(s.x), Math.round(s.y)].join(','));
  });
});
document.body.setAttribute('data-marks', out.join(';'));
document.body.setAttribute('data-probed', 'yes');
</script></body>`

type drawnMark struct {
	id, kind string
	x, y     int // mm on the table
	px, py   int // pixels in the window
}

// drawnMarks lays file out in Chromium (fragment: where the page opens) and
// returns the marks on show with where they are drawn, and a screenshot.
func drawnMarks(t *testing.T, file, fragment string) ([]drawnMark, image.Image) {
	t.Helper()
	src, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	page := string(src)
	if !strings.Contains(page, "</body>") { // an SVG file: inline in a page
		page = `<!DOCTYPE html><html><head><style>body { margin: 0; } svg { width: 1380px; height: auto; }</style></head><body>` + page[strings.Index(page, "<svg"):] + "</body></html>"
	}
	probed := filepath.Join(filepath.Dir(file), "probed-"+filepath.Base(file)+".html")
	if err := os.WriteFile(probed, []byte(strings.Replace(page, "</body>", markProbe, 1)), 0o644); err != nil {
		t.Fatal(err)
	}
	const w, h = 1400, 1100
	dom, shot := sheettest.Look(t, probed, fragment, w, h, `data-probed="yes"`)
	m := regexp.MustCompile(`data-marks="([^"]*)"`).FindStringSubmatch(dom)
	if m == nil {
		t.Fatalf("the probe did not run:\n%.600s", dom)
	}
	var marks []drawnMark
	for _, rec := range strings.Split(html.UnescapeString(m[1]), ";") {
		f := strings.Split(rec, ",")
		if len(f) != 6 {
			continue
		}
		n := make([]int, 4)
		for i := range n {
			n[i], _ = strconv.Atoi(f[2+i])
		}
		marks = append(marks, drawnMark{f[0], f[1], n[0], n[1], n[2], n[3]})
	}
	return marks, shot
}

// checkDrawn: every mark of a picture stands where the log last put its
// piece, and the screenshot shows the mark's colour there (but where
// another mark lies close enough to cover it). It returns what is wrong and
// the ids of the marks whose pixels it looked at.
func checkDrawn(marks []drawnMark, shot image.Image, at map[string][2]int) (wrong, looked []string) {
	for _, m := range marks {
		want, ok := at[m.id]
		if !ok {
			wrong = append(wrong, fmt.Sprintf("%s %s drawn at (%d, %d) mm: the log never put it on the table", m.kind, m.id, m.x, m.y))
			continue
		}
		if want != [2]int{m.x, m.y} {
			wrong = append(wrong, fmt.Sprintf("%s drawn at (%d, %d) mm, the log puts it at %v", m.id, m.x, m.y, want))
		}
		crowded := false
		for _, o := range marks {
			if o != m && sea.Within(sea.Pos{X: m.x, Y: m.y}, sea.Pos{X: o.x, Y: o.y}, 60) {
				crowded = true
			}
		}
		if crowded || m.kind == "torpedo" {
			continue
		}
		var r, g, b int
		fmt.Sscanf(sea.Colour(m.kind), "#%02x%02x%02x", &r, &g, &b)
		found := false
		for dx := -2; dx <= 2 && !found; dx++ {
			for dy := -2; dy <= 2 && !found; dy++ {
				cr, cg, cb, _ := shot.At(m.px+dx, m.py+dy).RGBA()
				found = abs(int(cr>>8)-r)+abs(int(cg>>8)-g)+abs(int(cb>>8)-b) < 40
			}
		}
		if !found {
			cr, cg, cb, _ := shot.At(m.px, m.py).RGBA()
			wrong = append(wrong, fmt.Sprintf("%s (%s) is not drawn at pixel (%d, %d): the colour there is #%02x%02x%02x, not %s", m.id, m.kind, m.px, m.py, cr>>8, cg>>8, cb>>8, sea.Colour(m.kind)))
		}
		looked = append(looked, m.id)
	}
	return wrong, looked
}

// expectDrawn fails the test unless checkDrawn finds the picture right and
// looks at the pixels of at least 4 marks.
func expectDrawn(t *testing.T, what string, marks []drawnMark, shot image.Image, at map[string][2]int) []string {
	t.Helper()
	wrong, looked := checkDrawn(marks, shot, at)
	for _, w := range wrong {
		t.Errorf("%s: %s", what, w)
	}
	t.Logf("%s: %d marks where the log puts them, %d of them looked at in pixels", what, len(marks), len(looked))
	if len(looked) < 4 {
		t.Errorf("%s: only %d of %d marks stand clear to be looked at", what, len(looked), len(marks))
	}
	return looked
}

func abs(a int) int {
	if a < 0 {
		return -a
	}
	return a
}

// Issue 29's Done-when: `board --svg` and the replay sheet render in
// headless Chromium; a screenshot finds the ships drawn where the log puts
// them (each mark's data-x/data-y are the log's last position of its
// piece, and the browser, mapping that point to the window's pixels, has
// drawn the mark's colour there), for both games on the virtual table:
// board --svg partway through a game at the prompt, the replay sheet of
// that log as one side saw it (an unspotted enemy is a marker, drawn where
// the ship is), and of a whole game by the reference sides as the referee
// saw it. In CI (.ci/run installs Chromium) it runs; elsewhere without
// Chromium it is skipped, as the other print tests.
func TestTablePicturesInChromium(t *testing.T) {
	if testing.Short() {
		t.Skip("short")
	}
	sheettest.Chromium(t)
	for _, c := range []struct {
		game, in string // the prompt's commands, then board --svg
		args     []string
		side     string // a side's view of the replay sheet
	}{
		{"coastal", "step turn\nstep turn\n", []string{"--seed", "4", "--side", "attacker=reference", "--side", "defender=reference"}, "attacker"},
		{"schnellrules", "begin\ndone\ndone\ndone\n", []string{"--seed", "3", "--side", "axis=reference"}, "axis"},
	} {
		t.Run(c.game, func(t *testing.T) {
			dir := t.TempDir()
			log := filepath.Join(dir, "game.jsonl")
			svg := filepath.Join(dir, "board.svg")
			in := c.in + "board referee --svg " + svg + "\nquit\n"
			args := append([]string{"--game", c.game, "-o", "table=virtual", "--log", log}, c.args...)
			if code, out, errs := runWith(t, in, args...); code != 0 || !strings.Contains(out, "Wrote "+svg) {
				t.Fatalf("exit %d: %s%s", code, out, errs)
			}
			marks, shot := drawnMarks(t, svg, "")
			if len(marks) < 6 {
				t.Fatalf("%d marks drawn", len(marks))
			}
			at := logPositions(t, log, 0)
			looked := expectDrawn(t, "board --svg", marks, shot, at)
			if c.game == "coastal" && len(looked) > 0 {
				movedShip(t, svg, looked[0], marks, shot, at)
			}
			// the replay sheet of a whole game: after turn 2 as a side saw
			// it, the end as the referee did
			whole := filepath.Join(dir, "whole.jsonl")
			if code, _, errs := runWith(t, "", "auto", "--game", c.game, "-o", "table=virtual", "--seed", "3", "--log", whole); code != 0 {
				t.Fatal(errs)
			}
			page := filepath.Join(dir, "replay.html")
			if code, _, errs := runWith(t, "", "sheet", whole, "--sheet", "replay", "--format", "html", "-o", page); code != 0 {
				t.Fatal(errs)
			}
			src, err := os.ReadFile(page)
			if err != nil {
				t.Fatal(err)
			}
			frames := strings.Count(string(src), `<section class="frame`)
			if frames < 4 || !strings.Contains(string(src), "<h2>After turn 2</h2>") {
				t.Fatalf("%d frames, frame 2 not after turn 2", frames)
			}
			// printed: a turn a page, a long turn's events going on to a second
			if pages := sheettest.Pages(t, string(src)); pages < frames || pages > 2*frames {
				t.Errorf("the replay sheet of %d frames prints on %d pages", frames, pages)
			}
			inFrame(t, page, 2, c.side, logPositions(t, whole, 3))
			inFrame(t, page, frames, "referee", logPositions(t, whole, 0))
		})
	}
}

// inFrame checks the replay page's frame (1 the first) as side saw it.
func inFrame(t *testing.T, page string, frame int, side string, at map[string][2]int) {
	t.Helper()
	marks, shot := drawnMarks(t, page, fmt.Sprintf("frame=%d&side=%s", frame, side))
	if len(marks) < 4 {
		t.Fatalf("%s: %d marks drawn", side, len(marks))
	}
	expectDrawn(t, fmt.Sprintf("the replay sheet's frame %d as %s saw it", frame, side), marks, shot, at)
}

// movedShip: the check finds a ship moved — one drawn 8 cm east of where
// the log puts it (the picture's data unchanged), and one the log puts
// 5 cm north of where it is drawn.
func movedShip(t *testing.T, svg, id string, marks []drawnMark, shot image.Image, at map[string][2]int) {
	t.Helper()
	src, err := os.ReadFile(svg)
	if err != nil {
		t.Fatal(err)
	}
	tag := `data-id="` + html.EscapeString(id) + `"`
	if strings.Count(string(src), tag) != 1 {
		t.Fatalf("%s is not one mark in the SVG", id)
	}
	moved := filepath.Join(filepath.Dir(svg), "moved.svg")
	if err := os.WriteFile(moved, []byte(strings.Replace(string(src), tag, tag+` transform="translate(80,0)"`, 1)), 0o644); err != nil {
		t.Fatal(err)
	}
	mmarks, mshot := drawnMarks(t, moved, "")
	if wrong, _ := checkDrawn(mmarks, mshot, at); len(wrong) != 1 || !strings.HasPrefix(wrong[0], id+" ") {
		t.Errorf("%s drawn 8 cm east of its place: the check found %q", id, wrong)
	}
	north := map[string][2]int{}
	for k, v := range at {
		north[k] = v
	}
	north[id] = [2]int{at[id][0], at[id][1] + 50}
	if wrong, _ := checkDrawn(marks, shot, north); len(wrong) != 1 || !strings.HasPrefix(wrong[0], id+" drawn at") {
		t.Errorf("%s put 5 cm north in the log: the check found %q", id, wrong)
	}
}

// The printed replay page in docs/ (issue 29's Done-when) is the replay
// sheet of the game `make docs-replay` plays: a coastal convoy night on
// the virtual table, seed 3, printed a turn a page at least (its title is
// the page's), its third turn in a browser window; the README says how it
// was made.
func TestDocsReplayPage(t *testing.T) {
	dir := t.TempDir()
	log := filepath.Join(dir, "convoy.jsonl")
	if code, _, errs := runWith(t, "", "auto", "--game", "coastal", "-o", "table=virtual", "--seed", "3", "--log", log); code != 0 {
		t.Fatal(errs)
	}
	page := filepath.Join(dir, "replay.html")
	if code, _, errs := runWith(t, "", "sheet", log, "--sheet", "replay", "--format", "html", "-o", page); code != 0 {
		t.Fatal(errs)
	}
	src, err := os.ReadFile(page)
	if err != nil {
		t.Fatal(err)
	}
	frames := strings.Count(string(src), `<section class="frame`)
	title := regexp.MustCompile(`<title>([^<]*)</title>`).FindStringSubmatch(string(src))
	pdf, err := os.ReadFile("../../docs/replay-coastal.pdf")
	if err != nil {
		t.Fatal(err)
	}
	pages := len(regexp.MustCompile(`/Type\s*/Page[^s]`).FindAll(pdf, -1))
	if title == nil {
		t.Fatal("the replay page has no title")
	}
	want := "/Title (" + strings.NewReplacer("(", `\(`, ")", `\)`).Replace(html.UnescapeString(title[1])) + ")"
	if !bytes.HasPrefix(pdf, []byte("%PDF-")) || pages < frames || pages > 3*frames || !bytes.Contains(pdf, []byte(want)) {
		t.Errorf("docs/replay-coastal.pdf: %d pages for %d frames, or not the page printed (%s): run make docs-replay", pages, frames, want)
	}
	f, err := os.Open("../../docs/replay-coastal.png")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if cfg, err := png.DecodeConfig(f); err != nil || cfg.Width != 1100 || cfg.Height != 1000 {
		t.Errorf("docs/replay-coastal.png: %v %+v", err, cfg)
	}
	readme, err := os.ReadFile("../../README.md")
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"make docs-replay", "docs/replay-coastal.pdf", "docs/replay-coastal.png", "--sheet replay --format html"} {
		if !bytes.Contains(readme, []byte(want)) {
			t.Errorf("README.md does not say %q", want)
		}
	}
}
