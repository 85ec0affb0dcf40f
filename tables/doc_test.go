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
