package bridge_test

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/schnell-wargames/schnell/engine"
	"github.com/schnell-wargames/schnell/gamelog"
	"github.com/schnell-wargames/schnell/schnellboats/bridge"
	"github.com/schnell-wargames/schnell/schnellrules"
	"github.com/schnell-wargames/schnell/tables"
)

func data(t testing.TB) *bridge.Data {
	t.Helper()
	d, err := bridge.Default()
	if err != nil {
		t.Fatal(err)
	}
	return d
}

func convoy(virtual bool) bridge.Encounter {
	return bridge.Encounter{
		Boats:   []bridge.Boat{{ID: "SB1", Type: "s100", Torpedoes: 4}, {ID: "SB2", Type: "s100", Torpedoes: 1}, {ID: "SB3", Type: "s100", Torpedoes: 0, Speed: "s"}},
		Enemy:   []bridge.Unit{{ID: "merchant-1", Type: "merchant"}, {ID: "merchant-2", Type: "merchant"}, {ID: "tanker-1", Type: "tanker"}, {ID: "destroyer-1", Type: "destroyer"}, {ID: "mtb-1", Type: "mtb"}},
		Weather: "good", Virtual: virtual,
	}
}

// The squadron's boats (docs/bridge.md, "The boats"): an S-100 is
// Schnell Rules' S 100; a Projekt 5b, which has no class, the nearest
// (S 100); each begins at the Medium speed the squadron cruises at,
// no faster than the campaign lets her (2.0 f), with the torpedoes
// (rockets) she has left in her tubes, two at most.
func TestBridgeBoats(t *testing.T) {
	d := data(t)
	for typ, class := range map[string]string{"s100": "s-100", "5b": "s-100"} {
		if s := d.Boats[typ]; s.Class != class || s.Speed != "m" || s.Reason == "" {
			t.Errorf("boat %s = %+v, want class %s at m with a reason", typ, s, class)
		}
	}
	p, err := d.Plan(convoy(false))
	if err != nil {
		t.Fatal(err)
	}
	want := []string{"add SB1 s-100 side=axis speed=m loaded=2", "add SB2 s-100 side=axis speed=m loaded=1", "add SB3 s-100 side=axis speed=s loaded=0"}
	if got := p.Setup[len(p.Setup)-3:]; strings.Join(got, "|") != strings.Join(want, "|") {
		t.Errorf("boats set up as\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	e := convoy(false)
	e.Boats = []bridge.Boat{{ID: "SB1", Type: "5b", Torpedoes: 2}}
	if p, err := d.Plan(e); err != nil || !strings.HasSuffix(p.Setup[len(p.Setup)-1], "add SB1 s-100 side=axis speed=m loaded=2") {
		t.Errorf("a 5b: %v %v", p.Setup, err)
	}
}

// The enemy's units (docs/bridge.md, "The enemy"): each of C-4's types
// to a named class, or none: a convoy's merchant ship and tanker to
// transport classes, a destroyer to the Hunt, an MTB and an MGB to the
// Fairmile 'D's; a light cruiser or a submarine keeps its encounter on
// the Combat Board.
func TestBridgeUnits(t *testing.T) {
	d := data(t)
	db, err := schnellrules.NewDatabase(d.Rules.Booklets[0].Tables)
	if err != nil {
		t.Fatal(err)
	}
	for typ, class := range map[string]string{"merchant": "medium-transport", "tanker": "medium-transport", "destroyer": "hunt-1", "mtb": "fairmile-d-mtb", "mgb": "fairmile-d-mgb"} {
		s := d.Units[typ]
		if s.Class != class || s.Reason == "" || db.Class(class) == nil {
			t.Errorf("unit %s = %+v, want class %s with a reason", typ, s, class)
		}
	}
	if !strings.Contains(db.Class(d.Units["tanker"].Class).Name, "Transport") {
		t.Errorf("a tanker is not a transport class: %s", d.Units["tanker"].Class)
	}
	for _, typ := range []string{"light_cruiser", "submarine"} {
		e := convoy(false)
		e.Enemy = append(e.Enemy, bridge.Unit{ID: typ + "-1", Type: typ})
		if err := d.Eligible(e); err == nil || !strings.Contains(err.Error(), "fought on the Combat Board") {
			t.Errorf("a %s: %v", typ, err)
		}
	}
	if err := d.Eligible(convoy(false)); err != nil {
		t.Errorf("a convoy of merchants, a tanker, a destroyer and an MTB: %v", err)
	}
	p, _ := d.Plan(convoy(false))
	if p.Setup[0] != "add merchant-1 medium-transport side=allies speed=s" || p.Setup[3] != "add destroyer-1 hunt-1 side=allies speed=s" || p.Setup[4] != "add mtb-1 fairmile-d-mtb side=allies speed=f" {
		t.Errorf("the enemy set up as %q", p.Setup[:5])
	}
}

// The weather (docs/bridge.md, "Weather, sea and where the battle
// begins"): its zone (4.6: where the boats may first fire from) and that
// zone's range; its visibility, read each turn from a d6 as Random
// Visibility; heavy seas one size smaller again, two at most.
func TestBridgeWeatherSeaAndZones(t *testing.T) {
	d := data(t)
	cases := []struct {
		weather string
		heavy   bool
		zone    string
		cm      int
		vis     [6]int
	}{
		{"good", false, "long", 90, [6]int{}},
		{"good", true, "long", 90, [6]int{1, 1, 1, 1, 1, 1}},
		{"poor", false, "medium", 45, [6]int{0, 0, 0, 0, 1, 2}},
		{"poor", true, "medium", 45, [6]int{1, 1, 1, 1, 2, 2}},
		{"foggy", false, "close", 20, [6]int{1, 1, 2, 2, 2, 2}},
		{"bad", false, "close", 20, [6]int{2, 2, 2, 2, 2, 2}},
		{"bad", true, "close", 20, [6]int{2, 2, 2, 2, 2, 2}},
	}
	for _, tc := range cases {
		e := convoy(false)
		e.Weather, e.Heavy = tc.weather, tc.heavy
		p, err := d.Plan(e)
		if err != nil {
			t.Fatal(err)
		}
		if p.Zone != tc.zone || p.Range != tc.cm || p.Visibility != tc.vis {
			t.Errorf("%s heavy=%v: zone %s %dcm visibility %v, want %s %dcm %v", tc.weather, tc.heavy, p.Zone, p.Range, p.Visibility, tc.zone, tc.cm, tc.vis)
		}
		on := false
		for _, o := range p.Inner.Options {
			on = on || o.Name == "visibility" && o.Value == "on"
		}
		if on != (tc.vis != [6]int{}) {
			t.Errorf("%s heavy=%v: Random Visibility on=%v", tc.weather, tc.heavy, on)
		}
		// The battle's SR-VIS reads each face as the row says.
		vis, ok := p.Inner.Tables.Get("SR-VIS")
		if !ok {
			t.Fatal("no SR-VIS")
		}
		for face := 1; on && face <= 6; face++ {
			if got, _ := vis.Lookup(face).Value("shrink", face); got != tc.vis[face-1] {
				t.Errorf("%s heavy=%v face %d: %d sizes smaller, want %d", tc.weather, tc.heavy, face, got, tc.vis[face-1])
			}
		}
	}
}

// A battle's damage levels in the campaign (docs/bridge.md, "The
// result"): Boats #2-#4's points added (2.0 f) and disabled or sunk.
func TestBridgeLevels(t *testing.T) {
	d := data(t)
	want := []struct {
		name           string
		points         int
		disabled, sunk bool
	}{{"intact", 0, false, false}, {"damaged", 2, false, false}, {"heavily_damaged", 4, false, false}, {"wrecked", 5, true, false}, {"sunk", 6, false, true}}
	if len(d.Levels) != len(want) {
		t.Fatalf("%d levels", len(d.Levels))
	}
	for i, w := range want {
		l := d.Levels[i]
		if l.Name != w.name || l.Points != w.points || l.Disabled != w.disabled || l.Sunk != w.sunk || l.Reason == "" {
			t.Errorf("level %d = %+v, want %+v", i, l, w)
		}
		if schnellrules.Level(i).String() != w.name {
			t.Errorf("level %d is Schnell Rules' %s, the data's %s", i, schnellrules.Level(i), w.name)
		}
	}
}

// The tally reads the battle's events: a hit is a damage event (not a
// fire's spread), torpedoes launched by their shooter, a ship sunk
// credited to the boat whose hit sank her (a torpedo's launcher), only
// the squadron's shots count as an attack.
func TestBridgeTally(t *testing.T) {
	ev := func(typ string, kv ...any) *gamelog.Event {
		e := &gamelog.Event{Type: typ}
		for i := 0; i < len(kv); i += 2 {
			switch v := kv[i+1].(type) {
			case string:
				e.Fields = append(e.Fields, gamelog.Str(kv[i].(string), v))
			case bool:
				e.Fields = append(e.Fields, gamelog.Bool(kv[i].(string), v))
			}
		}
		return e
	}
	tl := bridge.NewTally()
	for _, e := range []*gamelog.Event{
		ev("vessel", "id", "SB1", "side", "axis"), ev("vessel", "id", "SB2", "side", "axis"),
		ev("vessel", "id", "merchant-1", "side", "allies"), ev("vessel", "id", "mtb-1", "side", "allies"),
		ev("gunfire", "shooter", "mtb-1", "target", "SB2", "hit", true),
		ev("damage", "vessel", "SB2", "by", "6pdr:1", "result", "damaged", "level", "damaged"),
	} {
		tl.Observe(e)
	}
	if tl.Attacked {
		t.Error("the enemy's shot counted as the squadron's attack")
	}
	for _, e := range []*gamelog.Event{
		ev("gunfire", "shooter", "SB1", "target", "merchant-1", "hit", false),
		ev("launch", "torpedo", "T1", "shooter", "SB2", "target", "merchant-1"),
		ev("launch", "torpedo", "T2", "shooter", "SB2", "target", "merchant-1"),
		ev("gunfire", "shooter", "SB1", "target", "merchant-1", "hit", true),
		ev("damage", "vessel", "merchant-1", "by", "20mm:1", "result", "damaged", "level", "damaged"),
		ev("arrival", "torpedo", "T2", "target", "merchant-1", "hit", true),
		ev("damage", "vessel", "merchant-1", "by", "torpedo T2", "result", "sunk", "level", "sunk"),
		ev("damage", "vessel", "SB2", "by", "fire", "result", "wrecked", "level", "wrecked"),
	} {
		tl.Observe(e)
	}
	if !tl.Attacked || tl.Launched["SB2"] != 2 || tl.SunkBy["merchant-1"] != "SB2" || tl.Hits["merchant-1"] != 2 || tl.Hits["SB2"] != 1 {
		t.Errorf("tally: attacked %v launched %v sunk by %v hits %v", tl.Attacked, tl.Launched, tl.SunkBy, tl.Hits)
	}
}

// A player's data file is checked whole: a missing record, a class
// Schnell Rules does not have, numbers out of range, each named with its
// file and line.
func TestBridgeDataFileErrors(t *testing.T) {
	shipped, err := os.ReadFile("data/bridge.rec")
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	write := func(text string) string {
		p := filepath.Join(dir, "mine.rec")
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	if d, err := bridge.ReadFile(write(string(shipped))); err != nil || d.Digest == "" {
		t.Fatalf("the shipped file as a player's: %v", err)
	}
	edited := strings.Replace(string(shipped), "class hunt-1", "class flower", 1)
	d, err := bridge.ReadFile(write(edited))
	if err != nil || d.Units["destroyer"].Class != "flower" {
		t.Fatalf("an edited class: %v", err)
	}
	if def, _ := bridge.Default(); d.Digest == def.Digest {
		t.Error("an edited file has the shipped file's digest")
	}
	for _, tc := range []struct{ from, to, want string }{
		{"class hunt-1", "class battleship", `mine.rec:`},
		{"class hunt-1", "class battleship", `class "battleship" is not a Schnell Rules class`},
		{"record zone close", "record zone closer", "no record zone close"},
		{"cm 90", "cm 300", "cm 300: a start range is 5 to 110"},
		{"visibility 2 2 2 2 2 2", "visibility 2 2 3 2 2 2", "visibility 3 on face 3"},
		{"points 5", "points 9", "points 9: 0 to 6"},
		{"turns 10", "turns 0", "turns 0: 1 to 99"},
		{"class hunt-1\nspeed s", "class hunt-1\nspeed vf", "speed vf: the Hunt Class Type 1 makes at most slow"},
		{"zone long\nreason A clear", "zone near\nreason A clear", `mine.rec:`},
	} {
		_, err := bridge.ReadFile(write(strings.Replace(string(shipped), tc.from, tc.to, 1)))
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s → %s: %v, want %q", tc.from, tc.to, err, tc.want)
		}
	}
	if _, err := bridge.ReadFile(filepath.Join(dir, "none.rec")); err == nil {
		t.Error("a missing file read")
	}
	if _, err := bridge.ReadFile(write("# nothing\n")); err == nil || !strings.Contains(err.Error(), "no records in file") {
		t.Errorf("an empty file: %v", err)
	}
	p := filepath.Join(dir, "mine.txt")
	os.WriteFile(p, shipped, 0o644)
	if _, err := bridge.ReadFile(p); err == nil || !strings.Contains(err.Error(), ".rec") {
		t.Errorf("a file not .rec: %v", err)
	}
}

// host is a game that fights one planned battle inside it, its boats
// played by the battle's own reference (the captain), as the campaign
// with the reference Kommandant does.
func host(d *bridge.Data, e bridge.Encounter, out *bridge.Outcome) *engine.Definition {
	return &engine.Definition{
		Name:     "host",
		Booklets: []engine.Booklet{{Name: "host", Tables: d.Rules.Booklets[0].Tables}},
		New: func([]gamelog.Option, *tables.Set) (engine.Rules, error) {
			return rulesFunc(func(c *engine.Ctx) {
				p, err := d.Plan(e)
				if err != nil {
					c.Fail(err)
				}
				tl := bridge.NewTally()
				p.Inner.Seats = []engine.Seat{{Side: "axis"}, {Side: "allies", Reference: true}, {Side: "", Reference: true}}
				p.Inner.Observe = tl.Observe
				*out = d.Read(c.Play(p.Inner), tl)
			}), nil
		},
	}
}

type rulesFunc func(c *engine.Ctx)

func (f rulesFunc) Play(c *engine.Ctx) { f(c) }

// A planned battle on the virtual table, played by the reference sides
// inside another game: the vessels begin where the plan puts them (the
// zone's range between the nearest boat and enemy), the battle is
// fought (gunfire and damage in its log), and the log replays.
func TestBridgeBattlePlayedInside(t *testing.T) {
	d := data(t)
	for _, weather := range []string{"good", "poor", "foggy"} {
		t.Run(weather, func(t *testing.T) {
			e := convoy(true)
			e.Weather = weather
			var out bridge.Outcome
			def := host(d, e, &out)
			g, err := engine.New(engine.Config{Def: def, Seed: 11})
			if err != nil {
				t.Fatal(err)
			}
			var buf bytes.Buffer
			if err := g.PlayOut(engine.TakeDefault{}, &buf); err != nil {
				t.Fatal(err)
			}
			log := buf.String()
			p, _ := d.Plan(e)
			lg, err := gamelog.Read("host.jsonl", strings.NewReader(log))
			if err != nil {
				t.Fatal(err)
			}
			// The nearest boat and enemy begin the zone's range apart.
			at := map[string][2]int{}
			for _, ev := range lg.Events {
				if ev.Type == "placed" {
					at[ev.Str("vessel")] = [2]int{ev.Int("x"), ev.Int("y")}
				}
			}
			nearest := 1 << 30
			for _, b := range e.Boats {
				for _, u := range e.Enemy {
					dx, dy := at[b.ID][0]-at[u.ID][0], at[b.ID][1]-at[u.ID][1]
					nearest = min(nearest, dx*dx+dy*dy)
				}
			}
			if want := p.Range * 10; nearest != want*want {
				t.Errorf("nearest boat and enemy %d mm² apart, want %d cm", nearest, p.Range)
			}
			for _, typ := range []string{"inner_start", "gunfire", "damage", "inner_end"} {
				if !strings.Contains(log, `"type":"`+typ+`"`) {
					t.Errorf("no %s in the log", typ)
				}
			}
			if len(out.Boats) != 3 || len(out.Units) != 5 || out.Turns == 0 {
				t.Errorf("outcome %+v", out)
			}
			r, err := engine.Replay(def, lg, 0, engine.Config{})
			if err != nil {
				t.Fatal(err)
			}
			var again bytes.Buffer
			r.WriteLog(&again)
			if again.String() != log {
				t.Error("the battle does not replay byte for byte")
			}
			t.Logf("%s: %d turns; boats %s; units %s", weather, out.Turns, fmt.Sprint(out.Boats), fmt.Sprint(out.Units))
		})
	}
}
