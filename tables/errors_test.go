package tables_test

import (
	"strings"
	"testing"

	"github.com/schnell-wargames/schnell/tables"
)

// A valid table the error cases build on: lines 1-4 of t.tbl.
var okTable = []string{
	"table T-1",          // 1
	"title Patrol",       // 2
	"dice 1D10",          // 3
	"row 1-10 | Nothing", // 4
}

func withOK(more ...string) string { return lines(append(append([]string{}, okTable...), more...)...) }

// Each validation error: the *tables.Error names the file and line of the
// problem and its message names the problem.
func TestLoadErrors(t *testing.T) {
	tests := []struct {
		name     string
		files    []string // name, content, name, content…
		required map[string][]string
		file     string
		line     int
		msgs     []string
	}{
		// Ranges.
		{
			name: "overlapping ranges",
			files: []string{"t.tbl", lines(
				"table T-1", "title Patrol", "dice 1D10",
				"row 1-5 | Low",   // 4
				"row 5-10 | High", // 5
			)},
			file: "t.tbl", line: 5,
			msgs: []string{"table T-1", "row 5-10 overlaps row 1-5 (line 4)"},
		},
		{
			name: "overlapping ranges inside",
			files: []string{"t.tbl", lines(
				"table T-1", "title Patrol", "dice 1D10",
				"row 1-6 | Low",
				"row 7-10 | High",
				"row 9 | Again", // 6
			)},
			file: "t.tbl", line: 6,
			msgs: []string{"row 9 overlaps row 7-10"},
		},
		{
			name: "rows out of order",
			files: []string{"t.tbl", lines(
				"table T-1", "title Patrol", "dice 1D10",
				"row 6-10 | High",
				"row 1-5 | Low", // 5
			)},
			file: "t.tbl", line: 5,
			msgs: []string{"row 1-5 overlaps row 6-10"},
		},
		{
			name: "missing range (one value)",
			files: []string{"t.tbl", lines(
				"table T-1", "title Patrol", "dice 1D10",
				"row 1-3 | Low",
				"row 5-10 | High", // 5
			)},
			file: "t.tbl", line: 5,
			msgs: []string{"table T-1", "missing range: no row for 4 (between rows 1-3 and 5-10)"},
		},
		{
			name: "missing range (several values)",
			files: []string{"t.tbl", lines(
				"table T-1", "title Patrol", "dice 1D10",
				"row <=3 | Low",
				"row 7 | Mid", // 5
				"row >=8 | High",
			)},
			file: "t.tbl", line: 5,
			msgs: []string{"missing range: no row for 4-6 (between rows <=3 and 7)"},
		},
		{
			name: "missing range below the dice",
			files: []string{"t.tbl", lines(
				"table T-1", "title Patrol", "dice 1D10",
				"row 2-5 | Low", // 4
				"row 6-10 | High",
			)},
			file: "t.tbl", line: 4,
			msgs: []string{"missing range: 1D10 can roll 1 but the first row starts at 2"},
		},
		{
			name: "missing range above the dice",
			files: []string{"t.tbl", lines(
				"table T-1", "title Patrol", "dice 1D10",
				"row 1-5 | Low",
				"row 6-9 | High", // 5
			)},
			file: "t.tbl", line: 5,
			msgs: []string{"missing range: 1D10 can roll 10 but the last row ends at 9"},
		},
		{
			name: "missing range above the conditional dice",
			files: []string{"t.tbl", lines(
				"table T-1", "title Patrol",
				"dice 1D20 | month in 6,7,8",
				"dice 1D10",
				"row 1-10 | All", // 5
			)},
			file: "t.tbl", line: 5,
			msgs: []string{"1D20 can roll 20 but the last row ends at 10"},
		},
		{
			name: "missing range of percentile",
			files: []string{"t.tbl", lines(
				"table T-1", "title Patrol", "dice d%",
				"row 1-99 | All", // 4
			)},
			file: "t.tbl", line: 4,
			msgs: []string{"2D10 can roll 100 but the last row ends at 99"},
		},
		{
			name: "row after an open-ended row",
			files: []string{"t.tbl", lines(
				"table T-1", "title Patrol", "dice 1D10",
				"row <=5 | Low",
				"row >=6 | High",
				"row 11 | Higher", // 6
			)},
			file: "t.tbl", line: 6,
			msgs: []string{"row 11 follows the open-ended row >=6"},
		},
		{
			name: "open-ended row not first",
			files: []string{"t.tbl", lines(
				"table T-1", "title Patrol", "dice 1D10",
				"row 6-10 | High",
				"row <=5 | Low", // 5
			)},
			file: "t.tbl", line: 5,
			msgs: []string{"open-ended row <=5 must come first"},
		},
		{
			name:  "bad range",
			files: []string{"t.tbl", lines("table T-1", "title Patrol", "dice 1D10", "row one | Low")},
			file:  "t.tbl", line: 4,
			msgs: []string{`row: bad range "one": want N, N-M, <=N or >=N`},
		},
		{
			name:  "bad open range",
			files: []string{"t.tbl", lines("table T-1", "title Patrol", "dice 1D10", "row >=x | Low")},
			file:  "t.tbl", line: 4,
			msgs: []string{`bad range ">=x"`},
		},
		{
			name:  "range out of bounds",
			files: []string{"t.tbl", lines("table T-1", "title Patrol", "dice 1D10", "row 1-99999999999999999999 | Low")},
			file:  "t.tbl", line: 4,
			msgs: []string{`bad range "1-99999999999999999999"`},
		},
		{
			name:  "range backwards",
			files: []string{"t.tbl", lines("table T-1", "title Patrol", "dice 1D10", "row 10-1 | Low")},
			file:  "t.tbl", line: 4,
			msgs: []string{`range "10-1" runs backwards`},
		},
		{
			name:  "row without a result",
			files: []string{"t.tbl", lines("table T-1", "title Patrol", "dice 1D10", "row 1-10 |  | points=1")},
			file:  "t.tbl", line: 4,
			msgs: []string{"row 1-10: the result text is missing"},
		},
		{
			name:  "row with too many parts",
			files: []string{"t.tbl", lines("table T-1", "title Patrol", "dice 1D10", "row 1-10 | a | points=1 | b")},
			file:  "t.tbl", line: 4,
			msgs: []string{"row: want 'row RANGE | RESULT | EFFECTS'"},
		},
		{
			name:  "row with one part",
			files: []string{"t.tbl", lines("table T-1", "title Patrol", "dice 1D10", "row 1-10")},
			file:  "t.tbl", line: 4,
			msgs: []string{"row: want 'row RANGE | RESULT | EFFECTS'"},
		},
		{
			name:  "no rows",
			files: []string{"t.tbl", lines("table T-1", "title Patrol", "dice 1D10")},
			file:  "t.tbl", line: 1,
			msgs: []string{"table T-1: no rows"},
		},

		// Effects.
		{
			name:  "unknown effect key",
			files: []string{"t.tbl", lines("table T-1", "title Patrol", "dice 1D10", "row 1-10 | Nothing | points=1 gold=3")},
			file:  "t.tbl", line: 4,
			msgs: []string{`unknown effect "gold"`, "known: points, days, sea_state, weather, abstract, msg"},
		},
		{
			name:  "bad int effect value",
			files: []string{"t.tbl", lines("table T-1", "title Patrol", "dice 1D10", "row 1-10 | Nothing | points=many")},
			file:  "t.tbl", line: 4,
			msgs: []string{`effect points takes a number or 'roll', not "many"`},
		},
		{
			name:  "int effect without value",
			files: []string{"t.tbl", lines("table T-1", "title Patrol", "dice 1D10", "row 1-10 | Nothing | points")},
			file:  "t.tbl", line: 4,
			msgs: []string{`effect points takes a number or 'roll', not ""`},
		},
		{
			name:  "bad enum effect value",
			files: []string{"t.tbl", lines("table T-1", "title Patrol", "dice 1D10", "row 1-10 | Nothing | weather=snow")},
			file:  "t.tbl", line: 4,
			msgs: []string{`effect weather is one of good, poor, foggy, bad, not "snow"`},
		},
		{
			name:  "flag effect with a value",
			files: []string{"t.tbl", lines("table T-1", "title Patrol", "dice 1D10", "row 1-10 | Nothing | abstract=yes")},
			file:  "t.tbl", line: 4,
			msgs: []string{"effect abstract takes no value"},
		},
		{
			name:  "text effect without value",
			files: []string{"t.tbl", lines("table T-1", "title Patrol", "dice 1D10", "row 1-10 | Nothing | msg=")},
			file:  "t.tbl", line: 4,
			msgs: []string{"effect msg needs a value"},
		},
		{
			name:  "text effect bad quoting",
			files: []string{"t.tbl", lines("table T-1", "title Patrol", "dice 1D10", `row 1-10 | Nothing | msg="a"b"c"`)},
			file:  "t.tbl", line: 4,
			msgs: []string{"effect msg: bad quoted text"},
		},
		{
			name:  "unclosed quote",
			files: []string{"t.tbl", lines("table T-1", "title Patrol", "dice 1D10", `row 1-10 | Nothing | msg="a b`)},
			file:  "t.tbl", line: 4,
			msgs: []string{"unclosed quote"},
		},
		{
			name:  "effect set twice",
			files: []string{"t.tbl", lines("table T-1", "title Patrol", "dice 1D10", "row 1-10 | Nothing | points=1 points=2")},
			file:  "t.tbl", line: 4,
			msgs: []string{"effect points is set twice in one row"},
		},

		// Dice.
		{
			name:  "bad dice",
			files: []string{"t.tbl", lines("table T-1", "title Patrol", "dice 1D8", "row 1-8 | Nothing")},
			file:  "t.tbl", line: 3,
			msgs: []string{"bad dice", `"1D8"`, "d4, d6, d10 and d20 dice only"},
		},
		{
			name:  "dice not a dice expression",
			files: []string{"t.tbl", lines("table T-1", "title Patrol", "dice some", "row 1-8 | Nothing")},
			file:  "t.tbl", line: 3,
			msgs: []string{"bad dice", `"some"`},
		},
		{
			name:  "dice empty",
			files: []string{"t.tbl", lines("table T-1", "title Patrol", "dice", "row 1-8 | Nothing")},
			file:  "t.tbl", line: 3,
			msgs: []string{"bad dice"},
		},
		{
			name:  "dice with two conditions",
			files: []string{"t.tbl", lines("table T-1", "title Patrol", "dice 1D10 | leg = 1 | leg = 2", "row 1-10 | Nothing")},
			file:  "t.tbl", line: 3,
			msgs: []string{"dice: want 'dice SPEC' or 'dice SPEC | CONDITION'"},
		},
		{
			name:  "dice with an empty condition",
			files: []string{"t.tbl", lines("table T-1", "title Patrol", "dice 1D20 | ", "dice 1D10", "row 1-20 | Nothing")},
			file:  "t.tbl", line: 3,
			msgs: []string{"condition"},
		},
		{
			name:  "dice after the unconditional dice",
			files: []string{"t.tbl", lines("table T-1", "title Patrol", "dice 1D10", "dice 1D20 | month = 1", "row 1-20 | Nothing")},
			file:  "t.tbl", line: 4,
			msgs: []string{"dice: a line after the unconditional dice line can never apply"},
		},
		{
			name:  "last dice conditional",
			files: []string{"t.tbl", lines("table T-1", "title Patrol", "dice 1D10 | month = 1", "row 1-10 | Nothing")},
			file:  "t.tbl", line: 1,
			msgs: []string{"table T-1: the last dice line must have no condition (it is the default)"},
		},
		{
			name:  "no dice",
			files: []string{"t.tbl", lines("table T-1", "title Patrol", "row 1-10 | Nothing")},
			file:  "t.tbl", line: 1,
			msgs: []string{"table T-1: no dice line (or lookup line)"},
		},

		// Conditions.
		{
			name:  "unknown fact in a modifier condition",
			files: []string{"t.tbl", withOK("mod +1 | moon = 3 | full moon")},
			file:  "t.tbl", line: 5,
			msgs: []string{`condition "moon = 3": unknown fact "moon"`, "known: month, leg, crew, weather, zone, raining"},
		},
		{
			name:  "unknown fact in a dice condition",
			files: []string{"t.tbl", lines("table T-1", "title Patrol", "dice 1D20 | season in 1,2", "dice 1D10", "row 1-20 | Nothing")},
			file:  "t.tbl", line: 3,
			msgs: []string{`unknown fact "season"`},
		},
		{
			name:  "unknown fact after and",
			files: []string{"t.tbl", withOK("mod +1 | leg = 1 and tide > 2 | high tide")},
			file:  "t.tbl", line: 5,
			msgs: []string{`unknown fact "tide"`},
		},
		{
			name:  "condition without an operator",
			files: []string{"t.tbl", withOK("mod +1 | leg 1 | x")},
			file:  "t.tbl", line: 5,
			msgs: []string{`condition "leg 1": want FACT OP VALUE`},
		},
		{
			name:  "condition with a non-number",
			files: []string{"t.tbl", withOK("mod +1 | leg >= three | x")},
			file:  "t.tbl", line: 5,
			msgs: []string{`leg takes a number, not "three"`},
		},
		{
			name:  "condition with an unknown enum value",
			files: []string{"t.tbl", withOK("mod +1 | weather in good,snowy | x")},
			file:  "t.tbl", line: 5,
			msgs: []string{`weather is one of good, poor, foggy, bad, not "snowy"`},
		},
		{
			name:  "enum compared with <",
			files: []string{"t.tbl", withOK("mod +1 | weather < bad | x")},
			file:  "t.tbl", line: 5,
			msgs: []string{"weather is a name, compare it with =, != or in"},
		},
		{
			name:  "flag fact tested",
			files: []string{"t.tbl", withOK("mod +1 | raining = 1 | x")},
			file:  "t.tbl", line: 5,
			msgs: []string{"fact raining cannot be tested"},
		},

		// Modifiers.
		{
			name:  "modifier without a sign",
			files: []string{"t.tbl", withOK("mod 1 | always | x")},
			file:  "t.tbl", line: 5,
			msgs: []string{`mod: value "1" must start with + or -`},
		},
		{
			name:  "modifier zero",
			files: []string{"t.tbl", withOK("mod +0 | always | x")},
			file:  "t.tbl", line: 5,
			msgs: []string{`mod: value "+0" must be a non-zero number up to 1000`},
		},
		{
			name:  "modifier too big",
			files: []string{"t.tbl", withOK("mod -1001 | always | x")},
			file:  "t.tbl", line: 5,
			msgs: []string{`"-1001" must be a non-zero number up to 1000`},
		},
		{
			name:  "modifier unknown fact",
			files: []string{"t.tbl", withOK("mod +luck | always | x")},
			file:  "t.tbl", line: 5,
			msgs: []string{`mod: value "+luck": unknown fact "luck"`},
		},
		{
			name:  "modifier multiplier not a number",
			files: []string{"t.tbl", withOK("mod +x*leg | always | x")},
			file:  "t.tbl", line: 5,
			msgs: []string{`mod: value "+x*leg": want +N, -N, +FACT or +N*FACT`},
		},
		{
			name:  "modifier multiplier too big",
			files: []string{"t.tbl", withOK("mod +101*leg | always | x")},
			file:  "t.tbl", line: 5,
			msgs: []string{"want +N, -N, +FACT or +N*FACT"},
		},
		{
			name:  "modifier by an enum fact",
			files: []string{"t.tbl", withOK("mod +weather | always | x")},
			file:  "t.tbl", line: 5,
			msgs: []string{"fact weather is not a number"},
		},
		{
			name:  "modifier with two parts",
			files: []string{"t.tbl", withOK("mod +1 | always")},
			file:  "t.tbl", line: 5,
			msgs: []string{"mod: want 'mod VALUE | CONDITION | REASON'"},
		},
		{
			name:  "modifier with an empty condition",
			files: []string{"t.tbl", withOK("mod +1 |  | x")},
			file:  "t.tbl", line: 5,
			msgs: []string{"mod: empty condition (write 'always')"},
		},
		{
			name:  "modifier without a reason",
			files: []string{"t.tbl", withOK("mod +1 | always | ")},
			file:  "t.tbl", line: 5,
			msgs: []string{"mod: the reason shown to the player is missing"},
		},
		{
			name:  "modifier without a value",
			files: []string{"t.tbl", withOK("mod  | always | x")},
			file:  "t.tbl", line: 5,
			msgs: []string{"must start with + or -"},
		},

		// Table ids and structure.
		{
			name:  "duplicate table id in one file",
			files: []string{"t.tbl", withOK("", "table T-1", "title Again", "dice 1D6", "row 1-6 | x")},
			file:  "t.tbl", line: 6,
			msgs: []string{"table T-1 is defined twice (first at line 1)"},
		},
		{
			name: "duplicate table id in two files",
			files: []string{
				"a.tbl", withOK(),
				"b.tbl", lines("# the same id", "table T-1", "title Again", "dice 1D6", "row 1-6 | x"),
			},
			file: "b.tbl", line: 2,
			msgs: []string{"table T-1 is defined twice (first at a.tbl:1)"},
		},
		{
			name:  "bad table id",
			files: []string{"t.tbl", lines("table t-1", "title Patrol", "dice 1D10", "row 1-10 | x")},
			file:  "t.tbl", line: 1,
			msgs: []string{`bad table id "t-1"`},
		},
		{
			name:  "table id with a trailing dash",
			files: []string{"t.tbl", lines("table T-", "title Patrol", "dice 1D10", "row 1-10 | x")},
			file:  "t.tbl", line: 1,
			msgs: []string{`bad table id "T-"`},
		},
		{
			name:  "table id with two dashes",
			files: []string{"t.tbl", lines("table T--1", "title Patrol", "dice 1D10", "row 1-10 | x")},
			file:  "t.tbl", line: 1,
			msgs: []string{`bad table id "T--1"`},
		},
		{
			name:  "table id too long",
			files: []string{"t.tbl", lines("table T-123456789012345", "title Patrol", "dice 1D10", "row 1-10 | x")},
			file:  "t.tbl", line: 1,
			msgs: []string{"bad table id"},
		},
		{
			name:  "table without id",
			files: []string{"t.tbl", lines("table", "title Patrol", "dice 1D10", "row 1-10 | x")},
			file:  "t.tbl", line: 1,
			msgs: []string{`bad table id ""`},
		},
		{
			name:  "no title",
			files: []string{"t.tbl", lines("table T-1", "dice 1D10", "row 1-10 | x")},
			file:  "t.tbl", line: 1,
			msgs: []string{"table T-1: no title line"},
		},
		{
			name:  "two titles",
			files: []string{"t.tbl", lines("table T-1", "title Patrol", "title Patrol again", "dice 1D10", "row 1-10 | x")},
			file:  "t.tbl", line: 3,
			msgs: []string{"table T-1 has two titles"},
		},
		{
			name:  "empty title",
			files: []string{"t.tbl", lines("table T-1", "title   ", "dice 1D10", "row 1-10 | x")},
			file:  "t.tbl", line: 2,
			msgs: []string{"empty title"},
		},
		{
			name:  "line before the first table",
			files: []string{"t.tbl", lines("# comment", "title Patrol", "table T-1")},
			file:  "t.tbl", line: 2,
			msgs: []string{`"title" before the first 'table' line`},
		},
		{
			name:  "unknown directive",
			files: []string{"t.tbl", withOK("colour red")},
			file:  "t.tbl", line: 5,
			msgs: []string{`unknown line "colour": want table, title, dice, lookup, mod, row, note, grid, columns, shift, key or natural`},
		},
		{
			name:  "directive is case-sensitive",
			files: []string{"t.tbl", withOK("Row 11 | x")},
			file:  "t.tbl", line: 5,
			msgs: []string{`unknown line "Row"`},
		},
		{
			name:  "error in the second table is at its line",
			files: []string{"t.tbl", withOK("", "table T-2", "title Second", "dice 1D6", "row 1-5 | x")},
			file:  "t.tbl", line: 9,
			msgs: []string{"table T-2: missing range: 1D6 can roll 6 but the last row ends at 5"},
		},
		{
			name:  "no tables in a file",
			files: []string{"a.tbl", withOK(), "empty.tbl", lines("# nothing here", "")},
			file:  "empty.tbl", line: 0,
			msgs: []string{"no tables in file"},
		},
		{
			name:  "no tbl files",
			files: []string{"readme.txt", "tables go in *.tbl"},
			file:  ".", line: 0,
			msgs: []string{"no *.tbl files"},
		},

		// Schema requirements.
		{
			name:     "missing required table",
			files:    []string{"t.tbl", withOK()},
			required: map[string][]string{"T-1": nil, "T-9": {"points"}},
			file:     "tables", line: 0,
			msgs: []string{"table T-9 is missing: the game needs it"},
		},
		{
			name: "missing required effect",
			files: []string{"t.tbl", lines(
				"table T-1", "title Patrol", "dice 1D10",
				"row 1-4 | Nothing | points=0",
				"row 5-10 | Something | msg=hello", // 5
			)},
			required: map[string][]string{"T-1": {"points"}},
			file:     "t.tbl", line: 5,
			msgs: []string{"table T-1: row 5-10 must set points"},
		},
		{
			name: "missing second required effect",
			files: []string{"t.tbl", lines(
				"table T-1", "title Patrol", "dice 1D10",
				"row 1-4 | Nothing | points=0 msg=a", // 4
				"row 5-10 | Something | points=1 msg=b",
			), "u.tbl", lines("table U-1", "title Other", "lookup weather", "row good | a", "row poor | b", "row foggy | c", "row bad | d")},
			required: map[string][]string{"T-1": {"points", "msg"}, "U-1": {"abstract"}},
			file:     "u.tbl", line: 4,
			msgs: []string{"table U-1: row good must set abstract"},
		},

		// Lookup tables.
		{
			name: "int lookup without a <=N first row",
			files: []string{"t.tbl", lines(
				"table L-1", "title By leg", "lookup leg",
				"row 0-2 | Near", // 4
				"row >=3 | Far",
			)},
			file: "t.tbl", line: 4,
			msgs: []string{"table L-1: a lookup table must cover every value: start with a <=N row and end with a >=N row"},
		},
		{
			name: "int lookup without a >=N last row",
			files: []string{"t.tbl", lines(
				"table L-1", "title By leg", "lookup leg",
				"row <=2 | Near", // 4
				"row 3-9 | Far",
			)},
			file: "t.tbl", line: 4,
			msgs: []string{"a lookup table must cover every value"},
		},
		{
			name: "int lookup with a gap",
			files: []string{"t.tbl", lines(
				"table L-1", "title By leg", "lookup leg",
				"row <=2 | Near",
				"row >=4 | Far", // 5
			)},
			file: "t.tbl", line: 5,
			msgs: []string{"missing range: no row for 3"},
		},
		{
			name: "enum lookup missing the first value",
			files: []string{"t.tbl", lines(
				"table L-2", "title By weather", "lookup weather",
				"row poor | b", // 4
				"row foggy | c",
				"row bad | d",
			)},
			file: "t.tbl", line: 4,
			msgs: []string{"table L-2: row \"poor\": want the row for good here (rows follow the order good, poor, foggy, bad)"},
		},
		{
			name: "enum lookup missing the last value",
			files: []string{"t.tbl", lines(
				"table L-2", "title By weather", "lookup weather",
				"row good | a",
				"row poor | b",
				"row foggy | c", // 6
			)},
			file: "t.tbl", line: 6,
			msgs: []string{"missing row for bad (rows follow the order good, poor, foggy, bad)"},
		},
		{
			name: "enum lookup missing a middle value",
			files: []string{"t.tbl", lines(
				"table L-2", "title By weather", "lookup weather",
				"row good | a",
				"row foggy | c", // 5
				"row bad | d",
			)},
			file: "t.tbl", line: 5,
			msgs: []string{"want the row for poor here"},
		},
		{
			name: "enum lookup out of order",
			files: []string{"t.tbl", lines(
				"table L-2", "title By weather", "lookup weather",
				"row good | a",
				"row foggy | c",
				"row poor | b", // 6
				"row bad | d",
			)},
			file: "t.tbl", line: 5, // the first problem: foggy comes where poor should
			msgs: []string{"good", "foggy"},
		},
		{
			name: "enum lookup value twice",
			files: []string{"t.tbl", lines(
				"table L-2", "title By weather", "lookup weather",
				"row good | a",
				"row poor | b",
				"row poor | b again", // 6
				"row foggy | c",
				"row bad | d",
			)},
			file: "t.tbl", line: 6,
			msgs: []string{"want the row for foggy here"},
		},
		{
			name: "enum lookup unknown value",
			files: []string{"t.tbl", lines(
				"table L-2", "title By weather", "lookup weather",
				"row good | a",
				"row snowy | b", // 5
			)},
			file: "t.tbl", line: 5,
			msgs: []string{`row: "snowy" is not a value of weather (good, poor, foggy, bad)`},
		},
		{
			name: "enum lookup with a number row",
			files: []string{"t.tbl", lines(
				"table L-2", "title By weather", "lookup weather",
				"row 0 | a", // 4
			)},
			file: "t.tbl", line: 4,
			msgs: []string{`"0" is not a value of weather`},
		},
		{
			name:  "lookup of an unknown fact",
			files: []string{"t.tbl", lines("table L-1", "title By tide", "lookup tide", "row <=0 | a", "row >=1 | b")},
			file:  "t.tbl", line: 3,
			msgs: []string{`lookup: "tide" is not a fact (known: month, leg, crew, weather, zone, raining, differential, terrain, factor)`},
		},
		{
			name:  "lookup of a flag fact",
			files: []string{"t.tbl", lines("table L-1", "title By rain", "lookup raining", "row <=0 | a", "row >=1 | b")},
			file:  "t.tbl", line: 3,
			msgs: []string{`lookup: "raining" is not a fact`},
		},
		{
			name:  "lookup after dice",
			files: []string{"t.tbl", lines("table L-1", "title By leg", "dice 1D6", "lookup leg", "row <=0 | a", "row >=1 | b")},
			file:  "t.tbl", line: 4,
			msgs: []string{"lookup: a table is either rolled (dice) or looked up, once"},
		},
		{
			name:  "lookup twice",
			files: []string{"t.tbl", lines("table L-1", "title By leg", "lookup leg", "lookup month", "row <=0 | a", "row >=1 | b")},
			file:  "t.tbl", line: 4,
			msgs: []string{"either rolled (dice) or looked up, once"},
		},
		{
			name:  "dice in a lookup table",
			files: []string{"t.tbl", lines("table L-1", "title By leg", "lookup leg", "dice 1D6", "row <=0 | a", "row >=1 | b")},
			file:  "t.tbl", line: 4,
			msgs: []string{"a lookup table has no dice"},
		},
		{
			name: "modifier in a lookup table",
			files: []string{"t.tbl", lines(
				"table L-1", "title By leg", "lookup leg",
				"row <=0 | a",
				"mod +1 | always | x", // 5
				"mod +2 | always | y",
				"row >=1 | b",
			)},
			file: "t.tbl", line: 5,
			msgs: []string{"table L-1: a lookup table has no modifiers"},
		},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			s, err := tables.Load(mapFS(tc.files...), testSchema(tc.required))
			if err == nil {
				t.Fatalf("Load succeeded with tables %v, want an error", s.IDs())
			}
			if s != nil {
				t.Errorf("Load returned a set with its error")
			}
			tableError(t, err, tc.file, tc.line, tc.msgs...)
			// Error() reads file:line: message (file: message without a line).
			want := tc.file + ":"
			if tc.line > 0 {
				want += itoa(tc.line) + ":"
			}
			if !strings.HasPrefix(err.Error(), want+" ") {
				t.Errorf("Error() = %q, want it to start with %q", err.Error(), want+" ")
			}
		})
	}
}

