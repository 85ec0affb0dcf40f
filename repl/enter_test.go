package repl

import (
	"bytes"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/schnell-wargames/schnell/engine"
	"github.com/schnell-wargames/schnell/engine/enginetest"
	"github.com/schnell-wargames/schnell/gamelog"
	"github.com/schnell-wargames/schnell/tables"
)

// terminal is a session as at a terminal (Interactive) on the toy game.
func terminal(t *testing.T, mode engine.Mode) (*Session, *bytes.Buffer, string) {
	t.Helper()
	var out bytes.Buffer
	log := filepath.Join(t.TempDir(), "g.jsonl")
	s, err := New(Config{Def: enginetest.Definition(), Game: engine.Config{Seed: 7, Mode: mode}, Out: &out, Err: &out, Interactive: true, LogFile: log})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.Close() })
	return s, &out, log
}

// Issue 25 item 1: at a terminal Enter plays on — at a pause it repeats the
// last play command (`step` at its level; plain `step` when there was
// none), at a decision it takes the default; it never repeats a command
// that takes play back or touches files.
func TestEnterPlaysOn(t *testing.T) {
	s, out, _ := terminal(t, engine.Digital)
	execAll(t, s, "") // nothing typed yet: `step`
	if p := s.Game().Pending(); p == nil || p.Pause != "leg" {
		t.Fatalf("Enter at the start: pending %+v, want the first leg's pause\n%s", p, out)
	}
	if !strings.Contains(out.String(), "-- leg: Enter plays on --") {
		t.Errorf("the pause does not say Enter plays on:\n%s", out)
	}
	execAll(t, s, "") // step again: the decision
	if p := s.Game().Pending(); p == nil || p.Decision == nil {
		t.Fatalf("second Enter: pending %+v, want go on?", p)
	}
	execAll(t, s, "") // the default: on
	if p := s.Game().Pending(); p == nil || p.Pause != "leg" {
		t.Fatalf("Enter at the decision: pending %+v, want leg 2's pause", p)
	}
	execAll(t, s, "undo", "") // undo is never repeated: Enter takes the default again
	if p := s.Game().Pending(); p == nil || p.Pause != "leg" {
		t.Fatalf("Enter after undo: pending %+v, want leg 2's pause again", p)
	}
	execAll(t, s, "step voyage", "") // Enter repeats `step voyage`: past the pauses
	if p := s.Game().Pending(); p == nil || p.Decision == nil || s.Game().Seq() < 8 {
		t.Fatalf("Enter after step voyage: pending %+v at event %d", p, s.Game().Seq())
	}
	execAll(t, s, "home", "")
	if !s.Game().Over() {
		t.Fatal("the game should be over")
	}
	out.Reset()
	execAll(t, s, "") // over: Enter says what next, and is no error
	if !strings.Contains(out.String(), "The game is over: `new` starts another") {
		t.Errorf("Enter at the end: %q", out)
	}
}

// Piped, a blank line does nothing, at a pause as at a decision.
func TestBlankLinePipedIsNothing(t *testing.T) {
	s, _, _ := newSession(t, engine.Digital, false)
	execAll(t, s, "", "")
	if s.Game().Seq() != 0 {
		t.Errorf("blank piped lines played %d events", s.Game().Seq())
	}
}

// Issue 25 item 8: with physical dice, Enter at a roll says what to type;
// bare faces answer any roll (`3 7` for two dice, `85` for a percentile).
func TestBareFacesAndEnterAtARoll(t *testing.T) {
	s, out, _ := terminal(t, engine.Physical)
	execAll(t, s, "step")
	if p := s.Game().Pending(); p == nil || p.Roll == nil {
		t.Fatalf("pending %+v, want T-2's roll", p)
	}
	out.Reset()
	before := s.Game().Seq()
	execAll(t, s, "")
	if s.Game().Seq() != before || !strings.Contains(out.String(), "Type the face you rolled (1..6, as `4`), or `roll`") {
		t.Errorf("Enter at a roll: %q", out)
	}
	execAll(t, s, "4") // T-2: one die
	if p := s.Game().Pending(); p == nil || p.Roll == nil || p.Roll.Table != "T-1" {
		t.Fatalf("after a bare face: pending %+v", p)
	}
	for _, tc := range []struct {
		spec  string
		words []string
		want  []string
	}{
		{"2D6", []string{"3", "4"}, []string{"roll", "3", "4"}},
		{"2D10", []string{"85"}, []string{"roll", "85"}},
	} {
		if got := s.shortcut(tc.words); strings.Join(got, " ") != strings.Join(tc.want, " ") {
			t.Errorf("%s: shortcut(%q) = %q, want %q", tc.spec, tc.words, got, tc.want)
		}
	}
}

