package scenario

import (
	"fmt"
	"strings"
)

// sep divides a case's input from its expected output.
const sep = "----"

// file is a scenario file, read into the text between cases (comments,
// blank lines) and the cases, so that -update can rewrite the expected
// outputs and keep everything else as written.
type file struct {
	chunks []chunk
}

// chunk is either verbatim text or a case.
type chunk struct {
	text string // verbatim (when c is nil)
	c    *tcase
}

// tcase is one case: the lines typed, and the output expected.
type tcase struct {
	line  int      // line of the file where the case starts
	input []string // commands and directives, in order (comments dropped)
	head  string   // the input as written (comments kept), for -update
	want  string   // expected output, without a final newline
}

// parse reads a scenario file. A case is one or more input lines, a line
// "----", then the expected output up to a blank line; an output that has
// blank lines of its own is fenced by "----\n----" above and below. Lines
// starting with # outside an output are comments.
func parse(name, text string) (*file, error) {
	lines := strings.SplitAfter(text, "\n")
	if len(lines) > 0 && lines[len(lines)-1] == "" {
		lines = lines[:len(lines)-1]
	}
	f := &file{}
	var verbatim strings.Builder
	flush := func() {
		if verbatim.Len() > 0 {
			f.chunks = append(f.chunks, chunk{text: verbatim.String()})
			verbatim.Reset()
		}
	}
	trim := func(s string) string { return strings.TrimRight(s, "\r\n") }
	for i := 0; i < len(lines); {
		l := trim(lines[i])
		if strings.TrimSpace(l) == "" || strings.HasPrefix(l, "#") {
			verbatim.WriteString(lines[i])
			i++
			continue
		}
		if l == sep {
			return nil, fmt.Errorf("%s:%d: %q with no command above it", name, i+1, sep)
		}
		// A case: input lines up to the separator.
		flush()
		c := &tcase{line: i + 1}
		var head strings.Builder
		for ; i < len(lines) && trim(lines[i]) != sep; i++ {
			l := trim(lines[i])
			if strings.TrimSpace(l) == "" {
				return nil, fmt.Errorf("%s:%d: blank line in the input of the case at line %d: end its input with %q", name, i+1, c.line, sep)
			}
			head.WriteString(l + "\n")
			if !strings.HasPrefix(l, "#") {
				c.input = append(c.input, strings.TrimSpace(l))
			}
		}
		if i == len(lines) {
			return nil, fmt.Errorf("%s:%d: the case has no %q line and no expected output", name, c.line, sep)
		}
		c.head = head.String()
		i++ // the separator
		var want []string
		if i < len(lines) && trim(lines[i]) == sep {
			// Fenced output: up to "----\n----".
			i++
			for {
				if i+1 >= len(lines) {
					return nil, fmt.Errorf("%s:%d: the output of the case has no closing %q %q", name, c.line, sep, sep)
				}
				if trim(lines[i]) == sep && trim(lines[i+1]) == sep {
					i += 2
					break
				}
				want = append(want, trim(lines[i]))
				i++
			}
		} else {
			for ; i < len(lines) && strings.TrimSpace(trim(lines[i])) != ""; i++ {
				want = append(want, trim(lines[i]))
			}
		}
		c.want = strings.Join(want, "\n")
		f.chunks = append(f.chunks, chunk{c: c})
	}
	flush()
	return f, nil
}

// format writes the file back with outputs got[i] for its cases, in order.
func (f *file) format(got []string) string {
	var b strings.Builder
	n := 0
	for _, ch := range f.chunks {
		if ch.c == nil {
			b.WriteString(ch.text)
			continue
		}
		out := ch.c.want
		if n < len(got) {
			out = got[n]
		}
		n++
		b.WriteString(ch.c.head)
		b.WriteString(sep + "\n")
		if fenced(out) {
			b.WriteString(sep + "\n" + out + "\n" + sep + "\n" + sep + "\n")
		} else if out != "" {
			b.WriteString(out + "\n")
		}
	}
	return b.String()
}

// fenced reports whether an output needs the double separator: it has a
// blank line, which would otherwise end the case, or starts with one.
func fenced(out string) bool {
	if out == sep || strings.HasPrefix(out, sep+"\n") {
		return true
	}
	for _, l := range strings.Split(out, "\n") {
		if strings.TrimSpace(l) == "" && out != "" {
			return true
		}
	}
	return false
}

func (f *file) cases() []*tcase {
	var out []*tcase
	for _, ch := range f.chunks {
		if ch.c != nil {
			out = append(out, ch.c)
		}
	}
	return out
}
