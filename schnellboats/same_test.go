package schnellboats

import (
	"strings"
	"testing"

	"github.com/schnell-wargames/schnell/engine"
)

// sameWatcher takes the defaults and records what the speed decisions mark
// as the unchanged answer.
type sameWatcher struct {
	last, lastOpts   string
	marked, newSpeed int
	t                *testing.T
}

func (w *sameWatcher) Decide(d *engine.Decision) (int, error) {
	if d.Kind == string(askSpeed) {
		var names []string
		for _, o := range d.Options {
			names = append(names, o.Name)
		}
		opts := strings.Join(names, " ")
		if i, ok := d.Same(); ok {
			w.marked++
			if d.Options[i].Name != w.last {
				w.t.Errorf("speed marked unchanged as %s, the last answer was %s", d.Options[i].Name, w.last)
			}
			if opts != w.lastOpts {
				w.t.Errorf("speed marked unchanged among new speeds %q (last round: %q)", opts, w.lastOpts)
			}
		} else if w.lastOpts != "" && opts != w.lastOpts && strings.Contains(opts, w.last) {
			w.newSpeed++ // the same speed could be taken, but the choice is new
		}
		w.last, w.lastOpts = d.Options[d.Default].Name, opts
	}
	return d.Default, nil
}

func (w *sameWatcher) Who() engine.Who { return engine.ByDefault }

// 4.7: the squadron's speed is asked each round; from the second round the
// rules mark the last round's speed, so that the prompt may answer an
// unchanged speed for the player (the log is the same) — unless the speeds
// allowed changed (a boat lost or damaged): a new choice is asked.
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
	if w.newSpeed == 0 {
		t.Error("the speeds allowed never changed between rounds in six Long campaigns")
	}
}
