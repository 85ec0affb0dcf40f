package coastal

import (
	"bytes"
	"fmt"
	"os"
	"strings"
	"testing"

	"github.com/schnell-wargames/schnell/engine"
	"github.com/schnell-wargames/schnell/gamelog"
	"github.com/schnell-wargames/schnell/scripting"
	"github.com/schnell-wargames/schnell/sheet"
	"github.com/schnell-wargames/schnell/tables"
)

func def(t testing.TB) *engine.Definition {
	t.Helper()
	d, err := Definition()
	if err != nil {
		t.Fatal(err)
	}
	return d
}

// Gunfire chart: cannon points by range, guns single and directed.
func TestGunfireChart(t *testing.T) {
	for _, c := range []struct {
		name string
		ws   []Weapon
		cm   int
		want int
	}{
		{"twin MG up to 15", []Weapon{TwinMG}, 15, 2},
		{"twin MG up to 40", []Weapon{TwinMG}, 40, 1},
		{"twin MG 41-60 cannot", []Weapon{TwinMG}, 41, 0},
		{"single 20mm 41-60", []Weapon{Single20}, 60, 1},
		{"twin 20mm up to 15", []Weapon{Twin20}, 10, 4},
		{"single 37/40 41-60", []Weapon{Single40}, 50, 2},
		{"twin 37/40 up to 15", []Weapon{Twin40}, 15, 6},
		{"larger up to 40", []Weapon{Larger}, 16, 3},
		{"larger up to 15", []Weapon{Larger}, 1, 7},
		{"cannon beyond 60", []Weapon{Larger}, 61, 0},
		{"single gun up to 30", []Weapon{Gun4}, 30, 2},
		{"single gun 31-60", []Weapon{Gun4}, 31, 1},
		{"single gun 61+", []Weapon{Gun4}, 200, 1},
		{"3 directed guns up to 30: 4.5 rounds down", []Weapon{Gun4, Gun4, Gun4}, 20, 4},
		{"2 directed guns up to 30", []Weapon{Gun4, Gun4}, 20, 3},
		{"3 directed guns 31-60: 1 + 1 per 2", []Weapon{Gun4, Gun4, Gun4}, 45, 2},
		{"4 directed guns 61+: 1 per 2", []Weapon{Gun4, Gun4, Gun4, Gun4}, 80, 2},
	} {
		t.Run(c.name, func(t *testing.T) {
			if got := Factor(c.ws, c.cm); got != c.want {
				t.Errorf("Factor(%v, %d) = %d, want %d", c.ws, c.cm, got, c.want)
			}
		})
	}
}

// Gunfire: "an E-boat able to fire a 40mm and 2 twin 20mm cannon would
// fire once": one factor for the three, by range.
func TestEBoatFiresOnce(t *testing.T) {
	eboat := []Weapon{Single40, Twin20, Twin20}
	for _, c := range []struct{ cm, want int }{{15, 12}, {40, 6}, {60, 4}, {61, 0}} {
		if got := Factor(eboat, c.cm); got != c.want {
			t.Errorf("E-boat at %d cm: factor %d, want %d", c.cm, got, c.want)
		}
	}
	d := def(t)
	s, err := NewShip(mustRecord(t, d, "S-BOAT"), "eboat1", Attacker)
	if err != nil {
		t.Fatal(err)
	}
	var cannon int
	for _, w := range s.Guns {
		if !w.IsGun() {
			cannon++
		}
	}
	if cannon != 3 || Factor(s.Guns, 41) != 4 {
		t.Errorf("the S-BOAT card fires %d cannon at factor %d at 41 cm, want 3 at 4", cannon, Factor(s.Guns, 41))
	}
}

// Weapon classes: 3, 2 and 1 points. "2pts: 6 and 12 pdr cannon": the
// chart's Larger row (6+12 pdr) is 2, the vierlings and multiple pom-poms
// that fire on it 3.
func TestWeaponClasses(t *testing.T) {
	for w, want := range map[Weapon]int{Larger: 2, Vierling: 3, PomPom4: 3, Twin20: 2, Single40: 2, Twin40: 2, Single20: 1, TwinMG: 1, Gun4: 0} {
		if got := w.ClassPoints(); got != want {
			t.Errorf("%s: %d points, want %d", w, got, want)
		}
	}
}

// Gunfire: damage points of guns of 3" or larger; cannon 1.
func TestGunDamageByCalibre(t *testing.T) {
	for w, want := range map[Weapon]int{Single40: 1, Gun3: 6, Gun4: 8, Gun5: 10, Gun6: 12, Gun8: 20} {
		if got := w.GunDamage(); got != want {
			t.Errorf("%s: %d points, want %d", w, got, want)
		}
	}
}

