package main

import (
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"
)

var (
	binOnce sync.Once
	binPath string
	binErr  error
)

// binary builds schnell once for the tests that run it as a process.
func binary(t testing.TB) string {
	t.Helper()
	binOnce.Do(func() {
		dir, err := os.MkdirTemp("", "schnell-test-")
		if err != nil {
			binErr = err
			return
		}
		binPath = filepath.Join(dir, "schnell.bin")
		if out, err := exec.Command("go", "build", "-o", binPath, ".").CombinedOutput(); err != nil {
			binErr = fmt.Errorf("build: %v\n%s", err, out)
		}
	})
	if binErr != nil {
		t.Fatal(binErr)
	}
	return binPath
}

// runWith runs the command with stdin from a file holding input.
func runWith(t *testing.T, input string, args ...string) (int, string, string) {
	t.Helper()
	dir := t.TempDir()
	t.Setenv("XDG_STATE_HOME", dir)
	t.Setenv("XDG_DATA_HOME", dir)
	in := filepath.Join(dir, "in")
	if err := os.WriteFile(in, []byte(input), 0o644); err != nil {
		t.Fatal(err)
	}
	f, err := os.Open(in)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var out, errb bytes.Buffer
	code := run(args, f, &out, &errb)
	return code, out.String(), errb.String()
}

// The acceptance: a piped script plays a roll and lists the tables.
func TestPipedRollAndTables(t *testing.T) {
	code, out, errs := runWith(t, "roll 2d10\ntables\nquit\n")
	if code != 0 {
		t.Fatalf("exit %d\n%s%s", code, out, errs)
	}
	m := regexp.MustCompile(`2D10: \[\d \d\] = (\d+)`).FindStringSubmatch(out)
	if m == nil {
		t.Fatalf("no 2D10 roll in the output:\n%s", out)
	}
	if n, _ := strconv.Atoi(m[1]); n < 1 || n > 100 {
		t.Errorf("2D10 total %d out of 1..100", n)
	}
	for _, id := range []string{"A-0", "A-1", "I-2-S", "L-3"} {
		if !strings.Contains(out, "| "+id+" ") {
			t.Errorf("table list lacks %s:\n%s", id, out)
		}
	}
	if strings.Contains(out, "\x1b[") {
		t.Error("escape codes in piped output")
	}
}

func TestPipedBogus(t *testing.T) {
	code, out, errs := runWith(t, "bogus\n")
	if code == 0 {
		t.Fatal("bogus exited 0")
	}
	if !strings.Contains(errs, "bogus") {
		t.Errorf("the message does not name bogus: %q %q", out, errs)
	}
}

func TestFlags(t *testing.T) {
	if code, _, errs := runWith(t, "", "--dice", "loaded"); code == 0 || !strings.Contains(errs, "loaded") {
		t.Errorf("bad --dice: exit %d, %q", code, errs)
	}
	if code, _, errs := runWith(t, "step\n", "--campaign", "forever"); code == 0 || !strings.Contains(errs, "forever") {
		t.Errorf("bad --campaign: exit %d, %q", code, errs)
	}
	if code, _, errs := runWith(t, "", "--tables", t.TempDir()); code == 0 || !strings.Contains(errs, "no tables") {
		t.Errorf("empty --tables dir: exit %d, %q", code, errs)
	}
	code, out, errs := runWith(t, "status\n", "--seed", "42", "--boat", "5b", "--campaign", "long")
	if code != 0 || !strings.Contains(out, "seed 42") || !strings.Contains(out, "boat 5b") || !strings.Contains(out, "campaign long") {
		t.Errorf("status with flags: exit %d\n%s%s", code, out, errs)
	}
}

