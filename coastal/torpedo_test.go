package coastal

import (
	"fmt"
	"strings"
	"testing"

	"github.com/schnell-wargames/schnell/engine"
	"github.com/schnell-wargames/schnell/gamelog"
	"github.com/schnell-wargames/schnell/tables"
)

// torpedoCase runs one torpedo contact against a ship made from a card,
// with the dice given in order (physical dice).
type torpedoRun struct {
	card   string
	speed  int
	endOn  bool
	real   bool // the torpedo marker is a real torpedo
	dummy  bool // the target marker is a dummy
	rules  *Rules
	target *Ship
	marker *Marker
}

func (tr *torpedoRun) Play(c *engine.Ctx) {
	r := tr.rules
	r.Aware = map[string]bool{}
	s, err := NewShip(c.Record(tr.card), "target1", Defender)
	if err != nil {
		c.Fail(err)
	}
	s.Speed = tr.speed
	tr.target = s
	tm := &Marker{ID: "M1", Side: Defender, Ship: s, Revealed: true}
	if tr.dummy {
		tm.Ship = nil
	}
	tr.marker = tm
	t := &Marker{ID: "T1", Side: Attacker, Torpedo: true, Real: tr.real, Revealed: true}
	r.Markers = []*Marker{tm, t}
	r.Ships = []*Ship{s}
	r.nTorp = 1
	// the table says T1 touched M1 (Torpedoes: 15 cm a move)
	r.moveTorpedoes(c, Attacker)
}

func playTorpedo(t *testing.T, tr *torpedoRun, faces ...string) *engine.Game {
	t.Helper()
	d := *def(t)
	tr.rules = &Rules{Scenario: Convoy, Setup: &Setup{}}
	d.New = func([]gamelog.Option, *tables.Set) (engine.Rules, error) { return tr, nil }
	g, err := engine.New(engine.Config{Def: &d, Seed: 1, Mode: engine.Physical})
	if err != nil {
		t.Fatal(err)
	}
	g.KeepHistory(true)
	if _, err := g.Step(engine.NoPause); err != nil {
		t.Fatal(err)
	}
	for !g.Over() {
		p := g.Pending()
		var err error
		switch {
		case p.Decision != nil:
			endOn := "no"
			if tr.endOn {
				endOn = "yes"
			}
			_, err = g.ChooseArgs("touch", []string{"M1", endOn}, engine.ByPlayer, engine.NoPause)
		case p.Roll != nil:
			if len(faces) == 0 {
				t.Fatalf("a roll for %s comes, and no faces are left", p.Roll.Label)
			}
			n := p.Roll.Spec.N
			if n > len(faces) {
				t.Fatalf("a roll of %d dice for %s, %d faces left", n, p.Roll.Label, len(faces))
			}
			_, err = g.RollFaces(faces[:n], engine.NoPause)
			faces = faces[n:]
		default:
			_, err = g.Step(engine.NoPause)
		}
		if err != nil {
			t.Fatal(err)
		}
	}
	if len(faces) > 0 {
		t.Errorf("faces left: %v", faces)
	}
	return g
}

func events(g *engine.Game) string {
	var out []string
	for _, e := range g.History() {
		if line := describe(&e); line != "" {
			out = append(out, line)
		}
	}
	return strings.Join(out, " | ")
}

