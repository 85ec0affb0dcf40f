package main

import (
	"bytes"
	"compress/gzip"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"
)

// Four shards of a study merged are, byte for byte, the result file of one
// run of the same seeds; merge names a part that does not belong.
func TestSimShardsMerge(t *testing.T) {
	dir := t.TempDir()
	study := []string{"sim", "--campaign", "short", "--seed", "7", "--runs", "50"}
	whole := filepath.Join(dir, "whole.json")
	if code, _, errs := runWith(t, "", append(study, "--out", whole, "--jobs", "2")...); code != 0 {
		t.Fatalf("whole: exit %d: %s", code, errs)
	}
	var parts []string
	for i := range 4 {
		p := filepath.Join(dir, "part-"+strconv.Itoa(i)+".json")
		if code, _, errs := runWith(t, "", append(study, "--shard", strconv.Itoa(i)+"/4", "--out", p, "--jobs", strconv.Itoa(1+i%2))...); code != 0 {
			t.Fatalf("shard %d: exit %d: %s", i, code, errs)
		}
		parts = append(parts, p)
	}
	merged := filepath.Join(dir, "merged.json")
	// Out of order: merge sorts the parts by seed.
	args := append([]string{"sim", "merge", "--out", merged}, parts[2], parts[0], parts[3], parts[1])
	if code, out, errs := runWith(t, "", args...); code != 0 || !strings.Contains(out, "50 games, seeds 7..56") {
		t.Fatalf("merge: exit %d: %s%s", code, out, errs)
	}
	got, _ := os.ReadFile(merged)
	want, _ := os.ReadFile(whole)
	if !bytes.Equal(got, want) {
		t.Errorf("4 shards merged differ from one run:\n%s\nwant\n%s", got, want)
	}
	// --json prints the result file --out writes.
	if code, out, _ := runWith(t, "", append(study, "--json")...); code != 0 || out != string(want) {
		t.Errorf("--json differs from --out:\n%s", out)
	}
	// A part of another study (Long campaigns), and a shard missing.
	long := filepath.Join(dir, "long.json")
	if code, _, errs := runWith(t, "", "sim", "--campaign", "long", "--seed", "7", "--runs", "50", "--shard", "1/4", "--out", long); code != 0 {
		t.Fatal(errs)
	}
	for _, c := range []struct {
		name  string
		parts []string
		want  string
	}{
		{"another study", []string{parts[0], long, parts[2], parts[3]}, long + ` does not belong with ` + parts[0] + `: its options is [{"name":"campaign","value":"long"}`},
		{"missing", []string{parts[0], parts[2], parts[3]}, "seeds 19..31 of the study 7..56 are in no part"},
		{"twice", []string{parts[0], parts[1], parts[1], parts[2], parts[3]}, "both hold seeds 19..31"},
		{"not a result", []string{parts[0], "../../logs/" + firstLog(t)}, "not a result file of schnell sim"},
	} {
		t.Run(c.name, func(t *testing.T) {
			code, _, errs := runWith(t, "", append([]string{"sim", "merge"}, c.parts...)...)
			if code != 1 || !strings.Contains(errs, c.want) {
				t.Errorf("merge: exit %d, %q, want %q", code, errs, c.want)
			}
		})
	}
}

func firstLog(t *testing.T) string {
	t.Helper()
	names, _ := filepath.Glob("../../logs/*.jsonl")
	if len(names) == 0 {
		t.Skip("no example logs")
	}
	return filepath.Base(names[0])
}

