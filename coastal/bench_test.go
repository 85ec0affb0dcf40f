package coastal

import (
	"github.com/schnell-wargames/schnell/batch/cputime"
	"testing"

	"github.com/schnell-wargames/schnell/engine"
	"github.com/schnell-wargames/schnell/gamelog"
	"github.com/schnell-wargames/schnell/scripting"
)

// benchNight plays one convoy night on the virtual table as sim does (no
// log, no history), each side by its script (none: the reference side).
func benchNight(b *testing.B, scripts map[string]string) {
	d := def(b)
	b.ReportAllocs()
	cpu0 := int64(cputime.Process())
	b.ResetTimer()
	for i := range b.N {
		g, err := engine.New(engine.Config{Def: d, Seed: uint64(i + 1), Options: []gamelog.Option{virtual}})
		if err != nil {
			b.Fatal(err)
		}
		var hs []*scripting.Attached
		for side, file := range scripts {
			h, err := scripting.AttachSide(g, d, side, "../scripts/coastal/"+file, scripting.Options{Seed: uint64(i + 1)})
			if err != nil {
				b.Fatal(err)
			}
			hs = append(hs, h)
		}
		if err := g.PlayOut(d.Reference(g.Rules()), nil); err != nil {
			b.Fatal(err)
		}
		for _, h := range hs {
			h.Close()
		}
		g.Close()
	}
	b.ReportMetric(float64(int64(cputime.Process())-cpu0)/float64(b.N), "cpu-ns/op")
}

// Issue 29 item 6: a convoy night with scripted sides on the virtual table
// (the target: 10 ms).
func BenchmarkVirtualConvoyScripted(b *testing.B) {
	benchNight(b, map[string]string{Attacker: "attackers.lua", Defender: "convoy.lua"})
}

// The same night played by the reference side.
func BenchmarkVirtualConvoyReference(b *testing.B) { benchNight(b, nil) }
