package scripting

import (
	lua "github.com/yuin/gopher-lua"
)

// The game's view (`game`, `d` and every table in them) reaches a script
// as read-only proxies: an empty table whose metatable reads through to
// the mirror's table (__index) and refuses every assignment (__newindex),
// with `#` answered by __len. The mirror's tables are never handed to a
// script, so the mirror needs no check per field that the script left
// them alone (mirror.go), and a script that assigns to its view learns so
// at once instead of reading a scribble back later. The builtins that
// read or write tables raw (pairs, next, ipairs, rawget, unpack,
// table.concat, getn, maxn) read through a proxy; those that write raw
// (rawset, table.insert, remove, sort, setn) refuse one. getmetatable
// shows viewMark, and setmetatable refuses to change it.

// viewMark is the proxies' __metatable: what getmetatable returns.
const viewMark = lua.LString("the game's view (read-only)")

// proxy makes nd's read-only proxy and its metatable. Its __node holds
// nd, so that the builtins reading through a proxy find its table (and
// bring it up to date first: lazy.go).
func (m *mirror) proxy(nd *node) {
	mt := m.L.CreateTable(0, 5)
	mt.RawSetString("__index", nd.t)
	mt.RawSetString("__newindex", m.ro)
	mt.RawSetString("__metatable", viewMark)
	mt.RawSetString("__node", &lua.LUserData{Value: nd, Metatable: lua.LNil})
	if nd.list {
		mt.RawSetString("__len", m.length)
	}
	p := m.L.CreateTable(0, 0)
	p.Metatable = mt
	nd.p, nd.mt = p, mt
}

// viewOf is the node a view proxy reads, or nil when t is none.
func viewOf(t *lua.LTable) *node {
	mt, ok := t.Metatable.(*lua.LTable)
	if !ok || mt.RawGetString("__metatable") != viewMark {
		return nil
	}
	ud, _ := mt.RawGetString("__node").(*lua.LUserData)
	if ud == nil {
		return nil
	}
	nd, _ := ud.Value.(*node)
	return nd
}

// readable is t, or the table it is a view proxy of, brought up to date
// (lazy.go); what cannot be stops the script, or, with L nil (the prompt
// showing a value), shows the table as it is.
func readable(L *lua.LState, t *lua.LTable) *lua.LTable {
	if nd := viewOf(t); nd != nil {
		if err := nd.fresh(); err != nil && L != nil {
			L.RaiseError("%s", err.Error())
		}
		return nd.t
	}
	return t
}

// refuseWrite is the proxies' __newindex.
func refuseWrite(L *lua.LState) int {
	k := L.Get(2)
	key := clip(k.String(), 64)
	if _, ok := k.(lua.LString); !ok {
		key = "[" + key + "]"
	}
	L.RaiseError("the game's view is read-only: cannot set %s (copy what you need into a table of your own)", key)
	return 0
}

// proxyLen is the proxies' __len.
func proxyLen(L *lua.LState) int {
	L.Push(boxInt(readable(L, L.CheckTable(1)).Len()))
	return 1
}

// checkWritable is L.CheckTable(n) for builtins that write a table raw.
func checkWritable(L *lua.LState, n int, fn string) *lua.LTable {
	t := L.CheckTable(n)
	if viewOf(t) != nil {
		L.RaiseError("%s: the game's view is read-only (copy it into a table of your own first)", fn)
	}
	return t
}

// readOnlyView makes the builtins that bypass metatables see through the
// view's proxies (reads) or refuse them (writes).
func (h *Host) readOnlyView() {
	L := h.L
	next := L.NewFunction(func(L *lua.LState) int {
		t := readable(L, L.CheckTable(1))
		k, v := t.Next(L.Get(2))
		if k == lua.LNil {
			L.Push(lua.LNil)
			return 1
		}
		L.Push(k)
		L.Push(v)
		return 2
	})
	L.SetGlobal("next", next)
	L.SetGlobal("pairs", L.NewFunction(func(L *lua.LState) int {
		t := L.CheckTable(1)
		L.Push(next)
		L.Push(t)
		L.Push(lua.LNil)
		return 3
	}))
	L.SetGlobal("rawget", L.NewFunction(func(L *lua.LState) int {
		L.Push(readable(L, L.CheckTable(1)).RawGet(L.CheckAny(2)))
		return 1
	}))
	rawset := L.GetGlobal("rawset").(*lua.LFunction).GFunction
	L.SetGlobal("rawset", L.NewFunction(func(L *lua.LState) int {
		checkWritable(L, 1, "rawset")
		return rawset(L)
	}))
	tab := L.GetGlobal("table").(*lua.LTable)
	for _, name := range []string{"insert", "remove", "sort", "setn"} {
		f, ok := tab.RawGetString(name).(*lua.LFunction)
		if !ok {
			continue
		}
		fn, what := f.GFunction, "table."+name
		tab.RawSetString(name, L.NewFunction(func(L *lua.LState) int {
			checkWritable(L, 1, what)
			return fn(L)
		}))
	}
	tab.RawSetString("getn", L.NewFunction(func(L *lua.LState) int {
		L.Push(boxInt(readable(L, L.CheckTable(1)).Len()))
		return 1
	}))
	tab.RawSetString("maxn", L.NewFunction(func(L *lua.LState) int {
		L.Push(lua.LNumber(readable(L, L.CheckTable(1)).MaxN()))
		return 1
	}))
}
