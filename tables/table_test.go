package tables_test

import (
	"slices"
	"strings"
	"testing"

	"github.com/schnell-wargames/schnell/dice"
	"github.com/schnell-wargames/schnell/tables"
)

func TestLookupClamps(t *testing.T) {
	s := loadValid(t)
	tests := []struct {
		table string
		total int
		want  string // the row's range
	}{
		// Open-ended rows: <=4, 5-6, 7-8, >=9.
		{"A-1", -100, "<=4"},
		{"A-1", 0, "<=4"},
		{"A-1", 4, "<=4"},
		{"A-1", 5, "5-6"},
		{"A-1", 6, "5-6"},
		{"A-1", 7, "7-8"},
		{"A-1", 8, "7-8"},
		{"A-1", 9, ">=9"},
		{"A-1", 10, ">=9"},
		{"A-1", 1000, ">=9"},
		// Closed rows 1-40, 41-90, 91-100: beyond them reads the first or last row.
		{"A-2", -5, "1-40"},
		{"A-2", 0, "1-40"},
		{"A-2", 1, "1-40"},
		{"A-2", 40, "1-40"},
		{"A-2", 41, "41-90"},
		{"A-2", 90, "41-90"},
		{"A-2", 91, "91-100"},
		{"A-2", 100, "91-100"},
		{"A-2", 101, "91-100"},
		{"A-2", 250, "91-100"},
		// A single row reads for every total.
		{"A-0", -3, "1-20"},
		{"A-0", 21, "1-20"},
	}
	for _, tc := range tests {
		r := s.MustGet(tc.table).Lookup(tc.total)
		if r == nil || r.Range() != tc.want {
			t.Errorf("%s.Lookup(%d) = row %v, want %s", tc.table, tc.total, r, tc.want)
		}
	}
}

func TestModify(t *testing.T) {
	s := loadValid(t)
	sc := s.Schema
	tests := []struct {
		table string
		facts facts
		want  []tables.Applied
	}{
		{"A-1", facts{"month": 4}, nil},
		{"A-1", facts{"month": 12}, []tables.Applied{{1, "winter gales"}}},
		{"A-1", facts{"month": 7}, []tables.Applied{{-1, "settled summer weather"}}},
		// +crew: the crew fact's value when leg >= 3.
		{"A-1", facts{"month": 1, "leg": 3, "crew": 2}, []tables.Applied{{1, "winter gales"}, {2, "a tired crew sees storms"}}},
		{"A-1", facts{"month": 5, "leg": 2, "crew": 2}, nil},
		// A per-fact modifier worth 0 is left out.
		{"A-1", facts{"month": 5, "leg": 4, "crew": 0}, nil},
		{"A-1", facts{"month": 5, "leg": 4, "crew": -3}, []tables.Applied{{-3, "a tired crew sees storms"}}},
		// -2*leg when weather != good and leg > 1; +10 in a red zone;
		// +3*crew in red or open; -crew in bad weather.
		{"A-2", facts{"weather": "good", "leg": 3, "zone": "base", "crew": 4}, nil},
		{"A-2", facts{"weather": "poor", "leg": 3, "zone": "base", "crew": 4}, []tables.Applied{{-6, "the long way home"}}},
		{"A-2", facts{"weather": "poor", "leg": 1, "zone": "base", "crew": 4}, nil},
		{"A-2", facts{"weather": "good", "leg": 0, "zone": "red", "crew": 2}, []tables.Applied{{10, "in a Red Zone"}, {6, "more eyes on watch"}}},
		{"A-2", facts{"weather": "good", "leg": 0, "zone": "open", "crew": 2}, []tables.Applied{{6, "more eyes on watch"}}},
		{"A-2", facts{"weather": "bad", "leg": 2, "zone": "red", "crew": 5}, []tables.Applied{
			{-4, "the long way home"}, {10, "in a Red Zone"}, {15, "more eyes on watch"}, {-5, "seasick crew"},
		}},
		{"B-10", facts{"crew": 1}, []tables.Applied{{-1, "half a crew"}}},
		{"B-10", facts{"crew": 2}, nil},
	}
	for _, tc := range tests {
		tb := s.MustGet(tc.table)
		prefix := []tables.Applied{{99, "kept"}}
		got, sum := tb.Modify(tc.facts.of(sc), slices.Clone(prefix))
		if !slices.Equal(got[:1], prefix) {
			t.Errorf("%s.Modify(%v) lost what dst held: %v", tc.table, tc.facts, got)
			continue
		}
		if !slices.Equal(got[1:], tc.want) {
			t.Errorf("%s.Modify(%v) = %v, want %v", tc.table, tc.facts, got[1:], tc.want)
		}
		want := 0
		for _, a := range tc.want {
			want += a.Value
		}
		if sum != want {
			t.Errorf("%s.Modify(%v) sum = %d, want %d", tc.table, tc.facts, sum, want)
		}
	}
}

