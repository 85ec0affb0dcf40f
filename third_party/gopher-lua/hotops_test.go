package lua

import (
	"context"
	"strings"
	"testing"
)

// hotOpsScript runs every op mainLoopWithContext runs itself (patch 13)
// down each of its paths — metamethods, the host's iterator, coroutines,
// tail calls, varargs — and the errors they raise, and returns what it
// saw as one string.
const hotOpsScript = `
local out = {}
local function w(...)
  local n = select('#', ...)
  local t = {...}
  for i = 1, n do out[#out + 1] = tostring(t[i]) end
  out[#out + 1] = ";"
end
local function perr(f, ...) local ok, err = pcall(f, ...) w(ok, err) end

-- MOVE, LOADK, LOADBOOL, LOADNIL, NOT, GETUPVAL, GETGLOBAL
local a, b, c = 1, "x", true
local d, e
local f2 = a
w(a, b, c, d, e, f2, not a, not d, not false, 2 > 1, 1 > 2)
local up = 5
gl = "global"
local function f() up = up + 1; return up, gl, nosuchglobal end
w(f())
w(f())

-- GETTABLE, GETTABLEKS: own fields, __index tables and functions, strings
local t = {x = 1, [2] = "two", y = {z = 3}, [2.5] = "half", [true] = "yes"}
local k = "x"
w(t.x, t[2], t.y.z, t.nope, t["x"], t[k], t[2.5], t[true], t[1 + 1])
local base = {inherited = "yes", [1] = "one"}
local obj = setmetatable({own = 1}, {__index = base})
w(obj.own, obj.inherited, obj.missing, obj[1], obj[k])
local obj2 = setmetatable({}, {__index = function(tb, key) return "idx:" .. tostring(key) end})
w(obj2.anything, obj2[1], obj2[k])
local chain = setmetatable({}, {__index = setmetatable({}, {__index = base})})
w(chain.inherited)
w(("abc").len == string.len, ("abc"):upper(), #("abcd"))
t.x = nil
w(t.x, t[k])
_G.gl = nil
w(gl)

-- EQ, LT, LE: numbers, strings, tables, metamethods
w(1 == 1, 1 == 2, "a" == "a", "a" == "b", "a" == 1, 1 == "1", t == t, {} == {}, nil == false)
local s1, s2 = "ab", string.rep("a", 1) .. "b"
w(s1 == s2, s1 ~= s2)
local mt = {__eq = function(x, y) return true end,
  __lt = function(x, y) return true end, __le = function(x, y) return false end}
local p, q = setmetatable({}, mt), setmetatable({}, mt)
w(p == q, p ~= q, p < q, p <= q, p > q, p >= q, p == 1)
w(1 < 2, 2 < 1, "a" < "b", "b" < "a", 1 <= 1, 2 <= 1, "b" <= "a", "a" <= "a", -1 < -0.5)

-- TEST, TESTSET, JMP
w(a and b, d and b, d or b, a or b, nil or false, false and nil)
if d then w("no") else w("yes") end
if a then w("yes") else w("no") end
local n = 0
while true do n = n + 1; if n > 3 then break end end
w(n)
repeat n = n - 1 until n == 0
w(n)

-- CALL, TAILCALL, RETURN: varargs, missing and extra arguments,
-- results cut and padded, __call, Go functions
local function v(...) return select('#', ...), ... end
w(v())
w(v(1, nil, 3))
w((v(1, 2)))
local function two(x, y) return y, x end
w(two(1))
w(two(1, 2, 3))
local function none() end
w(none(), none())
local function tc(m, acc) if m == 0 then return acc end return tc(m - 1, acc .. m) end
w(tc(10, ""))
local function tcg(x) return tostring(x) end
w(tcg(12))
local function tcv(...) return v(...) end
w(tcv(4, 5))
local callable = setmetatable({}, {__call = function(self, x, y) return "called", x, y end})
w(callable(7))
w(callable(7, 8, 9))
local function tccall(x) return callable(x) end
w(tccall(9))
w(pcall(function() return 1, 2, 3 end))
w(select(2, "a", "b", "c"))
w(math.max(3, 9, 4), string.format("%d-%s", 3, "x"))
local function deep(m) if m == 0 then return 0 end return 1 + deep(m - 1) end
w(deep(100))

-- TFORLOOP: the host's iterator, ipairs, pairs, a Lua iterator
for i, x in hostipairs({"a", "b", "c"}) do w(i, x) end
for i, x in hostipairs({}) do w("never", i, x) end
for i in hostipairs({"q", nil, "r"}) do w(i) end
for i, x, y in hostipairs({"a"}) do w(i, x, y) end
for i, x in ipairs({"a", "b"}) do w(i, x) end
for key, x in pairs({10, 20}) do w(key, x) end
local function iter(s, ctl) if ctl < 3 then return ctl + 1, ctl * 2 end end
for i, x in iter, nil, 0 do w(i, x) end

-- coroutines (run by a thread's own loop)
local gen = coroutine.wrap(function(m)
  for i, x in hostipairs({"p", "q"}) do coroutine.yield(i, x, m) end
  return "end"
end)
w(gen("m"))
w(gen())
w(gen())
local co = coroutine.create(function(x) local y = coroutine.yield(x + 1); return y * 2 end)
w(coroutine.resume(co, 1))
w(coroutine.resume(co, 10))
w(coroutine.resume(co))

-- errors, and their messages
perr(function() return nil .. "x" end)
perr(function() local x = nil; return x.field end)
perr(function() local x = nil; return x[1] end)
perr(function() local x = 3; return x.field end)
perr(function() return undefinedfn() end)
perr(function() return undefinedfn2(1, 2) end)
perr(function() local x = {}; return x.nofn() end)
perr(function() local x = 1; return x() end)
perr(function() return 1 < "x" end)
perr(function() return "x" <= 1 end)
perr(function() return {} <= {} end)
perr(function() return {} < {} end)
perr(function() return nil < 1 end)
perr(function() local s = "abc"; return s.x.y end)
perr(function() return gl.field.more end)
perr(function() return setmetatable({}, {__index = function() error("in index") end}).x end)
perr(function() return p == setmetatable({}, {__eq = function() error("in eq") end}) end)
perr(function() local function r() return r() end; return deep(1e6) end)
do local ok, err = pcall(function() error({"e"}) end); w(ok, type(err), err[1]) end
perr(function() error("plain", 0) end)
perr(function() for i, x in hostipairs(nil) do end end)
perr(function() for i, x in 1 do end end)
perr(error, "direct")

return table.concat(out, " ")
`

