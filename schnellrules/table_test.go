package schnellrules

import (
	"bytes"
	"errors"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/schnell-wargames/schnell/engine"
	"github.com/schnell-wargames/schnell/gamelog"
	"github.com/schnell-wargames/schnell/sea"
)

// Turning Arcs on the virtual table (the turning circles are missing):
// straight for the minimum move of the turning class, then up to 60
// degrees in place, again while the move lasts.
func TestTurningArcsOnTheTable(t *testing.T) {
	area := sea.Table6x4
	start := sea.Shape{Centre: sea.Cm(30, 60), Heading: 90, Length: 150, Beam: 25}
	// A Very Large turning class at Slow (15cm) ordered round to 180: 10cm
	// east, 60 degrees to starboard, the last 5cm on 150.
	at, straight, run, edge := steerLeg(start, 180, 0, 150, 100, area, nil)
	want := sea.Advance(sea.Cm(40, 60), 150, 50)
	if at.Centre != want || at.Heading != 150 || straight != 50 || run != 150 || edge != nil {
		t.Errorf("VL at Slow: %v heading %d, straight %d, run %d, edge %v; want %v heading 150, straight 50", at.Centre, at.Heading, straight, run, edge, want)
	}
	// Next turn it needs 5cm more straight before it turns again.
	at, _, _, _ = steerLeg(at, 180, straight, 150, 100, area, nil)
	if at.Heading != 180 {
		t.Errorf("the second turn's heading %d, want 180", at.Heading)
	}
	// A Very Small turning class (2cm) at Fast turns 90 degrees to port
	// in its first 4cm: 2, 60, 2, 30, then 21cm straight.
	s := sea.Shape{Centre: sea.Cm(100, 60), Heading: 0, Length: 40, Beam: 10}
	at, straight, _, _ = steerLeg(s, 270, 0, 250, 20, area, nil)
	p := sea.Advance(sea.Advance(sea.Advance(sea.Cm(100, 60), 0, 20), 300, 20), 270, 210)
	if at.Centre != p || at.Heading != 270 || straight != 210 {
		t.Errorf("VS at Fast: %v heading %d straight %d, want %v heading 270 straight 210", at.Centre, at.Heading, straight, p)
	}
	// A vessel that runs off the table leaves by that edge.
	s = sea.Shape{Centre: sea.Cm(100, 110), Heading: 0, Length: 60, Beam: 15}
	_, _, run, edge = steerLeg(s, 0, 0, 300, 40, area, nil)
	if edge == nil || *edge != sea.Top || run != 120 {
		t.Errorf("off the top: edge %v, run %d; want top after 12cm (its centre on the edge)", edge, run)
	}
}

// Ranges on the virtual table are whole centimetres rounded up, exactly:
// 20cm is in a band "up to 20cm", 20.1cm is not.
func TestRangeRoundsUp(t *testing.T) {
	for _, c := range []struct {
		a, b sea.Pos
		cm   int
	}{
		{sea.Cm(0, 0), sea.Cm(0, 20), 20},
		{sea.Cm(0, 0), sea.Pos{X: 0, Y: 201}, 21},
		{sea.Cm(0, 0), sea.Cm(30, 40), 50},
		{sea.Cm(0, 0), sea.Pos{X: 300, Y: 401}, 51},
		{sea.Cm(5, 5), sea.Cm(5, 5), 0},
	} {
		if got := cmBetween(c.a, c.b); got != c.cm {
			t.Errorf("%v to %v: %dcm, want %d", c.a, c.b, got, c.cm)
		}
	}
}

// FAQ: each arc is 90 degrees, 45 either side of its axis; FPS fires all
// round but the 90 degrees astern.
func TestArcsAreQuarters(t *testing.T) {
	ship := sea.Shape{Centre: sea.Cm(50, 50), Heading: 90}
	at := func(rel int) sea.Pos { return sea.Advance(sea.Cm(50, 50), 90+rel, 200) }
	for _, c := range []struct {
		arcs string
		rel  int
		want bool
	}{
		{"F", 0, true}, {"F", 45, true}, {"F", 46, false}, {"F", 315, true}, {"F", 314, false},
		{"FPS", 180, false}, {"FPS", 134, true}, {"FPS", 136, false}, {"FPS", 224, false}, {"FPS", 225, true}, {"FPS", 90, true},
		{"APS", 0, false}, {"APS", 180, true}, {"PA", 270, true}, {"PA", 90, false}, {"FAPS", 200, true},
	} {
		if got := Bears(c.arcs, ship, at(c.rel)); got != c.want {
			t.Errorf("%s at %d° off the bow: %v, want %v", c.arcs, c.rel, got, c.want)
		}
	}
}

