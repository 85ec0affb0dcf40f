package tables_test

import (
	"os"
	"regexp"
	"strings"
	"testing"

	"github.com/schnell-wargames/schnell/dice"
	"github.com/schnell-wargames/schnell/tables"
)

// docBlocks returns the fenced code blocks of docs/table-format.md that
// start with a "table" line or a comment.
func docBlocks(t *testing.T) []string {
	t.Helper()
	b, err := os.ReadFile("../docs/table-format.md")
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, m := range regexp.MustCompile("(?s)```\n(.*?)```").FindAllStringSubmatch(string(b), -1) {
		if strings.HasPrefix(m[1], "table ") || strings.HasPrefix(m[1], "#") {
			out = append(out, m[1])
		}
	}
	return out
}

// The examples of docs/table-format.md load, and the complete example
// reads as the page says.
func TestDocExamples(t *testing.T) {
	blocks := docBlocks(t)
	if len(blocks) < 2 {
		t.Fatalf("found %d example blocks in docs/table-format.md", len(blocks))
	}
	sc := testSchema(nil)
	for i, src := range blocks {
		if _, err := loadString(src); err != nil {
			t.Errorf("example %d does not load: %v\n%s", i+1, err, src)
		}
	}
	s, err := loadString(blocks[len(blocks)-1])
	if err != nil {
		t.Fatal(err)
	}
	a1 := s.MustGet("A-1")
	weather := sc.EffectIndex("weather")
	read := func(f facts, roll int) string {
		_, sum := a1.Modify(f.of(s.Schema), nil)
		v, _ := a1.Lookup(roll+sum).Int(weather, roll+sum)
		return sc.Effects[weather].Values[v]
	}
	if got := read(facts{"month": 12}, 9); got != "bad" {
		t.Errorf("December, roll 9 reads %s, the page says bad", got)
	}
	if got := read(facts{"month": 7}, 2); got != "good" {
		t.Errorf("July, roll 2 reads %s, the page says good", got)
	}
	if got := s.MustGet("A-0").SpecFor(facts{"month": 7}.of(s.Schema)); got != dice.D20 {
		t.Errorf("A-0 in July rolls %s", got)
	}
}

func loadString(src string) (*tables.Set, error) {
	return tables.Load(mapFS("doc.tbl", src), testSchema(nil))
}

// The two-dimensional tables, natural rows and records of
// docs/table-format.md load and read as the page says.
func TestDocGridAndRecords(t *testing.T) {
	var grids, recs string
	for _, src := range docBlocks(t) {
		if strings.Contains(src, "table C-1") {
			grids = src
		}
	}
	b, err := os.ReadFile("../docs/table-format.md")
	if err != nil {
		t.Fatal(err)
	}
	for _, m := range regexp.MustCompile("(?s)```\n(record .*?)```").FindAllStringSubmatch(string(b), -1) {
		recs = m[1]
	}
	if grids == "" || recs == "" {
		t.Fatal("docs/table-format.md has no grid example or no record example")
	}
	s, err := tables.Load(mapFS("doc.tbl", grids, "doc.rec", recs), testSchema(nil))
	if err != nil {
		t.Fatal(err)
	}
	sc := s.Schema
	read := func(id string, f facts, face int) tables.Cell {
		tb := s.MustGet(id)
		_, mod := tb.Modify(f.of(sc), nil)
		_, shift := tb.Shift(f.of(sc), nil)
		return tb.Read(f.of(sc), face+mod, shift)
	}
	cases := []struct {
		id   string
		f    facts
		face int
		col  int
		want string
	}{
		{"C-1", facts{"terrain": "town", "differential": 0}, 4, 2, "EX"},
		{"C-1", facts{"terrain": "clear", "differential": 3, "month": 7}, 1, 5, "DR"},
		{"C-2", facts{"factor": 6, "leg": 3}, 4, 3, "1 hit"},
	}
	for _, c := range cases {
		if got := read(c.id, c.f, c.face); got.Column != c.col || got.Result != c.want {
			t.Errorf("%s %v, a %d: column %d %q, the page says column %d %q", c.id, c.f, c.face, got.Column, got.Result, c.col, c.want)
		}
	}
	r, ok := s.Record("S-100")
	if !ok || len(r.All("gun")) != 3 {
		t.Errorf("the page's S-100: %v %v", r, ok)
	}
	var natural string
	for _, src := range docBlocks(t) {
		if strings.Contains(src, "table A-5") {
			natural = src
		}
	}
	n, err := loadString(natural)
	if err != nil {
		t.Fatal(err)
	}
	a5 := n.MustGet("A-5")
	f := facts{"crew": 3, "weather": "good"}.of(sc)
	if got := a5.Pick(f, 1, 1-3+10).Range(); got != "natural 1" {
		t.Errorf("A-5, a natural 1: row %s", got)
	}
	if got := a5.Pick(f, 20, 20-30).Result; !strings.HasPrefix(got, "Hit") {
		t.Errorf("A-5, a natural 20 in good weather: %s", got)
	}
}
