package lua

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
)

// schnell's test of patch 10 (PATCHES.md): a table's string keys behave
// as upstream's map did, and `next` visits every key in the order it was
// first set, string keys and others alike, a key removed and set again
// keeping its place.
func TestStrDictLikeUpstream(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for round := range 20 {
		tb := newLTable(0, round%3*8)
		model := map[LValue]LValue{}
		var order []LValue // keys in the order first set
		seen := map[LValue]bool{}
		nkeys := 1 + rng.IntN(300)
		key := func(i int) LValue {
			switch i % 7 {
			case 5:
				return LNumber(float64(i) + 0.5) // the dict, not the array
			case 6:
				return LBool(i%2 == 0)
			}
			return LString(fmt.Sprintf("k%d", i))
		}
		for range 2000 {
			k := key(rng.IntN(nkeys))
			var v LValue = LNumber(rng.IntN(1000))
			if rng.IntN(4) == 0 {
				v = LNil
			}
			if s, ok := k.(LString); ok && rng.IntN(2) == 0 {
				if rng.IntN(2) == 0 {
					tb.RawSetString(string(s), v)
				} else {
					tb.RawSetStringH(string(s), StrHash(string(s)), v) // patch 14
				}
			} else {
				tb.RawSetH(k, v)
			}
			if v == LNil {
				delete(model, k)
				continue
			}
			model[k] = v
			if !seen[k] {
				seen[k] = true
				order = append(order, k)
			}
		}
		for i := range nkeys + 5 {
			k := key(i)
			want, ok := model[k]
			if !ok {
				want = LNil
			}
			if got := tb.RawGet(k); got != want {
				t.Fatalf("round %d: RawGet(%v) = %v, want %v", round, k, got, want)
			}
			if s, ok := k.(LString); ok {
				if got := tb.RawGetString(string(s)); got != want {
					t.Fatalf("round %d: RawGetString(%v) = %v, want %v", round, k, got, want)
				}
				if got := tb.RawGetStringH(string(s), StrHash(string(s))); got != want {
					t.Fatalf("round %d: RawGetStringH(%v) = %v, want %v", round, k, got, want)
				}
			}
		}
		var want, got []LValue
		for _, k := range order {
			if _, ok := model[k]; ok {
				want = append(want, k)
			}
		}
		for k, v := tb.Next(LNil); k != LNil; k, v = tb.Next(k) {
			if v != model[k] {
				t.Fatalf("round %d: next gives %v = %v, want %v", round, k, v, model[k])
			}
			got = append(got, k)
		}
		if !slices.Equal(got, want) {
			t.Fatalf("round %d: next visits %v, want %v", round, got, want)
		}
		n := 0
		tb.ForEach(func(k, v LValue) {
			if model[k] != v {
				t.Fatalf("round %d: ForEach gives %v = %v, want %v", round, k, v, model[k])
			}
			n++
		})
		if n != len(model) {
			t.Fatalf("round %d: ForEach visits %d keys, want %d", round, n, len(model))
		}
	}
}

// A script's constant keys (hashed when compiled) and keys made as it
// runs find the same fields, through __index and __newindex too.
func TestStrDictFromLua(t *testing.T) {
	L := NewState()
	defer L.Close()
	err := L.DoString(`
		local t = {}
		for i = 1, 100 do t["f" .. i] = i end
		t.f7, t.f50 = nil, "fifty"
		local s = 0
		for i = 1, 100 do if t["f" .. i] ~= nil and i ~= 50 then s = s + t["f" .. i] end end
		assert(s == 5050 - 7 - 50, s)
		assert(t.f1 == 1 and t.f100 == 100 and t.f7 == nil and t.f50 == "fifty")
		local log = {}
		local p = setmetatable({}, {__index = t, __newindex = function(_, k, v) log[#log + 1] = k end})
		assert(p.f2 == 2 and p.nothing == nil)
		p.x = 1
		p["y" .. 1] = 2
		assert(log[1] == "x" and log[2] == "y1" and rawget(p, "x") == nil)
		g_value = 3
		assert(_G["g_" .. "value"] == 3)
		local keys = {}
		local u = {}
		u.b = 1; u.a = 2; u.c = 3; u.b = nil; u.d = 5; u.b = 4
		for k in pairs(u) do keys[#keys + 1] = k end
		assert(table.concat(keys, ",") == "b,a,c,d", table.concat(keys, ","))
	`)
	if err != nil {
		t.Fatal(err)
	}
}

// RawSetStringH and RawGetStringH with a hash that is not StrHash(key)
// panic, whether the key is in the table or not (patch 14): a table set
// with another hash would hold the key twice.
func TestStrHashChecked(t *testing.T) {
	tb := newLTable(0, 0)
	h := StrHash("name")
	tb.RawSetStringH("name", h, LString("a"))
	if got := tb.RawGetString("name"); got != LString("a") {
		t.Fatalf("RawGetString after RawSetStringH = %v", got)
	}
	for _, tc := range []struct {
		what string
		f    func()
	}{
		{"set, key held", func() { tb.RawSetStringH("name", h+1, LString("b")) }},
		{"set, key new", func() { tb.RawSetStringH("other", h, LString("b")) }},
		{"set nil, key held", func() { tb.RawSetStringH("name", h^1, LNil) }},
		{"get, key held", func() { tb.RawGetStringH("name", h+1) }},
		{"get, key new", func() { tb.RawGetStringH("other", h) }},
		{"get, empty table", func() { newLTable(0, 0).RawGetStringH("name", h+1) }},
	} {
		func() {
			defer func() {
				if r := recover(); r == nil || !strings.Contains(fmt.Sprint(r), "not StrHash") {
					t.Errorf("%s: recovered %v, want a panic that names the hash", tc.what, r)
				}
			}()
			tc.f()
		}()
	}
	if got := tb.RawGetString("name"); got != LString("a") || tb.RawGetString("other") != LNil {
		t.Errorf("after the refused calls: name = %v, other = %v", got, tb.RawGetString("other"))
	}
	tb.RawSetStringH("name", h, LNil)
	if k, _ := tb.Next(LNil); k != LNil {
		t.Errorf("after name set nil: next gives %v", k)
	}
}
