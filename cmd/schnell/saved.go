package main

import (
	"fmt"
	"io"
	"os"
	"path/filepath"

	"github.com/schnell-wargames/schnell/engine"
	"github.com/schnell-wargames/schnell/gamelog"
)

// moveSaved moves a game's saved games from the folder named after what
// the game once called them (Definition.Saved: scheldt's `games`) to its
// folder (dir), once: every game saves in schnell/GAME, as the README
// says, save the flagship's schnell/campaigns. A log of another game, a
// game in use (its lock file) and a name dir already holds stay where they
// are.
func moveSaved(def *engine.Definition, dir string, stderr io.Writer) {
	if def.Saved == "" || def.Saved == def.FolderName() {
		return
	}
	old := filepath.Join(filepath.Dir(dir), def.Saved)
	names, _ := filepath.Glob(filepath.Join(old, "*.jsonl"))
	moved := 0
	for _, p := range names {
		base := filepath.Base(p)
		if _, err := os.Lstat(filepath.Join(old, "."+base+".lock")); err == nil {
			continue
		}
		if fi, err := os.Lstat(p); err != nil || !fi.Mode().IsRegular() {
			continue
		}
		if _, err := os.Lstat(filepath.Join(dir, base)); err == nil {
			continue
		}
		f, err := gamelog.Open(p)
		if err != nil {
			continue
		}
		h, err := gamelog.ReadHeader(f)
		f.Close()
		if err != nil || h.Game != def.Name {
			continue
		}
		if err := os.MkdirAll(dir, 0o755); err != nil {
			fmt.Fprintf(stderr, "schnell: %v\n", err)
			return
		}
		if err := os.Rename(p, filepath.Join(dir, base)); err == nil {
			moved++
		}
	}
	switch {
	case moved == 1:
		fmt.Fprintf(stderr, "schnell: moved a saved game of %s from %s to %s, where its games are saved now.\n", def.Name, old, dir)
	case moved > 1:
		fmt.Fprintf(stderr, "schnell: moved %d saved games of %s from %s to %s, where its games are saved now.\n", moved, def.Name, old, dir)
	}
}
