package enginetest_test

import (
	"strings"
	"testing"

	"github.com/schnell-wargames/schnell/engine"
	"github.com/schnell-wargames/schnell/engine/enginetest"
	"github.com/schnell-wargames/schnell/gamelog"
	"github.com/schnell-wargames/schnell/repl/wordedtest"
)

// Every event of whole duels (fire, a torpedo that arrives, a signal, in
// both dice modes) is worded, never printed raw. So is every event of
// whole skirmishes played digitally, to the end.
func TestDuelAndSkirmishEventsWorded(t *testing.T) {
	c := wordedtest.NewCatcher(t, enginetest.DuelDefinition())
	for _, mode := range []engine.Mode{engine.Digital, engine.Physical} {
		_, g := newDuel(t, 9, mode)
		g.SetSideDecider("p1", &orders{answers: []engine.Answer{{Option: 0}, {Option: 1}}}) // a mine left out; a torpedo on turn 1, due on turn 3
		g.SetSideDecider("p2", p2Orders())
		lg, err := gamelog.Read("duel.jsonl", strings.NewReader(playDuel(t, g, &table{ranges: []string{"12", "50"}})))
		if err != nil {
			t.Fatal(err)
		}
		c.Print(lg.Events)
	}
	c.Unseen(t, []string{"start", "turn", "arrive", "fire", "signal", "end"})
	s := wordedtest.NewCatcher(t, enginetest.SkirmishDefinition())
	for seed := uint64(1); seed <= 3; seed++ {
		g, buf := newSkirmish(t, engine.Digital, "4", seed)
		g.SetDecider(engine.TakeDefault{})
		if _, err := g.Step(engine.NoPause); err != nil || !g.Over() {
			t.Fatalf("seed %d: %v, over %v", seed, err, g.Over())
		}
		s.Print(readLog(t, buf.String()).Events)
	}
	s.Unseen(t, []string{"start", "contact", "end"})
}
