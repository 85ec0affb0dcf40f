package coastal

import (
	"bytes"
	"fmt"
	"strings"
	"testing"

	"github.com/schnell-wargames/schnell/engine"
	"github.com/schnell-wargames/schnell/gamelog"
	"github.com/schnell-wargames/schnell/repl/tabletest"
	"github.com/schnell-wargames/schnell/scripting"
	"github.com/schnell-wargames/schnell/sea"
	"github.com/schnell-wargames/schnell/tables"
)

// virtual is the option of a game on the virtual table.
var virtual = gamelog.Option{Name: "table", Value: TableVirtual}

// playVirtual plays a game on the virtual table to its end: each side by
// the script named (a file of scripts/coastal) or, with none, by the
// reference side. It returns the game and its log, which it replays.
func playVirtual(t testing.TB, seed uint64, scripts map[string]string, opts ...gamelog.Option) (*engine.Game, []byte) {
	t.Helper()
	d := def(t)
	g, err := engine.New(engine.Config{Def: d, Seed: seed, Options: append([]gamelog.Option{virtual}, opts...)})
	if err != nil {
		t.Fatal(err)
	}
	for side, file := range scripts {
		h, err := scripting.AttachSide(g, d, side, "../scripts/coastal/"+file, scripting.Options{Deadline: scripting.DefaultDeadline * 8})
		if err != nil {
			t.Fatal(err)
		}
		defer h.Close()
	}
	var b bytes.Buffer
	if err := g.PlayOut(d.Reference(g.Rules()), &b); err != nil {
		t.Fatal(err)
	}
	lg, err := gamelog.Read("virtual", bytes.NewReader(b.Bytes()))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := engine.Replay(d, lg, -1, engine.Config{}); err != nil {
		t.Fatalf("replay: %v", err)
	}
	return g, b.Bytes()
}

// events reads a log's events.
func logEvents(t testing.TB, log []byte) []gamelog.Event {
	t.Helper()
	lg, err := gamelog.Read("virtual", bytes.NewReader(log))
	if err != nil {
		t.Fatal(err)
	}
	return lg.Events
}

// onTheTable runs play on a virtual table (no scenario set up), answering
// decisions with answer.
func onTheTable(t *testing.T, play func(c *engine.Ctx, r *Rules), answer func(d *engine.Decision) (string, []string)) (*engine.Game, *Rules) {
	t.Helper()
	return runRules(t, func(c *engine.Ctx, r *Rules) {
		r.Table = newTable(r)
		r.Table.Home[Attacker], r.Table.Home[Defender] = sea.Top, sea.Bottom
		r.potMax, r.potTorps = map[string]int{}, map[string]bool{}
		play(c, r)
	}, answer)
}

// put sets a marker on the table: a ship of card (or a dummy, card ""),
// revealed or hidden, its centre at (x, y) cm, heading h.
func put(c *engine.Ctx, r *Rules, id, card, side string, x, y, h int, revealed bool) *Marker {
	m := &Marker{ID: id, Side: side, Pot: side, Revealed: revealed, In: true, At: sea.Shape{Centre: sea.Cm(x, y), Heading: h}}
	if card != "" {
		s, err := NewShip(c.Record(card), strings.ToLower(id), side)
		if err != nil {
			c.Fail(err)
		}
		m.Ship = s
		r.Ships = append(r.Ships, s)
		r.potMax[m.Pot] = max(r.potMax[m.Pot], s.MaxSpeed())
	}
	r.Markers = append(r.Markers, m)
	return m
}

func answerWith(opt string, args ...string) func(*engine.Decision) (string, []string) {
	return func(*engine.Decision) (string, []string) { return opt, args }
}

