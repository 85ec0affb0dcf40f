package main

import (
	"bytes"
	"fmt"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/schnell-wargames/schnell/engine"
	"github.com/schnell-wargames/schnell/gamelog"
	"github.com/schnell-wargames/schnell/schnellboats"
)

// schnellCmd is `schnell ARGS…` in a process of its own.
func schnellCmd(t *testing.T, args ...string) *exec.Cmd {
	t.Helper()
	cmd := exec.Command(binary(t), args...)
	dir := t.TempDir()
	cmd.Env = append(os.Environ(), "XDG_STATE_HOME="+dir, "XDG_DATA_HOME="+dir)
	return cmd
}

// waitFor polls until ok, or fails the test after a minute (a guard
// against a hang, long enough for a loaded machine: not a timing).
func waitFor(t *testing.T, what string, ok func() bool) {
	t.Helper()
	for end := time.Now().Add(time.Minute); !ok(); {
		if time.Now().After(end) {
			t.Fatalf("timed out waiting for %s", what)
		}
		time.Sleep(5 * time.Millisecond)
	}
}

// Two processes on one game: the second is told the game is in use by the
// first, by its process id, and the first's log stays whole. Once the
// first ends — even killed — the game is free again.
func TestTwoProcessesOneGame(t *testing.T) {
	data := t.TempDir()
	log := filepath.Join(data, "g.jsonl")
	for _, kill := range []bool{false, true} {
		os.Remove(log)
		first := schnellCmd(t, "--data", data)
		stdin, err := first.StdinPipe()
		if err != nil {
			t.Fatal(err)
		}
		var out1 bytes.Buffer
		first.Stdout, first.Stderr = &out1, &out1
		if err := first.Start(); err != nil {
			t.Fatal(err)
		}
		fmt.Fprintln(stdin, "new name=g seed=3 campaign=short")
		fmt.Fprintln(stdin, "step")
		waitFor(t, "the first process's lock", func() bool {
			b, _ := os.ReadFile(gamelog.LockPath(log))
			return strings.TrimSpace(string(b)) == strconv.Itoa(first.Process.Pid)
		})
		// The first step's events are in the log (the prompt flushes it
		// when the game waits) before anything else: a condition, not a
		// time, for a loaded machine.
		waitFor(t, "the first step's events in the log", func() bool {
			lg, err := gamelog.ReadFile(log)
			return err == nil && len(lg.Events) > 0
		})
		inUse := fmt.Sprintf("in use by process %d", first.Process.Pid)
		for _, cmds := range []string{"load g\n", "new name=g\nstep\n", "step\nsave! " + log + "\n"} {
			code, out, errs := runWith(t, cmds, "--data", data)
			if code == 0 || !strings.Contains(unwrap(errs), inUse) && !strings.Contains(errs, "exists") {
				t.Errorf("%q while the first process plays g: exit %d, %s%s", cmds, code, out, errs)
			}
		}
		code, _, errs := runWith(t, "quit\n", "--data", data, "--load", log)
		if code == 0 || !strings.Contains(unwrap(errs), inUse) {
			t.Errorf("--load of a game in use: exit %d, %s", code, errs)
		}
		fmt.Fprintln(stdin, "step")
		if kill {
			first.Process.Kill()
		} else {
			fmt.Fprintln(stdin, "quit")
		}
		stdin.Close()
		first.Wait()
		lg, err := gamelog.ReadFile(log)
		if err != nil || len(lg.Events) == 0 {
			t.Fatalf("the first process's log: %v\n%s", err, out1.String())
		}
		code, out, errs := runWith(t, "load g\nstatus\nquit\n", "--data", data)
		if code != 0 {
			t.Errorf("load g after the first process ended (killed: %v): exit %d\n%s%s", kill, code, out, errs)
		}
	}
}

