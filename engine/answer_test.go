package engine

import (
	"bytes"
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/schnell-wargames/schnell/gamelog"
	"github.com/schnell-wargames/schnell/tables"
)

// ferry is a game of a few crossings: each crossing rolls T-1 for the
// sea ("crossing N" in parts), then decides to sail on, wait or stop;
// sailing is refused (and says why) after a storm. It counts how often its
// wording is made.
type ferry struct {
	crossings int
	worded    *int
	storm     bool
}

func (f *ferry) Fact(int) int { return 0 }

func (f *ferry) Play(c *Ctx) {
	for n := 1; n <= f.crossings; n++ {
		o := c.Roll("T-1", f, "crossing ", string(rune('0'+n)))
		f.storm = o.Total <= 4
		d := c.Ask("sail")
		if f.storm {
			d.Refuse("sail", "sail", "rule 9.1: no ferry sails after a storm: `wait` or `stop`")
		} else {
			d.Add("sail", "", "sail")
		}
		d.Add("wait", "", "wait")
		d.Add("stop", "", "")
		i := c.Decide(d, func(d *Decision) {
			*f.worded++
			d.Prompt = "Crossing " + string(rune('0'+n)) + ": sail?"
			for j := range d.Options {
				d.Options[j].Text = "to " + d.Options[j].Name
			}
		})
		c.Emit("crossing", gamelog.Int("n", n), gamelog.Str("order", d.Options[i].Name))
		if d.Options[i].Name == "stop" {
			return
		}
	}
}

func ferryDef(t testing.TB, worded *int) *Definition {
	t.Helper()
	tabs, err := tables.Load(os.DirFS("testdata"), toySchema)
	if err != nil {
		t.Fatal(err)
	}
	return &Definition{
		Name:     "ferry",
		Booklets: []Booklet{{Name: "ferry", Tables: tabs}},
		New: func([]gamelog.Option, *tables.Set) (Rules, error) {
			return &ferry{crossings: 6, worded: worded}, nil
		},
	}
}

// stepToDecision plays on until a decision of the kind is pending whose
// options match want (a storm or not).
func stepToDecision(t *testing.T, g *Game, storm bool) *Decision {
	t.Helper()
	for range 50 {
		p := g.Pending()
		if p != nil && p.Decision != nil {
			_, refused := p.Decision.Refusal("sail")
			if refused == storm {
				return p.Decision
			}
			if _, err := g.Answer("wait", ByPlayer, 1); err != nil {
				t.Fatal(err)
			}
			continue
		}
		if g.Over() {
			break
		}
		if _, err := g.Step(1); err != nil {
			t.Fatal(err)
		}
	}
	t.Fatalf("no sail decision with storm=%v", storm)
	return nil
}

func TestAnswerByCommand(t *testing.T) {
	var worded int
	def := ferryDef(t, &worded)
	{
		g, err := New(Config{Def: def, Seed: 1})
		if err != nil {
			t.Fatal(err)
		}
		if _, err := g.Step(1); err != nil {
			t.Fatal(err)
		}
		d := stepToDecision(t, g, true)
		seq := g.Seq()
		t.Run("a refused order says why and changes nothing", func(t *testing.T) {
			for _, line := range []string{"sail", "  SAIL ", "choose sail"} {
				var err error
				if strings.HasPrefix(line, "choose ") {
					_, err = g.Choose(strings.TrimPrefix(line, "choose "), ByPlayer, 1)
				} else {
					_, err = g.Answer(line, ByPlayer, 1)
				}
				if err == nil || !strings.Contains(err.Error(), "rule 9.1: no ferry sails after a storm") {
					t.Errorf("%q: got %v, want the rule's reason", line, err)
				}
				if g.Seq() != seq || g.Pending() == nil || g.Pending().Decision != d {
					t.Fatalf("%q: a refused order changed the game", line)
				}
			}
		})
		t.Run("an unknown order lists the orders", func(t *testing.T) {
			_, err := g.Answer("fly", ByPlayer, 1)
			if err == nil || !strings.Contains(err.Error(), "`wait`, `choose stop`") {
				t.Errorf("got %v, want the list of orders", err)
			}
		})
		t.Run("an option's command answers it", func(t *testing.T) {
			if _, err := Order("choose")(g, []string{"stop"}, nil); err != nil {
				t.Fatal(err)
			}
			if !g.Over() {
				t.Errorf("`choose stop` did not stop the game")
			}
			if _, err := g.Answer("wait", ByPlayer, 1); err == nil || !strings.Contains(err.Error(), "no decision is pending") {
				t.Errorf("answer after the end: got %v", err)
			}
		})
	}
}

