package schnellboats

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/schnell-wargames/schnell/engine"
	"github.com/schnell-wargames/schnell/gamelog"
	"github.com/schnell-wargames/schnell/repl"
)

// playAt plays a whole campaign with the reference Kommandant at the prompt
// at a level of detail, and returns what it printed (wrapped lines joined)
// and the log's events.
func playAt(t *testing.T, level string, seed uint64, o []gamelog.Option) ([]string, []gamelog.Event) {
	t.Helper()
	var out bytes.Buffer
	log := filepath.Join(t.TempDir(), "g.jsonl")
	s, err := repl.New(repl.Config{Def: def(t), Game: engine.Config{Seed: seed, Options: o}, LogFile: log, Out: &out, Err: &out})
	if err != nil {
		t.Fatal(err)
	}
	for _, line := range []string{"detail " + level, "auto on", "step campaign"} {
		if err := s.Exec(line); err != nil {
			t.Fatalf("%s: %v", line, err)
		}
	}
	s.Close()
	raw, err := os.ReadFile(log)
	if err != nil {
		t.Fatal(err)
	}
	lg, err := gamelog.Read("g", bytes.NewReader(raw))
	if err != nil {
		t.Fatal(err)
	}
	text := regexp.MustCompile(`\n {4,}`).ReplaceAllString(out.String(), " ")
	return strings.Split(strings.TrimRight(text, "\n"), "\n"), lg.Events
}

var shotRe = regexp.MustCompile(`^(\[p\d\] )?(SB\d|[a-z_]+-\d+) (guns|torpedo|rocket|depth charge) → (SB\d|[a-z_]+-\d+): `)

// Issue 25 item 3: at normal detail each shot or launch is one line, its
// hit roll's total against what it needs and what it did ("SB3 torpedo →
// tanker-1: 22 vs 19, hit: 3 damage; disabled"), but a run of misses of
// several units one after another is one line, in the order they fired
// ("Missed: SB3 → merchant-1 ×2; destroyer-1 → SB3, SB2"); every shot of
// the log is said, in its order; the hit rolls and the rolls another line
// restates (crewmen's names, a boat's damage) are left out; the crew at
// the start is a paragraph, not 42 lines of rolls.
func TestNormalDetailOneLineAShot(t *testing.T) {
	for _, tc := range []struct {
		seed uint64
		o    []gamelog.Option
	}{{7, opts("short", "s100")}, {3, opts("short", "5b")}, {11, two("short", "s100")}} {
		t.Run(fmt.Sprint(tc.seed, tc.o), func(t *testing.T) {
			lines, evs := playAt(t, "normal", tc.seed, tc.o)
			attacks := eventsOf(evs, evAttack)
			// Each shot of a line: its total (against what it needs), then
			// its result; one unit's shots one after another share a line.
			part := regexp.MustCompile(`(?:: |; )(?:→ (\S+): )?(-?\d+)(?: vs \d+)?, `)
			type seen struct{ attacker, target string }
			var shots []seen
			missed := regexp.MustCompile(`^(SB\d|[a-z_]+-\d+) → (.+)$`)
			for _, l := range lines {
				if rest, ok := strings.CutPrefix(l, "Missed: "); ok {
					// A run of misses: "SB3 → merchant-1 ×2; destroyer-1 → SB3, SB2".
					for _, part := range strings.Split(rest, "; ") {
						m := missed.FindStringSubmatch(part)
						if m == nil {
							t.Fatalf("a part of a line of misses: %q in %q", part, l)
						}
						for _, tg := range strings.Split(m[2], ", ") {
							n := 1
							if id, times, ok := strings.Cut(tg, " ×"); ok {
								tg, n = id, atoi(t, times)
							}
							for range n {
								shots = append(shots, seen{m[1], tg})
							}
						}
					}
				}
				if m := shotRe.FindStringSubmatch(l); m != nil {
					target := m[4]
					for _, p := range part.FindAllStringSubmatch(l, -1) {
						if p[1] != "" {
							target = p[1]
						}
						shots = append(shots, seen{m[2], target})
					}
				}
				if strings.HasPrefix(l, "L-1 ") || strings.HasPrefix(l, "Crewman: ") || regexp.MustCompile(`^(D-[1245]|C-6) `).MatchString(l) {
					t.Errorf("at normal, a line the short report leaves out: %q", l)
				}
			}
			if len(attacks) == 0 {
				t.Fatal("no attack in the campaign: pick another seed")
			}
			if len(shots) != len(attacks) {
				t.Fatalf("%d attacks in the log, %d shots printed", len(attacks), len(shots))
			}
			for k, a := range attacks {
				if shots[k].attacker != a.Str("attacker") || shots[k].target != a.Str("target") {
					t.Errorf("shot %d: printed %s at %s, the log has %s at %s", k+1, shots[k].attacker, shots[k].target, a.Str("attacker"), a.Str("target"))
				}
			}
			if !slicesContainsPrefix(lines, "Crew of Boat #1: Kommandant ") && !slicesContainsPrefix(lines, "[p1] Crew of Boat #1: Kommandant ") {
				t.Error("the crew at the start is not one paragraph")
			}
		})
	}
}