// With table=virtual and no scenario, the reference captain plays the
// quick battle to the document's end (the turns, or a side with nothing
// on the table) on both sides; each log replays, and moves are logged.
func TestVirtualBattlesPlayOut(t *testing.T) {
	def, err := Definition()
	if err != nil {
		t.Fatal(err)
	}
	for seed := uint64(1); seed <= 12; seed++ {
		g, err := engine.New(engine.Config{Def: def, Seed: seed, Options: []gamelog.Option{{Name: "table", Value: "virtual"}}})
		if err != nil {
			t.Fatal(err)
		}
		var log bytes.Buffer
		if err := g.PlayOut(def.Reference(g.Rules()), &log); err != nil {
			t.Fatalf("seed %d: %v", seed, err)
		}
		b := g.Rules().(*Battle)
		turns := min(b.Turn-1, b.Opt.Turns)
		sides := 0
		for _, s := range Sides {
			if len(b.ids(s)) > 0 {
				sides++
			}
		}
		if turns < 1 || turns < b.Opt.Turns && sides == 2 {
			t.Errorf("seed %d: ended after %d turns with both sides on the table", seed, turns)
		}
		lg, err := gamelog.Read("v", bytes.NewReader(log.Bytes()))
		if err != nil {
			t.Fatal(err)
		}
		counts := map[string]int{}
		for i := range lg.Events {
			counts[lg.Events[i].Type]++
		}
		if counts["placed"] != len(quickBattle) || counts["move"] < 8 || counts["gunfire"] == 0 {
			t.Errorf("seed %d: %d placed, %d moves, %d shots", seed, counts["placed"], counts["move"], counts["gunfire"])
		}
		if _, err := engine.Replay(def, lg, 0, engine.Config{}); err != nil {
			t.Fatalf("seed %d: replay: %v", seed, err)
		}
		// A ship moved in the log (1mm) is found where it diverges.
		raw := log.String()
		i := strings.Index(raw, `"type":"move","vessel"`)
		j := i + strings.Index(raw[i:], `"x":`) + len(`"x":`)
		k := j + strings.IndexByte(raw[j:], ',')
		x, _ := strconv.Atoi(raw[j:k])
		bad, err := gamelog.Read("bad", strings.NewReader(raw[:j]+strconv.Itoa(x+1)+raw[k:]))
		if err != nil {
			t.Fatal(err)
		}
		var div *engine.Divergence
		if _, err := engine.Replay(def, bad, 0, engine.Config{}); !errors.As(err, &div) {
			t.Errorf("seed %d: a moved ship replays: %v", seed, err)
		}
		g.Close()
	}
}

// watcher answers as the reference captain and, before each answer, looks
// at what each side's script view and picture hold.
type watcher struct {
	t    *testing.T
	g    *engine.Game
	def  *engine.Definition
	k    captain
	seen int // checks made
}

func (w *watcher) Who() engine.Who { return engine.ByDefault }

func (w *watcher) Decide(d *engine.Decision) (int, error) {
	a, err := w.DecideArgs(d)
	return a.Option, err
}

func (w *watcher) DecideArgs(d *engine.Decision) (engine.Answer, error) {
	w.check()
	return w.k.DecideArgs(d)
}

// check: no enemy a side has not spotted this turn is named in that
// side's view or picture, by id or class; its marker is there instead.
func (w *watcher) check() {
	b := w.k.b
	for _, side := range Sides {
		fields := engine.ViewFields(w.def.ViewAs(b, side))
		var words []string
		var walk func(fs []gamelog.Field)
		walk = func(fs []gamelog.Field) {
			for _, f := range fs {
				switch f.Val.Kind {
				case gamelog.KStr:
					words = append(words, f.Val.S)
				case gamelog.KObj:
					walk(f.Val.O)
				case gamelog.KList:
					for _, x := range f.Val.L {
						if x.Kind == gamelog.KObj {
							walk(x.O)
						} else if x.Kind == gamelog.KStr {
							words = append(words, x.S)
						}
					}
				}
			}
		}
		walk(fields)
		pic, ok := w.def.Picture(w.g, side)
		if !ok {
			w.t.Fatal("no picture of a virtual table")
		}
		for _, m := range pic.Marks {
			words = append(words, m.Label, m.Note)
		}
		for _, x := range b.Vessels {
			if x.Side == side || x.Seen[sideIndex(side)] || !x.Afloat() {
				continue
			}
			classUsed := false // the class of a vessel the side knows may be the same
			for _, y := range b.Vessels {
				if y.Class == x.Class && (y.Side == side || y.Seen[sideIndex(side)] || !y.Afloat()) {
					classUsed = true
				}
			}
			for _, s := range words {
				if s == x.ID || s == x.Class.ID && !classUsed {
					w.t.Fatalf("turn %d, phase %s: the %s see %q of %s, which they have not spotted", b.Turn, phaseNames[b.Phase], side, s, x.ID)
				}
			}
			if !slices.Contains(words, x.Place.Marker) {
				w.t.Fatalf("turn %d: the %s's view or picture lacks marker %s", b.Turn, side, x.Place.Marker)
			}
			w.seen++
		}
	}
}

// Issue 29: a vessel a side has not spotted this turn never reaches that
// side's script view or picture by its id or class: only its marker does.
func TestHiddenIdentities(t *testing.T) {
	def, err := Definition()
	if err != nil {
		t.Fatal(err)
	}
	for seed := uint64(1); seed <= 6; seed++ {
		g, err := engine.New(engine.Config{Def: def, Seed: seed, Options: []gamelog.Option{{Name: "table", Value: "virtual"}}})
		if err != nil {
			t.Fatal(err)
		}
		w := &watcher{t: t, g: g, def: def, k: captain{g.Rules().(*Battle)}}
		if err := g.PlayOut(w, nil); err != nil {
			t.Fatal(err)
		}
		if w.seen == 0 {
			t.Errorf("seed %d: no hidden vessel was ever looked for: the test tests nothing", seed)
		}
		g.Close()
	}
}