// Turning: "Ships turn by expending up to half their maximum speed to
// turn. The stern of the ship is moved the required distance to 1 side
// while the bow remains stationary. Normal forward movement remaining may
// be made before or after the turn" (we turn first: rules notes).
func TestVirtualTurning(t *testing.T) {
	var bow0, bow1 sea.Pos
	var m *Marker
	onTheTable(t, func(c *engine.Ctx, r *Rules) {
		m = put(c, r, "A1", "S-BOAT", Attacker, 90, 60, 90, true) // base 64 by 15 mm, 16 cm
		m.Ship.Speed = 16
		bow0 = footprint(m).Bow()
		l := moveLimits(r, m)
		turned, moved := r.Table.travel(c, m, 180, 0, l.max*5, false) // no move: no turn
		if turned || moved != 0 {
			t.Errorf("a move of 0 cm turned: %v %d", turned, moved)
		}
		// a swing of at most 8 cm (half of 16) of a 64 mm stern: 71 degrees;
		// a swing is part of the move: 4 cm turn it 35 degrees
		r.Table.travel(c, m, 180, 40, l.max*5, false)
		if m.At.Heading != 90+35 {
			t.Errorf("a 4 cm move turned to %d°, want 125°", m.At.Heading)
		}
		m.At.Heading = 90
		bow0 = footprint(m).Bow()
		turned, moved = r.Table.travel(c, m, 180, 160, l.max*5, false)
		if !turned || m.At.Heading != 90+71 {
			t.Errorf("turned %v to %d°, want 161°", turned, m.At.Heading)
		}
		if moved != 160 {
			t.Errorf("moved %d mm, want the whole 160 (swing and ahead)", moved)
		}
		bow1 = footprint(m).Bow()
	}, answerWith("hold"))
	// the bow stayed put during the swing: it then went ahead what the
	// swing left of the 4 cm
	swing := (64*71*355 + 113*180 - 1) / (113 * 180)
	if d := sea.Distance(bow0, bow1); abs(d-(160-swing)) > 1 {
		t.Errorf("the bow moved %d mm, want %d (the 160 mm less the stern's %d mm swing)", d, 160-swing, swing)
	}
}

// Ship movement, on a virtual table: speeds from the card; a move stops
// short of another ship (no overlap: rules notes, a contact event); going
// astern; a marker whose centre leaves the table is gone (rules notes).
func TestVirtualMoves(t *testing.T) {
	g, _ := onTheTable(t, func(c *engine.Ctx, r *Rules) {
		a := put(c, r, "A1", "S-BOAT", Attacker, 50, 60, 90, true)
		a.Ship.Speed = 16
		put(c, r, "D1", "MERCHANT", Defender, 62, 60, 0, true) // its base 22 mm wide: 1.1 cm either side of x 62
		r.Table.travel(c, a, 90, 160, 80, false)
		// A1's bow (3.2 cm ahead of its centre) stops short of D1's side
		if x := a.At.Centre.X; x > 620-11-32 || x < 620-11-32-10 {
			t.Errorf("A1 at x %d mm, want it stopped a centimetre short of D1 (%d)", x, 620-11-32)
		}
		b := put(c, r, "A2", "", Attacker, 100, 5, 180, false) // a dummy near the bottom edge
		r.potMax[Attacker] = 16
		r.Table.travel(c, b, 180, 100, 80, false)
		r.Table.edge(c, b)
		if !b.Gone {
			t.Error("a dummy run off the bottom edge is still on the table")
		}
		s := put(c, r, "A3", "S-BOAT", Attacker, 150, 60, 90, true)
		r.Table.travel(c, s, 90, 50, 80, true) // astern 5 cm
		if s.At.Centre.X != 1450 || s.At.Heading != 90 {
			t.Errorf("astern 5 cm from x 1500 heading 90 is at %v %d°", s.At.Centre, s.At.Heading)
		}
	}, answerWith("hold"))
	var kinds []string
	for _, e := range g.History() {
		kinds = append(kinds, string(e.Type))
	}
	if got := strings.Join(kinds, " "); !strings.Contains(got, "contact") || !strings.Contains(got, "removed") {
		t.Errorf("events %s: want a contact and a marker removed", got)
	}
}

