package coastal

import (
	"bytes"
	"strings"
	"testing"

	"github.com/schnell-wargames/schnell/engine"
	"github.com/schnell-wargames/schnell/gamelog"
	"github.com/schnell-wargames/schnell/scripting"
	"github.com/schnell-wargames/schnell/sea"
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
