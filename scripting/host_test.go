package scripting

import (
	"bytes"
	"github.com/schnell-wargames/schnell/batch/cputime"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	lua "github.com/schnell-wargames/schnell/third_party/gopher-lua"

	"github.com/schnell-wargames/schnell/engine"
	"github.com/schnell-wargames/schnell/engine/enginetest"
	"github.com/schnell-wargames/schnell/gamelog"
)

// playToy runs the toy game with script src taking the decisions.
func playToy(t *testing.T, src string, deadline time.Duration) (*engine.Game, error) {
	t.Helper()
	return playToyWith(t, src, Options{Deadline: deadline})
}

// playToyWith runs the toy game with script src and opts.
func playToyWith(t *testing.T, src string, opts Options) (*engine.Game, error) {
	t.Helper()
	path := filepath.Join(t.TempDir(), "hostile.lua")
	if err := os.WriteFile(path, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	def := enginetest.Definition()
	g, err := engine.New(engine.Config{Def: def, Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { g.Close(); g = nil }) // its rules' coroutine holds the script, and so would this
	h, err := Attach(g, def, path, opts, ForGame)
	if err != nil {
		return g, err
	}
	defer h.Close()
	_, err = g.Step(engine.NoPause)
	return g, err
}

// Scripts are untrusted: each hostile script ends in a clear error that
// names the script (and the line when Lua knows it) within the deadline,
// and the process survives.
func TestHostileScripts(t *testing.T) {
	const deadline = 100 * time.Millisecond
	cases := []struct {
		name, src string
		want      []string
	}{
		{"os.execute", "function decide(d) os.execute('touch /tmp/pwned') return 1 end", []string{"hostile.lua:1", "os"}},
		{"io.open", "function decide(d) io.open('/etc/passwd') return 1 end", []string{"hostile.lua:1", "io"}},
		{"require", "require('os')\nfunction decide(d) return 1 end", []string{"hostile.lua:1", "require"}},
		{"load", "function decide(d) return load('return 1')() end", []string{"hostile.lua:1", "load"}},
		{"dofile", "function decide(d)\n dofile('/etc/passwd')\n return 1 end", []string{"hostile.lua:2", "dofile"}},
		{"debug", "function decide(d) return debug.getinfo(1) end", []string{"hostile.lua:1", "debug"}},
		{"collectgarbage", "function decide(d) collectgarbage() return 1 end", []string{"hostile.lua:1", "collectgarbage"}},
		{"endless loop", "function decide(d)\n while true do end\n end", []string{"hostile.lua", "deadline"}},
		{"endless loop in pcall", "function decide(d)\n while true do pcall(function() while true do end end) end\n end", []string{"hostile.lua", "deadline"}},
		{"recursion", "local function f(n) return f(n+1)+1 end\nfunction decide(d) return f(1) end", []string{"hostile.lua:1: stack overflow: functions called each other more than 200 deep"}},
		{"recursion through a builtin", "local function f(n) return tostring(setmetatable({}, {__tostring = function() return f(n+1) end})) end\nfunction decide(d)\n return f(1) end", []string{"hostile.lua:1: stack overflow"}},
		{"a table raised", "function decide(d)\n error({code = 3}) end", []string{"hostile.lua:2: the script raised a table as its error, not a message"}},
		{"nil raised", "function decide(d)\n error() end", []string{"hostile.lua:2:"}},
		{"a message without a line", "function decide(d)\n error('no line', 0) end", []string{"hostile.lua:2: no line"}},
		{"string.rep 1e9", "function decide(d) local s = string.rep('x', 1e9) return 1 end", []string{"hostile.lua:1", "string.rep"}},
		{"catastrophic pattern", "function decide(d) return string.match(string.rep('a', 30), '.-.-.-.-.-.-b') end", []string{"hostile.lua:1", "match"}},
		{"table grown without end", "function decide(d) local t = {} while true do t[#t+1] = #t end end", []string{"hostile.lua", "deadline"}},
		{"illegal answer", "function decide(d) return 'fly' end", []string{"hostile.lua", "go_on", `"fly"`, "1=on", "2=home"}},
		{"out of range", "function decide(d) return 7 end", []string{"hostile.lua", "go_on", "7"}},
		{"table answer", "function decide(d) return {} end", []string{`hostile.lua: decide answered go_on with a table that names no option: put the option first, {"on", …}, or give it as option = "on"; the options are 1=on, 2=home`}},
		{"table answer of a table", "function decide(d) return {{}} end", []string{"with a table whose option is a table: give the option's name or number", "1=on"}},
		{"no answer", "function decide(d) end", []string{"hostile.lua: decide answered go_on with nothing (nil): decide must return an option's name or number; the options are 1=on, 2=home"}},
		{"error in a hook", "function decide(d) return 1 end\nfunction on_event(e)\n if e.type == 'leg' then error('boom') end\nend", []string{"hostile.lua:3", "boom"}},
		{"no decide", "x = 1", []string{"hostile.lua", "decide"}},
		{"syntax error", "function decide(d) return end end", []string{"hostile.lua"}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			start := cputime.Process()
			_, err := playToy(t, tc.src, deadline)
			if took := cputime.Process() - start; took > 10*deadline {
				t.Errorf("took %s of CPU", took)
			}
			if err == nil {
				t.Fatal("no error")
			}
			for _, w := range tc.want {
				if !strings.Contains(err.Error(), w) {
					t.Errorf("error %q lacks %q", err, w)
				}
			}
		})
	}
	if _, err := os.Stat("/tmp/pwned"); err == nil {
		t.Error("a script touched the file system")
	}
}

// A script answers by name or number; math.random draws from a generator
// seeded by the game, so the same seed gives the same game.
func TestScriptAnswersAndDeterminism(t *testing.T) {
	src := "function decide(d) if math.random(2) == 1 then return 'on' end return 2 end"
	logOf := func() string {
		g, err := playToy(t, src, time.Second)
		if err != nil {
			t.Fatal(err)
		}
		var b bytes.Buffer
		g.WriteLog(&b)
		return b.String()
	}
	a := logOf()
	if a != logOf() {
		t.Error("the same seed and script gave two logs")
	}
	if !strings.Contains(a, `"by":"script"`) {
		t.Error("decisions not recorded as the script's")
	}
}

// print goes through the front end, not to stdout.
func TestPrintGoesToFrontEnd(t *testing.T) {
	var out bytes.Buffer
	h, err := Load("p.lua", []byte("print('hello', 3)\nfunction decide(d) return 1 end"), Options{Print: &out}, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer h.Close()
	if out.String() != "[p.lua] hello\t3\n" {
		t.Errorf("print wrote %q", out.String())
	}
}

func mustSpan(t *testing.T, def *engine.Definition, s string) Span {
	t.Helper()
	sp, err := ParseSpan(def, s)
	if err != nil {
		t.Fatal(err)
	}
	return sp
}

// A span names a pause level of the game (the toy's "leg": the script
// hands back at the first leg's pause, before any decision; "voyage", the
// last, is the whole game) and an unknown word lists the game's spans.
func TestParseSpan(t *testing.T) {
	def := enginetest.Definition()
	if _, err := ParseSpan(def, "mission"); err == nil || !strings.Contains(err.Error(), "decision, leg, voyage or game") {
		t.Errorf("ParseSpan(mission) = %v, want an error listing decision, leg, voyage or game", err)
	}
}

// Ctrl-C (Interrupt) hands command back: the game waits for the player at
// the next decision; `decision` span answers one and hands back.
func TestHandBack(t *testing.T) {
	path := filepath.Join(t.TempDir(), "s.lua")
	os.WriteFile(path, []byte("function decide(d) return 'on' end"), 0o644)
	def := enginetest.Definition()
	for _, tc := range []struct {
		span      Span
		interrupt bool
		decided   int
	}{{ForGame, true, 0}, {ForDecision, false, 1}, {ForGame, false, 4}, {mustSpan(t, def, "leg"), false, 0}, {mustSpan(t, def, "voyage"), false, 4}} {
		g, _ := engine.New(engine.Config{Def: def, Seed: 1})
		a, err := Attach(g, def, path, Options{}, tc.span)
		if err != nil {
			t.Fatal(err)
		}
		if tc.interrupt {
			a.Interrupt()
		}
		if _, err := g.Step(engine.NoPause); err != nil {
			t.Fatal(err)
		}
		n := 0
		for _, e := range g.History() {
			if e.Type == "decision" && e.Str("by") == "script" {
				n++
			}
		}
		if n != tc.decided {
			t.Errorf("%s interrupt=%v: the script made %d decisions, want %d", tc.span, tc.interrupt, n, tc.decided)
		}
		if tc.decided < 4 && (g.Pending() == nil || g.Pending().Decision == nil || g.Decider() != nil) {
			t.Errorf("%s interrupt=%v: the player does not have command", tc.span, tc.interrupt)
		}
		a.Close()
	}
}

// A failing script's error is recorded in the log, and the log still loads:
// replay stops at the decision the script failed, which waits for the player.
func TestScriptErrorLoggedAndReplayable(t *testing.T) {
	g, err := playToy(t, "function decide(d) error('no idea') end", time.Second)
	if err == nil {
		t.Fatal("no error")
	}
	var b bytes.Buffer
	g.WriteLog(&b)
	if !strings.Contains(b.String(), `"type":"error"`) || !strings.Contains(b.String(), "no idea") {
		t.Fatalf("the log does not record the error:\n%s", b.String())
	}
	lg, err := gamelog.Read("x", &b)
	if err != nil {
		t.Fatal(err)
	}
	r, err := engine.Replay(enginetest.Definition(), lg, 0, engine.Config{})
	if err != nil {
		t.Fatalf("replay of a log with a script error: %v", err)
	}
	if p := r.Pending(); p == nil || p.Decision == nil {
		t.Errorf("after replay the failed decision is not pending: %+v", p)
	}
}

// BenchmarkLoad is what a batch pays per campaign to start a script: a
// sandboxed Lua state and the script's top level (the byte code is
// compiled once per process).
func BenchmarkLoad(b *testing.B) {
	src, err := os.ReadFile("../scripts/reference.lua")
	if err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	for b.Loop() {
		h, err := Load("reference.lua", src, Options{}, nil)
		if err != nil {
			b.Fatal(err)
		}
		h.Close()
	}
}

// BenchmarkInstructions is the deadline's price per instruction: a decide
// that loops, in a host (the VM asks the deadline's context at every
// instruction) and in a bare gopher-lua state with no context (no check at
// all), taking turns. It reports ns per loop step (four instructions) in
// each, and their ratio.
func BenchmarkInstructions(b *testing.B) {
	const steps = 20_000
	src := `function decide(d) local x = 0 for i = 1, 20000 do x = x + i end return 1 end`
	h, err := Load("loop.lua", []byte(src), Options{}, nil)
	if err != nil {
		b.Fatal(err)
	}
	defer h.Close()
	bare := lua.NewState()
	defer bare.Close()
	if err := bare.DoString(src); err != nil {
		b.Fatal(err)
	}
	fn := bare.GetGlobal("decide")
	d := &engine.Decision{Kind: "k", Options: []engine.Option{{Name: "a"}, {Name: "b"}}}
	var guarded, free time.Duration
	for b.Loop() {
		t0 := time.Now()
		if _, err := h.Decide(d); err != nil {
			b.Fatal(err)
		}
		t1 := time.Now()
		if err := bare.CallByParam(lua.P{Fn: fn, NRet: 1, Protect: true}, lua.LNil); err != nil {
			b.Fatal(err)
		}
		bare.Pop(1)
		guarded, free = guarded+t1.Sub(t0), free+time.Since(t1)
	}
	b.ReportMetric(float64(guarded.Nanoseconds())/float64(b.N*steps), "guarded-ns/step")
	b.ReportMetric(float64(free.Nanoseconds())/float64(b.N*steps), "bare-ns/step")
	b.ReportMetric(float64(guarded)/float64(free), "guarded/bare")
}

// BenchmarkSort is the price of counting a sort's comparisons
// (lua.LState.Steps): table.sort of 2,000 numbers, plain and with a Lua
// comparator, in a host (counted, under the deadline) and in a bare
// gopher-lua state with no context (nothing counted or asked), taking
// turns. It reports CPU ns per sort in each, and their ratio.
func BenchmarkSort(b *testing.B) {
	src := `local t = {}
	function plain() for i = 1, 2000 do t[i] = (i * 7919) % 2003 end table.sort(t) end
	function lua() for i = 1, 2000 do t[i] = (i * 7919) % 2003 end table.sort(t, function(a, b) return a > b end) end
	function decide(d) plain() lua() return 1 end`
	h, err := Load("sort.lua", []byte(src), Options{}, nil)
	if err != nil {
		b.Fatal(err)
	}
	defer h.Close()
	bare := lua.NewState()
	defer bare.Close()
	if err := bare.DoString(src); err != nil {
		b.Fatal(err)
	}
	fn := bare.GetGlobal("decide")
	d := &engine.Decision{Kind: "k", Options: []engine.Option{{Name: "a"}, {Name: "b"}}}
	var guarded, free time.Duration
	for b.Loop() {
		t0 := cputime.Process()
		if _, err := h.Decide(d); err != nil {
			b.Fatal(err)
		}
		t1 := cputime.Process()
		if err := bare.CallByParam(lua.P{Fn: fn, NRet: 1, Protect: true}, lua.LNil); err != nil {
			b.Fatal(err)
		}
		bare.Pop(1)
		guarded, free = guarded+t1-t0, free+cputime.Process()-t1
	}
	b.ReportMetric(float64(guarded.Nanoseconds())/float64(2*b.N), "host-ns/sort")
	b.ReportMetric(float64(free.Nanoseconds())/float64(2*b.N), "bare-ns/sort")
	b.ReportMetric(float64(guarded)/float64(free), "host/bare")
}
