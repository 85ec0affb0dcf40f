package coastal

import (
	"strconv"
	"strings"
	"testing"

	"github.com/schnell-wargames/schnell/engine"
	"github.com/schnell-wargames/schnell/gamelog"
	"github.com/schnell-wargames/schnell/tables"
)

// order is one typed order: the option, its words, and the refusal
// expected ("" : accepted).
type order struct {
	opt     string
	args    []string
	refused string
}

// playOrders runs play, giving each decision the orders in turn; a
// refused order must be refused with the text given, and the next order
// answers the same decision.
func playOrders(t *testing.T, play func(c *engine.Ctx, r *Rules), orders []order) (*engine.Game, *Rules, []string) {
	t.Helper()
	return playOrdersMode(t, engine.Digital, play, orders)
}

// playOrdersMode is playOrders with the dice mode given: with physical
// dice, an order "roll" gives the faces of the roll asked.
func playOrdersMode(t *testing.T, mode engine.Mode, play func(c *engine.Ctx, r *Rules), orders []order) (*engine.Game, *Rules, []string) {
	t.Helper()
	d := *def(t)
	pr := &playRules{r: &Rules{Scenario: Convoy, Setup: &Setup{}, Aware: map[string]bool{Attacker: true, Defender: true}}, play: play}
	d.New = func([]gamelog.Option, *tables.Set) (engine.Rules, error) { return pr, nil }
	g, err := engine.New(engine.Config{Def: &d, Seed: 1, Mode: mode})
	if err != nil {
		t.Fatal(err)
	}
	g.KeepHistory(true)
	var offered []string
	if _, err := g.Step(engine.NoPause); err != nil {
		t.Fatal(err)
	}
	for i := 0; !g.Over() && i < 100; i++ {
		p := g.Pending()
		if p.Roll != nil {
			if len(orders) == 0 || orders[0].opt != "roll" {
				t.Fatalf("a roll for %s comes, and the next order is not a roll", p.Roll.Label)
			}
			if _, err := g.RollFaces(orders[0].args, engine.NoPause); err != nil {
				t.Fatal(err)
			}
			orders = orders[1:]
			continue
		}
		if p.Decision == nil {
			if _, err := g.Step(engine.NoPause); err != nil {
				t.Fatal(err)
			}
			continue
		}
		var names []string
		for _, o := range p.Decision.Options {
			names = append(names, o.Name)
		}
		offered = append(offered, strings.Join(names, ","))
		if len(orders) == 0 {
			t.Fatalf("no order left for %q", p.Decision.Prompt)
		}
		o := orders[0]
		orders = orders[1:]
		_, err := g.ChooseArgs(o.opt, o.args, engine.ByPlayer, engine.NoPause)
		switch {
		case o.refused == "" && err != nil:
			t.Fatalf("%s %v refused: %v", o.opt, o.args, err)
		case o.refused != "" && (err == nil || !strings.Contains(err.Error(), o.refused)):
			t.Fatalf("%s %v: error %v, want %q", o.opt, o.args, err, o.refused)
		}
	}
	if len(orders) > 0 {
		t.Errorf("orders left: %v", orders)
	}
	return g, pr.r, offered
}

// Ship movement: "stationary ships may move backwards at up to half
// maximum speed in their next turn, but may only start moving forwards
// again if they spend a turn stationary"; Turning: a ship spends up to
// half its maximum speed turning, as part of its move.
func TestAsternAndTurning(t *testing.T) {
	var s *Ship
	moves := 5
	play := func(c *engine.Ctx, r *Rules) {
		s, _ = NewShip(c.Record("S-BOAT"), "eboat1", Attacker) // 16 cm
		m := &Marker{ID: "A1", Side: Attacker, Ship: s, Revealed: true}
		r.Markers = []*Marker{m}
		for range moves {
			r.move(c, m)
		}
	}
	g, _, offered := playOrders(t, play, []order{
		// stationary: astern is offered, up to 8 cm
		{"astern", []string{"9"}, "8"},
		{"astern", []string{"8"}, ""},
		// it went astern: ahead only after a move stationary
		{"speed", []string{"5"}, "must spend a move stationary"},
		{"toward", nil, "must spend a move stationary"},
		{"speed", []string{"0"}, ""},
		// stationary again: ahead; a swing over half the maximum speed, or
		// over the move, is refused
		{"speed", []string{"16", "yes", "9"}, "8"},
		{"speed", []string{"4", "yes", "6"}, "more than the move's 4 cm"},
		{"speed", []string{"12", "no", "6"}, ""},
		// moving: no astern
		{"speed", []string{"16"}, ""},
		{"hold", nil, ""},
	})
	var got []string
	for _, e := range g.History() {
		if e.Type == "move" {
			line := describe(&e)
			if v, ok := e.Get("turning"); ok && v.B {
				line += " (turning)"
			}
			got = append(got, line)
		}
	}
	if want := "A1 goes astern, 8 cm.|A1 moves, 0 cm.|A1 moves, turning, 12 cm. (turning)|A1 moves, 16 cm.|A1 holds course, 16 cm."; strings.Join(got, "|") != want {
		t.Errorf("moves %s, want %s", strings.Join(got, "|"), want)
	}
	if !strings.Contains(offered[0], "astern") {
		t.Errorf("a stationary ship is not offered astern: %s", offered[0])
	}
	if last := offered[len(offered)-1]; strings.Contains(last, "astern") {
		t.Errorf("a moving ship is offered astern: %s", last)
	}
}

