package scripting

import (
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"strconv"
	"strings"
	"sync"
	"time"

	lua "github.com/schnell-wargames/schnell/third_party/gopher-lua"

	"github.com/schnell-wargames/schnell/engine"
	"github.com/schnell-wargames/schnell/gamelog"
)

// DefaultDeadline bounds each call into a script.
const DefaultDeadline = 250 * time.Millisecond

// maxString caps the strings a script's builtins (string.rep, .format,
// table.concat, `..`) may build (limits.go).
const maxString = 1 << 20

// Options configure a script host.
type Options struct {
	Deadline time.Duration // per call; 0 = DefaultDeadline
	Print    io.Writer     // where print goes (nil: discarded)
	Seed     uint64        // seeds math.random (the game's seed: reproducible)
	Memory   int64         // memory budget in bytes; 0 = DefaultMemory (see watchdog.go)
}

// View returns the game's view for scripts (the engine.Viewer of the game
// being played), asked at each call. The script sees it as Lua tables the
// host keeps up to date (see mirror): it never holds Go pointers.
type View func() engine.Viewer

// Host runs one script: a sandboxed Lua state whose decide(d, game)
// answers the game's decisions. It implements engine.Decider.
type Host struct {
	L        *lua.LState
	name     string
	opts     Options
	view     View
	decide   *lua.LFunction
	onEvent  *lua.LFunction
	onType   map[string]*lua.LFunction // event type → its on_TYPE hook
	rng      *rand.Rand
	deadline time.Duration
	active   bool // attached to a game (Attach)
	mirror   *mirror
	lim      limiter                  // the deadline and the memory budget (watchdog.go)
	printed  struct{ call, game int } // bytes printed in this call and in this game (limits.go)
	// printCallMax is what one call may print: maxPrintCall, or
	// maxPrintGame for an analysis script (one call).
	printCallMax int
	named        uint32                // names tostring gave (limits.go)
	names        map[lua.LValue]uint32 // the view's tables and functions named by tostring
}

// Error is a script's failure: its file, the line when known, and what
// went wrong.
type Error struct {
	Script string
	Msg    string
}

func (e *Error) Error() string { return e.Msg }

// Load compiles and runs a script's top level in a fresh sandbox.
func Load(name string, src []byte, opts Options, view View) (*Host, error) {
	if err := opts.check(); err != nil {
		return nil, err
	}
	h := &Host{name: name, opts: opts, view: view, deadline: opts.Deadline, onType: map[string]*lua.LFunction{}, printCallMax: maxPrintCall}
	if h.deadline <= 0 {
		h.deadline = DefaultDeadline
	}
	h.rng = newRand(opts.Seed)
	h.L = newState()
	h.mirror = acquireMirror(h.L)
	h.sandbox()
	c, err := h.compile(name, src)
	if err != nil {
		h.Close()
		return nil, err
	}
	fn := h.L.NewFunctionFromProto(c.proto)
	h.mirror.wordless = !c.wording
	h.mirror.lazyOnly = c.raw
	if err := h.call(fn, 0, h.lim.cat); err != nil {
		h.Close()
		return nil, err
	}
	d, ok := h.L.GetGlobal("decide").(*lua.LFunction)
	if !ok {
		h.Close()
		return nil, &Error{Script: name, Msg: name + ": defines no function decide(d, game)"}
	}
	h.decide = d
	if f, ok := h.L.GetGlobal("on_event").(*lua.LFunction); ok {
		h.onEvent = f
	}
	// on_TYPE hooks see the events of one type.
	h.L.G.Global.ForEach(func(k, v lua.LValue) {
		name, ok := k.(lua.LString)
		f, isFn := v.(*lua.LFunction)
		if ok && isFn && strings.HasPrefix(string(name), "on_") && name != "on_event" {
			h.onType[string(name)[3:]] = f
		}
	})
	if h.Hooks() {
		h.mirror.lazyOnly = true // a hook may read a kept game between two calls
	}
	return h, nil
}

func newRand(seed uint64) *rand.Rand { return rand.New(rand.NewPCG(seed, 0x10a)) }

// NewEval makes a host with no script, for evaluating lines at the prompt.
func NewEval(opts Options, view View) *Host {
	h, err := Load("lua", []byte("function decide(d) return d.default end"), opts, view)
	if err != nil {
		panic(err) // the built-in script is valid
	}
	return h
}

