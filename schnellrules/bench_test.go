package schnellrules_test

import (
	"testing"

	"github.com/schnell-wargames/schnell/engine"
	"github.com/schnell-wargames/schnell/gamelog"
)

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

// BenchmarkVirtualBattle is one quick battle on the virtual table played
// out by the reference captains of both sides, no log (as sim plays it).
func BenchmarkVirtualBattle(b *testing.B) {
	def := definition(b)
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		g, err := engine.New(engine.Config{Def: def, Seed: uint64(i + 1), Options: []gamelog.Option{{Name: "table", Value: "virtual"}}})
		if err != nil {
			b.Fatal(err)
		}
		if err := g.PlayOut(def.Reference(g.Rules()), nil); err != nil {
			b.Fatal(err)
		}
		g.Close()
	}
}
