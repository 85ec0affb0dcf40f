package scripting

import (
	"cmp"
	"slices"
	"strings"

	lua "github.com/schnell-wargames/schnell/third_party/gopher-lua"
)

// The game's view (`game`, `d` and every table in them) is read-only to a
// script: its tables are sealed (a patch of gopher-lua: every assignment
// goes to __newindex, which refuses it), so a script reads them as it
// reads its own tables, the mirror needs no check per field that the
// script left them alone (mirror.go), and a script that assigns to its
// view learns so at once instead of reading a scribble back later. The
// tables written only when first read (lazy.go) reach scripts through an
// empty proxy, sealed too, whose __index reads them. The builtins that
// read tables raw (pairs, next, ipairs, rawget, unpack, table.concat,
// getn, maxn) read through a proxy; those that write raw (rawset,
// table.insert, remove, sort, setn) refuse a sealed table. getmetatable
// shows viewMark, and setmetatable refuses to change it.

// viewMark is the view's __metatable: what getmetatable returns.
const viewMark = lua.LString("the game's view (read-only)")

// viewMeta makes the metatable of the view's tables, with index as its
// __index if any.
func (m *mirror) viewMeta(index lua.LValue) *lua.LTable {
	mt := m.L.CreateTable(0, 3)
	if index != nil {
		mt.RawSetString("__index", index)
	}
	mt.RawSetString("__newindex", m.ro)
	mt.RawSetString("__metatable", viewMark)
	return mt
}

// namesRaw reports whether a chunk's code reads a global that reads a
// table's keys raw (next, pairs, rawget), or the table of globals, where
// one could be found by a name built as the script runs (_G); a string
// "next" (an option's name) is no such read. Such a script could see
// which parts of `game` it read in a call (pairs and rawget show those),
// so its parts are written on a read only, never ahead (mirror.go).
func namesRaw(p *lua.FunctionProto) bool {
	for _, inst := range p.Code {
		if int(inst>>26) != lua.OP_GETGLOBAL { // Lua 5.1's encoding: opcode, then A, then Bx
			continue
		}
		if k := int(inst & 0x3ffff); k < len(p.Constants) {
			switch p.Constants[k] {
			case lua.LString("next"), lua.LString("pairs"), lua.LString("rawget"), lua.LString("_G"):
				return true
			}
		}
	}
	for _, f := range p.FunctionPrototypes {
		if namesRaw(f) {
			return true
		}
	}
	return false
}

// proxy gives nd a read-only proxy (lazy.go), which scripts get instead
// of its table, and two metatables for it: mt, whose __index reads the
// table, while nd is fresh, and smt, whose __index is touch, while it is
// stale. Their first array slot (nodeSlot) holds nd, so that the builtins
// reading through a proxy find its table (and bring it up to date first)
// with no string key to hash: no script sees a view's metatable
// (__metatable), and Lua looks up no number in a metatable.
func (m *mirror) proxy(nd *node) {
	ud := &lua.LUserData{Value: nd, Metatable: lua.LNil}
	meta := func(index lua.LValue) *lua.LTable {
		mt := m.viewMeta(index)
		mt.RawSetInt(nodeSlot, ud)
		if nd.list {
			mt.RawSetString("__len", m.length)
		}
		return mt
	}
	p := m.L.CreateTable(0, 0)
	nd.mt, nd.smt = meta(nd.t), meta(m.touch)
	p.Metatable = nd.mt
	p.Seal()
	nd.p = p
}

// nodeSlot is where a proxy's metatables hold its node.
const nodeSlot = 1

// proxied is the node a proxy stands for, or nil when t is none.
func proxied(t *lua.LTable) *node {
	if !t.Sealed() {
		return nil
	}
	mt, ok := t.Metatable.(*lua.LTable)
	if !ok {
		return nil
	}
	ud, _ := mt.RawGetInt(nodeSlot).(*lua.LUserData)
	if ud == nil {
		return nil
	}
	nd, _ := ud.Value.(*node)
	return nd
}

// readable is t, or the table it is a proxy of, brought up to date
// (lazy.go); what cannot be stops the script, or, with L nil (the prompt
// showing a value), shows the table as it is.
func readable(L *lua.LState, t *lua.LTable) *lua.LTable {
	if nd := proxied(t); nd != nil {
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
	if t.Sealed() {
		L.RaiseError("%s: the game's view is read-only (copy it into a table of your own first)", fn)
	}
	return t
}

// readOnlyView makes the builtins that bypass metatables see through the
// view's proxies (reads) or refuse them (writes).
func (h *Host) readOnlyView() {
	L := h.L
	var order viewOrder
	next := L.NewFunction(func(L *lua.LState) int {
		t := readable(L, L.CheckTable(1))
		var k, v lua.LValue
		if t.Sealed() {
			k, v = order.next(t, L.Get(2), h.lim.calls.Load())
		} else {
			k, v = L.Next(t, L.Get(2))
		}
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
		L.Push(boxInt(L.RawLen(readable(L, L.CheckTable(1)))))
		return 1
	}))
	tab.RawSetString("maxn", L.NewFunction(func(L *lua.LState) int {
		L.Push(lua.LNumber(L.RawMaxN(readable(L, L.CheckTable(1)))))
		return 1
	}))
}

// viewOrder is the order pairs and next visit a table of the view in: its
// keys sorted (numbers first, in order, then names), whatever order the
// mirror set them in. That order depends on what the mirror's tables held
// in earlier calls and earlier games (a field that comes and goes keeps
// its first place), so visiting them as they are stored would let a script
// that chooses by pairs play another game for the same seed. The sorted
// keys of the last table visited are kept for the rest of the call.
type viewOrder struct {
	t    *lua.LTable
	call uint64
	keys []lua.LValue
}

// next is the key after k in t (k nil: the first) and its value, or nil.
func (o *viewOrder) next(t *lua.LTable, k lua.LValue, call uint64) (lua.LValue, lua.LValue) {
	if o.t != t || o.call != call {
		o.t, o.call, o.keys = t, call, o.keys[:0]
		for key, _ := t.Next(lua.LNil); key != lua.LNil; key, _ = t.Next(key) {
			o.keys = append(o.keys, key)
		}
		slices.SortFunc(o.keys, compareKeys)
	}
	i := 0
	if k != lua.LNil {
		i = slices.IndexFunc(o.keys, func(x lua.LValue) bool { return x == k })
		if i < 0 {
			return lua.LNil, lua.LNil // not a key of t: the visit ends
		}
		i++
	}
	for ; i < len(o.keys); i++ {
		if v := t.RawGet(o.keys[i]); v != lua.LNil {
			return o.keys[i], v
		}
	}
	return lua.LNil, lua.LNil
}

// compareKeys orders numbers before strings, each in their own order.
func compareKeys(a, b lua.LValue) int {
	na, aNum := a.(lua.LNumber)
	nb, bNum := b.(lua.LNumber)
	switch {
	case aNum && bNum:
		return cmp.Compare(float64(na), float64(nb))
	case aNum:
		return -1
	case bNum:
		return 1
	}
	return strings.Compare(a.String(), b.String())
}
