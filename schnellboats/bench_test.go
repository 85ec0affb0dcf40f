package schnellboats

import (
	"bytes"
	"github.com/schnell-wargames/schnell/batch/cputime"
	"io"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/schnell-wargames/schnell/dice"
	"github.com/schnell-wargames/schnell/engine"
	"github.com/schnell-wargames/schnell/gamelog"
	"github.com/schnell-wargames/schnell/scripting"
	"github.com/schnell-wargames/schnell/tables"
)

// BenchmarkCampaign plays whole campaigns: native (the Go reference
// Kommandant, no log), log (the JSONL log written to io.Discard), lua
// (scripts/reference.lua answers every decision) and combat
// (scripts/combat.lua answers the combat decisions it handles, the
// reference Kommandant the others), a fresh Lua state per campaign. It
// reports the dice rolls per campaign, so that the floor (rolls ×
// BenchmarkRoll) can be computed, and the process's CPU time per campaign
// (cpu-ns/op: the ratios to native on a shared machine).
func BenchmarkCampaign(b *testing.B) {
	d := def(b)
	src, err := os.ReadFile("../scripts/reference.lua")
	if err != nil {
		b.Fatal(err)
	}
	combat, err := os.ReadFile("../scripts/combat.lua")
	if err != nil {
		b.Fatal(err)
	}
	for _, length := range []string{"short", "long"} {
		for _, boat := range []string{"s100", "5b"} {
			for _, mode := range []string{"native", "log", "lua", "combat"} {
				b.Run(length+"/"+boat+"/"+mode, func(b *testing.B) {
					b.ReportAllocs()
					seed, rolls := uint64(0), 0
					var floor floorClock
					cpu0 := cputime.Process()
					for b.Loop() {
						seed++
						g, err := engine.New(engine.Config{Def: d, Seed: seed, Options: opts(length, boat)})
						if err != nil {
							b.Fatal(err)
						}
						g.KeepHistory(false)
						g.CollectEvents(false)
						g.SetDecider(engine.TakeDefault{})
						var h *scripting.Host
						switch mode {
						case "log":
							if err := g.WriteLog(io.Discard); err != nil {
								b.Fatal(err)
							}
						case "lua":
							h, err = scripting.Load("reference.lua", src, scripting.Options{Seed: seed}, func() engine.Viewer { return d.View(g.Rules()) })
							if err != nil {
								b.Fatal(err)
							}
							g.SetDecider(h)
						case "combat":
							h, err = scripting.Load("combat.lua", combat, scripting.Options{Seed: seed}, func() engine.Viewer { return d.View(g.Rules()) })
							if err != nil {
								b.Fatal(err)
							}
							dd, err := scripting.Delegate(h, d.Reference(g.Rules()))
							if err != nil {
								b.Fatal(err)
							}
							g.SetDecider(dd)
						}
						if _, err := g.Step(engine.NoPause); err != nil {
							b.Fatal(err)
						}
						if h != nil {
							h.Close()
						}
						rolls += g.Rolls()
						g.Close()
						if mode == "native" {
							floor.roll(g.Rolls())
						}
					}
					cpu := cputime.Process() - cpu0 - floor.cpu
					b.ReportMetric(float64(cpu)/float64(b.N), "cpu-ns/op")
					b.ReportMetric(float64(rolls)/float64(b.N), "rolls/op")
					if mode == "native" {
						perRoll := float64(floor.cpu) / float64(floor.n)
						b.ReportMetric(perRoll, "roll-cpu-ns")
						b.ReportMetric(float64(cpu)/(float64(rolls)*perRoll), "x-dice-floor")
					}
				})
			}
		}
	}
}

// BenchmarkLuaDeciders plays Long S-100 campaigns (seeds 1, 2, …) with
// one decider, a sub-benchmark each — native, reader, floor.lua, parts.lua,
// reference.lua, as BenchmarkLuaRatio plays them — for counting
// instructions rather than timing: one sub-benchmark a process under
// valgrind (docs/performance.md, "Lua's cost per decision").
func BenchmarkLuaDeciders(b *testing.B) {
	d := def(b)
	for _, mode := range []string{"native", "reader", "floor.lua", "parts.lua", "reference.lua"} {
		b.Run(mode, func(b *testing.B) {
			var src []byte
			switch mode {
			case "floor.lua", "parts.lua":
				src = readFile(b, "testdata/bench/"+mode)
			case "reference.lua":
				src = readFile(b, "../scripts/reference.lua")
			}
			seed := uint64(0)
			for b.Loop() {
				seed++
				playDecider(b, d, "long", seed, mode, src)
			}
		})
	}
}