func TestParseShard(t *testing.T) {
	env := func(kv ...string) func(string) string {
		return func(k string) string {
			for i := 0; i < len(kv); i += 2 {
				if kv[i] == k {
					return kv[i+1]
				}
			}
			return ""
		}
	}
	for _, c := range []struct {
		name, arg string
		env       func(string) string
		want      int
		err       string
	}{
		{"index", "2/4", env(), 2, ""},
		{"kubernetes", "env/4", env("JOB_COMPLETION_INDEX", "3"), 3, ""},
		{"slurm", "env/4", env("SLURM_ARRAY_TASK_ID", "7", "SLURM_ARRAY_TASK_MIN", "5"), 2, ""},
		{"parallel", "env/4", env("PARALLEL_SEQ", "1"), 0, ""},
		{"none", "env/4", env(), 0, "none of JOB_COMPLETION_INDEX, SLURM_ARRAY_TASK_ID, PARALLEL_SEQ is set"},
		{"too big", "env/4", env("PARALLEL_SEQ", "5"), 0, "PARALLEL_SEQ=5 (GNU parallel) makes shard 4, not one of 0..3"},
		{"slurm stepped", "env/4", env("SLURM_ARRAY_TASK_ID", "6", "SLURM_ARRAY_TASK_MIN", "0", "SLURM_ARRAY_TASK_STEP", "2"), 3, ""},
		{"slurm stepped from 1", "env/4", env("SLURM_ARRAY_TASK_ID", "4", "SLURM_ARRAY_TASK_MIN", "1", "SLURM_ARRAY_TASK_STEP", "3"), 1, ""},
		{"slurm step 1", "env/4", env("SLURM_ARRAY_TASK_ID", "3", "SLURM_ARRAY_TASK_MIN", "1", "SLURM_ARRAY_TASK_STEP", "1"), 2, ""},
		{"slurm off its step", "env/4", env("SLURM_ARRAY_TASK_ID", "3", "SLURM_ARRAY_TASK_MIN", "0", "SLURM_ARRAY_TASK_STEP", "2"), 0, "is not on the array's step of 2"},
		{"slurm stepped too far", "env/4", env("SLURM_ARRAY_TASK_ID", "8", "SLURM_ARRAY_TASK_MIN", "0", "SLURM_ARRAY_TASK_STEP", "2"), 0, "makes shard 4, not one of 0..3"},
		{"slurm without min", "env/4", env("SLURM_ARRAY_TASK_ID", "1"), 0, `SLURM_ARRAY_TASK_MIN=""`},
		{"not a number", "x/4", env(), 0, "I runs from 0 to 3"},
		{"index past", "4/4", env(), 0, "I runs from 0 to 3"},
		{"no count", "1/0", env(), 0, "N is the number of shards"},
		{"no slash", "3", env(), 0, "give I/N"},
	} {
		t.Run(c.name, func(t *testing.T) {
			got, err := parseShard(c.arg, c.env)
			if c.err != "" {
				if err == nil || !strings.Contains(err.Error(), c.err) {
					t.Errorf("parseShard(%q) = %v, %v; want error %q", c.arg, got, err, c.err)
				}
				return
			}
			if err != nil || got.Index != c.want || got.Count != 4 {
				t.Errorf("parseShard(%q) = %v, %v; want %d/4", c.arg, got, err, c.want)
			}
		})
	}
}

