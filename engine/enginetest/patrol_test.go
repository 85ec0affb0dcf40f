package enginetest_test

import (
	"bytes"
	"errors"
	"fmt"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/schnell-wargames/schnell/engine"
	"github.com/schnell-wargames/schnell/engine/enginetest"
	"github.com/schnell-wargames/schnell/gamelog"
	"github.com/schnell-wargames/schnell/tables"
)

// commander is a decider of the patrol that also plays its duels
// (engine.Plays): p1's orders in a duel come to it.
type commander struct {
	orders
	duels bool
}

func (c *commander) Plays(game string) bool { return c.duels && game == "duel" }

// fireAtA answers every p1 order with fire a (the table measures), every
// other decision with its default.
func fireAtA() *commander {
	c := &commander{duels: true}
	c.orders.answers = nil
	return c
}

func (c *commander) DecideArgs(d *engine.Decision) (engine.Answer, error) {
	c.seen = append(c.seen, d.Kind+"/"+d.Side)
	if d.Kind == "order" {
		return engine.Answer{Option: 0, Args: map[string]gamelog.Value{"target": gamelog.StrV("a")}}, nil
	}
	return engine.Answer{Option: d.Default}, nil
}

func (c *commander) Decide(d *engine.Decision) (int, error) {
	a, err := c.DecideArgs(d)
	return a.Option, err
}

// playPatrol plays a whole patrol with dec commanding it (nil: the player,
// who takes the defaults), the table's ranges from tb, and returns the
// log.
func playPatrol(t *testing.T, def *engine.Definition, seed uint64, mode engine.Mode, dec engine.Decider, tb *table) (*engine.Game, string) {
	t.Helper()
	g, err := engine.New(engine.Config{Def: def, Seed: seed, Mode: mode})
	if err != nil {
		t.Fatal(err)
	}
	if dec != nil {
		g.SetDecider(dec)
	}
	var buf bytes.Buffer
	if err := g.WriteLog(&buf); err != nil {
		t.Fatal(err)
	}
	if _, err := g.Step(engine.NoPause); err != nil {
		t.Fatal(err)
	}
	for n := 0; !g.Over(); n++ {
		if n > 500 {
			t.Fatalf("the patrol does not end; pending %+v", g.Pending())
		}
		tb.answer(t, g)
	}
	if g.Err() != nil {
		t.Fatal(g.Err())
	}
	return g, buf.String()
}

// foughtSeed is a seed whose patrol meets a ship (a duel is fought when
// the default, fight, is taken).
func foughtSeed(t *testing.T, def *engine.Definition) uint64 {
	t.Helper()
	for seed := uint64(1); seed < 50; seed++ {
		_, log := playPatrol(t, def, seed, engine.Digital, engine.TakeDefault{}, &table{})
		if strings.Count(log, `"type":"inner_start"`) >= 2 {
			return seed
		}
	}
	t.Fatal("no seed under 50 fights two duels")
	return 0
}

func TestInnerGameLoggedBetweenItsStartAndEnd(t *testing.T) {
	def := enginetest.PatrolDefinition(nil)
	seed := foughtSeed(t, def)
	_, log := playPatrol(t, def, seed, engine.Digital, fireAtA(), &table{})
	lg, err := gamelog.Read("patrol.jsonl", strings.NewReader(log))
	if err != nil {
		t.Fatal(err)
	}
	duel := enginetest.DuelDefinition()
	var w engine.Within
	inside, starts := 0, 0
	for i := range lg.Events {
		e := &lg.Events[i]
		game := w.Game(e)
		switch e.Type {
		case "inner_start":
			starts++
			want := fmt.Sprintf(`"type":"inner_start","game":"duel","tables":"%s","options":{"turns":"2"}}`, duel.Booklets[0].Tables.Digest())
			if got := line(*e); !strings.HasSuffix(got, want) {
				t.Errorf("inner_start:\n got %s\nwant …%s", got, want)
			}
			if game != "" {
				t.Errorf("inner_start belongs to %q, want the patrol's", game)
			}
		case "inner_end":
			if game != "duel" && game != "" {
				t.Errorf("inner_end in %q", game)
			}
		case "turn", "fire", "arrive":
			// The duel's own events, as its Describe words them.
			if game != "duel" {
				t.Errorf("a duel event outside the duel: %s", line(*e))
			}
			inside++
		case "patrol_leg", "fought":
			if game != "" {
				t.Errorf("a patrol event inside the duel: %s", line(*e))
			}
		case "decision":
			switch e.Str("side") {
			case "p1":
				if e.Str("by") != "script" {
					t.Errorf("p1's decision not by the patrol's commander: %s", line(*e))
				}
			case "p2":
				if e.Str("by") != "default" {
					t.Errorf("p2's decision not by the duel's reference player: %s", line(*e))
				}
			}
		}
	}
	if starts < 2 || inside == 0 {
		t.Fatalf("%d duels, %d duel events in the log:\n%s", starts, inside, log)
	}
	if w.Here() != "" {
		t.Errorf("the log ends inside %q", w.Here())
	}
	// The patrol saw the duels' fire events as they were made (Observe).
	if fired := events(t, log, "fought"); len(fired) == 0 || fired[len(fired)-1].Int("shots") != len(events(t, log, "fire")) {
		t.Errorf("the patrol counted %v shots, the log has %d fire events", fired, len(events(t, log, "fire")))
	}
	if !strings.Contains(log, `"type":"fire","side":"p1","target":"a"`) {
		t.Errorf("p1 never fired at a:\n%s", log)
	}
}

