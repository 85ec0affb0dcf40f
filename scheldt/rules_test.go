package scheldt

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/schnell-wargames/schnell/engine"
	"github.com/schnell-wargames/schnell/gamelog"
)

// table is a game played through the prompt's order commands, digital
// dice, every decision not given taking its default (done, enter).
type table struct {
	t   *testing.T
	eg  *engine.Game
	r   *Game
	log bytes.Buffer
	evs []gamelog.Event
}

func start(t *testing.T, seed uint64, opts ...gamelog.Option) *table {
	t.Helper()
	eg, err := engine.New(engine.Config{Def: def(t), Seed: seed, Options: opts})
	if err != nil {
		t.Fatal(err)
	}
	tb := &table{t: t, eg: eg}
	eg.KeepHistory(true)
	if err := eg.WriteLog(&tb.log); err != nil {
		t.Fatal(err)
	}
	tb.r, _ = Of(eg)
	tb.step(0)
	return tb
}

func (tb *table) step(level int) {
	tb.t.Helper()
	evs, err := tb.eg.Step(level)
	if err != nil {
		tb.t.Fatal(err)
	}
	tb.evs = append(tb.evs, evs...)
}

// to plays on, every decision its default, to the orders of turn, side
// and phase.
func (tb *table) to(turn int, side string, p Phase) {
	tb.t.Helper()
	for n := 0; n < 10000; n++ {
		pe := tb.eg.Pending()
		if tb.eg.Over() || pe == nil {
			tb.t.Fatalf("the game ended before turn %d %s %s", turn, side, p)
		}
		if d := pe.Decision; d != nil && d.Kind == "order" && tb.r.Turn == turn && tb.r.Player == side && tb.r.Phase == p {
			return
		}
		if pe.Decision != nil {
			evs, err := tb.eg.ChooseIndex(pe.Decision.Default, engine.ByPlayer, 2)
			if err != nil {
				tb.t.Fatal(err)
			}
			tb.evs = append(tb.evs, evs...)
			continue
		}
		tb.step(2)
	}
	tb.t.Fatalf("never reached turn %d %s %s", turn, side, p)
}

// give types an order at the prompt.
func (tb *table) give(order string, words ...string) error {
	tb.t.Helper()
	evs, err := give(tb.eg, order, words)
	tb.evs = append(tb.evs, evs...)
	return err
}

func (tb *table) must(order string, words ...string) {
	tb.t.Helper()
	if err := tb.give(order, words...); err != nil {
		tb.t.Fatalf("%s %s: %v", order, strings.Join(words, " "), err)
	}
}

func (tb *table) refused(rule, order string, words ...string) {
	tb.t.Helper()
	err := tb.give(order, words...)
	if err == nil || !strings.HasPrefix(err.Error(), rule) {
		tb.t.Errorf("%s %s: %v, want a refusal naming %s", order, strings.Join(words, " "), err, rule)
	}
}

// saw reports whether an event of typ with the field values happened.
func (tb *table) saw(typ string, kv ...string) bool {
	for i := range tb.evs {
		e := &tb.evs[i]
		if e.Type != typ {
			continue
		}
		ok := true
		for k := 0; k+1 < len(kv); k += 2 {
			v, _ := e.Get(kv[k])
			got := v.S
			if v.Kind != gamelog.KStr {
				got = engine.Word(v)
			}
			if got != kv[k+1] {
				ok = false
			}
		}
		if ok {
			return true
		}
	}
	return false
}

// 13.1: the 155th Regiment is withdrawn at the end of turn 8.
func TestRule13_1WithdrawnAtTheEndOfTurn8(t *testing.T) {
	tb := start(t, 1)
	tb.to(9, Allied, Movement)
	if u := tb.r.unit("155-52"); u.State != Withdrawn {
		t.Errorf("155-52 on turn 9: %s, want withdrawn", u.State)
	}
	if !tb.saw("withdrawn", "unit", "155-52", "why", "the end of turn 8") {
		t.Errorf("no withdrawal event")
	}
	tb.refused("13.1", OrderMark, "155/52", "full")
}

