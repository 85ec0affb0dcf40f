package engine

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/schnell-wargames/schnell/dice"
	"github.com/schnell-wargames/schnell/gamelog"
	"github.com/schnell-wargames/schnell/tables"
)

// toy is a tiny game: each leg, roll T-1; then decide to go on or go home.
type toy struct {
	legs   int
	leg    int
	points int
	home   bool
}

var toySchema = &tables.Schema{
	Facts:    []tables.Def{{Name: "leg", Kind: tables.Int}},
	Effects:  []tables.Def{{Name: "points", Kind: tables.Int}},
	Required: map[string][]string{"T-1": {"points"}},
}

func (t *toy) Fact(int) int { return t.leg }

func (t *toy) Play(c *Ctx) {
	c.Emit("start", gamelog.Int("legs", t.legs))
	w := c.Roll("T-2", t, "")
	p, _ := w.Int(0)
	t.points += p
	for t.leg = 1; t.leg <= t.legs && !t.home; t.leg++ {
		o := c.Roll("T-1", t, "leg "+strconv.Itoa(t.leg))
		p, _ := o.Int(0)
		t.points += p
		c.Emit("leg", gamelog.Int("n", t.leg), gamelog.Int("points", t.points))
		c.Pause("leg", 1)
		d := &Decision{Kind: "go_on", Prompt: "Go on?", Options: []Option{{Name: "on"}, {Name: "home", Command: "home"}}}
		if c.Decide(d) == 1 {
			t.home = true
		}
	}
	total, _ := c.RollDice(dice.D6, "bonus")
	t.points += total
	c.Emit("end", gamelog.Int("points", t.points))
}

func toyDef(t testing.TB) *Definition {
	t.Helper()
	tabs, err := tables.Load(os.DirFS("testdata"), toySchema)
	if err != nil {
		t.Fatal(err)
	}
	return &Definition{
		Name:     "toy",
		Booklets: []Booklet{{Name: "toy", Tables: tabs}},
		Options:  []OptionDef{{Name: "legs", Default: "4", Help: "legs to sail"}},
		New: func(opts []gamelog.Option, _ *tables.Set) (Rules, error) {
			n, err := strconv.Atoi(opts[0].Value)
			if err != nil || n < 1 {
				return nil, fmt.Errorf("legs %q: want a positive number", opts[0].Value)
			}
			return &toy{legs: n}, nil
		},
	}
}

// scripted answers decisions from a list (then "on").
type scripted struct{ answers []int }

func (s *scripted) Decide(d *Decision) (int, error) {
	if len(s.answers) == 0 {
		return d.Default, nil
	}
	a := s.answers[0]
	s.answers = s.answers[1:]
	return a, nil
}
func (s *scripted) Who() Who { return ByScript }

func play(t *testing.T, def *Definition, seed uint64, answers []int) string {
	t.Helper()
	g, err := New(Config{Def: def, Seed: seed})
	if err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	if err := g.WriteLog(&buf); err != nil {
		t.Fatal(err)
	}
	g.SetDecider(&scripted{answers: answers})
	if _, err := g.Step(NoPause); err != nil {
		t.Fatal(err)
	}
	if !g.Over() {
		t.Fatalf("game not over; pending %+v", g.Pending())
	}
	return buf.String()
}

