package scheldt

import (
	"io"
	"testing"

	"github.com/schnell-wargames/schnell/engine"
)

// A whole 20-turn game by the default player, with and without a log.
func BenchmarkGame(b *testing.B) {
	d, err := Definition()
	if err != nil {
		b.Fatal(err)
	}
	for _, withLog := range []bool{false, true} {
		name := "nolog"
		if withLog {
			name = "log"
		}
		b.Run(name, func(b *testing.B) {
			for i := 0; i < b.N; i++ {
				g, err := engine.New(engine.Config{Def: d, Seed: uint64(i)})
				if err != nil {
					b.Fatal(err)
				}
				var w io.Writer
				if withLog {
					w = io.Discard
				}
				if err := g.PlayOut(engine.TakeDefault{}, w); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// Resolving one attack from an order typed at the prompt.
func BenchmarkAttack(b *testing.B) {
	d, err := Definition()
	if err != nil {
		b.Fatal(err)
	}
	g, err := engine.New(engine.Config{Def: d, Seed: 1})
	if err != nil {
		b.Fatal(err)
	}
	r, _ := Of(g)
	for g.Pending() == nil || g.Pending().Decision == nil || r.Phase != Combat {
		if p := g.Pending(); p != nil && p.Decision != nil {
			g.ChooseIndex(p.Decision.Default, engine.ByPlayer, 1)
			continue
		}
		g.Step(1)
	}
	words := []string{"2819", "terrain=city", "diff=3"}
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if _, err := give(g, OrderAttack, words); err != nil {
			b.Fatal(err)
		}
	}
}
