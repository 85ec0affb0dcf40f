package enginetest_test

import (
	"bytes"
	"errors"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/schnell-wargames/schnell/engine"
	"github.com/schnell-wargames/schnell/engine/enginetest"
	"github.com/schnell-wargames/schnell/gamelog"
)

// orders answers a side's decisions from a list of answers (then the
// default), with arguments: it is what a script is to the engine.
type orders struct {
	answers []engine.Answer
	seen    []string // the decisions it was asked, kind/side
}

func (o *orders) Decide(d *engine.Decision) (int, error) {
	a, err := o.DecideArgs(d)
	return a.Option, err
}
func (o *orders) Who() engine.Who { return engine.ByScript }
func (o *orders) DecideArgs(d *engine.Decision) (engine.Answer, error) {
	o.seen = append(o.seen, d.Kind+"/"+d.Side)
	if len(o.answers) == 0 {
		return engine.Answer{Option: d.Default}, nil
	}
	a := o.answers[0]
	o.answers = o.answers[1:]
	return a, nil
}

// ref is the game's reference player.
func ref(def *engine.Definition) engine.Decider { return def.Reference(nil) }

// table answers what the game waits for at the prompt: the table's
// measurements (ranges from a list), physical rolls and draws with the
// generator, other decisions with their default.
type table struct {
	ranges []string
	asked  int
}

func (tb *table) answer(t *testing.T, g *engine.Game) []gamelog.Event {
	t.Helper()
	p := g.Pending()
	var evs []gamelog.Event
	var err error
	switch {
	case p.Decision != nil && p.Decision.Side == engine.TableSide:
		r := "30"
		if tb.asked < len(tb.ranges) {
			r = tb.ranges[tb.asked]
		}
		tb.asked++
		evs, err = g.ChooseArgs("range", []string{r}, engine.ByPlayer, engine.NoPause)
	case p.Decision != nil:
		evs, err = g.ChooseIndex(p.Decision.Default, engine.ByPlayer, engine.NoPause)
	case p.Roll != nil:
		evs, err = g.RollGenerator(engine.NoPause)
	case p.Draw != nil:
		evs, err = g.DrawGenerator(engine.NoPause)
	default:
		evs, err = g.Step(engine.NoPause)
	}
	if err != nil {
		t.Fatal(err)
	}
	return evs
}

// playDuel plays a whole duel and returns its log.
func playDuel(t *testing.T, g *engine.Game, tb *table) string {
	t.Helper()
	var buf bytes.Buffer
	if err := g.WriteLog(&buf); err != nil {
		t.Fatal(err)
	}
	if _, err := g.Step(engine.NoPause); err != nil {
		t.Fatal(err)
	}
	for n := 0; !g.Over(); n++ {
		if n > 200 {
			t.Fatalf("the duel does not end; pending %+v", g.Pending())
		}
		tb.answer(t, g)
	}
	if g.Err() != nil {
		t.Fatal(g.Err())
	}
	return buf.String()
}

func newDuel(t *testing.T, seed uint64, mode engine.Mode) (*engine.Definition, *engine.Game) {
	t.Helper()
	def := enginetest.DuelDefinition()
	g, err := engine.New(engine.Config{Def: def, Seed: seed, Mode: mode})
	if err != nil {
		t.Fatal(err)
	}
	return def, g
}

func events(t *testing.T, log string, typ string) []gamelog.Event {
	t.Helper()
	lg, err := gamelog.Read("duel.jsonl", strings.NewReader(log))
	if err != nil {
		t.Fatal(err)
	}
	var out []gamelog.Event
	for _, e := range lg.Events {
		if e.Type == typ {
			out = append(out, e)
		}
	}
	return out
}

func line(e gamelog.Event) string { return string(e.AppendJSON(nil)) }