// 13.1: ... or at the end of an Allied player turn in which it is depleted;
// then it may not be rebuilt.
func TestRule13_1WithdrawnWhenDepleted(t *testing.T) {
	tb := start(t, 1, gamelog.Option{Name: "turns", Value: "5"})
	tb.to(4, Allied, Combat)
	tb.must(OrderMark, "155/52", "depleted")
	tb.to(4, Allied, EndOfPlayerTurn)
	tb.refused("13.1", OrderRebuild, "155-52", "adjacent=no")
	tb.to(4, German, Movement)
	if !tb.saw("withdrawn", "unit", "155-52", "why", "depleted at the end of an Allied player turn") {
		t.Errorf("the depleted 155th stays on the map")
	}
}

// 11.2, 11.5: the 104th enters on turn 7 in an Antwerp hex; when none is
// free it waits, to the Mobile Movement Phase, then to the next turn.
func TestRule11_2TheTimberwolvesWait(t *testing.T) {
	tb := start(t, 2, gamelog.Option{Name: "turns", Value: "8"})
	tb.toEntry(7, Allied)
	// Each of the three waits twice: to the Mobile Movement Phase (11.3),
	// then to the next turn (11.2, 11.5).
	for n := 0; n < 6; n++ {
		tb.toEntry(7, Allied)
		evs, err := tb.eg.Choose("wait", engine.ByPlayer, 2)
		if err != nil {
			t.Fatal(err)
		}
		tb.evs = append(tb.evs, evs...)
	}
	if !tb.saw("delayed", "unit", "413-104", "until", "next turn") {
		t.Errorf("413-104 was not held to the next turn")
	}
	tb.to(8, Allied, Movement)
	if u := tb.r.unit("413-104"); u.State != Full {
		t.Errorf("413-104 on turn 8: %s, want entered (the default)", u.State)
	}
	if !tb.saw("arrived", "unit", "415-104") {
		t.Errorf("415-104 never entered")
	}
}

// toEntry plays on, every decision its default, to an entry decision of
// side on turn.
func (tb *table) toEntry(turn int, side string) {
	tb.t.Helper()
	for n := 0; n < 10000 && !tb.eg.Over(); n++ {
		pe := tb.eg.Pending()
		if pe.Decision == nil {
			tb.step(2)
			continue
		}
		if pe.Decision.Kind == "entry" && tb.r.Turn == turn && tb.r.Player == side {
			return
		}
		evs, err := tb.eg.ChooseIndex(pe.Decision.Default, engine.ByPlayer, 2)
		if err != nil {
			tb.t.Fatal(err)
		}
		tb.evs = append(tb.evs, evs...)
	}
	tb.t.Fatalf("no entry for %s on turn %d", side, turn)
}

// 16.1: the Beveland Flank Assault: turn 12 or later, the pocket's German
// units eliminated, Woensdrecht Allied; six hexes of Terneuzen; the 155th
// returns with it unless eliminated.
func TestRule16_1BevelandFlankAssault(t *testing.T) {
	tb := start(t, 3)
	tb.to(4, Allied, Movement)
	tb.refused("16.1", OrderAssault, "beveland")
	tb.to(12, Allied, Movement)
	tb.refused("16.1: the Beveland Flank Assault waits until every German unit that started in the Breskens Pocket", OrderAssault, "beveland")
	for _, id := range []string{"64", "1037", "1038", "1039"} {
		tb.must(OrderMark, id, "eliminated")
	}
	tb.refused("16.1: the Beveland Flank Assault waits until Woensdrecht", OrderAssault, "beveland")
	tb.must(OrderGate, "woensdrecht", "yes")
	tb.must(OrderAssault, "beveland")
	// 155-52 was withdrawn at the end of turn 8: it lands with 156 and 157.
	tb.refused("16.1", OrderLand, "2535", "terneuzen=7")
	tb.must(OrderLand, "2535", "terneuzen=6")
	tb.must(OrderLand, "2634", "occupied", "terneuzen=3")
	tb.must(OrderLand, "2733", "terneuzen=2")
	for _, id := range []string{"155-52", "156-52", "157-52"} {
		if u := tb.r.unit(id); u.State != Full {
			t.Errorf("%s after the landing: %s", id, u.State)
		}
	}
	tb.refused("16.1", OrderAssault, "beveland")
	// 16.3: the unit landed with a German unit must attack it.
	tb.must(OrderDone)
	tb.refused("16.3", OrderDone)
	// 16.0: the coastal line, this turn; an attacker's result eliminates
	// the landed unit (16.3). The die is the generator's: the test reads
	// what it gave.
	tb.must(OrderAttack, "2634", "terrain=coastal", "diff=-1")
	last := tb.r.Combats[len(tb.r.Combats)-1]
	lost := strings.HasPrefix(last.Code, "A") || last.Code == "(A)"
	if got := tb.r.unit("156-52").State == Eliminated; got != lost {
		t.Errorf("result %s: 156-52 eliminated %v, want %v (16.3)", last.Code, got, lost)
	}
	tb.must(OrderDone)
}