// TestTerminal drives the real binary in tmux: Tab completes `tab` to
// `table`, and Up recalls a command typed in the previous run.
func TestTerminal(t *testing.T) {
	if testing.Short() {
		t.Skip("short")
	}
	if _, err := exec.LookPath("tmux"); err != nil {
		if os.Getenv("CI") != "" {
			t.Fatal("tmux is missing: .ci/run installs it")
		}
		t.Skip("tmux not installed")
	}
	dir := t.TempDir()
	bin := binary(t)
	sock := filepath.Join(dir, "tmux.sock")
	tmux := func(args ...string) string {
		out, err := exec.Command("tmux", append([]string{"-S", sock}, args...)...).CombinedOutput()
		if err != nil {
			t.Fatalf("tmux %v: %v\n%s", args, err, out)
		}
		return string(out)
	}
	// newSession starts the program in a new tmux session. The server of
	// the session that just ended may still be going away (its socket
	// there, a new-session then fails): it is tried again until it starts.
	newSession := func(args ...string) {
		t.Helper()
		args = append([]string{"-S", sock, "new-session", "-d", "-s", "t", "-x", "150", "-y", "40",
			"env", "XDG_STATE_HOME=" + dir, "XDG_DATA_HOME=" + dir, "NO_COLOR=1", "TERM=xterm", bin}, args...)
		for deadline := time.Now().Add(time.Minute); ; {
			out, err := exec.Command("tmux", args...).CombinedOutput()
			if err == nil {
				return
			}
			if time.Now().After(deadline) {
				t.Fatalf("tmux %v: %v\n%s", args, err, out)
			}
			time.Sleep(100 * time.Millisecond)
		}
	}
	start := func() { newSession("--seed", "1") }
	// Every wait is for what the screen shows, with a minute as a guard
	// against a hang: a loaded machine may take seconds to draw.
	waitFor := func(want string) string {
		deadline := time.Now().Add(time.Minute)
		for {
			screen := tmux("capture-pane", "-p", "-t", "t")
			if strings.Contains(screen, want) {
				return screen
			}
			if time.Now().After(deadline) {
				t.Fatalf("the screen never showed %q:\n%s", want, screen)
			}
			time.Sleep(50 * time.Millisecond)
		}
	}
	defer exec.Command("tmux", "-S", sock, "kill-server").Run()
	start()
	waitFor("schnell>")
	tmux("send-keys", "-t", "t", "-l", "tab")
	tmux("send-keys", "-t", "t", "Tab")
	waitFor("schnell> table")
	tmux("send-keys", "-t", "t", "C-u")
	tmux("send-keys", "-t", "t", "-l", "tables")
	tmux("send-keys", "-t", "t", "Enter")
	waitFor("L-3")
	// The prompt is back (the last line of the screen) before a key that
	// acts on it.
	prompt := func() {
		deadline := time.Now().Add(time.Minute)
		for {
			screen := strings.TrimRight(tmux("capture-pane", "-p", "-t", "t"), "\n ")
			if strings.HasSuffix(screen, "schnell>") {
				return
			}
			if time.Now().After(deadline) {
				t.Fatalf("the prompt never came back:\n%s", screen)
			}
			time.Sleep(50 * time.Millisecond)
		}
	}
	prompt()
	gone := func(keys string) { // the program quits on keys
		tmux("send-keys", "-t", "t", keys)
		deadline := time.Now().Add(time.Minute)
		for exec.Command("tmux", "-S", sock, "has-session", "-t", "t").Run() == nil {
			if time.Now().After(deadline) {
				t.Fatalf("%s did not quit", keys)
			}
			time.Sleep(50 * time.Millisecond)
		}
	}
	gone("C-d")
	if b, err := os.ReadFile(filepath.Join(dir, "schnell", "history")); err != nil || !strings.Contains(string(b), "tables") {
		t.Fatalf("history file: %v %q", err, b)
	}
	start()
	waitFor("schnell>")
	tmux("send-keys", "-t", "t", "Up")
	waitFor("schnell> tables")
	tmux("send-keys", "-t", "t", "C-c")
	prompt()
	// Start a game (it is saved, in progress), then quit.
	tmux("send-keys", "-t", "t", "-l", "step")
	tmux("send-keys", "-t", "t", "Enter")
	waitFor("Decide:")
	quit := func() {
		waitFor(">") // a prompt: schnell> or the decision's
		tmux("send-keys", "-t", "t", "-l", "quit")
		gone("Enter")
	}
	quit()
	// Started bare, the prompt offers to go on with it; started with a
	// flag that shapes a new game (--seed), it does not ask.
	for _, tc := range []struct {
		args  []string
		offer bool
	}{{nil, true}, {[]string{"--seed", "2"}, false}} {
		newSession(tc.args...)
		if tc.offer {
			waitFor("Continue")
			tmux("send-keys", "-t", "t", "-l", "n")
			tmux("send-keys", "-t", "t", "Enter")
		}
		if screen := waitFor("schnell>"); !tc.offer && strings.Contains(screen, "Continue") {
			t.Errorf("schnell %v offered to continue a saved game:\n%s", tc.args, screen)
		}
		quit()
	}
}