func TestInnerGameReplaysAndFindsAChangedDie(t *testing.T) {
	def := enginetest.PatrolDefinition(nil)
	seed := foughtSeed(t, def)
	for _, mode := range []engine.Mode{engine.Digital, engine.Physical} {
		t.Run(mode.String(), func(t *testing.T) {
			_, log := playPatrol(t, def, seed, mode, fireAtA(), &table{ranges: []string{"15", "45", "30"}})
			lg, err := gamelog.Read("patrol.jsonl", strings.NewReader(log))
			if err != nil {
				t.Fatal(err)
			}
			r, err := engine.Replay(def, lg, 0, engine.Config{})
			if err != nil {
				t.Fatal(err)
			}
			var buf bytes.Buffer
			r.WriteLog(&buf)
			if buf.String() != log {
				t.Fatalf("replayed log differs:\n%s\n---\n%s", buf.String(), log)
			}
			// A die of the duel's gunfire changed: the replay names its line.
			lines := strings.Split(log, "\n")
			n := -1
			for i, l := range lines {
				if strings.Contains(l, `"table":"D-1"`) {
					n = i
					break
				}
			}
			if n < 0 {
				t.Fatal("no gunfire roll in the duels")
			}
			face := lines[n][strings.Index(lines[n], `"faces":[`)+9]
			other := byte('1')
			if face == '1' {
				other = '2'
			}
			changed := strings.Replace(lines[n], `"faces":[`+string(face), `"faces":[`+string(other), 1)
			bad := strings.Join(append(append(append([]string{}, lines[:n]...), changed), lines[n+1:]...), "\n")
			lg, err = gamelog.Read("patrol.jsonl", strings.NewReader(bad))
			if err != nil {
				t.Fatal(err)
			}
			_, err = engine.Replay(def, lg, 0, engine.Config{})
			// Digital dice, or physical ones the program rolled: the
			// generator's faces are checked.
			var dv *engine.Divergence
			if !errors.As(err, &dv) || dv.Line != n+1 || !strings.Contains(dv.Why, "generator") {
				t.Fatalf("a changed die in the duel (line %d): got %v", n+1, err)
			}
		})
	}
}

func TestInnerGameRefusedUnderOtherRulesOrTables(t *testing.T) {
	def := enginetest.PatrolDefinition(nil)
	seed := foughtSeed(t, def)
	_, log := playPatrol(t, def, seed, engine.Digital, fireAtA(), &table{})
	lg, err := gamelog.Read("patrol.jsonl", strings.NewReader(log))
	if err != nil {
		t.Fatal(err)
	}
	// The duel's rules move on a version: the log's duels are refused as
	// played under another version, in those words.
	duel2 := enginetest.DuelDefinition()
	duel2.Rules = 2
	_, err = engine.Replay(enginetest.PatrolDefinition(duel2), lg, 0, engine.Config{})
	var re *engine.RulesError
	if !errors.As(err, &re) || re.Game != "duel" || re.Log != 0 || re.Program != 2 {
		t.Fatalf("replay under duel rules 2: %v", err)
	}
	if !strings.Contains(err.Error(), "duel rules versions were recorded") {
		t.Errorf("message: %v", err)
	}
	// Other tables for the duel: said so, with both digests.
	duel3 := enginetest.DuelDefinition()
	other, err := duel3.Booklets[0].Tables.Overlay(fstest.MapFS{"d.tbl": {Data: []byte("table D-1\ntitle Gunfire\ndice 1D6\nrow <=5 | Miss | hits=0\nrow >=6 | Hit | hits=1\n")}})
	if err != nil {
		t.Fatal(err)
	}
	duel3.Booklets[0].Tables = other
	_, err = engine.Replay(enginetest.PatrolDefinition(duel3), lg, 0, engine.Config{})
	if err == nil || !strings.Contains(err.Error(), "duel game was played with table set") || !strings.Contains(err.Error(), other.Digest()) {
		t.Fatalf("replay under other duel tables: %v", err)
	}
}

