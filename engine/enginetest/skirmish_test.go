package enginetest_test

import (
	"bytes"
	"errors"
	"os"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/schnell-wargames/schnell/engine"
	"github.com/schnell-wargames/schnell/engine/enginetest"
	"github.com/schnell-wargames/schnell/gamelog"
	"github.com/schnell-wargames/schnell/tables"
)

// answer plays a physical game: each pending roll gets the next faces of
// rolls (a string of words), each decision the next of choices.
func answer(t *testing.T, g *engine.Game, rolls []string, choices []string) {
	t.Helper()
	if _, err := g.Step(engine.NoPause); err != nil {
		t.Fatal(err)
	}
	for !g.Over() {
		p := g.Pending()
		var err error
		switch {
		case p == nil:
			t.Fatal("the game waits for nothing")
		case p.Roll != nil:
			if len(rolls) == 0 {
				t.Fatalf("no faces left for the roll %s (%s)", p.Roll.Dice(), p.Roll.Table)
			}
			_, err = g.RollFaces(strings.Fields(rolls[0]), engine.NoPause)
			rolls = rolls[1:]
		case p.Decision != nil:
			if len(choices) == 0 {
				t.Fatalf("no choice left for %s", p.Decision.Kind)
			}
			_, err = g.Choose(choices[0], engine.ByPlayer, engine.NoPause)
			choices = choices[1:]
		default:
			_, err = g.Step(engine.NoPause)
		}
		if err != nil {
			t.Fatal(err)
		}
	}
	if len(rolls) > 0 || len(choices) > 0 {
		t.Fatalf("left over: rolls %v, choices %v", rolls, choices)
	}
}

func newSkirmish(t *testing.T, mode engine.Mode, turns string, seed uint64) (*engine.Game, *bytes.Buffer) {
	t.Helper()
	g, err := engine.New(engine.Config{Def: enginetest.SkirmishDefinition(), Seed: seed, Mode: mode,
		Options: []gamelog.Option{{Name: "turns", Value: turns}}})
	if err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	if err := g.WriteLog(&buf); err != nil {
		t.Fatal(err)
	}
	return g, &buf
}

// One physical turn, every event as logged: the grid rolls record the fact,
// its value, the shifts and the column; the throw is one roll event; its
// reads record the die they read; a natural 1 misses whatever the modifiers.
func TestSkirmishPhysicalTurn(t *testing.T) {
	g, buf := newSkirmish(t, engine.Physical, "1", 1)
	answer(t, g,
		[]string{"4", "6", "red=2 hit=20 white=5", "0 3"},
		[]string{"on"})
	want := []string{
		`{"seq":1,"type":"start","turns":1}`,
		// turn 1 is fought in a town (odd turns), odds -1: the town line's first column
		`{"seq":2,"type":"roll","table":"K-CRT","for":"assault","dice":"1D6","faces":[4],"fact":"odds","value":-1,"total":4,"row":"3-4","column":1,"result":"AR"}`,
		`{"seq":3,"type":"roll","table":"K-FIRE","for":"guns","dice":"1D6","faces":[6],"fact":"factor","value":3,"total":6,"row":"<=3","column":4,"result":"1 hit"}`,
		`{"seq":4,"type":"roll","for":"gunfire","dice":"1D20 hit, 1D6 white, 1D6 red","faces":[20,5,2]}`,
		`{"seq":5,"type":"read","table":"K-HIT","for":"gunfire","die":"hit","faces":[20],"mods":[{"value":-9,"reason":"the score needed"}],"total":11,"row":"natural 20","result":"Hit: a natural 20 hits at short or medium range"}`,
		`{"seq":6,"type":"read","table":"K-DMG","for":"damage","die":"white","faces":[5],"total":5,"row":"4-6","result":"Heavy"}`,
		`{"seq":7,"type":"read","table":"K-BURN","for":"fire","die":"red","faces":[2],"total":2,"row":"1-5","result":"No fire"}`,
		`{"seq":8,"type":"roll","for":"contact","dice":"1D10 row, 1D10 column","faces":[10,3]}`,
		`{"seq":9,"type":"contact","square":"10-3"}`,
		`{"seq":10,"type":"decision","kind":"fight_on","options":["on","stop"],"choice":"on","by":"player","command":"choose on"}`,
		`{"seq":11,"type":"end","losses":-1,"hits":1,"damage":2}`,
	}
	got := strings.Split(strings.TrimSpace(buf.String()), "\n")[1:]
	if len(got) != len(want) {
		t.Fatalf("%d events, want %d:\n%s", len(got), len(want), buf)
	}
	for i := range want {
		if got[i] != want[i] {
			t.Errorf("event %d:\n got  %s\n want %s", i+1, got[i], want[i])
		}
	}
	replayExact(t, buf.String())
}