// The wording is made only when someone reads it: the player and a script
// do; the reference player (Blind) and a replay do not.
func TestWordingOnlyWhenRead(t *testing.T) {
	var worded int
	def := ferryDef(t, &worded)
	decisions := func(g *Game) int {
		n := 0
		for _, e := range g.History() {
			if e.Type == "decision" {
				n++
			}
		}
		return n
	}
	t.Run("blind", func(t *testing.T) {
		worded = 0
		g, _ := New(Config{Def: def, Seed: 3})
		g.SetDecider(TakeDefault{})
		if _, err := g.Step(NoPause); err != nil {
			t.Fatal(err)
		}
		if worded != 0 || decisions(g) == 0 {
			t.Errorf("worded %d times for %d decisions, want 0", worded, decisions(g))
		}
	})
	t.Run("script", func(t *testing.T) {
		worded = 0
		g, _ := New(Config{Def: def, Seed: 3})
		g.SetDecider(&scripted{answers: []int{0, 0, 0, 0, 0, 0}})
		if _, err := g.Step(NoPause); err != nil {
			t.Fatal(err)
		}
		if n := decisions(g); worded != n {
			t.Errorf("worded %d times for %d decisions", worded, n)
		}
	})
	var log bytes.Buffer
	t.Run("player", func(t *testing.T) {
		worded = 0
		g, _ := New(Config{Def: def, Seed: 3})
		if err := g.WriteLog(&log); err != nil {
			t.Fatal(err)
		}
		for i := 0; i < 3 && !g.Over(); i++ {
			if _, err := g.Step(NoPause); err != nil {
				t.Fatal(err)
			}
			d := g.Pending().Decision
			if worded != i+1 || !strings.HasPrefix(d.Prompt, "Crossing ") || d.Options[0].Text != "to "+d.Options[0].Name {
				t.Fatalf("decision %d: worded %d times, prompt %q, option %+v", i+1, worded, d.Prompt, d.Options[0])
			}
			if _, err := g.Answer("wait", ByPlayer, NoPause); err != nil {
				t.Fatal(err)
			}
		}
		g.StopLog()
	})
	t.Run("replay", func(t *testing.T) {
		worded = 0
		lg, err := gamelog.Read("ferry", bytes.NewReader(log.Bytes()))
		if err != nil {
			t.Fatal(err)
		}
		g, err := Replay(def, lg, 0, Config{})
		if err != nil {
			t.Fatal(err)
		}
		if worded != 1 || g.Pending() == nil || g.Pending().Decision.Prompt == "" {
			t.Errorf("replayed 3 decisions and waits for a 4th: worded %d times, want 1 (the one waiting)", worded)
		}
	})
}

// A roll's label is made of parts, joined in the log and for the player.
func TestRollLabelParts(t *testing.T) {
	var worded int
	def := ferryDef(t, &worded)
	g, _ := New(Config{Def: def, Seed: 3})
	var buf bytes.Buffer
	if err := g.WriteLog(&buf); err != nil {
		t.Fatal(err)
	}
	g.KeepHistory(false)
	g.CollectEvents(false)
	if _, err := g.Step(NoPause); err != nil {
		t.Fatal(err)
	}
	g.StopLog()
	if !strings.Contains(buf.String(), `"for":"crossing 1"`) {
		t.Errorf("log-only game: the label is not joined in the log:\n%s", buf.String())
	}
	p, _ := New(Config{Def: def, Seed: 3, Mode: Physical})
	if _, err := p.Step(NoPause); err != nil {
		t.Fatal(err)
	}
	if r := p.Pending().Roll; r == nil || r.Label != "crossing 1" {
		t.Errorf("physical roll: got %+v, want the label crossing 1", p.Pending())
	}
	if _, err := p.RollFaces([]string{"7"}, NoPause); err != nil {
		t.Fatal(err)
	}
	if e := p.History()[0]; e.Str("for") != "crossing 1" {
		t.Errorf("kept event: for %q", e.Str("for"))
	}
}