func mustRecord(t *testing.T, d *engine.Definition, id string) *tables.Record {
	t.Helper()
	r, ok := d.Booklets[0].Tables.Record(id)
	if !ok {
		t.Fatalf("no record %s", id)
	}
	return r
}

// Ship statistic charts: the Fairmile D card: a bridge, engines 12/8/4 cm,
// left and right torpedoes, no hull track, and no weapon drawn on it (so it
// fires the default twin MG of Early weapons). Ship movement: each engine box
// crossed off leaves the speed in the next box; none left: dead in the
// water.
func TestFairmileDCard(t *testing.T) {
	d := def(t)
	s, err := NewShip(mustRecord(t, d, "FAIRMILE-D"), "mtb1", Attacker)
	if err != nil {
		t.Fatal(err)
	}
	if s.Class != MTB || s.Bridge != 1 || s.Torps != 2 || s.Hull != 0 || fmt.Sprint(s.Engines) != "[12 8 4]" {
		t.Fatalf("card: %+v", s)
	}
	if len(s.Guns) != 0 {
		t.Errorf("the card shows guns %v: the document's Fairmile D card has none", s.Guns)
	}
	if got := s.firing(); fmt.Sprint(got) != "[-1]" {
		t.Errorf("it fires mounts %v, want the default twin MG (-1)", got)
	}
	for _, want := range []int{12, 8, 4, 0} {
		if got := s.MaxSpeed(); got != want {
			t.Errorf("engines lost %d: max %d, want %d", s.EngLost, got, want)
		}
		s.EngLost++
	}
}

func readCell(t *testing.T, id string, f rollFacts, roll int) string {
	t.Helper()
	tb, ok := def(t).Booklets[0].Tables.Get(id)
	if !ok {
		t.Fatalf("no table %s", id)
	}
	c := tb.Read(rollBinding.Of(&f), roll, 0)
	return c.Result
}

// Observation: the score needed is 1 at 1-20 cm ... 6 at 101-120 cm;
// nothing beyond.
func TestObservationNeeded(t *testing.T) {
	for need, cm := range []int{20, 40, 60, 80, 100, 120} {
		need++
		for roll := 0; roll <= 7; roll++ {
			got := readCell(t, "OBS", rollFacts{cm: cm}, roll)
			want := "-"
			if roll >= need {
				want = "Y"
			}
			if got != want {
				t.Errorf("%d cm, total %d: %q, want %q", cm, roll, got, want)
			}
		}
	}
	if got := readCell(t, "OBS", rollFacts{cm: 121}, 9); got != "-" {
		t.Errorf("121 cm: %q, want nothing seen", got)
	}
}

// Shooting factor vs D6: the document's chart, row by row.
func TestShootingFactorTable(t *testing.T) {
	want := map[int]string{
		2:  "-----S1",
		4:  "----S11",
		6:  "---SS11",
		8:  "--SS112",
		10: "--S1123",
		13: "-SS1234",
		14: "-S12345",
	}
	for factor, row := range want {
		for d := 1; d <= 7; d++ {
			if got := readCell(t, "GUN", rollFacts{factor: factor}, d); got != string(row[d-1]) {
				t.Errorf("factor %d, D6 %d: %q, want %q", factor, d, got, string(row[d-1]))
			}
		}
	}
	if got := readCell(t, "GUN", rollFacts{factor: 14}, 9); got != "5" {
		t.Errorf("a modified 9 reads the 7+ column: %q", got)
	}
}

// Torpedoes: hits and effect, both columns.
func TestTorpedoEffects(t *testing.T) {
	small := []string{"MISS", "MISS", "UNDER", "NEAR", "SER", "DIS", "SINK4"}
	large := []string{"MISS", "MISS", "NEAR", "SER", "DIS", "SINK6", "BREAK"}
	for i := range small {
		if got := readCell(t, "TORP", rollFacts{large: 0}, i+1); got != small[i] {
			t.Errorf("corvette and smaller, %d: %s, want %s", i+1, got, small[i])
		}
		if got := readCell(t, "TORP", rollFacts{large: 1}, i+1); got != large[i] {
			t.Errorf("frigate and larger, %d: %s, want %s", i+1, got, large[i])
		}
	}
}

