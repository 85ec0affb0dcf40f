package tables_test

import (
	"strings"
	"testing"

	"github.com/schnell-wargames/schnell/tables"
)

// state is what a game's facts are read from.
type state struct {
	month, leg int
	weather    string
}

// A binding reads each fact by its name from the rules' own value: the
// table's conditions and modifiers see them as a hand-written Facts would.
func TestBindReadsFactsByName(t *testing.T) {
	sc := testSchema(nil)
	weathers := sc.Facts[3].Values
	b := tables.Bind[*state](sc).
		Fact("month", func(s *state) int { return s.month }).
		Fact("leg", func(s *state) int { return s.leg }).
		Fact("weather", func(s *state) int { return indexOf(weathers, s.weather) })
	set, err := tables.Load(mapFS("t.tbl", lines(
		"table T-1", "title Patrol", "dice 1D10",
		"mod +2 | weather = foggy and leg >= 2 | fog",
		"mod -1 | month in 11,12 | winter",
		"row <=5 | Quiet | points=1", "row >=6 | A fight | points=roll hits=2 abstract",
	)), sc)
	if err != nil {
		t.Fatal(err)
	}
	tb := set.MustGet("T-1")
	s := &state{month: 12, leg: 2, weather: "foggy"}
	mods, sum := tb.Modify(b.Of(s), nil)
	if len(mods) != 2 || sum != 1 {
		t.Errorf("Modify = %v, %d; want fog and winter, +1", mods, sum)
	}
	s.weather = "good"
	if _, sum := tb.Modify(b.Of(s), nil); sum != -1 {
		t.Errorf("the binding reads the value as it is now: sum %d, want -1", sum)
	}
	if got := b.Unbound(); strings.Join(got, ",") != "crew,zone,raining,differential,terrain,factor" {
		t.Errorf("Unbound() = %v", got)
	}
	// Effects by name.
	row := tb.Lookup(8)
	if v, ok := row.Value("points", 8); !ok || v != 8 {
		t.Errorf("points = %d, %v; want the total 8", v, ok)
	}
	if v, ok := row.Value("hits", 8); !ok || v != 2 {
		t.Errorf("hits = %d, %v", v, ok)
	}
	if !row.Sets("abstract") || row.Sets("days") {
		t.Error("Sets: want abstract, not days")
	}
	if _, ok := tb.Lookup(1).Value("hits", 1); ok {
		t.Error("a row that leaves hits out sets it")
	}
}

// What the rules get wrong panics, naming it: a fact the schema lacks or
// bound twice, a fact a table reads that is not bound, an effect the
// schema does not declare.
func TestBindRefusesWrongNames(t *testing.T) {
	sc := testSchema(nil)
	panics := func(what, want string, f func()) {
		t.Helper()
		defer func() {
			r := recover()
			if r == nil || !strings.Contains(r.(string), want) {
				t.Errorf("%s: panic %v, want one naming %q", what, r, want)
			}
		}()
		f()
	}
	panics("unknown fact", `no fact "moon"`, func() { tables.Bind[int](sc).Fact("moon", func(int) int { return 0 }) })
	panics("twice", `"leg" is bound twice`, func() {
		tables.Bind[int](sc).Fact("leg", func(int) int { return 0 }).Fact("leg", func(int) int { return 1 })
	})
	set, err := tables.Load(mapFS("t.tbl", withOK("mod +1 | crew > 0 | crewed")), sc)
	if err != nil {
		t.Fatal(err)
	}
	b := tables.Bind[int](sc).Fact("leg", func(int) int { return 0 })
	panics("unbound", `fact "crew", which the rules do not bind`, func() { set.MustGet("T-1").Modify(b.Of(0), nil) })
	panics("unknown effect", `effect "point"`, func() { set.MustGet("T-1").Lookup(3).Value("point", 3) })
}

func indexOf(values []string, v string) int {
	for i, x := range values {
		if x == v {
			return i
		}
	}
	return -1
}

// handFacts is the hand-written Facts a binding replaces.
type handFacts struct{ s *state }