// Torpedoes: hits and effect, table-driven.
func TestTorpedoContacts(t *testing.T) {
	for _, c := range []struct {
		name  string
		tr    torpedoRun
		faces []string
		want  []string // in the events, in order
		check func(t *testing.T, tr *torpedoRun)
	}{
		{"E-boats and MTBs are never hit", torpedoRun{card: "S-BOAT", speed: 8, real: true}, nil,
			[]string{"E-boats and MTBs are never hit"}, nil},
		{"a dummy torpedo is gone at any contact", torpedoRun{card: "MERCHANT", speed: 4}, nil,
			[]string{"T1 removed: a dummy torpedo touched M1"}, nil},
		{"a real torpedo removes a dummy marker and runs on", torpedoRun{card: "MERCHANT", real: true, dummy: true}, nil,
			[]string{"M1 removed: a dummy, touched by torpedo T1"}, nil},
		{"corvette column: 3 runs under", torpedoRun{card: "FLOWER", speed: 8, real: true}, []string{"3"},
			nil, func(t *testing.T, tr *torpedoRun) {
				if tr.target.Damage != 0 || tr.rules.Markers[1].Gone {
					t.Error("a torpedo that runs under does no harm and runs on")
				}
			}},
		{"merchant +1: 3 reads 4, near, 2D6 damage", torpedoRun{card: "MERCHANT", speed: 4, real: true}, []string{"3", "2", "5"},
			[]string{"Torpedo T1 hits target1: it explodes near, 7 points"}, nil},
		{"end-on -1: 6 reads 5, serious 4D6 and D6 systems", torpedoRun{card: "FLOWER", speed: 8, endOn: true, real: true}, []string{"6", "1", "1", "1", "1", "1", "10"},
			[]string{"Torpedo T1 hits target1: serious damage, 4 points", "target1 loses a non-critical area"}, nil},
		{"small 7+: disabled, sinks in D4 turns", torpedoRun{card: "TRAWLER", speed: 0, real: true}, []string{"6", "3", "1", "10"},
			[]string{"Torpedo T1 hits target1: disabled and sinking, sinks in 3 turns"}, func(t *testing.T, tr *torpedoRun) {
				if !tr.target.Disabled || tr.target.SinkIn != 3 || !tr.target.TorpHit {
					t.Errorf("target: %+v", tr.target)
				}
			}},
		{"large 7+: breaks in two, sinks in 1 turn", torpedoRun{card: "HUNT", speed: 0, real: true}, []string{"6", "1", "10"},
			[]string{"Torpedo T1 hits target1: it breaks in two, sinks in 1 turn"}, nil},
		{"large 5: disabled", torpedoRun{card: "HUNT", speed: 8, real: true}, []string{"5", "1", "10"},
			[]string{"Torpedo T1 hits target1: disabled"}, nil},
		{"ammunition ship explodes on 3+ (merchant +1: 5 reads 6, disabled)", torpedoRun{card: "AMMO-SHIP", speed: 4, real: true}, []string{"5", "1", "10", "3"},
			[]string{"disabled", "target1 sinks: explodes: ammo cargo"}, nil},
		{"ammunition ship does not explode on 2", torpedoRun{card: "AMMO-SHIP", speed: 4, real: true}, []string{"5", "1", "10", "2"},
			[]string{"disabled"}, func(t *testing.T, tr *torpedoRun) {
				if tr.target.Sunk {
					t.Error("sunk on a 2")
				}
			}},
		{"1-2 miss", torpedoRun{card: "MERCHANT", speed: 4, real: true}, []string{"1"},
			nil, func(t *testing.T, tr *torpedoRun) {
				if tr.target.Damage != 0 || !tr.rules.Markers[1].Gone {
					t.Error("a miss does no harm and the torpedo is spent")
				}
			}},
	} {
		t.Run(c.name, func(t *testing.T) {
			tr := c.tr
			g := playTorpedo(t, &tr, c.faces...)
			got := events(g)
			at := 0
			for _, w := range c.want {
				i := strings.Index(got[at:], w)
				if i < 0 {
					t.Errorf("no %q in order in: %s", w, got)
					break
				}
				at += i + len(w)
			}
			if c.check != nil {
				c.check(t, &tr)
			}
		})
	}
}

// playRules runs play as a game's rules, answering decisions with answer.
type playRules struct {
	r    *Rules
	play func(c *engine.Ctx, r *Rules)
}

func (p *playRules) Play(c *engine.Ctx) { p.play(c, p.r) }

