package main

import (
	"bytes"
	"regexp"
	"strings"
	"testing"

	"github.com/schnell-wargames/schnell/engine"
	"github.com/schnell-wargames/schnell/gamelog"
	"github.com/schnell-wargames/schnell/repl"
)

// internalRef finds what only the project's developers know: the file
// names of the source documents (000_449b18e1882475ce.txt, or shortened
// "(001_...)"), the folder they are kept in, Go source files, and the
// designers' shorthand for a number of ours ("design judgement": a player
// reads "ours" or "the book gives none").
var internalRef = regexp.MustCompile(`\b\d{3}_([0-9a-f]{16}(\.txt)?|\.\.\.)|\bseeds/|\b[a-z][a-z0-9_]*\.go\b|(?i:design judgement)`)

// The probe finds each kind of reference, and passes the words a player
// may read: it can fail.
func TestInternalRefProbe(t *testing.T) {
	for _, tt := range []struct {
		text string
		want bool
	}{
		{"the book (000_449b18e1882475ce.txt, 4.6)", true},
		{"Manley's vessel database (001_...)", true},
		{"see /work/shared/seeds/README.md", true},
		{"the limits (limits.go)", true},
		{"Proportions are a Design judgement.", true},
		{"Grounded in D. Manley's Schnell Rules for Schnellboote!", false},
		{"go on to Y1; `step` plays on", false},
		{"a 1D20 roll: 100 (00)", false},
	} {
		if got := internalRef.MatchString(tt.text); got != tt.want {
			t.Errorf("%q: found %v, want %v", tt.text, got, tt.want)
		}
	}
}

// Issue 14: nothing a player reads names the project's internal files.
// Checked: every table and record of every game (for every value of its
// options), as `table ID` and `record ID` print them; `help` and `help
// COMMAND` for every command at the prompt; `schnell -h`, `schnell help
// COMMAND` for every subcommand and the man page; and a whole Short
// campaign played at the prompt with its views.
func TestNoInternalReferences(t *testing.T) {
	check := func(where, text string) {
		t.Helper()
		for _, line := range strings.Split(text, "\n") {
			if internalRef.MatchString(line) {
				t.Errorf("%s: %q names an internal file", where, line)
			}
		}
	}
	for _, gm := range registry {
		def, err := gm.Def()
		if err != nil {
			t.Fatal(err)
		}
		for _, opts := range optionVariants(def) {
			g, err := engine.New(engine.Config{Def: def, Seed: 1, Options: opts})
			if err != nil {
				t.Fatal(err)
			}
			tabs := g.Tables()
			for _, id := range tabs.IDs() {
				var b bytes.Buffer
				if err := tabs.MustGet(id).Print(&b); err != nil {
					t.Fatal(err)
				}
				check(gm.Name+" table "+id, b.String())
			}
			var b bytes.Buffer
			if err := tabs.PrintRecords(&b, ""); err != nil {
				t.Fatal(err)
			}
			check(gm.Name+" records", b.String())
			for _, kind := range []string{""} {
				for _, id := range tabs.RecordIDs(kind) {
					r, _ := tabs.Record(id)
					b.Reset()
					if err := r.Print(&b); err != nil {
						t.Fatal(err)
					}
					check(gm.Name+" record "+id, b.String())
				}
			}
		}
		var out bytes.Buffer
		s, err := repl.New(repl.Config{Def: def, Game: engine.Config{Seed: 1}, LogDir: t.TempDir(), Out: &out})
		if err != nil {
			t.Fatal(err)
		}
		if err := s.Exec("help"); err != nil {
			t.Fatal(err)
		}
		for _, name := range s.Complete("") {
			if err := s.Exec("help " + name); err != nil {
				t.Errorf("help %s: %v", name, err)
			}
		}
		s.Close()
		check(gm.Name+" help", out.String())
	}
	_, out, errs := runWith(t, "", "-h")
	check("schnell -h", out+errs)
	for _, c := range commandNames() {
		_, out, errs := runWith(t, "", "help", c)
		check("schnell help "+c, out+errs)
	}
	var man bytes.Buffer
	writeMan(&man)
	check("man page", man.String())
}

// optionVariants are the game's default options and, for each option with
// listed values, the defaults with that option at each of its values.
func optionVariants(def *engine.Definition) [][]gamelog.Option {
	out := [][]gamelog.Option{def.Defaults()}
	for i, o := range def.Options {
		for _, v := range o.Values {
			if v == o.Default {
				continue
			}
			opts := def.Defaults()
			opts[i].Value = v
			out = append(out, opts)
		}
	}
	return out
}