// The command lines of docs/scale-out.md, run as written in an empty
// directory with the environment each job engine sets (srun and parallel
// by stand-ins), make parts whose merge is one run of the study.
func TestScaleOutDoc(t *testing.T) {
	if testing.Short() {
		t.Skip("short")
	}
	doc, err := os.ReadFile("../../docs/scale-out.md")
	if err != nil {
		t.Fatal(err)
	}
	bin := binary(t)
	pathDir := t.TempDir()
	if err := os.Symlink(bin, filepath.Join(pathDir, "schnell")); err != nil {
		t.Fatal(err)
	}
	// srun OPTIONS… CMD…: runs CMD (the task's environment is given).
	os.WriteFile(filepath.Join(pathDir, "srun"), []byte("#!/bin/sh\nwhile [ \"${1#-}\" != \"$1\" ]; do shift; done\nexec \"$@\"\n"), 0o755)
	// parallel -N0 CMD…: runs CMD once per line of input, one after the
	// other, {#} and PARALLEL_SEQ the line's number (as GNU parallel does).
	os.WriteFile(filepath.Join(pathDir, "parallel"), []byte(`#!/bin/sh
[ "$1" = "-N0" ] || { echo "parallel stand-in: only -N0" >&2; exit 2; }
shift
n=0
status=0
while read -r _; do
  n=$((n+1))
  (
    export PARALLEL_SEQ=$n
    count=$#
    for a do set -- "$@" "$(printf '%s' "$a" | sed "s/{#}/$n/g")"; done
    shift $count
    "$@" </dev/null
  ) || status=1
done
exit $status
`), 0o755)
	block := func(re string) string {
		t.Helper()
		m := regexp.MustCompile(re).FindStringSubmatch(string(doc))
		if m == nil {
			t.Fatalf("docs/scale-out.md has nothing matching %s", re)
		}
		return m[1]
	}
	k8s := block(`"-c", "(mkdir -p /results && exec schnell sim [^"]*JOB_COMPLETION_INDEX[^"]*)"`)
	slurm := block("(?s)## Slurm.*?```sh\n(.*?)```")
	parallel := block("(?s)## GNU parallel.*?```sh\n(.*?)```")
	merge := block("(?s)## Merging.*?```sh\n(.*?)```")
	study := block(`(?m)(--campaign short --seed 1 --runs 40)`)
	if !regexp.MustCompile(`(?m)^srun --cpus-per-task=\S+ schnell sim`).MatchString(slurm) {
		t.Errorf("the srun line does not give --cpus-per-task:\n%s", slurm)
	}
	if !strings.Contains(string(doc), `accessModes: ["ReadWriteMany"]`) {
		t.Error("the Kubernetes volume is not ReadWriteMany")
	}

	sh := func(dir, script string, env ...string) {
		t.Helper()
		cmd := exec.Command("sh", "-c", script)
		cmd.Dir = dir
		cmd.Env = append(os.Environ(), append([]string{"PATH=" + pathDir + ":" + os.Getenv("PATH"), "XDG_STATE_HOME=" + dir, "XDG_DATA_HOME=" + dir}, env...)...)
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("%s (%v): %v\n%s", script, env, err, out)
		}
	}
	ref := t.TempDir()
	sh(ref, "schnell sim "+study+" --out whole.json")
	want, _ := os.ReadFile(filepath.Join(ref, "whole.json"))
	slurmEnv := func(id, lo, step int) []string {
		return []string{"SLURM_ARRAY_TASK_ID=" + strconv.Itoa(id), "SLURM_ARRAY_TASK_MIN=" + strconv.Itoa(lo), "SLURM_ARRAY_TASK_STEP=" + strconv.Itoa(step), "SLURM_CPUS_PER_TASK=2"}
	}
	for _, c := range []struct {
		engine, script string
		tasks          int
		env            func(task int) []string
	}{
		// The pod's volume is mounted at /results; here, results in the
		// test's directory.
		{"kubernetes", strings.ReplaceAll(k8s, "/results", "results"), 4, func(i int) []string {
			return []string{"JOB_COMPLETION_INDEX=" + strconv.Itoa(i)}
		}},
		// --array=1-4: IDs from 1.
		{"slurm", slurm, 4, func(i int) []string { return slurmEnv(i+1, 1, 1) }},
		// --array=0-6:2: IDs 0, 2, 4, 6.
		{"slurm stepped", slurm, 4, func(i int) []string { return slurmEnv(2*i, 0, 2) }},
		{"parallel", parallel, 1, func(int) []string { return nil }},
	} {
		t.Run(c.engine, func(t *testing.T) {
			dir := t.TempDir() // empty: the commands make results/
			for i := range c.tasks {
				sh(dir, c.script, c.env(i)...)
			}
			sh(dir, merge)
			got, err := os.ReadFile(filepath.Join(dir, "study.json"))
			if err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(got, want) {
				t.Errorf("the %s parts merged differ from one run:\n%s\nwant\n%s", c.engine, got, want)
			}
		})
	}
}

// Ctrl-C writes a result file marked partial; merge names it and refuses
// it, and takes it with --partial. The CSV of the games finished stays
// under its temporary name (rows.csv.partial): rows.csv is a whole run's.
func TestSimInterruptedPartial(t *testing.T) {
	if testing.Short() {
		t.Skip("short")
	}
	dir := t.TempDir()
	bin := binary(t)
	out := filepath.Join(dir, "part.json")
	csv := filepath.Join(dir, "rows.csv")
	cmd := exec.Command(bin, "sim", "--runs", "100000000", "--shard", "0/2", "--jobs", "2", "--out", out, "--csv", csv)
	var errb bytes.Buffer
	cmd.Stderr = &errb
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	// The CSV rows are written as the games finish: wait for some.
	waitFor(t, "CSV rows", func() bool {
		fi, err := os.Stat(csv + ".partial")
		return err == nil && fi.Size() > 8192
	})
	cmd.Process.Signal(os.Interrupt)
	cmd.Wait()
	if code := cmd.ProcessState.ExitCode(); code != 130 {
		t.Fatalf("exit %d, want 130: %s", code, errb.String())
	}
	code, _, errs := runWith(t, "", "sim", "merge", out)
	if code != 1 || !strings.Contains(errs, out+" is partial") {
		t.Errorf("merge of a partial part: exit %d, %q", code, errs)
	}
	code, merged, errs := runWith(t, "", "sim", "merge", "--partial", out)
	if code != 0 || !strings.Contains(merged, `"partial": true`) {
		t.Fatalf("merge --partial: exit %d: %s", code, errs)
	}
	// The seeds it lists are those of the rows of the CSV.
	if _, err := os.Stat(csv); err == nil {
		t.Errorf("%s was written by an interrupted run", csv)
	}
	if !strings.Contains(errb.String(), "the CSV rows of the") || !strings.Contains(errb.String(), "are in "+csv+".partial") {
		t.Errorf("stderr does not name the partial CSV:\n%s", errb.String())
	}
	rows, _ := os.ReadFile(csv + ".partial")
	n := strings.Count(string(rows), "\n") - 1
	if !strings.Contains(merged, `"runs": `+strconv.Itoa(n)+",") {
		t.Errorf("%d rows in the CSV, but the result file says:\n%.600s", n, merged)
	}
}