func itoa(n int) string {
	if n < 10 {
		return string(rune('0' + n))
	}
	return itoa(n/10) + itoa(n%10)
}

// Parse alone reports problems of one file the same way.
func TestParseError(t *testing.T) {
	_, err := tables.Parse("x.tbl", strings.NewReader(withOK("row 11 | y | points=z")), testSchema(nil))
	tableError(t, err, "x.tbl", 5, `effect points takes a number or 'roll', not "z"`)
}

// The enum lookup error for a missing middle value names the value, as the
// first/last value errors do ("missing row for poor"), not its index.
func TestEnumLookupGapNamesValue(t *testing.T) {
	src := lines("table L-2", "title By weather", "lookup weather", "row good | a", "row foggy | c", "row bad | d")
	_, err := tables.Load(mapFS("t.tbl", src), testSchema(nil))
	if err == nil {
		t.Fatal("no error")
	}
	if !strings.Contains(err.Error(), "poor") {
		t.Fatalf("regression (fixed bug, tables/load.go finishTable gap check): the message %q names the index, not the missing value poor", err)
	}
}

// Rows written before the "lookup" line of an enum lookup table are read as
// numbers; the loader must refuse them, not panic.
func TestEnumLookupRowsBeforeLookupLine(t *testing.T) {
	src := lines("table L-3", "title By weather", "row 0-10 | x", "lookup weather")
	var err error
	panicked := func() (p any) {
		defer func() { p = recover() }()
		_, err = tables.Load(mapFS("t.tbl", src), testSchema(nil))
		return nil
	}()
	if panicked != nil {
		t.Fatalf("regression (fixed bug, tables/load.go:377 vals[last.Hi+1]): Load panics: %v", panicked)
	}
	if err == nil {
		t.Fatal("Load accepted an enum lookup table with numeric rows 0-10")
	}
}

// A modifier value is a sign and a positive number: "--3" and "+-2" are
// typos, not +3 and -2.
func TestModifierDoubleSign(t *testing.T) {
	for _, v := range []string{"--3", "+-2", "-+2", "++1"} {
		_, err := tables.Load(mapFS("t.tbl", withOK("mod "+v+" | always | x")), testSchema(nil))
		if err == nil {
			t.Fatalf("regression (fixed bug, tables/load.go:443-444 parseMod): mod %q is accepted", v)
		}
		tableError(t, err, "t.tbl", 5, v)
	}
}