// playDecider plays one S-100 campaign of length silently with mode's
// decider: native (the reference Kommandant), reader, or the script src
// (its kinds left to the reference Kommandant).
func playDecider(b *testing.B, d *engine.Definition, length string, seed uint64, mode string, src []byte) {
	g, err := engine.New(engine.Config{Def: d, Seed: seed, Options: opts(length, "s100")})
	if err != nil {
		b.Fatal(err)
	}
	g.KeepHistory(false)
	g.CollectEvents(false)
	var dec engine.Decider = engine.TakeDefault{}
	var h *scripting.Host
	switch {
	case mode == "reader":
		dec = reader{}
	case mode != "native":
		if h, err = scripting.Load(mode, src, scripting.Options{Seed: seed}, func() engine.Viewer { return d.View(g.Rules()) }); err != nil {
			b.Fatal(err)
		}
		if dec, err = scripting.Delegate(h, d.Reference(g.Rules())); err != nil {
			b.Fatal(err)
		}
	}
	if err := g.PlayOut(dec, nil); err != nil {
		b.Fatal(err)
	}
	if h != nil {
		h.Close()
	}
	g.Close()
}

func readFile(b *testing.B, path string) []byte {
	src, err := os.ReadFile(path)
	if err != nil {
		b.Fatal(err)
	}
	return src
}

// reader takes the default as the native Kommandant does, but as a
// decider that reads its decisions: neither engine.Blind nor an
// engine.DefaultTaker, and engine.Wordless as a script that names no
// prompt (BenchmarkLuaRatio).
type reader struct{}

func (reader) Decide(d *engine.Decision) (int, error) { return d.Default, nil }
func (reader) Who() engine.Who                        { return engine.ByScript }
func (reader) Wordless(string) bool                   { return true }

// floorClock measures the dice floor of issue 28 item 6 in the
// campaigns' own process: after each campaign, floorRepeat × its rolls of
// 1D10 from a generator, as dice.BenchmarkRoll rolls them, timed apart in
// CPU time. Taken turn about with the campaigns, the floor sees the same
// load as they do: x-dice-floor is the campaign's CPU time ÷ (its rolls ×
// a roll's), which on a shared machine moves far less than the ratio of
// two benchmarks run one after the other.
type floorClock struct {
	gen *dice.Generator
	buf []int
	cpu time.Duration
	n   int
}

const floorRepeat = 20

func (f *floorClock) roll(rolls int) {
	if f.gen == nil {
		f.gen, f.buf = dice.NewGenerator(1), make([]int, 0, 2)
	}
	n := rolls * floorRepeat
	gen, buf := f.gen, f.buf // in registers, as dice.BenchmarkRoll's loop has them
	t0 := cputime.Process()
	for range n {
		buf = dice.D10.Roll(gen.Rand, buf[:0])
	}
	f.cpu += cputime.Process() - t0
	f.buf = buf
	f.n += n
	floorSink += f.buf[0]
}

var floorSink int

