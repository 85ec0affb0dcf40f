package dice

import (
	"testing"

	"github.com/schnell-wargames/schnell/batch/cputime"
)

// BenchmarkRoll is one 1D10 from the game's generator: the floor of every
// table roll. cpu-ns/op is the process's CPU time per roll, to set against
// a campaign's cpu-ns/op in the same run on a shared machine (issue 28
// item 6: a campaign's cost as a multiple of its dice).
func BenchmarkRoll(b *testing.B) {
	g := NewGenerator(1)
	buf := make([]int, 0, 2)
	b.ReportAllocs()
	cpu0 := cputime.Process()
	for b.Loop() {
		buf = D10.Roll(g.Rand, buf[:0])
	}
	b.ReportMetric(float64(cputime.Process()-cpu0)/float64(b.N), "cpu-ns/op")
}

// BenchmarkRollPercentile is one 2D10 percentile roll.
func BenchmarkRollPercentile(b *testing.B) {
	g := NewGenerator(1)
	buf := make([]int, 0, 2)
	b.ReportAllocs()
	for b.Loop() {
		buf = Percentile.Roll(g.Rand, buf[:0])
	}
}