// Close frees the Lua state.
func (h *Host) Close() {
	h.unregister()
	if h.mirror != nil {
		h.mirror.release()
		h.mirror = nil
	}
	h.L.Close()
}

// compile makes the script's byte code; the byte code of a script is
// compiled once per process and shared by the states that run it (it is
// read-only: gopher-lua's README), with what its code names.
func (h *Host) compile(name string, src []byte) (*chunk, error) {
	if c := compiled(name, src); c != nil {
		return c, nil
	}
	proto, err := compileChunk(src, name)
	if err != nil {
		return nil, &Error{Script: name, Msg: cleanErr(name, err)}
	}
	return newChunk(proto), nil
}

// chunk is a script's byte code and what its code names (namesWording,
// namesRaw), read once.
type chunk struct {
	proto   *lua.FunctionProto
	wording bool
	raw     bool
}

func newChunk(p *lua.FunctionProto) *chunk {
	return &chunk{proto: p, wording: namesWording(p), raw: namesRaw(p)}
}

var protos struct {
	sync.Mutex
	m map[string]map[string]*chunk // by name, then source
	n int                          // sources kept
}

// compiled returns the byte code of a script, or nil if it does not compile
// (Load then says why, as it always has).
func compiled(name string, src []byte) *chunk {
	protos.Lock()
	defer protos.Unlock()
	if c, ok := protos.m[name][string(src)]; ok { // no copy of src to look it up
		return c
	}
	p, err := compileChunk(src, name)
	if err != nil {
		return nil
	}
	if protos.m == nil || protos.n >= 64 {
		protos.m, protos.n = map[string]map[string]*chunk{}, 0
	}
	if protos.m[name] == nil {
		protos.m[name] = map[string]*chunk{}
	}
	c := newChunk(p)
	protos.m[name][string(src)] = c
	protos.n++
	return c
}

// Who implements engine.Decider.
func (h *Host) Who() engine.Who { return engine.ByScript }

// Wordless implements engine.Wordless: a script whose code never names
// `prompt` nor `text` reads no wording, and the rules make none for it.
func (h *Host) Wordless(string) bool { return h.mirror.wordless }

// RefusesLate implements engine.LateRefuser: a script reads the rules'
// refusals only to say why its answer is not an option (DecideArgs).
func (h *Host) RefusesLate(string) bool { return true }

var (
	_ engine.Wordless    = (*Host)(nil)
	_ engine.LateRefuser = (*Host)(nil)
)

// namesWording reports whether a chunk's code names a decision's wording
// (the string constants "prompt" and "text", the keys d.prompt and o.text
// are read by), in any of its functions.
func namesWording(p *lua.FunctionProto) bool {
	for _, c := range p.Constants {
		if c == lua.LString("prompt") || c == lua.LString("text") {
			return true
		}
	}
	for _, f := range p.FunctionPrototypes {
		if namesWording(f) {
			return true
		}
	}
	return false
}