// typed is a line reader whose lines may be marked typed ahead of their
// prompt.
type typed struct {
	lines []string
	ahead []bool
	last  bool
}

func (r *typed) ReadLine() (string, error) {
	if len(r.lines) == 0 {
		return "", io.EOF
	}
	l := r.lines[0]
	r.last = r.ahead[0]
	r.lines, r.ahead = r.lines[1:], r.ahead[1:]
	return l, nil
}
func (r *typed) SetPrompt(string) {}
func (r *typed) Close() error     { return nil }
func (r *typed) TypedAhead() bool { return r.last }

// Issue 25 item 8: a number typed ahead is never applied to a question
// other than the one on screen when it was typed; typed at its own
// question, it is.
func TestTypedAheadNotAppliedToAnotherQuestion(t *testing.T) {
	s, out, _ := terminal(t, engine.Digital)
	// `step` brings the leg's pause; "2" typed before the decision came.
	r := &typed{lines: []string{"step", "step", "2", "2"}, ahead: []bool{false, false, true, false}}
	s.Run(r)
	if !strings.Contains(out.String(), "`2` was typed before this question was shown, and is not taken for it") {
		t.Errorf("the typed-ahead 2 is not refused:\n%s", out)
	}
	var choices []string
	for _, e := range s.Game().History() {
		if e.Type == "decision" {
			choices = append(choices, e.Str("choice"))
		}
	}
	if strings.Join(choices, " ") != "home" {
		t.Errorf("decisions %v, want only the 2 typed at its question (home)", choices)
	}
}

// Typed ahead at the same question (a view in between changes nothing),
// a number is taken.
func TestTypedAheadAtTheSameQuestion(t *testing.T) {
	s, _, _ := terminal(t, engine.Digital)
	r := &typed{lines: []string{"step", "step", "status", "2"}, ahead: []bool{false, false, false, true}}
	s.Run(r)
	if h := s.Game().History(); len(h) == 0 || !s.Game().Over() {
		t.Errorf("the 2 typed ahead at its own question was not taken: pending %+v", s.Game().Pending())
	}
}

// The log says which answers a standing order made (`"as"`), and the game
// replays from it to the same bytes.
func TestStandingAnswerLoggedAndReplayed(t *testing.T) {
	def := rounds("speedy", roundsRules{finish: true})
	def.Orders = []engine.StandingOrder{{Name: "never", Help: "answers nothing",
		Pick: func(*engine.Decision, []gamelog.Event) (int, bool) { return 0, false }}}
	var out bytes.Buffer
	log := filepath.Join(t.TempDir(), "g.jsonl")
	s, err := New(Config{Def: def, Out: &out, Err: &out, Interactive: true, LogFile: log})
	if err != nil {
		t.Fatal(err)
	}
	execAll(t, s, "step", "choose fast", "choose yes")
	s.Close()
	raw, err := os.ReadFile(log)
	if err != nil {
		t.Fatal(err)
	}
	if n := strings.Count(string(raw), `"by":"player","as":"same","command":"speed fast"`); n != 2 {
		t.Errorf("%d answers logged as by the standing order same, want 2:\n%s", n, raw)
	}
	lg, err := gamelog.Read(log, bytes.NewReader(raw))
	if err != nil {
		t.Fatal(err)
	}
	g, err := engine.Replay(def, lg, 0, engine.Config{})
	if err != nil {
		t.Fatal(err)
	}
	var again bytes.Buffer
	if err := g.WriteLog(&again); err != nil {
		t.Fatal(err)
	}
	if again.String() != string(raw) {
		t.Errorf("the replay differs:\n%s\n---\n%s", again.String(), raw)
	}
	// A script's answer cannot claim a standing order.
	bad := strings.Replace(string(raw), `"by":"player","as":"same"`, `"by":"script","as":"same"`, 1)
	lg, _ = gamelog.Read(log, strings.NewReader(bad))
	if _, err := engine.Replay(def, lg, 0, engine.Config{}); err == nil || !strings.Contains(err.Error(), "only the player's answers") {
		t.Errorf("a script's answer by standing order replayed: %v", err)
	}
}

