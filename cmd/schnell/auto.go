package main

import (
	"bufio"
	"flag"
	"fmt"
	"io"
	"os"

	"github.com/schnell-wargames/schnell/engine"
	"github.com/schnell-wargames/schnell/gamelog"
	"github.com/schnell-wargames/schnell/schnellboats"
	"github.com/schnell-wargames/schnell/scripting"
)

// runAuto is `schnell auto`: a whole campaign with the reference
// Kommandant, then its summary.
func runAuto(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("schnell auto", flag.ContinueOnError)
	fs.SetOutput(stderr)
	var (
		length    = fs.String("campaign", "short", "campaign length: short, medium or long")
		boat      = fs.String("boat", "s100", "boat type: s100 or 5b")
		seed      = fs.Uint64("seed", 1, "seed of the dice")
		logFile   = fs.String("log", "", "write the campaign's log to FILE")
		tablesDir = fs.String("tables", "", "overlay your own tables (see schnell -h)")
		script    = fs.String("script", "", "a Lua script (scripts/*.lua) takes the decisions instead of the reference Kommandant")
		deadline  = fs.Duration("deadline", scripting.DefaultDeadline, "time limit of each call into the script")
		runs      = fs.Int("runs", 1, "play this many campaigns (seeds SEED, SEED+1, …) and print their statistics")
	)
	fs.Usage = func() {
		fmt.Fprintln(stderr, "usage: schnell auto [flags]\n\nPlays a whole campaign with the built-in reference Kommandant and prints its summary.\n\nFlags:")
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		if err == flag.ErrHelp {
			return 0
		}
		return 2
	}
	def, err := schnellboats.Definition()
	if err != nil {
		fmt.Fprintf(stderr, "schnell auto: %v\n", err)
		return 2
	}
	if *tablesDir != "" {
		if def, err = schnellboats.WithOverlay(def, os.DirFS(*tablesDir)); err != nil {
			fmt.Fprintf(stderr, "schnell auto: --tables %s: %v\n", *tablesDir, err)
			return 2
		}
	}
	o := []gamelog.Option{{Name: "campaign", Value: *length}, {Name: "boat", Value: *boat}}
	if *runs > 1 {
		if *script != "" {
			fmt.Fprintln(stderr, "schnell auto: --runs with --script is `schnell sim` (not built yet): play one campaign at a time")
			return 2
		}
		if *logFile != "" {
			fmt.Fprintln(stderr, "schnell auto: --log writes one campaign: leave it out with --runs")
			return 2
		}
		st, err := schnellboats.RunMany(def, o, *seed, *runs)
		if err != nil {
			fmt.Fprintf(stderr, "schnell auto: %v\n", err)
			return 1
		}
		st.Print(stdout)
		return 0
	}
	g, err := engine.New(engine.Config{Def: def, Seed: *seed, Options: o})
	if err != nil {
		fmt.Fprintf(stderr, "schnell auto: %v\n", err)
		return 2
	}
	g.KeepHistory(false)
	g.CollectEvents(false)
	g.SetDecider(schnellboats.Reference{})
	if *script != "" {
		h, err := scripting.Attach(g, def, *script, scripting.Options{Deadline: *deadline, Print: stderr}, scripting.ForCampaign)
		if err != nil {
			fmt.Fprintf(stderr, "schnell auto: %v\n", err)
			return 1
		}
		defer h.Close()
	}
	var f *os.File
	if *logFile != "" {
		if f, err = os.Create(*logFile); err != nil {
			fmt.Fprintf(stderr, "schnell auto: %v\n", err)
			return 1
		}
		defer f.Close()
		bw := bufio.NewWriter(f)
		defer bw.Flush()
		if err := g.WriteLog(bw); err != nil {
			fmt.Fprintf(stderr, "schnell auto: %v\n", err)
			return 1
		}
	}
	if _, err := g.Step(engine.NoPause); err != nil {
		fmt.Fprintf(stderr, "schnell auto: seed %d: %v\n", *seed, err)
		return 1
	}
	if err := g.Close(); err != nil {
		fmt.Fprintf(stderr, "schnell auto: write log: %v\n", err)
		return 1
	}
	c, err := schnellboats.CampaignOf(g)
	if err != nil {
		fmt.Fprintf(stderr, "schnell auto: %v\n", err)
		return 1
	}
	fmt.Fprintf(stdout, "Seed %d\n", *seed)
	c.PrintSummary(stdout)
	return 0
}