// Turn 3 of a skirmish: a dawn assault shifts the column one right; a
// natural 1 misses whatever the modifiers (need 11 at turn 3).
func TestSkirmishShiftsAndNaturals(t *testing.T) {
	g, buf := newSkirmish(t, engine.Physical, "3", 1)
	answer(t, g, []string{
		"1", "1", "1 1 1", "1 1",
		"1", "1", "2 1 1", "1 1",
		"6", "6", "1 6 6", "5 5",
	}, []string{"on", "on", "stop"})
	lg := readLog(t, buf.String())
	var crt, hit []*gamelog.Event
	for i := range lg.Events {
		e := &lg.Events[i]
		switch e.Str("table") {
		case "K-CRT":
			crt = append(crt, e)
		case "K-HIT":
			hit = append(hit, e)
		}
	}
	// turn 3, in a town: odds +1 reads the town line's column 3, the dawn shift column 4.
	if got := lg.Lines[crt[2].Seq-1]; !strings.Contains(got, `"fact":"odds","value":1,"shifts":[{"value":1,"reason":"a dawn assault"}],"total":6,"row":"5-6","column":4,"result":"DE"`) {
		t.Errorf("turn 3 assault: %s", got)
	}
	if got := lg.Lines[hit[2].Seq-1]; !strings.Contains(got, `"faces":[1],"mods":[{"value":-11,"reason":"the score needed"}],"total":-10,"row":"natural 1","result":"Miss: a natural 1 always misses"`) {
		t.Errorf("turn 3 natural 1: %s", got)
	}
	replayExact(t, buf.String())
}

// Typed faces that do not fit the throw are refused with what is wrong,
// and the roll stays pending.
func TestSkirmishPhysicalErrors(t *testing.T) {
	g, _ := newSkirmish(t, engine.Physical, "1", 1)
	if _, err := g.Step(engine.NoPause); err != nil {
		t.Fatal(err)
	}
	for _, f := range []string{"3", "3"} {
		if _, err := g.RollFaces([]string{f}, engine.NoPause); err != nil {
			t.Fatal(err)
		}
	}
	if p := g.Pending(); p == nil || p.Roll == nil || p.Roll.Throw == nil {
		t.Fatalf("pending %+v, want the gunfire throw", p)
	}
	cases := map[string]string{
		"hit=12 white=7 red=1": "the white die (d6): face 7 is out of range 1..6",
		"hit=12 white=3":       "the red die (d6) is missing: type hit=N white=N red=N",
		"12 3":                 "needs 3 faces (hit=N white=N red=N), got 2",
		"hit=12 blue=3 red=1":  `no die labelled "blue"`,
	}
	for typed, want := range cases {
		if _, err := g.RollFaces(strings.Fields(typed), engine.NoPause); err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("roll %s: %v, want %q", typed, err, want)
		}
		if p := g.Pending(); p == nil || p.Roll == nil || p.Roll.Throw == nil {
			t.Fatalf("after roll %s the throw is no longer pending", typed)
		}
	}
	if got := g.Pending().Roll.Dice(); got != "1D20 hit, 1D6 white, 1D6 red" {
		t.Errorf("Dice() = %q", got)
	}
	if _, err := g.RollGenerator(engine.NoPause); err != nil {
		t.Fatal(err)
	}
}

