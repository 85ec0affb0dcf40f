package schnellboats

import (
	"github.com/schnell-wargames/schnell/engine"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/schnell-wargames/schnell/gamelog"
	"github.com/schnell-wargames/schnell/schnellboats/bridge"
)

// The result mapping (docs/bridge.md, "The result"), row by row: a whole
// Short campaign with battles=schnellrules whose first battle's outcome is
// set to a quiet baseline (every boat intact, no hit, nothing launched,
// no ship sunk or gone, the squadron attacked) and then to the row's case;
// the campaign's events after the battle and its state say what the row
// says.
func TestBattleResult(t *testing.T) {
	type state struct {
		points, torpedoes, kills int
		gone                     Gone
	}
	type probe struct {
		c    *Campaign
		boat map[int]*Sortie // by No, present at the battle
		out  *bridge.Outcome
		// right after the battle came back: each boat's state by No, the
		// mission's ships sunk
		now  map[int]state
		sunk map[string]int
	}
	boat := func(p *probe, no int) *bridge.BoatResult {
		for i := range p.out.Boats {
			if p.c.board().sortieByID(p.out.Boats[i].ID).No == no {
				return &p.out.Boats[i]
			}
		}
		return nil
	}
	d, err := bridge.Default()
	if err != nil {
		t.Fatal(err)
	}
	lv := func(name string) bridge.Level {
		for _, l := range d.Levels {
			if l.Name == name {
				return l
			}
		}
		t.Fatalf("no level %s", name)
		return bridge.Level{}
	}
	has := func(after []gamelog.Event, typ string, kv ...string) bool {
	next:
		for _, e := range after {
			if e.Type != typ {
				continue
			}
			for i := 0; i < len(kv); i += 2 {
				if !strings.Contains(e.Str(kv[i]), kv[i+1]) {
					continue next
				}
			}
			return true
		}
		return false
	}
	for _, tc := range []struct {
		row  string
		edit func(t *testing.T, p *probe) (after func(t *testing.T, evs []gamelog.Event))
	}{
		{"a level adds its points to a Boat #2-#4", func(t *testing.T, p *probe) func(*testing.T, []gamelog.Event) {
			b := boat(p, 2)
			b.Level = lv("damaged")
			before := p.boat[2].Points
			return func(t *testing.T, evs []gamelog.Event) {
				if p.now[2].points != before+2 {
					t.Errorf("Boat #2 had %d points, ended Damaged, has %d", before, p.now[2].points)
				}
				if !has(evs, "boat_damage", "boat", b.ID, "what", "2 damage point") || has(evs, "roll", "table", "G-1", "for", b.ID) {
					t.Errorf("Boat #2 Damaged: no 2 points, or a G-1 roll: %v", evs)
				}
			}
		}},
		{"Wrecked disables a Boat #2-#4", func(t *testing.T, p *probe) func(*testing.T, []gamelog.Event) {
			b := boat(p, 2)
			b.Level = lv("wrecked")
			return func(t *testing.T, evs []gamelog.Event) {
				if !has(evs, "disabled", "boat", b.ID) {
					t.Errorf("Boat #2 Wrecked is not disabled: %v", evs)
				}
			}
		}},
		{"Sunk sinks a Boat #2-#4", func(t *testing.T, p *probe) func(*testing.T, []gamelog.Event) {
			b := boat(p, 2)
			b.Level = lv("sunk")
			return func(t *testing.T, evs []gamelog.Event) {
				if p.now[2].gone != goneSunk || !has(evs, "boat_lost", "boat", b.ID, "how", "sunk") {
					t.Errorf("Boat #2 Sunk is not lost: %v", evs)
				}
			}
		}},
		{"each hit on Boat #1 is a G-1 roll, no points", func(t *testing.T, p *probe) func(*testing.T, []gamelog.Event) {
			b := boat(p, 1)
			b.Hits, b.Level = 1, lv("damaged")
			before := p.boat[1].Points
			return func(t *testing.T, evs []gamelog.Event) {
				n := 0
				for _, e := range evs {
					if e.Type == "roll" && e.Str("table") == "G-1" && e.Str("for") == b.ID {
						n++
					}
				}
				if n != 1 || p.now[1].points != before {
					t.Errorf("Boat #1, one hit: %d G-1 rolls, points %d → %d", n, before, p.now[1].points)
				}
			}
		}},
		{"Wrecked disables Boat #1", func(t *testing.T, p *probe) func(*testing.T, []gamelog.Event) {
			b := boat(p, 1)
			b.Level = lv("wrecked")
			return func(t *testing.T, evs []gamelog.Event) {
				if !has(evs, "disabled", "boat", b.ID) {
					t.Errorf("Boat #1 Wrecked is not disabled: %v", evs)
				}
			}
		}},
		{"torpedoes launched are spent", func(t *testing.T, p *probe) func(*testing.T, []gamelog.Event) {
			b := boat(p, 2)
			before := p.boat[2].Torpedoes
			if before == 0 {
				t.Skip("Boat #2 has no torpedo")
			}
			b.Launched = 1
			return func(t *testing.T, evs []gamelog.Event) {
				if p.now[2].torpedoes != before-1 {
					t.Errorf("Boat #2 launched 1 of %d torpedoes, has %d", before, p.now[2].torpedoes)
				}
			}
		}},
		{"a ship sunk counts for its boat", func(t *testing.T, p *probe) func(*testing.T, []gamelog.Event) {
			u := &p.out.Units[0]
			u.Sunk, u.By = true, boat(p, 2).ID
			typ := p.c.Mission.Combat.byID(u.ID).Type.String()
			sunk, kills := p.c.Mission.Sunk[typ], p.boat[2].Boat.Kills
			return func(t *testing.T, evs []gamelog.Event) {
				if !has(evs, "sunk", "unit", u.ID, "by", u.By) || p.sunk[typ] != sunk+1 || p.now[2].kills != kills+1 {
					t.Errorf("%s sunk by %s: sunk %d → %d, kills %d → %d, %v", u.ID, u.By, sunk, p.sunk[typ], kills, p.now[2].kills, evs)
				}
			}
		}},
		{"an enemy off the table got away", func(t *testing.T, p *probe) func(*testing.T, []gamelog.Event) {
			u := &p.out.Units[0]
			u.Left = true
			return func(t *testing.T, evs []gamelog.Event) {
				if !has(evs, "evaded", "unit", u.ID, "why", "got away off the table") {
					t.Errorf("%s off the table did not get away: %v", u.ID, evs)
				}
			}
		}},
		{"an enemy afloat at the end passed out of reach", func(t *testing.T, p *probe) func(*testing.T, []gamelog.Event) {
			u := p.out.Units[0]
			return func(t *testing.T, evs []gamelog.Event) {
				if !has(evs, "evaded", "unit", u.ID, "why", "passed out of reach") {
					t.Errorf("%s afloat at the end did not pass: %v", u.ID, evs)
				}
			}
		}},
		{"Boat #1 off the table: the squadron leaves the combat (4.8)", func(t *testing.T, p *probe) func(*testing.T, []gamelog.Event) {
			boat(p, 1).Left = true
			return func(t *testing.T, evs []gamelog.Event) {
				if !has(evs, "abort", "boat", "squadron", "result", "left the combat") {
					t.Errorf("Boat #1 left, the squadron did not: %v", evs)
				}
			}
		}},
		{"another boat off the table aborts alone (4.9)", func(t *testing.T, p *probe) func(*testing.T, []gamelog.Event) {
			b := boat(p, 2)
			b.Left = true
			return func(t *testing.T, evs []gamelog.Event) {
				if !has(evs, "abort", "boat", b.ID, "result", "aborts alone") || has(evs, "abort", "boat", "squadron") {
					t.Errorf("Boat #2 left: %v", evs)
				}
			}
		}},
		{"no shot fired: the wave was let pass, leaving the combat", func(t *testing.T, p *probe) func(*testing.T, []gamelog.Event) {
			p.out.Attacked = false
			return func(t *testing.T, evs []gamelog.Event) {
				if !has(evs, "abort", "boat", "squadron", "result", "let the wave pass") {
					t.Errorf("no shot, no abort: %v", evs)
				}
			}
		}},
	} {
		t.Run(tc.row, func(t *testing.T) {
			var check func(*testing.T, []gamelog.Event)
			edited, n, at := false, 0, 0
			var cur *Campaign
			editOutcome = func(c *Campaign, out *bridge.Outcome) func() {
				if c != cur {
					cur, n = c, 0
				}
				n++
				if edited || len(out.Boats) < 2 || len(out.Units) == 0 {
					return nil
				}
				edited = true
				p := &probe{c: c, boat: map[int]*Sortie{}, out: out}
				for i := range out.Boats {
					s := c.board().sortieByID(out.Boats[i].ID)
					p.boat[s.No] = s
					out.Boats[i] = bridge.BoatResult{ID: out.Boats[i].ID, Level: lv("intact")}
				}
				for i := range out.Units {
					out.Units[i] = bridge.UnitResult{ID: out.Units[i].ID}
				}
				out.Attacked = true
				if p.boat[1] == nil || p.boat[2] == nil {
					edited = false
					return nil
				}
				at = n
				check = tc.edit(t, p)
				return func() {
					p.now, p.sunk = map[int]state{}, map[string]int{}
					for no, s := range p.boat {
						p.now[no] = state{s.Points, s.Torpedoes, s.Boat.Kills, s.Gone}
					}
					for k, v := range c.Mission.Sunk {
						p.sunk[k] = v
					}
				}
			}
			defer func() { editOutcome = nil }()
			var log string
			for seed := uint64(1); seed <= 8 && !edited; seed++ {
				_, log = battleCampaign(t, seed, "s100")
			}
			if !edited {
				t.Fatal("no battle with Boats #1 and #2 in 8 campaigns")
			}
			bs := battles(t, log)
			if len(bs) < at {
				t.Fatalf("battle %d of the campaign is not in its log (%d)", at, len(bs))
			}
			check(t, bs[at-1].after)
		})
	}
}

