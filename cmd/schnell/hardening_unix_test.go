//go:build unix

package main

import (
	"bytes"
	"os"
	"os/exec"
	"os/signal"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/schnell-wargames/schnell/engine"
	"github.com/schnell-wargames/schnell/gamelog"
	"github.com/schnell-wargames/schnell/repl"
	"github.com/schnell-wargames/schnell/schnellboats"
)

// Odd files named *.jsonl in the data directory — a FIFO, links to
// /dev/zero and /dev/urandom, a huge file — neither hang nor kill start-up
// and `campaigns`; --load of such a file is refused.
func TestOddFilesInDataDir(t *testing.T) {
	data := t.TempDir()
	if err := syscall.Mkfifo(filepath.Join(data, "fifo.jsonl"), 0o644); err != nil {
		t.Fatal(err)
	}
	os.Symlink("/dev/zero", filepath.Join(data, "zero.jsonl"))
	os.Symlink("/dev/urandom", filepath.Join(data, "random.jsonl"))
	os.WriteFile(filepath.Join(data, "junk.jsonl"), bytes.Repeat([]byte("x"), 3<<20), 0o644)
	done := make(chan struct{})
	var code int
	var out, errs string
	go func() {
		code, out, errs = runWith(t, "campaigns\nquit\n", "--data", data)
		close(done)
	}()
	select {
	case <-done:
	case <-time.After(20 * time.Second):
		t.Fatal("start-up or campaigns hangs on odd files in the data directory")
	}
	if code != 0 {
		t.Fatalf("exit %d\n%s%s", code, out, errs)
	}
	for _, want := range []string{"a FIFO", "a device", "junk"} {
		if !strings.Contains(out, want) {
			t.Errorf("campaigns lacks %q:\n%s", want, out)
		}
	}
	for _, f := range []string{"/dev/zero", filepath.Join(data, "fifo.jsonl"), filepath.Join(data, "random.jsonl")} {
		code, _, errs := runWith(t, "", "--load", f)
		if code == 0 || !strings.Contains(errs, "not a regular file") {
			t.Errorf("--load %s: exit %d, %s", f, code, errs)
		}
		code, _, errs = runWith(t, "", "replay", "--verify", f)
		if code == 0 || !strings.Contains(errs, "not a regular file") {
			t.Errorf("replay %s: exit %d, %s", f, code, errs)
		}
	}
}

// Ctrl-C during `step campaign` at the prompt stops it at the next pause.
func TestCtrlCStopsStep(t *testing.T) {
	// Our own handler first: the SIGINT below never kills the test.
	ch := make(chan os.Signal, 1)
	signal.Notify(ch, os.Interrupt)
	defer signal.Stop(ch)
	def, err := schnellboats.Definition()
	if err != nil {
		t.Fatal(err)
	}
	var out bytes.Buffer
	s, err := repl.New(repl.Config{Def: def, Game: engine.Config{Seed: 5, Options: []gamelog.Option{{Name: "campaign", Value: "long"}}},
		LogDir: t.TempDir(), Out: &out, Err: &out, Interactive: true})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	if err := s.Exec("auto on"); err != nil {
		t.Fatal(err)
	}
	sent := false
	s.Game().Observe(func(e *gamelog.Event) {
		if e.Seq == 200 && !sent {
			sent = true
			syscall.Kill(os.Getpid(), syscall.SIGINT)
			// The rules wait here until the signal has reached the
			// session (a condition, not a time: the machine may be busy).
			waitFor(t, "the Ctrl-C to reach the game", s.Game().Interrupted)
		}
	})
	if err := s.Exec("step campaign"); err != nil {
		t.Fatal(err)
	}
	g := s.Game()
	if g.Over() || g.Pending() == nil || g.Pending().Pause == "" {
		t.Fatalf("step campaign went on after Ctrl-C: over %v, pending %+v", g.Over(), g.Pending())
	}
	if g.Seq() > 400 {
		t.Errorf("stopped at event %d, long after the Ctrl-C at 200", g.Seq())
	}
	// It plays on from there.
	if err := s.Exec("step campaign"); err != nil {
		t.Fatal(err)
	}
	if !g.Over() {
		t.Error("step campaign after the stop did not finish the campaign")
	}
}

