package scripting

import (
	"fmt"
	"os"
	"slices"
	"strings"

	lua "github.com/schnell-wargames/schnell/third_party/gopher-lua"

	"github.com/schnell-wargames/schnell/gamelog"
)

// RunAnalysis runs a log-analysis script (`schnell lua FILE ARGS…`) in the
// same sandbox, with `arg` bound to args and a `log` library that reads
// only the files named in args: log.events(path) iterates a log's events,
// log.header(path) returns its header.
func RunAnalysis(name string, src []byte, args []string, opts Options) error {
	if err := opts.check(); err != nil {
		return err
	}
	h := &Host{name: name, opts: opts, deadline: opts.Deadline, onType: map[string]*lua.LFunction{}, printCallMax: maxPrintGame}
	if h.deadline <= 0 {
		h.deadline = DefaultDeadline
	}
	h.rng = newRand(opts.Seed)
	h.L = newState()
	h.mirror = newMirror(h.L)
	defer h.Close()
	h.sandbox()
	at := h.L.NewTable()
	for _, a := range args {
		at.Append(lua.LString(a))
	}
	h.L.SetGlobal("arg", at)
	logs := h.L.NewTable()
	read := func(L *lua.LState) *gamelog.Log {
		path := L.CheckString(1)
		if !slices.Contains(args, path) {
			L.RaiseError("log: %s was not named on the command line: a script reads only the files it is given", path)
		}
		f, err := os.Open(path)
		if err != nil {
			L.RaiseError("log: %v", err)
		}
		defer f.Close()
		lg, err := gamelog.Read(path, f)
		if err != nil {
			L.RaiseError("log: %v", err)
		}
		// Reading a log is work in proportion to its events.
		L.Steps(len(lg.Events) * stepsPerEvent)
		return lg
	}
	logs.RawSetString("events", h.L.NewFunction(func(L *lua.LState) int {
		lg := read(L)
		i := 0
		L.Push(L.NewFunction(func(L *lua.LState) int {
			if i >= len(lg.Events) {
				L.Push(lua.LNil)
				return 1
			}
			e := &lg.Events[i]
			i++
			L.Push(h.object(append([]gamelog.Field{gamelog.Int("seq", e.Seq), gamelog.Str("type", e.Type)}, e.Fields...)))
			return 1
		}))
		return 1
	}))
	logs.RawSetString("header", h.L.NewFunction(func(L *lua.LState) int {
		lg := read(L)
		hd := lg.Header
		opts := make([]gamelog.Field, len(hd.Options))
		for i, o := range hd.Options {
			opts[i] = gamelog.Str(o.Name, o.Value)
		}
		L.Push(h.object([]gamelog.Field{gamelog.Str("game", hd.Game), gamelog.Int("seed", int(hd.Seed)), gamelog.Str("dice", hd.Dice),
			gamelog.Obj("options", opts...), gamelog.Str("tables", hd.Tables)}))
		return 1
	}))
	h.L.SetGlobal("log", logs)
	proto, err := compileChunk(src, name)
	if err != nil {
		return &Error{Script: name, Msg: cleanErr(name, err)}
	}
	if err := h.call(h.L.NewFunctionFromProto(proto), 0, h.lim.cat); err != nil {
		return err
	}
	return nil
}

// Eval runs one line of Lua in the host's sandbox with `game` bound to the
// current view (the prompt's `lua CODE`), and returns what it printed or
// returned.
func (h *Host) Eval(code string) (string, error) {
	L := h.L
	proto, err := compileChunk([]byte("return "+code), "lua")
	if err != nil {
		if proto, err = compileChunk([]byte(code), "lua"); err != nil {
			return "", &Error{Script: "lua", Msg: cleanErr("lua", err)}
		}
	}
	fn := L.NewFunctionFromProto(proto)
	if namesWording(proto) {
		h.mirror.wordless = false
	}
	if namesRaw(proto) {
		h.mirror.lazyOnly = true
	}
	if h.view != nil {
		L.SetGlobal("game", h.mirror.view(h.view(), ""))
	}
	top := L.GetTop()
	if err := h.call(fn, lua.MultRet, h.lim.cat); err != nil {
		return "", err
	}
	var parts []string
	for i := top + 1; i <= L.GetTop(); i++ {
		parts = append(parts, show(L.Get(i), 0))
	}
	L.SetTop(top)
	return strings.Join(parts, "\t"), nil
}

// show renders a value for the prompt (tables one level deep and sorted).
func show(v lua.LValue, depth int) string {
	t, ok := v.(*lua.LTable)
	if ok {
		t = readable(nil, t) // the view's proxies show what they read
	}
	if !ok {
		if s, ok := v.(lua.LString); ok && depth > 0 {
			return fmt.Sprintf("%q", string(s))
		}
		return v.String()
	}
	if depth > 1 {
		return "{…}"
	}
	var parts []string
	t.ForEach(func(k, x lua.LValue) {
		parts = append(parts, k.String()+"="+show(x, depth+1))
	})
	slices.Sort(parts)
	return "{" + strings.Join(parts, ", ") + "}"
}
