package main

import (
	"fmt"
	"io"

	"github.com/schnell-wargames/schnell/gamelog"
	"github.com/schnell-wargames/schnell/scripting"
)

// runAuto is `schnell auto`: a whole game with the game's reference player
// (or a script), then its summary.
func runAuto(args []string, stdout, stderr io.Writer) int {
	def, err := registry.Get(gameArg(args))
	if err != nil {
		fmt.Fprintf(stderr, "schnell auto: %v\n", err)
		return 2
	}
	fs := newFlagSet("schnell auto", args, stdout, stderr)
	gf := addGameFlags(fs, def)
	var (
		seed     = fs.Uint64("seed", 1, "seed of the dice")
		logFile  = fs.String("log", "", "write the game's log to FILE")
		script   = fs.String("script", "", "a Lua script (scripts/*.lua) takes the decisions instead of "+def.ReferenceWho())
		deadline = fs.Duration("deadline", scripting.DefaultDeadline, "time limit of each call into the script")
		memory   = fs.Int64("memory", scripting.DefaultMemory>>20, "memory budget of the script, in MiB")
		runs     = fs.Int("runs", 1, "play this many games (seeds SEED, SEED+1, …) and print their statistics")
		force    = fs.Bool("force", false, "--log may replace an existing file")
	)
	fs.Usage = func() {
		fmt.Fprintf(fs.Output(), "usage: schnell auto [flags]\n\nPlays a whole game of %s with %s (or --script) and prints its summary.\n\nFlags:\n", gameTitle(def), def.ReferenceWho())
		fs.PrintDefaults()
	}
	if code, ok := parseFlags(fs, args); !ok {
		return code
	}
	if def, err = gf.overlay(def); err != nil {
		fmt.Fprintf(stderr, "schnell auto: %v\n", err)
		return 2
	}
	if _, err := def.MergeOptions(gf.opts); err != nil {
		fmt.Fprintf(stderr, "schnell auto: %v\n", err)
		return 2
	}
	p, err := newPlayer(def, *script, *deadline, stderr)
	if err != nil {
		fmt.Fprintf(stderr, "schnell auto: %v\n", err)
		return 2
	}
	if p.sides, err = gf.sides.specs(def); err != nil {
		fmt.Fprintf(stderr, "schnell auto: --side: %v\n", err)
		return 2
	}
	p.memory = *memory << 20
	if *runs > 1 {
		if *logFile != "" {
			fmt.Fprintln(stderr, "schnell auto: --log writes one game: leave it out with --runs (schnell sim --logs DIR keeps each)")
			return 2
		}
		results, err := playMany(p, gf.opts, *seed, *runs, 1, nil)
		if err != nil {
			fmt.Fprintf(stderr, "schnell auto: %v\n", err)
			return 1
		}
		summarize(p, gf.opts, results).Print(stdout)
		return 0
	}
	// The log goes straight to the file: the engine's writer hands it
	// whole lines (gamelog.FlushBytes), so a kill loses at most those.
	var w io.Writer
	if *logFile != "" {
		f, lock, err := gamelog.Create(*logFile, *force)
		if err != nil {
			fmt.Fprintf(stderr, "schnell auto: --log: %v\n", err)
			return 1
		}
		defer lock.Release()
		defer f.Close()
		w = f
	}
	g, err := p.playOne(gf.opts, *seed, w)
	if err != nil {
		fmt.Fprintf(stderr, "schnell auto: seed %d: %v\n", *seed, err)
		return 1
	}
	fmt.Fprintf(stdout, "Seed %d\n", *seed)
	if def.Status != nil {
		if err := def.Status(g, stdout); err != nil {
			fmt.Fprintf(stderr, "schnell auto: %v\n", err)
			return 1
		}
	}
	return 0
}