// A roll read through its modifiers: modified totals past the rows read the
// last row (a 1D10 of 10, +4, reads ">=9" Bad).
func TestModifiedRollClamps(t *testing.T) {
	s := loadValid(t)
	tb := s.MustGet("A-1")
	f := facts{"month": 12, "leg": 5, "crew": 3}.of(s.Schema)
	_, sum := tb.Modify(f, nil)
	if sum != 4 {
		t.Fatalf("sum = %d, want 4", sum)
	}
	weather := s.Schema.EffectIndex("weather")
	for roll := 1; roll <= 10; roll++ {
		r := tb.Lookup(roll + sum)
		var want string
		switch total := roll + sum; {
		case total <= 6:
			want = "poor" // 5-6: the lowest total is 1+4
		case total <= 8:
			want = "foggy"
		default:
			want = "bad" // >=9, up to 10+4
		}
		if v, _ := r.Int(weather, roll+sum); s.Schema.Effects[weather].Values[v] != want {
			t.Errorf("roll %d%+d reads %s, want %s", roll, sum, r.Range(), want)
		}
	}
}

func TestSpecFor(t *testing.T) {
	s := loadValid(t)
	sc := s.Schema
	a0 := s.MustGet("A-0")
	for month := 1; month <= 12; month++ {
		want := dice.D10
		if month >= 6 && month <= 8 {
			want = dice.D20
		}
		if got := a0.SpecFor(facts{"month": month}.of(sc)); got != want {
			t.Errorf("A-0 in month %d rolls %s, want %s", month, got, want)
		}
	}
	if got := s.MustGet("A-2").SpecFor(facts{}.of(sc)); got != dice.Percentile {
		t.Errorf("A-2 rolls %v", got)
	}

	// Several conditional dice: the first that holds wins.
	src := lines(
		"table T-1", "title Search",
		"dice 1D4 | weather = bad",
		"dice 1D20 | leg >= 3 and zone != base",
		"dice 3D6 | month in 1,2",
		"dice 1D6",
		"row <=5 | Nothing", "row >=6 | Contact",
	)
	set, err := tables.Load(mapFS("t.tbl", src), testSchema(nil))
	if err != nil {
		t.Fatal(err)
	}
	tb := set.MustGet("T-1")
	tests := []struct {
		f    facts
		want dice.Spec
	}{
		{facts{"weather": "bad", "leg": 5, "zone": "red", "month": 1}, dice.D4},
		{facts{"weather": "good", "leg": 5, "zone": "red", "month": 1}, dice.D20},
		{facts{"weather": "good", "leg": 5, "zone": "base", "month": 1}, dice.Spec{N: 3, Sides: 6}},
		{facts{"weather": "good", "leg": 2, "zone": "red", "month": 2}, dice.Spec{N: 3, Sides: 6}},
		{facts{"weather": "good", "leg": 2, "zone": "red", "month": 3}, dice.D6},
		{facts{"weather": "foggy", "leg": 9, "zone": "base", "month": 12}, dice.D6},
	}
	for _, tc := range tests {
		if got := tb.SpecFor(tc.f.of(set.Schema)); got != tc.want {
			t.Errorf("SpecFor(%v) = %s, want %s", tc.f, got, tc.want)
		}
	}
	if got := tb.DiceText(); got != "1D4 if weather = bad; 1D20 if leg >= 3 and zone != base; 3D6 if month in 1,2; 1D6" {
		t.Errorf("DiceText = %q", got)
	}
}

