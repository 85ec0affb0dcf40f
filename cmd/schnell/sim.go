package main

import (
	"context"
	"encoding/csv"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"path/filepath"
	"runtime"
	"runtime/debug"
	"strconv"
	"sync"
	"sync/atomic"
	"time"

	"github.com/chzyer/readline"

	"github.com/schnell-wargames/schnell/engine"
	"github.com/schnell-wargames/schnell/gamelog"
	"github.com/schnell-wargames/schnell/schnellboats"
	"github.com/schnell-wargames/schnell/scripting"
)

// runSim is `schnell sim`: many campaigns over worker goroutines, each
// with its own Lua state per game; results do not depend on --jobs.
func runSim(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("schnell sim", flag.ContinueOnError)
	fs.SetOutput(stderr)
	var (
		length   = fs.String("campaign", "short", "campaign length: short, medium or long")
		boat     = fs.String("boat", "s100", "boat type: s100 or 5b")
		seed     = fs.Uint64("seed", 1, "seed of the first campaign (then SEED+1, …)")
		runs     = fs.Int("runs", 1000, "number of campaigns")
		jobs     = fs.Int("jobs", runtime.NumCPU(), "worker goroutines")
		script   = fs.String("script", "", "a Lua script takes the decisions (default: the reference Kommandant)")
		deadline = fs.Duration("deadline", scripting.DefaultDeadline, "time limit of each call into the script")
		asJSON   = fs.Bool("json", false, "print the statistics as one JSON object")
		csvFile  = fs.String("csv", "", "write one row per campaign to FILE")
		logsDir  = fs.String("logs", "", "keep every campaign's log in DIR")
	)
	if err := fs.Parse(args); err != nil {
		if err == flag.ErrHelp {
			return 0
		}
		return 2
	}
	if *runs < 1 || *jobs < 1 {
		fmt.Fprintln(stderr, "schnell sim: --runs and --jobs must be at least 1")
		return 2
	}
	def, err := schnellboats.Definition()
	if err != nil {
		fmt.Fprintf(stderr, "schnell sim: %v\n", err)
		return 2
	}
	var src []byte
	if *script != "" {
		if src, err = os.ReadFile(*script); err != nil {
			fmt.Fprintf(stderr, "schnell sim: %v\n", err)
			return 2
		}
	}
	if *logsDir != "" {
		if err := os.MkdirAll(*logsDir, 0o755); err != nil {
			fmt.Fprintf(stderr, "schnell sim: %v\n", err)
			return 2
		}
	}
	opts := []gamelog.Option{{Name: "campaign", Value: *length}, {Name: "boat", Value: *boat}}
	// Collect garbage less often, within a soft 80 MiB budget (unless the
	// user set GOGC or GOMEMLIMIT): a campaign allocates little now, but the
	// collector still slows the second worker (--jobs 2: 1.62x -> 1.83x).
	if os.Getenv("GOGC") == "" && os.Getenv("GOMEMLIMIT") == "" {
		debug.SetGCPercent(400)
		debug.SetMemoryLimit(80 << 20)
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()

	recs := make([]schnellboats.Record, *runs)
	done := make([]bool, *runs)
	var next atomic.Int64
	var firstErr error
	var mu sync.Mutex
	var wg sync.WaitGroup
	for range *jobs {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for ctx.Err() == nil {
				i := int(next.Add(1) - 1)
				if i >= *runs {
					return
				}
				s := *seed + uint64(i)
				rec, err := simOne(def, opts, s, *script, src, *deadline, *logsDir)
				mu.Lock()
				if err != nil && firstErr == nil {
					firstErr = fmt.Errorf("seed %d: %w", s, err)
				}
				recs[i], done[i] = rec, err == nil
				mu.Unlock()
				if err != nil {
					stop()
					return
				}
			}
		}()
	}
	stopProgress := func() {}
	if f, ok := stderr.(*os.File); ok && readline.IsTerminal(int(f.Fd())) {
		// Progress on a terminal only.
		finished := make(chan struct{})
		gone := make(chan struct{})
		stopProgress = func() { close(finished); <-gone }
		go func() {
			defer close(gone)
			t := time.NewTicker(200 * time.Millisecond)
			defer t.Stop()
			for {
				select {
				case <-finished:
					fmt.Fprintf(stderr, "\r%*s\r", 40, "")
					return
				case <-t.C:
					fmt.Fprintf(stderr, "\r%d/%d campaigns", min(int(next.Load()), *runs), *runs)
				}
			}
		}()
	}
	wg.Wait()
	stopProgress()
	var fin []schnellboats.Record
	for i, ok := range done {
		if ok {
			fin = append(fin, recs[i])
		}
	}
	if firstErr != nil {
		fmt.Fprintf(stderr, "schnell sim: %v\n", firstErr)
	} else if len(fin) < *runs {
		fmt.Fprintf(stderr, "schnell sim: interrupted: %d of %d campaigns finished\n", len(fin), *runs)
	}
	b := schnellboats.NewBatch(opts, fin)
	if *csvFile != "" {
		if err := writeCSV(*csvFile, fin); err != nil {
			fmt.Fprintf(stderr, "schnell sim: %v\n", err)
			return 1
		}
	}
	if *asJSON {
		enc := json.NewEncoder(stdout)
		enc.SetIndent("", "  ")
		enc.Encode(b)
	} else {
		b.Print(stdout)
		b.Histogram(stdout)
	}
	if firstErr != nil || len(fin) < *runs {
		return 1
	}
	return 0
}

