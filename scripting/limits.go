package scripting

import (
	"fmt"
	"math"
	"strconv"
	"strings"

	lua "github.com/schnell-wargames/schnell/third_party/gopher-lua"
)

// One call to a builtin is one instruction of the VM, which asks the
// deadline only every few hundred instructions: so each builtin does
// bounded work and builds at most maxString bytes, and a builtin whose
// work grows with its input counts that work as instructions
// (lua.LState.Steps, a patch of gopher-lua): the comparisons of
// table.sort, the slots `#`, next, unpack, getn, maxn, table.insert and
// remove look at, move or fill, the elements table.concat joins, the bytes
// the string builtins build, search or read (bytesPerStep), the events
// log.events reads (stepsPerEvent). A step is about the work of one
// instruction: the deadline then looks at the clock as often within a
// builtin as within a loop of Lua (docs/lua-api.md, "Limits").
const (
	bytesPerStep  = 64
	stepsPerEvent = 64
)

const (
	// maxResults caps what one call may push on the Lua stack (unpack,
	// string.byte), as Lua 5.1 does (LUAI_MAXCSTACK).
	maxResults = 8000
	// maxPrint caps one print's line, maxPrintCall what one call prints
	// and maxPrintGame what a game's script prints (an analysis script,
	// one call, may print maxPrintGame); maxMessage a script error's text
	// (it goes into the log and to the terminal).
	maxPrint     = 64 << 10
	maxPrintCall = 1 << 20
	maxPrintGame = 16 << 20
	maxMessage   = 2 << 10
)

// The registry (Lua's value stack) grows in steps of registryStep up to
// registryMax slots: gopher-lua copies it whole at each step, so the
// default step of 32 made filling it quadratic (unpack of 2e5 values took
// 20 s). 200 frames of at most 250 registers fit in registryMax.
const (
	callStackSize = 200
	registrySize  = 256
	registryStep  = 8 << 10
	registryMax   = 64 << 10
)

// maxArray caps a table's array part (gopher-lua's MaxArrayIndex, 64M by
// default): one assignment t[n] = v fills the slots up to n, so t[6e7] = 1
// took gigabytes in a single instruction; now at most 64 MiB. Keys past it
// go to the hash part, which grows one key at a time. gopher-lua's `#t`
// and table.sort see the array part only, so a sequence longer than 4M
// (64 MiB of slots, over the default memory budget) is not one to them.
const maxArray = 1 << 22

func init() { lua.MaxArrayIndex = maxArray }

// newState makes a Lua state: the registry starts small and grows (a
// state is made for every game a batch plays), the call stack is bounded
// and made whole (16 kB a state). gopher-lua's call stack that grows in
// pooled segments (MinimizeStackMemory) makes no garbage, but costs more
// at every call than the garbage does: Long campaigns with reference.lua
// ran ~190 instructions a decision dearer with it (cachegrind, GOGC=off),
// and no faster in CPU time with the collector on.
func newState() *lua.LState {
	return lua.NewState(lua.Options{SkipOpenLibs: true, CallStackSize: callStackSize,
		RegistrySize: registrySize, RegistryGrowStep: registryStep, RegistryMaxSize: registryMax})
}

// check refuses budgets a script cannot run with.
func (o Options) check() error {
	if o.Memory < 0 || o.Deadline < 0 {
		return fmt.Errorf("a script's memory budget (--memory) and deadline (--deadline) must be positive")
	}
	return nil
}

// limits replaces the builtins whose work or result has no bound in
// gopher-lua (or that leak Go's behaviour) with bounded ones.
func (h *Host) limits() {
	L := h.L
	h.lim.cat = L.NewFunction(h.concat)
	h.register()
	L.SetGlobal("unpack", L.NewFunction(luaUnpack))
	L.SetGlobal("print", L.NewFunction(h.print))
	tonumber := L.GetGlobal("tonumber").(*lua.LFunction).GFunction
	L.SetGlobal("tonumber", L.NewFunction(func(L *lua.LState) int {
		if s, ok := L.Get(1).(lua.LString); ok {
			L.Steps(len(s) / bytesPerStep) // it reads the whole string
		}
		return tonumber(L)
	}))
	L.SetGlobal("tostring", L.NewFunction(func(L *lua.LState) int {
		L.Push(lua.LString(h.tostring(L.CheckAny(1))))
		return 1
	}))
	str := L.GetGlobal("string").(*lua.LTable)
	str.RawSetString("byte", L.NewFunction(luaByte))
	str.RawSetString("char", L.NewFunction(luaChar))
	str.RawSetString("format", L.NewFunction(h.charged(luaFormat)))
	str.RawSetString("rep", L.NewFunction(h.charged(luaRep)))
	for _, f := range []string{"upper", "lower", "reverse"} {
		str.RawSetString(f, L.NewFunction(h.charged(str.RawGetString(f).(*lua.LFunction).GFunction)))
	}
	tab := L.GetGlobal("table").(*lua.LTable)
	tab.RawSetString("concat", L.NewFunction(h.charged(luaConcat)))
	m := L.GetGlobal("math").(*lua.LTable)
	m.RawSetString("randomseed", lua.LNil)
	m.RawSetString("random", L.NewFunction(h.random))
}