func atoi(t *testing.T, s string) int {
	t.Helper()
	n, err := strconv.Atoi(s)
	if err != nil {
		t.Fatal(err)
	}
	return n
}

func slicesContainsPrefix(lines []string, p string) bool {
	for _, l := range lines {
		if strings.HasPrefix(l, p) {
			return true
		}
	}
	return false
}

// The short report's lines, each from the events the rules make.
func TestShortReportLines(t *testing.T) {
	ev := func(raw string) gamelog.Event {
		e, err := gamelog.ParseEvent([]byte(raw))
		if err != nil {
			t.Fatal(err)
		}
		return e
	}
	tests := []struct {
		name  string
		evs   []string
		level engine.Detail
		want  string
		n     int
	}{
		{"a miss", []string{
			`{"seq":1,"type":"roll","table":"D-1","for":"SB2 at mtb-1","dice":"1D20","faces":[11],"mods":[{"value":3,"reason":"Medium range"}],"total":14,"row":"<=17","result":"Miss"}`,
			`{"seq":2,"type":"attack","attacker":"SB2","target":"mtb-1","weapon":"gun","range":"medium","weather":"good","result":"miss"}`},
			engine.Normal, "SB2 guns → mtb-1: 14 vs 18, miss", 2},
		{"a hit that sinks", []string{
			`{"seq":1,"type":"roll","table":"D-2","for":"SB1 at tanker-1","dice":"1D20","faces":[14],"mods":[{"value":5,"reason":"x"}],"total":19,"row":">=19","result":"Hit: roll D-3"}`,
			`{"seq":2,"type":"roll","table":"D-3","for":"tanker-1","dice":"1D10","faces":[6],"total":6,"row":"3-6","result":"Hit: 3 damage points"}`,
			`{"seq":3,"type":"attack","attacker":"SB1","target":"tanker-1","weapon":"torpedo","range":"medium","weather":"good","result":"hit: 3 damage"}`,
			`{"seq":4,"type":"unit_disabled","unit":"tanker-1"}`,
			`{"seq":5,"type":"burning","unit":"tanker-1"}`,
			`{"seq":6,"type":"round","n":2,"wave":1}`},
			engine.Normal, "SB1 torpedo → tanker-1: 19 vs 19, hit: 3 damage; disabled, burning: she sinks at the round's end", 5},
		{"brief", []string{
			`{"seq":1,"type":"roll","table":"D-4","for":"mtb-1 at SB3","dice":"1D20","faces":[18],"total":18,"row":"18-22","result":"Hit"}`,
			`{"seq":2,"type":"attack","attacker":"mtb-1","target":"SB3","weapon":"gun","range":"close","weather":"good","result":"hit"}`},
			engine.Brief, "mtb-1 guns → SB3: hit", 2},
		{"one unit's shots", []string{
			`{"seq":1,"type":"roll","for":"which boat: mgb-1 fires (1-3 SB1, 4-6 SB3)","dice":"1D6","faces":[2],"total":2}`,
			`{"seq":2,"type":"roll","table":"D-4","for":"mgb-1 at SB1","dice":"1D20","faces":[3],"mods":[{"value":1,"reason":"x"}],"total":4,"row":"<=18","result":"Miss"}`,
			`{"seq":3,"type":"attack","attacker":"mgb-1","target":"SB1","weapon":"gun","range":"close","weather":"good","result":"miss"}`,
			`{"seq":4,"type":"roll","for":"which boat: mgb-1 fires (1-3 SB1, 4-6 SB3)","dice":"1D6","faces":[5],"total":5}`,
			`{"seq":5,"type":"roll","table":"D-4","for":"mgb-1 at SB3","dice":"1D20","faces":[20],"mods":[{"value":1,"reason":"x"}],"total":21,"row":"19-24","result":"Hit"}`,
			`{"seq":6,"type":"attack","attacker":"mgb-1","target":"SB3","weapon":"gun","range":"close","weather":"good","result":"hit"}`,
			`{"seq":7,"type":"roll","table":"D-4","for":"mgb-1 at SB3","dice":"1D20","faces":[1],"total":1,"row":"<=18","result":"Miss"}`,
			`{"seq":8,"type":"attack","attacker":"mgb-1","target":"SB3","weapon":"gun","range":"close","weather":"good","result":"miss"}`,
			`{"seq":9,"type":"roll","table":"D-1","for":"SB3 at mgb-1","dice":"1D20","faces":[1],"total":1,"row":"<=17","result":"Miss"}`},
			engine.Normal, "mgb-1 guns → SB1: 4 vs 19, miss; → SB3: 21 vs 19, hit; 1 vs 19, miss", 8},
		{"a run of misses", []string{
			`{"seq":1,"type":"roll","table":"D-1","for":"SB2 at mtb-1","dice":"1D20","faces":[11],"total":11,"row":"<=17","result":"Miss"}`,
			`{"seq":2,"type":"attack","attacker":"SB2","target":"mtb-1","weapon":"gun","range":"medium","weather":"good","result":"miss"}`,
			`{"seq":3,"type":"roll","table":"D-1","for":"SB2 at mtb-1","dice":"1D20","faces":[1],"total":1,"row":"<=17","result":"Miss"}`,
			`{"seq":4,"type":"attack","attacker":"SB2","target":"mtb-1","weapon":"gun","range":"medium","weather":"good","result":"miss"}`,
			`{"seq":5,"type":"roll","table":"C-6","for":"merchant-1","dice":"1D10","faces":[2],"total":2,"row":"<=7","result":"Does not get away"}`,
			`{"seq":6,"type":"roll","table":"D-4","for":"merchant-1 at SB3","dice":"1D20","faces":[1],"total":1,"row":"<=18","result":"Miss"}`,
			`{"seq":7,"type":"attack","attacker":"merchant-1","target":"SB3","weapon":"gun","range":"medium","weather":"good","result":"miss"}`,
			`{"seq":8,"type":"decision","kind":"boat_attack","options":["hold","torpedo:merchant-1"],"choice":"torpedo:merchant-1","by":"player","as":"carry","command":"torpedo merchant-1"}`,
			`{"seq":9,"type":"roll","table":"D-2","for":"SB3 at merchant-1","dice":"1D20","faces":[2],"total":2,"row":"<=18","result":"Miss"}`,
			`{"seq":10,"type":"attack","attacker":"SB3","target":"merchant-1","weapon":"torpedo","range":"medium","weather":"good","result":"miss"}`,
			`{"seq":11,"type":"roll","table":"D-4","for":"merchant-2 at SB3","dice":"1D20","faces":[20],"total":20,"row":">=19","result":"Hit"}`,
			`{"seq":12,"type":"attack","attacker":"merchant-2","target":"SB3","weapon":"gun","range":"medium","weather":"good","result":"hit"}`},
			engine.Normal, "Missed: SB2 → mtb-1 ×2; merchant-1 → SB3", 7},
		{"one unit's misses alone", []string{
			`{"seq":1,"type":"roll","table":"D-1","for":"SB2 at mtb-1","dice":"1D20","faces":[11],"total":11,"row":"<=17","result":"Miss"}`,
			`{"seq":2,"type":"attack","attacker":"SB2","target":"mtb-1","weapon":"gun","range":"medium","weather":"good","result":"miss"}`,
			`{"seq":3,"type":"roll","table":"D-4","for":"merchant-2 at SB3","dice":"1D20","faces":[20],"total":20,"row":">=19","result":"Hit"}`,
			`{"seq":4,"type":"attack","attacker":"merchant-2","target":"SB3","weapon":"gun","range":"medium","weather":"good","result":"hit"}`},
			engine.Normal, "SB2 guns → mtb-1: 11 vs 18, miss", 2},
		{"not detected", []string{
			`{"seq":1,"type":"roll","table":"C-5","for":"squadron","dice":"1D10","faces":[2],"mods":[{"value":1,"reason":"x"},{"value":2,"reason":"y"}],"total":5,"row":"<=7","result":"Not detected: the No Detection counter stays"}`},
			engine.Normal, "C-5 Detection: [2] +3 = 5 → not detected", 1},
		{"detected", []string{
			`{"seq":1,"type":"roll","table":"C-5","for":"squadron","dice":"1D10","faces":[9],"total":9,"row":"8-10","result":"Detected: the enemy opens fire"}`,
			`{"seq":2,"type":"detected","by":"the enemy's lookouts"}`},
			engine.Normal, "", 1},
		{"the order of attack", []string{
			`{"seq":1,"type":"draw","cup":"order","for":"order of attack","chits":["SB1","mtb-1"]}`},
			engine.Normal, "", 1},
		{"a failed escape", []string{
			`{"seq":1,"type":"roll","table":"C-6","for":"merchant-1","dice":"1D10","faces":[2],"total":2,"row":"<=5","result":"Stays"}`,
			`{"seq":2,"type":"roll","table":"D-4","for":"merchant-1 at SB3","dice":"1D20","faces":[1],"total":1,"row":"<=18","result":"Miss"}`},
			engine.Normal, "", 1},
		{"the moves", []string{
			`{"seq":1,"type":"range","boat":"SB1","from":"out","to":"medium"}`,
			`{"seq":2,"type":"range","boat":"SB2","from":"out","to":"medium"}`,
			`{"seq":3,"type":"range","boat":"SB3","from":"long","to":"medium"}`},
			engine.Normal, "SB1 SB2: off the board → the medium zone", 2},
		{"an order carried out", []string{
			`{"seq":1,"type":"decision","kind":"boat_attack","options":["hold","guns:mtb-1"],"choice":"guns:mtb-1","by":"player","as":"carry","command":"fire mtb-1"}`},
			engine.Normal, "", 1},
		{"the crew's rolls", []string{
			`{"seq":1,"type":"roll","table":"G-2","for":"SB2","dice":"1D6","faces":[2],"total":2,"row":"1-3","result":"1 point"}`,
			`{"seq":2,"type":"boat_damage","boat":"SB2","what":"1 damage point(s)","no":2,"points":1,"total":1}`},
			engine.Normal, "", 1},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var evs []gamelog.Event
			for _, r := range tt.evs {
				evs = append(evs, ev(r))
			}
			line, n := describeAt(evs, 0, tt.level)
			if line != tt.want || n != tt.n {
				t.Errorf("got %q (%d events), want %q (%d)", line, n, tt.want, tt.n)
			}
		})
	}
}