// p2Orders: turn 1 fire at b, turn 2 launch a spread, turn 3 signal.
func p2Orders() *orders {
	return &orders{answers: []engine.Answer{
		{Option: 0, Args: map[string]gamelog.Value{"target": gamelog.StrV("b")}},
		{Option: 1, Args: map[string]gamelog.Value{"spread": {Kind: gamelog.KBool, B: true}}},
		{Option: 2, Args: map[string]gamelog.Value{"text": gamelog.StrV("all boats home")}},
	}}
}

func TestDuelDecisionsCarrySidesArgumentsAndTheTable(t *testing.T) {
	def, g := newDuel(t, 5, engine.Digital)
	g.SetSideDecider("p1", ref(def))
	p2 := p2Orders()
	g.SetSideDecider("p2", p2)
	log := playDuel(t, g, &table{ranges: []string{"35"}})
	decs := events(t, log, "decision")
	want := []string{
		`"kind":"mines","side":"p1","options":["dud","small","large","magnetic","acoustic"],"choice":"dud","by":"default","command":"choose dud"}`,
		`"kind":"order","side":"p1","options":["fire","launch","signal","pass"],"choice":"pass","by":"default","command":"choose pass"}`,
		`"kind":"order","side":"p2","options":["fire","launch","signal","pass"],"choice":"fire","args":{"target":"b"},"by":"script","command":"choose fire b"}`,
		`"kind":"range","options":["range"],"choice":"range","args":{"cm":35},"by":"table","command":"choose range 35"}`,
	}
	for i, w := range want {
		if got := line(decs[i]); !strings.HasSuffix(got, w) {
			t.Errorf("decision %d:\n got %s\nwant …%s", i+1, got, w)
		}
	}
	if got := line(decs[5]); !strings.Contains(got, `"choice":"launch","args":{"spread":true},"by":"script","command":"choose launch yes"`) {
		t.Errorf("launch decision = %s", got)
	}
	if got := line(decs[7]); !strings.Contains(got, `"args":{"text":"all boats home"},"by":"script","command":"choose signal \"all boats home\""`) {
		t.Errorf("signal decision = %s", got)
	}
	if slices.Contains(p2.seen, "range/table") {
		t.Errorf("the table's decision went to a side's script: %v", p2.seen)
	}
	// The torpedo launched on turn 2 arrives on turn 4: after the game
	// (3 turns) it is still on the schedule.
	if s := g.Schedule(); len(s) != 1 || s[0].Turn != 4 || s[0].Side != "p2" {
		t.Errorf("schedule = %+v, want p2's torpedo on turn 4", s)
	}
}

func TestDuelReplaysExactlyWithHiddenDraws(t *testing.T) {
	for _, mode := range []engine.Mode{engine.Digital, engine.Physical} {
		t.Run(mode.String(), func(t *testing.T) {
			def, g := newDuel(t, 9, mode)
			g.SetSideDecider("p2", p2Orders())
			log := playDuel(t, g, &table{ranges: []string{"12", "50"}})
			draws := events(t, log, "draw")
			if len(draws) != 7 {
				t.Fatalf("%d draws, want 7 (two a turn, and the mine)", len(draws))
			}
			if v, _ := draws[0].Get("hidden"); !v.B {
				t.Errorf("support draw not hidden: %s", line(draws[0]))
			}
			if len(events(t, log, "reveal")) == 0 {
				t.Errorf("no reveal: the support chit of a fire order is revealed")
			}
			lg, err := gamelog.Read("duel.jsonl", strings.NewReader(log))
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
				t.Errorf("replayed log differs:\n%s\n---\n%s", buf.String(), log)
			}
			// Cut anywhere: the replay writes the log up to the cut.
			for upto := 1; upto < len(lg.Events); upto++ {
				r, err := engine.Replay(def, lg, upto, engine.Config{})
				if err != nil {
					t.Fatalf("replay to %d: %v", upto, err)
				}
				var b bytes.Buffer
				r.WriteLog(&b)
				if !strings.HasPrefix(log, b.String()) || strings.Count(b.String(), "\n") < upto+1 {
					t.Fatalf("replay to %d wrote:\n%s", upto, b.String())
				}
			}
		})
	}
}

