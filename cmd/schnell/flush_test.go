//go:build unix

package main

import (
	"fmt"
	"github.com/schnell-wargames/schnell/batch/cputime"
	"os"
	"path/filepath"
	"testing"

	"github.com/schnell-wargames/schnell/engine"
	"github.com/schnell-wargames/schnell/gamelog"
	"github.com/schnell-wargames/schnell/schnellboats"
)

// BenchmarkAutoLog is `schnell auto --campaign long --log FILE` without
// the process: a Long campaign played by the reference Kommandant, its log
// written to a file, with lines handed to the file once N bytes of them
// wait (64K: the old bufio buffer; 0: every line at once). Compare the
// ratios in one run: gamelog.FlushBytes is chosen from them. cpu-ns/op is
// the process's CPU time (user and system, getrusage) per campaign: on a
// loaded machine it moves less than the wall time.
func BenchmarkAutoLog(b *testing.B) {
	def, err := schnellboats.Definition()
	if err != nil {
		b.Fatal(err)
	}
	dir := b.TempDir()
	for _, n := range []int{64 << 10, 16 << 10, gamelog.FlushBytes, 4 << 10, 1 << 10, 0} {
		b.Run(fmt.Sprintf("flush=%d", n), func(b *testing.B) {
			path := filepath.Join(dir, "long.jsonl")
			start := cputime.Process()
			for b.Loop() {
				f, err := os.Create(path)
				if err != nil {
					b.Fatal(err)
				}
				g, err := engine.New(engine.Config{Def: def, Seed: 5, Options: []gamelog.Option{{Name: "campaign", Value: "long"}}})
				if err != nil {
					b.Fatal(err)
				}
				if err := g.PlayOut(def.Reference(g.Rules()), gamelog.FlushEvery(f, n)); err != nil {
					b.Fatal(err)
				}
				g.Close()
				f.Close()
			}
			b.ReportMetric(float64(cputime.Process()-start)/float64(b.N), "cpu-ns/op")
		})
	}
}
