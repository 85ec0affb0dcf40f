package repl

import (
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"sort"
	"strconv"
	"strings"
	"sync"

	"github.com/schnell-wargames/schnell/engine"
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
// (and checked) on all cores at once: a long saved game takes a few
// milliseconds, and the prompt starts with this list.
func (s *Session) Saved() []Saved {
	all, _ := filepath.Glob(filepath.Join(s.dataDir(), "*.jsonl"))
	sort.Strings(all)
	// A kill can leave crash debris: a save's temporary file
	// (.schnell-*.jsonl) and an empty log. Neither is a game.
	names := all[:0]
	for _, p := range all {
		if strings.HasPrefix(filepath.Base(p), ".") {
			continue
		}
		if fi, err := os.Lstat(p); err == nil && fi.Mode().IsRegular() && fi.Size() == 0 {
			continue
		}
		names = append(names, p)
	}
	saved := make([]Saved, len(names))
	ours := make([]bool, len(names))
	var wg sync.WaitGroup
	work := make(chan int)
	for range min(len(names), runtime.GOMAXPROCS(0)) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range work {
				saved[i], ours[i] = s.saved(names[i])
			}
		}()
	}
	for i := range names {
		work <- i
	}
	close(work)
	wg.Wait()
	out := make([]Saved, 0, len(names))
	for i, sv := range saved {
		if ours[i] {
			out = append(out, sv)
		}
	}
	return out
}

// saved reads one saved game; it reports false for a log of another game.
func (s *Session) saved(p string) (Saved, bool) {
	sv := Saved{Name: strings.TrimSuffix(filepath.Base(p), ".jsonl"), Path: p}
	f, err := gamelog.Open(p) // never a FIFO or a device, never over 16 MiB
	if err == nil {
		var h gamelog.Header
		if h, err = gamelog.ReadHeader(f); err == nil {
			def, derr := s.gameNamed(h.Game)
			if derr != nil {
				f.Close()
				return sv, false // a log of a game this prompt does not play
			}
			if h.Rules != def.Rules {
				f.Close()
				// Listed, never offered: it would not load.
				sv.Err = &engine.RulesError{Game: def.Name, Log: h.Rules, Program: def.Rules}
				sv.Summary = Printable(sv.Err.Error())
				return sv, true
			}
			var lg *gamelog.Log
			if _, err = f.Seek(0, io.SeekStart); err == nil {
				if g := def.Glance; g != nil {
					lg, err = gamelog.Skim(p, f, func(typ string) bool { return slices.Contains(g, typ) })
				} else {
					lg, err = gamelog.Read(p, f)
				}
			}
			if err == nil {
				if def.Summarize != nil {
					// Skim checks only the events it reads: what a summary
					// quotes from a log may hold anything.
					sv.Summary = Printable(def.Summarize(lg))
				}
				if def.Finished != nil {
					sv.Finished = def.Finished(lg)
				}
				if def != s.def {
					sv.Summary = def.Name + ": " + sv.Summary
				}
			}
		}
		f.Close()
	}
	if err != nil {
		sv.Err, sv.Summary = err, Printable(err.Error())
	}
	return sv, true
}

// OfferContinue asks a player at a terminal whether to resume an
// unfinished saved game: yes or no for one, a choice by number among
// several; it loads the one chosen. It reports whether the player asked to
// quit instead (Ctrl-C or Ctrl-D).
func (s *Session) OfferContinue(in LineReader) (quit bool) {
	var open []Saved
	for _, sv := range s.Saved() {
		if !sv.Finished && sv.Err == nil {
			open = append(open, sv)
		}
	}
	var pick *Saved
	switch len(open) {
	case 0:
		return false
	case 1:
		// The question on a line of its own, wrapped like all output: the
		// prompt stays short, and never wider than the terminal.
		s.printf("A game is in progress: %s (%s).\n", Printable(open[0].Name), open[0].Summary)
		in.SetPrompt("Continue it? [Y/n] ")
		line, err := in.ReadLine()
		if err != nil {
			return true // Ctrl-C, Ctrl-D: the player leaves
		}
		if a := strings.ToLower(strings.TrimSpace(line)); a == "" || a == "y" || a == "yes" {
			pick = &open[0]
		}
	default:
		s.printf("%d games are in progress:\n", len(open))
		for i, sv := range open {
			s.printf("  %d. %s (%s)\n", i+1, Printable(sv.Name), sv.Summary)
		}
		for pick == nil {
			in.SetPrompt(fmt.Sprintf("Continue which? [1-%d, Enter: new] ", len(open)))
			line, err := in.ReadLine()
			if err != nil {
				return true
			}
			a := strings.TrimSpace(line)
			if a == "" || strings.EqualFold(a, "n") || strings.EqualFold(a, "new") {
				return false
			}
			if n, err := strconv.Atoi(a); err == nil && n >= 1 && n <= len(open) {
				pick = &open[n-1]
				break
			}
			for i := range open {
				if open[i].Name == a {
					pick = &open[i]
				}
			}
			if pick == nil {
				s.printf("%q: say a number from 1 to %d, a game's name, or Enter for a new game.\n", a, len(open))
			}
		}
	}
	if pick == nil {
		return false
	}
	if err := s.Exec("load " + Quote(pick.Path)); err != nil {
		s.printf("%s\n", s.paint(red, "Error: "+err.Error()))
	}
	return false
}

// Quote makes s one word for Split, whatever it holds (an apostrophe in a
// path, spaces).
func Quote(s string) string {
	return "'" + strings.ReplaceAll(s, "'", `'"'"'`) + "'"
}

func (s *Session) printf(format string, args ...any) {
	fmt.Fprintf(s.cfg.Out, format, args...)
}