// Digital games replay byte for byte, seed after seed, and a log whose
// throw was changed is caught at that line.
func TestSkirmishDigitalReplay(t *testing.T) {
	for seed := uint64(1); seed <= 20; seed++ {
		g, buf := newSkirmish(t, engine.Digital, "4", seed)
		g.SetDecider(engine.TakeDefault{})
		if _, err := g.Step(engine.NoPause); err != nil || !g.Over() {
			t.Fatalf("seed %d: %v, over %v", seed, err, g.Over())
		}
		replayExact(t, buf.String())
		if seed == 1 {
			i := strings.Index(buf.String(), `"dice":"1D20 hit, 1D6 white, 1D6 red","faces":[`)
			if i < 0 {
				t.Fatal("no throw in the log")
			}
			j := i + len(`"dice":"1D20 hit, 1D6 white, 1D6 red","faces":[`)
			bad := buf.String()[:j] + "99" + buf.String()[strings.IndexByte(buf.String()[j:], ',')+j:]
			_, err := engine.Replay(enginetest.SkirmishDefinition(), readLog(t, bad), 0, engine.Config{})
			if err == nil || !strings.Contains(err.Error(), "the hit die (d20): face 99 is out of range 1..20") {
				t.Errorf("a changed throw replays: %v", err)
			}
		}
	}
}

// Undo in physical mode takes back the faces typed after the decision,
// throws too, and asks for them again; undo roll takes back the last throw.
func TestSkirmishUndoAsksThrowsAgain(t *testing.T) {
	g, _ := newSkirmish(t, engine.Physical, "2", 1)
	if _, err := g.Step(engine.NoPause); err != nil {
		t.Fatal(err)
	}
	step := func(g *engine.Game, typed ...string) {
		t.Helper()
		for _, w := range typed {
			var err error
			switch p := g.Pending(); {
			case p == nil:
				t.Fatalf("nothing pending for %q", w)
			case p.Decision != nil:
				_, err = g.Choose(w, engine.ByPlayer, engine.NoPause)
			case p.Roll != nil:
				_, err = g.RollFaces(strings.Fields(w), engine.NoPause)
			default:
				_, err = g.Step(engine.NoPause)
			}
			if err != nil {
				t.Fatal(err)
			}
			if p := g.Pending(); p != nil && p.Pause != "" {
				if _, err := g.Step(engine.NoPause); err != nil {
					t.Fatal(err)
				}
			}
		}
	}
	turn2 := []string{"3", "4", "20 6 6", "9 8"}
	step(g, "1", "1", "2 1 1", "1 1", "on")
	step(g, turn2...)
	before := g.AsLog().Lines
	u, err := g.Undo()
	if err != nil {
		t.Fatal(err)
	}
	if p := u.Pending(); p == nil || p.Decision == nil {
		t.Fatalf("after undo the game waits for %+v, want the turn 1 decision", p)
	}
	step(u, "on")
	step(u, turn2...)
	if after := u.AsLog().Lines; strings.Join(before, "\n") != strings.Join(after, "\n") {
		t.Errorf("undo, the same choice and the same faces changed the log:\n%s\n---\n%s", strings.Join(before, "\n"), strings.Join(after, "\n"))
	}
	r, err := u.UndoRoll()
	if err != nil {
		t.Fatal(err)
	}
	if p := r.Pending(); p == nil || p.Roll == nil || p.Roll.Throw == nil || p.Roll.Label != "contact" {
		t.Fatalf("undo roll waits for %+v, want the contact throw again", p)
	}
	step(r, "row=4 column=2")
	if got := r.AsLog().Lines; !strings.Contains(strings.Join(got, "\n"), `"square":"4-2"`) {
		t.Errorf("the throw typed again is not in the log:\n%s", strings.Join(got, "\n"))
	}
}