// Scenarios: each sets up from its rules for two force sizes.
func TestScenarioSetups(t *testing.T) {
	count := func(s *Setup) string {
		pots := []string{}
		for _, p := range s.Pots {
			pots = append(pots, fmt.Sprintf("%s %d+%d draw %d", p.ID, len(p.Real), p.Dummies, p.Draw))
		}
		return fmt.Sprintf("att %d def %d; %s", len(s.Attackers), len(s.Defenders), strings.Join(pots, "; "))
	}
	for _, c := range []struct {
		name, scenario string
		p              Params
		want           string
	}{
		// (1) 1 corvette per 2 merchantmen, 1 E-boat per 1.5; solo: boats x6
		// merchant and x3 escort markers drawn, 2 dummies per vessel.
		{"convoy 6 corvettes", Convoy, Params{Merchants: 6, Escort: "corvette", Boats: 2}, "att 2 def 9; MERCHANTS 6+12 draw 12; ESCORTS 3+6 draw 6; ATTACKERS 2+4 draw 0"},
		{"convoy 9 by ratio", Convoy, Params{Merchants: 9, Escort: "corvette"}, "att 6 def 14; MERCHANTS 9+18 draw 27; ESCORTS 5+10 draw 15; ATTACKERS 6+12 draw 0"},
		{"convoy trawlers", Convoy, Params{Merchants: 4, Escort: "trawler", Boats: 1}, "att 1 def 8; MERCHANTS 4+8 draw 6; ESCORTS 4+8 draw 3; ATTACKERS 1+2 draw 0"},
		{"convoy destroyers", Convoy, Params{Merchants: 8, Escort: "destroyer", Boats: 1}, "att 1 def 10; MERCHANTS 8+16 draw 6; ESCORTS 2+4 draw 3; ATTACKERS 1+2 draw 0"},
		// Solo attackers: 1 per 2 merchantmen, 3 dummies each, 3 in 4 drawn.
		{"convoy solo attackers", Convoy, Params{Merchants: 6, Escort: "corvette", Boats: 2, SoloAtk: true}, "att 3 def 9; MERCHANTS 6+12 draw 12; ESCORTS 3+6 draw 6; ATTACKERS 3+9 draw 9"},
		// (2) 1 stricken boat, up to 6 others, an equal number of MTBs.
		{"rescue 3", Rescue, Params{Size: 3}, "att 3 def 4; ATTACKERS 3+6 draw 0; DEFENDERS 4+8 draw 0"},
		{"rescue 6", Rescue, Params{Size: 6}, "att 6 def 7; ATTACKERS 6+12 draw 0; DEFENDERS 7+14 draw 0"},
		// (3) equal numbers, a destroyer on a 5 or 6.
		{"hunter 4", Hunter, Params{Size: 4}, "att 4 def 4; ATTACKERS 4+8 draw 0; DEFENDERS 4+8 draw 0"},
		{"hunter 5 and destroyer", Hunter, Params{Size: 5, Destroyer: true}, "att 6 def 5; ATTACKERS 6+12 draw 0; DEFENDERS 5+10 draw 0"},
		// (4) a smaller force 2/3 as strong.
		{"escape 6", Escape, Params{Size: 6}, "att 4 def 6; ATTACKERS 4+8 draw 0; DEFENDERS 6+12 draw 0"},
		{"escape 4", Escape, Params{Size: 4}, "att 3 def 4; ATTACKERS 3+6 draw 0; DEFENDERS 4+8 draw 0"},
		// Deployment, the random game: the Allies' MTBs, warships and
		// merchantmen against as many German boats as MTBs (our reading).
		{"random 3", Random, Params{Size: 3, Merchants: 4, Escort: "corvette"}, "att 3 def 9; ATTACKERS 3+6 draw 0; DEFENDERS 9+18 draw 0"},
		{"random 5", Random, Params{Size: 5, Merchants: 2, Escort: "destroyer"}, "att 5 def 8; ATTACKERS 5+10 draw 0; DEFENDERS 8+16 draw 0"},
	} {
		t.Run(c.name, func(t *testing.T) {
			s, err := Deploy(c.scenario, c.p)
			if err != nil {
				t.Fatal(err)
			}
			if got := count(s); got != c.want {
				t.Errorf("got  %s\nwant %s", got, c.want)
			}
		})
	}
	for _, bad := range []struct {
		scenario string
		p        Params
	}{{Convoy, Params{Merchants: 0, Escort: "corvette"}}, {Convoy, Params{Merchants: 3, Escort: "sloop"}}, {Rescue, Params{Size: 7}}, {"raid", Params{}}} {
		if _, err := Deploy(bad.scenario, bad.p); err == nil {
			t.Errorf("%s %+v: no error", bad.scenario, bad.p)
		}
	}
}

// tableAnswers plays the table: ranges cycle over plausible distances, a
// torpedo touches its target's marker every third run, observation is
// kept.
type tableAnswers struct {
	n int
	g *engine.Game
}

