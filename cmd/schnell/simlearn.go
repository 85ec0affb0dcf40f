package main

import (
	"context"
	"fmt"
	"io"
	"os"
	"os/signal"
	"runtime"
	"strings"
	"sync/atomic"
	"syscall"

	"github.com/schnell-wargames/schnell/engine"
)

// runSimLearn is `schnell sim learn`: the game's study (Definition.Learn)
// played over all cores — for Schnell Boats, Schnell Rules battles over a
// grid of the Combat Boards' waves written as learnt quick-resolve tables
// (docs/bridge-learnt.md) — and, with --html, the page that compares the
// game's own odds with the learnt ones.
func runSimLearn(args []string, stdout, stderr io.Writer) int {
	def, err := registry.Get(gameArg(args))
	if err != nil {
		fmt.Fprintf(stderr, "schnell sim learn: %v\n", err)
		return 2
	}
	fs := newFlagSet("schnell sim learn", args, stdout, stderr)
	fs.String("game", def.Name, "the game whose tables are learnt")
	var (
		grid     = fs.String("grid", "", "the grid's cells: comma-separated words (see below); none: the small grid")
		full     = fs.Bool("full", false, "the whole grid (every cell, many games a cell: see docs/bridge-learnt.md for its cost)")
		games    = fs.Int("battles", 0, "games (battles) a cell (0: the grid's own: 60 small, 2000 full)")
		compare  = fs.Int("compare", 0, "also play N games of the game itself on its own tables, for the comparison (--html)")
		seed     = fs.Uint64("seed", 1, "seed of the run (the same seed writes the same tables, byte for byte)")
		jobs     = fs.Int("jobs", 0, "worker goroutines (0: one per core)")
		outFile  = fs.String("out", "", "write the learnt tables (a .tbl file for --tables DIR) to FILE (default: print them)")
		htmlFile = fs.String("html", "", "write the comparison page (the game's odds beside the learnt ones, SVG charts) to FILE")
		force    = fs.Bool("force", false, "--out and --html may replace existing files")
	)
	fs.Usage = func() {
		w := fs.Output()
		fmt.Fprintf(w, "usage: schnell sim learn [--game GAME] [--grid WORDS] [--full] [--battles N] [--compare N] [--out FILE.tbl] [--html FILE]\n\n")
		if def.Learn != nil {
			fmt.Fprintf(w, "%s learns: %s.\n\n--grid takes %s.\n\n", def.Name, def.Learn.Help, def.Learn.Grid)
		} else {
			fmt.Fprintf(w, "%s learns nothing: sim learn is for a game with learnt tables (schnellboats).\n\n", def.Name)
		}
		fmt.Fprintln(w, "Flags:")
		fs.PrintDefaults()
	}
	if code, ok := parseFlags(fs, args); !ok {
		return code
	}
	if fs.NArg() > 0 {
		fmt.Fprintf(stderr, "schnell sim learn: unexpected argument %q (flags only)\n", fs.Arg(0))
		return 2
	}
	if def.Learn == nil {
		fmt.Fprintf(stderr, "schnell sim learn: %s learns no tables: try --game schnellboats\n", def.Name)
		return 2
	}
	if *games < 0 || *compare < 0 || *jobs < 0 {
		fmt.Fprintln(stderr, "schnell sim learn: --battles, --compare and --jobs are 0 or more")
		return 2
	}
	if *htmlFile != "" && *outFile != "" && samePath(*htmlFile, *outFile) {
		fmt.Fprintf(stderr, "schnell sim learn: %s is --out's file too: give each its own name\n", *htmlFile)
		return 2
	}
	run := engine.LearnRun{Full: *full, Games: *games, Compare: *compare, Seed: *seed, Jobs: *jobs}
	for _, w := range strings.Split(*grid, ",") {
		if w = strings.TrimSpace(w); w != "" {
			run.Grid = append(run.Grid, w)
		}
	}
	if run.Jobs == 0 {
		run.Jobs = runtime.NumCPU()
	}
	var outs []*simFile
	for _, o := range []struct{ flag, path string }{{"--out", *outFile}, {"--html", *htmlFile}} {
		if o.path == "" {
			continue
		}
		f, err := createOutFile(o.flag, o.path, *force, nil)
		if err != nil {
			fmt.Fprintf(stderr, "schnell sim learn: %s: %v\n", o.flag, err)
			for _, f := range outs {
				f.discard()
			}
			return 2
		}
		outs = append(outs, f)
	}
	defer func() {
		for _, f := range outs {
			f.discard() // a no-op once committed
		}
	}()
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	sigs := make(chan os.Signal, 1)
	signal.Notify(sigs, os.Interrupt, syscall.SIGTERM)
	defer signal.Stop(sigs)
	go func() {
		select {
		case <-sigs:
			cancel()
		case <-ctx.Done():
		}
	}()
	var progress, total atomic.Int64
	stop := showProgressOf(stderr, &progress, &total)
	run.Progress = func(done, all int) { progress.Store(int64(done)); total.Store(int64(all)) }
	l, err := def.Learn.Run(ctx, run)
	stop()
	if err != nil {
		if ctx.Err() != nil {
			fmt.Fprintln(stderr, "schnell sim learn: interrupted: nothing written (a learnt table is a whole run's)")
			return 130
		}
		fmt.Fprintf(stderr, "schnell sim learn: %v\n", err)
		return 2
	}
	say := stdout
	if *outFile == "" {
		say = stderr
		if _, err := stdout.Write(l.Tables); err != nil {
			fmt.Fprintf(stderr, "schnell sim learn: %v\n", err)
			return 1
		}
	}
	for _, line := range l.Summary {
		fmt.Fprintln(say, line)
	}
	code := 0
	for _, f := range outs {
		var err error
		switch f.flag {
		case "--out":
			_, err = f.f.Write(l.Tables)
		case "--html":
			err = writeLearnHTML(f.f, def, run, l)
		}
		if err == nil {
			err = f.commit()
		}
		if err != nil {
			fmt.Fprintf(stderr, "schnell sim learn: %s: %v\n", f.flag, err)
			f.discard()
			code = 1
			continue
		}
		fmt.Fprintf(say, "wrote %s\n", f.path)
	}
	return code
}