// Issue 29: every scenario plays whole on the virtual table, each side by
// the reference side: no decision of the table, the same log twice, a log
// that replays, and a replay that finds a marker moved in the log.
func TestVirtualScenariosPlay(t *testing.T) {
	for _, sc := range Scenarios {
		for _, size := range []string{"2", "5"} {
			t.Run(sc+"-"+size, func(t *testing.T) {
				opts := []gamelog.Option{{Name: "scenario", Value: sc}, {Name: "size", Value: size}, {Name: "merchants", Value: size}}
				g, a := playVirtual(t, 5, nil, opts...)
				if _, b := playVirtual(t, 5, nil, opts...); !bytes.Equal(a, b) {
					t.Fatal("two logs differ")
				}
				for _, e := range logEvents(t, a) {
					if e.Type == "decision" && e.Str("side") == "" {
						t.Fatalf("a decision of the table on a virtual table: %v", e.Fields)
					}
				}
				r := g.Rules().(*Rules)
				if r.Result == "" || r.Turn <= 1 {
					t.Fatalf("result %q after %d turns", r.Result, r.Turn)
				}
			})
		}
	}
}

// A virtual game logs positions: a marker moved in the log is found by
// the replay (replay --verify), at its move.
func TestReplayFindsMovedMarker(t *testing.T) {
	_, log := playVirtual(t, 7, nil, gamelog.Option{Name: "turns", Value: "3"})
	lines := strings.Split(string(log), "\n")
	moved := -1
	for i, l := range lines {
		if strings.Contains(l, `"type":"move"`) && strings.Contains(l, `"x":`) {
			j := strings.Index(l, `"x":`) + 4
			lines[i] = l[:j] + "1" + l[j:] // x 1234 → 11234
			moved = i
			break
		}
	}
	if moved < 0 {
		t.Fatal("no move with a position in the log")
	}
	lg, err := gamelog.Read("moved", strings.NewReader(strings.Join(lines, "\n")))
	if err != nil {
		t.Fatal(err)
	}
	_, err = engine.Replay(def(t), lg, -1, engine.Config{})
	if err == nil || !strings.Contains(err.Error(), "x") {
		t.Fatalf("the replay of a log with a marker moved says %v", err)
	}
}

// The solo rules as Lua sides play whole games on the virtual table:
// the convoy (convoy.lua) against the attackers (attackers.lua), solo
// attackers too, and the warship flotilla (flotilla.lua).
func TestVirtualScripts(t *testing.T) {
	for _, c := range []struct {
		name    string
		scripts map[string]string
		opts    []gamelog.Option
	}{
		{"convoy", map[string]string{Attacker: "attackers.lua", Defender: "convoy.lua"}, nil},
		{"solo attackers", map[string]string{Attacker: "attackers.lua", Defender: "convoy.lua"}, []gamelog.Option{{Name: "attackers", Value: "solo"}}},
		{"hunter", map[string]string{Attacker: "flotilla.lua", Defender: "convoy.lua"}, []gamelog.Option{{Name: "scenario", Value: Hunter}}},
		{"warships", map[string]string{Defender: "flotilla.lua"}, []gamelog.Option{{Name: "scenario", Value: Warships}}},
	} {
		t.Run(c.name, func(t *testing.T) {
			for seed := uint64(1); seed <= 3; seed++ {
				_, log := playVirtual(t, seed, c.scripts, c.opts...)
				scripted, moved := 0, 0
				for _, e := range logEvents(t, log) {
					if e.Type == "decision" && e.Str("by") == "script" {
						scripted++
					}
					if e.Type == "move" && e.Str("course") != "hold" && e.Str("course") != "enter" {
						moved++
					}
				}
				if scripted == 0 || moved == 0 {
					t.Errorf("seed %d: %d decisions by the scripts, %d moves other than holding course", seed, scripted, moved)
				}
			}
		})
	}
}

// placedAt reads where the set-up put each marker (the placed events
// before the first turn).
func placedAt(t *testing.T, log []byte) map[string]sea.Shape {
	out := map[string]sea.Shape{}
	for _, e := range logEvents(t, log) {
		if e.Type == "turn" {
			break
		}
		if e.Type == "placed" {
			out[e.Str("marker")] = sea.Shape{Centre: sea.Pos{X: e.Int("x"), Y: e.Int("y")}, Heading: e.Int("heading")}
		}
	}
	return out
}