// Issue 25 item 2: a question with one legal answer is answered for the
// player and said in one line; `orders` lists the orders, and turns them
// off and on, one or all; piped, none is in force until `orders on`.
func TestOrders(t *testing.T) {
	def := rounds("speedy", roundsRules{finish: true})
	def.Orders = []engine.StandingOrder{{Name: "yes", Help: "say yes at the end", Said: "saying yes",
		Pick: func(d *engine.Decision, _ []gamelog.Event) (int, bool) { return 0, d.Kind == "finish" }}}
	var out bytes.Buffer
	s, err := New(Config{Def: def, Out: &out, Err: &out, LogFile: filepath.Join(t.TempDir(), "g.jsonl")})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	execAll(t, s, "orders")
	for _, w := range []string{"only (off)", "carry (off)", "same (off)", "yes (off)", "say yes at the end"} {
		if !strings.Contains(out.String(), w) {
			t.Errorf("orders piped does not list %q:\n%s", w, out.String())
		}
	}
	execAll(t, s, "step", "choose fast", "choose fast") // piped: each asked
	execAll(t, s, "orders on", "orders same off", "choose fast")
	if !s.Game().Over() {
		t.Fatalf("the game's own order did not answer the last question: %+v", s.Game().Pending())
	}
	if !strings.Contains(out.String(), "Finish: yes (saying yes)") {
		t.Errorf("the game's order's answer is not said:\n%s", out.String())
	}
	if err := s.Exec("orders bogus on"); err == nil || !strings.Contains(err.Error(), `no standing order "bogus"`) {
		t.Errorf("orders bogus on: %v", err)
	}
	if err := s.Exec("same sometimes"); err == nil {
		t.Error("same sometimes was taken")
	}
}

// single asks one question with one option.
type single struct{}

func (single) Play(c *engine.Ctx) {
	d := c.Ask("go")
	d.Add("go", "go", "go")
	c.Decide(d)
}

// A question with one legal option is answered for the player at a
// terminal, and said.
func TestOnlyOptionAnswered(t *testing.T) {
	def := &engine.Definition{Name: "single", Booklets: enginetest.Definition().Booklets,
		New: func([]gamelog.Option, *tables.Set) (engine.Rules, error) { return single{}, nil }}
	var out bytes.Buffer
	s, _ := New(Config{Def: def, Out: &out, Err: &out, Interactive: true, LogFile: filepath.Join(t.TempDir(), "g.jsonl")})
	defer s.Close()
	execAll(t, s, "step")
	if !s.Game().Over() || !strings.Contains(out.String(), "Go: go (the only choice)") {
		t.Errorf("a one-option question: over %v\n%s", s.Game().Over(), out.String())
	}
}

// interrupted is a reader at which the player presses Ctrl-C.
type interrupted struct{ prompt string }

func (r *interrupted) ReadLine() (string, error) { return "", ErrInterrupt }
func (r *interrupted) SetPrompt(p string)        { r.prompt = p }
func (r *interrupted) Close() error              { return nil }

// Issue 25 item 9: the offer to continue asks on a short prompt (the game
// and where it stands are a line of output, wrapped like any other), and
// Ctrl-C there quits instead of starting a new game.
func TestOfferContinueCtrlCQuits(t *testing.T) {
	data := t.TempDir()
	s, _ := New(Config{Def: enginetest.Definition(), Game: engine.Config{Seed: 1}, LogDir: data})
	execAll(t, s, "new name=a-game-with-a-rather-long-name-indeed seed=3", "step")
	s.Close()
	var out bytes.Buffer
	s2, _ := New(Config{Def: enginetest.Definition(), Game: engine.Config{Seed: 9}, LogDir: data, Out: &out, Err: &out})
	defer s2.Close()
	r := &interrupted{}
	if !s2.OfferContinue(r) {
		t.Error("Ctrl-C at the offer does not quit")
	}
	if s2.LogPath() != "" {
		t.Error("Ctrl-C loaded the game")
	}
	if len(r.prompt) > 30 || !strings.Contains(out.String(), "A game is in progress: a-game-with-a-rather-long-name-indeed") {
		t.Errorf("the offer: prompt %q, output %q", r.prompt, out.String())
	}
}

