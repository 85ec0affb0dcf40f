package scenario

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/schnell-wargames/schnell/engine/enginetest"
)

// A file written back with the outputs it holds is the same file.
func TestFormatRoundTrip(t *testing.T) {
	text := `# a comment

new seed=7
# a comment in the input
step
----
one
two

status
----
----
a

b
----
----

# an empty output
quit
----
`
	f, err := parse("t.txt", text)
	if err != nil {
		t.Fatal(err)
	}
	var outs []string
	for _, c := range f.cases() {
		outs = append(outs, c.want)
	}
	if got := f.format(outs); got != text {
		t.Errorf("got\n%s\nwant\n%s", got, text)
	}
	cs := f.cases()
	if len(cs) != 3 || strings.Join(cs[0].input, "|") != "new seed=7|step" || cs[1].want != "a\n\nb" || cs[2].want != "" || cs[1].line != 10 {
		t.Errorf("cases read wrong: %+v %+v %+v", cs[0], cs[1], cs[2])
	}
}

func TestParseErrors(t *testing.T) {
	for _, tc := range []struct{ name, text, want string }{
		{"no separator", "step\n", "t.txt:1: the case has no"},
		{"separator alone", "----\nx\n", "t.txt:1: \"----\" with no command above it"},
		{"blank in input", "step\n\nstep\n----\n", "t.txt:2: blank line in the input"},
		{"open fence", "step\n----\n----\nx\n", "t.txt:1: the output of the case has no closing"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := parse("t.txt", tc.text)
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("got %v, want an error containing %q", err, tc.want)
			}
		})
	}
}

// A case whose output is not the expected one is reported with its line;
// -update writes what the case gives.
func TestMismatchAndUpdate(t *testing.T) {
	path := filepath.Join(t.TempDir(), "toy.txt")
	text := "new seed=7 dice=physical legs=1\n----\nNew game: seed 7, physical dice, legs 1. `step` begins.\n\n# comment\nforce T-2 1\nstep\n----\nwrong\n"
	os.WriteFile(path, []byte(text), 0o644)
	cfg := Config{Def: enginetest.Definition()}
	bad := runFile(t, path, cfg)
	if len(bad) != 1 || !strings.Contains(bad[0], "toy.txt:6: the case gives") || !strings.Contains(bad[0], "T-2 Weather: 1D6 [1] = 1") {
		t.Fatalf("got %q, want one mismatch at line 6", bad)
	}
	cfg.Update = true
	runFile(t, path, cfg)
	cfg.Update = false
	if bad := runFile(t, path, cfg); len(bad) != 0 {
		t.Fatalf("after -update: %q", bad)
	}
	got, _ := os.ReadFile(path)
	if !strings.HasPrefix(string(got), text[:strings.Index(text, "wrong")]) || strings.Contains(string(got), "wrong") {
		t.Errorf("-update rewrote more than the output:\n%s", got)
	}
}

// Whatever parse accepts, written back, reads as the same cases.
func FuzzParse(f *testing.F) {
	f.Add("new seed=1\n----\nok\n\n# c\nstep\nstep\n----\n----\na\n\nb\n----\n----\n")
	f.Add("step\n----\n")
	f.Add("#x\n\n\nstatus\r\n----\r\n\r\n")
	f.Fuzz(func(t *testing.T, text string) {
		a, err := parse("f.txt", text)
		if err != nil {
			return
		}
		var outs []string
		for _, c := range a.cases() {
			outs = append(outs, c.want)
		}
		again := a.format(outs)
		b, err := parse("f.txt", again)
		if err != nil {
			t.Fatalf("the written-back file does not parse: %v\n%q", err, again)
		}
		ca, cb := a.cases(), b.cases()
		if len(ca) != len(cb) {
			t.Fatalf("%d cases, %d after writing back", len(ca), len(cb))
		}
		for i := range ca {
			if strings.Join(ca[i].input, "\n") != strings.Join(cb[i].input, "\n") || ca[i].want != cb[i].want {
				t.Fatalf("case %d differs after writing back:\n%+v\n%+v", i, *ca[i], *cb[i])
			}
		}
	})
}

// A draw is worded as the prompt words it (repl.DescribeDraw), not as its
// raw fields.
func TestDrawWordedAsPrompt(t *testing.T) {
	h := newHarness(t, Config{Def: enginetest.DuelDefinition()})
	defer h.s.Close()
	got := h.run(&tcase{input: []string{"new seed=7 dice=physical", "step", "choose dud", "draw +2"}})
	if want := "p1 draws 1 from POOL-P1 (support): +2 (hidden)"; !strings.Contains(got, want) {
		t.Errorf("got\n%s\nwant a line %q", got, want)
	}
	if strings.Contains(got, "draw cup=") {
		t.Errorf("a draw shows as raw fields:\n%s", got)
	}
}