// A FIFO or an oversized file among the overlay tables is refused, naming
// it by its path, and never waited on (issue 27, item 4).
func TestOverlayOddFiles(t *testing.T) {
	for _, c := range []struct {
		name string
		make func(path string) error
		want string
	}{
		{"fifo", func(p string) error { return syscall.Mkfifo(p, 0o644) }, "a.tbl: not a regular file (a FIFO)"},
		{"huge", func(p string) error { return os.WriteFile(p, bytes.Repeat([]byte("#\n"), 1<<20), 0o644) }, "a.tbl: 2 MiB: a table file is at most 1 MiB"},
		{"device", func(p string) error { return os.Symlink("/dev/zero", p) }, "a.tbl: not a regular file (a device)"},
		{"long line", func(p string) error { return os.WriteFile(p, bytes.Repeat([]byte("x"), 100<<10), 0o644) }, "a.tbl:1: a line longer than 64 KiB: a table file holds short lines"},
	} {
		t.Run(c.name, func(t *testing.T) {
			dir := t.TempDir()
			os.Mkdir(filepath.Join(dir, "s100"), 0o755)
			file := filepath.Join(dir, "s100", "a.tbl")
			if err := c.make(file); err != nil {
				t.Fatal(err)
			}
			cmd := schnellCmd(t, "auto", "--tables", dir)
			var errb bytes.Buffer
			cmd.Stderr = &errb
			if err := cmd.Start(); err != nil {
				t.Fatal(err)
			}
			done := make(chan error, 1)
			go func() { done <- cmd.Wait() }()
			select {
			case <-done:
			case <-time.After(30 * time.Second): // a guard against a hang, not a timing
				cmd.Process.Kill()
				t.Fatal("schnell auto --tables waits on the file")
			}
			if cmd.ProcessState.ExitCode() != 2 || !strings.Contains(errb.String(), file+":") || !strings.Contains(errb.String(), c.want) {
				t.Errorf("exit %d, %s; want exit 2 and %q naming %s", cmd.ProcessState.ExitCode(), errb.String(), c.want, file)
			}
		})
	}
}

// Ctrl-C at a piped `step campaign` with a script in command stops it at
// the next pause, as at a terminal, and ends the command file (exit 130)
// with the game saved; also when the shell started schnell with SIGINT
// ignored (a job started with & by a script) (issue 27, item 8).
func TestCtrlCStopsPipedStep(t *testing.T) {
	if testing.Short() {
		t.Skip("short")
	}
	bin := binary(t)
	for _, ignored := range []bool{false, true} {
		t.Run(map[bool]string{false: "default", true: "ignored"}[ignored], func(t *testing.T) {
			dir := t.TempDir()
			script := filepath.Join(dir, "slow.lua")
			// A slow Kommandant: the campaign lasts long after the signal.
			os.WriteFile(script, []byte("function decide(d)\n  local x = 0\n  for i = 1, 2000000 do x = x + i end\n  return d.default\nend\n"), 0o644)
			in := filepath.Join(dir, "in")
			os.WriteFile(in, []byte("script "+script+"\nstep campaign\nstatus\n"), 0o644)
			log := filepath.Join(dir, "g.jsonl")
			shell := "exec \"$0\" \"$@\" <" + in
			if ignored {
				shell = "trap '' INT; " + shell
			}
			cmd := exec.Command("sh", "-c", shell, bin, "--campaign", "long", "--seed", "3", "--log", log)
			cmd.Env = append(os.Environ(), "XDG_STATE_HOME="+dir, "XDG_DATA_HOME="+dir)
			var out, errb bytes.Buffer
			cmd.Stdout, cmd.Stderr = &out, &errb
			if err := cmd.Start(); err != nil {
				t.Fatal(err)
			}
			// Some decisions made by the script: the log holds them.
			waitFor(t, "the script's decisions", func() bool {
				b, _ := os.ReadFile(log)
				return bytes.Count(b, []byte(`"by":"script"`)) >= 3
			})
			cmd.Process.Signal(os.Interrupt)
			done := make(chan struct{})
			go func() { cmd.Wait(); close(done) }()
			select {
			case <-done:
			case <-time.After(2 * time.Minute): // a guard, not a timing
				cmd.Process.Kill()
				t.Fatal("the campaign went on after Ctrl-C")
			}
			if code := cmd.ProcessState.ExitCode(); code != 130 {
				t.Fatalf("exit %d, want 130\n%s", code, errb.String())
			}
			if want := "schnell: line 2: step campaign: interrupted (Ctrl-C); the game is saved in"; !strings.Contains(unwrap(errb.String()), want) {
				t.Errorf("stderr lacks %q:\n%s", want, errb.String())
			}
			if strings.Contains(out.String(), "The game is over") || strings.Contains(out.String(), "Final rating") {
				t.Error("the campaign played to its end")
			}
			if code, _, errs := runWith(t, "", "replay", "--verify", log); code != 0 {
				t.Errorf("the saved game does not verify: %s", errs)
			}
		})
	}
}