// counter counts the refusals of the decisions it is given.
type counter struct {
	blind   bool
	refused int
}

func (r *counter) Decide(d *Decision) (int, error) {
	r.refused += len(d.Refused())
	return len(d.Options) - 2, nil // wait
}
func (r *counter) Who() Who    { return ByScript }
func (r *counter) Blind() bool { return r.blind }

// blindTo is a counter blind to some kinds of decision.
type blindTo struct {
	counter
	kinds []string
}

func (b *blindTo) BlindTo(kind string) bool { return slices.Contains(b.kinds, kind) }

// A decider blind to a kind of decision (BlindTo) gets no wording and no
// refusals for that kind; for another kind it gets both.
func TestBlindToKind(t *testing.T) {
	var worded int
	def := ferryDef(t, &worded)
	for _, c := range []struct {
		kinds []string
		blind bool
	}{{[]string{"sail"}, true}, {[]string{"other"}, false}, {nil, false}} {
		worded = 0
		r := &blindTo{kinds: c.kinds}
		g, _ := New(Config{Def: def, Seed: 1})
		g.SetDecider(r)
		if _, err := g.Step(NoPause); err != nil {
			t.Fatal(err)
		}
		if got := worded > 0; got == c.blind {
			t.Errorf("blind to %v: worded %d times", c.kinds, worded)
		}
		if got := r.refused > 0; got == c.blind {
			t.Errorf("blind to %v: %d refusals seen", c.kinds, r.refused)
		}
	}
}

// Refusals are kept only when someone may read them: not for a Blind
// decider.
func TestAskQuietForBlind(t *testing.T) {
	var worded int
	def := ferryDef(t, &worded)
	for _, blind := range []bool{false, true} {
		r := &counter{blind: blind}
		g, _ := New(Config{Def: def, Seed: 1})
		g.SetDecider(r)
		if _, err := g.Step(NoPause); err != nil {
			t.Fatal(err)
		}
		if got := r.refused > 0; got == blind {
			t.Errorf("blind %v: %d refusals seen", blind, r.refused)
		}
	}
}

// An order plays on as far as the last step asked: past the pauses after
// a step to the end, to the next pause after a step of one.
func TestOrderFollowsStepLevel(t *testing.T) {
	def := toyDef(t)
	for _, c := range []struct {
		level     int
		wantPause bool
	}{{NoPause, false}, {1, true}} {
		g, _ := New(Config{Def: def, Seed: 1, Options: []gamelog.Option{{Name: "legs", Value: "4"}}})
		for g.Pending() == nil || g.Pending().Decision == nil {
			if _, err := g.Step(c.level); err != nil {
				t.Fatal(err)
			}
		}
		if _, err := Order("choose")(g, []string{"on"}, nil); err != nil {
			t.Fatal(err)
		}
		if p := g.Pending(); (p != nil && p.Pause != "") != c.wantPause {
			t.Errorf("step level %d: after the order the game waits for %+v", c.level, p)
		}
	}
}

// dock asks once where to moor: an order with an argument.
type dock struct{ berth int }

func (k *dock) Play(c *Ctx) {
	d := c.Ask("moor")
	o := d.Add("moor", "moor at a berth", "moor")
	o.Args = []Arg{IntArg("berth", 1, 9, "")}
	d.Add("anchor", "anchor off", "")
	d.Refuse("moor", "moor 12", "rule 3.2: the dock has 9 berths; berth 12 is the ferry's: `moor 9`")
	if c.Decide(d) == 0 {
		k.berth = d.Args().Int("berth")
	}
	c.Emit("moored", gamelog.Int("berth", k.berth))
}