// charged wraps a builtin that returns one new string: its size counts
// towards the memory budget's next check (see memory.go).
func (h *Host) charged(f lua.LGFunction) lua.LGFunction {
	return func(L *lua.LState) int {
		n := f(L)
		if s, ok := L.Get(-1).(lua.LString); ok && n == 1 {
			h.charge(len(s))
		}
		return n
	}
}

// checkIndex reads argument n as an integer index (or def when absent),
// refusing what does not fit an index (1e300, NaN).
func checkIndex(L *lua.LState, n, def int) int {
	if L.Get(n) == lua.LNil {
		return def
	}
	f := float64(L.CheckNumber(n))
	if math.IsNaN(f) || f > 1<<53 || f < -(1<<53) {
		L.ArgError(n, "number out of range")
	}
	return int(f)
}

// luaUnpack is unpack(t, i, j) with Lua 5.1's limit on results.
func luaUnpack(L *lua.LState) int {
	t := readable(L, L.CheckTable(1))
	i := checkIndex(L, 2, 1)
	j := checkIndex(L, 3, L.RawLen(t))
	if i > j {
		return 0
	}
	if j-i >= maxResults {
		L.RaiseError("too many results to unpack (%d; at most %d)", j-i+1, maxResults)
	}
	for k := i; k <= j; k++ {
		L.Push(t.RawGetInt(k))
	}
	return j - i + 1
}

// luaByte is string.byte(s, i, j) with Lua 5.1's limit on results.
func luaByte(L *lua.LState) int {
	s := L.CheckString(1)
	i := checkIndex(L, 2, 1)
	j := checkIndex(L, 3, i)
	l := len(s)
	if i < 0 {
		i = max(l+i+1, 0)
	}
	if j < 0 {
		j = l + j + 1
	}
	i = max(i, 1)
	j = min(j, l)
	if i > j {
		return 0
	}
	if j-i >= maxResults {
		L.RaiseError("string slice too long (%d bytes; string.byte returns at most %d)", j-i+1, maxResults)
	}
	for k := i; k <= j; k++ {
		L.Push(lua.LNumber(s[k-1]))
	}
	return j - i + 1
}

// luaChar is string.char(...): its arguments are on the stack, so already
// bounded by the registry.
func luaChar(L *lua.LState) int {
	top := L.GetTop()
	b := make([]byte, top)
	for i := 1; i <= top; i++ {
		c := L.CheckNumber(i)
		if c < 0 || c > 255 || c != lua.LNumber(math.Trunc(float64(c))) {
			L.ArgError(i, "invalid value: a byte is 0-255")
		}
		b[i-1] = byte(c)
	}
	L.Push(lua.LString(b))
	return 1
}

// luaRep is string.rep(s, n), at most maxString bytes.
func luaRep(L *lua.LState) int {
	s := L.CheckString(1)
	n := checkIndex(L, 2, 0)
	if n <= 0 || s == "" {
		L.Push(lua.LString(""))
		return 1
	}
	if n > maxString || len(s)*n > maxString {
		L.RaiseError("string.rep: the result would exceed %d bytes", maxString)
	}
	L.Push(lua.LString(strings.Repeat(s, n)))
	return 1
}

// luaConcat is table.concat(t, sep, i, j) as Lua 5.1 has it, measured
// before it is built: at most maxString bytes.
func luaConcat(L *lua.LState) int {
	t := readable(L, L.CheckTable(1))
	sep := L.OptString(2, "")
	i := checkIndex(L, 3, 1)
	j := checkIndex(L, 4, L.RawLen(t))
	if i > j {
		L.Push(lua.LString(""))
		return 1
	}
	str := func(k int) string {
		switch v := t.RawGetInt(k).(type) {
		case lua.LString:
			return string(v)
		case lua.LNumber:
			return v.String()
		default:
			L.RaiseError("invalid value (at index %d) in table for 'concat' (a %s: strings and numbers only)", k, v.Type())
		}
		return ""
	}
	n := 0
	for k := i; k <= j; k++ {
		n += len(str(k))
		if k < j {
			n += len(sep)
		}
		if n > maxString {
			L.RaiseError("table.concat: the result would exceed %d bytes", maxString)
		}
	}
	L.Steps(j - i + 1)
	var b strings.Builder
	b.Grow(n)
	for k := i; k <= j; k++ {
		b.WriteString(str(k))
		if k < j {
			b.WriteString(sep)
		}
	}
	L.Push(lua.LString(b.String()))
	return 1
}