// docs/bridge.md names a test on each row of its mappings, and each test
// it names exists.
func TestBridgeDocNamesItsTests(t *testing.T) {
	doc, err := os.ReadFile("../docs/bridge.md")
	if err != nil {
		t.Fatal(err)
	}
	var src strings.Builder
	for _, glob := range []string{"*_test.go", "bridge/*_test.go", "../cmd/schnell/*_test.go", "../schnellrules/*_test.go"} {
		files, _ := filepath.Glob(glob)
		for _, f := range files {
			b, _ := os.ReadFile(f)
			src.Write(b)
		}
	}
	rows := 0
	for _, l := range strings.Split(string(doc), "\n") {
		if !strings.HasPrefix(l, "| ") || strings.HasPrefix(l, "| ---") || strings.HasSuffix(l, "| test |") {
			continue
		}
		rows++
		cells := strings.Split(strings.TrimSuffix(l, " |"), " | ")
		if !strings.Contains(cells[len(cells)-1], "Test") {
			t.Errorf("a row without its test: %s", l)
		}
	}
	if rows < 25 {
		t.Errorf("%d rows in the mappings", rows)
	}
	for _, name := range regexp.MustCompile(`Test[A-Za-z]+`).FindAllString(string(doc), -1) {
		if !strings.Contains(src.String(), "func "+name+"(") {
			t.Errorf("docs/bridge.md names %s: no such test", name)
		}
	}
	for _, m := range regexp.MustCompile(`TestBattleResult/([^;|,]+)`).FindAllStringSubmatch(string(doc), -1) {
		if !strings.Contains(src.String(), `{"`+strings.TrimSpace(m[1])) {
			t.Errorf("docs/bridge.md names TestBattleResult/%s: no such case", m[1])
		}
	}
}

