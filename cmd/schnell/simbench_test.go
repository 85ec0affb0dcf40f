package main

import (
	"os"
	"os/exec"
	"strconv"
	"syscall"
	"testing"
	"time"
)

// simProcess runs `schnell sim` in its own process and returns its peak
// resident memory (bytes) and CPU time (user + system).
func simProcess(b *testing.B, args ...string) (peak int64, cpu time.Duration) {
	b.Helper()
	cmd := exec.Command(binary(b), append([]string{"sim"}, args...)...)
	cmd.Env = append(os.Environ(), "XDG_STATE_HOME="+b.TempDir(), "XDG_DATA_HOME="+b.TempDir())
	if out, err := cmd.CombinedOutput(); err != nil {
		b.Fatalf("sim %v: %v\n%s", args, err, out)
	}
	ru := cmd.ProcessState.SysUsage().(*syscall.Rusage)
	cpu = time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
	return ru.Maxrss << 10, cpu
}

// BenchmarkSimScale is `schnell sim --campaign short --jobs 1` over 10k,
// 100k and 1M campaigns, each in its own process: the peak memory
// (flat: the scores are added up as they come) and the CPU time per
// campaign. Run it with -benchtime 1x (docs/performance.md).
func BenchmarkSimScale(b *testing.B) {
	for _, runs := range []int{10_000, 100_000, 1_000_000} {
		b.Run("runs="+strconv.Itoa(runs), func(b *testing.B) {
			var peak int64
			var cpu time.Duration
			for b.Loop() {
				p, c := simProcess(b, "--campaign", "short", "--jobs", "1", "--runs", strconv.Itoa(runs), "--out", b.TempDir()+"/r.json")
				peak, cpu = max(peak, p), cpu+c
			}
			b.ReportMetric(float64(peak)/(1<<20), "peak-MiB")
			b.ReportMetric(float64(cpu.Microseconds())/float64(runs*b.N), "cpu-µs/game")
		})
	}
}

// BenchmarkSimPlayers is the CPU time per Short campaign of each player
// (the native reference Kommandant, reference.lua), and --jobs 2 against
// --jobs 1 in wall time.
func BenchmarkSimPlayers(b *testing.B) {
	for _, c := range []struct {
		name string
		runs int
		args []string
	}{
		{"native", 20_000, nil},
		{"reference.lua", 2_000, []string{"--script", "../../scripts/reference.lua"}},
		{"combat.lua", 5_000, []string{"--script", "../../scripts/combat.lua"}},
	} {
		b.Run(c.name, func(b *testing.B) {
			var cpu time.Duration
			for b.Loop() {
				_, t := simProcess(b, append([]string{"--campaign", "short", "--jobs", "1", "--runs", strconv.Itoa(c.runs)}, c.args...)...)
				cpu += t
			}
			b.ReportMetric(float64(cpu.Microseconds())/float64(c.runs*b.N), "cpu-µs/game")
		})
	}
	for _, jobs := range []string{"1", "2"} {
		b.Run("jobs="+jobs, func(b *testing.B) {
			for b.Loop() {
				simProcess(b, "--campaign", "short", "--jobs", jobs, "--runs", "20000")
			}
		})
	}
}
