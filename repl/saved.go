package repl

import (
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"sort"
	"strings"
	"sync"

	"github.com/schnell-wargames/schnell/gamelog"
)

// Saved is one saved game in the data directory.
type Saved struct {
	Name     string
	Path     string
	Summary  string
	Finished bool
	Err      error
}

func (s *Session) dataDir() string {
	if s.cfg.LogDir == "" {
		return "."
	}
	return s.cfg.LogDir
}

// resolve turns a saved game's name into its log's path; anything that
// looks like a path is left alone.
func (s *Session) resolve(arg string) string {
	if strings.ContainsAny(arg, `/\`) || strings.HasSuffix(arg, ".jsonl") {
		return arg
	}
	return filepath.Join(s.dataDir(), arg+".jsonl")
}

// Saved lists the games in the data directory, by name. The logs are read
// (and checked) on all cores at once: a saved Long campaign takes a few
// milliseconds, and the prompt starts with this list.
func (s *Session) Saved() []Saved {
	names, _ := filepath.Glob(filepath.Join(s.dataDir(), "*.jsonl"))
	sort.Strings(names)
	all := make([]Saved, len(names))
	ours := make([]bool, len(names))
	var wg sync.WaitGroup
	work := make(chan int)
	for range min(len(names), runtime.GOMAXPROCS(0)) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range work {
				all[i], ours[i] = s.saved(names[i])
			}
		}()
	}
	for i := range names {
		work <- i
	}
	close(work)
	wg.Wait()
	out := make([]Saved, 0, len(names))
	for i, sv := range all {
		if ours[i] {
			out = append(out, sv)
		}
	}
	return out
}

// saved reads one saved game; it reports false for a log of another game.
func (s *Session) saved(p string) (Saved, bool) {
	sv := Saved{Name: strings.TrimSuffix(filepath.Base(p), ".jsonl"), Path: p}
	f, err := os.Open(p)
	if err == nil {
		var lg *gamelog.Log
		if g := s.def.Glance; g != nil {
			lg, err = gamelog.Skim(p, f, func(typ string) bool { return slices.Contains(g, typ) })
		} else {
			lg, err = gamelog.Read(p, f)
		}
		f.Close()
		if err == nil && lg.Header.Game != s.def.Name {
			return sv, false
		}
		if err == nil {
			if s.def.Summarize != nil {
				sv.Summary = s.def.Summarize(lg)
			}
			if s.def.Finished != nil {
				sv.Finished = s.def.Finished(lg)
			}
		}
	}
	if err != nil {
		sv.Err, sv.Summary = err, err.Error()
	}
	return sv, true
}

// OfferContinue asks a player at a terminal whether to resume the one
// unfinished saved game, if there is exactly one; it loads it on yes.
func (s *Session) OfferContinue(in LineReader) {
	var open []Saved
	for _, sv := range s.Saved() {
		if !sv.Finished && sv.Err == nil {
			open = append(open, sv)
		}
	}
	if len(open) != 1 {
		if len(open) > 1 {
			s.printf("%d games are in progress: `campaigns` lists them, `load NAME` resumes one.\n", len(open))
		}
		return
	}
	sv := open[0]
	in.SetPrompt("Continue " + sv.Name + " (" + sv.Summary + ")? [Y/n] ")
	line, err := in.ReadLine()
	if err != nil {
		return
	}
	if a := strings.ToLower(strings.TrimSpace(line)); a == "" || a == "y" || a == "yes" {
		if err := s.Exec("load '" + sv.Path + "'"); err != nil {
			s.printf("%s\n", s.paint(red, "Error: "+err.Error()))
		}
	}
}

func (s *Session) printf(format string, args ...any) {
	fmt.Fprintf(s.cfg.Out, format, args...)
}
