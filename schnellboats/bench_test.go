package schnellboats

import (
	"io"
	"testing"

	"github.com/schnell-wargames/schnell/engine"
)

// BenchmarkCampaign plays whole Long S-100 campaigns with the reference
// Kommandant, logging to io.Discard as a batch run does.
func BenchmarkCampaign(b *testing.B) {
	d := def(b)
	b.ReportAllocs()
	seed := uint64(0)
	for b.Loop() {
		seed++
		g, err := engine.New(engine.Config{Def: d, Seed: seed, Options: opts("long", "s100")})
		if err != nil {
			b.Fatal(err)
		}
		g.KeepHistory(false)
		g.CollectEvents(false)
		g.SetDecider(Reference{})
		if err := g.WriteLog(io.Discard); err != nil {
			b.Fatal(err)
		}
		if _, err := g.Step(1 << 30); err != nil {
			b.Fatal(err)
		}
		g.Close()
	}
}
