package tables_test

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"slices"
	"strings"
	"testing"

	"github.com/schnell-wargames/schnell/tables"
)

var cupFile = lines(
	"cup SF-ALLIED",                  // 1
	"title Allied support fire pool", // 2
	"chit +1 | 3 | one column shift", // 3
	"chit +2 | 2",                    // 4
	"chit naval",                     // 5
	"note Returned at the end of each turn.",
)

func TestCupsLoad(t *testing.T) {
	s, err := tables.Load(mapFS("a.tbl", withOK(strings.Split(strings.TrimSpace(cupFile), "\n")...)), testSchema(nil))
	if err != nil {
		t.Fatal(err)
	}
	c, ok := s.Cup("sf-allied")
	if !ok {
		t.Fatal("no cup SF-ALLIED (looked up in lower case)")
	}
	if got, want := c.Contents(), []string{"+1", "+1", "+1", "+2", "+2", "naval"}; !slices.Equal(got, want) {
		t.Errorf("contents = %q, want %q", got, want)
	}
	if c.Title != "Allied support fire pool" || c.Note != "Returned at the end of each turn." || c.Line != 5 || c.Chits[0].Text != "one column shift" {
		t.Errorf("cup = %+v", c)
	}
	if _, ok := s.Get("T-1"); !ok {
		t.Errorf("the table before the cup is lost")
	}
	if got := s.CupIDs(); !slices.Equal(got, []string{"SF-ALLIED"}) {
		t.Errorf("CupIDs = %q", got)
	}
	var b bytes.Buffer
	if err := c.Print(&b); err != nil {
		t.Fatal(err)
	}
	for _, w := range []string{"SF-ALLIED  Allied support fire pool", "Draw from 6 chits", "one column shift", "Returned at the end"} {
		if !strings.Contains(b.String(), w) {
			t.Errorf("print lacks %q:\n%s", w, b.String())
		}
	}
}

// A set without cups keeps the digest it had before cups existed; a cup
// changes it.
func TestCupsDigest(t *testing.T) {
	plain, err := tables.Load(mapFS("a.tbl", withOK()), testSchema(nil))
	if err != nil {
		t.Fatal(err)
	}
	// The digest of the tables' canonical text alone, as before cups.
	sum := sha256.Sum256([]byte(plain.MustGet("T-1").Canonical()))
	if got, want := plain.Digest(), "sha256:"+hex.EncodeToString(sum[:])[:16]; got != want {
		t.Errorf("digest of a set without cups = %s, want %s", got, want)
	}
	withCup, err := tables.Load(mapFS("a.tbl", withOK(), "b.tbl", cupFile), testSchema(nil))
	if err != nil {
		t.Fatal(err)
	}
	if withCup.Digest() == plain.Digest() {
		t.Errorf("a cup does not change the digest")
	}
	other, err := tables.Load(mapFS("a.tbl", withOK(), "b.tbl", strings.Replace(cupFile, "+2 | 2", "+2 | 3", 1)), testSchema(nil))
	if err != nil {
		t.Fatal(err)
	}
	if other.Digest() == withCup.Digest() {
		t.Errorf("a chit's count does not change the digest")
	}
}

func TestCupsOverlay(t *testing.T) {
	base, err := tables.Load(mapFS("a.tbl", withOK(), "b.tbl", cupFile), testSchema(nil))
	if err != nil {
		t.Fatal(err)
	}
	over, err := base.Overlay(mapFS("o.tbl", lines("cup SF-ALLIED", "title Mine", "chit +5 | 2")))
	if err != nil {
		t.Fatal(err)
	}
	if c, _ := over.Cup("SF-ALLIED"); !slices.Equal(c.Contents(), []string{"+5", "+5"}) {
		t.Errorf("overlaid cup = %q", c.Contents())
	}
	if c, _ := base.Cup("SF-ALLIED"); c.Size() != 6 {
		t.Errorf("the overlay changed the base set's cup")
	}
	if _, err := base.Overlay(mapFS("o.tbl", lines("cup SF-AXIS", "title Mine", "chit +5"))); err == nil || !strings.Contains(err.Error(), "o.tbl:1: cup SF-AXIS is not a cup of this game") {
		t.Errorf("overlay of a new cup: %v", err)
	}
}