// An order with arguments is its command, then their words.
func TestAnswerWithArguments(t *testing.T) {
	k := &dock{}
	def := &Definition{Name: "dock", Booklets: []Booklet{{Name: "dock", Tables: ferryDef(t, new(int)).Booklets[0].Tables}},
		New: func([]gamelog.Option, *tables.Set) (Rules, error) { return k, nil }}
	g, _ := New(Config{Def: def, Seed: 1})
	if _, err := g.Step(NoPause); err != nil {
		t.Fatal(err)
	}
	for bad, want := range map[string]string{"moor 12": "rule 3.2", "moor 10": "out of range", "moor": "needs berth"} {
		if _, err := g.Answer(bad, ByPlayer, NoPause); err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%q: error %v, want one saying %q (a refusal the rules gave for the line wins over the arguments' own)", bad, err, want)
		}
	}
	if _, err := g.Answer("Moor 3", ByPlayer, NoPause); err != nil {
		t.Fatal(err)
	}
	if !g.Over() || k.berth != 3 {
		t.Errorf("moored at %d, over %v; want berth 3", k.berth, g.Over())
	}
}

// wordlessTo reads no wording of some kinds, and counts the refusals it
// is given.
type wordlessTo struct {
	counter
	kinds   []string
	prompts []string
}

func (w *wordlessTo) Wordless(kind string) bool { return slices.Contains(w.kinds, kind) }
func (w *wordlessTo) Decide(d *Decision) (int, error) {
	w.prompts = append(w.prompts, d.Prompt)
	if len(w.prompts) == 3 {
		return 0, ErrHandBack
	}
	return w.counter.Decide(d)
}

// A Wordless decider gets no wording for its kinds, but their refusals;
// a decision it hands back is worded for the player.
func TestWordlessKind(t *testing.T) {
	var worded int
	def := ferryDef(t, &worded)
	for _, kinds := range [][]string{{"sail"}, {"other"}} {
		worded = 0
		w := &wordlessTo{kinds: kinds}
		g, _ := New(Config{Def: def, Seed: 1})
		g.SetDecider(w)
		if _, err := g.Step(NoPause); err != nil {
			t.Fatal(err)
		}
		if w.refused == 0 {
			t.Errorf("wordless to %v: no refusals seen", kinds)
		}
		wordless := kinds[0] == "sail"
		for i, p := range w.prompts {
			if (p == "") != wordless {
				t.Errorf("wordless to %v: decision %d's prompt %q", kinds, i+1, p)
			}
		}
		d := g.Pending().Decision
		if d == nil || !strings.HasPrefix(d.Prompt, "Crossing ") {
			t.Errorf("wordless to %v: handed back, waiting for %+v", kinds, g.Pending())
		}
		if want := 3; !wordless && worded != want || wordless && worded != 1 {
			t.Errorf("wordless to %v: worded %d times", kinds, worded)
		}
	}
}

// RefuseReordered refuses an order's words in every other order, and only
// those, with one reason; the order itself is the option's.
func TestRefuseReordered(t *testing.T) {
	d := &Decision{Kind: "squadron"}
	d.Add("SB2+SB3+SB5", "", "sail SB2 SB3 SB5")
	d.RefuseReordered("sail SB2 SB3 SB5", "rule 1.0: in hull order: `", "sail SB2 SB3 SB5", "`")
	for _, line := range []string{"sail SB3 SB2 SB5", "sail  sb5 SB3 sb2", "SAIL SB5 SB2 SB3"} {
		if why, ok := d.Refusal(line); !ok || why != "rule 1.0: in hull order: `sail SB2 SB3 SB5`" {
			t.Errorf("%q: refused %v, why %q", line, ok, why)
		}
	}
	for _, line := range []string{"sail SB2 SB3 SB5", "sail SB2 SB3 SB6", "sail SB3 SB2", "sail SB3 SB2 SB5 SB5", "go SB3 SB2 SB5", "", "SB2+SB3+SB5"} {
		if why, ok := d.Refusal(line); ok {
			t.Errorf("%q: refused (%s)", line, why)
		}
	}
	if got := d.Refused(); len(got) != 1 || got[0] != "sail SB2 SB3 SB5 (its words in another order)" {
		t.Errorf("Refused: %q", got)
	}
}
