package repl

import (
	"bytes"
	"path/filepath"
	"testing"

	"github.com/schnell-wargames/schnell/engine"
	"github.com/schnell-wargames/schnell/engine/enginetest"
)

// The kernel's table pieces at the prompt, with physical dice: a grid
// table's roll asks with its shift and tells its row and column; a throw
// asks for its labelled faces and refuses a face that does not fit, naming
// the die; its reads are shown; records are listed and shown.
func TestTranscriptSkirmishPhysical(t *testing.T) {
	var out bytes.Buffer
	s, err := New(Config{
		Def: enginetest.SkirmishDefinition(), Game: engine.Config{Seed: 7, Mode: engine.Physical},
		LogFile: filepath.Join(t.TempDir(), "game.jsonl"), Out: &out, Err: &out, KeepGoing: true,
	})
	if err != nil {
		t.Fatal(err)
	}
	script := "records\nrecord raiders\nrecord RAIDERS gun\nrecord RAIDERS speed\nrecord NOBODY\ntable K-CRT\n" +
		"step\nroll 4\nroll 6\nroll hit=20 white=7 red=2\nroll hit=20 white=5\nroll red=2 hit=20 white=5\nroll 0 3\n" +
		"step\nchoose on\nroll 6\nroll\nroll 1 6 6\nroll 5 5\nlog 5\nquit\n"
	run(t, s, script)
	golden(t, "skirmish-physical.golden", out.Bytes())
}
