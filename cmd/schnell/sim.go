package main

import (
	"context"
	"encoding/json"
	"errors"
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

	"github.com/schnell-wargames/schnell/batch"
	"github.com/schnell-wargames/schnell/gamelog"
	"github.com/schnell-wargames/schnell/scripting"
)

// runSim is `schnell sim`: many games over worker goroutines, each with its
// own Lua state per game; results do not depend on --jobs.
func runSim(args []string, stdout, stderr io.Writer) int {
	def, err := registry.Get(gameArg(args))
	if err != nil {
		fmt.Fprintf(stderr, "schnell sim: %v\n", err)
		return 2
	}
	fs := newFlagSet("schnell sim", args, stdout, stderr)
	gf := addGameFlags(fs, def)
	var (
		seed     = fs.Uint64("seed", 1, "seed of the first game (then SEED+1, …)")
		runs     = fs.Int("runs", 1000, "number of games")
		jobs     = fs.Int("jobs", 0, "worker goroutines (0: one per core)")
		script   = fs.String("script", "", "a Lua script takes the decisions (default: "+def.ReferenceWho()+")")
		deadline = fs.Duration("deadline", scripting.DefaultDeadline, "time limit of each call into the script")
		memory   = fs.Int64("memory", scripting.DefaultMemory>>20, "memory budget of each worker's script, in MiB")
		asJSON   = fs.Bool("json", false, "print the statistics as one JSON object")
		csvFile  = fs.String("csv", "", "write one row per game to FILE")
		logsDir  = fs.String("logs", "", "keep every game's log in DIR")
	)
	fs.Usage = func() {
		fmt.Fprintf(fs.Output(), "usage: schnell sim [flags]\n\nPlays many games of %s over all cores and prints what the game scores.\n\nFlags:\n", def.Name)
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return 0
		}
		return 2
	}
	if *runs < 1 || *jobs < 0 {
		fmt.Fprintln(stderr, "schnell sim: --runs must be at least 1 and --jobs at least 0 (0: one per core)")
		return 2
	}
	if *jobs == 0 {
		*jobs = runtime.NumCPU()
	}
	if def, err = gf.overlay(def); err != nil {
		fmt.Fprintf(stderr, "schnell sim: %v\n", err)
		return 2
	}
	opts, err := def.MergeOptions(gf.opts)
	if err != nil {
		fmt.Fprintf(stderr, "schnell sim: %v\n", err)
		return 2
	}
	p, err := newPlayer(def, *script, *deadline, nil)
	if err != nil {
		fmt.Fprintf(stderr, "schnell sim: %v\n", err)
		return 2
	}
	if p.sides, err = gf.sides.specs(def); err != nil {
		fmt.Fprintf(stderr, "schnell sim: --side: %v\n", err)
		return 2
	}
	p.memory = *memory << 20
	if *logsDir != "" {
		if err := os.MkdirAll(*logsDir, 0o755); err != nil {
			fmt.Fprintf(stderr, "schnell sim: %v\n", err)
			return 2
		}
	}
	// Collect garbage less often, within a soft 80 MiB budget (unless the
	// user set GOGC or GOMEMLIMIT): a game allocates little now, but the
	// collector still slows the second worker (--jobs 2: 1.62x -> 1.83x).
	if os.Getenv("GOGC") == "" && os.Getenv("GOMEMLIMIT") == "" {
		debug.SetGCPercent(400)
		debug.SetMemoryLimit(80 << 20)
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	var progress atomic.Int64
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
					fmt.Fprintf(stderr, "\r%d/%d games", min(int(progress.Load()), *runs), *runs)
				}
			}
		}()
	}
	fin, err := playManyCtx(ctx, p, gf.opts, *seed, *runs, *jobs, *logsDir, &progress)
	stopProgress()
	if err != nil {
		fmt.Fprintf(stderr, "schnell sim: %v\n", err)
	} else if len(fin) < *runs {
		fmt.Fprintf(stderr, "schnell sim: interrupted: %d of %d games finished\n", len(fin), *runs)
	}
	sum := summarize(p, opts, fin)
	if *csvFile != "" {
		if err := writeCSV(*csvFile, fin); err != nil {
			fmt.Fprintf(stderr, "schnell sim: %v\n", err)
			return 1
		}
	}
	if *asJSON {
		enc := json.NewEncoder(stdout)
		enc.SetIndent("", "  ")
		enc.Encode(sum)
	} else {
		sum.Print(stdout)
		if len(sum.Numbers) > 0 && sum.Runs > 0 {
			sum.Histogram(stdout, sum.Numbers[0].Name)
		}
	}
	switch {
	case err != nil:
		return 1
	case len(fin) < *runs:
		return 130 // interrupted (Ctrl-C), after the report of the games finished
	}
	return 0
}

func summarize(p *player, opts []gamelog.Option, results []batch.Result) *batch.Summary {
	return batch.Summarize(p.def.Name, opts, p.who(), results)
}

// playMany plays runs games with seeds first, first+1, … over jobs workers
// and returns their scores in seed order.
func playMany(p *player, opts []gamelog.Option, first uint64, runs, jobs int, progress *atomic.Int64) ([]batch.Result, error) {
	return playManyCtx(context.Background(), p, opts, first, runs, jobs, "", progress)
}

// playManyCtx is playMany that stops early when ctx is done (it returns
// the games finished) and keeps each log in logsDir when it is not "".
func playManyCtx(ctx context.Context, p *player, opts []gamelog.Option, first uint64, runs, jobs int, logsDir string, progress *atomic.Int64) ([]batch.Result, error) {
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	recs := make([]batch.Result, runs)
	done := make([]bool, runs)
	var next atomic.Int64
	var firstErr error
	var mu sync.Mutex
	var wg sync.WaitGroup
	for range jobs {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for ctx.Err() == nil {
				i := int(next.Add(1) - 1)
				if i >= runs {
					return
				}
				if progress != nil {
					progress.Store(next.Load())
				}
				s := first + uint64(i)
				rec, err := simOne(p, opts, s, logsDir)
				mu.Lock()
				if err != nil && firstErr == nil {
					firstErr = fmt.Errorf("seed %d: %w", s, err)
				}
				recs[i], done[i] = rec, err == nil
				mu.Unlock()
				if err != nil {
					cancel()
					return
				}
			}
		}()
	}
	wg.Wait()
	var fin []batch.Result
	for i, ok := range done {
		if ok {
			fin = append(fin, recs[i])
		}
	}
	return fin, firstErr
}

func simOne(p *player, opts []gamelog.Option, seed uint64, logsDir string) (batch.Result, error) {
	var w io.Writer
	if logsDir != "" {
		f, err := os.Create(filepath.Join(logsDir, "seed-"+strconv.FormatUint(seed, 10)+".jsonl"))
		if err != nil {
			return batch.Result{}, err
		}
		defer f.Close()
		w = f
	}
	g, err := p.playOne(opts, seed, w)
	if err != nil {
		return batch.Result{}, err
	}
	return batch.Result{Seed: seed, Fields: p.score(g)}, nil
}

func writeCSV(path string, recs []batch.Result) error {
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	if err := batch.WriteCSV(f, recs); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}
