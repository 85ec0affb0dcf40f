package schnellrules_test

import "testing"

// BenchmarkBattle is one whole battle driven with digital dice (the
// driver of TestSameSeedSameLog): set-up, sightings, every gun and tube,
// the log written to memory.
func BenchmarkBattle(b *testing.B) {
	def := definition(b)
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		drive(b, def, uint64(i))
	}
}

// BenchmarkDefinition loads the game: its tables and the vessel data,
// validated.
func BenchmarkDefinition(b *testing.B) {
	for i := 0; i < b.N; i++ {
		definition(b)
	}
}