// sandbox opens base, table, string and math only, and removes or
// replaces everything that reaches outside the game.
func (h *Host) sandbox() {
	L := h.L
	for _, lib := range []struct {
		name string
		fn   lua.LGFunction
	}{{lua.BaseLibName, lua.OpenBase}, {lua.TabLibName, lua.OpenTable}, {lua.StringLibName, lua.OpenString}, {lua.MathLibName, lua.OpenMath}} {
		L.Push(L.NewFunction(lib.fn))
		L.Push(lua.LString(lib.name))
		L.Call(1, 0)
	}
	for _, g := range []string{"dofile", "loadfile", "load", "loadstring", "require", "module", "collectgarbage",
		"getfenv", "setfenv", "newproxy", "_printregs"} {
		L.SetGlobal(g, lua.LNil)
	}
	str := L.GetGlobal("string").(*lua.LTable)
	// Patterns can run for minutes on a short string and ignore the
	// deadline: find is plain-text only, and the pattern functions are gone.
	for _, f := range []string{"match", "gmatch", "gsub"} {
		msg := "string." + f + " is not available to scripts (Lua patterns can run for minutes): use string.find, which matches plain text"
		str.RawSetString(f, L.NewFunction(func(L *lua.LState) int {
			L.RaiseError("%s", msg)
			return 0
		}))
	}
	str.RawSetString("find", L.NewFunction(func(L *lua.LState) int {
		s, sub := L.CheckString(1), L.CheckString(2)
		init := L.OptInt(3, 1)
		if init < 0 {
			init = max(1, len(s)+init+1)
		}
		if init < 1 {
			init = 1
		}
		if init > len(s)+1 {
			L.Push(lua.LNil)
			return 1
		}
		L.Steps((len(s) - init + 1) / bytesPerStep)
		i := strings.Index(s[init-1:], sub)
		if i < 0 {
			L.Push(lua.LNil)
			return 1
		}
		L.Push(boxInt(init + i)) // boxed once when small (mirror.go)
		L.Push(boxInt(init + i + len(sub) - 1))
		return 2
	}))
	// ipairs as Lua 5.1 has it (raw reads from 1 to the first nil), with
	// no allocation per step (gopher-lua's boxes each index), and no call
	// per step: the VM runs the step itself (SetIterator, a patch of
	// gopher-lua).
	it := &ipairsIter{} // never reassigned: the step reads it from its closure at once
	step := func(L *lua.LState, state, control lua.LValue) (lua.LValue, lua.LValue) {
		t, ok := state.(*lua.LTable)
		n, isNum := control.(lua.LNumber)
		if !ok || !isNum {
			badStep(L, state, control)
		}
		if t != it.seen || it.node != nil && it.node.stale {
			it.look(L, t)
		}
		i := int(n) + 1
		v := it.reads.RawGetInt(i)
		if v == lua.LNil {
			return lua.LNil, lua.LNil
		}
		return boxInt(i), v
	}
	ipairsStep := L.NewFunction(func(L *lua.LState) int {
		k, v := step(L, L.Get(1), L.Get(2))
		if k == lua.LNil {
			return 0
		}
		L.Push(k)
		L.Push(v)
		return 2
	})
	L.SetIterator(ipairsStep, step)
	L.SetGlobal("ipairs", L.NewFunction(func(L *lua.LState) int {
		t := L.CheckTable(1)
		L.Push(ipairsStep)
		L.Push(t)
		L.Push(boxInt(0))
		return 3
	}))
	h.limits()
	h.readOnlyView()
}

// ipairsIter is what ipairs' steps keep: the last table stepped, its view
// node if any and the table it reads, so that the steps of one loop find
// it at once.
type ipairsIter struct {
	seen, reads *lua.LTable
	node        *node
}

// look makes t the table stepped.
func (it *ipairsIter) look(L *lua.LState, t *lua.LTable) {
	nd, reads := proxied(t), t
	if nd != nil { // readable(L, t), with the node found once
		if err := nd.fresh(); err != nil {
			L.RaiseError("%s", err.Error())
		}
		reads = nd.t
	}
	it.seen, it.node, it.reads = t, nd, reads
}

func badStep(L *lua.LState, state, control lua.LValue) {
	L.RaiseError("ipairs' step wants a table and a number, got a %s and a %s", state.Type(), control.Type())
}

// where finds "name:LINE" in an error's text or trace, else the name.
func (h *Host) where(err error) string {
	var ae *lua.ApiError
	text := err.Error()
	if errors.As(err, &ae) {
		text = ae.StackTrace + "\n" + text
	}
	if i := strings.Index(text, h.name+":"); i >= 0 {
		rest := text[i+len(h.name)+1:]
		j := 0
		for j < len(rest) && rest[j] >= '0' && rest[j] <= '9' {
			j++
		}
		if j > 0 {
			return h.name + ":" + rest[:j]
		}
	}
	return h.name
}

// cleanErr keeps the first line of a Lua error ("name:LINE: message"),
// in the player's words where Lua's are obscure.
func cleanErr(name string, err error) string {
	var ae *lua.ApiError
	msg := err.Error()
	if errors.As(err, &ae) && ae.Object != nil {
		msg = ae.Object.String()
		switch ae.Object.(type) {
		case *lua.LTable, *lua.LFunction, *lua.LUserData, *lua.LNilType, lua.LBool:
			// Not its address, which differs from run to run (the log
			// records the message).
			msg = fmt.Sprintf("the script raised a %s as its error, not a message (error(\"what went wrong\") says what)", ae.Object.Type())
		}
	}
	msg, _, _ = strings.Cut(msg, "\nstack traceback:")
	switch {
	case strings.HasSuffix(msg, "stack overflow"):
		// gopher-lua says "stack overflow" or "lua callstack overflow".
		msg = strings.TrimSuffix(strings.TrimSuffix(msg, "stack overflow"), "lua call") + fmt.Sprintf("stack overflow: functions called each other more than %d deep (one that calls itself without end?)", callStackSize)
	case strings.HasSuffix(msg, "registry overflow"):
		msg = strings.TrimSuffix(msg, "registry overflow") + fmt.Sprintf("stack overflow: more than %d values on Lua's stack (deep calls with many arguments or results?)", registryMax)
	}
	if !strings.HasPrefix(msg, name) {
		msg = name + ": " + msg
	}
	return clip(msg, maxMessage)
}

