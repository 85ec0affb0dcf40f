package repl

import (
	"strings"
	"testing"

	"github.com/schnell-wargames/schnell/engine"
	"github.com/schnell-wargames/schnell/engine/enginetest"
	"github.com/schnell-wargames/schnell/gamelog"
)

func parseEvent(t *testing.T, raw string) *gamelog.Event {
	t.Helper()
	e, err := gamelog.ParseEvent([]byte(raw))
	if err != nil {
		t.Fatal(err)
	}
	return &e
}

// A roll reads shorter at each level below verbose: normal keeps the faces
// and the net modifier, brief the total; both drop the row for its text.
func TestDescribeRollAt(t *testing.T) {
	title := func(id string) string { return map[string]string{"A-1": "Night Weather", "L-1": "Given Name"}[id] }
	tests := []struct {
		name, raw string
		want      [3]string // brief, normal, verbose
	}{
		{"mods", `{"seq":3,"type":"roll","table":"A-1","dice":"1D10","faces":[4],"mods":[{"value":1,"reason":"winter gales"},{"value":2,"reason":"a clear night"},{"value":-1,"reason":"fog"}],"total":6,"row":"5-6","result":"Poor: overcast"}`,
			[3]string{"A-1 Night Weather: 6 → Poor: overcast", "A-1 Night Weather: [4] +2 = 6 → Poor: overcast",
				"A-1 Night Weather: 1D10 [4] +1 winter gales +2 a clear night -1 fog = 6 → row 5-6: Poor: overcast"}},
		{"plain", `{"seq":4,"type":"roll","table":"L-1","for":"Kommandant","dice":"1D20","faces":[14],"total":14,"row":"14","result":"Erich"}`,
			[3]string{"L-1 Given Name (Kommandant): 14 → Erich", "L-1 Given Name (Kommandant): [14] → Erich",
				"L-1 Given Name (Kommandant): 1D20 [14] = 14 → row 14: Erich"}},
		{"percentile", `{"seq":5,"type":"roll","table":"L-2","dice":"2D10","faces":[5,2],"total":52,"row":"51-52","result":"Köhler"}`,
			[3]string{"L-2: 52 → Köhler", "L-2: [5 2] = 52 → Köhler", "L-2: 2D10 [5 2] = 52 → row 51-52: Köhler"}},
		{"no table", `{"seq":6,"type":"roll","for":"bonus","dice":"1D6","faces":[3],"total":3}`,
			[3]string{"Roll for bonus: 3", "Roll for bonus: [3]", "Roll for bonus: 1D6 [3] = 3"}},
		{"mods cancel", `{"seq":7,"type":"roll","table":"A-1","dice":"1D10","faces":[4],"mods":[{"value":1,"reason":"a"},{"value":-1,"reason":"b"}],"total":4,"row":"4","result":"Good"}`,
			[3]string{"A-1 Night Weather: 4 → Good", "A-1 Night Weather: [4] → Good", "A-1 Night Weather: 1D10 [4] +1 a -1 b = 4 → row 4: Good"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			e := parseEvent(t, tt.raw)
			for i, d := range engine.Details {
				if got := DescribeRollAt(e, title, nil, d); got != tt.want[i] {
					t.Errorf("%s: got %q, want %q", d, got, tt.want[i])
				}
			}
		})
	}
}

// `detail` sets the level the prompt prints at; a command file starts at
// verbose (as it always printed), and `why` shows the last roll in full.
func TestDetailCommand(t *testing.T) {
	s, out, _ := newSession(t, engine.Digital, false)
	execAll(t, s, "detail")
	if got := out.String(); !strings.Contains(got, "Detail: verbose") {
		t.Fatalf("a command file should start at verbose, got %q", got)
	}
	out.Reset()
	execAll(t, s, "detail normal", "step")
	got := out.String()
	if !strings.Contains(got, "T-2 Weather: [5] → Storm") || strings.Contains(got, "1D6") {
		t.Errorf("at normal a roll should read short:\n%s", got)
	}
	out.Reset()
	execAll(t, s, "why")
	if got := out.String(); !strings.Contains(got, "T-1 Patrol (leg 1): 1D10 [6] = 6 → row 5-8: A small ship") {
		t.Errorf("why should show the last roll in full, got:\n%s", got)
	}
	out.Reset()
	execAll(t, s, "why 2")
	if got := out.String(); !strings.Contains(got, "T-2 Weather: 1D6") || !strings.Contains(got, "T-1 Patrol") {
		t.Errorf("why 2 should show the last two rolls, got:\n%s", got)
	}
	out.Reset()
	execAll(t, s, "why T-2")
	if got := out.String(); !strings.Contains(got, "T-2 Weather: 1D6 [5] = 5 → row 4-6: Storm") {
		t.Errorf("why T-2 should show the T-2 roll, got:\n%s", got)
	}
	for _, bad := range []string{"detail loud", "why T-9", "why 0", "detail a b"} {
		if err := s.Exec(bad); err == nil {
			t.Errorf("%s: want an error", bad)
		}
	}
}

// `why` lists each modifier of a roll on its own line.
func TestWhyListsModifiers(t *testing.T) {
	s, out, _ := newSession(t, engine.Digital, false)
	e := parseEvent(t, `{"seq":3,"type":"roll","table":"A-1","dice":"1D10","faces":[4],"mods":[{"value":1,"reason":"winter gales"},{"value":-2,"reason":"fog"}],"total":3,"row":"<=4","result":"Good"}`)
	s.writeWhy(e)
	want := "    3  A-1: 1D10 [4]\n       +1 winter gales\n       -2 fog\n       = 3 → row <=4: Good\n"
	if got := out.String(); got != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
}

// A game words events at a level (Definition.DescribeAt): a run of events
// read as one line, events left out, and the rest as at verbose.
func TestDescribeAtLevels(t *testing.T) {
	def := *enginetest.Definition()
	def.DescribeAt = func(evs []gamelog.Event, i int, d engine.Detail) (string, int) {
		e := &evs[i]
		if e.Type == "roll" && e.Str("table") == "T-1" && d <= engine.Normal {
			if d == engine.Brief {
				return "", 1 // left out
			}
			return "Patrol: " + e.Str("result"), 1
		}
		return "", 0
	}
	for _, tt := range []struct {
		level     string
		want, not string
	}{
		{"brief", "T-2 Weather: 5 → Storm", "Patrol"},
		{"normal", "Patrol: A small ship", "T-1"},
		{"verbose", "T-1 Patrol (leg 1): 1D10 [6] = 6 → row 5-8: A small ship", "Patrol: A"},
	} {
		t.Run(tt.level, func(t *testing.T) {
			var out strings.Builder
			s, err := New(Config{Def: &def, Game: engine.Config{Seed: 7}, LogFile: t.TempDir() + "/g.jsonl", Out: &out})
			if err != nil {
				t.Fatal(err)
			}
			defer s.Close()
			execAll(t, s, "detail "+tt.level, "step")
			if got := out.String(); !strings.Contains(got, tt.want) || strings.Contains(got, tt.not) {
				t.Errorf("want %q and no %q in:\n%s", tt.want, tt.not, got)
			}
		})
	}
}
