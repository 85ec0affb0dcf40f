package tables_test

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"

	"github.com/schnell-wargames/schnell/tables"
)

// bookSchema is what the fixtures taken from the rule documents read.
func bookSchema() *tables.Schema {
	sizes := []string{"very_small", "small", "medium", "large", "very_large"}
	return &tables.Schema{
		Facts: []tables.Def{
			{Name: "differential", Kind: tables.Int},
			{Name: "terrain", Kind: tables.Enum, Values: []string{"coastal", "docks", "city", "canal", "flooded", "clear"}},
			{Name: "shifts", Kind: tables.Int},
			{Name: "engineers", Kind: tables.Int},
			{Name: "factor", Kind: tables.Int},
			{Name: "straddled", Kind: tables.Int},
			{Name: "stationary", Kind: tables.Int},
			{Name: "fast", Kind: tables.Int},
			{Name: "turning", Kind: tables.Int},
			{Name: "big_guns", Kind: tables.Int},
			{Name: "need", Kind: tables.Int},
			{Name: "range", Kind: tables.Enum, Values: []string{"short", "medium", "long"}},
			{Name: "target_speed", Kind: tables.Enum, Values: []string{"very_slow", "slow", "medium", "fast", "very_fast"}},
			{Name: "target_size", Kind: tables.Enum, Values: sizes},
			{Name: "damage_mod", Kind: tables.Int},
			{Name: "size_mod", Kind: tables.Int},
		},
		Effects: []tables.Def{
			{Name: "side", Kind: tables.Enum, Values: []string{"none", "attacker", "defender", "both"}},
			{Name: "n", Kind: tables.Int},
			{Name: "eliminated", Kind: tables.Flag},
			{Name: "hits", Kind: tables.Int},
			{Name: "straddle", Kind: tables.Flag},
			{Name: "hit", Kind: tables.Int},
			{Name: "level", Kind: tables.Enum, Values: []string{"intact", "damaged", "heavily_damaged", "wrecked", "sunk"}},
			{Name: "fire", Kind: tables.Flag},
		},
		Required: map[string][]string{"SC-CRT": {"side"}, "CW-FIRE": {"hits"}, "SR-HIT": {"hit"}, "SR-DMG": {"level"}},
		Records:  []tables.RecordKind{vesselKind},
	}
}

// vesselKind is a Schnell Rules vessel class.
var vesselKind = tables.RecordKind{Name: "vessel", Help: "a vessel class of the Schnell Rules database", Fields: []tables.Field{
	{Name: "size", Kind: tables.Enum, Values: []string{"VS", "S", "M", "L", "VL"}, Required: true},
	{Name: "size_mod", Kind: tables.Int, Required: true},
	{Name: "manoeuvre", Kind: tables.Enum, Values: []string{"VS", "S", "M", "L", "VL"}, Required: true},
	{Name: "speed", Kind: tables.Enum, Values: []string{"VS", "S", "M", "F", "VF"}, Required: true},
	{Name: "gun", Many: true, Parts: []tables.Field{
		{Name: "weapon", Kind: tables.Enum, Values: []string{"LMG", "HMG", "20mm", "2pdr", "3pdr", "6pdr", "37mm", "40mm", "3inHA", "4inHA"}},
		{Name: "arcs", Kind: tables.Marks, Values: []string{"F", "A", "P", "S"}},
	}},
	{Name: "torpedo", Many: true, Parts: []tables.Field{
		{Name: "type", Kind: tables.Enum, Values: []string{"18in", "21in"}},
		{Name: "tubes", Kind: tables.Int},
	}},
	{Name: "reloads", Kind: tables.Int},
}}

func loadBooks(t *testing.T) *tables.Set {
	t.Helper()
	s, err := tables.Load(os.DirFS("testdata/books"), bookSchema())
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// read rolls a grid table with a given die face.
func read(t *testing.T, s *tables.Set, id string, f facts, face int) tables.Cell {
	t.Helper()
	tb := s.MustGet(id)
	fs := f.of(s.Schema)
	_, mod := tb.Modify(fs, nil)
	_, shift := tb.Shift(fs, nil)
	return tb.Read(fs, face+mod, shift)
}

// Battle of the Scheldt, the Integrated Combat Results Table: each terrain
// line has its own differentials, shifts stop at the table's ends.
func TestScheldtCRT(t *testing.T) {
	s := loadBooks(t)
	cases := []struct {
		name    string
		f       facts
		die     int
		col     int
		want    string
		heading string
	}{
		{"clear 0", facts{"terrain": "clear", "differential": 0}, 1, 6, "Ex", "0"},
		{"flooded 0 reads one column left of clear", facts{"terrain": "flooded", "differential": 0}, 1, 5, "Ex", "0"},
		{"flooded 0 with an engineer reads the clear line (12.1)", facts{"terrain": "flooded", "differential": 0, "engineers": 1}, 1, 6, "Ex", "0"},
		{"city 0", facts{"terrain": "city", "differential": 0}, 2, 4, "A2", "0"},
		{"across a canal reads the city line", facts{"terrain": "canal", "differential": 1}, 2, 5, "-", "+1"},
		{"coastal +10 is its last band", facts{"terrain": "coastal", "differential": 10}, 1, 8, "D2", ">=+10"},
		{"coastal +15 reads +10", facts{"terrain": "coastal", "differential": 15}, 6, 8, "A1", ">=+10"},
		{"docks +2 and +3 share a column", facts{"terrain": "docks", "differential": 3}, 3, 5, "A2", "+2-+3"},
		{"clear below -5 reads -5", facts{"terrain": "clear", "differential": -9}, 5, 1, "Ae", "<=-5"},
		{"clear +12", facts{"terrain": "clear", "differential": 12}, 1, 12, "De", ">=+10"},
		{"a shift right", facts{"terrain": "clear", "differential": 0, "shifts": 2}, 4, 8, "Ex", "+2-+3"},
		{"a shift left", facts{"terrain": "clear", "differential": 0, "shifts": -1}, 6, 5, "(A)", "-1"},
		{"a shift past the right end stops there", facts{"terrain": "clear", "differential": 10, "shifts": 3}, 6, 12, "Ex", ">=+10"},
		{"a shift past the left end stops there", facts{"terrain": "coastal", "differential": -1, "shifts": -4}, 6, 1, "Ae", "<=-1"},
		{"a shift beyond a line's bands", facts{"terrain": "coastal", "differential": 10, "shifts": 2}, 1, 10, "D3", ""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got := read(t, s, "SC-CRT", c.f, c.die)
			if got.Column != c.col || got.Result != c.want {
				t.Errorf("die %d: column %d %q, want column %d %q", c.die, got.Column, got.Result, c.col, c.want)
			}
			if got.Key == nil || got.Key.Label != c.want {
				t.Errorf("key %v, want %s", got.Key, c.want)
			}
			tb := s.MustGet("SC-CRT")
			if h := tb.Grid.ColumnsFor(c.f.of(s.Schema)).Heading(got.Column); h != c.heading {
				t.Errorf("heading %q, want %q", h, c.heading)
			}
		})
	}
	ex := read(t, s, "SC-CRT", facts{"terrain": "clear"}, 1)
	side := s.Schema.EffectIndex("side")
	if v, ok := ex.Int(side, 0); !ok || s.Schema.Effects[side].Values[v] != "both" {
		t.Errorf("Ex sets side %d %v, want both", v, ok)
	}
}

