package schnellboats

import (
	"bytes"
	"encoding/json"
	"fmt"
	"testing"

	"github.com/schnell-wargames/schnell/engine"
	"github.com/schnell-wargames/schnell/gamelog"
)

// everyOption is the reference Kommandant (TakeDefault) without its
// engine.DefaultTaker: every decision's options are built and the default
// found among them, as when a log is kept.
type everyOption struct{}

func (everyOption) Decide(d *engine.Decision) (int, error) { return d.Default, nil }
func (everyOption) Who() engine.Who                        { return engine.ByDefault }
func (everyOption) Blind() bool                            { return true }

// TestPickSkipsOnlyTheWork: a campaign played silently by the reference
// Kommandant skips building the options of the decisions the rules ask
// with engine.Ctx.Pick (sim's speed, issue 28 item 6); it must end
// exactly as the same campaign whose options are all built (which checks
// that each default is one of its options): the same campaign state,
// rolls and events counted, for every length, boat and player count.
func TestPickSkipsOnlyTheWork(t *testing.T) {
	d := def(t)
	seeds := uint64(40)
	if testing.Short() {
		seeds = 8
	}
	// The options that change what the rules ask: each reading of the book,
	// and waves fought as Schnell Rules battles (an inner game).
	for _, o := range [][]gamelog.Option{
		{{Name: "placement", Value: "medium"}, {Name: "success", Value: "sunk"}, {Name: "both_gone", Value: "continue"}},
		{{Name: "battles", Value: "schnellrules"}},
	} {
		for seed := uint64(1); seed <= 4; seed++ {
			o := append(opts("short", "s100"), o...)
			if fast, full := endOf(t, d, seed, o, engine.TakeDefault{}), endOf(t, d, seed, o, everyOption{}); !bytes.Equal(fast, full) {
				t.Fatalf("%v seed %d: the campaign played without building the options ends otherwise:\nfast %s\nfull %s", o, seed, fast, full)
			}
		}
	}
	for _, length := range []string{"short", "long"} {
		for _, boat := range []string{"s100", "5b"} {
			for _, players := range []string{"1", "2"} {
				for seed := uint64(1); seed <= seeds; seed++ {
					o := append(opts(length, boat), gamelog.Option{Name: "players", Value: players})
					fast := endOf(t, d, seed, o, engine.TakeDefault{})
					full := endOf(t, d, seed, o, everyOption{})
					if !bytes.Equal(fast, full) {
						t.Fatalf("%s %s players=%s seed %d: the campaign played without building the options ends otherwise:\nfast %s\nfull %s", length, boat, players, seed, fast, full)
					}
				}
			}
		}
	}
}

// endOf plays a campaign silently with dec and says how it ended.
func endOf(t *testing.T, d *engine.Definition, seed uint64, o []gamelog.Option, dec engine.Decider) []byte {
	t.Helper()
	g, err := engine.New(engine.Config{Def: d, Seed: seed, Options: o})
	if err != nil {
		t.Fatal(err)
	}
	defer g.Close()
	g.KeepHistory(false)
	g.CollectEvents(false)
	g.SetDecider(dec)
	if err := g.PlayOut(dec, nil); err != nil {
		t.Fatalf("seed %d: %v", seed, err)
	}
	state, err := json.Marshal(g.Rules())
	if err != nil {
		t.Fatal(err)
	}
	return fmt.Appendf(state, " rolls=%d events=%d over=%v", g.Rolls(), g.Seq(), g.Over())
}