// 16.2: the Walcheren Island Assault waits for the road hexes between
// Woensdrecht and Schore; under beveland=both the 52nd waits for them too
// (the note of 11.2).
func TestRule16_2WalcherenAssault(t *testing.T) {
	tb := start(t, 4, gamelog.Option{Name: "beveland", Value: "both"})
	tb.to(2, Allied, Movement)
	tb.refused("16.2", OrderAssault, "walcheren")
	tb.must(OrderGate, "road", "yes")
	tb.must(OrderAssault, "walcheren")
	for _, h := range []string{"2042", "2142", "2241", "2141"} {
		tb.must(OrderLand, h)
	}
	if u := tb.r.unit("2-bde"); u.State != Full || u.Hex != "2141" {
		t.Errorf("2-bde: %s in %q", u.State, u.Hex)
	}
	tb.refused("16.2", OrderAssault, "walcheren")
	tb.to(12, Allied, Movement)
	for _, id := range []string{"64", "1037", "1038", "1039"} {
		tb.must(OrderMark, id, "eliminated")
	}
	tb.must(OrderGate, "woensdrecht", "yes")
	tb.must(OrderGate, "road", "no")
	tb.refused("11.2", OrderAssault, "beveland")
}

// 14.1: the anti-tank marker is played again on a later turn (once a
// turn); 14.0: every turn draws again after the markers went back.
func TestRule14AntitankOnceATurnAndDrawsEachTurn(t *testing.T) {
	tb := start(t, 5, gamelog.Option{Name: "turns", Value: "5"})
	tb.to(4, Allied, Combat)
	tb.must(OrderAttack, "3018", "terrain=clear", "diff=2", "mobile", "antitank")
	tb.refused("14.1", OrderAttack, "3018", "terrain=clear", "diff=2", "mobile", "antitank")
	tb.to(4, German, Combat)
	tb.refused("14.1", OrderAttack, "3317", "terrain=clear", "diff=2", "antitank")
	tb.refused("12.1", OrderAttack, "3317", "terrain=flooded", "diff=2", "engineer")
	tb.refused("16.4", OrderAttack, "3317", "terrain=clear", "diff=2", "naval", "walcheren")
	tb.to(5, Allied, Combat)
	tb.must(OrderAttack, "3018", "terrain=clear", "diff=2", "mobile", "antitank")
	draws := 0
	for i := range tb.evs {
		if tb.evs[i].Type == "draw" {
			draws++
		}
	}
	if draws != 10 {
		t.Errorf("%d draws in five turns, want 10 (two a turn)", draws)
	}
	for _, k := range tb.eg.Cups() {
		if k.Len() >= 14 || k.ID == "SF-GERMAN" && k.Len() != 2 {
			t.Errorf("%s holds %d during turn 5", k.ID, k.Len())
		}
	}
}

