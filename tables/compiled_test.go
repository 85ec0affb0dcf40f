package tables

import (
	"math"
	"math/rand/v2"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// TestCompiledModsAgree runs random lists of modifiers both ways, compiled
// (Modify) and as written (applyMods), under random facts: the same
// modifiers apply, and the compiled list reads each fact once, the same
// facts as the written list.
func TestCompiledModsAgree(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	for round := range 3000 {
		nf := 1 + r.IntN(6)
		n := r.IntN(9)
		if round%100 == 0 {
			n = maxMods + 1 // too many to compile: run as written
		}
		ms := make([]Mod, n)
		for i := range ms {
			m := &ms[i]
			m.Value = r.IntN(7) - 3
			m.PerFact = -1
			if r.IntN(4) == 0 {
				m.PerFact = r.IntN(nf)
			}
			m.Reason = strconv.Itoa(i)
			for range r.IntN(4) {
				tt := Test{Fact: r.IntN(nf), Op: Op(r.IntN(int(OpIn) + 1))}
				n := 1
				if tt.Op == OpIn {
					n = r.IntN(4)
				}
				for range n {
					tt.Values = append(tt.Values, pick(r))
				}
				m.When.Tests = append(m.When.Tests, tt)
			}
		}
		tb := &Table{Mods: ms, modCode: compileMods(ms)}
		if len(ms) > 0 && len(ms) <= maxMods && !tb.modCode.runs(tb.Mods) {
			t.Fatalf("round %d: the list did not compile", round)
		}
		vals := make([]int, nf)
		for i := range vals {
			vals[i] = pick(r)
		}
		var slow, fast []int
		reader := func(reads *[]int) Facts {
			return FactFunc(func(i int) int { *reads = append(*reads, i); return vals[i] })
		}
		want, wsum := applyMods(ms, reader(&slow), nil)
		got, gsum := tb.Modify(reader(&fast), nil)
		if !slices.Equal(got, want) || gsum != wsum {
			t.Fatalf("round %d: compiled %v (%d), as written %v (%d)", round, got, gsum, want, wsum)
		}
		bv := &boundVals{vals: vals}
		if got, gsum := tb.Modify(boundFacts.Of(bv), nil); !slices.Equal(got, want) || gsum != wsum {
			t.Fatalf("round %d: compiled with bound facts %v (%d), as written %v (%d)", round, got, gsum, want, wsum)
		}
		if len(ms) <= maxMods && !slices.Equal(bv.reads, fast) {
			t.Fatalf("round %d: bound facts read %v, facts by function %v", round, bv.reads, fast)
		}
		if len(ms) > maxMods {
			continue // run as written: read as written
		}
		once := slices.Compact(slices.Sorted(slices.Values(fast)))
		if len(once) != len(fast) || !slices.Equal(once, slices.Compact(slices.Sorted(slices.Values(slow)))) {
			t.Fatalf("round %d: compiled reads facts %v, as written %v", round, fast, slow)
		}
	}
}

// TestCompiledModsStale: a table whose Mods were replaced after loading
// runs them as written.
func TestCompiledModsStale(t *testing.T) {
	old := []Mod{{Value: 1, PerFact: -1, Reason: "old"}}
	tb := &Table{Mods: old, modCode: compileMods(old)}
	tb.Mods = []Mod{{Value: 2, PerFact: -1, Reason: "new"}}
	got, sum := tb.Modify(FactFunc(func(int) int { return 0 }), nil)
	if sum != 2 || len(got) != 1 || got[0].Reason != "new" {
		t.Fatalf("Modify = %v, %d; want the new modifier", got, sum)
	}
}

// TestLoadCompilesMods: a loaded table's modifiers and a grid's shifts
// run compiled.
func TestLoadCompilesMods(t *testing.T) {
	s := &Schema{Facts: []Def{{Name: "leg", Kind: Int}, {Name: "factor", Kind: Int}}, Effects: []Def{{Name: "hits", Kind: Int}}}
	ts, err := Parse("t.tbl", strings.NewReader("table T-1\ntitle T\ndice 1D6\nmod +1 | leg >= 2 | far\nmod -factor | leg in 1,3 | odd\nrow 1-6 | Hit | hits=1\n"), s)
	if err != nil {
		t.Fatal(err)
	}
	tb := ts[0]
	if !tb.modCode.runs(tb.Mods) {
		t.Fatal("T-1's modifiers are not compiled")
	}
	got, sum := tb.Modify(FactFunc(func(i int) int { return []int{3, 2}[i] }), nil)
	if sum != -1 || len(got) != 2 {
		t.Fatalf("Modify = %v, %d; want +1 and -2", got, sum)
	}
}

// pick is a fact's value or a test's: mostly small, sometimes beyond a
// set of small values, or at the ends of int.
func pick(r *rand.Rand) int {
	if r.IntN(8) > 0 {
		return r.IntN(5)
	}
	return []int{-1, 63, 64, 100, math.MinInt, math.MaxInt}[r.IntN(6)]
}

// boundVals are facts f0…f5 read by a Binding, which notes each read.
type boundVals struct {
	vals  []int
	reads []int
}

var boundSchema = &Schema{Facts: []Def{{Name: "f0"}, {Name: "f1"}, {Name: "f2"}, {Name: "f3"}, {Name: "f4"}, {Name: "f5"}, {Name: "unbound"}}}

var boundFacts = func() *Binding[*boundVals] {
	b := Bind[*boundVals](boundSchema)
	for i := range 6 {
		b.Fact("f"+strconv.Itoa(i), func(v *boundVals) int { v.reads = append(v.reads, i); return v.vals[i] })
	}
	return b
}()

// TestCompiledModsUnbound: a compiled table that reads a fact the rules
// do not bind panics as one run as written does.
func TestCompiledModsUnbound(t *testing.T) {
	ms := []Mod{{Value: 1, PerFact: -1, When: Cond{Tests: []Test{{Fact: 0, Op: OpEq, Values: []int{0}}}}},
		{Value: 1, PerFact: -1, When: Cond{Tests: []Test{{Fact: 6, Op: OpEq, Values: []int{0}}}}}}
	tb := &Table{Mods: ms, modCode: compileMods(ms)}
	msg := func(run func()) (m any) {
		defer func() { m = recover() }()
		run()
		return nil
	}
	f := boundFacts.Of(&boundVals{vals: make([]int, 6)})
	want := msg(func() { applyMods(ms, f, nil) })
	got := msg(func() { tb.Modify(f, nil) })
	if want == nil || got != want {
		t.Fatalf("compiled panics %v, as written %v", got, want)
	}
}

// TestRowIndexAgrees: a loaded table's rows by total read as the scan of
// its rows does, for every total and random ranges.
func TestRowIndexAgrees(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	scan := func(rows []Row, total int) *Row {
		for i := range rows {
			if total <= rows[i].Hi {
				return &rows[i]
			}
		}
		return &rows[len(rows)-1]
	}
	for round := range 2000 {
		var rows []Row
		lo := r.IntN(10) - 5
		for n := 1 + r.IntN(8); n > 0; n-- {
			hi := lo + r.IntN(4)
			rows = append(rows, Row{Lo: lo, Hi: hi})
			lo = hi + 1
		}
		rows[0].OpenLo, rows[len(rows)-1].OpenHi = true, true
		tb := &Table{Rows: rows, byTotal: rowIndex(rows)}
		for total := rows[0].Hi - 3; total <= rows[len(rows)-1].Lo+3; total++ {
			if got, want := tb.Lookup(total), scan(rows, total); got != want {
				t.Fatalf("round %d: rows %v: total %d reads row %v, want %v", round, rows, total, got.Range(), want.Range())
			}
		}
	}
}

// TestRowIndexAtTheEnds: rows at the ends of int make no index that
// overflows (nor a loop that never ends), and read as the scan does.
func TestRowIndexAtTheEnds(t *testing.T) {
	for _, rows := range [][]Row{
		{{Hi: math.MaxInt - 1, OpenLo: true}, {Lo: math.MaxInt, Hi: math.MaxInt, OpenHi: true}},
		{{Hi: math.MinInt, OpenLo: true}, {Lo: math.MinInt + 1, Hi: 100}, {Lo: 101, OpenHi: true}},
		{{Hi: math.MinInt + 5, OpenLo: true}, {Lo: math.MinInt + 6, Hi: math.MinInt + 9}, {Lo: math.MinInt + 10, OpenHi: true}},
	} {
		tb := &Table{Rows: rows, byTotal: rowIndex(rows)}
		for _, total := range []int{math.MinInt, math.MinInt + 7, -1, 0, 100, 101, math.MaxInt - 1, math.MaxInt} {
			want := &rows[len(rows)-1]
			for i := range rows {
				if total <= rows[i].Hi {
					want = &rows[i]
					break
				}
			}
			if got := tb.Lookup(total); got != want {
				t.Errorf("rows %v: total %d reads %v, want %v", rows, total, got.Range(), want.Range())
			}
		}
	}
}
