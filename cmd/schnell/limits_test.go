package main

import (
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// TestSchnellChild is not a test: the tests below run this binary as a
// child with SCHNELL_CHILD_ARGS (separated by newlines) to read its peak RSS.
func TestSchnellChild(t *testing.T) {
	args := os.Getenv("SCHNELL_CHILD_ARGS")
	if args == "" {
		t.Skip("run as a child process only")
	}
	os.Exit(run(strings.Split(args, "\n"), os.Stdin, os.Stdout, os.Stderr))
}

// child runs schnell with args in a process of its own and returns its
// exit code, its standard error, its peak RSS in bytes and its CPU time.
func child(t *testing.T, args ...string) (int, string, int64, time.Duration) {
	t.Helper()
	dir := t.TempDir()
	cmd := exec.Command(os.Args[0], "-test.run=^TestSchnellChild$")
	cmd.Env = append(os.Environ(), "SCHNELL_CHILD_ARGS="+strings.Join(args, "\n"), "XDG_STATE_HOME="+dir, "XDG_DATA_HOME="+dir)
	var errb bytes.Buffer
	cmd.Stderr = &errb
	err := cmd.Run()
	code := 0
	if err != nil {
		ee, ok := err.(*exec.ExitError)
		if !ok {
			t.Fatal(err)
		}
		code = ee.ExitCode()
	}
	ru, ok := cmd.ProcessState.SysUsage().(*syscall.Rusage)
	if !ok {
		t.Skip("no rusage here")
	}
	return code, errb.String(), ru.Maxrss << 10, cmd.ProcessState.UserTime() + cmd.ProcessState.SystemTime()
}

// A script's memory budget holds in auto, sim (per worker) and schnell
// lua: a script that keeps 8 MiB a decision, or grows a table without
// end within one call, stops with an error at its line, the process
// exits normally, its peak RSS stays under the script-free baseline plus
// jobs × budget, and its CPU time under 1.5 s (the child process starts
// and plays up to the script's end). Without the budget these grow to
// gigabytes.
func TestScriptMemoryBudget(t *testing.T) {
	if testing.Short() || raceEnabled {
		t.Skip("runs several processes, and measures their memory")
	}
	dir := t.TempDir()
	keep := filepath.Join(dir, "keep.lua")
	grow := filepath.Join(dir, "grow.lua")
	scan := filepath.Join(dir, "scan.lua")
	os.WriteFile(keep, []byte("keep = {}\nfunction decide(d)\n  for i = 1, 8 do keep[#keep + 1] = string.rep('k', 2^20 - 16) .. #keep end\n  return d.default\nend\n"), 0o644)
	os.WriteFile(grow, []byte("function decide(d)\n  local t = {}\n  while true do t[#t + 1] = {#t} end\nend\n"), 0o644)
	os.WriteFile(scan, []byte("local t = {}\nfor e in log.events(arg[1]) do t[#t + 1] = e end\nwhile true do t[#t + 1] = {#t, 'x' .. #t} end\n"), 0o644)
	const budget = 32
	mem := fmt.Sprint(budget)
	// scan.lua keeps a whole log's events (line 2) before it grows (line 3):
	// the smallest shipped log, since their sizes follow the rules.
	log := smallestLog(t)
	sim := []string{"sim", "--runs", "40", "--jobs", "2"}
	idle := filepath.Join(dir, "idle.lua")
	os.WriteFile(idle, []byte("for e in log.events(arg[1]) do end\n"), 0o644)
	// The script-free baselines: the same commands without the script
	// (for lua, a script that reads the log and keeps nothing).
	bases := map[string]int64{}
	for name, args := range map[string][]string{"sim": sim, "auto": {"auto"}, "lua": {"lua", idle, log}} {
		code, errs, peak, _ := child(t, args...)
		if code != 0 || peak == 0 {
			t.Fatalf("%s: exit %d, peak %d\n%s", name, code, peak, errs)
		}
		bases[name] = peak
	}
	for _, tc := range []struct {
		name  string
		jobs  int
		args  []string
		where string
	}{
		{"sim keeps", 2, append(sim, "--memory", mem, "--script", keep), "keep.lua:3:"},
		{"sim grows", 2, append(sim, "--memory", mem, "--deadline", "60s", "--script", grow), "grow.lua:3:"},
		{"auto keeps", 1, []string{"auto", "--memory", mem, "--script", keep}, "keep.lua:3:"},
		{"auto grows", 1, []string{"auto", "--memory", mem, "--deadline", "60s", "--script", grow}, "grow.lua:3:"},
		{"lua grows", 1, []string{"lua", "--memory", mem, scan, log}, "scan.lua:3:"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			code, errs, peak, cpu := child(t, tc.args...)
			if code != 1 || !strings.Contains(errs, tc.where) || !strings.Contains(errs, "over the memory budget") {
				t.Errorf("exit %d, want 1 with %s and the budget named:\n%s", code, tc.where, errs)
			}
			base := bases[tc.args[0]]
			limit := base + int64(tc.jobs*budget)<<20
			t.Logf("peak RSS %d MiB; baseline %d MiB + %d × %d MiB = %d MiB; %s of CPU", peak>>20, base>>20, tc.jobs, budget, limit>>20, cpu)
			// A script over its budget stops within a second (a process
			// collected garbage every tick meanwhile: up to 3 s).
			if cpu > 1500*time.Millisecond {
				t.Errorf("took %s of CPU", cpu)
			}
			if peak > limit {
				t.Errorf("peak RSS %d MiB is over %d MiB", peak>>20, limit>>20)
			}
		})
	}
}

// smallestLog is the smallest of the shipped logs (logs/*.jsonl).
func smallestLog(t *testing.T) string {
	t.Helper()
	paths, _ := filepath.Glob("../../logs/*.jsonl")
	best, size := "", int64(-1)
	for _, p := range paths {
		if fi, err := os.Stat(p); err == nil && (size < 0 || fi.Size() < size) {
			best, size = p, fi.Size()
		}
	}
	if best == "" {
		t.Fatal("no log in ../../logs")
	}
	return best
}