// docs/log-format.md: a kill at any moment loses at most the lines not yet
// handed to the file (gamelog.FlushBytes for `auto` and `step campaign`;
// the prompt also flushes whenever the game waits): what is left is a
// prefix of the whole log, at worst with a torn last line, that loads and
// replays. `auto` and the prompt are killed at random moments of their
// run (when their log reaches a random size).
func TestKillAnyMoment(t *testing.T) {
	dir := t.TempDir()
	def, err := schnellboats.Definition()
	if err != nil {
		t.Fatal(err)
	}
	full := filepath.Join(dir, "full.jsonl")
	if code, _, errs := runWith(t, "", "auto", "--campaign", "long", "--seed", "9", "--log", full); code != 0 {
		t.Fatal(errs)
	}
	whole, _ := os.ReadFile(full)
	rnd := rand.New(rand.NewPCG(uint64(time.Now().UnixNano()), 0))
	kills := 16
	if testing.Short() {
		kills = 4
	}
	partial := 0
	check := func(t *testing.T, path string) {
		t.Helper()
		b, err := os.ReadFile(path)
		if os.IsNotExist(err) || len(b) == 0 {
			return // killed before the log was made (an empty log is debris: `campaigns` skips it)
		}
		// The prompt's game (the same seed, the reference Kommandant)
		// makes the same log.
		if !bytes.HasPrefix(whole, b) {
			t.Fatalf("%s (%d bytes) is not a prefix of the whole log", path, len(b))
		}
		// A write of several pages can be cut by the kill (Linux stops
		// between pages): at worst the last line is torn, and reading
		// drops it with a warning.
		lg, err := gamelog.ReadFile(path)
		if err != nil {
			t.Fatalf("a killed process's log does not read: %v", err)
		}
		// A last line without its newline is dropped with a warning,
		// unless the kill fell just before the newline: then the line is
		// whole and kept.
		torn := b[len(b)-1] != '\n'
		kept := torn && len(lg.Lines) > 0 && bytes.HasSuffix(b, []byte(lg.Lines[len(lg.Lines)-1]))
		if torn != (lg.Warning != "") && !kept || !torn && lg.Warning != "" {
			t.Errorf("torn last line %v (kept whole %v), warning %q", torn, kept, lg.Warning)
		}
		if len(lg.Events) < bytes.Count(whole, []byte("\n"))-1 {
			partial++
		}
		g, err := engine.Replay(def, lg, 0, engine.Config{})
		if err != nil {
			t.Fatalf("a killed process's log does not replay: %v", err)
		}
		g.Close()
	}
	for i := range kills {
		t.Run(fmt.Sprintf("auto-%d", i), func(t *testing.T) {
			log := filepath.Join(dir, fmt.Sprintf("auto-%d.jsonl", i))
			cmd := schnellCmd(t, "auto", "--campaign", "long", "--seed", "9", "--log", log)
			if err := cmd.Start(); err != nil {
				t.Fatal(err)
			}
			killAt(cmd, log, rnd.Int64N(int64(len(whole))))
			check(t, log)
		})
	}
	for i := range kills / 2 {
		t.Run(fmt.Sprintf("prompt-%d", i), func(t *testing.T) {
			data := filepath.Join(dir, fmt.Sprintf("data-%d", i))
			cmd := schnellCmd(t, "--data", data)
			cmd.Stdin = strings.NewReader("new name=k seed=9 campaign=long\nauto on\n" + strings.Repeat("step mission\n", 60))
			if err := cmd.Start(); err != nil {
				t.Fatal(err)
			}
			log := filepath.Join(data, "k.jsonl")
			killAt(cmd, log, rnd.Int64N(int64(len(whole))))
			check(t, log)
			if b, _ := os.ReadFile(log); len(b) > 0 {
				code, out, errs := runWith(t, "load k\nstatus\n", "--data", data)
				if code != 0 {
					t.Errorf("load k after a kill: exit %d\n%s%s", code, out, errs)
				}
			}
		})
	}
	t.Logf("%d of %d logs cut short by the kill", partial, kills+kills/2)
	if partial == 0 {
		t.Error("no kill landed while a log was being written")
	}
}

// killAt kills cmd once its log holds size bytes or more (a random moment
// of its run), or when it ends.
func killAt(cmd *exec.Cmd, log string, size int64) {
	done := make(chan struct{})
	go func() { cmd.Wait(); close(done) }()
	for {
		select {
		case <-done:
			return
		default:
		}
		if fi, err := os.Stat(log); err == nil && fi.Size() >= size {
			cmd.Process.Kill()
			<-done
			return
		}
		time.Sleep(50 * time.Microsecond)
	}
}