func (a *tableAnswers) answer(d *engine.Decision) (string, []string) {
	a.n++
	switch d.Kind {
	case "range":
		o := d.Options[0]
		cm := 10 + (a.n*17)%100
		if o.Args[0].Name == "marker" {
			ids := o.Args[0].IDs
			yes := func(b bool) string {
				if b {
					return "yes"
				}
				return "no"
			}
			return "range", []string{ids[a.n%len(ids)], fmt.Sprint(cm), yes(a.n%5 == 0), yes(a.n%7 == 0)}
		}
		return "range", []string{fmt.Sprint(max(cm, 30))}
	case "torpedo_run":
		if a.n%3 == 0 && len(d.Options) == 3 {
			ids := d.Options[2].Args[0].IDs
			return "touch", []string{ids[a.n%len(ids)], "no"}
		}
		return "clear", nil
	case "kept":
		if a.n%4 == 0 && a.g != nil {
			for _, m := range a.g.Rules().(*Rules).Markers {
				if m.Observed && m.Live() && (m.Ship == nil || !m.Ship.Fired) {
					return "lost", []string{m.ID} // the first of them moved away
				}
			}
		}
		return "kept", nil
	}
	return d.Options[d.Default].Name, nil
}

// playConvoy plays a convoy: the attacker by scripts/coastal/attackers.lua,
// the defender by scripts/coastal/convoy.lua, the table by tableAnswers.
func playConvoy(t *testing.T, seed uint64, opts ...gamelog.Option) *engine.Game {
	t.Helper()
	return playWith(t, seed, map[string]string{Attacker: "attackers.lua", Defender: "convoy.lua"}, opts...)
}

// playWith plays a game with a script on each side.
func playWith(t *testing.T, seed uint64, scripts map[string]string, opts ...gamelog.Option) *engine.Game {
	t.Helper()
	d := def(t)
	g, err := engine.New(engine.Config{Def: d, Seed: seed, Options: opts})
	if err != nil {
		t.Fatal(err)
	}
	for _, side := range Sides {
		file := scripts[side]
		h, err := scripting.AttachSide(g, d, side, "../scripts/coastal/"+file, scripting.Options{Deadline: scripting.DefaultDeadline * 8})
		if err != nil {
			t.Fatal(err)
		}
		defer h.Close()
	}
	g.KeepHistory(true)
	a := tableAnswers{g: g}
	for i := 0; !g.Over(); i++ {
		if i > 100000 {
			t.Fatal("the game does not end")
		}
		p := g.Pending()
		var err error
		switch {
		case p == nil || p.Pause != "":
			_, err = g.Step(engine.NoPause)
		case p.Decision != nil && p.Decision.Side == engine.TableSide:
			ans, args := a.answer(p.Decision)
			_, err = g.ChooseArgs(ans, args, engine.ByPlayer, engine.NoPause)
		default:
			t.Fatalf("the game waits for %+v", p)
		}
		if err != nil {
			t.Fatal(err)
		}
	}
	if g.Err() != nil {
		t.Fatal(g.Err())
	}
	return g
}

