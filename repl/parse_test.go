package repl

import (
	"slices"
	"strings"
	"testing"
)

func TestSplit(t *testing.T) {
	cases := []struct {
		in   string
		want []string
		err  bool
	}{
		{"", nil, false},
		{"   ", nil, false},
		{"step", []string{"step"}, false},
		{"  roll  3 7 ", []string{"roll", "3", "7"}, false},
		{"save 'my game.jsonl'", []string{"save", "my game.jsonl"}, false},
		{`load "a b"c`, []string{"load", "a bc"}, false},
		{"step # to the next turn", []string{"step"}, false},
		{"# a comment", nil, false},
		{"say a#b", []string{"say", "a#b"}, false},
		{`x ""`, []string{"x", ""}, false},
		{"save 'open", nil, true},
		{"tab\tsep", []string{"tab", "sep"}, false},
		{`fire HUNT 4"HA S38 40`, []string{"fire", "HUNT", `4"HA`, "S38", "40"}, false},
		{`add V Vosper 72' 6" MTB`, []string{"add", "V", "Vosper", "72'", `6"`, "MTB"}, false},
		{`load 'it'"'"'s'`, []string{"load", "it's"}, false},
		{`x "a"b"c d"`, []string{"x", `ab"c`, `d"`}, false},
	}
	for _, c := range cases {
		got, err := Split(c.in)
		if (err != nil) != c.err {
			t.Errorf("Split(%q) error %v, want error %v", c.in, err, c.err)
			continue
		}
		if !slices.Equal(got, c.want) {
			t.Errorf("Split(%q) = %q, want %q", c.in, got, c.want)
		}
	}
}

func FuzzSplit(f *testing.F) {
	for _, s := range []string{"step", "roll 3 7", "save 'a b'", `load "x`, "# c", "table A-1"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, line string) {
		words, err := Split(line)
		if err != nil {
			return
		}
		// Words without quotes, spaces or # survive a round trip.
		var plain []string
		for _, w := range words {
			if w == "" || strings.ContainsAny(w, " \t\r\n'\"#") {
				return
			}
			plain = append(plain, w)
		}
		again, err := Split(strings.Join(plain, " "))
		if err != nil || !slices.Equal(again, plain) {
			t.Fatalf("Split(%q) = %q; rejoined gives %q, %v", line, words, again, err)
		}
	})
}