func readLog(t *testing.T, s string) *gamelog.Log {
	t.Helper()
	lg, err := gamelog.Read("test.jsonl", strings.NewReader(s))
	if err != nil {
		t.Fatal(err)
	}
	return lg
}

// replayExact replays a log and checks that it writes the same bytes.
func replayExact(t *testing.T, log string) {
	t.Helper()
	g, err := engine.Replay(enginetest.SkirmishDefinition(), readLog(t, log), 0, engine.Config{})
	if err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	if err := g.WriteLog(&buf); err != nil {
		t.Fatal(err)
	}
	if buf.String() != log {
		t.Errorf("the replay writes another log:\n%s\n---\n%s", buf.String(), log)
	}
}

// docs/log-format.md documents every field of the kernel's roll and read
// events, as the skirmish writes them.
func TestKernelEventsDocumented(t *testing.T) {
	raw, err := os.ReadFile("../../docs/log-format.md")
	if err != nil {
		t.Fatal(err)
	}
	rows := map[string]string{}
	for _, line := range strings.Split(string(raw), "\n") {
		if cells := strings.SplitN(line, "|", 3); len(cells) == 3 && strings.HasPrefix(line, "| `") {
			rows[strings.Trim(strings.TrimSpace(cells[1]), "`")] = cells[2]
		}
	}
	for seed := uint64(1); seed <= 5; seed++ {
		g, _ := newSkirmish(t, engine.Digital, "4", seed)
		g.SetDecider(engine.TakeDefault{})
		if _, err := g.Step(engine.NoPause); err != nil {
			t.Fatal(err)
		}
		for _, e := range g.History() {
			if e.Type != "roll" && e.Type != "read" {
				continue
			}
			for _, f := range e.Fields {
				if !strings.Contains(rows[e.Type], "`"+f.Key+"`") {
					t.Errorf("docs/log-format.md does not document %s.%s", e.Type, f.Key)
				}
			}
		}
	}
}

// A player's records overlay the game's by id, as --tables does: the
// garrison's strength changes the odds, the log's digest names the
// overlay, and the log replays only with it.
func TestSkirmishRecordOverlay(t *testing.T) {
	dir := fstest.MapFS{"mine.rec": {Data: []byte("record unit GARRISON\ntitle A stronger garrison\nstrength 9\n")}}
	def, err := engine.WithOverlay(enginetest.SkirmishDefinition(), dir)
	if err != nil {
		t.Fatal(err)
	}
	g, err := engine.New(engine.Config{Def: def, Seed: 1, Options: []gamelog.Option{{Name: "turns", Value: "1"}}})
	if err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	if err := g.WriteLog(&buf); err != nil {
		t.Fatal(err)
	}
	g.SetDecider(engine.TakeDefault{})
	if _, err := g.Step(engine.NoPause); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(buf.String(), `"fact":"odds","value":-3,`) {
		t.Errorf("strength 5 against 9 on turn 1 is not odds -3:\n%s", buf.String())
	}
	lg := readLog(t, buf.String())
	if _, err := engine.Replay(enginetest.SkirmishDefinition(), lg, 0, engine.Config{}); err == nil || !strings.Contains(err.Error(), "load it with the same --tables") {
		t.Errorf("the overlaid log replays without the overlay: %v", err)
	}
	if _, err := engine.Replay(def, lg, 0, engine.Config{}); err != nil {
		t.Errorf("the overlaid log does not replay with its overlay: %v", err)
	}
	bad := fstest.MapFS{"mine.rec": {Data: []byte("record unit GARRISON\ntitle X\nstrength many\n")}}
	if _, err := engine.WithOverlay(enginetest.SkirmishDefinition(), bad); err == nil || !strings.Contains(err.Error(), `mine.rec:3: unit GARRISON: strength takes a number, not "many"`) {
		t.Errorf("a bad record overlay: %v", err)
	}
}