// A new game at a terminal is greeted with how to play it; with physical
// dice, with how to type the faces.
func TestBannerPhysical(t *testing.T) {
	s, out, _ := terminal(t, engine.Physical)
	s.Banner()
	for _, w := range []string{"physical dice", "type the faces you rolled (`8 5`)", "Enter plays on"} {
		if !strings.Contains(out.String(), w) {
			t.Errorf("the banner lacks %q:\n%s", w, out.String())
		}
	}
}

// Issue 25 item 2: a quiet turn does not stop play. With a game that says
// what the player must see (Definition.Notable), a pause of the smallest
// level is played through when nothing notable happened since the player
// last had the prompt; `orders quiet off` stops at every one. A pause with
// news plays on too, at a terminal, while the news would still be on the
// screen at the next stop (the toy's `go_on` is answered by a standing
// order in "news, then an order": on a screen of 40 rows the voyage's four
// legs are read at its end; on one of 14, two legs' lines fill it: play
// stops at the second leg's pause).
func TestQuietTurnPlayedThrough(t *testing.T) {
	sail := engine.StandingOrder{Name: "sail", Help: "sail on", Pick: func(d *engine.Decision, _ []gamelog.Event) (int, bool) {
		return 0, d.Kind == "go_on"
	}}
	for _, tc := range []struct {
		name    string
		notable func(e *gamelog.Event) bool
		orders  []engine.StandingOrder
		lines   []string
		rows    int
		pause   bool // Enter stops at a pause (else at the question after it)
		legs    int  // the legs sailed when it stops
	}{
		{"nothing notable", func(*gamelog.Event) bool { return false }, nil, nil, 40, false, 1},
		{"a notable leg", func(e *gamelog.Event) bool { return e.Type == "leg" }, nil, nil, 40, false, 1},
		{"news, then an order: on the screen", func(e *gamelog.Event) bool { return e.Type == "leg" }, []engine.StandingOrder{sail}, nil, 40, false, 4},
		{"news, then an order: a small screen", func(e *gamelog.Event) bool { return e.Type == "leg" }, []engine.StandingOrder{sail}, nil, 14, true, 2},
		{"quiet, then an order: to the end", func(*gamelog.Event) bool { return false }, []engine.StandingOrder{sail}, nil, 14, false, 4},
		{"quiet off", func(*gamelog.Event) bool { return false }, nil, []string{"orders quiet off"}, 40, true, 1},
		{"no Notable", nil, nil, nil, 40, true, 1},
	} {
		def := enginetest.Definition()
		def.Notable, def.Orders = tc.notable, tc.orders
		var out bytes.Buffer
		s, err := New(Config{Def: def, Game: engine.Config{Seed: 7}, Out: &out, Err: &out, Interactive: true, LogFile: filepath.Join(t.TempDir(), "g.jsonl"),
			Rows: func() int { return tc.rows }})
		if err != nil {
			t.Fatal(err)
		}
		execAll(t, s, append(tc.lines, "")...)
		p := s.Game().Pending()
		legs := 0
		for _, e := range s.Game().History() {
			if e.Type == "leg" {
				legs++
			}
		}
		if got := p != nil && p.Pause != ""; got != tc.pause || legs != tc.legs {
			t.Errorf("%s: Enter stops at %+v after %d legs, want a pause: %v after %d\n%s", tc.name, p, legs, tc.pause, tc.legs, out.String())
		}
		s.Close()
	}
}

// missionsRules is a campaign of two missions of two turns each, the
// squadron chosen at each mission's start; a boat is hit in the first
// mission's first turn when hit is set.
type missionsRules struct{ hit bool }