// Every comparison of a condition, through a one-modifier table.
func TestConditions(t *testing.T) {
	tests := []struct {
		cond  string
		facts facts
		want  bool
	}{
		{"leg = 3", facts{"leg": 3}, true},
		{"leg = 3", facts{"leg": 4}, false},
		{"leg=3", facts{"leg": 3}, true},
		{"leg != 3", facts{"leg": 3}, false},
		{"leg != 3", facts{"leg": 2}, true},
		{"leg < 3", facts{"leg": 2}, true},
		{"leg < 3", facts{"leg": 3}, false},
		{"leg <= 3", facts{"leg": 3}, true},
		{"leg <= 3", facts{"leg": 4}, false},
		{"leg > 3", facts{"leg": 4}, true},
		{"leg > 3", facts{"leg": 3}, false},
		{"leg >= 3", facts{"leg": 3}, true},
		{"leg >= 3", facts{"leg": 2}, false},
		{"leg >= -2", facts{"leg": -2}, true},
		{"leg < -2", facts{"leg": -2}, false},
		{"month in 11,12,1,2", facts{"month": 1}, true},
		{"month in 11, 12, 1, 2", facts{"month": 12}, true},
		{"month in 11,12,1,2", facts{"month": 3}, false},
		{"month in 7", facts{"month": 7}, true},
		{"weather = foggy", facts{"weather": "foggy"}, true},
		{"weather = foggy", facts{"weather": "bad"}, false},
		{"weather != good", facts{"weather": "good"}, false},
		{"weather != good", facts{"weather": "poor"}, true},
		{"weather in poor,bad", facts{"weather": "bad"}, true},
		{"weather in poor,bad", facts{"weather": "foggy"}, false},
		{"leg >= 3 and weather = bad", facts{"leg": 3, "weather": "bad"}, true},
		{"leg >= 3 and weather = bad", facts{"leg": 3, "weather": "good"}, false},
		{"leg >= 3 and weather = bad", facts{"leg": 2, "weather": "bad"}, false},
		{"month in 6,7,8 and zone = red and crew > 0", facts{"month": 6, "zone": "red", "crew": 1}, true},
		{"month in 6,7,8 and zone = red and crew > 0", facts{"month": 6, "zone": "red", "crew": 0}, false},
	}
	sc := testSchema(nil)
	for _, tc := range tests {
		src := withOK("mod +1 | " + tc.cond + " | r")
		s, err := tables.Load(mapFS("t.tbl", src), sc)
		if err != nil {
			t.Errorf("condition %q: %v", tc.cond, err)
			continue
		}
		tb := s.MustGet("T-1")
		if got := tb.Mods[0].When.Holds(tc.facts.of(sc)); got != tc.want {
			t.Errorf("%q with %v holds = %v, want %v", tc.cond, tc.facts, got, tc.want)
		}
		_, sum := tb.Modify(tc.facts.of(sc), nil)
		if (sum == 1) != tc.want {
			t.Errorf("%q with %v: Modify sum %d", tc.cond, tc.facts, sum)
		}
		if tb.Mods[0].When.Text != tc.cond {
			t.Errorf("condition text = %q, want %q", tb.Mods[0].When.Text, tc.cond)
		}
	}
	// "always" is the empty condition.
	s, err := tables.Load(mapFS("t.tbl", withOK("mod -2 | always | r")), sc)
	if err != nil {
		t.Fatal(err)
	}
	m := s.MustGet("T-1").Mods[0]
	if len(m.When.Tests) != 0 || m.When.Text != "" || !m.When.Holds(facts{}.of(sc)) {
		t.Errorf("always = %+v", m.When)
	}
}

func TestFind(t *testing.T) {
	s := loadValid(t)
	sc := s.Schema
	seaState := sc.EffectIndex("sea_state")
	points := sc.EffectIndex("points")
	b1 := s.MustGet("B-1")
	for i, w := range []struct {
		weather string
		result  string
		sea     int
	}{
		{"good", "Calm", 1}, {"poor", "Slight", 2}, {"foggy", "Slight, fog", 2}, {"bad", "Rough", 4},
	} {
		r, v := b1.Find(facts{"weather": w.weather}.of(sc))
		if v != i || r.Label != w.weather || r.Result != w.result {
			t.Errorf("B-1 Find(%s) = %q (%d), want %q", w.weather, r.Result, v, w.result)
		}
		if got, ok := r.Int(seaState, v); !ok || got != w.sea {
			t.Errorf("B-1 Find(%s) sea_state = %d, %v", w.weather, got, ok)
		}
	}
	b2 := s.MustGet("B-2")
	for _, w := range []struct{ leg, points int }{
		{-5, 0}, {0, 0}, {1, 1}, {2, 1}, {3, 2}, {50, 2},
	} {
		r, v := b2.Find(facts{"leg": w.leg}.of(sc))
		if v != w.leg {
			t.Errorf("B-2 Find(leg %d) read %d", w.leg, v)
		}
		if got, _ := r.Int(points, v); got != w.points {
			t.Errorf("B-2 Find(leg %d) = row %s, points %d, want %d", w.leg, r.Range(), got, w.points)
		}
	}
}