// Scenarios laid out as the document says (Scenarios 1-4, Deployment, Solo
// rules) and, where it is silent, as the rules notes say.
func TestVirtualLayouts(t *testing.T) {
	W, H := sea.Table6x4.Width, sea.Table6x4.Height
	layout := func(t *testing.T, opts ...gamelog.Option) (*Rules, map[string]sea.Shape) {
		g, log := playVirtual(t, 3, nil, append(opts, gamelog.Option{Name: "turns", Value: "1"})...)
		return g.Rules().(*Rules), placedAt(t, log)
	}
	pot := func(r *Rules, id string) []*Marker {
		var out []*Marker
		for _, m := range r.Markers {
			if m.Pot == id {
				out = append(out, m)
			}
		}
		return out
	}
	t.Run("(1) convoy", func(t *testing.T) {
		r, at := layout(t)
		mer, esc := pot(r, "MERCHANTS"), pot(r, "ESCORTS")
		// "merchantmen in line ahead 20cms in from 1 long table edge",
		// "approx. 20cms apart"
		if p := at[mer[0].ID]; p.Centre.Y != 200 || p.Heading != 90 {
			t.Errorf("the lead merchant marker at %v heading %d: want 20 cm in from the bottom edge, heading along it", p.Centre, p.Heading)
		}
		for _, e := range esc { // escorts "within 20cms of the merchantmen"
			near := false
			for _, m := range mer {
				near = near || sea.Within(at[e.ID].Centre, at[m.ID].Centre, 200)
			}
			if !near {
				t.Errorf("escort marker %s at %v is not within 20 cm of a merchant marker", e.ID, at[e.ID].Centre)
			}
		}
		for _, a := range pot(r, "ATTACKERS") { // "enter from the opposite edge"
			if p := at[a.ID]; p.Centre.Y != H-15 || p.Heading != 180 {
				t.Errorf("attacker %s at %v heading %d: want on the top edge heading in", a.ID, p.Centre, p.Heading)
			}
		}
	})
	t.Run("solo attackers", func(t *testing.T) {
		r, at := layout(t, gamelog.Option{Name: "attackers", Value: "solo"})
		for _, a := range pot(r, "ATTACKERS") { // b: the opposite edge, pointing at the nearest target marker
			p := at[a.ID]
			best := -1
			for _, d := range r.Markers {
				if d.Side == Defender && (best < 0 || sea.Distance(p.Centre, at[d.ID].Centre) < sea.Distance(p.Centre, at[r.Markers[best].ID].Centre)) {
					best = slicesIndex(r.Markers, d)
				}
			}
			if p.Centre.Y != H-15 || p.Heading != sea.Bearing(p.Centre, at[r.Markers[best].ID].Centre) {
				t.Errorf("solo attacker %s at %v heading %d: want on the top edge, pointing at %s", a.ID, p.Centre, p.Heading, r.Markers[best].ID)
			}
		}
	})
	t.Run("(2) rescue", func(t *testing.T) {
		r, at := layout(t, gamelog.Option{Name: "scenario", Value: Rescue}, gamelog.Option{Name: "size", Value: "6"})
		var stricken sea.Pos
		for _, m := range r.Markers {
			if m.Ship != nil && m.Ship.Name == r.Setup.Stricken {
				stricken = at[m.ID].Centre
			}
		}
		if stricken != (sea.Pos{X: W / 2, Y: 300}) {
			t.Errorf("the stricken boat at %v: want 30 cm in from the middle of the bottom edge", stricken)
		}
		for _, m := range pot(r, "DEFENDERS") {
			if p := at[m.ID].Centre; p != stricken && (!sea.Within(p, stricken, 200) || sea.Within(p, stricken, 79)) {
				t.Errorf("%s at %v: want within 20 cm of the stricken boat and not within 5 cm of it", m.ID, p)
			}
		}
		atk := pot(r, "ATTACKERS") // in line astern on the top edge, at 10 cm
		if p := at[atk[0].ID]; p.Centre.Y != H-15 || p.Heading != 180 || atk[0].speed != 10 && (atk[0].Ship == nil || atk[0].Ship.Speed != 10) {
			t.Errorf("the MTBs' lead at %v heading %d: want on the top edge heading in at 10 cm", p.Centre, p.Heading)
		}
		if d := sea.Distance(at[atk[0].ID].Centre, at[atk[1].ID].Centre); d != 100 {
			t.Errorf("the MTBs' column is %d mm apart, want 100", d)
		}
	})
	t.Run("(3) hunter", func(t *testing.T) {
		r, at := layout(t, gamelog.Option{Name: "scenario", Value: Hunter})
		for _, m := range pot(r, "DEFENDERS") {
			if !sea.Within(at[m.ID].Centre, sea.Table6x4.Centre(), 200) || m.speed != 0 {
				t.Errorf("patrol marker %s at %v at %d cm: want stationary within 20 cm of the centre", m.ID, at[m.ID].Centre, m.speed)
			}
		}
		lead := at[pot(r, "ATTACKERS")[0].ID]
		if e, d := sea.Table6x4.Nearest(lead.Centre); d != 15 || lead.Heading != e.Inward() {
			t.Errorf("the enemy's lead at %v heading %d: want on an edge heading in", lead.Centre, lead.Heading)
		}
	})
	t.Run("(4) escape", func(t *testing.T) {
		r, at := layout(t, gamelog.Option{Name: "scenario", Value: Escape}, gamelog.Option{Name: "size", Value: "2"})
		def := pot(r, "DEFENDERS")
		gap := min(300, (H-100)/(len(def)-1)) // 30 cm apart, closer when they do not fit
		for i, m := range def {               // across the width at the middle
			if p := at[m.ID].Centre; p.X != W/2 || i > 0 && p.Y-at[def[i-1].ID].Centre.Y != gap {
				t.Errorf("patrol marker %s at %v: want at the middle, %d mm from the one before", m.ID, p, gap)
			}
		}
		if lead := at[pot(r, "ATTACKERS")[0].ID]; lead.Centre.X != 15 || lead.Heading != 90 || r.Table.Exit != sea.Right {
			t.Errorf("the smaller force's lead at %v heading %d, exit %v: want on the left edge heading in, out by the right", lead.Centre, lead.Heading, r.Table.Exit)
		}
	})
	t.Run("warships", func(t *testing.T) {
		r, at := layout(t, gamelog.Option{Name: "scenario", Value: Warships})
		cols := map[int][]sea.Shape{}
		for _, m := range pot(r, "WARSHIPS") {
			if m.Column > 0 {
				cols[m.Column] = append(cols[m.Column], at[m.ID])
			}
		}
		for n, c := range cols { // groups of 3 in line ahead, 15 cm apart, heading across, in the far half
			for i, p := range c {
				if p.Heading != 270 || p.Centre.Y < H/2 || i > 0 && sea.Distance(p.Centre, c[i-1].Centre) != 150 {
					t.Errorf("column %d: %v heading %d", n, p.Centre, p.Heading)
				}
			}
		}
	})
	t.Run("random game", func(t *testing.T) {
		r, at := layout(t, gamelog.Option{Name: "scenario", Value: Random})
		for _, m := range pot(r, "DEFENDERS") { // "within 30cms of 1 long table edge in line ahead"
			if p := at[m.ID]; p.Centre.Y > 300 || p.Heading != 90 {
				t.Errorf("ally %s at %v heading %d", m.ID, p.Centre, p.Heading)
			}
		}
		if lead := at[pot(r, "ATTACKERS")[0].ID]; lead.Centre.Y != H-15 || lead.Heading != 180 {
			t.Errorf("the Germans' lead at %v heading %d: want on the opposite edge, heading in", lead.Centre, lead.Heading)
		}
	})
}