func (r *missionsRules) Play(c *engine.Ctx) {
	for m := 1; m <= 2; m++ {
		d := c.Ask("sail")
		d.Add("yes", "sail", "sail yes")
		d.Add("no", "stay in port", "sail no")
		c.Decide(d)
		for n := 1; n <= 2; n++ {
			c.Emit("turn", gamelog.Int("n", n))
			if r.hit && m == 1 && n == 1 {
				c.Emit("hit", gamelog.Int("n", n))
			}
			c.Pause("turn", 1)
		}
		c.Emit("mission_end", gamelog.Int("n", m))
		c.Pause("mission", 2)
	}
}

// Issue 25 item 2: at a terminal, pressing Enter, a quiet mission's end
// (nothing the player must see since he last had the prompt) plays on to
// the next question, the mission's end above it; a mission with news, a
// player who stepped to the mission's end (`step mission`), or a screen
// too small to keep the mission's end in sight at the next stop, stop
// there.
func TestQuietMissionEndPlayedThrough(t *testing.T) {
	for _, tc := range []struct {
		name  string
		hit   bool
		lines []string
		rows  int
		pause bool // the second line stops at the mission's end (else at the next mission's question)
	}{
		{"quiet", false, []string{"", ""}, 40, false},
		{"news", true, []string{"", ""}, 40, true},
		{"step mission", false, []string{"step mission", ""}, 40, true},
		{"a small screen", false, []string{"", ""}, 10, true},
	} {
		def := &engine.Definition{Name: "missions", Booklets: enginetest.Definition().Booklets, Pauses: []string{"turn", "mission", "campaign"},
			Notable: func(e *gamelog.Event) bool { return e.Type == "hit" },
			Orders: []engine.StandingOrder{{Name: "ask", Help: "the squadron is always asked", // not `again`
				Pick:   func(*engine.Decision, []gamelog.Event) (int, bool) { return 0, false },
				Covers: func(d *engine.Decision) bool { return d.Kind == "sail" }}},
			New: func([]gamelog.Option, *tables.Set) (engine.Rules, error) { return &missionsRules{hit: tc.hit}, nil }}
		var out bytes.Buffer
		s, err := New(Config{Def: def, Out: &out, Err: &out, Interactive: true, LogFile: filepath.Join(t.TempDir(), "g.jsonl"),
			Rows: func() int { return tc.rows }})
		if err != nil {
			t.Fatal(err)
		}
		execAll(t, s, tc.lines...)
		p := s.Game().Pending()
		ends := 0
		for _, e := range s.Game().History() {
			if e.Type == "mission_end" {
				ends++
			}
		}
		if p == nil || ends != 1 || (p.Pause == "mission") != tc.pause || (!tc.pause && (p.Decision == nil || p.Decision.Kind != "sail")) {
			t.Errorf("%s: stops at %+v after %d missions, want the mission's end: %v\n%s", tc.name, p, ends, tc.pause, out.String())
		}
		s.Close()
	}
}

// The standing order `again`: a question asked again with the same answers
// offered gets the player's last answer, unless something notable
// happened since; the log says so.
func TestAgain(t *testing.T) {
	for _, tc := range []struct {
		notable bool
		want    string
	}{
		{false, "slow/ stay/ slow/same stay/again slow/same stay/again"},
		{true, "slow/ stay/ slow/same closer/ slow/same closer/"},
	} {
		def := rounds("ranges", roundsRules{rng: true})
		def.Notable = func(e *gamelog.Event) bool { return tc.notable && e.Type == "decision" && e.Str("kind") == "speed" }
		var out bytes.Buffer
		s, _ := New(Config{Def: def, Out: &out, Err: &out, Interactive: true, LogFile: filepath.Join(t.TempDir(), "g.jsonl")})
		execAll(t, s, "step", "choose slow", "choose stay")
		if tc.notable {
			execAll(t, s, "choose closer", "choose closer")
		}
		var got []string
		for _, e := range s.Game().History() {
			got = append(got, e.Str("choice")+"/"+e.Str("as"))
		}
		if strings.Join(got, " ") != tc.want {
			t.Errorf("notable %v: decisions %v, want %s\n%s", tc.notable, got, tc.want, out.String())
		}
		s.Close()
	}
}