func TestScheduleIsExactOnReplay(t *testing.T) {
	def, g := newDuel(t, 3, engine.Digital)
	g.SetSideDecider("p1", ref(def))
	p2 := &orders{answers: []engine.Answer{
		{Option: 1}, // turn 1: launch (no spread: the default)
		{Option: 1, Args: map[string]gamelog.Value{"spread": {Kind: gamelog.KBool, B: true}}},
	}}
	g.SetSideDecider("p2", p2)
	var buf bytes.Buffer
	g.WriteLog(&buf)
	// Play up to p1's order of turn 2: p2's turn-1 torpedo is scheduled.
	g.SetSideDecider("p1", nil)
	if _, err := g.Step(engine.NoPause); err != nil {
		t.Fatal(err)
	}
	turn := func() int {
		h := g.History()
		for i := len(h) - 1; i >= 0; i-- {
			if h[i].Type == "turn" {
				return h[i].Int("n")
			}
		}
		return 0
	}
	for g.Pending() != nil && (g.Pending().Decision == nil || g.Pending().Decision.Kind != "order" || turn() < 2) {
		(&table{}).answer(t, g)
	}
	want := []engine.Due{{Turn: 3, What: "torpedo of p2 arrives", Side: "p2", Key: "T"}}
	if got := g.Schedule(); !slices.Equal(got, want) {
		t.Fatalf("schedule = %+v, want %+v", got, want)
	}
	lg, err := gamelog.Read("duel.jsonl", strings.NewReader(buf.String()))
	if err != nil {
		t.Fatal(err)
	}
	r, err := engine.Replay(def, lg, 0, engine.Config{})
	if err != nil {
		t.Fatal(err)
	}
	if got := r.Schedule(); !slices.Equal(got, want) {
		t.Errorf("replayed schedule = %+v, want %+v", got, want)
	}
}

func TestArgumentsAreValidatedAndCompleted(t *testing.T) {
	_, g := newDuel(t, 1, engine.Digital)
	if _, err := g.Step(engine.NoPause); err != nil {
		t.Fatal(err)
	}
	if _, err := g.Choose("small", engine.ByPlayer, engine.NoPause); err != nil {
		t.Fatal(err)
	}
	p := g.Pending()
	if p == nil || p.Decision == nil || p.Decision.Kind != "order" || p.Decision.Side != "p1" {
		t.Fatalf("pending = %+v, want p1's order", p)
	}
	d := p.Decision
	seq := g.Seq()
	for _, tc := range []struct {
		name, option string
		args         []string
		want         string
	}{
		{"rule refuses", "fire", []string{"c"}, "target c is not in sight before turn 2"},
		{"not in the set", "fire", []string{"z"}, `target: "z" is not one of a, b, c`},
		{"too many", "fire", []string{"a", "b"}, "fire takes 1 value: choose fire <target a|b|c>"},
		{"none taken", "pass", []string{"x"}, "pass takes no arguments"},
		{"needs text", "signal", nil, "signal needs text"},
		{"not yes or no", "launch", []string{"maybe"}, `spread: "maybe": say yes or no`},
		{"text too long", "signal", []string{strings.Repeat("x", engine.MaxText+1)}, "want 1 to 80 characters"},
		{"unprintable", "signal", []string{"a\x07b"}, "cannot be printed"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := g.ChooseArgs(tc.option, tc.args, engine.ByPlayer, engine.NoPause)
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("err = %v, want %q", err, tc.want)
			}
			if g.Seq() != seq || g.Pending().Decision != d {
				t.Errorf("a refused answer changed the game")
			}
		})
	}
	if _, err := g.ChooseIndex(2, engine.ByPlayer, engine.NoPause); err == nil || !strings.Contains(err.Error(), "signal needs text") {
		t.Errorf("signal without its text by index: err = %v", err)
	}
	for _, tc := range []struct {
		words []string
		want  []string
	}{
		{[]string{""}, []string{"fire", "launch", "signal", "pass"}},
		{[]string{"fire", ""}, enginetest.Targets},
		{[]string{"launch", ""}, []string{"yes", "no"}},
		{[]string{"launch", "yes", ""}, nil},
		{[]string{"bogus", ""}, nil},
	} {
		if got := d.Complete(tc.words); !slices.Equal(got, tc.want) {
			t.Errorf("Complete(%q) = %q, want %q", tc.words, got, tc.want)
		}
	}
	if got, want := d.Usage(0), "choose fire <target a|b|c>"; got != want {
		t.Errorf("usage = %q, want %q", got, want)
	}
	evs, err := g.ChooseArgs("fire", []string{"B"}, engine.ByPlayer, engine.NoPause)
	if err != nil {
		t.Fatal(err)
	}
	if got := line(evs[0]); !strings.Contains(got, `"choice":"fire","args":{"target":"b"},"by":"player","command":"choose fire b"`) {
		t.Errorf("decision = %s", got)
	}
	// Next comes the table's range, in cm.
	m := g.Pending().Decision
	if m == nil || m.Side != engine.TableSide {
		t.Fatalf("pending = %+v, want the table's range", g.Pending())
	}
	if got := m.Complete([]string{"range", ""}); !slices.Equal(got, []string{"1", "120"}) {
		t.Errorf("range completion = %q", got)
	}
	if _, err := g.ChooseArgs("range", []string{"121"}, engine.ByPlayer, engine.NoPause); err == nil || !strings.Contains(err.Error(), "121cm is out of range: want 1 to 120cm") {
		t.Errorf("range 121: err = %v", err)
	}
	if _, err := g.ChooseArgs("range", []string{"40cm"}, engine.ByPlayer, engine.NoPause); err != nil {
		t.Errorf("range 40cm: %v", err)
	}
}

