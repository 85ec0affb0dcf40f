package main

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/schnell-wargames/schnell/engine"
	"github.com/schnell-wargames/schnell/gamelog"
	"github.com/schnell-wargames/schnell/repl"
	"github.com/schnell-wargames/schnell/schnellboats"
)

// enterOnly is what a Short campaign costs a player who only presses
// Enter at an 80-column terminal (issue 25's "Done when"): the prompt's
// stops (each an Enter) and the lines printed, from the first mission's
// header to the end, counting each prompt's own line as the terminal
// shows it.
type enterOnly struct {
	missions int
	enters   []int // per mission: the Enters that played it (its squadron's choice included)
	lines    int   // non-blank lines from the first mission's header to the end
	log      []byte
	out      string
}

func (e enterOnly) String() string {
	total, most := 0, 0
	for _, n := range e.enters {
		total += n
		most = max(most, n)
	}
	return fmt.Sprintf("%d missions: %.1f stops a mission (at most %d: %v), %.1f lines a mission",
		e.missions, float64(total)/float64(e.missions), most, e.enters, float64(e.lines)/float64(e.missions))
}

// playEnterOnly plays a Short campaign of seed at the prompt, as at a
// terminal of 80 columns, pressing only Enter.
func playEnterOnly(t *testing.T, seed uint64) enterOnly {
	t.Helper()
	def, err := schnellboats.Definition()
	if err != nil {
		t.Fatal(err)
	}
	var out bytes.Buffer
	log := filepath.Join(t.TempDir(), "g.jsonl")
	s, err := repl.New(repl.Config{Def: def, Game: engine.Config{Seed: seed}, LogFile: log, Out: &out, Err: &out,
		Interactive: true, Columns: func() int { return 80 }})
	if err != nil {
		t.Fatal(err)
	}
	var r enterOnly
	for n := 0; !s.Game().Over(); n++ {
		if n > 5000 {
			t.Fatalf("5000 Enters and the campaign goes on:\n%s", last(out.String(), 3000))
		}
		// The mission this Enter plays: the one under way, or the next.
		m := 1
		for _, e := range s.Game().History() {
			if e.Type == "mission_end" {
				m++
			}
		}
		for len(r.enters) < m {
			r.enters = append(r.enters, 0)
		}
		r.enters[m-1]++
		out.WriteString("schnell> \n") // the prompt's line, Enter pressed
		if err := s.Exec(""); err != nil {
			t.Fatalf("Enter: %v\n%s", err, last(out.String(), 3000))
		}
	}
	s.Close()
	for _, e := range s.Game().History() {
		if e.Type == "mission_start" {
			r.missions++
		}
	}
	r.enters = r.enters[:min(len(r.enters), r.missions)]
	r.out = out.String()
	if i := strings.Index(r.out, "== Mission 1,"); i >= 0 {
		for _, l := range strings.Split(r.out[i:], "\n") {
			if strings.TrimSpace(l) != "" {
				r.lines++
			}
		}
	}
	if r.log, err = os.ReadFile(log); err != nil {
		t.Fatal(err)
	}
	return r
}

func last(s string, n int) string { return s[max(0, len(s)-n):] }

// Issue 25's "Done when": a Short campaign played with only Enter at an 80
// column terminal; every decision with a choice is the player's (his Enter
// or his standing order), never autoplay's; the same keys give the same
// log, and the log replays to itself. The stops and lines it costs are
// logged (go test -run TestEnterOnlyCampaign -v ./cmd/schnell): at most 8
// stops and 120 lines a mission is the target.
func TestEnterOnlyCampaign(t *testing.T) {
	if testing.Short() {
		t.Skip("short")
	}
	r := playEnterOnly(t, 7)
	t.Logf("seed 7: %s", r)
	if p := os.Getenv("SCHNELL_ENTERONLY_OUT"); p != "" {
		os.WriteFile(p, []byte(r.out), 0o644) // the transcript, to read
	}
	if r.missions == 0 {
		t.Fatal("no mission was played")
	}
	lg, err := gamelog.Read("g", bytes.NewReader(r.log))
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range lg.Events {
		if e.Type != "decision" {
			continue
		}
		opts, _ := e.Get("options")
		if len(opts.L) > 1 && e.Str("by") != string(engine.ByPlayer) {
			t.Errorf("event %d: a decision with a choice made by %s", e.Seq, e.Str("by"))
		}
	}
	for i, l := range strings.Split(r.out, "\n") {
		if n := len([]rune(l)); n > 80 {
			t.Errorf("line %d is %d columns: %q", i+1, n, l)
		}
	}
	if again := playEnterOnly(t, 7); !bytes.Equal(again.log, r.log) {
		t.Error("the same Enters gave another log")
	}
	def, _ := schnellboats.Definition()
	g, err := engine.Replay(def, lg, 0, engine.Config{})
	if err != nil {
		t.Fatal(err)
	}
	var b bytes.Buffer
	if err := g.WriteLog(&b); err != nil || !bytes.Equal(b.Bytes(), r.log) {
		t.Errorf("the log does not replay to itself: %v", err)
	}
}
