package main

import (
	"flag"
	"fmt"
	"io"
	"os"
	"time"

	"github.com/schnell-wargames/schnell/scripting"
)

// runLua is `schnell lua FILE [ARGS…]`: an analysis script in the sandbox,
// reading only the files named on the command line (log.events(path)).
func runLua(args []string, stdout, stderr io.Writer) int {
	fs := newFlagSet("schnell lua", args, stdout, stderr)
	deadline := fs.Duration("deadline", time.Minute, "time limit of the whole script")
	memory := fs.Int64("memory", scripting.DefaultMemory>>20, "memory budget of the script, in MiB")
	fs.Usage = func() {
		fmt.Fprintln(fs.Output(), "usage: schnell lua [--deadline D] [--memory MiB] FILE [ARGS…]   (e.g. schnell lua scripts/analyse.lua logs/*.jsonl)")
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		if err == flag.ErrHelp {
			return 0
		}
		return 2
	}
	if fs.NArg() < 1 {
		fs.Usage()
		return 2
	}
	src, err := os.ReadFile(fs.Arg(0))
	if err != nil {
		fmt.Fprintf(stderr, "schnell lua: %v\n", err)
		return 2
	}
	if err := scripting.RunAnalysis(fs.Arg(0), src, fs.Args()[1:], scripting.Options{Deadline: *deadline, Memory: *memory << 20, Print: stdoutPrinter{stdout}}); err != nil {
		fmt.Fprintf(stderr, "schnell lua: %v\n", err)
		return 1
	}
	return 0
}

// stdoutPrinter drops the "[script]" prefix the host adds: an analysis
// script's print is its output.
type stdoutPrinter struct{ w io.Writer }

func (p stdoutPrinter) Write(b []byte) (int, error) {
	n := len(b)
	if i := indexByte(b, ']'); i >= 0 && len(b) > 0 && b[0] == '[' {
		b = b[i+2:]
	}
	_, err := p.w.Write(b)
	return n, err
}

func indexByte(b []byte, c byte) int {
	for i, x := range b {
		if x == c {
			return i
		}
	}
	return -1
}
