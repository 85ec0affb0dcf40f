package schnellboats

import (
	"testing"

	"github.com/schnell-wargames/schnell/engine"
)

// sameWatcher takes the defaults and records what the speed decisions mark
// as the unchanged answer.
type sameWatcher struct {
	last         string
	marked, miss int
	t            *testing.T
}

func (w *sameWatcher) Decide(d *engine.Decision) (int, error) {
	if d.Kind == string(askSpeed) {
		if i, ok := d.Same(); ok {
			w.marked++
			if d.Options[i].Name != w.last {
				w.miss++
				w.t.Errorf("speed marked unchanged as %s, the last answer was %s", d.Options[i].Name, w.last)
			}
		}
		w.last = d.Options[d.Default].Name
	}
	return d.Default, nil
}

func (w *sameWatcher) Who() engine.Who { return engine.ByDefault }

// 4.7: the squadron's speed is asked each round; from the second round the
// rules mark the last round's speed, so that the prompt may answer an
// unchanged speed for the player (the log is the same).
func TestSpeedMarkedUnchanged(t *testing.T) {
	w := &sameWatcher{t: t}
	for seed := uint64(1); seed <= 6; seed++ {
		g, err := engine.New(engine.Config{Def: def(t), Seed: seed, Options: opts("long", "s100")})
		if err != nil {
			t.Fatal(err)
		}
		if err := g.PlayOut(w, nil); err != nil {
			t.Fatal(err)
		}
	}
	if w.marked == 0 {
		t.Error("no speed decision was marked unchanged in six Long campaigns")
	}
}