func (h handFacts) Fact(i int) int {
	switch i {
	case 0:
		return h.s.month
	case 1:
		return h.s.leg
	case 3:
		return indexOf([]string{"good", "poor", "foggy", "bad"}, h.s.weather)
	}
	return 0
}

// The cost of reading facts by name against a hand-written Facts, on a
// table's modifiers (the Facts value made once, as a game keeps it).
func BenchmarkFacts(b *testing.B) {
	sc := testSchema(nil)
	weathers := sc.Facts[3].Values
	bind := tables.Bind[*state](sc).
		Fact("month", func(s *state) int { return s.month }).
		Fact("leg", func(s *state) int { return s.leg }).
		Fact("weather", func(s *state) int { return indexOf(weathers, s.weather) })
	set, err := tables.Load(mapFS("t.tbl", lines(
		"table T-1", "title Patrol", "dice 1D10",
		"mod +2 | weather = foggy and leg >= 2 | fog",
		"mod -1 | month in 11,12 | winter",
		"row 1-10 | Quiet",
	)), sc)
	if err != nil {
		b.Fatal(err)
	}
	tb := set.MustGet("T-1")
	s := &state{month: 12, leg: 2, weather: "foggy"}
	var mods []tables.Applied
	for _, c := range []struct {
		name string
		f    tables.Facts
	}{{"hand", handFacts{s}}, {"bound", bind.Of(s)}} {
		b.Run(c.name, func(b *testing.B) {
			b.ReportAllocs()
			for range b.N {
				mods, _ = tb.Modify(c.f, mods[:0])
			}
		})
	}
	b.Run("bound-each-roll", func(b *testing.B) {
		b.ReportAllocs()
		for range b.N {
			mods, _ = tb.Modify(bind.Of(s), mods[:0])
		}
	})
}

// The cost of reading an effect by name against reading it by its schema
// index, on a row of three effects (the one read last).
func BenchmarkEffects(b *testing.B) {
	sc := testSchema(nil)
	set, err := tables.Load(mapFS("t.tbl", lines("table T-1", "title Patrol", "dice 1D10",
		"row 1-10 | A fight | points=roll abstract hits=2")), sc)
	if err != nil {
		b.Fatal(err)
	}
	row := set.MustGet("T-1").Lookup(5)
	hits := sc.EffectIndex("hits")
	n := 0
	b.Run("index", func(b *testing.B) {
		for range b.N {
			v, _ := row.Int(hits, 5)
			n += v
		}
	})
	b.Run("name", func(b *testing.B) {
		for range b.N {
			v, _ := row.Value("hits", 5)
			n += v
		}
	})
	if n == 0 {
		b.Fatal("no hits read")
	}
}

// An effect read by a name built at run time (other bytes than the
// schema's literal) reads as the literal does: set, declared and not set,
// not declared (a panic).
func TestEffectByAnyString(t *testing.T) {
	set, err := tables.Load(mapFS("t.tbl", lines(
		"table T-1", "title Patrol", "dice 1D10",
		"row <=5 | Quiet | points=1", "row >=6 | A fight | points=roll hits=2 abstract",
	)), testSchema(nil))
	if err != nil {
		t.Fatal(err)
	}
	tb := set.MustGet("T-1")
	for _, total := range []int{1, 8} {
		row := tb.Lookup(total)
		for _, name := range []string{"points", "hits", "abstract", "days", "msg"} {
			built := strings.Clone(name)
			v1, ok1 := row.Value(name, total)
			v2, ok2 := row.Value(built, total)
			if v1 != v2 || ok1 != ok2 || row.Sets(name) != row.Sets(built) {
				t.Errorf("row %s: %s reads %d, %v as a literal and %d, %v built", row.Range(), name, v1, ok1, v2, ok2)
			}
		}
		for _, name := range []string{"no_such", strings.Clone("no_such")} {
			func() {
				defer func() {
					if r := recover(); r == nil || !strings.Contains(r.(string), `effect "no_such"`) {
						t.Errorf("Value(%q) recovers %v, want a panic naming the effect", name, r)
					}
				}()
				row.Value(name, total)
			}()
		}
	}
}