func TestOverlay(t *testing.T) {
	s := loadValid(t)
	oldA1 := s.MustGet("A-1")
	overlay := lines(
		"# my house rules",
		"table A-1",
		"title Night Weather (house rule)",
		"dice 1D6",
		"row 1-3 | Good | weather=good",
		"row 4-6 | Bad | weather=bad",
	)
	n, err := s.Overlay(mapFS("house.tbl", overlay))
	if err != nil {
		t.Fatal(err)
	}
	a1 := n.MustGet("A-1")
	if a1.Title != "Night Weather (house rule)" || a1.File != "house.tbl" || a1.Line != 2 || len(a1.Rows) != 2 {
		t.Errorf("overlaid A-1 = %q from %s:%d with %d rows", a1.Title, a1.File, a1.Line, len(a1.Rows))
	}
	if s.MustGet("A-1") != oldA1 || oldA1.Title != "Night Weather" {
		t.Error("Overlay changed the original set")
	}
	for _, id := range []string{"A-0", "A-2", "B-1", "B-2", "B-10"} {
		if n.MustGet(id) != s.MustGet(id) {
			t.Errorf("Overlay replaced %s, which the overlay does not have", id)
		}
	}
	if !slices.Equal(n.IDs(), s.IDs()) {
		t.Errorf("overlay IDs = %v, want %v", n.IDs(), s.IDs())
	}
	if n.Digest() == s.Digest() {
		t.Error("the overlaid set has the original digest")
	}
	if n.Schema != s.Schema {
		t.Error("the overlaid set has another schema")
	}
	// The original's printout is as before.
	var b strings.Builder
	if err := s.PrintList(&b); err != nil || !strings.Contains(b.String(), "Night Weather ") || strings.Contains(b.String(), "house rule") {
		t.Errorf("original PrintList after Overlay: %v\n%s", err, b.String())
	}

	// Overlays stack.
	n2, err := n.Overlay(mapFS("more.tbl", lines("table B-10", "title Damage (house)", "dice 1D6", "row 1-6 | None | points=0")))
	if err != nil {
		t.Fatal(err)
	}
	if n2.MustGet("A-1") != a1 || n2.MustGet("B-10").Title != "Damage (house)" || n.MustGet("B-10").Title != "Damage" {
		t.Error("a second overlay did not keep the first or changed it")
	}

	// Overlaying the same text gives the same digest.
	same, err := s.Overlay(mapFS("copy.tbl", setB))
	if err != nil {
		t.Fatal(err)
	}
	if same.Digest() != s.Digest() {
		t.Errorf("overlay with identical tables: digest %s, want %s", same.Digest(), s.Digest())
	}
}

func TestOverlayErrors(t *testing.T) {
	s := loadValid(t)
	tests := []struct {
		name  string
		files []string
		file  string
		line  int
		msgs  []string
	}{
		{
			name:  "unknown id",
			files: []string{"house.tbl", lines("# typo", "table A-11", "title Typo", "dice 1D6", "row 1-6 | x")},
			file:  "house.tbl", line: 2,
			msgs: []string{"table A-11 is not a table of this game: an overlay may only replace tables"},
		},
		{
			name: "unknown id after a good one",
			files: []string{"house.tbl", lines(
				"table A-1", "title Night Weather", "dice 1D6", "row 1-6 | x | weather=good",
				"table Z-1", "title New", "dice 1D6", "row 1-6 | x",
			)},
			file: "house.tbl", line: 5,
			msgs: []string{"table Z-1 is not a table of this game"},
		},
		{
			name: "id twice in the overlay",
			files: []string{
				"a.tbl", lines("table B-10", "title Damage", "dice 1D6", "row 1-6 | x"),
				"b.tbl", lines("table B-10", "title Damage", "dice 1D6", "row 1-6 | y"),
			},
			file: "b.tbl", line: 1,
			msgs: []string{"table B-10 is defined twice (first at a.tbl:1)"},
		},
		{
			name:  "required effect missing",
			files: []string{"house.tbl", lines("table A-1", "title Night Weather", "dice 1D6", "row 1-6 | x")},
			file:  "house.tbl", line: 4,
			msgs: []string{"table A-1: row 1-6 must set weather"},
		},
		{
			name:  "invalid table",
			files: []string{"house.tbl", lines("table A-1", "title Night Weather", "dice 1D6", "row 1-5 | x | weather=good")},
			file:  "house.tbl", line: 4,
			msgs: []string{"1D6 can roll 6 but the last row ends at 5"},
		},
		{
			name:  "no tbl files",
			files: []string{"notes.txt", "nothing"},
			file:  ".", line: 0,
			msgs: []string{"no *.tbl files"},
		},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			n, err := s.Overlay(mapFS(tc.files...))
			if n != nil {
				t.Error("Overlay returned a set with its error")
			}
			tableError(t, err, tc.file, tc.line, tc.msgs...)
		})
	}
	// A failed overlay leaves the set as it was.
	if s.MustGet("A-1").Title != "Night Weather" || s.MustGet("B-10").Title != "Damage" {
		t.Error("a failed overlay changed the set")
	}
}

