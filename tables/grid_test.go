package tables_test

import (
	"strings"
	"testing"
)

// A grid table of the test schema, line by line, for the error tests.
var gridOK = []string{
	"table G-1",                 // 1
	"title Assault",             // 2
	"dice 1D6",                  // 3
	"grid roll by differential", // 4
	"columns if terrain = town | <=-1 | 0 | >=1", // 5
	"columns <=-2 | -1 | 0 | 1 | >=2",            // 6
	"row 1-3 | A | A | B | B | C",                // 7
	"row 4-6 | A | B | B | C | C",                // 8
}

func gridWith(ls ...string) string { return lines(append(append([]string{}, gridOK...), ls...)...) }

// Every error of the grid, natural and key lines names its line and what
// is wrong.
func TestGridErrors(t *testing.T) {
	cases := []struct {
		name string
		src  string
		req  map[string][]string
		line int
		msg  string
	}{
		{"grid twice", gridWith("grid roll by differential"), nil, 9, "grid: the table already has a grid line"},
		{"grid without by", lines("table G-1", "title T", "dice 1D6", "grid differential"), nil, 4, "grid: want 'grid roll by FACT'"},
		{"grid of two facts", lines("table G-1", "title T", "dice 1D6", "grid factor by differential"), nil, 4, "grid: want 'grid roll by FACT'"},
		{"grid of an enum", lines("table G-1", "title T", "dice 1D6", "grid roll by terrain"), nil, 4, "grid: fact terrain is not a number"},
		{"grid of an unknown fact", lines("table G-1", "title T", "dice 1D6", "grid roll by odds"), nil, 4, `grid: unknown fact "odds"`},
		{"grid after rows", lines("table G-1", "title T", "dice 1D6", "row 1-6 | x", "grid roll by factor"), nil, 5, "grid: must come before the table's rows"},
		{"grid of a lookup", lines("table G-1", "title T", "lookup leg", "grid roll by factor"), nil, 4, "grid: a lookup table has no grid"},
		{"lookup of a grid", lines("table G-1", "title T", "grid roll by factor", "lookup leg"), nil, 4, "lookup: a grid table is rolled, not looked up"},
		{"columns without a grid", lines("table G-1", "title T", "dice 1D6", "columns 1 | 2"), nil, 4, "columns: only a grid table has columns lines"},
		{"shift without a grid", lines("table G-1", "title T", "dice 1D6", "shift +1 | always | x"), nil, 4, "shift: only a grid table has shift lines"},
		{"key without a grid", lines("table G-1", "title T", "dice 1D6", "key A | a"), nil, 4, "key: only a grid table has key lines"},
		{"columns after the default", gridWith()[:0] + lines(gridOK[:6]...) + lines("columns if terrain = river | 0"), nil, 7, "columns: a line after the unconditional columns line can never apply"},
		{"columns overlap", lines(append(gridOK[:5:5], "columns <=-2 | -2 | 0")...), nil, 6, "columns: column -2 overlaps column <=-2"},
		{"columns gap", lines(append(gridOK[:5:5], "columns <=-2 | 0")...), nil, 6, "columns: missing range: no column for -1"},
		{"a bad column range", lines(append(gridOK[:5:5], "columns <=-2 | x")...), nil, 6, `row: bad range "x"`},
		{"conditional roll columns", lines("table G-1", "title T", "dice 1D6", "grid factor by roll", "columns if leg = 1 | 1-6"), nil, 5, "columns: the roll's columns take no condition"},
		{"rows before columns", lines("table G-1", "title T", "dice 1D6", "grid roll by factor", "row 1-6 | x"), nil, 5, "row: a grid table's columns line comes before its rows"},
		{"columns after rows", gridWith("columns 1 | 2"), nil, 9, "columns: must come before the table's rows"},
		{"too many cells", lines(append(gridOK[:6:6], "row 1-6"+strings.Repeat(" | x", 65))...), nil, 7, "row 1-6: 65 cells, at most 64"},
		{"a short row", gridWith("row 7 | A"), nil, 9, "row 7 has 1 cells, the rows before it 5"},
		{"an empty cell", lines(append(gridOK[:6:6], "row 1-6 | A | | B | B | C")...), nil, 7, "row 1-6: cell 2 is empty (write - for no result)"},
		{"too many headings", lines(append(gridOK[:4:4], "columns <=-2 | -1 | 0 | 1 | 2 | >=3", "row 1-6 | A | A | B | B | C")...), nil, 5, "table G-1: 6 column headings for rows of 5 cells"},
		{"roll columns must match", lines("table G-1", "title T", "dice 1D6", "grid factor by roll", "columns 1-3 | 4-6", "row <=0 | a | b | c"), nil, 5, "table G-1: 2 column headings for rows of 3 cells"},
		{"last columns conditional", lines(append(gridOK[:5:5], "row 1-6 | A | A | B")...), nil, 5, "the last columns line must have no condition"},
		{"no columns", lines("table G-1", "title T", "dice 1D6", "grid factor by roll"), nil, 1, "no rows"},
		{"roll columns miss a face", lines("table G-1", "title T", "dice 1D6", "grid factor by roll", "columns 1-3 | 4-5", "row <=0 | a | b", "row >=1 | a | b"), nil, 5, "missing range: 1D6 can roll 6 but the last column ends at 5"},
		{"rows of the roll miss a face", lines(append(gridOK[:6:6], "row 1-5 | A | A | B | B | C")...), nil, 7, "missing range: 1D6 can roll 6 but the last row ends at 5"},
		{"a cell without a key", gridWith("key A | a", "key B | b"), nil, 7, `row 1-3: cell "C" has no key line`},
		{"a key twice", gridWith("key A | a", "key A | b"), nil, 10, "key A is defined twice (first at line 9)"},
		{"a key's bad effect", gridWith("key A | a | gold=1"), nil, 9, `unknown effect "gold"`},
		{"a required effect without keys", gridWith(), map[string][]string{"G-1": {"hits"}}, 1, "table G-1: its cells must set hits: give the table key lines"},
		{"a key without the required effect", gridWith("key A | a | hits=0", "key B | b", "key C | c | hits=1"), map[string][]string{"G-1": {"hits"}}, 10, "table G-1: key B must set hits"},
		{"a bad shift", gridWith("shift 1 | always | x"), nil, 9, `shift: value "1" must start with + or -`},
		{"a shift without a reason", gridWith("shift +1 | always |"), nil, 9, "shift: the reason shown to the player is missing"},
		{"a natural in a grid", gridWith("natural 1 | x"), nil, 9, "natural: only a rolled table of rows has natural rows"},
		{"a natural of a lookup", lines("table L-1", "title T", "lookup leg", "natural 1 | x"), nil, 4, "natural: only a rolled table of rows has natural rows"},
		{"an open natural", lines("table N-1", "title T", "dice 1D20", "natural >=19 | x"), nil, 4, `natural: ">=19": a natural range is N or N-M`},
		{"a natural the dice never roll", lines("table N-1", "title T", "dice 1D6", "natural 20 | x", "row 1-6 | y"), nil, 4, "natural 20: the dice (1D6) never roll that"},
		{"a natural's bad condition", lines("table N-1", "title T", "dice 1D20", "natural 20 if moon = 1 | x"), nil, 4, `unknown fact "moon"`},
		{"a natural without a result", lines("table N-1", "title T", "dice 1D20", "natural 20 |"), nil, 4, "natural 20: the result text is missing"},
		{"grid before natural rows", lines("table N-1", "title T", "dice 1D20", "natural 1 | x", "grid roll by factor"), nil, 5, "grid: must come before the table's rows"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			_, err := loadWith(c.src, c.req)
			tableError(t, err, "t.tbl", c.line, c.msg)
		})
	}
}

func loadWith(src string, req map[string][]string) (any, error) {
	return tablesLoad(mapFS("t.tbl", src), req)
}
