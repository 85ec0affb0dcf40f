package main

import (
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/schnell-wargames/schnell/batch"
	"github.com/schnell-wargames/schnell/gamelog"
)

// shardEnv is how the job engines users run number the tasks of an array,
// in the order --shard env/N looks for them: the variable, and what to
// take from it for an index from 0 (docs/scale-out.md).
var shardEnv = []struct {
	engine, name, base string // base: a variable to subtract ("" none)
	step               string // a variable the index is divided by, if set ("" none)
	minus              int
}{
	{"Kubernetes Indexed Job", "JOB_COMPLETION_INDEX", "", "", 0},
	// A stepped array (--array=0-6:2) numbers its tasks 0, 2, 4, 6.
	{"Slurm job array", "SLURM_ARRAY_TASK_ID", "SLURM_ARRAY_TASK_MIN", "SLURM_ARRAY_TASK_STEP", 0},
	{"GNU parallel", "PARALLEL_SEQ", "", "", 1},
}

// parseShard reads --shard I/N or env/N (I from the environment).
func parseShard(arg string, getenv func(string) string) (*batch.Shard, error) {
	is, ns, ok := strings.Cut(arg, "/")
	if !ok {
		return nil, fmt.Errorf("%q: give I/N (I from 0 to N-1) or env/N", arg)
	}
	n, err := strconv.Atoi(ns)
	if err != nil || n < 1 || n > 1_000_000 {
		return nil, fmt.Errorf("%q: N is the number of shards, from 1 to 1000000", arg)
	}
	var i int
	if is == "env" {
		var found bool
		for _, e := range shardEnv {
			v := getenv(e.name)
			if v == "" {
				continue
			}
			i, err = strconv.Atoi(v)
			if err != nil {
				return nil, fmt.Errorf("%s=%q (%s) is not a number", e.name, v, e.engine)
			}
			if e.base != "" {
				b := getenv(e.base)
				base, err := strconv.Atoi(b)
				if err != nil {
					return nil, fmt.Errorf("%s=%q (%s) is not a number", e.base, b, e.engine)
				}
				i -= base
			}
			if st := getenv(e.step); e.step != "" && st != "" {
				step, err := strconv.Atoi(st)
				if err != nil || step < 1 {
					return nil, fmt.Errorf("%s=%q (%s) is not a step of 1 or more", e.step, st, e.engine)
				}
				if i%step != 0 {
					return nil, fmt.Errorf("%s=%s (%s) is not on the array's step of %d", e.name, v, e.engine, step)
				}
				i /= step
			}
			i -= e.minus
			if i < 0 || i >= n {
				return nil, fmt.Errorf("%s=%s (%s) makes shard %d, not one of 0..%d: does the array have %d tasks?", e.name, v, e.engine, i, n-1, n)
			}
			found = true
			break
		}
		if !found {
			var names []string
			for _, e := range shardEnv {
				names = append(names, e.name)
			}
			return nil, fmt.Errorf("env/%d: none of %s is set: run it as a task of a job array, or give I/%d", n, strings.Join(names, ", "), n)
		}
	} else if i, err = strconv.Atoi(is); err != nil || i < 0 || i >= n {
		return nil, fmt.Errorf("%q: I runs from 0 to %d", arg, n-1)
	}
	return &batch.Shard{Index: i, Count: n}, nil
}