// rulesFunc makes rules of a function.
type rulesFunc func(c *engine.Ctx)

func (f rulesFunc) Play(c *engine.Ctx) { f(c) }

// A rule that reads a table with a die the table does not roll, or a die
// the throw does not have, stops the game with an error naming both.
func TestReadRefusesTheWrongDie(t *testing.T) {
	cases := map[string]struct {
		play func(c *engine.Ctx)
		want string
	}{
		"a d6 table read with the d20": {func(c *engine.Ctx) {
			th := c.Throw(enginetest.Gunfire, "gunfire")
			c.Read("K-DMG", zeroFacts{}, "damage", th, "hit")
		}, "table K-DMG rolls 1D6: it cannot be read with the hit die (d20) of the throw 1D20 hit, 1D6 white, 1D6 red"},
		"a die the throw does not have": {func(c *engine.Ctx) {
			th := c.Throw(enginetest.Square, "contact")
			c.Read("K-DMG", zeroFacts{}, "damage", th, "white")
		}, `rules read table K-DMG with the "white" die, which the throw 1D10 row, 1D10 column does not have`},
		"a face of no die": {func(c *engine.Ctx) {
			c.Throw(enginetest.Square, "contact").Face("depth")
		}, `the throw 1D10 row, 1D10 column has no die labelled "depth"`},
		"a missing record": {func(c *engine.Ctx) { c.Record("NAVY") }, "rules ask for record NAVY, which the game's data does not have"},
	}
	for name, tc := range cases {
		t.Run(name, func(t *testing.T) {
			def := *enginetest.SkirmishDefinition()
			def.New = func([]gamelog.Option, *tables.Set) (engine.Rules, error) { return rulesFunc(tc.play), nil }
			g, err := engine.New(engine.Config{Def: &def, Seed: 1})
			if err != nil {
				t.Fatal(err)
			}
			if _, err := g.Step(engine.NoPause); err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("got %v, want %q", err, tc.want)
			}
		})
	}
}

type zeroFacts struct{}

func (zeroFacts) Fact(int) int { return 0 }

// A game whose log would pass gamelog.MaxLogBytes stops with ErrLogFull,
// and its log reads back (issue 27: a script answering in a loop wrote a
// 5.7 GB log in a minute). The toy sails a million legs, or ten million
// unlogged.
func TestLogStopsAtReadLimit(t *testing.T) {
	g, err := engine.New(engine.Config{Def: enginetest.Definition(), Seed: 1, Options: []gamelog.Option{{Name: "legs", Value: "1000000"}}})
	if err != nil {
		t.Fatal(err)
	}
	defer g.Close()
	path := t.TempDir() + "/long.jsonl"
	f, err := os.Create(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	err = g.PlayOut(engine.TakeDefault{}, f)
	if !errors.Is(err, gamelog.ErrLogFull) {
		t.Fatalf("a game past the log's limit: %v", err)
	}
	if lg, err := gamelog.ReadFile(path); err != nil || len(lg.Events) < 1000 {
		t.Fatalf("its log: %v", err)
	}
	// Unlogged (sim), the game stops once it has made more events than a
	// log could hold.
	g, err = engine.New(engine.Config{Def: enginetest.Definition(), Seed: 1, Options: []gamelog.Option{{Name: "legs", Value: "10000000"}}})
	if err != nil {
		t.Fatal(err)
	}
	defer g.Close()
	if err := g.PlayOut(engine.TakeDefault{}, nil); err == nil || !strings.Contains(err.Error(), "more than a log can hold (16 MiB)") {
		t.Fatalf("an unlogged game past the log's limit: %v", err)
	}
}