// 11.0: the German rebuilds only non-mobile units, on turns 1 to 5.
func TestRule11_0GermanRebuilds(t *testing.T) {
	tb := start(t, 6, gamelog.Option{Name: "turns", Value: "6"})
	tb.to(3, German, EndOfPlayerTurn)
	tb.must(OrderMark, "2-AG", "depleted")
	tb.refused("11.0: the German player rebuilds only non-mobile units", OrderRebuild, "2-AG", "adjacent=no")
	// Turn 6: the German end of the player turn has nothing to offer and
	// does not stop; a rebuild typed earlier is refused by 11.0.
	tb.to(6, German, Combat)
	if _, _, err := pendingOrder(tb.eg, OrderRebuild); err == nil || !strings.HasPrefix(err.Error(), "11.0: the German player rebuilds on turns 1 to 5 only") {
		t.Errorf("a German rebuild on turn 6: %v", err)
	}
	// 11.0 exception: an assault unit needs its trace to Antwerp.
	r := tb.r
	r.Player, r.Phase = Allied, EndOfPlayerTurn
	u := r.unit("146-49")
	u.State = Depleted
	if err := r.Refuse(OrderRebuild, argMap{"unit": gamelog.StrV("146-49"), "adjacent": gamelog.Value{Kind: gamelog.KBool}}); err == nil || !strings.Contains(err.Error(), "traces overland to an Antwerp hex") {
		t.Errorf("an assault unit without its trace: %v", err)
	}
	if err := r.Refuse(OrderRebuild, argMap{"unit": gamelog.StrV("146-49"), "trace": gamelog.Value{Kind: gamelog.KBool, B: true}}); err != nil {
		t.Errorf("an assault unit with its trace: %v", err)
	}
	// Allied: one a turn on turns 11 to 20.
	for turn, want := range map[int]int{1: 2, 10: 2, 11: 1, 20: 1, 21: 0} {
		if got := RebuildsAllowed(Allied, turn); got != want {
			t.Errorf("Allied rebuilds on turn %d: %d, want %d", turn, got, want)
		}
	}
}

// 17.0: at the end, the checklist of German units on the map and the
// Allied player's claim decide the winner.
func TestRule17_0Victory(t *testing.T) {
	for _, claim := range []string{"german", "allied"} {
		tb := start(t, 7, gamelog.Option{Name: "turns", Value: "1"})
		for !tb.eg.Over() {
			d := tb.eg.Pending().Decision
			if d == nil {
				tb.step(2)
				continue
			}
			ans := d.Options[d.Default].Name
			if d.Kind == "victory" {
				if !tb.saw("checklist") {
					t.Errorf("no checklist before the victory")
				}
				ans = claim
			}
			evs, err := tb.eg.Choose(ans, engine.ByPlayer, 2)
			if err != nil {
				t.Fatal(err)
			}
			tb.evs = append(tb.evs, evs...)
		}
		if tb.r.Winner != claim {
			t.Errorf("winner %q, want %q", tb.r.Winner, claim)
		}
	}
}

// Determinism: the same seed and decisions give a byte-identical log;
// another seed another one.
func TestSameSeedSameLog(t *testing.T) {
	play := func(seed uint64) string {
		eg, err := engine.New(engine.Config{Def: def(t), Seed: seed})
		if err != nil {
			t.Fatal(err)
		}
		var b bytes.Buffer
		if err := eg.PlayOut(engine.TakeDefault{}, &b); err != nil {
			t.Fatal(err)
		}
		return b.String()
	}
	a, b, c := play(11), play(11), play(12)
	if a != b {
		t.Errorf("seed 11 twice: the logs differ")
	}
	if a == c {
		t.Errorf("seeds 11 and 12 give the same log")
	}
	if !strings.Contains(a, `"type":"victory"`) {
		t.Errorf("the game did not end:\n%.2000s", a)
	}
}

// A game played through orders replays to the same bytes; a changed die
// is caught.
func TestReplayCatchesAChangedDie(t *testing.T) {
	tb := start(t, 8, gamelog.Option{Name: "turns", Value: "4"})
	tb.to(1, Allied, Combat)
	tb.must(OrderAttack, "2819", "terrain=city", "diff=3")
	tb.must(OrderAttack, "3018", "terrain=clear", "diff=5", "shifts=-1")
	tb.must(OrderDone)
	tb.to(1, German, Movement)
	tb.eg.StopLog()
	text := tb.log.String()
	lg, err := gamelog.Read("scheldt.jsonl", strings.NewReader(text))
	if err != nil {
		t.Fatal(err)
	}
	rg, err := engine.Replay(def(t), lg, 0, engine.Config{})
	if err != nil {
		t.Fatal(err)
	}
	var out bytes.Buffer
	rg.WriteLog(&out)
	rg.StopLog()
	if out.String() != text {
		t.Errorf("replay differs:\n%s\n---\n%s", out.String(), text)
	}
	i := strings.Index(text, `"table":"SC-CRT"`)
	j := strings.Index(text[i:], `"faces":[`) + i + len(`"faces":[`)
	face := text[j]
	other := byte('1')
	if face == '1' {
		other = '2'
	}
	bad := text[:j] + string(other) + text[j+1:]
	lg, err = gamelog.Read("scheldt.jsonl", strings.NewReader(bad))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := engine.Replay(def(t), lg, 0, engine.Config{}); err == nil {
		t.Errorf("a changed CRT die replays without complaint")
	}
}

