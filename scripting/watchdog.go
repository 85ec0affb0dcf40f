package scripting

import (
	"fmt"
	"runtime"
	"runtime/metrics"
	"sync"
	"sync/atomic"
	"time"

	lua "github.com/schnell-wargames/schnell/third_party/gopher-lua"
)

// DefaultMemory is a script's memory budget (Options.Memory).
const DefaultMemory = 64 << 20

// The deadline and the memory budget are kept by one watchdog goroutine
// for the whole process, which never touches a Lua state: every tick it
// raises a flag on each script in a call, and the script's own thread
// reads the flag where gopher-lua's VM asks its context whether to stop
// (every askEvery instructions: our patch, third_party/gopher-lua). There, on the script's thread (locked to its
// OS thread for the call), the script's CPU time is read, so time the
// process was stopped (Ctrl-Z) or waited for a loaded machine does not
// count. The clock starts at the call's first tick: a call is charged up
// to one tick less than it ran, and stops at most two ticks late.
const (
	tick      = 2 * time.Millisecond
	idleTicks = 50 // ticks without a call before the watchdog sleeps
	// chargeStep: strings built by builtins (concat, format, rep…) are
	// added up, and the memory checked whenever they pass this much.
	chargeStep = 1 << 20
	tockEvery  = 1 << 14
	// askEvery is how many instructions the VM runs between two calls of
	// the context's Done (third_party/gopher-lua's ctxCheckEvery).
	askEvery = 256
)

// Memory: gopher-lua counts nothing, so the measure is the Go heap itself,
// which is what a script's tables and strings live in. The program's own
// live heap is taken once, when the first script is loaded (after a
// collection): the baseline. Scripts may together keep 2/3 of their
// budgets live above it (sim --jobs N: N budgets, one per worker); the
// last third is headroom (liveShare). When the heap passes that, a
// collection tells whether it is garbage; if the live heap is still over,
// the script in a call (or the next to return) stops with a memory error.
// A collection is run again only once the heap has moved by an eighth of
// the scripts' share since the last one, or a script came or went; until
// then the last verdict holds (a script growing towards its budget made
// one every tick, and so did the watchdog while a script over it was
// being stopped: seconds of collections). So a script is caught at most an
// eighth past its share, well within the headroom. The heap is read by the watchdog every tick, by a script every
// tockEvery instructions, and whenever its builtins have built chargeStep
// bytes of strings.
var dog struct {
	mu      sync.Mutex
	hosts   map[*Host]struct{}
	budget  int64 // the budgets of the hosts, added up
	base    int64 // the program's live heap before scripts
	based   bool
	running bool
	wake    chan struct{}
	awake   atomic.Bool
	over    atomic.Bool  // the live heap was over at the last look
	last    atomic.Int64 // the live heap above base at the last collection (-1: weigh afresh)
	// gate is closed when a collection the watchdog runs to weigh the
	// heap is over: scripts in a call wait for it at their next
	// instruction (they would allocate on while it runs, and a
	// collection on a loaded machine takes long).
	gate atomic.Pointer[chan struct{}]
}

// limiter is a host's share of the watchdog.
type limiter struct {
	budget  int64
	g       *guard
	inCall  atomic.Bool
	calls   atomic.Uint64
	tick    atomic.Bool // set by the watchdog: look at the clock
	started bool        // the clock has started for this call
	cpu0    int64
	charged int
	cat     *lua.LFunction // the host's `..` (concat.go)
}

// why a call was stopped.
type why int

const (
	whyDeadline why = iota + 1
	whyMemory
)

// guard is the context the VM asks every askEvery instructions.
type guard struct {
	n     uint32 // times asked (every askEvery instructions)
	entry bool   // the next ask is the VM's at the start of a call from Go (call)
	h     *Host
	stop  chan struct{}
	done  chan struct{} // what Done returns: nil (the cheapest select) until fired, then stop
	fired why
}

func (g *guard) Deadline() (time.Time, bool) { return time.Time{}, false }
func (g *guard) Value(any) any               { return nil }

func (g *guard) Err() error {
	switch g.fired {
	case whyDeadline:
		return fmt.Errorf("ran past its %s deadline", g.h.deadline)
	case whyMemory:
		return fmt.Errorf("over the memory budget")
	}
	return nil
}