// --tables DIR lays a player's own tables over ours by id; a bad file is an
// error naming file and line.
func TestTablesOverlay(t *testing.T) {
	dir := t.TempDir()
	os.MkdirAll(filepath.Join(dir, "s100"), 0o755)
	good := "table A-1\ntitle Night Weather (house rules)\ndice 1D10\nrow 1-10 | Fog, always | weather=foggy\nnote ours\n"
	os.WriteFile(filepath.Join(dir, "s100", "a.tbl"), []byte(good), 0o644)
	code, out, errs := runWith(t, "table A-1\n", "--tables", dir)
	if code != 0 || !strings.Contains(out, "house rules") || !strings.Contains(out, "Fog, always") {
		t.Fatalf("overlay: exit %d\n%s%s", code, out, errs)
	}
	// A game played with the overlay is verified, printed and reported with it.
	log := filepath.Join(t.TempDir(), "fog.jsonl")
	if code, _, errs := runWith(t, "", "auto", "--seed", "2", "--tables", dir, "--log", log); code != 0 {
		t.Fatalf("auto --tables: exit %d: %s", code, errs)
	}
	if code, _, errs := runWith(t, "", "replay", "--verify", log); code == 0 {
		t.Errorf("replay without the overlay verified a game played with it: %s", errs)
	}
	for _, args := range [][]string{{"replay", "--verify", "--tables", dir, log}, {"sheet", log, "--sheet", "campaign", "--tables", dir}, {"report", log, "--tables", dir}} {
		if code, _, errs := runWith(t, "", args...); code != 0 {
			t.Errorf("%v: exit %d: %s", args, code, errs)
		}
	}
	bad := strings.Replace(good, "weather=foggy", "weather=sunny", 1)
	os.WriteFile(filepath.Join(dir, "s100", "a.tbl"), []byte(bad), 0o644)
	code, _, errs = runWith(t, "table A-1\n", "--tables", dir)
	if code == 0 || !strings.Contains(errs, "a.tbl:4") || !strings.Contains(errs, "sunny") {
		t.Fatalf("bad overlay: exit %d, %q", code, errs)
	}
}

// sim gives the same statistics for --jobs 1 and --jobs 2, with a script.
func TestSimJobsAgree(t *testing.T) {
	var outs []string
	for _, j := range []string{"1", "2"} {
		code, out, errs := runWith(t, "", "sim", "--runs", "12", "--campaign", "short", "--jobs", j, "--script", "../../scripts/cautious.lua")
		if code != 0 {
			t.Fatalf("jobs %s: exit %d: %s", j, code, errs)
		}
		outs = append(outs, out)
	}
	if outs[0] != outs[1] || !strings.Contains(outs[0], "12 games of schnellboats") {
		t.Errorf("--jobs 1 and 2 differ:\n%s\n%s", outs[0], outs[1])
	}
	code, out, _ := runWith(t, "", "sim", "--runs", "3", "--json")
	if code != 0 || !strings.Contains(out, `"runs": 3`) {
		t.Errorf("--json: %s", out)
	}
}

