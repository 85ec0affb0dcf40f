package tables_test

import (
	"slices"
	"strings"
	"testing"

	"github.com/schnell-wargames/schnell/dice"
	"github.com/schnell-wargames/schnell/tables"
)

func TestLoadValid(t *testing.T) {
	s := loadValid(t)
	wantIDs := []string{"A-0", "A-1", "A-2", "B-1", "B-2", "B-10"}
	if !slices.Equal(s.IDs(), wantIDs) {
		t.Errorf("IDs = %v, want %v (book order)", s.IDs(), wantIDs)
	}
	if !strings.HasPrefix(s.Digest(), "sha256:") || len(s.Digest()) != len("sha256:")+16 {
		t.Errorf("Digest = %q, want sha256: and 16 hex digits", s.Digest())
	}
	if s.Schema == nil || len(s.Schema.Facts) == 0 {
		t.Error("the set does not keep its schema")
	}

	a1 := s.MustGet("A-1")
	if a1.ID != "A-1" || a1.Title != "Night Weather" || a1.File != "a.tbl" || a1.Line != 9 {
		t.Errorf("A-1 = %q %q at %s:%d", a1.ID, a1.Title, a1.File, a1.Line)
	}
	if a1.IsLookup() || a1.Key != -1 {
		t.Errorf("A-1 is a lookup table (Key %d)", a1.Key)
	}
	if len(a1.Dice) != 1 || a1.Dice[0].Spec != dice.D10 || len(a1.Dice[0].When.Tests) != 0 {
		t.Errorf("A-1 dice = %+v", a1.Dice)
	}
	wantNote := "A Channel night is good about 40% of the time, foggy or poor about as often, and bad 20% (30% in winter, 10% in summer); the long note wraps when printed."
	if a1.Note != wantNote {
		t.Errorf("A-1 note = %q, want the note lines joined by a space: %q", a1.Note, wantNote)
	}
	wantMods := []struct {
		value, perFact int
		when, reason   string
		line           int
		text           string
	}{
		{1, -1, "month in 11,12,1,2", "winter gales", 12, "+1"},
		{-1, -1, "month in 6,7,8", "settled summer weather", 13, "-1"},
		{1, s.Schema.FactIndex("crew"), "leg >= 3", "a tired crew sees storms", 14, "+crew"},
	}
	if len(a1.Mods) != len(wantMods) {
		t.Fatalf("A-1 has %d mods, want %d", len(a1.Mods), len(wantMods))
	}
	for i, w := range wantMods {
		m := &a1.Mods[i]
		if m.Value != w.value || m.PerFact != w.perFact || m.When.Text != w.when || m.Reason != w.reason || m.Line != w.line {
			t.Errorf("A-1 mod %d = %+v, want %+v", i, *m, w)
		}
		if got := a1.ModText(m); got != w.text {
			t.Errorf("A-1 mod %d ModText = %q, want %q", i, got, w.text)
		}
	}
	wantRows := []struct {
		lo, hi         int
		openLo, openHi bool
		rng, result    string
		line           int
		effects        string
	}{
		{4, 4, true, false, "<=4", "Good: clear night, calm", 15, "weather=good"},
		{5, 6, false, false, "5-6", "Poor: overcast, drizzle", 16, "weather=poor"},
		{7, 8, false, false, "7-8", "Foggy: Channel fog banks", 17, "weather=foggy"},
		{9, 9, false, true, ">=9", "Bad: storm, heavy seas", 18, "weather=bad"},
	}
	if len(a1.Rows) != len(wantRows) {
		t.Fatalf("A-1 has %d rows, want %d", len(a1.Rows), len(wantRows))
	}
	weather := s.Schema.EffectIndex("weather")
	for i, w := range wantRows {
		r := &a1.Rows[i]
		if r.Lo != w.lo || r.Hi != w.hi || r.OpenLo != w.openLo || r.OpenHi != w.openHi || r.Result != w.result || r.Line != w.line {
			t.Errorf("A-1 row %d = %+v, want %+v", i, *r, w)
		}
		if r.Range() != w.rng {
			t.Errorf("A-1 row %d Range = %q, want %q", i, r.Range(), w.rng)
		}
		if r.EffectsText() != w.effects {
			t.Errorf("A-1 row %d EffectsText = %q, want %q", i, r.EffectsText(), w.effects)
		}
		if v, ok := r.Int(weather, 0); !ok || v != i {
			t.Errorf("A-1 row %d weather = %d, %v; want enum index %d", i, v, ok, i)
		}
	}

	a2 := s.MustGet("A-2")
	if a2.Dice[0].Spec != dice.Percentile {
		t.Errorf("A-2 dice = %+v, want percentile", a2.Dice[0].Spec)
	}
	texts := []string{"-2*leg", "+10", "+3*crew", "-crew"}
	for i, want := range texts {
		if got := a2.ModText(&a2.Mods[i]); got != want {
			t.Errorf("A-2 mod %d ModText = %q, want %q", i, got, want)
		}
	}
	if got := a2.Mods[0].When.Tests; len(got) != 2 {
		t.Errorf("A-2 mod 0 condition has %d tests, want 2 (joined by and)", len(got))
	}
	if got := a2.DiceText(); got != "2D10 (percentile)" {
		t.Errorf("A-2 DiceText = %q", got)
	}
	if got := s.MustGet("A-0").DiceText(); got != "1D20 if month in 6,7,8; 1D10" {
		t.Errorf("A-0 DiceText = %q", got)
	}
	if got := s.MustGet("B-1").DiceText(); got != "by weather" {
		t.Errorf("B-1 DiceText = %q", got)
	}
	if got := s.MustGet("B-2").DiceText(); got != "by leg" {
		t.Errorf("B-2 DiceText = %q", got)
	}

	b1 := s.MustGet("B-1")
	if !b1.IsLookup() || b1.Key != s.Schema.FactIndex("weather") || len(b1.Dice) != 0 {
		t.Errorf("B-1: lookup %v key %d dice %v", b1.IsLookup(), b1.Key, b1.Dice)
	}
	for i, label := range []string{"good", "poor", "foggy", "bad"} {
		r := &b1.Rows[i]
		if r.Label != label || r.Range() != label || r.Lo != i || r.Hi != i {
			t.Errorf("B-1 row %d = %+v, want label %q at %d", i, *r, label, i)
		}
	}
}