// BenchmarkReplayVerify is what `schnell replay --verify` does with a Long
// campaign's log: read it as lines (gamelog.ReadLines), then replay it
// (engine.Verify: every event checked against its line). The read and the
// replay are also timed apart, and long/play is the same seed played with
// its log (written to io.Discard), in process: issue 28 item 6 wants long
// ≤ 3× long/play. Each reports the process's CPU time (cpu-ns/op), the
// figure to take ratios of on a shared machine.
func BenchmarkReplayVerify(b *testing.B) {
	d := def(b)
	const seed = 5
	g, _ := play(b, seed, "long", "s100")
	var buf bytes.Buffer
	g.WriteLog(&buf)
	data := buf.Bytes()
	read := func(b *testing.B) *gamelog.Lines {
		lg, err := gamelog.ReadLines("long", bytes.NewReader(data))
		if err != nil {
			b.Fatal(err)
		}
		return lg
	}
	replay := func(b *testing.B, lg *gamelog.Lines) {
		r, n, err := engine.Verify(d, lg, engine.Config{})
		if err != nil || n != len(lg.Lines) {
			b.Fatal(n, err)
		}
		r.Close()
	}
	run := func(name string, f func(b *testing.B)) {
		b.Run(name, func(b *testing.B) {
			b.ReportAllocs()
			cpu0 := cputime.Process()
			f(b)
			b.ReportMetric(float64(cputime.Process()-cpu0)/float64(b.N), "cpu-ns/op")
		})
	}
	run("long", func(b *testing.B) {
		for b.Loop() {
			replay(b, read(b))
		}
	})
	run("long/play", func(b *testing.B) {
		var again bytes.Buffer // the first play's log, to check it is the log replayed
		var w io.Writer = &again
		defer func() {
			if again.Len() > 0 && !bytes.Equal(again.Bytes(), data) {
				b.Fatal("the game played with its log wrote another log than the one replayed")
			}
		}()
		for b.Loop() {
			g, err := engine.New(engine.Config{Def: d, Seed: seed, Options: opts("long", "s100")})
			if err != nil {
				b.Fatal(err)
			}
			if err := g.PlayOut(engine.TakeDefault{}, w); err != nil {
				b.Fatal(err)
			}
			g.Close()
			w = io.Discard
		}
	})
	run("long/read", func(b *testing.B) {
		for b.Loop() {
			read(b)
		}
	})
	lg := read(b)
	run("long/replay", func(b *testing.B) {
		for b.Loop() {
			replay(b, lg)
		}
	})
}

// BenchmarkTableLookup is one roll's table work: modifiers and the row.
func BenchmarkTableLookup(b *testing.B) {
	c, _ := newCampaign(opts("short", "s100"), nil)
	camp := c.(*Campaign)
	camp.Mission = &Mission{Weather: weatherPoor, Pos: -1}
	camp.facts.c = camp
	t := def(b).Booklets[0].Tables.MustGet("A-8")
	mods := make([]tables.Applied, 0, 8)
	b.ReportAllocs()
	for i := 0; b.Loop(); i++ {
		m, sum := t.Modify(camp.bound, mods[:0])
		mods = m
		_ = t.Lookup(1 + i%100 + sum)
	}
}