func slicesIndex(ms []*Marker, m *Marker) int {
	for i := range ms {
		if ms[i] == m {
			return i
		}
	}
	return -1
}

// Torpedoes on the table: "move straight forward at 15cms"; "If the centre
// of the front edge of the marker comes into contact with an enemy vessel
// (not the base)"; "Target hit in its forward or rear fire arc" -1; a
// torpedo marker run off the table is removed.
func TestVirtualTorpedoRuns(t *testing.T) {
	torp := func(c *engine.Ctx, r *Rules, id string, nose sea.Pos, h int) {
		m := put(c, r, id, "", Attacker, 0, 0, h, false)
		m.Torpedo, m.Real = true, true
		m.At.Centre = sea.Advance(nose, h+180, torpedoLength/2)
	}
	g, _ := onTheTable(t, func(c *engine.Ctx, r *Rules) {
		// a merchantman heading east at (100, 60) cm: its model 100 by 16 mm
		// (x 950-1050), its base 106 by 22 (x 947-1053)
		put(c, r, "D1", "MERCHANT", Defender, 100, 60, 90, true)
		torp(c, r, "T1", sea.Pos{X: 1052, Y: 450}, 0) // its nose through the base, beside the model
		torp(c, r, "T2", sea.Pos{X: 980, Y: 450}, 0)  // onto its side
		torp(c, r, "T3", sea.Pos{X: 800, Y: 600}, 90) // up its stern
		torp(c, r, "T4", sea.Pos{X: 1700, Y: 1150}, 0)
		r.Table.runTorpedoes(c, Attacker)
	}, answerWith("hold"))
	rolls := map[string]string{}
	removed := ""
	for _, e := range g.History() {
		if e.Type == "roll" && strings.HasPrefix(e.Str("for"), "torpedo ") {
			rolls[strings.Fields(e.Str("for"))[1]] = fmt.Sprint(e.Fields)
		}
		if e.Type == "removed" {
			removed += e.Str("marker")
		}
	}
	if _, ok := rolls["T1"]; ok {
		t.Error("T1 touched the base, not the model: it rolled")
	}
	if !strings.Contains(rolls["T3"], "forward or rear arc") {
		t.Errorf("T3 came up its stern (its rear arc) and rolled without the -1: %s", rolls["T3"])
	}
	if r2, ok := rolls["T2"]; !ok || strings.Contains(r2, "forward or rear arc") {
		t.Errorf("T2 hit its side: rolled %v, %s", ok, r2)
	}
	if removed != "T4" {
		t.Errorf("removed %q, want T4 (off the top edge)", removed)
	}
}