func TestEffects(t *testing.T) {
	s := loadValid(t)
	sc := s.Schema
	points, days, msg, abstract := sc.EffectIndex("points"), sc.EffectIndex("days"), sc.EffectIndex("msg"), sc.EffectIndex("abstract")

	a0 := s.MustGet("A-0").Rows[0]
	e, ok := a0.Effect(days)
	if !ok || !e.IsRoll || e.Raw != "roll" || e.Name != "days" || e.String() != "days=roll" {
		t.Fatalf("A-0 days effect = %+v, %v", e, ok)
	}
	if v, ok := a0.Int(days, 17); !ok || v != 17 {
		t.Errorf("days=roll at total 17 reads %d, %v", v, ok)
	}
	if _, ok := a0.Int(points, 17); ok {
		t.Error("A-0 row has no points, Int says it has")
	}
	if a0.Has(points) || !a0.Has(days) {
		t.Error("Has is wrong for A-0")
	}

	a2 := s.MustGet("A-2")
	r := &a2.Rows[1]
	e, ok = r.Effect(msg)
	if !ok || e.Str != "a trawler, lights out" || e.Raw != `"a trawler, lights out"` {
		t.Errorf("quoted text effect = %+v, %v", e, ok)
	}
	if got := r.EffectsText(); got != `points=1 msg="a trawler, lights out"` {
		t.Errorf("EffectsText = %q", got)
	}
	r = &a2.Rows[2]
	if v, ok := r.Int(points, 99); !ok || v != 3 {
		t.Errorf("points = %d, %v; want 3", v, ok)
	}
	e, ok = r.Effect(abstract)
	if !ok || e.Raw != "" || e.String() != "abstract" {
		t.Errorf("flag effect = %+v, %v", e, ok)
	}
	e, ok = r.Effect(msg)
	if !ok || e.Str != "convoy" || e.Raw != "convoy" {
		t.Errorf("unquoted text effect = %+v, %v", e, ok)
	}
	if got := r.EffectsText(); got != "points=3 abstract msg=convoy" {
		t.Errorf("EffectsText = %q", got)
	}
	if v, ok := s.MustGet("B-10").Rows[0].Int(points, 0); !ok || v != -1 {
		t.Errorf("negative effect = %d, %v", v, ok)
	}
}

func TestParseQuotedTextEscapes(t *testing.T) {
	src := lines(
		"table T-1",
		"title Text",
		"dice 1D6",
		`row 1-6 | Quoted | msg="say \"hi\"\tthere ünïcode"`,
	)
	ts, err := tables.Parse("t.tbl", strings.NewReader(src), testSchema(nil))
	if err != nil {
		t.Fatal(err)
	}
	e, ok := ts[0].Rows[0].Effect(5)
	if !ok || e.Str != "say \"hi\"\tthere ünïcode" {
		t.Errorf("msg = %+v", e)
	}
}

