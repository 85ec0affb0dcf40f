package main

import (
	"bytes"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/schnell-wargames/schnell/engine"
	"github.com/schnell-wargames/schnell/repl"
	"github.com/schnell-wargames/schnell/schnellboats"
)

// unwrap joins the lines the prompt wrapped (repl.Wrap indents a wrapped
// line's continuation by 4 more columns): a test that looks for a phrase
// finds it wherever the line broke.
func unwrap(s string) string {
	return regexp.MustCompile(`\n {4,}`).ReplaceAllString(s, " ")
}

// shortCampaignScript is what a player types for a whole Short campaign
// (seed 21) at the prompt: `step mission`, each decision's default, and
// the views: `map` at the first move of each mission, `board` at the
// first speed order of each combat wave, and at the end `status`,
// `squadron`, `crew`, `map` and `help`.
func shortCampaignScript(t *testing.T) []string {
	t.Helper()
	def, err := schnellboats.Definition()
	if err != nil {
		t.Fatal(err)
	}
	s, err := repl.New(repl.Config{Def: def, Game: engine.Config{Seed: 21}, LogFile: filepath.Join(t.TempDir(), "g.jsonl")})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	var script []string
	exec := func(line string) {
		script = append(script, line)
		if err := s.Exec(line); err != nil {
			t.Fatalf("%s: %v", line, err)
		}
	}
	seen := map[string]bool{}
	for n := 0; !s.Game().Over(); n++ {
		if n > 20000 {
			t.Fatal("the campaign does not end")
		}
		p := s.Game().Pending()
		if p == nil || p.Pause != "" {
			exec("step mission")
			continue
		}
		d := p.Decision
		c, _ := schnellboats.CampaignOf(s.Game())
		if m := c.Mission; m != nil {
			switch key := d.Kind; {
			case key == "move" && !seen["map"+m.Date.String()]:
				seen["map"+m.Date.String()] = true
				exec("map")
			case key == "speed" && m.Combat != nil && !seen["board"+m.Date.String()+string(rune('0'+m.Combat.Wave))]:
				seen["board"+m.Date.String()+string(rune('0'+m.Combat.Wave))] = true
				exec("board")
			}
		}
		exec(d.CommandFor(d.Default))
	}
	for _, v := range []string{"map", "board"} {
		if !slices.Contains(script, v) {
			t.Fatalf("no %s was shown during the campaign", v)
		}
	}
	return append(script, "status", "squadron", "crew", "map", "help", "help board", "log 5")
}

// Issue 14: no line a player reads while playing a whole Short campaign at
// the prompt (piped: 80 columns), nor `map`, `board`, `help`, `squadron`,
// `crew` and `status`, is wider than 80 columns, and no event is printed
// as its raw `type key=value` fields.
func TestPromptFits80Columns(t *testing.T) {
	script := shortCampaignScript(t)
	dir := t.TempDir()
	var out bytes.Buffer
	if code := runCommandFile(t, dir, script, &out, &out, "--seed", "21", "--log", filepath.Join(dir, "g.jsonl")); code != 0 {
		t.Fatalf("the command file exits %d:\n%s", code, tail(out.String()))
	}
	text := out.String()
	for _, want := range []string{"LONG RANGE", "ENGLAND: Lyme Bay", "| Position", "| Boat", "VP", "usage: board", "== Campaign over"} {
		if !strings.Contains(text, want) {
			t.Errorf("the transcript has no %q: a view was not shown", want)
		}
	}
	lines := strings.Split(strings.TrimRight(text, "\n"), "\n")
	wide := 0
	for i, line := range lines {
		if n := utf8.RuneCountInString(line); n > 80 {
			wide++
			if wide <= 10 {
				t.Errorf("line %d is %d columns wide: %q", i+1, n, line)
			}
		}
	}
	if wide > 0 {
		t.Errorf("%d of %d lines are wider than 80 columns", wide, len(lines))
	}
	// A raw event line is "TYPE key=value ..." (repl.DescribeFields).
	raw := regexp.MustCompile(`^[a-z_]+( [a-z_]+=\S+)+$`)
	for i, line := range unwrapLines(lines) {
		if raw.MatchString(line) {
			t.Errorf("line %d is a raw event: %q", i+1, line)
		}
	}
	for i, line := range lines {
		if internalRef.MatchString(line) {
			t.Errorf("line %d names an internal file: %q", i+1, line)
		}
	}
	if len(lines) < 1000 {
		t.Errorf("a whole Short campaign in %d lines?", len(lines))
	}
}

// unwrapLines joins each wrapped line to its continuations.
func unwrapLines(lines []string) []string {
	return strings.Split(unwrap(strings.Join(lines, "\n")), "\n")
}

func tail(s string) string {
	if len(s) > 2000 {
		return "..." + s[len(s)-2000:]
	}
	return s
}

// The raw-event probe finds a line worded by no one, and passes worded
// ones: it can fail.
func TestRawEventProbe(t *testing.T) {
	raw := regexp.MustCompile(`^[a-z_]+( [a-z_]+=\S+)+$`)
	for _, tt := range []struct {
		line string
		want bool
	}{
		{"patrolled zone=R3 zones=1", true},
		{"event event=mine", true},
		{"R3 patrolled (1 of the assigned zones)", false},
		{"Event: a drifting mine", false},
	} {
		if got := raw.MatchString(tt.line); got != tt.want {
			t.Errorf("%q: raw %v, want %v", tt.line, got, tt.want)
		}
	}
}