// callErr is the error of a call that failed in Lua: cleanErr's, with the
// line the script was at when the message has none (a stack overflow, an
// error raised with a table or with level 0), from the error's traceback.
func (h *Host) callErr(err error) string {
	msg := cleanErr(h.name, err)
	rest := strings.TrimPrefix(msg, h.name)
	if strings.HasPrefix(rest, ": ") {
		if w := h.where(err); w != h.name {
			msg = clip(w+rest, maxMessage)
		}
	}
	return msg
}

// Decide implements engine.Decider: decide(d, game) must return an option's
// name or its number (1..n).
func (h *Host) Decide(d *engine.Decision) (int, error) {
	a, err := h.DecideArgs(d)
	if err == nil && len(a.Args) > 0 && len(d.Options[a.Option].Args) == 0 {
		return 0, &Error{Script: h.name, Msg: fmt.Sprintf("%s: decide answered %s with arguments: %s takes none", h.name, d.Kind, d.Options[a.Option].Name)}
	}
	return a.Option, err
}

// DecideArgs implements engine.ArgDecider: decide may answer with a table,
// {option = "fire", target = "b", range = 35} (or {"fire", target = "b"}),
// whose other keys are the option's arguments.
//
// A decision with a single option that takes no arguments is answered
// without a call: there is nothing to decide.
func (h *Host) DecideArgs(d *engine.Decision) (engine.Answer, error) {
	if len(d.Options) == 1 && len(d.Options[0].Args) == 0 {
		return engine.Answer{Option: 0}, nil
	}
	L := h.L
	var game lua.LValue = lua.LNil
	if h.view != nil {
		game = h.mirror.view(h.view(), d.Kind)
	}
	dt := h.mirror.decide(d)
	err := h.call(h.decide, 1, dt, game)
	h.mirror.done()
	if err != nil {
		return engine.Answer{}, err
	}
	ret := L.Get(-1)
	L.Pop(1)
	switch v := ret.(type) { // mostly: an option's name or number
	case lua.LString:
		for i := range d.Options { // by index: an option is too big to copy for its name
			if d.Options[i].Name == string(v) {
				return engine.Answer{Option: i}, nil
			}
		}
	case lua.LNumber:
		if n := int(v); float64(n) == float64(v) && n >= 1 && n <= len(d.Options) {
			return engine.Answer{Option: n - 1}, nil
		}
	}
	return h.answer(d, ret)
}

// answer reads what decide returned (DecideArgs).
func (h *Host) answer(d *engine.Decision, ret lua.LValue) (engine.Answer, error) {
	bad := func(what string) (engine.Answer, error) {
		names := make([]string, len(d.Options))
		for i, o := range d.Options {
			names[i] = strconv.Itoa(i+1) + "=" + o.Name
		}
		return engine.Answer{}, &Error{Script: h.name, Msg: fmt.Sprintf("%s: decide answered %s %s; the options are %s", h.name, d.Kind, what, strings.Join(names, ", "))}
	}
	var args map[string]gamelog.Value
	if t, ok := ret.(*lua.LTable); ok {
		ret = t.RawGetString("option")
		if ret == lua.LNil {
			ret = t.RawGetInt(1)
		}
		switch ret.(type) {
		case lua.LString, lua.LNumber:
		case *lua.LNilType:
			o := strconv.Quote(d.Options[0].Name)
			return bad(fmt.Sprintf("with a table that names no option: put the option first, {%s, …}, or give it as option = %s", o, o))
		default:
			return bad("with a table whose option is a " + ret.Type().String() + ": give the option's name or number")
		}
		var err error
		if args, err = h.answerArgs(d, t); err != nil {
			return engine.Answer{}, err
		}
	}
	switch v := ret.(type) {
	case lua.LString:
		for i := range d.Options {
			if d.Options[i].Name == string(v) {
				return engine.Answer{Option: i, Args: args}, nil
			}
		}
		refused := func(why string) error {
			return &Error{Script: h.name, Msg: fmt.Sprintf("%s: decide answered %s %q: %s", h.name, d.Kind, clip(string(v), 64), why)}
		}
		if why, ok := d.Refusal(string(v)); ok {
			return engine.Answer{}, refused(why)
		}
		_, err := bad(strconv.Quote(clip(string(v), 64)))
		if d.RefusesLater() { // the game says why, if the rules refused it
			err = &engine.NoSuchOption{Answer: string(v), Refused: refused, Else: err}
		}
		return engine.Answer{}, err
	case lua.LNumber:
		n := int(v)
		if float64(n) != float64(v) || n < 1 || n > len(d.Options) {
			return bad(v.String())
		}
		return engine.Answer{Option: n - 1, Args: args}, nil
	}
	if ret == lua.LNil {
		return bad("with nothing (nil): decide must return an option's name or number")
	}
	return bad("with a " + ret.Type().String() + ": decide must return an option's name or number")
}