// 13.0: from turn 4 the Allied units on the Braakman Inlet hexes cross the
// all-sea hexside west at +2 MP; no other unit does.
func TestRule13_0BraakmanCrossing(t *testing.T) {
	cases := []struct {
		name, from, side string
		turn             int
		ok               bool
	}{
		{"Allied from 2737 on turn 4", "2737", Allied, 4, true},
		{"Allied from 2737 on turn 9", "2737", Allied, 9, true},
		{"Allied on turn 3", "2737", Allied, 3, false},
		{"German on turn 4", "2737", German, 4, false},
		{"Allied from the other side", "2738", Allied, 4, false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			to := "2738"
			if c.from == "2738" {
				to = "2737"
			}
			cost, err := Crossing(c.from, to, c.side, c.turn, nil)
			if got := err == nil; got != c.ok {
				t.Errorf("allowed %v (%v), want %v", got, err, c.ok)
			}
			if c.ok && !strings.Contains(cost, "+2 MP") {
				t.Errorf("cost %q, want +2 MP", cost)
			}
		})
	}
}

// 12.0 against 12.1: a retreat into a flooded hex follows the rule the
// option flood names (12.1 by default).
func TestRule12FloodedRetreatReading(t *testing.T) {
	for _, rule := range []string{"12.0", "12.1"} {
		tb := start(t, 10, gamelog.Option{Name: "flood", Value: rule}, gamelog.Option{Name: "turns", Value: "1"})
		tb.to(1, Allied, Combat)
		for n := 0; n < 20 && !tb.saw("flooded"); n++ {
			tb.must(OrderAttack, "3044", "terrain=flooded", "diff=10")
		}
		if !tb.saw("flooded", "rule", rule) {
			t.Errorf("flood=%s: no flooded note under %s", rule, rule)
		}
	}
}

// 14.0: the later turns' counts come from the Turn Record Track: typed
// (track=) or a player's SF-TRACK laid over the table; the pools' contents
// from a player's cups.
func TestRule14_0TrackTypedOrFromAFile(t *testing.T) {
	tb := start(t, 12, gamelog.Option{Name: "track", Value: "11/6,9/5"}, gamelog.Option{Name: "turns", Value: "3"})
	tb.to(3, Allied, Movement)
	for turn, want := range map[string][2]string{"1": {"11", "6"}, "2": {"9", "5"}, "3": {"11", "6"}} {
		if !tb.saw("track", "turn", turn, "allied", want[0], "german", want[1]) {
			t.Errorf("turn %s: no track event %v", turn, want)
		}
	}
	if !tb.saw("track", "turn", "3", "standin", "yes") || tb.saw("track", "turn", "2", "standin", "yes") {
		t.Errorf("the typed turns are stand-ins, or turn 3 is not")
	}
	for _, bad := range []string{"11-6", "11/6,x/5", "50/6", strings.Repeat("1/1,", 20) + "1/1"} {
		if _, err := engine.New(engine.Config{Def: def(t), Seed: 1, Options: []gamelog.Option{{Name: "track", Value: bad}}}); err == nil || !strings.Contains(err.Error(), "track") {
			t.Errorf("track=%s: %v", bad, err)
		}
	}
	dir := t.TempDir()
	os.WriteFile(filepath.Join(dir, "mine.tbl"), []byte(`table SF-TRACK
title My Turn Record Track
lookup turn
row <=1 | 11/6 | allied=11 german=6
row 2-5 | 8/4 | allied=8 german=4
row >=6 | 7/3 | allied=7 german=3

cup SF-GERMAN
title My German pool
chit +1 | 3 | one
chit +4 | 5 | four
`), 0o644)
	od, err := engine.WithOverlay(def(t), os.DirFS(dir))
	if err != nil {
		t.Fatal(err)
	}
	eg, err := engine.New(engine.Config{Def: od, Seed: 3, Options: []gamelog.Option{{Name: "turns", Value: "2"}}})
	if err != nil {
		t.Fatal(err)
	}
	eg.KeepHistory(true)
	var seen []string
	var evs []gamelog.Event
	for !eg.Over() {
		if d := eg.Pending(); d != nil && d.Decision != nil {
			evs, err = eg.ChooseIndex(d.Decision.Default, engine.ByPlayer, engine.NoPause)
		} else {
			evs, err = eg.Step(engine.NoPause)
		}
		if err != nil {
			t.Fatal(err)
		}
		for i := range evs {
			if evs[i].Type == "draw" {
				v, _ := evs[i].Get("chits")
				seen = append(seen, evs[i].Str("cup")+":"+strconv.Itoa(len(v.L)))
			}
		}
	}
	if got := strings.Join(seen, " "); got != "SF-ALLIED:11 SF-GERMAN:6 SF-ALLIED:8 SF-GERMAN:4" {
		t.Errorf("draws with the player's track: %s", got)
	}
}