func TestScriptArgumentsAreValidated(t *testing.T) {
	for _, tc := range []struct {
		name string
		a    engine.Answer
		want string
	}{
		{"unknown argument", engine.Answer{Option: 0, Args: map[string]gamelog.Value{"range": gamelog.IntV(3)}}, "fire has no argument range"},
		{"wrong type", engine.Answer{Option: 0, Args: map[string]gamelog.Value{"target": gamelog.IntV(3)}}, "target: 3 is not one of a, b, c"},
		{"rule", engine.Answer{Option: 0, Args: map[string]gamelog.Value{"target": gamelog.StrV("c")}}, "not in sight"},
		{"missing", engine.Answer{Option: 2}, "signal needs text"},
		{"args to pass", engine.Answer{Option: 3, Args: map[string]gamelog.Value{"x": gamelog.IntV(1)}}, "pass takes no arguments"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			def, g := newDuel(t, 1, engine.Digital)
			g.SetSideDecider("p1", &orders{answers: []engine.Answer{{Option: 0}, tc.a}})
			var buf bytes.Buffer
			g.WriteLog(&buf)
			_, err := g.Step(engine.NoPause)
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Fatalf("err = %v, want %q", err, tc.want)
			}
			// The log ends with the error; it replays to the decision.
			lg, rerr := gamelog.Read("duel.jsonl", strings.NewReader(buf.String()))
			if rerr != nil {
				t.Fatal(rerr)
			}
			r, rerr := engine.Replay(def, lg, 0, engine.Config{})
			if rerr != nil {
				t.Fatal(rerr)
			}
			if p := r.Pending(); p == nil || p.Decision == nil || p.Decision.Kind != "order" {
				t.Errorf("replay waits for %+v, want the order", p)
			}
		})
	}
}