// answerArgs reads the arguments of a table answer: every key but option
// and [1], each an integer, a string or a boolean.
func (h *Host) answerArgs(d *engine.Decision, t *lua.LTable) (map[string]gamelog.Value, error) {
	var args map[string]gamelog.Value
	var err error
	t.ForEach(func(k, v lua.LValue) {
		if err != nil || k == lua.LString("option") || k == lua.LNumber(1) {
			return
		}
		ks, ok := k.(lua.LString)
		if !ok {
			err = &Error{Script: h.name, Msg: fmt.Sprintf("%s: decide answered %s with a table whose key %s is not an argument's name", h.name, d.Kind, k.String())}
			return
		}
		var val gamelog.Value
		switch x := v.(type) {
		case lua.LNumber:
			n := int(x)
			if float64(n) != float64(x) {
				err = &Error{Script: h.name, Msg: fmt.Sprintf("%s: decide answered %s with %s = %s: want a whole number", h.name, d.Kind, ks, x)}
				return
			}
			val = gamelog.IntV(n)
		case lua.LString:
			val = gamelog.StrV(string(x))
		case lua.LBool:
			val = gamelog.Value{Kind: gamelog.KBool, B: bool(x)}
		default:
			err = &Error{Script: h.name, Msg: fmt.Sprintf("%s: decide answered %s with %s = a %s: want a number, a string or a boolean", h.name, d.Kind, ks, v.Type())}
			return
		}
		if args == nil {
			args = map[string]gamelog.Value{}
		}
		args[string(ks)] = val
	})
	return args, err
}

// Hooks reports whether the script has hooks (on_event, on_TYPE): OnEvent
// need only observe a game when it has.
func (h *Host) Hooks() bool { return h.onEvent != nil || len(h.onType) > 0 }

// OnEvent runs the script's hooks for an event; use it as an engine
// observer. A failing hook stops the game with the script's error.
func (h *Host) OnEvent(e *gamelog.Event) {
	if h.onEvent == nil && h.onType[e.Type] == nil {
		return
	}
	t := h.object(append([]gamelog.Field{gamelog.Int("seq", e.Seq), gamelog.Str("type", e.Type)}, e.Fields...))
	for _, f := range []*lua.LFunction{h.onEvent, h.onType[e.Type]} {
		if f == nil {
			continue
		}
		if err := h.call(f, 0, t); err != nil {
			panic(&engine.Fault{Err: err})
		}
	}
}

func (h *Host) object(fs []gamelog.Field) *lua.LTable {
	t := h.L.NewTable()
	for _, f := range fs {
		t.RawSetString(f.Key, h.value(f.Val))
	}
	return t
}

func (h *Host) value(v gamelog.Value) lua.LValue {
	switch v.Kind {
	case gamelog.KInt:
		return lua.LNumber(v.I)
	case gamelog.KStr:
		return lua.LString(v.S)
	case gamelog.KBool:
		return lua.LBool(v.B)
	case gamelog.KList:
		t := h.L.NewTable()
		for _, x := range v.L {
			t.Append(h.value(x))
		}
		return t
	case gamelog.KObj:
		return h.object(v.O)
	}
	return lua.LNil
}