func TestSameSeedSameDecisionsSameLog(t *testing.T) {
	def := toyDef(t)
	a := play(t, def, 7, []int{0, 0, 1})
	b := play(t, def, 7, []int{0, 0, 1})
	if a != b {
		t.Fatalf("same seed and decisions gave different logs:\n%s\n---\n%s", a, b)
	}
	if c := play(t, def, 8, []int{0, 0, 1}); c == a {
		t.Errorf("seeds 7 and 8 gave the same log")
	}
	if d := play(t, def, 7, []int{0, 1}); d == a {
		t.Errorf("different decisions gave the same log")
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

func TestReplayRebuildsAndContinues(t *testing.T) {
	def := toyDef(t)
	full := play(t, def, 3, []int{0, 0, 0})
	lg := readLog(t, full)
	g, err := Replay(def, lg, 0, Config{})
	if err != nil {
		t.Fatal(err)
	}
	if !g.Over() {
		t.Fatalf("replayed game not over")
	}
	if got, want := g.Rules().(*toy).points, pointsOf(t, lg); got != want {
		t.Errorf("replayed points = %d, want %d", got, want)
	}
	var buf bytes.Buffer
	g.WriteLog(&buf)
	if buf.String() != full {
		t.Errorf("replayed log differs:\n%s\n---\n%s", buf.String(), full)
	}
	// A partial log resumes live at the next pause (or decision) and then
	// plays on exactly as the original game did with the same answers.
	cut := 0
	for i, ev := range lg.Events {
		if ev.Type == "decision" {
			cut = i // replay up to (not including) the first decision
			break
		}
	}
	g2, err := Replay(def, lg, cut, Config{})
	if err != nil {
		t.Fatal(err)
	}
	if p := g2.Pending(); p == nil || p.Pause != "leg" {
		t.Fatalf("pending after partial replay = %+v, want the leg's pause before the go_on decision", p)
	}
	g2.SetDecider(&scripted{answers: []int{0, 0, 0}})
	if _, err := g2.Step(NoPause); err != nil {
		t.Fatal(err)
	}
	var b2 bytes.Buffer
	g2.WriteLog(&b2)
	if b2.String() != full {
		t.Errorf("resumed game differs from the original:\n%s\n---\n%s", b2.String(), full)
	}
}

func pointsOf(t *testing.T, lg *gamelog.Log) int {
	t.Helper()
	ev := lg.Events[len(lg.Events)-1]
	if ev.Type != "end" {
		t.Fatalf("last event %q, want end", ev.Type)
	}
	return ev.Int("points")
}

func TestPlayerDecisionsPendAndValidate(t *testing.T) {
	def := toyDef(t)
	g, err := New(Config{Def: def, Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	evs, err := g.Step(NoPause)
	if err != nil {
		t.Fatal(err)
	}
	if len(evs) == 0 || evs[0].Type != "start" {
		t.Fatalf("first events = %v", evs)
	}
	p := g.Pending()
	if p == nil || p.Decision == nil {
		t.Fatalf("pending = %+v, want a decision", p)
	}
	seq := g.Seq()
	if _, err := g.Choose("sideways", ByPlayer, 1<<30); err == nil || !strings.Contains(err.Error(), "1 (on) or 2 (home)") {
		t.Errorf("illegal answer error = %v, want the options listed", err)
	}
	if g.Seq() != seq || g.Pending().Decision == nil {
		t.Errorf("an illegal answer changed the game")
	}
	evs, err = g.Choose("2", ByPlayer, 1<<30)
	if err != nil {
		t.Fatal(err)
	}
	if evs[0].Type != "decision" || evs[0].Str("choice") != "home" || evs[0].Str("by") != "player" || evs[0].Str("command") != "home" {
		t.Errorf("decision event = %s", evs[0].AppendJSON(nil))
	}
	if !g.Over() {
		t.Errorf("game should be over after going home")
	}
}

func TestPausesStopStepAtTheirLevel(t *testing.T) {
	def := toyDef(t)
	g, _ := New(Config{Def: def, Seed: 1})
	g.SetDecider(&scripted{})
	if _, err := g.Step(0); err != nil {
		t.Fatal(err)
	}
	if p := g.Pending(); p == nil || p.Pause != "leg" {
		t.Fatalf("pending = %+v, want the leg pause", p)
	}
	if _, err := g.Step(2); err != nil {
		t.Fatal(err)
	}
	if !g.Over() {
		t.Errorf("Step(2) should run past level-1 pauses to the end")
	}
}

func TestUndoRestoresExactStateAndNeverRerolls(t *testing.T) {
	for _, mode := range []Mode{Digital, Physical} {
		t.Run(mode.String(), func(t *testing.T) {
			def := toyDef(t)
			g, _ := New(Config{Def: def, Seed: 11, Mode: mode})
			answerRolls := func() {
				for g.Pending() != nil && g.Pending().Roll != nil {
					spec := g.Pending().Roll.Spec
					faces := make([]string, spec.N)
					for i := range faces {
						faces[i] = strconv.Itoa(spec.Min()/spec.N + i%2)
						if spec.Percentile {
							faces[i] = "4"
						}
					}
					if _, err := g.RollFaces(faces, 1<<30); err != nil {
						t.Fatal(err)
					}
				}
			}
			g.Step(NoPause)
			answerRolls()
			before := string(mustLog(t, g))
			pts := g.Rules().(*toy).points
			g.Choose("on", ByPlayer, 1<<30)
			answerRolls()
			afterFirst := g.History()[len(g.History())-1]
			_ = afterFirst
			tail := rollsAfterSeq(g, strings.Count(before, "\n")-1)
			u, err := g.Undo()
			if err != nil {
				t.Fatal(err)
			}
			if got := string(mustLog(t, u)); got != before {
				t.Errorf("log after undo:\n%s\nwant:\n%s", got, before)
			}
			if u.Rules().(*toy).points != pts {
				t.Errorf("points after undo = %d, want %d", u.Rules().(*toy).points, pts)
			}
			if p := u.Pending(); p == nil || p.Decision == nil {
				t.Fatalf("pending after undo = %+v, want the decision again", p)
			}
			// Same answer again: digital, the same dice come up (no re-roll);
			// physical, the faces typed after the decision are taken back
			// and asked again, so a mistyped face can be corrected.
			u.Choose("on", ByPlayer, 1<<30)
			if mode == Physical {
				p := u.Pending()
				if p == nil || p.Roll == nil {
					t.Fatalf("physical dice after undo: pending %+v, want the roll asked again", p)
				}
				if _, err := u.RollFaces([]string{"10"}, 1<<30); err != nil {
					t.Fatal(err)
				}
				if got := rollsAfterSeq(u, strings.Count(before, "\n")-1); len(got) == 0 || got[0][0] != 10 {
					t.Errorf("dice after undo and a corrected face = %v, want 10 first", got)
				}
				return
			}
			if got := rollsAfterSeq(u, strings.Count(before, "\n")-1); fmt.Sprint(got) != fmt.Sprint(tail) {
				t.Errorf("dice after undo = %v, want %v (undo is never a re-roll)", got, tail)
			}
		})
	}
}

// undo roll takes back the last typed roll (physical dice), which is asked
// again; with digital dice it is refused (undo never re-rolls).
func TestUndoRoll(t *testing.T) {
	def := toyDef(t)
	g, _ := New(Config{Def: def, Seed: 5, Mode: Physical})
	g.Step(NoPause)
	if _, err := g.RollFaces([]string{"3"}, NoPause); err != nil { // T-2
		t.Fatal(err)
	}
	if _, err := g.RollFaces([]string{"7"}, NoPause); err != nil { // T-1, leg 1: a typo for 2
		t.Fatal(err)
	}
	u, err := g.UndoRoll()
	if err != nil {
		t.Fatal(err)
	}
	if p := u.Pending(); p == nil || p.Roll == nil || p.Roll.Table != "T-1" {
		t.Fatalf("after undo roll: pending %+v, want the T-1 roll again", p)
	}
	if _, err := u.RollFaces([]string{"2"}, NoPause); err != nil {
		t.Fatal(err)
	}
	if got := rollsAfterSeq(u, 0); fmt.Sprint(got) != "[[3] [2]]" {
		t.Errorf("rolls after the correction = %v, want [[3] [2]]", got)
	}
	d, _ := New(Config{Def: def, Seed: 5})
	d.Step(NoPause)
	if _, err := d.UndoRoll(); err == nil || !strings.Contains(err.Error(), "never re-rolls") {
		t.Errorf("undo roll with digital dice: %v", err)
	}
}

func rollsAfterSeq(g *Game, seq int) [][]int {
	var out [][]int
	for _, ev := range g.History()[seq:] {
		if ev.Type == "roll" {
			v, _ := ev.Get("faces")
			out = append(out, v.Ints())
		}
	}
	return out
}

func mustLog(t *testing.T, g *Game) []byte {
	t.Helper()
	var buf bytes.Buffer
	if err := g.WriteLog(&buf); err != nil {
		t.Fatal(err)
	}
	g.StopLog()
	return buf.Bytes()
}

func TestPhysicalDiceAskAndRefuseBadFaces(t *testing.T) {
	def := toyDef(t)
	g, _ := New(Config{Def: def, Seed: 1, Mode: Physical})
	g.Step(NoPause)
	p := g.Pending()
	if p == nil || p.Roll == nil || p.Roll.Table != "T-2" || p.Roll.Spec != dice.D6 {
		t.Fatalf("pending = %+v, want a 1D6 roll on T-2", p)
	}
	if _, err := g.RollFaces([]string{"7"}, 1<<30); err == nil || !strings.Contains(err.Error(), "1..6") {
		t.Errorf("face 7 on a D6: err = %v, want the valid range", err)
	}
	if g.Seq() != 1 {
		t.Errorf("a refused face changed the game")
	}
	evs, err := g.RollFaces([]string{"5"}, 1<<30)
	if err != nil {
		t.Fatal(err)
	}
	if evs[0].Str("result") != "Storm" || evs[0].Int("total") != 5 {
		t.Errorf("roll event = %s", evs[0].AppendJSON(nil))
	}
	// T-1 with leg 1: no modifier yet. Face 0 on a d10 reads 10.
	evs, err = g.RollFaces([]string{"0"}, 1<<30)
	if err != nil {
		t.Fatal(err)
	}
	if evs[0].Int("total") != 10 || evs[0].Str("result") != "A convoy" {
		t.Errorf("roll event = %s", evs[0].AppendJSON(nil))
	}
}

func TestChangedDieIsReportedAtItsSeq(t *testing.T) {
	def := toyDef(t)
	full := play(t, def, 5, []int{0, 0, 0})
	lines := strings.Split(full, "\n")
	// Change the faces of the third roll event.
	n := 0
	target := -1
	for i, l := range lines {
		if strings.Contains(l, `"type":"roll"`) {
			n++
			if n == 3 {
				target = i
				break
			}
		}
	}
	ev, err := gamelog.ParseEvent([]byte(lines[target]))
	if err != nil {
		t.Fatal(err)
	}
	v, _ := ev.Get("faces")
	old := v.Ints()[0]
	nw := old%10 + 1
	lines[target] = strings.Replace(lines[target], fmt.Sprintf(`"faces":[%d]`, old), fmt.Sprintf(`"faces":[%d]`, nw), 1)
	_, err = Replay(def, readLog(t, strings.Join(lines, "\n")), 0, Config{})
	var d *Divergence
	if !errors.As(err, &d) {
		t.Fatalf("replay of an edited log: err = %v, want a Divergence", err)
	}
	if d.Seq != ev.Seq || d.Line != target+1 {
		t.Errorf("divergence at seq %d line %d, want seq %d line %d", d.Seq, d.Line, ev.Seq, target+1)
	}
}

func TestTornLastLineResumes(t *testing.T) {
	def := toyDef(t)
	full := play(t, def, 9, []int{0, 0, 0})
	torn := full[:len(full)-7]
	lg, err := gamelog.Read("torn.jsonl", strings.NewReader(torn))
	if err != nil {
		t.Fatal(err)
	}
	if lg.Warning == "" {
		t.Errorf("no warning for a torn line")
	}
	g, err := Replay(def, lg, 0, Config{})
	if err != nil {
		t.Fatal(err)
	}
	// The torn event is made again, exactly as it was.
	if got := string(mustLog(t, g)); got != full {
		t.Errorf("recovered log:\n%s\nwant:\n%s", got, full)
	}
}

func TestUnknownOptionIsRefused(t *testing.T) {
	def := toyDef(t)
	_, err := New(Config{Def: def, Options: []gamelog.Option{{Name: "lenght", Value: "3"}}})
	if err == nil || !strings.Contains(err.Error(), `"lenght"`) || !strings.Contains(err.Error(), "legs") {
		t.Errorf("err = %v, want the bad name and the known options", err)
	}
}

// Verify (a log read as lines) agrees with Replay (a log read whole): the
// same count, the same game at the end, the same divergence or bad line
// for the same edited log, events compared by line or, edited by hand
// into another spelling of the same event, by value.
func TestVerifyAgreesWithReplay(t *testing.T) {
	def := toyDef(t)
	full := play(t, def, 3, []int{0, 0, 0})
	lines := strings.Split(strings.TrimSuffix(full, "\n"), "\n")
	edit := func(f func(ls []string)) string {
		ls := append([]string{}, lines...)
		f(ls)
		return strings.Join(ls, "\n") + "\n"
	}
	roll, decision := -1, -1
	for i, l := range lines {
		if roll < 0 && strings.Contains(l, `"type":"roll"`) && i > 2 {
			roll = i
		}
		if decision < 0 && strings.Contains(l, `"type":"decision"`) {
			decision = i
		}
	}
	logs := map[string]string{
		"as played": full,
		"spaced":    edit(func(ls []string) { ls[roll] = strings.Replace(ls[roll], `,"type"`, `, "type"`, 1) }),
		"another die": edit(func(ls []string) {
			ls[roll] = regexp.MustCompile(`"faces":\[\d+`).ReplaceAllString(ls[roll], `"faces":[99`)
		}),
		"another kind":  edit(func(ls []string) { ls[decision] = strings.Replace(ls[decision], `"kind":"`, `"kind":"x`, 1) }),
		"not an event":  edit(func(ls []string) { ls[roll] = ls[roll][:20] }),
		"cut short":     edit(func(ls []string) { ls[len(ls)-1] = "" }),
		"error at end":  full + fmt.Sprintf(`{"seq":%d,"type":"error","message":"m"}`, len(lines)) + "\n",
		"more than all": full + fmt.Sprintf(`{"seq":%d,"type":"x"}`, len(lines)) + "\n",
	}
	for name, s := range logs {
		t.Run(name, func(t *testing.T) {
			lg, rerr := gamelog.Read("v.jsonl", strings.NewReader(s))
			var want *Game
			if rerr == nil {
				want, rerr = Replay(def, lg, 0, Config{})
			}
			ll, err := gamelog.ReadLines("v.jsonl", strings.NewReader(s))
			var g *Game
			n := 0
			if err == nil {
				g, n, err = Verify(def, ll, Config{})
			}
			if fmt.Sprint(err) != fmt.Sprint(rerr) {
				t.Fatalf("Verify: %v\nReplay: %v", err, rerr)
			}
			if err != nil {
				return
			}
			if n != Checked(lg, 0) || g.Over() != want.Over() || g.Seq() != want.Seq() || g.Rules().(*toy).points != want.Rules().(*toy).points {
				t.Errorf("Verify checked %d events, seq %d, over %v; Replay %d, %d, %v", n, g.Seq(), g.Over(), Checked(lg, 0), want.Seq(), want.Over())
			}
			if len(g.History()) != 0 {
				t.Errorf("Verify's game keeps a history of %d events", len(g.History()))
			}
		})
	}
}