// BenchmarkLuaDecision is one call of scripts/reference.lua's decide with
// a campaign's view.
func BenchmarkLuaDecision(b *testing.B) {
	d := def(b)
	src, _ := os.ReadFile("../scripts/reference.lua")
	g, _ := play(b, 3, "short", "s100")
	h, err := scripting.Load("reference.lua", src, scripting.Options{}, func() engine.Viewer { return d.View(g.Rules()) })
	if err != nil {
		b.Fatal(err)
	}
	defer h.Close()
	dec := &engine.Decision{Kind: "pilot", Options: []engine.Option{{Name: "pick_up"}, {Name: "leave"}}}
	c, _ := CampaignOf(g)
	c.Mission = &Mission{Sea: 2, Pos: -1, Sunk: map[string]int{}}
	b.ReportAllocs()
	for b.Loop() {
		if _, err := h.Decide(dec); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkLuaRatio plays the same S-100 campaign five ways in turn —
// native, scripts/reference.lua, scripts/combat.lua (with the reference
// Kommandant for the kinds it leaves), and two probes of the host's own
// cost: testdata/bench/floor.lua (takes the default, reads nothing) and
// parts.lua (also looks at the mission and the boats) — and reports each
// one's CPU time per campaign and the ratios to native. The five take
// turns campaign by campaign, so that a shared machine's load weighs on
// them alike. It runs a Long campaign (`long`: the campaign issue 28 item 6
// took its figure on, ~600 decisions) and a Short one (`short`, ~270: the
// figures of docs/performance.md before that item).
//
// reference.lua-host-ns/decision is Lua's own cost per decision, (the
// reference.lua campaign − the native one) ÷ the campaign's decisions
// (issue 28 item 6: ≤ 2,000 ns): reference.lua plays exactly as the native
// Kommandant (TestReferenceLuaMatchesGo), so the decisions are counted once
// per seed in a native game outside the timing. The machine's speed is
// measured in the same process as dice.BenchmarkRoll measures it (roll-cpu-ns:
// one 1D10, CPU time), and …-host-ns/decision-at-6.1ns-roll is the cost per
// decision scaled to a machine where that roll takes 6.1 ns (the machine
// the issue's ~3,100 ns was taken on): a figure to compare across machines
// and loads, not the target, and only while the dice's own code is
// unchanged. The rolls are timed turn about with the campaigns
// (floorClock), so that they see the same load.
//
// A sixth way, reader, is the native Kommandant as a decider that reads
// what it is asked (not engine.Blind nor an engine.DefaultTaker: the rules
// build every option and keep their refusals, as for a script, and make no
// wording, as for a script that names none): reference.lua-over-reader-ns/
// decision is (reference.lua − reader) ÷ decisions, the cost of the Lua
// host itself (its state, its view, its calls, the VM), without the rules'
// work for any decider that reads a decision (which Ctx.Pick skips for the
// native one).
func BenchmarkLuaRatio(b *testing.B) {
	for _, length := range []string{"long", "short"} {
		b.Run(length, func(b *testing.B) { luaRatio(b, length) })
	}
}

func luaRatio(b *testing.B, length string) {
	d := def(b)
	srcs := map[string][]byte{}
	for _, path := range []string{"../scripts/reference.lua", "../scripts/combat.lua", "testdata/bench/floor.lua", "testdata/bench/parts.lua"} {
		src, err := os.ReadFile(path)
		if err != nil {
			b.Fatal(err)
		}
		srcs[filepath.Base(path)] = src
	}
	modes := []string{"native", "reference.lua", "combat.lua", "floor.lua", "parts.lua", "reader"}
	cpu := make([]time.Duration, len(modes))
	play := func(mode string, seed uint64) { playDecider(b, d, length, seed, mode, srcs[mode]) }
	decisions := 0
	count := func(seed uint64) {
		g, err := engine.New(engine.Config{Def: d, Seed: seed, Options: opts(length, "s100")})
		if err != nil {
			b.Fatal(err)
		}
		g.Observe(func(e *gamelog.Event) {
			if e.Type == "decision" {
				decisions++
			}
		})
		if err := g.PlayOut(engine.TakeDefault{}, nil); err != nil {
			b.Fatal(err)
		}
		g.Close()
	}
	// Each way plays one campaign untimed first (a seed the loop does not
	// play): what a process does once, not at each decision (compiling a
	// script, the memory watchdog's first look at the heap), is not
	// charged to the first campaigns timed.
	for _, m := range modes {
		play(m, 1<<40)
	}
	seed := uint64(0)
	var floor floorClock
	for b.Loop() {
		seed++
		count(seed)
		for i := range modes {
			m := (i + int(seed)) % len(modes)
			t0 := cputime.Process()
			play(modes[m], seed)
			cpu[m] += cputime.Process() - t0
			floor.roll(200) // 4,000 rolls after each campaign
		}
	}
	for i, m := range modes {
		b.ReportMetric(float64(cpu[i].Microseconds())/float64(b.N), m+"-cpu-µs")
	}
	for i, m := range modes[1:] {
		b.ReportMetric(float64(cpu[i+1])/float64(cpu[0]), m+"/native")
	}
	host := float64(cpu[1]-cpu[0]) / float64(decisions)
	b.ReportMetric(host, "reference.lua-host-ns/decision")
	b.ReportMetric(float64(cpu[1]-cpu[5])/float64(decisions), "reference.lua-over-reader-ns/decision")
	b.ReportMetric(float64(decisions)/float64(b.N), "decisions/op")
	roll := float64(floor.cpu) / float64(floor.n)
	b.ReportMetric(roll, "roll-cpu-ns")
	b.ReportMetric(host*6.1/roll, "reference.lua-host-ns/decision-at-6.1ns-roll")
}