func TestDigest(t *testing.T) {
	sc := testSchema(validRequired)
	load := func(t *testing.T, kv ...string) *tables.Set {
		t.Helper()
		s, err := tables.Load(mapFS(kv...), sc)
		if err != nil {
			t.Fatal(err)
		}
		return s
	}
	base := load(t, "a.tbl", setA, "b.tbl", setB).Digest()

	t.Run("stable", func(t *testing.T) {
		same := map[string][]string{
			"loaded again":            {"a.tbl", setA, "b.tbl", setB},
			"one file":                {"all.tbl", setB + setA},
			"other file names":        {"x.tbl", setA, "y.tbl", setB},
			"comments and blanks":     {"a.tbl", "# header\n\n" + strings.ReplaceAll(setA, "\n", "\n\n# c\n"), "b.tbl", setB},
			"indentation":             {"a.tbl", indent(setA), "b.tbl", setB},
			"spaces around the bars":  {"a.tbl", setA, "b.tbl", strings.ReplaceAll(setB, " | ", "   |   ")},
			"tables in another order": {"a.tbl", setA, "b.tbl", reorderB()},
		}
		for name, kv := range same {
			if got := load(t, kv...).Digest(); got != base {
				t.Errorf("%s: digest %s, want %s", name, got, base)
			}
		}
	})
	t.Run("changes", func(t *testing.T) {
		changed := map[string][2]string{
			"a row's range":     {"row >=9 | Bad", "row 9-10 | Bad"},
			"a row's result":    {"| Foggy: Channel fog banks |", "| Foggy: fog banks |"},
			"an effect":         {"weather=poor", "weather=foggy"},
			"an effect added":   {"| points=0", "| points=0 abstract"},
			"a title":           {"title Encounter", "title Encounters"},
			"a modifier value":  {"mod +10 | zone = red", "mod +9 | zone = red"},
			"a modifier reason": {"| in a Red Zone", "| in the Red Zone"},
			"a condition":       {"month in 11,12,1,2", "month in 11,12,1"},
			"the dice":          {"dice 1D20 | month in 6,7,8", "dice 1D20 | month in 6,7"},
			"a per-fact mod":    {"mod -2*leg", "mod -3*leg"},
		}
		seen := map[string]string{base: "base"}
		for name, r := range changed {
			if !strings.Contains(setA, r[0]) {
				t.Fatalf("%s: %q is not in setA", name, r[0])
			}
			got := load(t, "a.tbl", strings.Replace(setA, r[0], r[1], 1), "b.tbl", setB).Digest()
			if prev, ok := seen[got]; ok {
				t.Errorf("changing %s gives the digest of %s: %s", name, prev, got)
			}
			seen[got] = name
		}
		// Lookup tables: the rows and the key fact count.
		b := load(t, "a.tbl", setA, "b.tbl", strings.Replace(setB, "row bad | Rough | sea_state=4", "row bad | Rough | sea_state=5", 1)).Digest()
		if b == base {
			t.Error("changing a lookup row keeps the digest")
		}
		b = load(t, "a.tbl", setA, "b.tbl", strings.Replace(setB, "lookup leg", "lookup month", 1)).Digest()
		if b == base {
			t.Error("changing a lookup table's fact keeps the digest")
		}
	})
}

func indent(s string) string {
	var b strings.Builder
	for _, l := range strings.Split(s, "\n") {
		if l != "" {
			b.WriteString("  \t")
		}
		b.WriteString(l + "  ")
		b.WriteString("\n")
	}
	return b.String()
}

// reorderB is setB with its tables in another order.
func reorderB() string {
	parts := strings.Split(setB, "\n\n")
	slices.Reverse(parts)
	return strings.Join(parts, "\n\n")
}
