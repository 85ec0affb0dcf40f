package main

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/schnell-wargames/schnell/batch"
)

// --log onto a file that holds something is refused at start-up, before the
// first command, not at the first step; the file is untouched (issue 27,
// item 9). An empty file (a crash's debris) is taken.
func TestLogExistsRefusedAtStart(t *testing.T) {
	dir := t.TempDir()
	log := filepath.Join(dir, "old.jsonl")
	os.WriteFile(log, []byte("my old game\n"), 0o644)
	code, out, errs := runWith(t, "status\nstep\n", "--seed", "3", "--log", log)
	want := "schnell: --log: " + log + " exists: give another file, `--load " + log + "` to resume it, or --force to replace it"
	if code != 2 || !strings.Contains(errs, want) || out != "" {
		t.Errorf("exit %d, out %q, errs %q; want exit 2, no output and %q", code, out, errs, want)
	}
	if b, _ := os.ReadFile(log); string(b) != "my old game\n" {
		t.Errorf("the file was touched: %q", b)
	}
	empty := filepath.Join(dir, "empty.jsonl")
	os.WriteFile(empty, nil, 0o644)
	if code, out, errs := runWith(t, "step\n", "--seed", "3", "--log", empty); code != 0 {
		t.Errorf("--log onto an empty file: exit %d\n%s%s", code, out, errs)
	}
	if code, out, errs := runWith(t, "step\n", "--seed", "3", "--log", log, "--force"); code != 0 {
		t.Errorf("--log with --force: exit %d\n%s%s", code, out, errs)
	}
}

// A result file too big to be one is refused by merge as a result file, not
// as "a log" (issue 27, item 9).
func TestMergeHugeFile(t *testing.T) {
	big := filepath.Join(t.TempDir(), "big.json")
	f, err := os.Create(big)
	if err != nil {
		t.Fatal(err)
	}
	f.Truncate(200 << 20) // sparse
	f.Close()
	code, _, errs := runWith(t, "", "sim", "merge", big)
	want := big + " is 200 MiB: a result file of schnell sim is at most 64 MiB"
	if code != 1 || !strings.Contains(errs, want) || strings.Contains(errs, "log") {
		t.Errorf("exit %d, %q; want %q", code, errs, want)
	}
}

// sim's progress line says the games done, the percent and the time left
// at the pace so far (issue 25, item 10).
func TestProgressLine(t *testing.T) {
	for _, c := range []struct {
		done, total int
		elapsed     time.Duration
		want        string
	}{
		{0, 4000, time.Second, "0/4000 games  0%"},
		{1000, 4000, 30 * time.Second, "1000/4000 games  25%  1:30 left"},
		{1, 3, time.Hour, "1/3 games  33%  2:00:00 left"},
		{4000, 4000, time.Minute, "4000/4000 games  100%"},
	} {
		if got := progressLine(c.done, c.total, c.elapsed); got != c.want {
			t.Errorf("progressLine(%d, %d, %v) = %q, want %q", c.done, c.total, c.elapsed, got, c.want)
		}
	}
}

// The collector's queue is bounded: while one game is slow (a worker the
// machine has descheduled, a long game), the other workers play at most
// reorderWindow×jobs games ahead of it, then wait; the scores still come
// in seed order, every one (issue 27, item 7).
func TestPlayStreamWindow(t *testing.T) {
	const jobs, runs = 3, 5000
	release := make(chan struct{})
	var started, ahead atomic.Int64
	play := func(seed uint64) (batch.Result, error) {
		started.Add(1)
		if seed == 10 {
			<-release // slow until the others have gone as far as they may
		}
		return batch.Result{Seed: seed}, nil
	}
	window := int64(reorderWindow * jobs)
	go func() {
		// Once the others stop taking games, the slow one ends.
		for last := int64(-1); ; time.Sleep(20 * time.Millisecond) {
			n := started.Load()
			if n == last {
				ahead.Store(n)
				close(release)
				return
			}
			last = n
		}
	}()
	var got []uint64
	played, err := playStream(context.Background(), play, 10, runs, jobs, nil, func(r batch.Result) error {
		got = append(got, r.Seed)
		return nil
	})
	if err != nil || played != runs {
		t.Fatalf("played %d, %v", played, err)
	}
	for i, s := range got {
		if s != uint64(10+i) {
			t.Fatalf("score %d is seed %d, want %d: not in seed order", i, s, 10+i)
		}
	}
	if n := ahead.Load(); n > window {
		t.Errorf("%d games started while the first was slow: more than the window of %d", n, window)
	}
}
