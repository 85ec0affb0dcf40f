package tables_test

import (
	"errors"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/schnell-wargames/schnell/tables"
)

// testSchema is a small game: the facts conditions may test and the effects
// rows may set. required is the Required map (nil: no table is required).
func testSchema(required map[string][]string) *tables.Schema {
	return &tables.Schema{
		Facts: []tables.Def{
			{Name: "month", Kind: tables.Int, Help: "1..12"},
			{Name: "leg", Kind: tables.Int},
			{Name: "crew", Kind: tables.Int},
			{Name: "weather", Kind: tables.Enum, Values: []string{"good", "poor", "foggy", "bad"}},
			{Name: "zone", Kind: tables.Enum, Values: []string{"base", "red", "open"}},
			{Name: "raining", Kind: tables.Flag},
			{Name: "differential", Kind: tables.Int},
			{Name: "terrain", Kind: tables.Enum, Values: []string{"clear", "town", "river"}},
			{Name: "factor", Kind: tables.Int},
		},
		Effects: []tables.Def{
			{Name: "points", Kind: tables.Int},
			{Name: "days", Kind: tables.Int},
			{Name: "sea_state", Kind: tables.Int},
			{Name: "weather", Kind: tables.Enum, Values: []string{"good", "poor", "foggy", "bad"}},
			{Name: "abstract", Kind: tables.Flag},
			{Name: "msg", Kind: tables.Text},
			{Name: "hits", Kind: tables.Int},
		},
		Records: []tables.RecordKind{{Name: "vessel", Fields: []tables.Field{
			{Name: "size", Kind: tables.Enum, Values: []string{"VS", "S", "M", "L", "VL"}, Required: true},
			{Name: "speed", Kind: tables.Int},
			{Name: "gun", Many: true, Parts: []tables.Field{
				{Name: "weapon", Kind: tables.Enum, Values: []string{"20mm", "40mm"}},
				{Name: "arcs", Kind: tables.Marks, Values: []string{"F", "A", "P", "S"}},
			}},
		}}},
		Required: required,
	}
}

// lines joins its arguments as the lines of a file, so that a test reads
// line N as the Nth argument.
func lines(ls ...string) string { return strings.Join(ls, "\n") + "\n" }

// mapFS makes a file system of name/content pairs.
func mapFS(kv ...string) fstest.MapFS {
	m := fstest.MapFS{}
	for i := 0; i+1 < len(kv); i += 2 {
		m[kv[i]] = &fstest.MapFile{Data: []byte(kv[i+1])}
	}
	return m
}

// facts are fact values by name; enum facts by value name.
type facts map[string]any

func (f facts) of(s *tables.Schema) tables.Facts {
	return tables.FactFunc(func(i int) int {
		d := s.Facts[i]
		v, ok := f[d.Name]
		if !ok {
			return 0
		}
		switch v := v.(type) {
		case int:
			return v
		case string:
			return s.EnumValue(d.Name, v)
		}
		panic("bad fact value")
	})
}

// tableError checks that err is a *tables.Error at file:line whose message
// contains each of msgs.
func tableError(t *testing.T, err error, file string, line int, msgs ...string) {
	t.Helper()
	if err == nil {
		t.Fatalf("no error; want %s:%d: %s", file, line, strings.Join(msgs, " … "))
	}
	var te *tables.Error
	if !errors.As(err, &te) {
		t.Fatalf("error %q (%T) is not a *tables.Error", err, err)
	}
	if !errors.Is(err, tables.ErrInvalid) {
		t.Errorf("error %q does not wrap ErrInvalid", err)
	}
	if te.File != file || te.Line != line {
		t.Errorf("error at %s:%d, want %s:%d (%s)", te.File, te.Line, file, line, te.Msg)
	}
	for _, m := range msgs {
		if !strings.Contains(te.Msg, m) {
			t.Errorf("message %q does not contain %q", te.Msg, m)
		}
	}
}

// The valid set most tests use: booklet A in a.tbl, booklet B in b.tbl.
var setA = lines(
	"# Test tables, booklet A.",     // 1
	"",                              // 2
	"table A-0",                     // 3
	"title Days Until Next Mission", // 4
	"dice 1D20 | month in 6,7,8",    // 5
	"dice 1D10",                     // 6
	"row 1-20 | Days until the next scheduled mission | days=roll", // 7
	"",                    // 8
	"table A-1",           // 9
	"title Night Weather", // 10
	"dice 1D10",           // 11
	"mod +1 | month in 11,12,1,2 | winter gales",                                                         // 12
	"mod -1 | month in 6,7,8 | settled summer weather",                                                   // 13
	"mod +crew | leg >= 3 | a tired crew sees storms",                                                    // 14
	"row <=4 | Good: clear night, calm | weather=good",                                                   // 15
	"row 5-6 | Poor: overcast, drizzle | weather=poor",                                                   // 16
	"row 7-8 | Foggy: Channel fog banks | weather=foggy",                                                 // 17
	"row >=9 | Bad: storm, heavy seas | weather=bad",                                                     // 18
	"note A Channel night is good about 40% of the time, foggy or poor",                                  // 19
	"note about as often, and bad 20% (30% in winter, 10% in summer); the long note wraps when printed.", // 20
	"",                // 21
	"table A-2",       // 22
	"title Encounter", // 23
	"dice d%",         // 24
	"mod -2*leg | weather != good and leg > 1 | the long way home", // 25
	"mod +10 | zone = red | in a Red Zone",                         // 26
	"mod +3*crew | zone in red,open | more eyes on watch",          // 27
	"mod -crew | weather = bad | seasick crew",                     // 28
	"row 1-40 | Nothing | points=0",                                // 29
	`row 41-90 | A small ship: a trawler or a coaster running without lights along the coast | points=1 msg="a trawler, lights out"`, // 30
	"row 91-100 | A convoy | points=3 abstract msg=convoy",                                                                           // 31
)

var setB = lines(
	"table B-1",                                 // 1
	"title Sea State by Weather",                // 2
	"lookup weather",                            // 3
	"row good | Calm | sea_state=1",             // 4
	"row poor | Slight | sea_state=2",           // 5
	"row foggy | Slight, fog | sea_state=2",     // 6
	"row bad | Rough | sea_state=4",             // 7
	"",                                          // 8
	"table B-10",                                // 9
	"title Damage",                              // 10
	"dice 2D6",                                  // 11
	"mod -1 | crew < 2 | half a crew",           // 12
	"row <=6 | Light damage | points=-1",        // 13
	"row 7-12 | Heavy damage | points=-3",       // 14
	"",                                          // 15
	"table B-2",                                 // 16
	"title Distance by Leg",                     // 17
	"lookup leg",                                // 18
	"row <=0 | In harbour | points=0",           // 19
	"row 1-2 | Outbound | points=1",             // 20
	"row >=3 | Deep in enemy waters | points=2", // 21
)

var validRequired = map[string][]string{
	"A-1":  {"weather"},
	"A-2":  {"points"},
	"B-1":  {"sea_state"},
	"B-10": nil,
}

func loadValid(t *testing.T) *tables.Set {
	t.Helper()
	s, err := tables.Load(mapFS("a.tbl", setA, "b.tbl", setB), testSchema(validRequired))
	if err != nil {
		t.Fatalf("Load of the valid set: %v", err)
	}
	return s
}

func tablesLoad(fs fstest.MapFS, req map[string][]string) (*tables.Set, error) {
	return tables.Load(fs, testSchema(req))
}
