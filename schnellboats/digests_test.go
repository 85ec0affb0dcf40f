package schnellboats

import (
	"bytes"
	"crypto/sha256"
	goflag "flag"
	"fmt"
	"os"
	"strings"
	"testing"

	"github.com/schnell-wargames/schnell/engine"
	"github.com/schnell-wargames/schnell/gamelog"
)

var updateDigests = goflag.Bool("update-digests", false, "rewrite testdata/auto-digests.txt (only when a rules change is meant to change the logs)")

// The logs `schnell auto` writes for seeds 1..20 of every campaign length
// and boat are pinned by their digests: a refactoring of the kernel or of
// the rules' plumbing must not change a byte of any of them.
func TestAutoLogDigests(t *testing.T) {
	d := def(t)
	var b strings.Builder
	for _, length := range []string{"short", "medium", "long"} {
		for _, boat := range []string{"s100", "5b"} {
			for seed := uint64(1); seed <= 20; seed++ {
				g, err := engine.New(engine.Config{Def: d, Seed: seed, Options: []gamelog.Option{{Name: "campaign", Value: length}, {Name: "boat", Value: boat}}})
				if err != nil {
					t.Fatal(err)
				}
				var log bytes.Buffer
				if err := g.PlayOut(d.Reference(g.Rules()), &log); err != nil {
					t.Fatalf("%s %s seed %d: %v", length, boat, seed, err)
				}
				fmt.Fprintf(&b, "%s %s %d sha256:%x\n", length, boat, seed, sha256.Sum256(log.Bytes()))
			}
		}
	}
	const file = "testdata/auto-digests.txt"
	if *updateDigests {
		if err := os.WriteFile(file, []byte(b.String()), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	if got := b.String(); got != string(want) {
		gl, wl := strings.Split(got, "\n"), strings.Split(string(want), "\n")
		for i := range min(len(gl), len(wl)) {
			if gl[i] != wl[i] {
				t.Fatalf("the auto log changed: %s (was %s); run with -update-digests only if the rules were meant to change", gl[i], wl[i])
			}
		}
		t.Fatalf("the auto logs changed: %d lines, want %d", len(gl), len(wl))
	}
}
