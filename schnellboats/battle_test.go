package schnellboats

import (
	"bytes"
	"strings"
	"testing"

	"github.com/schnell-wargames/schnell/engine"
	"github.com/schnell-wargames/schnell/gamelog"
)

// battleCampaign plays a Short campaign with battles=schnellrules and the
// reference Kommandant, and returns its log.
func battleCampaign(t *testing.T, seed uint64, boat string, more ...gamelog.Option) (*engine.Game, string) {
	t.Helper()
	o := append(append(opts("short", boat), gamelog.Option{Name: "battles", Value: "schnellrules"}), more...)
	g, err := engine.New(engine.Config{Def: def(t), Seed: seed, Options: o})
	if err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	if err := g.PlayOut(engine.TakeDefault{}, &buf); err != nil {
		t.Fatalf("seed %d: %v", seed, err)
	}
	return g, buf.String()
}

// battle is one battle read from a log: the inner game's events, and the
// campaign's after its battle_end up to the combat's end.
type battle struct {
	start, end gamelog.Event
	inner      []gamelog.Event
	after      []gamelog.Event
}

func battles(t *testing.T, log string) []battle {
	t.Helper()
	lg, err := gamelog.Read("battles.jsonl", strings.NewReader(log))
	if err != nil {
		t.Fatal(err)
	}
	var out []battle
	var w engine.Within
	var cur *battle
	for _, e := range lg.Events {
		game := w.Game(&e)
		switch {
		case game == "" && e.Type == "battle_start" && e.Str("fought") == "schnellrules":
			out = append(out, battle{start: e})
			cur = &out[len(out)-1]
		case cur == nil:
		case game == "schnellrules":
			cur.inner = append(cur.inner, e)
		case e.Type == "battle_end":
			cur.end = e
		case e.Type == "combat_end":
			cur = nil
		case cur.end.Type != "":
			cur.after = append(cur.after, e)
		}
	}
	return out
}

// Issue 30's Done-when, and the result mapping (docs/bridge.md, "The
// result"), checked battle by battle over whole campaigns: the log holds
// Schnell Rules' own gunfire and damage events inside the campaign's
// combats and replays; each boat's damage comes back as its level's
// points (Boats #2-#4) or one G-1 roll a hit (Boat #1), never both; each
// enemy sunk in the battle is sunk in the campaign (VP, kills), the others
// got away; torpedoes launched are spent.
func TestBattlesFoughtAndBroughtBack(t *testing.T) {
	seeds, fought := 6, 0
	if testing.Short() {
		seeds = 2
	}
	d := def(t)
	for _, boat := range []string{"s100", "5b"} {
		for seed := uint64(1); seed <= uint64(seeds); seed++ {
			g, log := battleCampaign(t, seed, boat)
			lg, err := gamelog.Read("b.jsonl", strings.NewReader(log))
			if err != nil {
				t.Fatal(err)
			}
			if _, err := engine.Replay(d, lg, 0, engine.Config{}); err != nil {
				t.Fatalf("%s seed %d: replay: %v", boat, seed, err)
			}
			c := g.Rules().(*Campaign)
			sunkInCampaign := 0
			for _, b := range battles(t, log) {
				fought++
				checkBattle(t, boat, seed, b)
				sunkInCampaign += len(b.end.Fields[1].Val.L)
			}
			total := 0
			for _, n := range c.Stats.Sunk {
				total += n
			}
			if total < sunkInCampaign {
				t.Errorf("%s seed %d: battles sank %d, the campaign counts %d ships sunk", boat, seed, sunkInCampaign, total)
			}
		}
	}
	if fought == 0 {
		t.Fatal("no battle fought")
	}
}