// Done runs on the script's thread every askEvery instructions.
// Every tockEvery instructions it looks at the clock and the heap itself,
// as it does when the watchdog ticks: on a machine whose cores the scripts
// keep busy, the watchdog may wait its turn for 10 ms or more.
//
// gopher-lua selects on the channel it returns, with a default: a nil
// channel is never ready, and costs less to look at than an open one.
//
// The VM also asks once as a call from Go starts, before any instruction:
// that ask is not counted, so that a look every tockEvery/askEvery asks is
// one every tockEvery instructions, not one every 64 short calls (the
// watchdog's tick still stops a script that makes many).
func (g *guard) Done() <-chan struct{} {
	if g.entry {
		g.entry = false
		return g.done
	}
	g.n++
	if g.n%(tockEvery/askEvery) == 0 || g.h.lim.tick.Load() {
		g.h.tock()
	}
	return g.done
}

func (g *guard) fire(w why) {
	if g.fired == 0 {
		g.fired = w
		close(g.stop)
		g.done = g.stop
	}
}

var epoch = time.Now()

// tock is a tick seen by the script's thread.
func (h *Host) tock() {
	l := &h.lim
	l.tick.Store(false)
	if weigh() {
		l.g.fire(whyMemory)
		return
	}
	now, ok := threadCPU()
	if !ok {
		now = int64(time.Since(epoch))
	}
	if !l.started {
		l.started, l.cpu0 = true, now
		return
	}
	if now-l.cpu0 > int64(h.deadline) {
		l.g.fire(whyDeadline)
	}
}

// register puts a host under the watchdog (at Load), unregister takes it
// off (at Close).
func (h *Host) register() {
	h.lim.budget = h.opts.Memory
	if h.lim.budget <= 0 {
		h.lim.budget = DefaultMemory
	}
	dog.mu.Lock()
	defer dog.mu.Unlock()
	if !dog.based {
		runtime.GC()
		dog.base, dog.based = heapLive(), true
	}
	if dog.hosts == nil {
		dog.hosts = map[*Host]struct{}{}
	}
	if _, ok := dog.hosts[h]; ok {
		return
	}
	dog.hosts[h] = struct{}{}
	dog.budget += h.lim.budget
	dog.last.Store(-1)
	if !dog.running {
		dog.running = true
		dog.wake = make(chan struct{}, 1)
		dog.awake.Store(true)
		go watch()
	}
}

func (h *Host) unregister() {
	dog.mu.Lock()
	defer dog.mu.Unlock()
	if _, ok := dog.hosts[h]; ok {
		delete(dog.hosts, h)
		dog.budget -= h.lim.budget
		dog.last.Store(-1)
	}
}

// call runs fn with args under the deadline and the memory budget, and
// returns its nret results.
func (h *Host) call(fn *lua.LFunction, nret int, args ...lua.LValue) error {
	l := &h.lim
	if l.g == nil || l.g.fired != 0 {
		l.g = &guard{h: h, stop: make(chan struct{})}
		h.L.SetContext(l.g)
	}
	l.started = false
	l.tick.Store(false)
	l.g.entry = true
	h.printed.call = 0
	runtime.LockOSThread()
	l.inCall.Store(true)
	l.calls.Add(1)
	if !dog.awake.Load() {
		select {
		case dog.wake <- struct{}{}:
		default:
		}
	}
	L := h.L // CallByParam, without its copy of the arguments
	L.Push(fn)
	for _, a := range args {
		L.Push(a)
	}
	err := L.PCall(len(args), nret, nil)
	l.inCall.Store(false)
	runtime.UnlockOSThread()
	if err == nil && (dog.over.Load() || l.charged >= chargeStep/16) {
		l.charged = 0
		if m, over := overBudget(); over {
			h.L.SetTop(0)
			// The call has returned: name the function that kept it.
			where := h.name
			if fn.Proto != nil && fn.Proto.LineDefined > 0 {
				where = fmt.Sprintf("%s:%d", h.name, fn.Proto.LineDefined)
			}
			return &Error{Script: h.name, Msg: where + ": " + m + " (on return from the function defined here)"}
		}
	}
	if err == nil {
		return nil
	}
	switch l.g.fired {
	case whyDeadline:
		return &Error{Script: h.name, Msg: fmt.Sprintf("%s: ran past its %s deadline of CPU time (an endless loop?)", h.where(err), h.deadline)}
	case whyMemory:
		m, _ := memoryState()
		return &Error{Script: h.name, Msg: h.where(err) + ": " + m}
	}
	return &Error{Script: h.name, Msg: h.callErr(err)}
}

