package schnellboats

import (
	"bytes"
	"context"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/schnell-wargames/schnell/engine"
	"github.com/schnell-wargames/schnell/gamelog"
	"github.com/schnell-wargames/schnell/schnellboats/bridge"
	"github.com/schnell-wargames/schnell/tables"
)

// learntSet is the S-100 booklet with learnt tables for every encounter
// type, weather and sea (a few battles a cell: what is learnt matters
// less here than that every wave finds its tables).
func learntSet(t *testing.T) *tables.Set {
	t.Helper()
	d, err := bridge.Default()
	if err != nil {
		t.Fatal(err)
	}
	g := bridge.FullGrid()
	g.Battles = 2
	l, err := d.Learn(context.Background(), g, 0, nil)
	if err != nil {
		t.Fatal(err)
	}
	var b bytes.Buffer
	if err := l.WriteTables(&b); err != nil {
		t.Fatal(err)
	}
	s, err := def(t).Booklets[0].Tables.Overlay(fstest.MapFS{"learnt.tbl": {Data: b.Bytes()}})
	if err != nil {
		t.Fatalf("the learnt tables do not load over the S-100 booklet: %v", err)
	}
	return s
}

// docs/bridge-learnt.md, "How a campaign reads them": a wave whose units,
// weather and sea have learnt tables is resolved on them instead of the
// Combat Board's rounds: a battle_start event (fought learnt, the
// table), one roll on the boats' table for each boat in formation, one on
// the unit's table for each unit, then the result as a battle's: each
// unit rolled Sunk is sunk (credited to a boat), each other one evades;
// no combat round is fought (the rolls lead straight to battle_end). The
// log replays with the same tables.
func TestLearntTablesResolveWaves(t *testing.T) {
	set := learntSet(t)
	waves, sunk := 0, 0
	for seed := uint64(1); seed <= 6 && (waves < 3 || seed <= 2); seed++ {
		g, err := engine.New(engine.Config{Def: def(t), Tables: set, Seed: seed, Options: opts("short", "s100")})
		if err != nil {
			t.Fatal(err)
		}
		var buf bytes.Buffer
		if err := g.PlayOut(engine.TakeDefault{}, &buf); err != nil {
			t.Fatalf("seed %d: %v", seed, err)
		}
		lg, err := gamelog.Read("learnt.jsonl", strings.NewReader(buf.String()))
		if err != nil {
			t.Fatal(err)
		}
		evs := lg.Events
		for i := 0; i < len(evs); i++ {
			e := evs[i]
			if e.Type != "battle_start" {
				continue
			}
			if e.Str("fought") != "learnt" {
				t.Errorf("seed %d: wave fought %q, want learnt", seed, e.Str("fought"))
				continue
			}
			waves++
			boatTable := e.Str("learnt")
			fate := map[string]string{}
			boats := 0
			j := i + 1
			for ; j < len(evs) && evs[j].Type == "roll"; j++ {
				r := evs[j]
				tb := r.Str("table")
				if !strings.HasPrefix(tb, boatTable) {
					t.Fatalf("seed %d: roll on %s after a wave resolved on %s", seed, tb, boatTable)
				}
				if tb == boatTable {
					boats++
					continue
				}
				row, _ := set.MustGet(tb).Lookup(r.Int("total")).Value("fate", 0)
				fate[r.Str("for")] = bridge.Fates[row]
			}
			if boats == 0 || len(fate) == 0 {
				t.Fatalf("seed %d: wave on %s: %d boat rolls, %d unit rolls", seed, boatTable, boats, len(fate))
			}
			if evs[j].Type != "battle_end" {
				t.Fatalf("seed %d: after the learnt rolls %s, want battle_end", seed, evs[j].Type)
			}
			for ; j < len(evs) && evs[j].Type != "combat_end" && evs[j].Type != "battle_start"; j++ {
				switch u := evs[j].Str("unit"); evs[j].Type {
				case "sunk":
					if fate[u] != "sunk" {
						t.Errorf("seed %d: %s sunk, rolled %s", seed, u, fate[u])
					}
					if evs[j].Str("by") == "" {
						t.Errorf("seed %d: %s sunk by nobody", seed, u)
					}
					delete(fate, u)
					sunk++
				case "evaded":
					if fate[u] == "sunk" {
						t.Errorf("seed %d: %s evaded, rolled sunk", seed, u)
					}
					delete(fate, u)
				}
			}
			if len(fate) > 0 {
				t.Errorf("seed %d: on %s, units neither sunk nor evaded: %v", seed, boatTable, fate)
			}
		}
		if _, err := engine.Replay(def(t), lg, 0, engine.Config{Tables: set}); err != nil {
			t.Errorf("seed %d: the log does not replay: %v", seed, err)
		}
	}
	t.Logf("%d waves resolved on learnt tables, %d units sunk", waves, sunk)
	if waves < 3 || sunk == 0 {
		t.Errorf("only %d waves resolved on learnt tables, %d units sunk", waves, sunk)
	}
}

