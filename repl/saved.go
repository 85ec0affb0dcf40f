package repl

import (
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"

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

// Saved lists the games in the data directory, by name.
func (s *Session) Saved() []Saved {
	names, _ := filepath.Glob(filepath.Join(s.dataDir(), "*.jsonl"))
	sort.Strings(names)
	out := make([]Saved, 0, len(names))
	for _, p := range names {
		sv := Saved{Name: strings.TrimSuffix(filepath.Base(p), ".jsonl"), Path: p}
		f, err := os.Open(p)
		if err == nil {
			var lg *gamelog.Log
			lg, err = gamelog.Read(p, f)
			f.Close()
			if err == nil && lg.Header.Game != s.def.Name {
				continue
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
		out = append(out, sv)
	}
	return out
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