// charge counts n bytes of strings a builtin built: as steps towards the
// deadline's next look at the clock, and towards the memory budget, which
// is checked every chargeStep bytes (the builtin raises the error if it is
// over).
func (h *Host) charge(n int) {
	h.L.Steps(n / bytesPerStep)
	h.lim.charged += n
	if h.lim.charged < chargeStep {
		return
	}
	h.lim.charged = 0
	if m, over := overBudget(); over {
		h.lim.g.fire(whyMemory)
		h.L.RaiseError("%s", m)
	}
}

// overBudget checks the live heap against the budgets (collecting first
// if the heap, garbage included, is over) and says how it stands.
func overBudget() (string, bool) {
	if !weigh() {
		return "", false
	}
	return memoryState()
}

// weigh reads the heap and, if it is over the scripts' share, collects
// garbage to tell whether the live heap is (scripts in a call wait at the
// gate meanwhile). It reports whether the live heap is over.
func weigh() bool {
	if gate := dog.gate.Load(); gate != nil {
		// Another is weighing: its verdict that all is well holds, but
		// "over" may predate memory freed meanwhile (a script closed).
		<-*gate
		if !dog.over.Load() {
			return false
		}
	}
	dog.mu.Lock()
	base, live := dog.base, liveShare(dog.budget)
	dog.mu.Unlock()
	heap := heapObjects() - base
	if live <= 0 || heap <= live {
		dog.over.Store(false)
		return false
	}
	if last := dog.last.Load(); last >= 0 && heap-last < live/8 && last-heap < live/8 {
		return dog.over.Load()
	}
	gate := make(chan struct{})
	for !dog.gate.CompareAndSwap(nil, &gate) {
		if g := dog.gate.Load(); g != nil {
			<-*g
		}
	}
	tickAll()
	runtime.GC()
	held := heapLive() - base
	over := held > live
	dog.over.Store(over)
	dog.last.Store(held)
	dog.gate.Store(nil)
	close(gate)
	return over
}

// memoryState says what the scripts hold and may hold.
func memoryState() (string, bool) {
	dog.mu.Lock()
	base, budget, n := dog.base, dog.budget, len(dog.hosts)
	dog.mu.Unlock()
	held := heapLive() - base
	each := ""
	if n > 1 {
		each = fmt.Sprintf(" (%d scripts share it)", n)
	}
	return fmt.Sprintf("over the memory budget: scripts hold %.1f MiB, and may hold %.1f MiB of a budget of %d MiB%s; --memory MiB sets a script's budget",
		float64(held)/(1<<20), float64(liveShare(budget))/(1<<20), budget>>20, each), held > liveShare(budget)
}

// liveShare is what scripts may keep live of their budget: the rest is
// headroom for what the collector has not yet freed and for what a
// script allocates between two looks at the heap, so that the process's
// peak memory stays within the budget.
func liveShare(budget int64) int64 { return budget / 3 * 2 }

// watch is the watchdog: it ticks while scripts run, and sleeps when
// none has been called for idleTicks.
func watch() {
	t := time.NewTicker(tick)
	idle := 0
	last := uint64(0)
	for range t.C {
		weigh()
		calls := tickAll()
		if calls != last {
			last, idle = calls, 0
			continue
		}
		if idle++; idle < idleTicks {
			continue
		}
		t.Stop()
		dog.awake.Store(false)
		if !anyInCall() {
			<-dog.wake
		}
		dog.awake.Store(true)
		idle = 0
		t.Reset(tick)
	}
}

// tickAll raises the tick flag of the scripts in a call, and returns how
// many calls have been made.
func tickAll() uint64 {
	var calls uint64
	dog.mu.Lock()
	defer dog.mu.Unlock()
	for h := range dog.hosts {
		calls += h.lim.calls.Load()
		if h.lim.inCall.Load() {
			h.lim.tick.Store(true)
		}
	}
	return calls
}

func anyInCall() bool {
	dog.mu.Lock()
	defer dog.mu.Unlock()
	for h := range dog.hosts {
		if h.lim.inCall.Load() {
			return true
		}
	}
	return false
}

// heapObjects is the heap in objects, garbage not yet swept included.
func heapObjects() int64 { return readHeap("/memory/classes/heap/objects:bytes") }

// heapLive is the heap marked live by the last collection.
func heapLive() int64 { return readHeap("/gc/heap/live:bytes") }

func readHeap(name string) int64 {
	s := [1]metrics.Sample{{Name: name}}
	metrics.Read(s[:])
	if s[0].Value.Kind() != metrics.KindUint64 {
		return 0
	}
	return int64(s[0].Value.Uint64())
}
