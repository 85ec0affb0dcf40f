package coastal

import (
	"fmt"
	"strings"
	"testing"

	"github.com/schnell-wargames/schnell/engine"
	"github.com/schnell-wargames/schnell/gamelog"
)

// Order of play: eight steps a turn, the attackers first: repairs, launch
// and move, the other side observes and fires, damage; then the same for
// the second player.
func TestOrderOfPlay(t *testing.T) {
	g := playConvoy(t, 3, gamelog.Option{Name: "scenario", Value: Convoy})
	var got []string
	for _, e := range g.History() {
		if e.Type == "step" && e.Int("turn") == 1 {
			got = append(got, fmt.Sprintf("%d %s", e.Int("step"), e.Str("what")))
		}
	}
	want := []string{
		"1 attacker dices for repairs", "2 attacker launches torpedoes, then moves", "3 defender observes and fires", "4 attacker calculates damage",
		"5 defender dices for repairs", "6 defender launches torpedoes, then moves", "7 attacker observes and fires", "8 defender calculates damage",
	}
	if strings.Join(got, "|") != strings.Join(want, "|") {
		t.Errorf("turn 1 steps:\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

// Gunfire and its damage: each hit a point (guns of 3" or more by calibre)
// and a random system; small cannon take boxes only off ships up to
// corvette size; only 40 mm or more destroys systems on corvettes or
// larger; guns of 3" or more also wreck the areas one higher and one lower
// on vessels smaller than trawlers.
func TestGunDamageRules(t *testing.T) {
	for _, c := range []struct {
		name    string
		card    string
		weapon  Weapon
		gun     bool
		points  int
		systems int // system events
	}{
		{"twin 20mm on an E-boat: 1 point, 1 system", "S-BOAT", Twin20, false, 1, 1},
		{"twin 20mm on a corvette: a box (up to corvette size), no system (under 40 mm)", "FLOWER", Twin20, false, 1, 0},
		{"40mm on a corvette: a box and a system", "FLOWER", Single40, false, 1, 1},
		{"twin 20mm on a destroyer: no box, no system", "HUNT", Twin20, false, 0, 0},
		{"4in on a destroyer: 8 points, 1 system", "HUNT", Gun4, true, 8, 1},
		{"4in on an E-boat (smaller than a trawler): 8 points, the area and those beside it", "S-BOAT", Gun4, true, 8, -1},
		{"3in on a trawler: 6 points, 1 system", "TRAWLER", Gun3, true, 6, 1},
	} {
		t.Run(c.name, func(t *testing.T) {
			g, _ := runRules(t, func(ctx *engine.Ctx, r *Rules) {
				s, err := NewShip(ctx.Record(c.card), "target1", Defender)
				if err != nil {
					ctx.Fail(err)
				}
				s.Hull = 100
				r.pend = map[string][]pending{Defender: {{target: s, hits: 1, weapon: c.weapon, gun: c.gun, by: "A1"}}}
				r.damage(ctx, Defender)
			}, func(d *engine.Decision) (string, []string) { return "", nil })
			points, systems, want := -1, 0, c.systems
			for _, e := range g.History() {
				switch e.Type {
				case "roll":
					if n := e.Int("total"); want < 0 && e.Str("table") == "LOC-S" {
						want = 1 // the area hit, and the rows above and below on the chart
						if n > 1 {
							want++
						}
						if n < 10 {
							want++
						}
					}
				case "damage":
					points = e.Int("points")
				case "system":
					systems++
				}
			}
			if points != c.points || systems != want {
				t.Errorf("%d points and %d systems, want %d and %d", points, systems, c.points, want)
			}
		})
	}
}

// Observation: each modifier of the table goes on the die when its
// condition holds.
func TestObservationModifiers(t *testing.T) {
	for _, c := range []struct {
		name  string
		setup func(r *Rules, obs, tgt *Ship, tm *Marker)
		lit   string
		want  string
	}{
		{"+2 the target fired", func(r *Rules, o, tg *Ship, tm *Marker) { tg.Fired = true }, "no", "+2 the target fired guns or is illuminated"},
		{"+2 lit by star shell", func(r *Rules, o, tg *Ship, tm *Marker) {}, "yes", "+2 the target fired guns or is illuminated"},
		{"+2 radar", func(r *Rules, o, tg *Ship, tm *Marker) { o.Radar = true }, "no", "+2 radar or hydrophones"},
		{"+2 hydrophones, a ship moving 3 cm+", func(r *Rules, o, tg *Ship, tm *Marker) { o.Hydrophones = true; tg.Speed = 3 }, "no", "+2 radar or hydrophones"},
		{"+1 target moving", func(r *Rules, o, tg *Ship, tm *Marker) { tg.Speed = 6 }, "no", "+1 the target is moving (or within 12 cm)"},
		{"+1 target larger than an E-boat", func(r *Rules, o, tg *Ship, tm *Marker) { tm.Pot = "MERCHANTS" }, "no", "+1 the target is larger than an E-boat or MTB"},
		{"+1 observed before", func(r *Rules, o, tg *Ship, tm *Marker) { tm.Seen = true }, "no", "+1 the target was observed before this game"},
		{"+1 NAXOS against radar", func(r *Rules, o, tg *Ship, tm *Marker) { o.Naxos = true; tg.Radar = true; tm.Revealed = true }, "no", "+1 NAXOS against a radar-using target"},
		{"-1 observer over half speed", func(r *Rules, o, tg *Ship, tm *Marker) { o.Speed = 12 }, "no", "-1 the observer is above half its maximum speed"},
		{"-1 poor weather", func(r *Rules, o, tg *Ship, tm *Marker) { r.Weather = "poor" }, "no", "-1 poor weather"},
		{"-2 unaware", func(r *Rules, o, tg *Ship, tm *Marker) { r.Aware[Attacker] = false }, "no", "-2 unaware of the enemy's presence"},
	} {
		t.Run(c.name, func(t *testing.T) {
			g, _, _ := playOrders(t, func(ctx *engine.Ctx, r *Rules) {
				obs, _ := NewShip(ctx.Record("S-BOAT"), "eboat1", Attacker)
				tg, _ := NewShip(ctx.Record("S-BOAT"), "target1", Defender)
				om := &Marker{ID: "A1", Side: Attacker, Ship: obs, Revealed: true}
				tm := &Marker{ID: "D1", Side: Defender, Ship: tg, Pot: "DEFENDERS"}
				r.Markers = []*Marker{om, tm}
				c.setup(r, obs, tg, tm)
				r.observe(ctx, om, 1)
			}, []order{{"look", []string{"D1"}, ""}, {"range", []string{"D1", "50", "no", c.lit}, ""}})
			var mods []string
			for _, e := range g.History() {
				if e.Type == "roll" && e.Str("table") == "OBS" {
					v, _ := e.Get("mods")
					for _, m := range v.L {
						for _, f := range m.O {
							if f.Key == "reason" {
								mods = append(mods, fmt.Sprintf("%+d %s", m.O[0].Val.I, f.Val.S))
							}
						}
					}
				}
			}
			if got := strings.Join(mods, "; "); got != c.want {
				t.Errorf("mods %q, want only %q", got, c.want)
			}
		})
	}
}

// Observation: "observation is lost automatically at turn end if the
// target did not fire guns and moved further away" (the table says).
func TestObservationLost(t *testing.T) {
	var fired, quiet, away *Marker
	g, _, offered := playOrders(t, func(ctx *engine.Ctx, r *Rules) {
		mk := func(id string) *Marker {
			s, _ := NewShip(ctx.Record("S-BOAT"), strings.ToLower(id), Defender)
			m := &Marker{ID: id, Side: Defender, Ship: s, Revealed: true, Observed: true}
			r.Markers = append(r.Markers, m)
			r.Ships = append(r.Ships, s)
			return m
		}
		fired, quiet, away = mk("D1"), mk("D2"), mk("D3")
		fired.Ship.Fired = true
		r.straddle, r.straddleN = map[[2]string]bool{}, map[[2]string]bool{}
		r.turnEnd(ctx)
	}, []order{{"lost", []string{"D1"}, "D1 is not held in observation without firing: the markers are D2, D3"}, {"lost", []string{"D3"}, ""}})
	if len(offered) != 2 { // one question, answered twice (the first refused)
		t.Errorf("%d answers asked, want 2 to one question for the markers that did not fire", len(offered))
	}
	if !fired.Observed || !quiet.Observed || away.Observed {
		t.Errorf("observed: fired %v, kept %v, moved away %v; want true, true, false", fired.Observed, quiet.Observed, away.Observed)
	}
	if !strings.Contains(events(g), "Observation of D3 is lost.") {
		t.Errorf("no lost_sight: %s", events(g))
	}
}

// Scenario (2) Rescue: a tow needs a 5 or 6 with a ship in contact; the
// two then move at 8 cm a turn only.
func TestRescueTow(t *testing.T) {
	for _, c := range []struct {
		face string
		made bool
	}{{"4", false}, {"5", true}, {"6", true}} {
		t.Run(c.face, func(t *testing.T) {
			var stricken *Ship
			playOrdersMode(t, engine.Physical, func(ctx *engine.Ctx, r *Rules) {
				r.Setup = &Setup{Stricken: "mtb1"}
				stricken, _ = NewShip(ctx.Record("FAIRMILE-D"), "mtb1", Attacker)
				stricken.Disabled = true
				helper, _ := NewShip(ctx.Record("FAIRMILE-D"), "mtb2", Attacker)
				r.Markers = []*Marker{{ID: "A1", Side: Attacker, Ship: stricken, Revealed: true}, {ID: "A2", Side: Attacker, Ship: helper, Revealed: true}}
				r.Ships = []*Ship{stricken, helper}
				r.repairs(ctx, Attacker)
			}, []order{{"tow", []string{"mtb2"}, ""}, {"roll", []string{c.face}, ""}})
			if stricken.Disabled == c.made {
				t.Errorf("on a %s: in tow %v, want %v", c.face, !stricken.Disabled, c.made)
			}
			if c.made && stricken.MaxSpeed() != 8 {
				t.Errorf("in tow at %d cm, want 8", stricken.MaxSpeed())
			}
		})
	}
}

// Torpedoes: "ships firing torpedoes may only move half maximum speed".
func TestLaunchHalfSpeed(t *testing.T) {
	playOrders(t, func(ctx *engine.Ctx, r *Rules) {
		s, _ := NewShip(ctx.Record("S-BOAT"), "eboat1", Attacker) // 16 cm
		tg, _ := NewShip(ctx.Record("MERCHANT"), "merchant1", Defender)
		r.Markers = []*Marker{{ID: "A1", Side: Attacker, Ship: s, Revealed: true}, {ID: "M1", Side: Defender, Ship: tg, Revealed: true, Observed: true}}
		r.Ships = []*Ship{s, tg}
		r.launchAndMove(ctx, Attacker)
	}, []order{{"launch", []string{"M1"}, ""}, {"range", []string{"40"}, ""}, {"speed", []string{"9"}, "8"}, {"speed", []string{"8"}, ""}})
}

// Ship statistic charts: "when all these are ticked off a ship must make
// maximum speed off table in a direction away from the enemy": a ship
// '0' pointed withdraws at full speed and is asked nothing.
func TestZeroPointedWithdraws(t *testing.T) {
	var s *Ship
	g, _, offered := playOrders(t, func(ctx *engine.Ctx, r *Rules) {
		s, _ = NewShip(ctx.Record("S-BOAT"), "eboat1", Attacker) // hull 4, 16 cm
		r.Markers = []*Marker{{ID: "A1", Side: Attacker, Ship: s, Revealed: true}}
		r.Ships = []*Ship{s}
		r.addDamage(ctx, s, 3)
		r.addDamage(ctx, s, 1)
		r.launchAndMove(ctx, Attacker)
	}, nil)
	if len(offered) != 0 || !s.Withdrawn || s.Speed != 16 {
		t.Errorf("asked %v, withdrawn %v at %d cm; want nothing asked, withdrawn at 16", offered, s.Withdrawn, s.Speed)
	}
	if got := events(g); !strings.Contains(got, "eboat1") || !strings.Contains(got, "withdraw") {
		t.Errorf("events %s: want zero_pointed and a withdrawal", got)
	}
}