// A sheet or a report is never written over a game's log (its save).
func TestSheetNotOverLog(t *testing.T) {
	dir := t.TempDir()
	log := filepath.Join(dir, "g.jsonl")
	if code, _, errs := runWith(t, "", "auto", "--seed", "2", "--log", log); code != 0 {
		t.Fatal(errs)
	}
	before, _ := os.ReadFile(log)
	for _, args := range [][]string{
		{"sheet", log, "-o", log},
		{"sheet", log, "--format", "html", "-o", log},
		{"aar", log, "-o", log},
	} {
		if code, _, errs := runWith(t, "", args...); code == 0 || !strings.Contains(errs, "is a game's log") {
			t.Errorf("%q: exit %d, %s", args, code, errs)
		}
	}
	// At the prompt, onto the live log.
	live := filepath.Join(dir, "live.jsonl")
	code, _, errs := runWith(t, "step\nsheet campaign -o "+live+"\n", "--seed", "2", "--log", live)
	if code == 0 || !strings.Contains(errs, "is a game's log") {
		t.Errorf("sheet -o the live log: exit %d, %s", code, errs)
	}
	if _, err := gamelog.ReadFile(live); err != nil {
		t.Errorf("the live log after sheet -o: %v", err)
	}
	if after, _ := os.ReadFile(log); !bytes.Equal(before, after) {
		t.Error("the log changed")
	}
	// auto --log does not truncate an existing file without --force.
	if code, _, errs := runWith(t, "", "auto", "--seed", "3", "--log", log); code == 0 || !strings.Contains(errs, "--force") {
		t.Errorf("auto --log over a file: exit %d, %s", code, errs)
	}
	if after, _ := os.ReadFile(log); !bytes.Equal(before, after) {
		t.Error("auto --log truncated an existing file")
	}
	if code, _, errs := runWith(t, "", "auto", "--seed", "3", "--log", log, "--force"); code != 0 {
		t.Errorf("auto --log --force: exit %d, %s", code, errs)
	}
	if code, _, errs := runWith(t, "", "auto", "--seed", "3", "--log", "/dev/null", "--force"); code == 0 || !strings.Contains(errs, "a device") {
		t.Errorf("auto --log /dev/null: exit %d, %s", code, errs)
	}
}

// A path with an apostrophe works for --load.
func TestLoadApostrophe(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "it's here")
	os.MkdirAll(dir, 0o755)
	log := filepath.Join(dir, "O'Neill's game.jsonl")
	if code, _, errs := runWith(t, "step\n", "--seed", "2", "--log", log); code != 0 {
		t.Fatal(errs)
	}
	code, out, errs := runWith(t, "status\n", "--load", log)
	if code != 0 || !strings.Contains(out, "Loaded "+log) {
		t.Errorf("--load %s: exit %d\n%s%s", log, code, out, errs)
	}
}

// replay --verify counts only the events the log holds: those the rules
// play after its end are not verified.
func TestReplayVerifyPastEnd(t *testing.T) {
	dir := t.TempDir()
	full := filepath.Join(dir, "full.jsonl")
	if code, _, errs := runWith(t, "", "auto", "--seed", "4", "--log", full); code != 0 {
		t.Fatal(errs)
	}
	raw, _ := os.ReadFile(full)
	lines := strings.SplitAfter(string(raw), "\n")
	// Cut just after the first roll that follows a decision: the rules
	// play on past the cut to the next decision.
	cut := 0
	for i := 1; i < len(lines); i++ {
		if strings.Contains(lines[i-1], `"type":"decision"`) && strings.Contains(lines[i], `"type":"roll"`) {
			cut = i + 1
			break
		}
	}
	if cut == 0 {
		t.Fatal("no roll after a decision")
	}
	short := filepath.Join(dir, "short.jsonl")
	os.WriteFile(short, []byte(strings.Join(lines[:cut], "")), 0o644)
	code, out, errs := runWith(t, "", "replay", "--verify", short)
	if code != 0 {
		t.Fatalf("exit %d\n%s%s", code, out, errs)
	}
	want := fmt.Sprintf("%d events verified (the rules played", cut-1)
	if !strings.Contains(out, want) || !strings.Contains(out, "past the log's end: not verified)") {
		t.Errorf("replay --verify of %d events: %q, want %q…", cut-1, out, want)
	}
}

// A divergence quotes long lines shortened.
func TestDivergenceQuotesShort(t *testing.T) {
	dir := t.TempDir()
	log := filepath.Join(dir, "g.jsonl")
	if code, _, errs := runWith(t, "", "auto", "--seed", "4", "--log", log); code != 0 {
		t.Fatal(errs)
	}
	raw, _ := os.ReadFile(log)
	lines := strings.Split(string(raw), "\n")
	lines[5] = strings.Replace(lines[5], `}`, `,"junk":"`+strings.Repeat("z", 500_000)+`"}`, 1)
	bad := filepath.Join(dir, "bad.jsonl")
	os.WriteFile(bad, []byte(strings.Join(lines, "\n")), 0o644)
	code, _, errs := runWith(t, "", "replay", "--verify", bad)
	if code == 0 || !strings.Contains(errs, "bytes in all") || len(errs) > 4000 {
		t.Errorf("exit %d, %d bytes of message:\n%.600s", code, len(errs), errs)
	}
	code, _, errs = runWith(t, "load "+bad+"\n")
	if code == 0 || !strings.Contains(errs, "bytes in all") || len(errs) > 4000 {
		t.Errorf("load: exit %d, %d bytes of message:\n%.600s", code, len(errs), errs)
	}
}