// hostIPairs is an ipairs of the host's, stepped by the VM itself when
// set with SetIterator (patch 9).
func hostIPairs(L *LState) int {
	tb := L.CheckTable(1)
	L.Push(L.NewFunction(hostIPairsFn))
	L.Push(tb)
	L.Push(LNumber(0))
	return 3
}

func hostIPairsStep(L *LState, state, control LValue) (LValue, LValue) {
	i := int(control.(LNumber)) + 1
	v := state.(*LTable).RawGetInt(i)
	if v == LNil {
		return LNil, LNil
	}
	return LNumber(i), v
}

func hostIPairsFn(L *LState) int {
	k, v := hostIPairsStep(L, L.Get(1), L.Get(2))
	L.Push(k)
	L.Push(v)
	return 2
}

// runHotOps runs hotOpsScript, with a context (mainLoopWithContext and its
// hot ops) or without (mainLoop: every op through jumpTable, as upstream),
// with the host's iterator stepped by the VM or called, on the fixed call
// stack or the one that grows (patch 17 reads the fixed one's fields).
func runHotOps(t *testing.T, withContext, iterator, growing bool) string {
	t.Helper()
	L := NewState(Options{MinimizeStackMemory: growing})
	defer L.Close()
	if withContext {
		L.SetContext(context.Background())
	}
	fn := L.NewFunction(hostIPairsFn)
	L.SetGlobal("hostipairs", L.NewFunction(func(L *LState) int {
		tb := L.CheckTable(1)
		L.Push(fn)
		L.Push(tb)
		L.Push(LNumber(0))
		return 3
	}))
	if iterator {
		L.SetIterator(fn, hostIPairsStep)
	}
	if err := L.DoString(hotOpsScript); err != nil {
		t.Fatalf("context %v, iterator %v, growing stack %v: %v", withContext, iterator, growing, err)
	}
	return L.Get(-1).String()
}

// schnell's test of patch 13 (PATCHES.md): the ops mainLoopWithContext
// runs itself do what their jumpTable functions do, results and errors
// alike.
func TestHotOpsLikeJumpTable(t *testing.T) {
	// Through jumpTable (no context) on each stack: their stack overflow
	// messages differ (upstream's).
	wants := map[bool]string{false: runHotOps(t, false, false, false), true: runHotOps(t, false, false, true)}
	want := wants[false]
	for _, c := range []struct{ iterator, growing bool }{{false, false}, {true, false}, {false, true}, {true, true}} {
		if got, want := runHotOps(t, true, c.iterator, c.growing), wants[c.growing]; got != want {
			g, w := strings.Split(got, " ; "), strings.Split(want, " ; ")
			for i := range min(len(g), len(w)) {
				if g[i] != w[i] {
					t.Fatalf("%+v: line %d: with the hot ops %q, through jumpTable %q", c, i+1, g[i], w[i])
				}
			}
			t.Fatalf("%+v: with the hot ops %d lines, through jumpTable %d", c, len(g), len(w))
		}
	}
	// The script saw what Lua says (a few checks that it ran at all).
	for _, s := range []string{
		"1 x true nil nil 1 false true true true false",
		"6 global nil ; 7 global nil",
		"1 yes nil one nil",
		"called 7 nil",
		"1 p m ; 2 q m ; end",
		"attempt to call a non-function object",
		"attempt to compare number with string",
		"false plain",
	} {
		if !strings.Contains(want, s) {
			t.Errorf("the script's output has no %q:\n%s", s, want)
		}
	}
}

// A long loop of hot ops still stops at the context's end.
func TestHotOpsAskTheContext(t *testing.T) {
	L := NewState()
	defer L.Close()
	ctx, cancel := context.WithCancel(context.Background())
	L.SetContext(ctx)
	n := 0
	L.SetGlobal("tick", L.NewFunction(func(L *LState) int {
		if n++; n == 1000 {
			cancel()
		}
		return 0
	}))
	err := L.DoString(`local t = {x = 1} while true do local y = t.x; if y == 2 then break end tick() end`)
	if err == nil || !strings.Contains(err.Error(), context.Canceled.Error()) {
		t.Fatalf("err = %v, want the context's", err)
	}
	if n < 1000 || n > 1000+ctxCheckEvery {
		t.Errorf("stopped after %d ticks, want within %d instructions of the 1,000th", n, ctxCheckEvery)
	}
}
