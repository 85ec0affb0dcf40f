//go:build unix

package main

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
)

// A shard stopped by SIGTERM (a Kubernetes eviction, a Slurm time limit)
// leaves no file that blocks it: the result file under its name, marked
// partial, which a retry of the very same command replaces; its CSV and
// report only under NAME.partial. The four shards merged after the retry
// equal one run (issue 27, item 6). A complete result, or another
// shard's, is never replaced.
func TestShardRetryAfterSIGTERM(t *testing.T) {
	if testing.Short() {
		t.Skip("short")
	}
	bin := binary(t)
	dir := t.TempDir()
	os.Mkdir(filepath.Join(dir, "results"), 0o755)
	runs := 400
	shard := func(i int) []string {
		return []string{"sim", "--campaign", "short", "--seed", "1", "--runs", strconv.Itoa(runs), "--jobs", "2", "--shard", strconv.Itoa(i) + "/4",
			"--out", "results/p" + strconv.Itoa(i) + ".json", "--csv", "results/p" + strconv.Itoa(i) + ".csv", "--html", "results/p" + strconv.Itoa(i) + ".html"}
	}
	run := func(args ...string) (int, string) {
		cmd := exec.Command(bin, args...)
		cmd.Dir = dir
		var errb bytes.Buffer
		cmd.Stderr = &errb
		cmd.Run()
		return cmd.ProcessState.ExitCode(), errb.String()
	}
	at := func(name string) string { return filepath.Join(dir, "results", name) }
	// Shard 2, stopped by SIGTERM as soon as its files are made (sim
	// handles the signal from before that).
	cmd := exec.Command(bin, shard(2)...)
	cmd.Dir = dir
	var errb bytes.Buffer
	cmd.Stderr = &errb
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	waitFor(t, "the CSV's temporary file", func() bool {
		_, err := os.Stat(at("p2.csv.partial"))
		return err == nil
	})
	cmd.Process.Signal(syscall.SIGTERM)
	cmd.Wait()
	if code := cmd.ProcessState.ExitCode(); code != 143 {
		t.Fatalf("SIGTERM: exit %d, want 143 \n%s", code, errb.String())
	}
	for _, want := range []string{"interrupted by SIGTERM", "wrote results/p2.json, marked partial", "running this same command again replaces it", "are in results/p2.csv.partial", "is in results/p2.html.partial"} {
		if !strings.Contains(errb.String(), want) {
			t.Errorf("SIGTERM: stderr lacks %q:\n%s", want, errb.String())
		}
	}
	for _, name := range []string{"p2.csv", "p2.html"} {
		if _, err := os.Stat(at(name)); err == nil {
			t.Errorf("%s written by a stopped run", name)
		}
	}
	if b, _ := os.ReadFile(at("p2.json")); !bytes.Contains(b, []byte(`"partial": true`)) {
		t.Fatalf("p2.json is not a partial result:\n%.300s", b)
	}
	// Another shard's command, or another study's, may not replace it.
	other := shard(1)
	other[len(other)-5] = "results/p2.json"
	if code, errs := run(other...); code != 2 || !strings.Contains(errs, "results/p2.json exists and is the result of shard 2/4, not of shard 1/4") {
		t.Errorf("shard 1 onto shard 2's file: exit %d, %s", code, errs)
	}
	long := append(shard(2), "--campaign", "long")
	if code, errs := run(long...); code != 2 || !strings.Contains(errs, "results/p2.json exists and is a result of another study: its options is") {
		t.Errorf("another study onto shard 2's file: exit %d, %s", code, errs)
	}
	// The retry of the same command replaces it.
	if code, errs := run(shard(2)...); code != 0 || !strings.Contains(errs, "wrote results/p2.json (the result file, 100 games, replacing the partial result of an earlier run of it)") {
		t.Fatalf("retry: exit %d, %s", code, errs)
	}
	// Once complete, it is never replaced without --force.
	if code, errs := run(shard(2)...); code != 2 || !strings.Contains(errs, "results/p2.json exists and holds the complete result (100 games) of shard 2/4") {
		t.Errorf("a third run onto the complete file: exit %d, %s", code, errs)
	}
	for _, i := range []int{0, 1, 3} {
		if code, errs := run(shard(i)...); code != 0 {
			t.Fatalf("shard %d: exit %d, %s", i, code, errs)
		}
	}
	if code, errs := run("sim", "--campaign", "short", "--seed", "1", "--runs", strconv.Itoa(runs), "--out", "whole.json"); code != 0 {
		t.Fatalf("whole: exit %d, %s", code, errs)
	}
	if code, errs := run("sim", "merge", "--out", "merged.json", "results/p0.json", "results/p1.json", "results/p2.json", "results/p3.json"); code != 0 {
		t.Fatalf("merge: exit %d, %s", code, errs)
	}
	got, _ := os.ReadFile(filepath.Join(dir, "merged.json"))
	want, _ := os.ReadFile(filepath.Join(dir, "whole.json"))
	if !bytes.Equal(got, want) || len(want) == 0 {
		t.Errorf("4 shards merged after a retry differ from one run:\n%.400s\nwant\n%.400s", got, want)
	}
	// No temporary file is left by the runs that finished.
	left, _ := filepath.Glob(at("*.partial"))
	if len(left) != 0 {
		t.Errorf("temporary files left: %v", left)
	}
}