// print writes one line through the front end: at most maxPrint bytes a
// line, h.printCallMax a call and maxPrintGame a game. The print that
// reaches a limit is cut and followed by a line that says so; the prints
// after it are dropped, at the cost of a call.
func (h *Host) print(L *lua.LState) int {
	p := &h.printed
	if p.call >= h.printCallMax || p.game >= maxPrintGame {
		return 0
	}
	limit := min(maxPrint, h.printCallMax-p.call, maxPrintGame-p.game)
	var b strings.Builder
	cut := 0
	for i := 1; i <= L.GetTop(); i++ {
		s := h.tostring(L.Get(i))
		if i > 1 {
			s = "\t" + s
		}
		if room := limit - b.Len(); len(s) > room {
			cut += len(s) - room
			s = s[:room]
		}
		b.WriteString(s)
	}
	p.call += b.Len()
	p.game += b.Len()
	if cut > 0 && limit == maxPrint {
		fmt.Fprintf(&b, "… (%d more bytes not printed)", cut)
	}
	switch {
	case p.game >= maxPrintGame:
		fmt.Fprintf(&b, "\n[%s] print: this game's script has printed %d MiB, the most it may: its other prints are dropped", h.name, maxPrintGame>>20)
	case p.call >= h.printCallMax:
		fmt.Fprintf(&b, "\n[%s] print: this call has printed %d MiB, the most one call may: its other prints are dropped", h.name, h.printCallMax>>20)
	}
	if h.opts.Print != nil {
		fmt.Fprintf(h.opts.Print, "[%s] %s\n", h.name, b.String())
	}
	h.charge(b.Len())
	return 0
}

// random is math.random: Lua 5.1's intervals ([0,1), [1,m], [m,n]) drawn
// from the game's generator. Bounds must be integers within ±2^53 (where
// a Lua number holds every integer).
func (h *Host) random(L *lua.LState) int {
	bound := func(n int) int64 {
		f := math.Trunc(float64(L.CheckNumber(n)))
		if math.IsNaN(f) || f > 1<<53 || f < -(1<<53) {
			L.ArgError(n, "interval too large: bounds must be within ±2^53")
		}
		return int64(f)
	}
	var lo, hi int64
	switch L.GetTop() {
	case 0:
		L.Push(lua.LNumber(h.rng.Float64()))
		return 1
	case 1:
		lo, hi = 1, bound(1)
		if hi < 1 {
			L.ArgError(1, "interval is empty")
		}
	case 2:
		lo, hi = bound(1), bound(2)
		if lo > hi {
			L.ArgError(2, "interval is empty")
		}
	default:
		L.RaiseError("wrong number of arguments to 'random' (0, 1 or 2)")
	}
	L.Push(lua.LNumber(lo + h.rng.Int64N(hi-lo+1)))
	return 1
}

// clip shortens a text to at most n bytes, saying how much was left out.
func clip(s string, n int) string {
	if len(s) <= n {
		return s
	}
	return fmt.Sprintf("%s… (%d more bytes)", s[:n], len(s)-n)
}

// tostring is Lua's tostring, except that a table, a function or a
// userdata is named by the order in which the script first turned one
// into a string ("table: 3"), not by its address: an address differs from
// run to run, and a script that kept or compared such names would play
// another game for the same seed. The number is kept on the value itself
// (a patch of gopher-lua: Serial), so naming keeps nothing alive: a
// script may name a million tables that it drops. The view's own tables
// and functions (sealed, or with an environment of their own) serve the
// next host when this one closes (mirror.go): a number on them would
// carry over to the next game, so they are named through a map of this
// host's, which the view's size bounds.
func (h *Host) tostring(v lua.LValue) string {
	if h.L.GetMetaField(v, "__tostring") != lua.LNil {
		return h.L.ToStringMeta(v).String()
	}
	var n uint32
	switch x := v.(type) {
	case *lua.LTable:
		if x.Sealed() {
			n = h.mapName(v)
		} else if n = x.Serial(); n == 0 {
			n = h.newName()
			x.SetSerial(n)
		}
	case *lua.LFunction:
		if x.Env != h.L.G.Global {
			n = h.mapName(v)
		} else if n = x.Serial(); n == 0 {
			n = h.newName()
			x.SetSerial(n)
		}
	case *lua.LUserData, *lua.LState:
		n = h.mapName(v)
	default:
		return h.L.ToStringMeta(v).String()
	}
	return v.Type().String() + ": " + strconv.FormatUint(uint64(n), 10)
}

// newName is the next name tostring gives.
func (h *Host) newName() uint32 {
	if h.named == math.MaxUint32 {
		h.L.RaiseError("tostring has named %d tables and functions in this game, the most it can", uint32(math.MaxUint32))
	}
	h.named++
	return h.named
}

// mapName names a value of the view's through the host's map.
func (h *Host) mapName(v lua.LValue) uint32 {
	if h.names == nil {
		h.names = map[lua.LValue]uint32{}
	}
	n, ok := h.names[v]
	if !ok {
		n = h.newName()
		h.names[v] = n
	}
	return n
}