// Torpedoes "may not be fired from less than 30cms": on the table a launch
// at a ship under 30 cm is refused with the rule, at 30 cm or more made.
func TestVirtualLaunchUnder30(t *testing.T) {
	for _, c := range []struct {
		x      int
		refuse bool
	}{{75, true}, {80, false}} {
		d := *def(t)
		pr := &playRules{r: &Rules{Scenario: Convoy, Setup: &Setup{}, Aware: map[string]bool{Attacker: true, Defender: true}}, play: func(c2 *engine.Ctx, r *Rules) {
			r.Table = newTable(r)
			r.potMax, r.potTorps = map[string]int{}, map[string]bool{}
			a := put(c2, r, "A1", "S-BOAT", Attacker, 50, 60, 90, true)
			put(c2, r, "D1", "MERCHANT", Defender, c.x, 60, 90, true).Observed = true
			r.potTorps[a.Pot] = true
			r.launchOrder(c2, a)
		}}
		d.New = func([]gamelog.Option, *tables.Set) (engine.Rules, error) { return pr, nil }
		g, err := engine.New(engine.Config{Def: &d, Seed: 1})
		if err != nil {
			t.Fatal(err)
		}
		if _, err := g.Step(engine.NoPause); err != nil {
			t.Fatal(err)
		}
		_, err = g.ChooseArgs("launch", []string{"D1"}, engine.ByPlayer, engine.NoPause)
		switch {
		case c.refuse && (err == nil || !strings.Contains(err.Error(), "less than 30 cm")):
			t.Errorf("%d cm: launch says %v, want refused under 30 cm", c.x-50, err)
		case !c.refuse && err != nil:
			t.Errorf("%d cm: launch refused: %v", c.x-50, err)
		}
	}
}