func TestGet(t *testing.T) {
	s := loadValid(t)
	for _, id := range []string{"A-1", "a-1", "b-10"} {
		tb, ok := s.Get(id)
		if !ok || tb.ID != strings.ToUpper(id) {
			t.Errorf("Get(%q) = %v, %v", id, tb, ok)
		}
	}
	if tb, ok := s.Get("A-3"); ok {
		t.Errorf("Get(A-3) = %v, want none", tb.ID)
	}
	defer func() {
		if r := recover(); r == nil || !strings.Contains(r.(string), "Z-1") {
			t.Errorf("MustGet of a missing table: recover() = %v, want a panic naming Z-1", r)
		}
	}()
	s.MustGet("Z-1")
}

func TestSchemaIndexes(t *testing.T) {
	sc := testSchema(nil)
	if sc.FactIndex("weather") != 3 || sc.EffectIndex("msg") != 5 {
		t.Error("FactIndex/EffectIndex")
	}
	if sc.EnumValue("weather", "foggy") != 2 || sc.EnumValue("zone", "open") != 2 {
		t.Error("EnumValue")
	}
	for _, f := range []func(){
		func() { sc.FactIndex("moon") },
		func() { sc.EffectIndex("gold") },
		func() { sc.EnumValue("moon", "full") },
		func() { sc.EnumValue("weather", "snow") },
	} {
		func() {
			defer func() {
				if recover() == nil {
					t.Error("no panic for an unknown name")
				}
			}()
			f()
		}()
	}
}

func TestCompareIDs(t *testing.T) {
	tests := []struct {
		a, b string
		want int // sign
	}{
		{"A-1", "A-1", 0},
		{"A-2", "A-10", -1},
		{"A-10", "A-2", 1},
		{"A-0", "A-1", -1},
		{"A-10", "B-1", -1},
		{"B-1", "A-9", 1},
		{"G-10", "G-10-A", -1},
		{"G-10-A", "G-10", 1},
		{"G-10-A", "G-10-B", -1},
		{"G-9-B", "G-10-A", -1},
		{"AB-1", "B-1", -1},
		{"A", "A-1", -1},
	}
	sign := func(x int) int {
		switch {
		case x < 0:
			return -1
		case x > 0:
			return 1
		}
		return 0
	}
	for _, tc := range tests {
		if got := sign(tables.CompareIDs(tc.a, tc.b)); got != tc.want {
			t.Errorf("CompareIDs(%q, %q) = %d, want %d", tc.a, tc.b, got, tc.want)
		}
	}
	ids := []string{"B-10", "A-10", "G-10-A", "A-2", "G-10", "B-1", "A-1"}
	slices.SortFunc(ids, tables.CompareIDs)
	want := []string{"A-1", "A-2", "A-10", "B-1", "B-10", "G-10", "G-10-A"}
	if !slices.Equal(ids, want) {
		t.Errorf("sorted = %v, want %v", ids, want)
	}
}

// Two distinct valid ids must not compare equal: the set's ids (and so its
// digest and PrintList) are sorted from a map, and a tie leaves their order
// to map iteration.
func TestCompareIDsDistinctNeverEqual(t *testing.T) {
	pairs := [][2]string{{"A-1", "A-01"}, {"A-0", "A-00"}, {"G-10-A", "G-010-A"}}
	for _, p := range pairs {
		if tables.CompareIDs(p[0], p[1]) == 0 {
			t.Fatalf("regression (fixed bug, tables/load.go CompareIDs): CompareIDs(%q, %q) = 0 for distinct ids, so Set.IDs, PrintList and Digest depend on map order", p[0], p[1])
		}
		if sign := tables.CompareIDs(p[0], p[1]); sign == -tables.CompareIDs(p[1], p[0]) && sign != 0 {
			continue
		}
		t.Errorf("CompareIDs(%q, %q) is not antisymmetric", p[0], p[1])
	}
}

func TestParseLongLine(t *testing.T) {
	src := "table T-1\ntitle " + strings.Repeat("x", tables.MaxLineBytes) + "\n"
	_, err := tables.Load(mapFS("long.tbl", src), testSchema(nil))
	tableError(t, err, "long.tbl", 2, "a line longer than 64 KiB")
}