// sim --logs DIR --compress writes gzip logs that replay, sheet, report,
// lua and --load read; --load goes on in a plain log beside it.
func TestSimCompressedLogs(t *testing.T) {
	dir := t.TempDir()
	logs := filepath.Join(dir, "logs")
	if code, _, errs := runWith(t, "", "sim", "--campaign", "short", "--runs", "3", "--seed", "4", "--logs", logs, "--compress"); code != 0 {
		t.Fatal(errs)
	}
	gz := filepath.Join(logs, "seed-5.jsonl.gz")
	f, err := os.Open(gz)
	if err != nil {
		t.Fatal(err)
	}
	zr, err := gzip.NewReader(f)
	if err != nil {
		t.Fatalf("%s is not gzip: %v", gz, err)
	}
	plain, _ := io.ReadAll(zr)
	f.Close()
	// The same log as without --compress.
	if code, _, errs := runWith(t, "", "sim", "--campaign", "short", "--runs", "1", "--seed", "5", "--logs", dir); code != 0 {
		t.Fatal(errs)
	}
	if want, _ := os.ReadFile(filepath.Join(dir, "seed-5.jsonl")); !bytes.Equal(plain, want) {
		t.Fatalf("the compressed log decompresses to %d bytes, the plain log has %d", len(plain), len(want))
	}
	script := filepath.Join(dir, "count.lua")
	os.WriteFile(script, []byte("local n = 0\nfor e in log.events(arg[1]) do n = n + 1 end\nprint('events', n)\n"), 0o644)
	for _, args := range [][]string{{"replay", "--verify", gz}, {"sheet", gz}, {"report", gz}, {"lua", script, gz}} {
		if code, out, errs := runWith(t, "", args...); code != 0 || out == "" {
			t.Errorf("%v: exit %d: %s", args, code, errs)
		}
	}
	code, out, errs := runWith(t, "status\n", "--load", gz)
	if code != 0 || !strings.Contains(unwrap(out), "play goes on in "+strings.TrimSuffix(gz, ".gz")) {
		t.Fatalf("--load: exit %d\n%s%s", code, out, errs)
	}
	if got, _ := os.ReadFile(strings.TrimSuffix(gz, ".gz")); !bytes.Equal(got, plain) {
		t.Errorf("the plain log --load goes on in is not the game's log")
	}
	// A second --load refuses to write over the plain log.
	if code, _, errs := runWith(t, "", "--load", gz); code == 0 || !strings.Contains(errs, "which exists") {
		t.Errorf("second --load: exit %d, %s", code, errs)
	}
}

func waitABit() { time.Sleep(50 * time.Millisecond) }

// sim --help shows every flag, and sim merge --help its own.
func TestSimHelpFlags(t *testing.T) {
	code, out, _ := runWith(t, "", "sim", "--help")
	for _, f := range []string{"-seed", "-runs", "-jobs", "-script", "-deadline", "-memory", "-json", "-out", "-csv", "-logs", "-compress", "-shard", "-html", "-force", "-campaign", "schnell sim merge"} {
		if code != 0 || !strings.Contains(out, f) {
			t.Errorf("sim --help lacks %s", f)
		}
	}
	code, out, _ = runWith(t, "", "sim", "merge", "--help")
	for _, f := range []string{"-out", "-partial", "-force", "PART"} {
		if code != 0 || !strings.Contains(out, f) {
			t.Errorf("sim merge --help lacks %s", f)
		}
	}
	if code, _, errs := runWith(t, "", "sim", "--compress"); code != 2 || !strings.Contains(errs, "give --logs too") {
		t.Errorf("--compress without --logs: exit %d, %s", code, errs)
	}
	if code, _, errs := runWith(t, "", "sim", "merge"); code != 2 || !strings.Contains(errs, "name the result files") {
		t.Errorf("merge without parts: exit %d, %s", code, errs)
	}
}