func TestTheTableIsNeverAskedOfADecider(t *testing.T) {
	def, g := newDuel(t, 2, engine.Digital)
	g.SetDecider(ref(def)) // every side's decisions
	fire := &orders{answers: []engine.Answer{{Option: 0}, {Option: 0, Args: map[string]gamelog.Value{"target": gamelog.StrV("a")}}}}
	g.SetSideDecider("p1", fire)
	if _, err := g.Step(engine.NoPause); err != nil {
		t.Fatal(err)
	}
	p := g.Pending()
	if p == nil || p.Decision == nil || p.Decision.Side != engine.TableSide {
		t.Fatalf("pending = %+v, want the table's range", p)
	}
	// Step again: the decider does not take it either.
	if _, err := g.Step(engine.NoPause); err != nil {
		t.Fatal(err)
	}
	if g.Pending().Decision != p.Decision {
		t.Errorf("the table's decision was answered by a decider")
	}
	if !g.PlayerPlays(engine.TableSide) || g.PlayerPlays("p1") || g.PlayerPlays("p2") {
		t.Errorf("PlayerPlays: table %v, p1 %v, p2 %v; want true, false, false", g.PlayerPlays(engine.TableSide), g.PlayerPlays("p1"), g.PlayerPlays("p2"))
	}
}

func TestHiddenDrawsAreMaskedUntilRevealed(t *testing.T) {
	def, g := newDuel(t, 4, engine.Digital)
	g.SetSideDecider("p2", ref(def)) // the player plays p1 (and the table)
	var p1Saw, p2Saw []string
	g.ObserveAs("p1", func(e *gamelog.Event) {
		if e.Type == "draw" || e.Type == "reveal" {
			p1Saw = append(p1Saw, line(*e))
		}
	})
	g.ObserveAs("p2", func(e *gamelog.Event) {
		if e.Type == "draw" {
			p2Saw = append(p2Saw, line(*e))
		}
	})
	if _, err := g.Step(engine.NoPause); err != nil {
		t.Fatal(err)
	}
	if _, err := g.Choose("dud", engine.ByPlayer, engine.NoPause); err != nil {
		t.Fatal(err)
	}
	// p1's order of turn 1 waits; p1 has drawn, p2 not yet.
	if _, err := g.ChooseArgs("fire", []string{"a"}, engine.ByPlayer, engine.NoPause); err != nil {
		t.Fatal(err)
	}
	if _, err := g.ChooseArgs("range", []string{"10"}, engine.ByPlayer, engine.NoPause); err != nil {
		t.Fatal(err)
	}
	// Turn 1 is over; turn 2: p1's draw is made, p1's order waits; p2's
	// turn-1 draw (the reference passes: never revealed) is hidden from p1.
	var p2Draw *gamelog.Event
	h := g.History()
	for i := range h {
		if h[i].Type == "draw" && h[i].Str("side") == "p2" {
			p2Draw = &h[i]
			break
		}
	}
	if p2Draw == nil {
		t.Fatal("no draw of p2")
	}
	if !g.Hides(p2Draw, engine.AtPrompt) || !g.Hides(p2Draw, "p1") || g.Hides(p2Draw, "p2") {
		t.Errorf("Hides p2's draw: prompt %v, p1 %v, p2 %v; want true, true, false", g.Hides(p2Draw, engine.AtPrompt), g.Hides(p2Draw, "p1"), g.Hides(p2Draw, "p2"))
	}
	masked := g.Mask(p2Draw, engine.AtPrompt)
	if got := line(masked); !strings.Contains(got, `"side":"p2","hidden":true,"chits":["?"]`) {
		t.Errorf("masked = %s", got)
	}
	if got := line(*p2Draw); strings.Contains(got, `"?"`) {
		t.Errorf("masking changed the history: %s", got)
	}
	for _, s := range p1Saw {
		if strings.Contains(s, `"side":"p2"`) && !strings.Contains(s, `["?"]`) {
			t.Errorf("p1's script saw p2's hidden draw: %s", s)
		}
	}
	if len(p1Saw) < 2 || strings.Contains(p1Saw[0], `"?"`) {
		t.Errorf("p1 saw %q: its own draw unmasked, and its reveal", p1Saw)
	}
	for _, s := range p2Saw {
		if strings.Contains(s, `"side":"p1"`) && !strings.Contains(s, `["?"]`) {
			t.Errorf("p2's script saw p1's hidden draw: %s", s)
		}
	}
	// The pool of p2 does not tell the prompt what p2 holds now (turn 2's
	// draw is out), p1's pool does.
	var pool1, pool2 *engine.Cup
	for _, k := range g.Cups() {
		switch k.ID {
		case "POOL-P1":
			pool1 = k
		case "POOL-P2":
			pool2 = k
		}
	}
	if _, known := g.CupSeen(pool1, engine.AtPrompt); !known {
		t.Errorf("the prompt may not see p1's pool, which p1 drew from")
	}
	// p2 has not drawn for turn 2 yet (p1's order waits): its turn-1 chit
	// went back, so its pool is known.
	if c, known := g.CupSeen(pool2, engine.AtPrompt); !known || len(c) != 4 {
		t.Errorf("p2's pool between turns: %v %v, want its 4 chits", c, known)
	}
}