// Observation on the table: "To spot the nearest 2 markers": the nearest
// marker not in sight, its range centre to centre in whole centimetres, a
// part counting as the next; nothing beyond 120 cm (not even asked);
// "Observers ship screened from target by another ship" -1 when the line
// of sight crosses another footprint, the observer's own side's too.
func TestVirtualObservation(t *testing.T) {
	type mk struct {
		id, card, side string
		x, y           int
	}
	for _, c := range []struct {
		name  string
		marks []mk
		want  string // the roll: who observes whom, the range, screened; "": not asked
	}{
		{"screened by its own dummy", []mk{{"D1", "FLOWER", Defender, 20, 20}, {"A1", "", Attacker, 20, 75}, {"D2", "", Defender, 20, 50}}, "D1 observes A1 55 true"},
		{"the nearest", []mk{{"D1", "FLOWER", Defender, 20, 20}, {"A1", "", Attacker, 20, 95}, {"A2", "", Attacker, 60, 20}}, "D1 observes A2 40 false"},
		{"a part of a cm counts", []mk{{"D1", "FLOWER", Defender, 175, 60}, {"A2", "", Attacker, 150, 20}}, "D1 observes A2 48 false"},
		{"120 cm", []mk{{"D1", "FLOWER", Defender, 20, 60}, {"A1", "", Attacker, 140, 60}}, "D1 observes A1 120 false"},
		{"beyond 120 cm", []mk{{"D1", "FLOWER", Defender, 20, 60}, {"A1", "", Attacker, 141, 60}}, ""},
	} {
		t.Run(c.name, func(t *testing.T) {
			asked := 0
			g, _ := onTheTable(t, func(ctx *engine.Ctx, r *Rules) {
				var obs *Marker
				for i, m := range c.marks {
					p := put(ctx, r, m.id, m.card, m.side, m.x, m.y, 0, m.card != "")
					if i == 0 {
						obs = p
					}
				}
				r.observe(ctx, obs, 1)
			}, func(d *engine.Decision) (string, []string) {
				asked++
				return "nearest", nil
			})
			got := ""
			for _, e := range g.History() {
				if e.Type == "roll" && e.Str("table") == "OBS" {
					got = fmt.Sprintf("%s %d %v", e.Str("for"), e.Int("value"), strings.Contains(fmt.Sprint(e.Fields), "screened"))
				}
			}
			if got != c.want || (c.want == "") != (asked == 0) {
				t.Errorf("roll %q after %d questions, want %q", got, asked, c.want)
			}
		})
	}
}

// Firing arcs (Ship statistic charts): forward mounts fire ahead or to
// the sides, aft mounts astern or to the sides, side mounts to their side.
func TestFacings(t *testing.T) {
	for _, c := range []struct {
		f     Facing
		rel   int
		fires bool
	}{
		{FacingFwd, 0, true}, {FacingFwd, 90, true}, {FacingFwd, 135, true}, {FacingFwd, 180, false}, {FacingFwd, 270, true},
		{FacingAft, 180, true}, {FacingAft, 90, true}, {FacingAft, 0, false}, {FacingAft, 44, false}, {FacingAft, 45, true},
		{FacingPort, 270, true}, {FacingPort, 90, false}, {FacingStarboard, 90, true}, {FacingStarboard, 0, false},
		{FacingBeam, 90, true}, {FacingBeam, 270, true}, {FacingBeam, 0, false}, {FacingAll, 180, true},
	} {
		if got := c.f.Bears(c.rel); got != c.fires {
			t.Errorf("%s mount at %d° off the bow: bears %v, want %v", c.f, c.rel, got, c.fires)
		}
	}
}