// provenance is what the result file says produced it.
func provenance(p *player, opts []gamelog.Option, sides sideFlags, study batch.Span, shard *batch.Shard) (batch.Provenance, error) {
	tabs, err := p.def.TablesFor(opts)
	if err != nil {
		return batch.Provenance{}, err
	}
	pr := batch.Provenance{Program: versionLine(), Game: p.def.Name, Options: opts, Tables: tabs.Digest(), By: p.who(), Study: study, Shard: shard}
	if p.script != "" {
		sum := sha256.Sum256(p.src)
		pr.Script = &batch.Script{Name: filepath.Base(p.script), SHA256: hex.EncodeToString(sum[:])}
		pr.By = "the script " + filepath.Base(p.script)
	}
	for _, s := range sides {
		// A side's script is named with its content's hash: parts played
		// with different scripts do not merge.
		if name, file, ok := strings.Cut(s, "=script:"); ok {
			src, err := os.ReadFile(file)
			if err != nil {
				return batch.Provenance{}, fmt.Errorf("--side %s: %w", s, err)
			}
			sum := sha256.Sum256(src)
			s = name + "=script:" + filepath.Base(file) + "@sha256:" + hex.EncodeToString(sum[:])
		}
		pr.Sides = append(pr.Sides, s)
	}
	return pr, nil
}

// runSimMerge is `schnell sim merge [--out FILE] [--partial] PART…`.
func runSimMerge(args []string, stdout, stderr io.Writer) int {
	fs := newFlagSet("schnell sim merge", args, stdout, stderr)
	out := fs.String("out", "", "write the merged result file to FILE (default: print it)")
	partial := fs.Bool("partial", false, "accept partial parts and seeds of the study that no part played (the result is marked partial)")
	force := fs.Bool("force", false, "--out may replace an existing file")
	fs.Usage = func() {
		fmt.Fprintf(fs.Output(), "usage: schnell sim merge [--out FILE] [--partial] PART…\n\nAdds up the result files of the shards of one study (sim --shard I/N --out PART) exactly: the merge of all the shards is the file one run of the whole study writes. Refuses parts of another study, parts that share seeds, partial parts and missing seeds (unless --partial).\n\nFlags:\n")
		fs.PrintDefaults()
	}
	// Flags may follow the parts.
	var names []string
	rest := args
	for {
		if err := fs.Parse(rest); err != nil {
			if errors.Is(err, flag.ErrHelp) {
				fs.SetOutput(stdout)
				fs.Usage()
				return 0
			}
			return 2
		}
		if fs.NArg() == 0 {
			break
		}
		names = append(names, fs.Arg(0))
		rest = fs.Args()[1:]
	}
	if len(names) == 0 {
		fmt.Fprintln(stderr, "schnell sim merge: name the result files to merge (sim --shard I/N --out FILE writes one)")
		return 2
	}
	var parts []batch.Part
	for _, name := range names {
		f, err := gamelog.OpenBounded(name, batch.MaxFileBytes, "a result file of schnell sim") // a plain file, bounded
		if err != nil {
			fmt.Fprintf(stderr, "schnell sim merge: %v\n", err)
			return 1
		}
		r, err := batch.ReadFile(name, f)
		f.Close()
		if err != nil {
			fmt.Fprintf(stderr, "schnell sim merge: %v\n", err)
			return 1
		}
		parts = append(parts, batch.Part{Name: name, File: r})
	}
	m, err := batch.Merge(parts, *partial)
	if err != nil {
		fmt.Fprintf(stderr, "schnell sim merge: %v\n", err)
		return 1
	}
	if *out == "" {
		m.WriteJSON(stdout)
		return 0
	}
	f, err := createOutFile("--out", *out, *force, nil)
	if err != nil {
		fmt.Fprintf(stderr, "schnell sim merge: --out: %v\n", err)
		return 1
	}
	if err := m.WriteJSON(f.f); err != nil {
		f.discard()
		fmt.Fprintf(stderr, "schnell sim merge: --out: %v\n", err)
		return 1
	}
	if err := f.commit(); err != nil {
		fmt.Fprintf(stderr, "schnell sim merge: --out: %v\n", err)
		return 1
	}
	fmt.Fprintf(stdout, "%s: %d games, seeds %s of %s\n", *out, m.Runs, seedList(m.Seeds), m.Provenance.Study)
	return 0
}

func seedList(s []batch.Span) string {
	var parts []string
	for _, x := range s {
		parts = append(parts, x.String())
	}
	if len(parts) == 0 {
		return "none"
	}
	return strings.Join(parts, ", ")
}
