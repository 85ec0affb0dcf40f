package main

import (
	"bytes"
	"os"
	"os/exec"
	"strings"
	"testing"
	"time"
)

// The man page is generated from the command table and the commands' own
// flags: it is current, and it names every command and flag.
func TestManPage(t *testing.T) {
	var b bytes.Buffer
	writeMan(&b)
	const path = "../../docs/schnell.1"
	if *update {
		if err := os.WriteFile(path, b.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	got, err := os.ReadFile(path)
	if err != nil || !bytes.Equal(got, b.Bytes()) {
		t.Fatalf("docs/schnell.1 is stale: go test ./cmd/schnell -run ManPage -update")
	}
	for _, want := range []string{"schnell sim", "\\-\\-runs", "\\-\\-campaign", "\\-\\-verify", "schnell completion"} {
		if !strings.Contains(b.String(), want) {
			t.Errorf("the man page lacks %q", want)
		}
	}
	if man, err := exec.LookPath("man"); err == nil {
		out, err := exec.Command(man, "-l", path).CombinedOutput()
		if err != nil || strings.Contains(string(out), "warning") {
			t.Errorf("man -l %s: %v\n%s", path, err, out)
		}
	}
}

// `schnell -h` lists the commands; `help CMD` and `CMD -h` print the
// command's flags to stdout and exit 0; a typo gets a suggestion.
func TestCommandLineHelp(t *testing.T) {
	code, out, _ := runWith(t, "", "-h")
	for _, c := range commands {
		if !strings.Contains(out, "  "+c.name) {
			t.Errorf("schnell -h does not list %s:\n%s", c.name, out)
		}
	}
	if code != 0 {
		t.Errorf("schnell -h: exit %d", code)
	}
	for _, args := range [][]string{{"help", "sim"}, {"sim", "-h"}, {"help", "report"}, {"report", "--help"}, {"sheet", "-h"}} {
		code, out, errs := runWith(t, "", args...)
		if code != 0 || !strings.Contains(out, "usage: schnell") || errs != "" {
			t.Errorf("%v: exit %d, stdout %q, stderr %q", args, code, out, errs)
		}
	}
	if code, out, _ := runWith(t, "", "help", "sim"); code != 0 || !strings.Contains(out, "-runs") {
		t.Errorf("help sim lacks --runs: %s", out)
	}
	if code, _, errs := runWith(t, "", "smi"); code != 2 || !strings.Contains(errs, "did you mean sim?") {
		t.Errorf("smi: exit %d, %q", code, errs)
	}
	for _, args := range [][]string{{"--version"}, {"version"}} {
		if code, out, _ := runWith(t, "", args...); code != 0 || !strings.HasPrefix(out, "schnell ") || !strings.Contains(out, "go1.") {
			t.Errorf("%v: exit %d, %q", args, code, out)
		}
	}
}

// The completion scripts, and the candidates they ask schnell for.
func TestCompletion(t *testing.T) {
	for _, sh := range []string{"bash", "zsh", "fish"} {
		code, out, _ := runWith(t, "", "completion", sh)
		if code != 0 || !strings.Contains(out, "schnell __complete") {
			t.Errorf("completion %s: exit %d\n%s", sh, code, out)
		}
	}
	if code, _, _ := runWith(t, "", "completion", "tcsh"); code != 2 {
		t.Errorf("completion tcsh: exit %d, want 2", code)
	}
	cases := []struct {
		words []string
		want  string
	}{
		{[]string{"si"}, "sim"},
		{[]string{"sim", "--ru"}, "--runs"},
		{[]string{"sim", "--campaign", "lo"}, "long"},
		{[]string{"auto", "--game", ""}, "schnellboats"},
		{[]string{"--dice", "ph"}, "physical"},
		{[]string{"completion", "b"}, "bash"},
		{[]string{"help", "re"}, "replay"},
	}
	for _, c := range cases {
		_, out, _ := runWith(t, "", append([]string{"__complete"}, c.words...)...)
		if !strings.Contains(out, c.want+"\n") {
			t.Errorf("complete %q = %q, want %s", c.words, out, c.want)
		}
	}
	// Saved games complete after --load.
	dir := t.TempDir()
	t.Setenv("XDG_DATA_HOME", dir)
	os.MkdirAll(dir+"/schnell/campaigns", 0o755)
	os.WriteFile(dir+"/schnell/campaigns/first.jsonl", []byte("{}\n"), 0o644)
	var out bytes.Buffer
	runComplete([]string{"--load", "fi"}, &out)
	if !strings.Contains(out.String(), "first\n") {
		t.Errorf("complete --load fi = %q, want first", out.String())
	}
}

// Ctrl-C in sim stops the workers, prints the report of the games
// finished and exits 130.
func TestSimInterrupted(t *testing.T) {
	if testing.Short() {
		t.Skip("short")
	}
	dir := t.TempDir()
	bin := binary(t)
	logs := dir + "/logs"
	cmd := exec.Command(bin, "sim", "--runs", "100000000", "--jobs", "1", "--logs", logs)
	var out, errb bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errb
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	// Wait until it plays (its first logs are written, so its Ctrl-C
	// handler is in place), then interrupt it.
	for i := 0; i < 600; i++ {
		if names, _ := os.ReadDir(logs); len(names) > 1 {
			break
		}
		time.Sleep(50 * time.Millisecond)
	}
	cmd.Process.Signal(os.Interrupt)
	err := cmd.Wait()
	if code := cmd.ProcessState.ExitCode(); code != 130 {
		t.Fatalf("exit %d (%v), want 130\n%s%s", code, err, out.String(), errb.String())
	}
	if !strings.Contains(out.String(), "games of schnellboats") || !strings.Contains(errb.String(), "interrupted") {
		t.Errorf("no partial report:\n%s%s", out.String(), errb.String())
	}
}

// Every registered game's `help` fits an 80-column terminal.
func TestEveryGameHelpFits80Columns(t *testing.T) {
	for _, name := range registry.Names() {
		code, out, errs := runWith(t, "help\n", "--game", name)
		if code != 0 {
			t.Fatalf("%s: exit %d %s", name, code, errs)
		}
		for _, l := range strings.Split(out, "\n") {
			if n := len([]rune(l)); n > 80 {
				t.Errorf("%s: a help line of %d columns: %q", name, n, l)
			}
		}
	}
}
