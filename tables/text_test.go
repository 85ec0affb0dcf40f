package tables_test

import (
	"strings"
	"testing"

	"github.com/schnell-wargames/schnell/tables"
)

// docs/table-format.md, Effects: quoted text holds the escapes of a Go
// string, \" among them.
func TestQuotedTextEscapes(t *testing.T) {
	for _, c := range []struct{ name, effect, want string }{
		{"escaped quote", `msg="the \"Hood\" is sighted"`, `the "Hood" is sighted`},
		{"escaped quote at the end", `msg="say \"hi\""`, `say "hi"`},
		{"backslash", `msg="a\\b"`, `a\b`},
		{"newline and tab", `msg="one\ntwo\tthree"`, "one\ntwo\tthree"},
		{"plain word", `msg=word`, "word"},
	} {
		t.Run(c.name, func(t *testing.T) {
			s := testSchema(nil)
			set, err := tables.Load(mapFS("a.tbl", lines("table T-1", "title T", "dice 1D6", "row 1-6 | all | "+c.effect+" points=1")), s)
			if err != nil {
				t.Fatal(err)
			}
			e, ok := set.MustGet("T-1").Rows[0].Effect(s.EffectIndex("msg"))
			if !ok {
				t.Fatal("no msg effect")
			}
			if e.Str != c.want {
				t.Errorf("msg = %q, want %q", e.Str, c.want)
			}
			if p, ok := set.MustGet("T-1").Rows[0].Effect(s.EffectIndex("points")); !ok || p.Int != 1 {
				t.Errorf("the effect after the quoted text is lost: %+v", p)
			}
		})
	}
}

// Table text reaches the terminal, Markdown and CSV: a control character
// (an escape sequence) is refused where it is written.
func TestControlCharactersRefused(t *testing.T) {
	for _, c := range []struct{ name, row, want string }{
		{"escape in a result", "row 1-6 | all \x1b[2J clear | points=1", "a.tbl:4: control character U+001B"},
		{"escape in quoted text", `row 1-6 | all | msg="\x1b[31mred"`, "a.tbl:4: effect msg: control character U+001B"},
		{"bell in a title", "row 1-6 | all\a | points=1", "a.tbl:4: control character U+0007"},
		{"bidi override", "row 1-6 | all \u202e | points=1", "a.tbl:4: control character U+202E"},
	} {
		t.Run(c.name, func(t *testing.T) {
			_, err := tables.Load(mapFS("a.tbl", lines("table T-1", "title T", "dice 1D6", c.row)), testSchema(nil))
			if err == nil || !strings.Contains(err.Error(), c.want) {
				t.Errorf("err = %v, want %q", err, c.want)
			}
		})
	}
}
