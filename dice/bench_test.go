package dice

import "testing"

// BenchmarkRoll is one 1D10 from the game's generator: the floor of every
// table roll.
func BenchmarkRoll(b *testing.B) {
	g := NewGenerator(1)
	buf := make([]int, 0, 2)
	b.ReportAllocs()
	for b.Loop() {
		buf = D10.Roll(g.Rand, buf[:0])
	}
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