// A game started with `new game=NAME` has its own standing orders in
// force at a terminal, as the first game's were.
func TestOrdersOfAnotherGame(t *testing.T) {
	other := rounds("other", roundsRules{})
	other.Orders = []engine.StandingOrder{{Name: "theirs", Help: "x", Pick: func(*engine.Decision, []gamelog.Event) (int, bool) { return 0, false }}}
	var out bytes.Buffer
	s, err := New(Config{Def: enginetest.Definition(), Game: engine.Config{Seed: 1}, Out: &out, Err: &out, Interactive: true, LogDir: t.TempDir(),
		Games: func(name string) (*engine.Definition, error) { return other, nil }})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	execAll(t, s, "new game=other", "orders")
	if !strings.Contains(out.String(), "theirs (on)") {
		t.Errorf("the other game's order is not in force:\n%s", out.String())
	}
}

// A game's standing order that covers a question and does not answer it
// (StandingOrder.Covers), in force or not, leaves it to the player: the
// kernel's `again`, which knows less of it, does not answer it either.
func TestCoveredQuestionAsked(t *testing.T) {
	for _, lines := range [][]string{nil, {"orders mine off"}} {
		def := rounds("ranges", roundsRules{rng: true})
		def.Notable = func(*gamelog.Event) bool { return false }
		def.Orders = []engine.StandingOrder{{Name: "mine", Help: "x",
			Pick:   func(*engine.Decision, []gamelog.Event) (int, bool) { return 0, false },
			Covers: func(d *engine.Decision) bool { return d.Kind == "range" }}}
		var out bytes.Buffer
		s, _ := New(Config{Def: def, Out: &out, Err: &out, Interactive: true, LogFile: filepath.Join(t.TempDir(), "g.jsonl")})
		execAll(t, s, append(lines, "step", "choose slow", "choose stay")...)
		if p := s.Game().Pending(); p == nil || p.Decision == nil || p.Decision.Kind != "range" {
			t.Errorf("%v: the covered question is not asked again: %+v\n%s", lines, p, out.String())
		}
		s.Close()
	}
}

// A question asked again with the same choices, while its list is still on
// the screen, says so in one line instead of listing them again; `choose`
// alone lists them in full; piped, every list is printed.
func TestSameChoicesSaidInOneLine(t *testing.T) {
	for _, tc := range []struct {
		interactive bool
		rows        int
		want        int // lists of the range's choices printed
	}{{true, 40, 1}, {true, 10, 2}, {false, 40, 2}} {
		def := rounds("ranges", roundsRules{rng: true})
		var out bytes.Buffer
		s, _ := New(Config{Def: def, Out: &out, Err: &out, Interactive: tc.interactive, Rows: func() int { return tc.rows },
			LogFile: filepath.Join(t.TempDir(), "g.jsonl")})
		execAll(t, s, "orders same off", "step", "choose slow", "choose stay", "choose slow")
		lists := strings.Count(out.String(), "`move closer`")
		short := strings.Count(out.String(), "Same choices as above (`choose` lists them again). Enter: `move stay`.")
		if lists != tc.want || lists+short != 2 {
			t.Errorf("%+v: %d lists and %d short lines of the same choices\n%s", tc, lists, short, out.String())
		}
		if short > 0 {
			execAll(t, s, "choose")
			if n := strings.Count(out.String(), "`move closer`"); n != lists+1 {
				t.Errorf("`choose` alone does not list the choices:\n%s", out.String())
			}
		}
		s.Close()
	}
}

// Answers standing orders give one right after the other are said in one
// line below verbose detail.
func TestStandingAnswersInOneLine(t *testing.T) {
	def := rounds("ranges", roundsRules{rng: true})
	def.Orders = []engine.StandingOrder{{Name: "hold", Said: "held", Help: "x",
		Pick: func(d *engine.Decision, _ []gamelog.Event) (int, bool) { return 0, d.Kind == "range" }}}
	var out bytes.Buffer
	s, _ := New(Config{Def: def, Out: &out, Err: &out, Interactive: true, LogFile: filepath.Join(t.TempDir(), "g.jsonl")})
	defer s.Close()
	execAll(t, s, "step", "choose fast")
	if want := "Range: move stay (held); speed: fast (as before); range: move stay (held);"; !strings.Contains(out.String(), want) {
		t.Errorf("no line %q:\n%s", want, out.String())
	}
}