func logOf(t *testing.T, g *engine.Game) []byte {
	t.Helper()
	var b bytes.Buffer
	if err := g.WriteLog(&b); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

// Determinism: the same seed and decisions give a byte-identical log, and
// the log replays (replay --verify).
func TestSameSeedSameLog(t *testing.T) {
	for _, seed := range []uint64{1, 11, 42, 1001, 1011, 1042} {
		var opts []gamelog.Option
		if seed > 1000 { // on the virtual table too
			opts = append(opts, virtual)
		}
		a, b := logOf(t, playConvoy(t, seed, opts...)), logOf(t, playConvoy(t, seed, opts...))
		if !bytes.Equal(a, b) {
			t.Fatalf("seed %d: two logs differ", seed)
		}
		lg, err := gamelog.Read("convoy", bytes.NewReader(a))
		if err != nil {
			t.Fatal(err)
		}
		if _, err := engine.Replay(def(t), lg, -1, engine.Config{}); err != nil {
			t.Fatalf("seed %d: replay: %v", seed, err)
		}
		if !strings.Contains(string(a), `"type":"victory"`) {
			t.Errorf("seed %d: no victory event", seed)
		}
	}
}

// Hidden markers: an identity never shows to the other side before its
// marker is revealed: not in the register (status, markers), not in the
// Lua view, not in any event but the masked draw.
func TestHiddenMarkersMasked(t *testing.T) {
	for _, seed := range []uint64{1, 11, 42, 1001, 1011, 1042} {
		opts := []gamelog.Option{{Name: "turns", Value: "2"}}
		if seed > 1000 { // on the virtual table too
			opts = append(opts, virtual)
		}
		g := playConvoy(t, seed, opts...)
		r := g.Rules().(*Rules)
		var reg bytes.Buffer
		r.Register(&reg, func(side string) bool { return side == Attacker })
		hidden := 0
		for _, m := range r.Markers {
			if m.Side != Defender || m.Revealed || m.Torpedo {
				continue
			}
			hidden++
			line := ""
			for _, l := range strings.Split(reg.String(), "\n") {
				if strings.HasPrefix(l, m.ID+" ") {
					line = l
				}
			}
			if !strings.HasSuffix(line, " ?") {
				t.Errorf("seed %d: the attacker's register shows %q", seed, line)
			}
			if m.Ship != nil {
				// its ship's name is in no event but its own hidden draw
				for _, e := range g.History() {
					if e.Type == "draw" {
						if masked := g.Mask(&e, Attacker); strings.Contains(fmt.Sprint(masked.Fields), m.Ship.Name) {
							t.Errorf("seed %d: the masked draw %d shows %s", seed, e.Seq, m.Ship.Name)
						}
						continue
					}
					if strings.Contains(fmt.Sprint(e.Fields), m.Ship.Name) {
						t.Errorf("seed %d: event %d (%s) names %s, whose marker %s is hidden", seed, e.Seq, e.Type, m.Ship.Name, m.ID)
					}
				}
			}
		}
		if hidden == 0 {
			t.Errorf("seed %d: no hidden marker left to check", seed)
		}
		view := fmt.Sprint(engine.ViewFields(r))
		for _, s := range r.Ships {
			if !r.markerOf(s).Revealed && strings.Contains(view, s.Name) {
				t.Errorf("seed %d: the Lua view names %s, not revealed", seed, s.Name)
			}
		}
		var ref bytes.Buffer
		r.Register(&ref, func(string) bool { return true })
		if strings.Contains(ref.String(), " ?\n") {
			t.Errorf("seed %d: the referee's register hides something:\n%s", seed, ref.String())
		}
	}
}

// Every scenario plays to its end with the solo scripts on both sides,
// the same twice, and replays.
func TestEveryScenarioPlays(t *testing.T) {
	for _, sc := range Scenarios {
		for _, size := range []string{"2", "5", "virtual-2", "virtual-5"} {
			t.Run(sc+"-"+size, func(t *testing.T) {
				opts := []gamelog.Option{{Name: "scenario", Value: sc}, {Name: "size", Value: strings.TrimPrefix(size, "virtual-")}, {Name: "merchants", Value: strings.TrimPrefix(size, "virtual-")}}
				if strings.HasPrefix(size, "virtual-") { // the same scripts on the virtual table
					opts = append(opts, virtual)
				}
				g := playConvoy(t, 5, opts...)
				a := logOf(t, g)
				if b := logOf(t, playConvoy(t, 5, opts...)); !bytes.Equal(a, b) {
					t.Fatal("two logs differ")
				}
				lg, err := gamelog.Read(sc, bytes.NewReader(a))
				if err != nil {
					t.Fatal(err)
				}
				if _, err := engine.Replay(def(t), lg, -1, engine.Config{}); err != nil {
					t.Fatalf("replay: %v", err)
				}
				r := g.Rules().(*Rules)
				if r.Result == "" {
					t.Fatal("no result")
				}
			})
		}
	}
}

// Scenarios: victory conditions.
func TestVictoryConditions(t *testing.T) {
	ship := func(side string, class Class, f func(*Ship)) *Ship {
		s := &Ship{Side: side, Class: class, Hull: 4, Engines: []int{8}}
		if f != nil {
			f(s)
		}
		return s
	}
	sunk := func(s *Ship) { s.Sunk = true }
	torpHit := func(s *Ship) { s.TorpHit = true }
	zero := func(s *Ship) { s.Withdrawn = true }
	escaped := func(s *Ship) { s.Escaped = true }
	for _, c := range []struct {
		name     string
		scenario string
		ships    []*Ship
		vp       int
		result   string
	}{
		{"(1) merchantman sunk +2", Convoy, []*Ship{ship(Defender, Merchant, sunk)}, 2, "attacker wins"},
		{"(1) corvette sunk +2", Convoy, []*Ship{ship(Defender, Corvette, sunk)}, 2, "attacker wins"},
		{"(1) trawler sunk is not larger than a trawler", Convoy, []*Ship{ship(Defender, Trawler, sunk)}, 0, "draw"},
		{"(1) another ship hit by a torpedo +1", Convoy, []*Ship{ship(Defender, Trawler, torpHit)}, 1, "attacker wins"},
		{"(1) E-boat lost -3", Convoy, []*Ship{ship(Attacker, EBoat, sunk), ship(Defender, Merchant, sunk)}, -1, "defender wins"},
		{"(1) E-boat '0' pointed -1", Convoy, []*Ship{ship(Attacker, EBoat, zero), ship(Defender, Merchant, torpHit)}, 0, "draw"},
		{"(2) fewer lost wins", Rescue, []*Ship{ship(Attacker, MTB, sunk), ship(Defender, EBoat, zero), ship(Defender, EBoat, sunk)}, 1, "attacker wins"},
		{"(3) equal losses draw", Hunter, []*Ship{ship(Attacker, MTB, zero), ship(Defender, EBoat, sunk)}, 0, "draw"},
		{"(4) 2 of 3 escape and a patrol boat lost", Escape, []*Ship{ship(Attacker, MTB, escaped), ship(Attacker, MTB, escaped), ship(Attacker, MTB, sunk), ship(Defender, EBoat, sunk)}, 2, "attacker wins"},
		{"(4) all escape but nothing lost", Escape, []*Ship{ship(Attacker, MTB, escaped), ship(Defender, EBoat, nil)}, 1, "defender wins"},
		{"(4) 1 of 3 escapes", Escape, []*Ship{ship(Attacker, MTB, escaped), ship(Attacker, MTB, nil), ship(Attacker, MTB, nil), ship(Defender, EBoat, sunk)}, 1, "defender wins"},
	} {
		t.Run(c.name, func(t *testing.T) {
			r := &Rules{Scenario: c.scenario, Ships: c.ships, Setup: &Setup{}}
			vp, result := r.Outcome()
			if vp != c.vp || result != c.result {
				t.Errorf("got %d %s, want %d %s", vp, result, c.vp, c.result)
			}
		})
	}
}

// Every event type and field the game writes is in docs/log-format-coastal.md.
func TestLogFormatDocumented(t *testing.T) {
	src, err := os.ReadFile("../docs/log-format-coastal.md")
	if err != nil {
		t.Fatal(err)
	}
	doc := string(src)
	kernel := map[string]bool{"roll": true, "decision": true, "draw": true, "reveal": true, "read": true}
	for _, sc := range Scenarios {
		g := playConvoy(t, 9, gamelog.Option{Name: "scenario", Value: sc})
		for _, e := range g.History() {
			if kernel[e.Type] {
				continue
			}
			if !strings.Contains(doc, "`"+e.Type+"`") {
				t.Errorf("%s: event %s is not documented", sc, e.Type)
				continue
			}
			for _, f := range e.Fields {
				if !strings.Contains(doc, "`"+f.Key+"`") {
					t.Errorf("%s: field %s.%s is not documented", sc, e.Type, f.Key)
				}
			}
		}
	}
}

// The flotilla script (Warship v Warship tactics) plays either side of a
// hunter action to its end.
func TestFlotillaScript(t *testing.T) {
	for _, seed := range []uint64{1, 2, 3} {
		g := playWith(t, seed, map[string]string{Attacker: "flotilla.lua", Defender: "flotilla.lua"}, gamelog.Option{Name: "scenario", Value: Hunter})
		launched, comb := 0, 0
		for _, e := range g.History() {
			if e.Type == "launch" {
				launched++
			}
			if e.Type == "move" && e.Str("course") == "comb" {
				comb++
			}
		}
		if launched == 0 || comb == 0 {
			t.Errorf("seed %d: %d launches, %d combing moves: the tactics never came into play", seed, launched, comb)
		}
	}
}

// Sheets: the per-side register never shows an unobserved identity of the
// other side; the referee's shows all; the others render.
func TestSheets(t *testing.T) {
	g := playConvoy(t, 11, gamelog.Option{Name: "turns", Value: "2"})
	r := g.Rules().(*Rules)
	all, err := Game{}.Sheets(g, "all", 0)
	if err != nil {
		t.Fatal(err)
	}
	if len(all) != len(sheetNames)+1 { // the ship charts are two tables
		t.Errorf("%d sheets, want %d", len(all), len(sheetNames)+1)
	}
	hidden := 0
	for _, s := range all {
		var b bytes.Buffer
		if err := sheet.Write(&b, sheet.Text, s); err != nil {
			t.Fatalf("%s: %v", s.Name, err)
		}
		// Tables that fit (issue 25 item 6): at 80 columns a table's rows
		// are whole, its ids and numbers never broken.
		for _, line := range strings.Split(b.String(), "\n") {
			if n := len([]rune(line)); n > 80 {
				t.Errorf("%s: a line of %d columns: %s", s.Name, n, line)
			}
		}
		if s.Name != "register-attacker" && s.Name != "register-defender" {
			continue
		}
		side := strings.TrimPrefix(s.Name, "register-")
		for _, row := range s.Rows {
			m := r.marker(row[0])
			if m.Side != side && !m.Revealed {
				hidden++
				if row[4] != "?" {
					t.Errorf("%s shows %s as %q", s.Name, m.ID, row[4])
				}
			}
			if m.Side == side && row[4] == "?" {
				t.Errorf("%s hides its own %s", s.Name, m.ID)
			}
		}
	}
	if hidden == 0 {
		t.Error("no hidden marker to check")
	}
	if _, err := (Game{}).Sheets(g, "nonesuch", 0); err == nil {
		t.Error("an unknown sheet gives no error")
	}
	var lg gamelog.Log
	lg.Events = g.History()
	rep, err := Game{}.Report(g, &lg, 0)
	if err != nil || !strings.Contains(rep, "After-action report") {
		t.Errorf("report: %v\n%s", err, rep)
	}
}

// docs/lua-api-coastal.md is generated from LuaAPI (-update rewrites it).
func TestLuaAPIDoc(t *testing.T) {
	want := Game{}.LuaAPI().Doc()
	path := "../docs/lua-api-coastal.md"
	if *update {
		if err := os.WriteFile(path, []byte(want), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	got, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if string(got) != want {
		t.Errorf("%s is out of date: go test ./coastal -run LuaAPIDoc -update", path)
	}
}

// Warship v Warship (solo rules 2-9): the pot, columns of 3, and once a
// column's ship is found, live markers behind it and the other columns
// back into the pot; a live dummy is replaced from the pot.
func TestWarshipPot(t *testing.T) {
	for _, c := range []struct {
		size, enemy, drawn int
	}{{2, 3, 9}, {4, 6, 18}} {
		s, err := Deploy(Warships, Params{Size: c.size})
		if err != nil {
			t.Fatal(err)
		}
		p := s.Pots[1]
		if len(p.Real) != c.enemy || p.Dummies != 3*c.enemy || p.Draw != c.drawn {
			t.Errorf("size %d: pot %d real + %d dummies, %d drawn; want %d + %d, %d", c.size, len(p.Real), p.Dummies, p.Draw, c.enemy, 3*c.enemy, c.drawn)
		}
	}
	found, replaced := 0, 0
	for seed := uint64(1); seed <= 8; seed++ {
		g := playWith(t, seed, map[string]string{Attacker: "flotilla.lua", Defender: "flotilla.lua"}, gamelog.Option{Name: "scenario", Value: Warships}, gamelog.Option{Name: "size", Value: "3"})
		r := g.Rules().(*Rules)
		for _, m := range r.Markers {
			if cols := ceilDiv(r.Setup.Pots[1].Draw, 3); m.Column > cols {
				t.Errorf("seed %d: marker %s in column %d of %d", seed, m.ID, m.Column, cols)
			}
		}
		for _, e := range g.History() {
			if e.Type == "draw" && strings.HasPrefix(e.Str("for"), "replacing ") {
				replaced++
			}
			if e.Type != "column_found" {
				continue
			}
			found++
			placed, removed := strs(&e, "placed"), strs(&e, "removed")
			for _, id := range removed {
				if m := r.marker(id); !m.Gone || m.Column == e.Int("column") {
					t.Errorf("seed %d: %s removed but %+v", seed, id, m)
				}
			}
			if len(placed) == 0 {
				t.Errorf("seed %d: no live marker placed", seed)
			}
		}
		if lg := logOf(t, g); !bytes.Equal(lg, logOf(t, playWith(t, seed, map[string]string{Attacker: "flotilla.lua", Defender: "flotilla.lua"}, gamelog.Option{Name: "scenario", Value: Warships}, gamelog.Option{Name: "size", Value: "3"}))) {
			t.Errorf("seed %d: two logs differ", seed)
		}
	}
	if found == 0 || replaced == 0 {
		t.Errorf("%d columns found, %d live dummies replaced: the rule never came into play", found, replaced)
	}
}

// Warship v Warship, 2: "Choose 1.5 pts per point in your fleet of
// appropriate enemy vessels": the points are those of Weapon classes, and
// ships come whole, so the enemy comes as near 1.5 per point as it can,
// short of it or over it. Hunt against Hunt (4 points each): 3 ships (12
// points, so 18) meet 4 or 5; 2 ships (8, so 12) meet exactly 3.
func TestWarshipsForceSizes(t *testing.T) {
	for _, c := range []struct {
		size, enemy, want int
		err               string
	}{
		{1, 0, 2, ""}, {1, 1, 1, ""}, {1, 2, 2, ""},
		{2, 0, 3, ""}, {2, 3, 3, ""}, {2, 4, 0, "say enemy 3"},
		{3, 0, 5, ""}, {3, 4, 4, ""}, {3, 5, 5, ""}, {3, 6, 0, "your 3 ships have 12 points (Weapon classes), so the enemy brings 18 points"},
		{5, 7, 7, ""}, {5, 8, 8, ""}, {5, 9, 0, "say enemy 7 or 8"},
	} {
		g, err := engine.New(engine.Config{Def: def(t), Seed: 1, Options: []gamelog.Option{
			{Name: "scenario", Value: Warships}, {Name: "size", Value: fmt.Sprint(c.size)}, {Name: "enemy", Value: fmt.Sprint(c.enemy)}}})
		if c.err != "" {
			if err == nil || !strings.Contains(err.Error(), c.err) {
				t.Errorf("size %d enemy %d: %v, want an error saying %q", c.size, c.enemy, err, c.err)
			}
			continue
		}
		if err != nil {
			t.Errorf("size %d enemy %d: %v", c.size, c.enemy, err)
			continue
		}
		if got := len(g.Rules().(*Rules).Setup.Defenders); got != c.want {
			t.Errorf("size %d enemy %d: %d enemy ships, want %d", c.size, c.enemy, got, c.want)
		}
	}
}

// The rules notes say how every scenario plays and call none "not built".
func TestRulesNotesScenarios(t *testing.T) {
	b, err := os.ReadFile("../docs/rules-notes-coastal.md")
	if err != nil {
		t.Fatal(err)
	}
	notes := string(b)
	if i := strings.Index(strings.ToLower(notes), "not built"); i >= 0 {
		t.Errorf("the rules notes say %q, but every scenario is built", notes[max(0, i-40):min(len(notes), i+60)])
	}
	for _, sc := range Scenarios {
		if !strings.Contains(notes, "scenario="+sc) {
			t.Errorf("the rules notes do not say how scenario=%s plays", sc)
		}
	}
}

// Solo rules, attackers d: "Once an enemy vessel is spotted, the spotting
// marker will fire its 2 'Torpedoes' if within 60cms": every launch of
// attackers.lua is by a marker at a ship it observed itself in its side's
// last observation step, from the range measured then (nothing has moved
// since), within 60 cm and not under 30.
func TestSoloAttackersLaunch(t *testing.T) {
	launches, beyond := 0, 0
	for seed := uint64(1); seed <= 12; seed++ {
		g := playConvoy(t, seed, gamelog.Option{Name: "attackers", Value: "solo"})
		seen := map[[2]string]int{} // observer, target: cm, in the attacker's last observation step
		cm := 0
		for _, e := range g.History() {
			switch e.Type {
			case "step":
				if e.Int("step") == 7 {
					clear(seen)
				}
			case "decision":
				if e.Str("kind") == "range" {
					if a, ok := e.Get("args"); ok {
						for _, f := range a.O {
							if f.Key == "cm" {
								cm = int(f.Val.I)
							}
						}
					}
				}
			case "observed":
				seen[[2]string{e.Str("by"), e.Str("marker")}] = cm
			case "launch":
				if !strings.HasPrefix(e.Str("ship"), "A") {
					continue
				}
				launches++
				at, ok := seen[[2]string{e.Str("ship"), e.Str("target")}]
				switch {
				case !ok:
					t.Errorf("seed %d: %s launched at %s, which it did not spot itself", seed, e.Str("ship"), e.Str("target"))
				case at != e.Int("cm"):
					t.Errorf("seed %d: %s launched at %s from %d cm, observed at %d", seed, e.Str("ship"), e.Str("target"), e.Int("cm"), at)
				case e.Int("cm") > 60 || e.Int("cm") < 30:
					t.Errorf("seed %d: %s launched from %d cm (solo rule d: within 60 cm; Torpedoes: 30 cm or more)", seed, e.Str("ship"), e.Int("cm"))
				}
			}
		}
		for _, e := range g.History() {
			if e.Type == "observed" && strings.HasPrefix(e.Str("by"), "A") {
				beyond++ // sightings, some of them beyond 60 cm (held back)
			}
		}
	}
	if launches == 0 || beyond <= launches {
		t.Errorf("%d launches, %d sightings: the rule never came into play", launches, beyond)
	}
}

// Hidden information (issue 26 item 10): a dummy stands for its pot's
// ships, so it may launch dummy torpedoes only where they carry torpedoes:
// the convoy's merchantmen and escorts carry none, and none of their
// markers is asked to launch (a launch would prove a dummy); the E-boats'
// markers, real and dummy, are.
func TestLaunchOnlyWhereThePotCarriesTorpedoes(t *testing.T) {
	asked := map[string]int{}
	for seed := uint64(1); seed <= 6; seed++ {
		g := playConvoy(t, seed)
		for _, e := range g.History() {
			if e.Type == "decision" && e.Str("kind") == "launch" {
				asked[e.Str("side")]++
			}
		}
	}
	if asked[Defender] != 0 || asked[Attacker] == 0 {
		t.Errorf("launch asked %d times of the convoy, %d of the E-boats; want 0 and some", asked[Defender], asked[Attacker])
	}
}