func runRules(t *testing.T, play func(c *engine.Ctx, r *Rules), answer func(d *engine.Decision) (string, []string)) (*engine.Game, *Rules) {
	t.Helper()
	d := *def(t)
	pr := &playRules{r: &Rules{Scenario: Convoy, Setup: &Setup{}, Aware: map[string]bool{Attacker: true, Defender: true}}, play: play}
	d.New = func([]gamelog.Option, *tables.Set) (engine.Rules, error) { return pr, nil }
	g, err := engine.New(engine.Config{Def: &d, Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	g.KeepHistory(true)
	_, err = g.Step(engine.NoPause)
	for i := 0; err == nil && !g.Over() && i < 100; i++ {
		p := g.Pending()
		if p.Decision == nil {
			_, err = g.Step(engine.NoPause)
			continue
		}
		ans, args := answer(p.Decision)
		_, err = g.ChooseArgs(ans, args, engine.ByPlayer, engine.NoPause)
	}
	if err != nil {
		t.Fatal(err)
	}
	return g, pr.r
}

// Ship movement: a ship that loses all its engines at 10 cm or more runs
// on 3 cm in its next move only, straight ahead; Bridge loss: no turning.
func TestEngineAndBridgeLoss(t *testing.T) {
	var offered []string
	g, _ := runRules(t, func(c *engine.Ctx, r *Rules) {
		s, _ := NewShip(c.Record("FAIRMILE-D"), "mtb1", Attacker)
		s.Speed = 12
		m := &Marker{ID: "A1", Side: Attacker, Ship: s, Revealed: true}
		r.Markers = []*Marker{m}
		s.EngLost = 2
		r.loseSystem(c, s, "engines") // the last box, at 12 cm
		r.move(c, m)                  // drifts 3 cm
		r.move(c, m)                  // dead in the water
		s.EngLost = 0
		r.loseSystem(c, s, "bridge")
		r.move(c, m)
	}, func(d *engine.Decision) (string, []string) {
		var names []string
		for _, o := range d.Options {
			names = append(names, o.Name)
		}
		offered = append(offered, strings.Join(names, ","))
		return "hold", nil
	})
	got := events(g)
	for _, w := range []string{"mtb1 loses an engine box.", "A1 holds course, 3 cm.", "A1 holds course, 0 cm.", "mtb1 loses a bridge point.", "A1 holds course, 3 cm."} {
		if !strings.Contains(got, w) {
			t.Errorf("no %q in %s", w, got)
		}
	}
	// the third move: stationary, it may go astern (Ship movement)
	if want := "hold,speed|hold,speed|hold,speed,astern"; strings.Join(offered, "|") != want {
		t.Errorf("offered %s, want %s (no turning orders adrift, dead or without a bridge)", strings.Join(offered, "|"), want)
	}
}

// Shooting variables: each goes on the die when its condition holds.
func TestShootingVariables(t *testing.T) {
	for _, c := range []struct {
		name    string
		shooter string
		setup   func(r *Rules, s, t *Ship)
		want    string
	}{
		{"+2 straddled or hit last turn", "S-BOAT", func(r *Rules, s, t *Ship) { r.straddle[[2]string{s.Name, t.Name}] = true }, "+2 straddled or hit this target last turn"},
		{"+1 target stationary", "S-BOAT", func(r *Rules, s, t *Ship) { t.Speed = 0 }, "+1 the target is stationary"},
		{"-1 above half speed", "S-BOAT", func(r *Rules, s, t *Ship) { s.Speed = 12 }, "-1 shooter or target above half its maximum speed"},
		{"-2 turning", "S-BOAT", func(r *Rules, s, t *Ship) { s.Turning = true }, "-2 the shooter is turning this turn"},
		{"-2 smaller than a corvette in a medium sea", "S-BOAT", func(r *Rules, s, t *Ship) { r.Sea = "medium" }, "-2 smaller than a corvette in a medium sea"},
		{"-2 guns over 5\\\" from a destroyer or smaller", "HUNT", func(r *Rules, s, t *Ship) { s.Guns = []Weapon{Gun6}; s.GunLost = []bool{false} }, "-2 guns larger than 5\" fired from a destroyer or smaller"},
	} {
		t.Run(c.name, func(t *testing.T) {
			g, _ := runRules(t, func(ctx *engine.Ctx, r *Rules) {
				r.straddle, r.straddleN, r.pend = map[[2]string]bool{}, map[[2]string]bool{}, map[string][]pending{}
				s, _ := NewShip(ctx.Record(c.shooter), "shooter1", Attacker)
				tg, _ := NewShip(ctx.Record("MERCHANT"), "target1", Defender)
				s.Speed, tg.Speed = 1, 1
				sm := &Marker{ID: "A1", Side: Attacker, Ship: s, Revealed: true}
				tm := &Marker{ID: "M1", Side: Defender, Ship: tg, Revealed: true}
				r.Markers = []*Marker{sm, tm}
				c.setup(r, s, tg)
				r.fire(ctx, s, tm)
			}, func(d *engine.Decision) (string, []string) { return "range", []string{"20"} })
			var mods []string
			for _, e := range g.History() {
				if e.Type == "roll" && e.Str("table") == "GUN" {
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
			got := strings.Join(mods, "; ")
			if !strings.Contains(got, c.want) || strings.Count(got, ";") > 0 {
				t.Errorf("mods %q, want only %q", got, c.want)
			}
		})
	}
}

// Shooting variables: "When shooting, add the following and compare with
// a D6 roll; Dice roll, + or -": read on the die by default, on the
// shooting factor with variables=factor (rules notes). An S-boat's 6
// points at 20 cm at a stationary target it straddled last turn (+3): the
// die reading reads the row of 6 with the die +3, the factor reading the
// row of 9 with the bare die.
func TestShootingVariablesReading(t *testing.T) {
	for _, reading := range []string{VariablesDie, VariablesFactor} {
		g, _ := runRules(t, func(ctx *engine.Ctx, r *Rules) {
			r.Variables = reading
			r.straddle, r.straddleN, r.pend = map[[2]string]bool{}, map[[2]string]bool{}, map[string][]pending{}
			s, _ := NewShip(ctx.Record("S-BOAT"), "shooter1", Attacker)
			tg, _ := NewShip(ctx.Record("MERCHANT"), "target1", Defender)
			s.Speed, tg.Speed = 1, 0
			sm := &Marker{ID: "A1", Side: Attacker, Ship: s, Revealed: true}
			tm := &Marker{ID: "M1", Side: Defender, Ship: tg, Revealed: true}
			r.Markers = []*Marker{sm, tm}
			r.straddle[[2]string{s.Name, tg.Name}] = true
			r.fire(ctx, s, tm)
		}, func(d *engine.Decision) (string, []string) { return "range", []string{"20"} })
		var roll, fire *gamelog.Event
		h := g.History()
		for i := range h {
			switch {
			case h[i].Type == "roll" && h[i].Str("table") == "GUN":
				roll = &h[i]
			case h[i].Type == "gunfire":
				fire = &h[i]
			}
		}
		if roll == nil || fire == nil {
			t.Fatalf("%s: no gunfire", reading)
		}
		faces, _ := roll.Get("faces")
		die := int(faces.L[0].I)
		mods, hasMods := roll.Get("mods")
		switch reading {
		case VariablesDie:
			if roll.Int("value") != 6 || !hasMods || len(mods.L) != 2 || roll.Int("total") != die+3 {
				t.Errorf("die reading: factor %d, total %d, mods %v; want factor 6 and the die %d +3", roll.Int("value"), roll.Int("total"), mods, die)
			}
			if _, ok := fire.Get("variables"); ok {
				t.Error("die reading: the gunfire event has variables")
			}
		case VariablesFactor:
			if roll.Int("value") != 9 || hasMods || roll.Int("total") != die {
				t.Errorf("factor reading: factor %d, total %d, mods %v; want factor 9 and the bare die %d", roll.Int("value"), roll.Int("total"), mods, die)
			}
			if fire.Int("factor") != 6 || fire.Int("variables") != 3 {
				t.Errorf("factor reading: gunfire %v, want factor 6, variables 3", fire.Fields)
			}
		}
	}
}