// 18.0: the set-up is the document's, unit by unit: factors and hex.
func TestRule18_0SetUp(t *testing.T) {
	raw, err := os.ReadFile("testdata/setup.txt")
	if err != nil {
		t.Fatal(err)
	}
	g, err := newGame(loadTables(t), 20, "12.1", "16.1", 6)
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, line := range strings.Split(string(raw), "\n") {
		if line == "" || line[0] == '#' {
			continue
		}
		f := strings.SplitN(line, "|", 3)
		id, counter, hex := strings.TrimSpace(f[0]), strings.TrimSpace(f[1]), strings.TrimSpace(f[2])
		u := g.unit(id)
		if u == nil {
			t.Errorf("no unit %s", id)
			continue
		}
		n++
		if u.Title != counter || u.Setup != hex || !u.inSetup() {
			t.Errorf("%s: %q in %q (set-up %v), want %q in %q", id, u.Title, u.Setup, u.inSetup(), counter, hex)
		}
		if want := fmt.Sprintf("%d-%d-%d", u.Attack, u.Defence, u.Move); !strings.HasPrefix(counter, want+" ") {
			t.Errorf("%s: factors %s, the counter reads %s", id, want, counter)
		}
	}
	set := 0
	for _, u := range g.Units {
		if u.inSetup() {
			set++
		}
	}
	if n != 25 || set != 25 {
		t.Errorf("%d units in setup.txt, %d in the set-up; want 25 (16 Allied, 9 German)", n, set)
	}
}

// The game's half of the Lua API reference is current.
func TestLuaAPIDocumented(t *testing.T) {
	want := game{}.LuaAPI().Doc()
	got, err := os.ReadFile("../docs/lua-api-scheldt.md")
	if *update {
		os.WriteFile("../docs/lua-api-scheldt.md", []byte(want), 0o644)
		return
	}
	if err != nil || string(got) != want {
		t.Errorf("docs/lua-api-scheldt.md is stale: go test ./scheldt -run LuaAPI -update")
	}
	fields := engine.ViewFields(view{&Game{Turn: 1, Player: Allied, Units: []*Unit{{ID: "x"}}}})
	for _, f := range fields {
		found := false
		for _, a := range luaFields {
			if a.Class == "Game" && a.Name == f.Key {
				found = true
			}
		}
		if !found {
			t.Errorf("view field %s is not documented", f.Key)
		}
	}
}

// badScript gives an order the rules refuse, over and over.
type badScript struct{}

func (badScript) Decide(d *engine.Decision) (int, error) { return 0, nil }
func (badScript) Who() engine.Who                        { return engine.ByScript }
func (badScript) DecideArgs(d *engine.Decision) (engine.Answer, error) {
	for i, o := range d.Options {
		if o.Name == OrderAttack {
			return engine.Answer{Option: i, Args: map[string]gamelog.Value{"hex": gamelog.StrV("3043"), "terrain": gamelog.StrV("clear"), "diff": gamelog.IntV(3), "pocket": {Kind: gamelog.KBool, B: true}}}, nil
		}
	}
	return engine.Answer{Option: d.Default}, nil
}