// Towed lighters: they follow the tug and never move on their own; one
// sunk at '0' points severs the chain, the lighters behind stay stationary
// until a vessel spends a move stationary alongside the lead one; only a
// trawler or larger tows more than one, and improvised tows (not a tug)
// move at half speed. Barges, powered lighters and landing craft: sunk at
// '0' points.
func TestTowedLighters(t *testing.T) {
	var tug, mtb, trawler, l1, l2, l3, barge *Ship
	play := func(c *engine.Ctx, r *Rules) {
		tug = &Ship{Name: "tug1", Side: Defender, Class: Tug, Engines: []int{6}, Speed: 6}
		mtb = &Ship{Name: "mtb1", Side: Defender, Class: MTB, Engines: []int{12}, Speed: 0}
		trawler = &Ship{Name: "trawler1", Side: Defender, Class: Trawler, Engines: []int{8}, Speed: 0}
		l1 = &Ship{Name: "lighter1", Side: Defender, Class: Lighter, Engines: []int{0}, Hull: 2, Tow: "tug1"}
		l2 = &Ship{Name: "lighter2", Side: Defender, Class: Lighter, Engines: []int{0}, Hull: 2, Tow: "lighter1"}
		l3 = &Ship{Name: "lighter3", Side: Defender, Class: Lighter, Engines: []int{0}, Hull: 2, Tow: "lighter2"}
		barge = &Ship{Name: "barge1", Side: Attacker, Class: Barge, Engines: []int{6}, Hull: 3}
		r.ships = map[string]*Ship{}
		for i, s := range []*Ship{tug, l1, l2, l3, mtb, trawler, barge} {
			r.ships[s.Name] = s
			r.Ships = append(r.Ships, s)
			side := s.Side
			r.Markers = append(r.Markers, &Marker{ID: "D" + strconv.Itoa(i+1), Side: side, Ship: s, Revealed: true})
		}
		r.launchAndMove(c, Defender) // the tug holds 6 cm; the mtb and trawler stay
		r.addDamage(c, l1, 2)        // lighter1 sunk: lighter2 and lighter3 cast off
		r.followTows(c, Defender)    // they stay stationary
		r.launchAndMove(c, Defender) // the mtb may not take two; the trawler takes them
		r.launchAndMove(c, Defender) // the trawler tows at half speed
		r.addDamage(c, barge, 3)
	}
	g, _, _ := playOrders(t, play, []order{
		{"hold", nil, ""}, {"hold", nil, ""}, {"hold", nil, ""}, // tug, mtb, trawler
		{"hold", nil, ""}, // tug
		{"tow", []string{"lighter2"}, "only a trawler or larger"},
		{"hold", nil, ""},                    // mtb
		{"tow", []string{"lighter2"}, ""},    // trawler
		{"hold", nil, ""}, {"hold", nil, ""}, // tug, mtb
		{"speed", []string{"5"}, "4"}, // trawler: half of 8
		{"speed", []string{"4"}, ""},
	})
	var got []string
	for _, e := range g.History() {
		switch e.Type {
		case "move", "sunk", "tow_severed", "lighter_tow":
			if strings.HasPrefix(e.Str("ship"), "lighter") || strings.HasPrefix(e.Str("ship"), "barge") {
				got = append(got, describe(&e))
			}
		}
	}
	want := []string{
		"lighter1 in tow of tug1, 6 cm.", "lighter2 in tow of lighter1, 6 cm.", "lighter3 in tow of lighter2, 6 cm.",
		"lighter1 sinks", "lighter2's tow is severed (lighter1 sank)", "trawler1 takes lighter2 in tow, behind trawler1.", "lighter2 no tow: stationary, 0 cm.", "lighter3 in tow of lighter2, 0 cm.", "lighter2 in tow of trawler1, 0 cm.",
	}
	joined := strings.Join(got, "|")
	for _, w := range want {
		if !strings.Contains(joined, w) {
			t.Errorf("no %q in %s", w, joined)
		}
	}
	if l2.Tow != "trawler1" || l3.Tow != "lighter2" {
		t.Errorf("tows: lighter2 behind %q, lighter3 behind %q; want trawler1, lighter2", l2.Tow, l3.Tow)
	}
	if l2.Speed != 4 || l3.Speed != 4 {
		t.Errorf("the chain moves at %d/%d cm, want the trawler's 4", l2.Speed, l3.Speed)
	}
	if !barge.Sunk {
		t.Error("a barge at '0' points is not sunk")
	}
}