// WW2 Coastal Warfare v2a, the gunfire effect chart: the shooting factor
// picks the row, the modified D6 the column (7+ and below 1 read the ends).
func TestCoastalGunfireChart(t *testing.T) {
	s := loadBooks(t)
	cases := []struct {
		name string
		f    facts
		die  int
		row  string
		col  int
		want string
	}{
		{"factor 2, a 6", facts{"factor": 2}, 6, "<=2", 6, "Straddle"},
		{"factor 1 reads up to 2", facts{"factor": 1}, 5, "<=2", 5, "-"},
		{"factor 8, a 5", facts{"factor": 8}, 5, "7-8", 5, "1 hit"},
		{"straddled last turn: +2", facts{"factor": 8, "straddled": 1}, 5, "7-8", 7, "2 hits"},
		{"factor 12, a 6 and a stationary target reads 7+", facts{"factor": 12, "stationary": 1}, 6, "11-13", 7, "4 hits"},
		{"factor 20 reads 14 or more", facts{"factor": 20}, 4, ">=14", 4, "2 hits"},
		{"a 1 turning fast reads the first column", facts{"factor": 20, "fast": 1, "turning": 1}, 1, ">=14", 1, "-"},
		{"a 6 with big guns from a destroyer", facts{"factor": 9, "big_guns": 1}, 6, "9-10", 4, "1 hit"},
	}
	hits := s.Schema.EffectIndex("hits")
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got := read(t, s, "CW-FIRE", c.f, c.die)
			if got.Row.Range() != c.row || got.Column != c.col || got.Result != c.want {
				t.Errorf("row %s column %d %q, want row %s column %d %q", got.Row.Range(), got.Column, got.Result, c.row, c.col, c.want)
			}
			if _, ok := got.Int(hits, 0); !ok {
				t.Errorf("%q sets no hits", got.Result)
			}
		})
	}
}

// Schnell Rules, gunfire: a natural 1 always misses; a natural 20 always
// hits at short or medium range, whatever the modifiers.
func TestSchnellRulesNaturalFaces(t *testing.T) {
	s := loadBooks(t)
	tb := s.MustGet("SR-HIT")
	hit := s.Schema.EffectIndex("hit")
	cases := []struct {
		name string
		f    facts
		face int
		want int
		row  string
	}{
		{"a natural 1 misses a very slow target", facts{"need": 5, "target_speed": "very_slow", "target_size": "medium", "range": "short"}, 1, 0, "natural 1"},
		{"a 2 hits it", facts{"need": 5, "target_speed": "very_slow", "target_size": "medium", "range": "short"}, 2, 1, ">=0"},
		{"a natural 20 hits a very fast, very small boat at medium range", facts{"need": 12, "target_speed": "very_fast", "target_size": "very_small", "range": "medium"}, 20, 1, "natural 20"},
		{"but not at long range", facts{"need": 17, "target_speed": "very_fast", "target_size": "very_small", "range": "long"}, 20, 0, "<=-1"},
		{"a 19 misses at medium range", facts{"need": 12, "target_speed": "very_fast", "target_size": "very_small", "range": "medium"}, 19, 0, "<=-1"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			fs := c.f.of(s.Schema)
			_, mod := tb.Modify(fs, nil)
			r := tb.Pick(fs, c.face, c.face+mod)
			if v, _ := r.Int(hit, 0); v != c.want || r.Range() != c.row {
				t.Errorf("face %d (modified %d): row %s hit=%d, want row %s hit=%d", c.face, c.face+mod, r.Range(), v, c.row, c.want)
			}
		})
	}
}

// The fixtures print like the book's charts (golden files).
func TestBookPrintouts(t *testing.T) {
	s := loadBooks(t)
	for _, id := range s.IDs() {
		t.Run(id, func(t *testing.T) {
			var b bytes.Buffer
			if err := s.MustGet(id).Print(&b); err != nil {
				t.Fatal(err)
			}
			golden(t, filepath.Join("books", "print_"+id+".golden"), b.Bytes())
		})
	}
}