func simOne(def *engine.Definition, opts []gamelog.Option, seed uint64, path string, src []byte, deadline time.Duration, logsDir string) (schnellboats.Record, error) {
	g, err := engine.New(engine.Config{Def: def, Seed: seed, Options: opts})
	if err != nil {
		return schnellboats.Record{}, err
	}
	defer g.Close()
	g.KeepHistory(false)
	g.CollectEvents(false)
	g.SetDecider(schnellboats.Reference{})
	if path != "" {
		h, err := scripting.Load(path, src, scripting.Options{Seed: seed, Deadline: deadline}, func() engine.Viewer { return def.View(g.Rules()) })
		if err != nil {
			return schnellboats.Record{}, err
		}
		defer h.Close()
		if h.Hooks() {
			g.Observe(h.OnEvent) // else nobody reads the events: the engine makes none
		}
		g.SetDecider(h)
	}
	if logsDir != "" {
		f, err := os.Create(filepath.Join(logsDir, "seed-"+strconv.FormatUint(seed, 10)+".jsonl"))
		if err != nil {
			return schnellboats.Record{}, err
		}
		defer f.Close()
		if err := g.WriteLog(f); err != nil {
			return schnellboats.Record{}, err
		}
	}
	if _, err := g.Step(engine.NoPause); err != nil {
		return schnellboats.Record{}, err
	}
	c, err := schnellboats.CampaignOf(g)
	if err != nil {
		return schnellboats.Record{}, err
	}
	return schnellboats.RecordOf(seed, c), g.StopLog()
}

func writeCSV(path string, recs []schnellboats.Record) error {
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	w := csv.NewWriter(f)
	w.Write([]string{"seed", "vp", "grade", "war_badge", "missions", "successful", "abstract", "boats_lost", "crew_killed", "ships_sunk", "aircraft", "end", "rating"})
	for _, r := range recs {
		w.Write([]string{strconv.FormatUint(r.Seed, 10), strconv.Itoa(r.VP), strconv.Itoa(r.Grade), strconv.FormatBool(r.WarBadge),
			strconv.Itoa(r.Missions), strconv.Itoa(r.Successful), strconv.Itoa(r.Abstract), strconv.Itoa(r.BoatsLost),
			strconv.Itoa(r.CrewKilled), strconv.Itoa(r.Sunk), strconv.Itoa(r.Aircraft), r.End, r.Rating})
	}
	w.Flush()
	if err := w.Error(); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}
