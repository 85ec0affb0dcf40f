package scripting

import (
	"errors"

	lua "github.com/schnell-wargames/schnell/third_party/gopher-lua"
)

// Some of the view is written only when a script reads it: the top-level
// fields of `game` and a decision's options (most calls of most scripts
// read neither all of `game` nor every decision's options). Such a node
// reaches scripts through a proxy (readonly.go), and is stale at the start
// of a call: its proxy's __index is touch, which writes the node's fields
// (fill) and gives the proxy back the metatable whose __index is the
// table, so that the reads after the first cost what any other read does. The builtins
// that read a proxy's table raw (pairs, ipairs, #, …) bring it up to date
// first (readable).

// errOldOptions stops a script that reads the options of a decision kept
// from an earlier call: the game has moved on, and they are not kept.
var errOldOptions = errors.New("d.options of an earlier call cannot be read: the decision is answered (copy what you need from d while decide runs)")

// stale makes nd wait for its next read to be written: its proxy takes
// its stale metatable (a field set, no table write).
func (m *mirror) stale(nd *node) {
	if nd.stale {
		return
	}
	nd.stale = true
	nd.p.Metatable = nd.smt
}

// fresh writes a stale node's fields.
func (nd *node) fresh() error {
	if !nd.stale {
		return nil
	}
	if err := nd.fill(); err != nil {
		return err
	}
	nd.stale = false
	nd.p.Metatable = nd.mt
	return nil
}

// touch is the __index of a stale node's proxy.
func touch(L *lua.LState) int {
	nd := proxied(L.CheckTable(1))
	if nd == nil {
		L.Push(lua.LNil)
		return 1
	}
	if err := nd.fresh(); err != nil {
		L.RaiseError("%s", err.Error())
	}
	L.Push(L.GetTable(nd.t, L.Get(2)))
	return 1
}
