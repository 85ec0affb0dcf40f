package schnellboats

import (
	"io"
	"os"
	"testing"

	"github.com/schnell-wargames/schnell/engine"
	"github.com/schnell-wargames/schnell/gamelog"
	"github.com/schnell-wargames/schnell/scripting"
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

// BenchmarkCampaignLua plays Long campaigns with scripts/reference.lua.
func BenchmarkCampaignLua(b *testing.B) {
	d := def(b)
	src, err := os.ReadFile("../scripts/reference.lua")
	if err != nil {
		b.Fatal(err)
	}
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
		h, err := scripting.Load("reference.lua", src, scripting.Options{Seed: seed}, func() []gamelog.Field { return d.View(g.Rules()) })
		if err != nil {
			b.Fatal(err)
		}
		g.SetDecider(h)
		if _, err := g.Step(1 << 30); err != nil {
			b.Fatal(err)
		}
		h.Close()
		g.Close()
	}
}