func TestPhysicalDrawsAtThePrompt(t *testing.T) {
	def, g := newDuel(t, 6, engine.Physical)
	g.SetSideDecider("p2", ref(def))
	if _, err := g.Step(engine.NoPause); err != nil {
		t.Fatal(err)
	}
	if _, err := g.Choose("large", engine.ByPlayer, engine.NoPause); err != nil {
		t.Fatal(err)
	}
	p := g.Pending()
	if p == nil || p.Draw == nil || p.Draw.Side != "p1" || p.Draw.Cup != "POOL-P1" || p.Draw.N != 1 {
		t.Fatalf("pending = %+v, want p1's support draw", p)
	}
	seq := g.Seq()
	for _, tc := range []struct {
		words []string
		want  string
	}{
		{[]string{"+3"}, `"+3" is not in the cup: the cup holds +1 x3, +2`},
		{[]string{"+1", "+1"}, "draw 1 chit, not 2"},
		{nil, "draw 1 chit, not 0"},
	} {
		if _, err := g.DrawChits(tc.words, engine.NoPause); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("draw %q: err = %v, want %q", tc.words, err, tc.want)
		}
	}
	if g.Seq() != seq {
		t.Fatalf("a refused draw changed the game")
	}
	evs, err := g.DrawChits([]string{"+2"}, engine.NoPause)
	if err != nil {
		t.Fatal(err)
	}
	if got := line(evs[0]); !strings.HasSuffix(got, `"type":"draw","cup":"POOL-P1","for":"support","side":"p1","hidden":true,"chits":["+2"]}`) {
		t.Errorf("draw = %s", got)
	}
	// p1 passes; p2 (the reference) draws: the program makes that draw.
	evs, err = g.Choose("pass", engine.ByPlayer, engine.NoPause)
	if err != nil {
		t.Fatal(err)
	}
	var p2 string
	for _, e := range evs {
		if e.Type == "draw" && e.Str("side") == "p2" {
			p2 = line(e)
		}
	}
	if !strings.Contains(p2, `"source":"generator"`) {
		t.Errorf("p2's draw = %q, want the program's (source generator)", p2)
	}
	if p := g.Pending(); p == nil || p.Draw == nil {
		t.Fatalf("pending = %+v, want p1's turn-2 draw", g.Pending())
	}
}

func TestTamperedDrawIsCaught(t *testing.T) {
	def, g := newDuel(t, 8, engine.Digital)
	g.SetSideDecider("p1", ref(def))
	g.SetSideDecider("p2", ref(def))
	log := playDuel(t, g, &table{})
	first := events(t, log, "draw")[0]
	chit := first.Fields[len(first.Fields)-1].Val.L[0].S
	other := "+1"
	if chit == "+1" {
		other = "+2"
	}
	orig := line(first)
	bad := strings.Replace(log, orig, strings.Replace(orig, `"chits":["`+chit+`"]`, `"chits":["`+other+`"]`, 1), 1)
	if bad == log {
		t.Fatal("the test did not change the log")
	}
	lg, err := gamelog.Read("duel.jsonl", strings.NewReader(bad))
	if err != nil {
		t.Fatal(err)
	}
	_, err = engine.Replay(def, lg, 0, engine.Config{})
	var div *engine.Divergence
	if !errors.As(err, &div) || !strings.Contains(div.Why, "generator draws") {
		t.Errorf("replay of a changed draw: %v", err)
	}
	if div != nil && div.Seq != first.Seq {
		t.Errorf("divergence at seq %d, want %d", div.Seq, first.Seq)
	}
}

