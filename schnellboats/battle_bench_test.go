package schnellboats

import (
	"github.com/schnell-wargames/schnell/batch/cputime"
	"testing"

	"github.com/schnell-wargames/schnell/engine"
	"github.com/schnell-wargames/schnell/gamelog"
)

// BenchmarkBattles plays Short campaigns with the reference Kommandant and
// no log: board (the Combat Board, the book's) and schnellrules (every
// eligible wave a Schnell Rules battle on the virtual table, both sides
// the reference: issue 30's "≤ 50× the same campaign without them"). The
// ratio of their cpu-ns/op, taken in one run, is the figure; battles
// are deadlier than the Combat Board, so the campaigns with them are
// shorter and cpu-ns/engagement (a wave fought) is the fairer ratio.
func BenchmarkBattles(b *testing.B) {
	d := def(b)
	for _, battles := range []string{"board", "schnellrules"} {
		b.Run(battles, func(b *testing.B) {
			b.ReportAllocs()
			seed, n := uint64(0), 0
			cpu0 := cputime.Process()
			for b.Loop() {
				seed++
				o := append(opts("short", "s100"), gamelog.Option{Name: "battles", Value: battles})
				g, err := engine.New(engine.Config{Def: d, Seed: seed, Options: o})
				if err != nil {
					b.Fatal(err)
				}
				if err := g.PlayOut(engine.TakeDefault{}, nil); err != nil {
					b.Fatal(err)
				}
				n += g.Rules().(*Campaign).Stats.Engagements
				g.Close()
			}
			cpu := float64(cputime.Process() - cpu0)
			b.ReportMetric(cpu/float64(b.N), "cpu-ns/op")
			b.ReportMetric(float64(n)/float64(b.N), "engagements/op")
			b.ReportMetric(cpu/float64(max(n, 1)), "cpu-ns/engagement")
		})
	}
}