// An overlay whose A-0 gives 0 or negative days is refused (the calendar
// would stand still and the campaign never end).
func TestOverlayDaysRefused(t *testing.T) {
	for _, c := range []struct{ name, table, want string }{
		{"zero days", "table A-0\ntitle Days\ndice 1D10\nrow 1-10 | never | days=0\n", "a.tbl:4: table A-0: row 1-10: days=0, and the rules need 1 or more"},
		{"negative days", "table A-0\ntitle Days\ndice 1D10\nrow 1-10 | back in time | days=-3\n", "days=-3"},
		{"a roll made 0", "table A-0\ntitle Days\ndice 1D10\nmod -5 | month in 1,2,3,4,5,6,7,8,9,10,11,12 | winter\nrow <=10 | the total | days=roll\n", "days=roll can be -4"},
	} {
		t.Run(c.name, func(t *testing.T) {
			dir := t.TempDir()
			os.MkdirAll(filepath.Join(dir, "s100"), 0o755)
			os.WriteFile(filepath.Join(dir, "s100", "a.tbl"), []byte(c.table), 0o644)
			code, _, errs := runWith(t, "step campaign\n", "--tables", dir)
			if code == 0 || !strings.Contains(errs, c.want) {
				t.Errorf("exit %d, %q; want %q", code, errs, c.want)
			}
		})
	}
}

// What a crafted log in the data directory holds never drives the
// terminal: `campaigns` quotes its summary without control characters.
func TestCampaignsPrintable(t *testing.T) {
	data := t.TempDir()
	log := filepath.Join(data, "g.jsonl")
	if code, _, errs := runWith(t, "", "auto", "--seed", "2", "--log", log); code != 0 {
		t.Fatal(errs)
	}
	raw, _ := os.ReadFile(log)
	evil := strings.Replace(string(raw), `{"name":"campaign","value":"short"}`, `{"name":"campaign","value":"short\u001b[2J\u001b]0;owned\u0007"}`, 1)
	os.WriteFile(filepath.Join(data, "evil\x1b[31m.jsonl"), []byte(evil), 0o644)
	code, out, errs := runWith(t, "campaigns\n", "--data", data)
	if code != 0 {
		t.Fatalf("exit %d\n%s%s", code, out, errs)
	}
	if strings.ContainsAny(out, "\x1b\x07") {
		t.Errorf("control characters reach the terminal:\n%q", out)
	}
	if !strings.Contains(out, "evil") {
		t.Errorf("the crafted log is not listed:\n%s", out)
	}
}

// Hostile scripts of issue 27 through `schnell auto`: each ends with exit
// 1 and its script's line within a second of CPU time past its deadline
// (the process's, over what a harmless script's whole game costs), and a
// flood of print writes 1 MiB. A sort with a builtin comparator ran for
// minutes, and one call printed 116 MB.
func TestHostileScriptsAuto(t *testing.T) {
	dir := t.TempDir()
	run := func(t *testing.T, src string) (int, string, time.Duration) {
		t.Helper()
		path := filepath.Join(dir, "s.lua")
		if err := os.WriteFile(path, []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
		cmd := schnellCmd(t, "auto", "--script", path)
		var errb bytes.Buffer
		cmd.Stderr = &errb
		cmd.Run()
		return cmd.ProcessState.ExitCode(), errb.String(), cmd.ProcessState.UserTime() + cmd.ProcessState.SystemTime()
	}
	code, errs, base := run(t, "function decide(d) return d.default end")
	if code != 0 {
		t.Fatalf("a harmless script: exit %d\n%s", code, errs)
	}
	for _, tc := range []struct{ name, src, want string }{
		{"sort with a builtin comparator", "function decide(d) local t = {} for i = 1, 300 do t[i] = '100000' end table.sort(t, string.rep) return d.default end",
			"s.lua:1: ran past its 250ms deadline of CPU time"},
		{"print without end", "local s = string.rep('x', 2^16)\nfunction decide(d)\n while true do print(s) end end",
			"s.lua:3: ran past its 250ms deadline of CPU time"},
		{"recursion", "local function f(n) return f(n + 1) + 1 end\nfunction decide(d) return f(1) end",
			"s.lua:1: stack overflow: functions called each other more than 200 deep"},
		{"a table answer with no option", "function decide(d) return {} end",
			"with a table that names no option: put the option first"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			code, errs, took := run(t, tc.src)
			if code != 1 || !strings.Contains(errs, tc.want) {
				t.Errorf("exit %d, want 1 and %q:\n%s", code, tc.want, clipTail(errs))
			}
			if len(errs) > 1<<20+4<<10 {
				t.Errorf("%d bytes on standard error", len(errs))
			}
			if limit := base + 250*time.Millisecond + time.Second; took > limit {
				t.Errorf("took %s of CPU, over %s", took, limit)
			}
			t.Logf("%s of CPU (a harmless game %s)", took, base)
		})
	}
}

// clipTail is the last 500 bytes of s.
func clipTail(s string) string { return s[max(0, len(s)-500):] }