// replay --verify passes on logs from auto and from play at the prompt, and
// names the seq of a die changed by hand.
func TestReplayVerify(t *testing.T) {
	dir := t.TempDir()
	log := filepath.Join(dir, "auto.jsonl")
	if code, _, errs := runWith(t, "", "auto", "--seed", "3", "--log", log); code != 0 {
		t.Fatal(errs)
	}
	prompt := filepath.Join(dir, "prompt.jsonl")
	if code, _, errs := runWith(t, "step\nauto on\nstep mission\nauto off\nstep\n", "--seed", "3", "--log", prompt); code != 0 {
		t.Fatal(errs)
	}
	for _, l := range []string{log, prompt} {
		code, out, errs := runWith(t, "", "replay", "--verify", l)
		if code != 0 || !strings.Contains(out, "events verified") {
			t.Fatalf("replay --verify %s: exit %d\n%s%s", l, code, out, errs)
		}
	}
	raw, _ := os.ReadFile(log)
	lines := strings.Split(string(raw), "\n")
	// Change one die of the 20th roll by hand.
	n, seq, changed := 0, "", ""
	for i, l := range lines {
		if strings.Contains(l, `"type":"roll"`) {
			if n++; n == 20 {
				m := regexp.MustCompile(`"faces":\[(\d+)`).FindStringSubmatch(l)
				f, _ := strconv.Atoi(m[1])
				g := f%4 + 1
				if g == f {
					g = f + 1
				}
				changed = `"faces":[` + strconv.Itoa(g)
				lines[i] = strings.Replace(l, `"faces":[`+m[1], changed, 1)
				seq = regexp.MustCompile(`"seq":(\d+)`).FindStringSubmatch(l)[1]
				break
			}
		}
	}
	bad := filepath.Join(dir, "bad.jsonl")
	os.WriteFile(bad, []byte(strings.Join(lines, "\n")), 0o644)
	code, _, errs := runWith(t, "", "replay", "--verify", bad)
	if code == 0 || !strings.Contains(errs, "seq "+seq+" ") {
		t.Errorf("a changed die at seq %s: exit %d, %q", seq, code, errs)
	}
	// The log's line is labelled as the log's (the changed faces), the
	// replayed one as the rules'.
	logLine := regexp.MustCompile(`the log has: +(.*)`).FindStringSubmatch(errs)
	if logLine == nil || !strings.Contains(logLine[1], `"seq":`+seq+`,`) || !strings.Contains(logLine[1], changed) {
		t.Errorf("the divergence does not quote the log's line as the log's: %q", errs)
	}
}

// schnell lua runs scripts/analyse.lua over logs; a script reads only the
// files named on the command line.
func TestLuaAnalysis(t *testing.T) {
	// Every shipped log: the summary, and the medals line when (and only
	// when) the campaign won a medal (the logs' contents follow the rules).
	logs, _ := filepath.Glob("../../logs/*.jsonl")
	if len(logs) == 0 {
		t.Fatal("no shipped log")
	}
	for _, lf := range logs {
		data, err := os.ReadFile(lf)
		if err != nil {
			t.Fatal(err)
		}
		medal := bytes.Contains(data, []byte(`"type":"medal","medal":"Iron Cross"`))
		code, out, errs := runWith(t, "", "lua", "../../scripts/analyse.lua", lf)
		if code != 0 || !regexp.MustCompile(`\d+ missions, \d+ successful`).MatchString(out) || strings.Contains(out, "medals: ") != bytes.Contains(data, []byte(`"type":"medal"`)) || medal && !strings.Contains(out, "Iron Cross") {
			t.Fatalf("analyse.lua %s: exit %d\n%s%s", lf, code, out, errs)
		}
	}
	evil := filepath.Join(t.TempDir(), "evil.lua")
	os.WriteFile(evil, []byte("for e in log.events('/etc/passwd') do end\n"), 0o644)
	code, _, errs := runWith(t, "", "lua", evil, logs[0])
	if code == 0 || !strings.Contains(errs, "evil.lua:1") || !strings.Contains(errs, "not named") {
		t.Errorf("reading an unnamed file: exit %d, %q", code, errs)
	}
}

// At the prompt: `script FILE decision` answers one decision and hands
// command back; `lua` evaluates with game bound.
func TestPromptScriptAndLua(t *testing.T) {
	code, out, errs := runWith(t, "step\nscript ../../scripts/reference.lua decision\nstep\nlua game.vp + 1000\nlua game.campaign\nscript ../../scripts/cautious.lua mission\nstep\n", "--seed", "2")
	if code != 0 {
		t.Fatalf("exit %d\n%s%s", code, out, errs)
	}
	for _, want := range []string{"handed command back", "short", "(the script)"} {
		if !strings.Contains(out, want) {
			t.Errorf("output lacks %q:\n%s", want, out)
		}
	}
	if !regexp.MustCompile(`(?m)^10\d\d$`).MatchString(out) {
		t.Errorf("lua game.vp + 1000 printed no number:\n%s", out)
	}
}