// The two-player game (7.0) in a battle: player 2 commands Boat #2's
// vessel on decisions of his own side (the battle's setup gives her
// cmd=SIDE), the squadron Kommandant the others; no decision of one names
// the other's boat; the campaign's log replays.
func TestBattlesTwoPlayers(t *testing.T) {
	battles2 := 0
	asked := map[string]bool{}
	seeds := uint64(3)
	if testing.Short() {
		seeds = 1
	}
	for seed := uint64(1); seed <= seeds; seed++ {
		_, log := battleCampaign(t, seed, "s100", gamelog.Option{Name: "players", Value: "2"})
		lg, err := gamelog.Read("two.jsonl", strings.NewReader(log))
		if err != nil {
			t.Fatal(err)
		}
		if _, err := engine.Replay(def(t), lg, 0, engine.Config{}); err != nil {
			t.Fatalf("seed %d: replay: %v", seed, err)
		}
		cmdRe := regexp.MustCompile(`add (\S+) s-100 side=axis [^;]* cmd=(p[12])`)
		boat2, p2 := "", ""
		for _, e := range lg.Events {
			switch e.Type {
			case "inner_start":
				v, _ := e.Get("options")
				setup := ""
				for _, f := range v.O {
					if f.Key == "setup" {
						setup = f.Val.S
					}
				}
				boat2, p2 = "", ""
				if m := cmdRe.FindStringSubmatch(setup); m != nil {
					boat2, p2 = m[1], m[2]
					battles2++
				}
			case "decision":
				if boat2 == "" || e.Str("side") != p2 && e.Str("side") != "axis" {
					continue
				}
				args, _ := e.Get("args")
				for _, f := range args.O {
					if f.Key != "vessel" && f.Key != "shooter" {
						continue
					}
					if mine := f.Val.S == boat2; mine != (e.Str("side") == p2) {
						t.Errorf("seed %d seq %d: a %s decision of %s names %s (Boat #2 is %s)", seed, e.Seq, e.Str("kind"), e.Str("side"), f.Val.S, boat2)
					}
				}
				if e.Str("side") == p2 {
					asked[e.Str("kind")] = true
				}
			}
		}
	}
	if battles2 == 0 || !asked["move"] && !asked["guns"] {
		t.Errorf("%d battles with Boat #2 commanded apart; player 2 asked %v", battles2, asked)
	}
}