func TestInnerGameUndoneAcrossIt(t *testing.T) {
	def := enginetest.PatrolDefinition(nil)
	seed := foughtSeed(t, def)
	// The player commands: the duel's p1 decisions come to the prompt.
	g, err := engine.New(engine.Config{Def: def, Seed: seed})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := g.Step(engine.NoPause); err != nil {
		t.Fatal(err)
	}
	tb := &table{}
	var inDuel *engine.Decision
	for n := 0; !g.Over() && n < 200; n++ {
		p := g.Pending()
		if p.Decision != nil && p.Decision.Kind == "order" && p.Decision.Side == "p1" {
			inDuel = p.Decision
			break
		}
		tb.answer(t, g)
	}
	if inDuel == nil {
		t.Fatal("no p1 order of a duel came to the prompt")
	}
	if def, r, ok := g.Inner(); !ok || def.Name != "duel" || g.RulesOf("duel") != r || g.RulesOf("patrol") != g.Rules() {
		t.Fatalf("Inner() = %v, %v, %v; RulesOf(duel) = %v", def, r, ok, g.RulesOf("duel"))
	}
	if w := g.Within(); w.Here() != "duel" {
		t.Errorf("Within().Here() = %q inside a duel", w.Here())
	}
	if !g.PlayerPlays("p1") || g.PlayerPlays("p2") {
		t.Errorf("PlayerPlays p1 %v p2 %v: want the player p1, the reference p2", g.PlayerPlays("p1"), g.PlayerPlays("p2"))
	}
	if _, err := g.ChooseArgs("signal", []string{"hello"}, engine.ByPlayer, engine.NoPause); err != nil {
		t.Fatal(err)
	}
	// Undo takes the order back inside the duel: the same order is asked
	// again, inside the same duel.
	u, err := g.Undo()
	if err != nil {
		t.Fatal(err)
	}
	p := u.Pending()
	if p == nil || p.Decision == nil || p.Decision.Kind != "order" || p.Decision.Side != "p1" {
		t.Fatalf("after undo, pending %+v", p)
	}
	if _, _, ok := u.Inner(); !ok || u.Seq() != len(u.History()) {
		t.Fatalf("after undo not inside the duel (seq %d, history %d)", u.Seq(), len(u.History()))
	}
	// On to the patrol's next question after the duel: answered, then
	// undone, it is asked again outside the duel, the duel replayed on
	// the way (the player's orders in it from the log).
	for n := 0; n < 500; n++ {
		p := u.Pending()
		if p != nil && p.Decision != nil && p.Decision.Kind == "engage" && strings.Contains(logOf(u), `"inner_end"`) {
			break
		}
		if u.Over() {
			t.Fatal("no engage decision after the first duel")
		}
		tb.answer(t, u)
	}
	before := logOf(u)
	if _, err := u.Choose("pass", engine.ByPlayer, engine.NoPause); err != nil {
		t.Fatal(err)
	}
	u2, err := u.Undo()
	if err != nil {
		t.Fatal(err)
	}
	if p := u2.Pending(); p == nil || p.Decision == nil || p.Decision.Kind != "engage" {
		t.Fatalf("undo after the duel: pending %+v", p)
	}
	if _, _, in := u2.Inner(); in || logOf(u2) != before {
		t.Fatalf("undo after the duel: inside %v, log differs:\n%s\n---\n%s", in, logOf(u2), before)
	}
	// Play it to its end, then undo the last decision after the duel: the
	// game goes back into the patrol, and replays the duel on the way.
	for n := 0; !u.Over() && n < 500; n++ {
		tb.answer(t, u)
	}
	h := u.History()
	last := -1
	for i := range h {
		if h[i].Type == "decision" {
			last = i
		}
	}
	var inners int
	for i := range h[last:] {
		if h[last+i].Type == "inner_end" {
			inners++
		}
	}
	back, err := u.Undo()
	if err != nil {
		t.Fatal(err)
	}
	if h[last].Str("by") == "player" {
		p := back.Pending()
		if p == nil || p.Decision == nil || p.Decision.Kind != h[last].Str("kind") || p.Decision.Side != h[last].Str("side") {
			t.Fatalf("undo of %s: pending %+v", line(h[last]), p)
		}
	} else if !back.Over() || len(back.History()) != len(h) {
		// The reference player's last answer is made again: the same end.
		t.Fatalf("undo of the reference's %s: over %v, %d events (want %d)", line(h[last]), back.Over(), len(back.History()), len(h))
	}
	t.Logf("last decision %s, %d duels ended after it", line(h[last]), inners)
}

