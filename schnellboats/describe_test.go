package schnellboats

import (
	"regexp"
	"testing"

	"github.com/schnell-wargames/schnell/gamelog"
)

// Issue 14 item 4: every event the campaign makes has words at the prompt
// (no raw `event event=mine` lines from the front end's generic wording).
func TestEveryEventHasWords(t *testing.T) {
	raw := regexp.MustCompile(`\b[a-z_]+=\S`)
	seen := map[string]bool{}
	for seed := uint64(1); seed <= 10; seed++ {
		for _, boat := range []string{"s100", "5b"} {
			g, _ := play(t, seed, "long", boat)
			for i := range g.History() {
				e := &g.History()[i]
				if e.Type == "roll" || e.Type == "decision" {
					continue
				}
				seen[e.Type] = true
				line := describe(e)
				if line == "" {
					t.Errorf("seed %d %s: no words for a %s event", seed, boat, e.Type)
					continue
				}
				if raw.MatchString(line) {
					t.Errorf("seed %d %s: %s event worded as raw fields: %q", seed, boat, e.Type, line)
				}
			}
		}
	}
	if len(seen) < len(eventTypes)/2 {
		t.Errorf("only %d event types seen: the test plays too little", len(seen))
	}
}

// Every event type has its words, also those the campaigns above may not
// make.
func TestEventWords(t *testing.T) {
	for _, typ := range eventTypes {
		t.Run(string(typ), func(t *testing.T) {
			e := gamelog.Event{Type: string(typ)}
			if got := describe(&e); got == "" {
				t.Errorf("no words for %s", typ)
			}
		})
	}
}