func TestCupErrors(t *testing.T) {
	for _, tc := range []struct {
		name  string
		files []string
		file  string
		line  int
		msg   string
	}{
		{"bad id", []string{"c.tbl", lines("cup sf")}, "c.tbl", 1, `bad cup id "sf"`},
		{"no title", []string{"c.tbl", lines("cup SF", "chit +1")}, "c.tbl", 1, "cup SF: no title line"},
		{"no chits", []string{"c.tbl", lines("cup SF", "title Pool")}, "c.tbl", 1, "cup SF: no chit lines"},
		{"two titles", []string{"c.tbl", lines("cup SF", "title A", "title B")}, "c.tbl", 3, "cup SF has two titles"},
		{"bad chit name", []string{"c.tbl", lines("cup SF", "title A", "chit two words")}, "c.tbl", 3, `chit "two words": want one word`},
		{"chit twice", []string{"c.tbl", lines("cup SF", "title A", "chit +1", "chit +1 | 2")}, "c.tbl", 4, "chit +1 is listed twice in cup SF: give it a count instead"},
		{"bad count", []string{"c.tbl", lines("cup SF", "title A", "chit +1 | 0")}, "c.tbl", 3, `chit +1: count "0": want 1 to 1000`},
		{"huge count", []string{"c.tbl", lines("cup SF", "title A", "chit +1 | 1001")}, "c.tbl", 3, "want 1 to 1000"},
		{"too many fields", []string{"c.tbl", lines("cup SF", "title A", "chit +1 | 2 | x | y")}, "c.tbl", 3, "want NAME | COUNT | TEXT"},
		{"table line in a cup", []string{"c.tbl", lines("cup SF", "title A", "chit +1", "row 1 | x")}, "c.tbl", 4, `unknown line "row" in cup SF`},
		{"cup twice", []string{"c.tbl", lines("cup SF", "title A", "chit +1", "cup SF", "title B", "chit +2")}, "c.tbl", 4, "cup SF is defined twice (first at line 1)"},
		{"cup twice across files", []string{"c.tbl", lines("cup SF", "title A", "chit +1"), "d.tbl", lines("cup SF", "title B", "chit +2")}, "d.tbl", 1, "cup SF is defined twice (first at c.tbl:1)"},
		{"cup with a table's id", []string{"c.tbl", withOK("cup T-1", "title A", "chit +1")}, "c.tbl", 5, "cup T-1 has the id of the table at line 1"},
		{"cup with a table's id across files", []string{"c.tbl", lines("cup T-1", "title A", "chit +1"), "d.tbl", withOK()}, "c.tbl", 1, "cup T-1 has the id of table T-1 (d.tbl:1)"},
		{"a cup ends its table", []string{"c.tbl", lines("table T-1", "title Patrol", "dice 1D10", "cup SF", "title A", "chit +1")}, "c.tbl", 1, "table T-1: no rows"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := tables.Load(mapFS(tc.files...), testSchema(nil))
			checkErr(t, err, tc.file, tc.line, tc.msg)
		})
	}
}

// checkErr checks a load error's file, line and message.
func checkErr(t *testing.T, err error, file string, line int, msg string) {
	t.Helper()
	te, ok := err.(*tables.Error)
	if !ok {
		t.Fatalf("err = %v (%T), want a *tables.Error", err, err)
	}
	if te.File != file || te.Line != line || !strings.Contains(te.Msg, msg) {
		t.Errorf("err = %v, want %s:%d: …%s…", err, file, line, msg)
	}
}