func TestInnerGameSidesGoToTheSeats(t *testing.T) {
	def := enginetest.PatrolDefinition(nil)
	seed := foughtSeed(t, def)
	// A commander that does not play duels: p1's duel decisions go to the
	// duel's reference player, its own to it.
	notDuels := &commander{duels: false}
	_, log := playPatrol(t, def, seed, engine.Digital, notDuels, &table{})
	for _, s := range notDuels.seen {
		if strings.HasSuffix(s, "/p1") || strings.HasSuffix(s, "/p2") {
			t.Errorf("a commander that plays no duels was asked %s", s)
		}
	}
	if !strings.Contains(notDuels.seenKinds(), "engage/") {
		t.Errorf("the commander was not asked its own decisions: %v", notDuels.seen)
	}
	for _, e := range events(t, log, "decision") {
		if s := e.Str("side"); (s == "p1" || s == "p2") && e.Str("by") != "default" {
			t.Errorf("duel decision not the reference player's: %s", line(e))
		}
	}
	// One that plays them gets p1's and never p2's.
	plays := fireAtA()
	playPatrol(t, def, seed, engine.Digital, plays, &table{})
	got := plays.seenKinds()
	if !strings.Contains(got, "order/p1") || strings.Contains(got, "/p2") {
		t.Errorf("a commander that plays duels was asked: %s", got)
	}
}

func logOf(g *engine.Game) string {
	var b bytes.Buffer
	for _, e := range g.History() {
		b.WriteString(line(e))
		b.WriteByte('\n')
	}
	return b.String()
}

func (o *orders) seenKinds() string { return strings.Join(o.seen, " ") }

// An inner game's pauses are the outer game's smallest: stepping by
// that level stops at them, stepping by a larger one plays through.
func TestInnerGamePausesAtTheOuterSmallest(t *testing.T) {
	toy := enginetest.Definition()
	outer := &engine.Definition{
		Name:     "voyages",
		Booklets: toy.Booklets,
		Pauses:   []string{"watch", "night", "voyages"},
		New: func(_ []gamelog.Option, _ *tables.Set) (engine.Rules, error) {
			return rulesFunc(func(c *engine.Ctx) {
				c.Play(engine.Inner{Def: toy, Options: []gamelog.Option{{Name: "legs", Value: "2"}}})
				c.Pause("night", 2)
				c.Play(engine.Inner{Def: toy, Options: []gamelog.Option{{Name: "legs", Value: "1"}}, Pause: 2})
			}), nil
		},
	}
	g, err := engine.New(engine.Config{Def: outer, Seed: 3})
	if err != nil {
		t.Fatal(err)
	}
	g.SetDecider(engine.TakeDefault{}) // not a player of toys: the toy's reference answers
	var stops []string
	for n := 0; !g.Over() && n < 20; n++ {
		if _, err := g.Step(1); err != nil {
			t.Fatal(err)
		}
		if p := g.Pending(); p != nil {
			stops = append(stops, fmt.Sprintf("%s/%d", p.Pause, p.Level))
		}
	}
	if got := strings.Join(stops, " "); got != "leg/1 leg/1 night/2 leg/2" {
		t.Errorf("stops %s, want the toy's legs at 1, then the night, then the second toy's leg at 2", got)
	}
}