// A script's refused order is the script's error, with its rule (13.0):
// the game stops there, never loops, and nothing of it is logged (issue
// 28: a refused answer is never a log event).
func TestScriptRefusalIsTheScriptsError(t *testing.T) {
	eg, err := engine.New(engine.Config{Def: def(t), Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	var b bytes.Buffer
	err = eg.PlayOut(badScript{}, &b)
	if err == nil || !strings.Contains(err.Error(), "13.0: the Breskens Pocket is frozen") {
		t.Fatalf("PlayOut: %v, want the rule's reason", err)
	}
	for _, typ := range []string{`"type":"refused"`, `"type":"combat"`, `"choice":"attack"`} {
		if strings.Contains(b.String(), typ) {
			t.Errorf("the refused order left %s in the log", typ)
		}
	}
}

// docs/log-format-scheldt.md describes every event type and field the
// game writes (games played through orders, and by the default player).
func TestLogFormatDocumented(t *testing.T) {
	raw, err := os.ReadFile("../docs/log-format-scheldt.md")
	if err != nil {
		t.Fatal(err)
	}
	rows := map[string]string{}
	for _, line := range strings.Split(string(raw), "\n") {
		if !strings.HasPrefix(line, "| `") {
			continue
		}
		cells := strings.SplitN(line, "|", 3)
		for _, typ := range strings.Split(cells[1], ",") {
			for _, ty := range strings.Split(typ, "/") {
				rows[strings.Trim(strings.TrimSpace(ty), "`")] = cells[2]
			}
		}
	}
	kernel := map[string]bool{"roll": true, "decision": true, "draw": true, "reveal": true, "read": true}
	var evs []gamelog.Event
	for _, play := range []func(*testing.T) []gamelog.Event{
		func(t *testing.T) []gamelog.Event { // orders of every kind
			tb := start(t, 3)
			tb.to(12, Allied, Movement)
			for _, id := range []string{"64", "1037", "1038", "1039"} {
				tb.must(OrderMark, id, "eliminated")
			}
			tb.must(OrderGate, "woensdrecht", "yes")
			tb.must(OrderAssault, "beveland")
			tb.must(OrderLand, "2535", "occupied", "terneuzen=6")
			tb.must(OrderLand, "2634", "occupied", "terneuzen=3")
			tb.must(OrderLand, "2733", "occupied", "terneuzen=2")
			tb.must(OrderDone)
			tb.must(OrderAttack, "2535", "terrain=coastal", "diff=-1")
			tb.must(OrderAttack, "2634", "terrain=coastal", "diff=10")
			tb.must(OrderAttack, "2733", "terrain=flooded", "diff=4", "naval", "walcheren")
			tb.must(OrderBombard, "2042", "range=2")
			tb.must(OrderDone)
			tb.to(12, Allied, EndOfPlayerTurn)
			tb.must(OrderMark, "44-15", "depleted")
			tb.must(OrderRebuild, "44-15", "adjacent=no")
			return tb.evs
		},
		func(t *testing.T) []gamelog.Event {
			eg, _ := engine.New(engine.Config{Def: def(t), Seed: 2})
			var b bytes.Buffer
			if err := eg.PlayOut(engine.TakeDefault{}, &b); err != nil {
				t.Fatal(err)
			}
			lg, err := gamelog.Read("auto.jsonl", strings.NewReader(b.String()))
			if err != nil {
				t.Fatal(err)
			}
			return lg.Events
		},
	} {
		evs = append(evs, play(t)...)
	}
	seen := map[string]bool{}
	for i := range evs {
		e := &evs[i]
		if kernel[e.Type] {
			continue
		}
		seen[e.Type] = true
		row, ok := rows[e.Type]
		if !ok {
			t.Errorf("event %s is not documented", e.Type)
			continue
		}
		for _, f := range e.Fields {
			if !strings.Contains(row, "`"+f.Key+"`") {
				t.Errorf("field %s.%s is not documented", e.Type, f.Key)
			}
		}
	}
	if len(seen) < 15 {
		t.Errorf("only %d event types played: %v", len(seen), seen)
	}
}