func TestParseSides(t *testing.T) {
	def := enginetest.DuelDefinition()
	for _, tc := range []struct {
		in   []string
		want string // the specs, or the error
	}{
		{[]string{"p1=player", "p2=script:scripts/x.lua"}, "[p1=player p2=script:scripts/x.lua]"},
		{[]string{"p2=reference"}, "[p2=reference]"},
		{[]string{"p3=player"}, `side "p3": duel's sides are p1, p2`},
		{[]string{"p1=robot"}, `"robot" is not player, script:FILE or reference`},
		{[]string{"p1"}, "want NAME=player"},
		{[]string{"p1=script:"}, "script: needs a file"},
		{[]string{"table=player"}, "the table is not a side"},
		{[]string{"p1=player", "p1=reference"}, "side p1 is given twice"},
	} {
		t.Run(strings.Join(tc.in, ","), func(t *testing.T) {
			specs, err := engine.ParseSides(def, tc.in)
			got := fmt.Sprint(specs)
			if err != nil {
				got = err.Error()
			}
			if !strings.Contains(got, tc.want) {
				t.Errorf("got %s, want %s", got, tc.want)
			}
		})
	}
	toy := enginetest.Definition()
	if _, err := engine.ParseSides(toy, []string{"p1=player"}); err == nil || !strings.Contains(err.Error(), "toy has no sides") {
		t.Errorf("a side of the toy: %v", err)
	}
	_, g := newDuel(t, 1, engine.Digital)
	if err := g.SetSideDecider("p9", nil); err == nil {
		t.Errorf("SetSideDecider accepted an unknown side")
	}
}

// Undo takes back the chits the player drew after the decision taken
// back, as it takes back the faces typed: the draw is asked again.
func TestUndoAsksPhysicalDrawsAgain(t *testing.T) {
	def, g := newDuel(t, 6, engine.Physical)
	g.SetSideDecider("p2", ref(def))
	steps := []func() ([]gamelog.Event, error){
		func() ([]gamelog.Event, error) { return g.Step(engine.NoPause) },
		func() ([]gamelog.Event, error) { return g.Choose("large", engine.ByPlayer, engine.NoPause) },
		func() ([]gamelog.Event, error) { return g.DrawChits([]string{"+2"}, engine.NoPause) },
		func() ([]gamelog.Event, error) { return g.Choose("pass", engine.ByPlayer, engine.NoPause) },
		func() ([]gamelog.Event, error) { return g.DrawChits([]string{"+1"}, engine.NoPause) },
	}
	for i, f := range steps {
		if _, err := f(); err != nil {
			t.Fatalf("step %d: %v", i, err)
		}
	}
	u, err := g.Undo() // back to p1's order of turn 1: the +2 drawn before it stays
	if err != nil {
		t.Fatal(err)
	}
	if p := u.Pending(); p == nil || p.Decision == nil || p.Decision.Kind != "order" {
		t.Fatalf("after undo: %+v, want p1's order", p)
	}
	if _, err := u.Choose("launch", engine.ByPlayer, engine.NoPause); err != nil {
		t.Fatal(err)
	}
	// Turn 2's draw of p1 came after the undone decision: asked again.
	p := u.Pending()
	if p == nil || p.Draw == nil || p.Draw.Side != "p1" || len(p.Draw.In) != 4 {
		t.Fatalf("after the new order: %+v, want p1's turn-2 draw from the full pool", p)
	}
	if _, err := u.DrawChits([]string{"+1"}, engine.NoPause); err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, e := range u.History() {
		if e.Type == "draw" && e.Str("side") == "p1" {
			v, _ := e.Get("chits")
			got = append(got, v.Strs()...)
		}
	}
	if !slices.Equal(got, []string{"+2", "+1"}) {
		t.Errorf("p1's draws after undo = %v, want [+2 +1]", got)
	}
}