// replay --to SEQ opens the prompt on the state after event SEQ.
func TestReplayTo(t *testing.T) {
	code, out, errs := runWith(t, "status\nlog 1\n", "replay", "--to", "72", "../../logs/auto-short-s100-seed7.jsonl")
	// The game goes on live from event 72 (the squadron decision, 1.0) to
	// its next pause or question (digital dice: the same events as the
	// log): here the end of mission 1.
	if code != 0 || !regexp.MustCompile(`At event 78\.`).MatchString(out) || !strings.Contains(out, "mission_end") && !strings.Contains(out, "Mission 1 successful") {
		t.Fatalf("exit %d\n%s%s", code, out, errs)
	}
}

// `sheet` works at the prompt mid-campaign and after loading a log, and
// both give the same sheet.
func TestPromptSheets(t *testing.T) {
	dir := t.TempDir()
	log := filepath.Join(dir, "g.jsonl")
	code, live, errs := runWith(t, "step\nauto on\nstep mission\nstep mission\nstep mission\nsheet campaign --format md\n", "--seed", "4", "--log", log)
	if code != 0 || !strings.Contains(live, "## Campaign Log Sheet") {
		t.Fatalf("exit %d\n%s%s", code, live, errs)
	}
	code, loaded, errs := runWith(t, "load "+log+"\nsheet campaign --format md\nsheet crew\nsheet squadron\nsheet damage\n")
	if code != 0 {
		t.Fatalf("exit %d\n%s%s", code, loaded, errs)
	}
	cut := func(s string) string { return s[strings.Index(s, "## Campaign Log Sheet"):][:400] }
	if cut(live) != cut(loaded) {
		t.Errorf("the sheet after load differs:\n%s\n---\n%s", cut(live), cut(loaded))
	}
	for _, want := range []string{"CREWMEN STATUS SHEET", "SCHNELL BOAT SQUADRON STATUS", "DAMAGE LOG CARD"} {
		if !strings.Contains(loaded, want) {
			t.Errorf("no %s", want)
		}
	}
}

// A game saved where play stopped (here the first `step`, at the end of a
// mission played abstractly, or a turn) reloads to the same pending point:
// nothing is rolled that the player has not seen.
func TestLoadStopsWherePlayStopped(t *testing.T) {
	dir := t.TempDir()
	events := regexp.MustCompile(`\((\d+) events\)`)
	code, out, errs := runWith(t, "step\nstatus\n", "--seed", "3", "--data", dir)
	m := events.FindStringSubmatch(unwrap(out))
	if code != 0 || m == nil {
		t.Fatalf("exit %d\n%s%s", code, out, errs)
	}
	for _, input := range []string{"status\n", "load schnellboats-3\nstatus\n"} {
		args := []string{"--data", dir}
		if input == "status\n" {
			args = append(args, "--load", "schnellboats-3")
		}
		code, out2, errs := runWith(t, input, args...)
		m2 := events.FindStringSubmatch(unwrap(out2))
		if code != 0 || m2 == nil || m2[1] != m[1] {
			t.Errorf("%q: the loaded game is at %v events, the saved one at %s\n%s%s", input, m2, m[1], out2, errs)
		}
	}
}

// --dice physical --load of a game played with digital dice is refused,
// naming both; the same dice, or none, load it.
func TestLoadKeepsItsDice(t *testing.T) {
	dir := t.TempDir()
	if code, _, errs := runWith(t, "step\n", "--seed", "4", "--data", dir); code != 0 {
		t.Fatal(errs)
	}
	code, _, errs := runWith(t, "status\n", "--data", dir, "--dice", "physical", "--load", "schnellboats-4")
	if code != 2 || !strings.Contains(errs, "played with digital dice") {
		t.Errorf("--dice physical --load of a digital game: exit %d, %q", code, errs)
	}
	for _, args := range [][]string{{"--dice", "digital"}, {}} {
		if code, _, errs := runWith(t, "status\n", append(args, "--data", dir, "--load", "schnellboats-4")...); code != 0 {
			t.Errorf("%v --load: exit %d, %q", args, code, errs)
		}
	}
}

func TestMain(m *testing.M) {
	code := m.Run()
	if binPath != "" {
		os.RemoveAll(filepath.Dir(binPath))
	}
	os.Exit(code)
}