func checkBattle(t *testing.T, boat string, seed uint64, b battle) {
	t.Helper()
	side := map[string]string{}
	level := map[string]string{}
	hits := map[string]int{}
	launched, gunfire, damage := 0, 0, 0
	for _, e := range b.inner {
		switch e.Type {
		case "vessel":
			side[e.Str("id")] = e.Str("side")
		case "gunfire":
			gunfire++
		case "launch":
			launched++
		case "damage":
			damage++
			level[e.Str("vessel")] = e.Str("level")
			if e.Str("by") != "fire" {
				hits[e.Str("vessel")]++
			}
		}
	}
	where := func() string {
		return boat + " seed " + string(rune('0'+seed)) + " battle at seq " + b.start.Fields[0].Val.S
	}
	if gunfire == 0 {
		t.Errorf("%s: no gunfire in the battle", where())
	}
	if b.end.Int("launched") != launched {
		t.Errorf("%s: battle_end launched %d, the battle %d", where(), b.end.Int("launched"), launched)
	}
	_ = damage
	g1 := map[string]int{}
	points := map[string]int{}
	sunk := map[string]string{}
	gone := map[string]bool{}
	for _, e := range b.after {
		switch {
		case e.Type == "roll" && e.Str("table") == "G-1":
			g1[e.Str("for")]++
		case e.Type == "boat_damage" && e.Str("what") != "" && strings.Contains(e.Str("what"), "damage point"):
			points[e.Str("boat")] += e.Int("points")
		case e.Type == "sunk":
			sunk[e.Str("unit")] = e.Str("by")
		case e.Type == "boat_lost" || e.Type == "abort":
			gone[e.Str("boat")] = true
		}
	}
	want := map[string]int{"intact": 0, "damaged": 2, "heavily_damaged": 4, "wrecked": 5, "sunk": 6}
	for id, s := range side {
		if s == "axis" {
			switch {
			case g1[id] > 0 && points[id] > 0:
				t.Errorf("%s: %s took both G-1 rolls and damage points", where(), id)
			case g1[id] > 0:
				if g1[id] > hits[id] || g1[id] < hits[id] && !gone[id] {
					t.Errorf("%s: %s took %d hits, %d G-1 rolls", where(), id, hits[id], g1[id])
				}
			case points[id] > 0 || want[level[id]] > 0 && !gone[id] && hits[id] == 0:
				if points[id] != want[level[id]] {
					t.Errorf("%s: %s ended %s, took %d points (want %d)", where(), id, level[id], points[id], want[level[id]])
				}
			}
			continue
		}
		_, wasSunk := sunk[id]
		if (level[id] == "sunk") != wasSunk {
			t.Errorf("%s: %s ended %q in the battle, sunk in the campaign %v", where(), id, level[id], wasSunk)
		}
	}
}

// Without the option nothing changes: no battle event, the Combat Board
// (the pinned logs and digests hold it too); with it an encounter Schnell
// Rules has no class for is fought on the Combat Board and says why.
func TestBattlesOptionQuietAndIneligible(t *testing.T) {
	g, err := engine.New(engine.Config{Def: def(t), Seed: 7, Options: opts("short", "s100")})
	if err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	if err := g.PlayOut(engine.TakeDefault{}, &buf); err != nil {
		t.Fatal(err)
	}
	if strings.Contains(buf.String(), "battle") || strings.Contains(buf.String(), `"name":"battles"`) {
		t.Error("a campaign without battles=schnellrules logs a battle")
	}
	board := 0
	for seed := uint64(1); seed <= 12 && board == 0; seed++ {
		_, log := battleCampaign(t, seed, "s100")
		for _, l := range strings.Split(log, "\n") {
			if strings.Contains(l, `"fought":"board"`) {
				board++
				if !strings.Contains(l, "fought on the Combat Board") {
					t.Errorf("an ineligible encounter does not say why: %s", l)
				}
			}
		}
	}
	if board == 0 {
		t.Error("no encounter with a cruiser or a submarine in 12 campaigns: nothing fought on the Combat Board")
	}
}

// battle_data=FILE without battles=schnellrules is refused; a bad file is
// named.
func TestBattlesDataOption(t *testing.T) {
	_, err := engine.New(engine.Config{Def: def(t), Seed: 1, Options: append(opts("short", "s100"), gamelog.Option{Name: "battle_data", Value: "x.rec"})})
	if err == nil || !strings.Contains(err.Error(), "give battles=schnellrules too") {
		t.Errorf("battle_data alone: %v", err)
	}
	_, err = engine.New(engine.Config{Def: def(t), Seed: 1, Options: append(opts("short", "s100"), gamelog.Option{Name: "battles", Value: "schnellrules"}, gamelog.Option{Name: "battle_data", Value: "no-such.rec"})})
	if err == nil || !strings.Contains(err.Error(), "no-such.rec") {
		t.Errorf("a missing battle data file: %v", err)
	}
}

// The AAR and the log sheet tell a battle in a few words, and read none
// of the battle's own events as the campaign's (its turn, fire, damage).
func TestBattlesInTheAARAndLogSheet(t *testing.T) {
	for seed := uint64(1); seed <= 8; seed++ {
		g, log := battleCampaign(t, seed, "s100")
		bs := battles(t, log)
		if len(bs) == 0 {
			continue
		}
		lg, err := gamelog.Read("b.jsonl", strings.NewReader(log))
		if err != nil {
			t.Fatal(err)
		}
		notes := 0
		for _, n := range nights(lg.Events) {
			for _, note := range n.Notes {
				if strings.HasPrefix(note, "battle: ") {
					notes++
				}
			}
		}
		if notes != len(bs) {
			t.Errorf("seed %d: %d battle notes for %d battles", seed, notes, len(bs))
		}
		aar, err := AAR(lg, g.Rules().(*Campaign), 0)
		if err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(aar, "fought ship by ship under Schnell Rules from the ") || !strings.Contains(aar, "; the boats took") || !strings.Contains(aar, " zone (") {
			t.Errorf("seed %d: the AAR does not tell the battle:\n%s", seed, aar)
		}
		return
	}
	t.Fatal("no battle in 8 campaigns")
}
