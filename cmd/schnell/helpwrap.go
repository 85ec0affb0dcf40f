package main

import (
	"bytes"
	"io"
	"strings"
	"unicode/utf8"

	"github.com/schnell-wargames/schnell/engine"
)

// helpColumns is the width of schnell's usage and flag help: what a
// player reads at an 80-column terminal.
const helpColumns = 80

// helpWriter wraps the usage a flag set prints to helpColumns: a flag's
// help (the flag package's "    \t" indent) under the flag, a command's
// summary under its summary column ("  sim              play many…"),
// any other line under its own indent. A flag set's error ("invalid
// value … for flag -side: …") is written as it is, for it is a message,
// not help: wrapping starts at the usage line ("usage: schnell …"), or at
// once when usage is set. It holds a line until its newline (the flag
// package ends each of its lines with one).
type helpWriter struct {
	w     io.Writer
	usage bool // wrapping: the usage has begun
	buf   []byte
}

func (h *helpWriter) Write(p []byte) (int, error) {
	h.buf = append(h.buf, p...)
	i := bytes.LastIndexByte(h.buf, '\n')
	if i < 0 {
		return len(p), nil
	}
	var out strings.Builder
	for _, line := range strings.SplitAfter(string(h.buf[:i+1]), "\n") {
		if line == "" {
			continue
		}
		line = strings.TrimSuffix(line, "\n")
		if strings.HasPrefix(line, "usage: ") {
			h.usage = true
		}
		if h.usage {
			line = wrapHelp(line, helpColumns)
		}
		out.WriteString(line)
		out.WriteByte('\n')
	}
	h.buf = append(h.buf[:0], h.buf[i+1:]...)
	if _, err := io.WriteString(h.w, out.String()); err != nil {
		return 0, err
	}
	return len(p), nil
}

// wrapHelp breaks one line of help at its spaces into lines of at most
// width columns, each continuation under the line's text (see helpWriter).
// A word longer than a line (a path) stays whole.
func wrapHelp(line string, width int) string {
	if rest, ok := strings.CutPrefix(line, "    \t"); ok {
		line = "        " + rest // the flag package's indent, as the terminal shows it
	}
	if utf8.RuneCountInString(line) <= width {
		return line
	}
	lead := len(line) - len(strings.TrimLeft(line, " "))
	hang := lead
	if k := strings.Index(line[lead:], "  "); k > 0 { // a name, then its summary in a column
		j := lead + k
		for j < len(line) && line[j] == ' ' {
			j++
		}
		hang = j
	}
	if hang > width/2 {
		hang = lead + 4
	}
	var b strings.Builder
	b.WriteString(line[:hang])
	col, fresh := hang, true
	for _, word := range strings.Fields(line[hang:]) {
		n := utf8.RuneCountInString(word)
		if !fresh && col+1+n > width {
			b.WriteString("\n" + strings.Repeat(" ", hang))
			col, fresh = hang, true
		}
		if !fresh {
			b.WriteByte(' ')
			col++
		}
		b.WriteString(word)
		col += n
		fresh = false
	}
	return b.String()
}

// gameTitle is a game as its player names it, for usage lines: its
// Title's name (before " — ", or before ": " if that comes first), then
// the name --game takes ("Schnell Boats: Scourge of the English Channel
// (schnellboats)").
func gameTitle(def *engine.Definition) string {
	t := def.Title
	if i := strings.Index(t, " — "); i > 0 {
		t = t[:i]
	} else if i := strings.Index(t, ": "); i > 0 {
		t = t[:i]
	}
	if t == "" {
		return def.Name
	}
	return t + " (" + def.Name + ")"
}
