package main

import (
	"bytes"
	"strings"
	"testing"
	"unicode/utf8"
)

// The usage and flag help of every command, in every game, fit an
// 80-column terminal (issue 25: a new player reads `schnell -h` first).
func TestHelpFits80Columns(t *testing.T) {
	cmds := [][]string{{}, {"games"}, {"completion"}, {"help", "nosuch"}, {"sim", "merge"}, {"sim", "learn"}}
	for _, c := range commands {
		cmds = append(cmds, []string{c.name})
	}
	for _, name := range registry.Names() {
		for _, c := range cmds {
			args := append(append([]string{}, c...), "--game", name, "-h")
			if len(c) > 0 && (c[0] == "games" || c[0] == "help") {
				args = c
			}
			var out, errs bytes.Buffer
			run(args, nil, &out, &errs)
			for _, line := range strings.Split(out.String()+errs.String(), "\n") {
				if n := utf8.RuneCountInString(line); n > helpColumns {
					t.Errorf("schnell %s: a line of %d columns:\n%s", strings.Join(args, " "), n, line)
				}
			}
		}
	}
}

func TestWrapHelp(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"  sim   play many games over all cores", "  sim   play many\n        games over\n        all cores"},
		{"    \tsave the game to this file", "        save the\n        game to this\n        file"},
		{"short", "short"},
		{"a /very/long/path/that/does/not/fit here", "a\n/very/long/path/that/does/not/fit\nhere"},
	} {
		if got := wrapHelp(c.in, 20); got != c.want {
			t.Errorf("wrapHelp(%q, 20) =\n%s\nwant\n%s", c.in, got, c.want)
		}
	}
}
