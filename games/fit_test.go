package games

import (
	"bytes"
	"path/filepath"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/schnell-wargames/schnell/engine"
	"github.com/schnell-wargames/schnell/repl"
)

// Issue 25 item 6: tables that fit. Every game's views at 80 columns (a
// command file): no line wider; no table row wrapped by the prompt (a
// table fits before it is printed); every id of a listing (`tables`,
// `records`, and a game's own listings of records such as schnellrules'
// `vessels`) whole on one line — the grid leaves out columns, never breaks
// an id. The views are looked at before play, and again at every tenth
// stop of a game played with its defaults.
func TestViewsFit80Columns(t *testing.T) {
	for _, g := range All {
		t.Run(g.Name, func(t *testing.T) {
			def, err := g.Def()
			if err != nil {
				t.Fatal(err)
			}
			var out bytes.Buffer
			s, err := repl.New(repl.Config{Def: def, Game: engine.Config{Seed: 5}, LogDir: t.TempDir(),
				LogFile: filepath.Join(t.TempDir(), "g.jsonl"), Out: &out, Err: &out})
			if err != nil {
				t.Fatal(err)
			}
			defer s.Close()
			tables := s.Game().Tables()
			records := tables.RecordIDs("")
			listings := map[string][]string{"tables": tables.IDs(), "records": records}
			for _, c := range def.Commands {
				if c.Name == "vessels" {
					listings[c.Name] = tables.RecordIDs("vessel")
				}
			}
			look := func(cmd string) {
				out.Reset()
				_ = s.Exec(cmd) // a view that refuses at this point says why: read that too
				checkFits(t, cmd, out.String(), listings[cmd])
			}
			views := func() {
				for _, v := range []string{"status", "help", "tables", "orders", "saved"} {
					look(v)
				}
				if len(records) > 0 {
					look("records")
				}
				for _, c := range def.Commands {
					if p := s.Game().Pending(); p != nil && p.Decision != nil {
						continue // an order with no arguments may answer it
					}
					look(c.Name)
				}
			}
			views()
			for _, id := range tables.IDs() {
				look("table " + id)
			}
			for _, id := range records {
				look("record " + id)
			}
			stops := 0
			for n := 0; n < 400 && !s.Game().Over(); n++ {
				p := s.Game().Pending()
				line := "step"
				if p != nil && p.Decision != nil {
					line = "choose " + p.Decision.Options[p.Decision.Default].Name
					if len(p.Decision.Options[p.Decision.Default].Args) > 0 || p.Decision.Side == engine.TableSide {
						line = p.Decision.CommandFor(p.Decision.Default)
					}
				}
				out.Reset()
				if err := s.Exec(line); err != nil {
					t.Logf("%s: %v: the walk stops here", line, err)
					break
				}
				checkFits(t, line, out.String(), nil)
				if stops++; stops%10 == 0 {
					views()
				}
			}
			views()
		})
	}
}

// checkFits fails the test for a line of text wider than 80 columns, a
// table line the prompt wrapped, and an id of ids that is not whole on a
// line of text.
func checkFits(t *testing.T, cmd, text string, ids []string) {
	t.Helper()
	lines := strings.Split(strings.TrimRight(text, "\n"), "\n")
	for i, line := range lines {
		if n := utf8.RuneCountInString(line); n > 80 {
			t.Errorf("`%s`: a line of %d columns: %q", cmd, n, line)
		}
		if (strings.HasPrefix(line, "|") || strings.HasPrefix(line, "+-")) && !strings.HasSuffix(line, "|") && !strings.HasSuffix(line, "+") {
			next := ""
			if i+1 < len(lines) {
				next = lines[i+1]
			}
			t.Errorf("`%s`: a table row wrapped by the prompt: %q / %q", cmd, line, next)
		}
	}
	if len(ids) == 0 {
		return
	}
	whole := map[string]bool{}
	for _, line := range lines {
		for _, f := range strings.FieldsFunc(line, func(r rune) bool { return r == ' ' || r == '|' || r == ',' }) {
			whole[f] = true
		}
	}
	broken := 0
	for _, id := range ids {
		if !whole[id] {
			if broken++; broken <= 5 {
				t.Errorf("`%s`: the id %q is not whole on one line", cmd, id)
			}
		}
	}
	if broken > 5 {
		t.Errorf("`%s`: %d of %d ids are not whole", cmd, broken, len(ids))
	}
}