// Learnt tables come in whole cells: a boat's table without its units'
// is refused when the campaign starts, naming the file and line.
func TestLearntTablesWholeCells(t *testing.T) {
	d, _ := bridge.Default()
	l, err := d.Learn(context.Background(), bridge.Grid{Types: []string{"mgb2"}, Weathers: []string{"good"}, Battles: 2, Seed: 1}, 1, nil)
	if err != nil {
		t.Fatal(err)
	}
	var b bytes.Buffer
	l.WriteTables(&b)
	text, _, _ := strings.Cut(b.String(), "\ntable Q-MGB2-G-MGB")
	set, err := def(t).Booklets[0].Tables.Overlay(fstest.MapFS{"learnt.tbl": {Data: []byte(text)}})
	if err != nil {
		t.Fatal(err)
	}
	_, err = engine.New(engine.Config{Def: def(t), Tables: set, Seed: 1, Options: opts("short", "s100")})
	if err == nil || !strings.Contains(err.Error(), "learnt.tbl:7: learnt table Q-MGB2-G: no table Q-MGB2-G-MGB beside it") {
		t.Errorf("half a cell: %v", err)
	}
}

// Below verbose detail a wave's rolls on one learnt table read as one
// line, each boat (unit) with her row's outcome (normal: and the total).
func TestLearntRollsInOneLine(t *testing.T) {
	roll := func(id, who string, total int, result string) gamelog.Event {
		return gamelog.Event{Type: "roll", Fields: []gamelog.Field{gamelog.Str("table", id), gamelog.Str("for", who), gamelog.Int("total", total), gamelog.Str("result", result)}}
	}
	evs := []gamelog.Event{
		roll("Q-MGB2-G", "SB1", 94, "Heavily Damaged (13 of 240 boats: 5.4%, 95% 3.2-9.0%)"),
		roll("Q-MGB2-G", "SB2", 58, "Intact (181 of 240 boats: 75.4%, 95% 69.6-80.4%)"),
		roll("Q-MGB2-G-MGB", "mgb-1", 28, "Afloat at the end: evades (100 of 120 MGBs: 83.3%, 95% 75.7-88.9%)"),
	}
	for _, tc := range []struct {
		d    engine.Detail
		at   int
		want string
		n    int
	}{
		{engine.Normal, 0, "Q-MGB2-G: SB1 [94] Heavily Damaged; SB2 [58] Intact", 2},
		{engine.Brief, 0, "Q-MGB2-G: SB1 Heavily Damaged; SB2 Intact", 2},
		{engine.Normal, 2, "Q-MGB2-G-MGB: mgb-1 [28] Afloat at the end: evades", 1},
		{engine.Verbose, 0, "", 0},
	} {
		line, n := describeAt(evs, tc.at, tc.d)
		if line != tc.want || n != tc.n {
			t.Errorf("detail %d at %d: %q, %d; want %q, %d", tc.d, tc.at, line, n, tc.want, tc.n)
		}
	}
}