// Issue 29: hidden identities never reach a side's picture, view or
// script before that side observes them: in every scenario, at every step
// of a whole game, each side's picture shows an unrevealed enemy marker
// only as a marker (its id, "hidden" or "observed"), nothing in it or in
// the scripts' view names an unrevealed ship, and the referee's picture
// shows every one. (A side's script is asked only its own side's
// decisions: TestHiddenMarkersMasked checks the events.)
func TestHiddenIdentitiesOnTheTable(t *testing.T) {
	for _, sc := range Scenarios {
		t.Run(sc, func(t *testing.T) {
			d := def(t)
			g, err := engine.New(engine.Config{Def: d, Seed: 11, Options: []gamelog.Option{virtual, {Name: "scenario", Value: sc}}})
			if err != nil {
				t.Fatal(err)
			}
			r := g.Rules().(*Rules)
			checked := 0
			g.Observe(func(e *gamelog.Event) {
				if e.Type != "step" && e.Type != "victory" {
					return
				}
				checked++
				view := fmt.Sprint(engine.ViewFields(r))
				for _, side := range Sides {
					p, ok := d.Picture(g, side)
					if !ok {
						t.Fatal("no picture of a virtual table")
					}
					text := fmt.Sprint(p.Title, p.Marks)
					for _, m := range r.Markers {
						if m.Side == side || m.Revealed || !onTable(m) {
							continue
						}
						for _, mk := range p.Marks {
							if mk.Label == m.ID && (mk.Note != "hidden" && mk.Note != "observed" && mk.Note != "torpedo marker" || mk.Kind != "unknown" && mk.Kind != "torpedo") {
								t.Fatalf("turn %d step %d: the %s's picture shows %s as %s %q", r.Turn, r.Step, side, m.ID, mk.Kind, mk.Note)
							}
						}
						if m.Ship != nil && (strings.Contains(text, m.Ship.Name) || strings.Contains(view, m.Ship.Name)) {
							t.Fatalf("turn %d step %d: %s, hidden under %s, is in the %s's picture or the scripts' view", r.Turn, r.Step, m.Ship.Name, m.ID, side)
						}
					}
				}
				rp, _ := d.Picture(g, Referee)
				ref := fmt.Sprint(rp.Marks)
				for _, m := range r.Markers {
					if m.Ship != nil && onTable(m) && !strings.Contains(ref, m.Ship.Name) {
						t.Fatalf("the referee's picture does not show %s (%s)", m.Ship.Name, m.ID)
					}
				}
			})
			if err := g.PlayOut(d.Reference(r), nil); err != nil {
				t.Fatal(err)
			}
			if checked < 8 {
				t.Errorf("checked %d times", checked)
			}
		})
	}
}

// A physical table has no picture (the player's table is the picture).
func TestNoPictureOfAPhysicalTable(t *testing.T) {
	d := def(t)
	g, err := engine.New(engine.Config{Def: d, Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	if _, ok := d.Picture(g, Referee); ok {
		t.Error("a physical game gives a picture")
	}
}

// Issue 29's Done-when, with the kernel's harness (repl/tabletest): in
// every scenario on the virtual table, played to its end by the reference
// sides, each side's picture (text and SVG), its scripts' view and its
// replay frames at every decision and pause name no enemy ship still
// hidden under a marker the side has not seen revealed.
func TestHiddenIdentitiesHarness(t *testing.T) {
	d := def(t)
	secrets := func(g *engine.Game, side string) []string {
		r := g.Rules().(*Rules)
		var out []string
		for _, m := range r.Markers {
			if m.Side == side || m.Revealed || !onTable(m) || m.Ship == nil {
				continue
			}
			out = append(out, m.Ship.Name)
		}
		return out
	}
	for _, sc := range Scenarios {
		t.Run(sc, func(t *testing.T) {
			rep := tabletest.Hidden(t, d, engine.Config{Seed: 11, Options: []gamelog.Option{virtual, {Name: "scenario", Value: sc}}}, secrets)
			t.Logf("%+v", rep)
			if rep.Hidden == 0 || rep.Frames == 0 {
				t.Errorf("%s: nothing looked for: %+v", sc, rep)
			}
		})
	}
}
