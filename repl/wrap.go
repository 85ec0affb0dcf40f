package repl

import (
	"bytes"
	"io"
	"strings"
	"unicode/utf8"
)

// DefaultColumns is the width the prompt wraps its output to when it does
// not know the terminal's (piped output, a script, a test).
const DefaultColumns = 80

// wrapIndent is how much further than its line a wrapped line's
// continuation is indented.
const wrapIndent = 4

// columns is the width the session's output wraps to.
func (s *Session) columns() int {
	if s.cfg.Columns != nil {
		if n := s.cfg.Columns(); n >= 20 {
			return n
		}
	}
	return DefaultColumns
}

// lineWrapper wraps each line written through it to cols() columns (a
// word too long for a line is broken). It keeps a line until its newline:
// flush writes out what is left. A printout that lays itself out, such as
// a table (grid fits text tables to Columns), passes through unchanged
// when it fits.
type lineWrapper struct {
	w     io.Writer
	cols  func() int
	buf   []byte
	lines int // the lines written so far, as wrapped
}

// Columns is the width lines are wrapped to (grid reads it).
func (l *lineWrapper) Columns() int { return l.cols() }

func (l *lineWrapper) Write(p []byte) (int, error) {
	l.buf = append(l.buf, p...)
	i := bytes.LastIndexByte(l.buf, '\n')
	if i < 0 {
		return len(p), nil
	}
	whole := l.buf[:i+1]
	var out []byte
	for len(whole) > 0 {
		j := bytes.IndexByte(whole, '\n')
		w := Wrap(string(whole[:j]), l.cols())
		out = append(out, w...)
		out = append(out, '\n')
		l.lines += 1 + strings.Count(w, "\n")
		whole = whole[j+1:]
	}
	l.buf = append(l.buf[:0], l.buf[i+1:]...)
	if _, err := l.w.Write(out); err != nil {
		return 0, err
	}
	return len(p), nil
}

// flush writes a line left without its newline.
func (l *lineWrapper) flush() {
	if len(l.buf) == 0 {
		return
	}
	l.w.Write([]byte(Wrap(string(l.buf), l.cols())))
	l.buf = l.buf[:0]
}

// Wrap breaks line into lines of at most width columns at its spaces; the
// lines after the first are indented 4 columns deeper than line is. A word
// longer than a line (a path) is kept whole on a line of its own. ANSI
// colour codes take no columns.
func Wrap(line string, width int) string {
	if Width(line) <= width {
		return line
	}
	lead := len(line) - len(strings.TrimLeft(line, " "))
	indent := min(lead+wrapIndent, width/2)
	var b strings.Builder
	b.WriteString(line[:lead])
	col, fresh := lead, true // fresh: nothing but indentation on the line yet
	for _, word := range wrapWords(line[lead:], width-indent) {
		ww := Width(word)
		if !fresh && col+1+ww > width {
			b.WriteByte('\n')
			b.WriteString(strings.Repeat(" ", indent))
			col, fresh = indent, true
		}
		if !fresh {
			b.WriteByte(' ')
			col++
		}
		if word != "" {
			b.WriteString(word)
			col += ww
			fresh = false
		}
	}
	lines := strings.Split(b.String(), "\n")
	for i, l := range lines {
		lines[i] = strings.TrimRight(l, " ") // the spaces a break fell on
	}
	return strings.Join(lines, "\n")
}

// wrapWords splits text at its spaces for Wrap, keeping a command in
// backquotes (`sail SB2 SB3 SB5`) in one piece when it fits in max
// columns: a command is never broken across lines.
func wrapWords(text string, max int) []string {
	words := strings.Split(text, " ")
	out := make([]string, 0, len(words))
	for i := 0; i < len(words); i++ {
		w := words[i]
		if strings.Count(w, "`")%2 == 1 {
			// An opening quote: join the words up to the closing one.
			for j := i + 1; j < len(words); j++ {
				joined := strings.Join(words[i:j+1], " ")
				if Width(joined) > max {
					break
				}
				if strings.Count(words[j], "`")%2 == 1 {
					w, i = joined, j
					break
				}
			}
		}
		out = append(out, w)
	}
	return out
}

// Width is the number of columns s takes on a terminal: its runes, less
// the ANSI escape sequences.
func Width(s string) int {
	if !strings.Contains(s, "\x1b[") {
		return utf8.RuneCountInString(s)
	}
	n := 0
	for i := 0; i < len(s); {
		if j := escapeEnd(s, i); j > i {
			i = j
			continue
		}
		_, size := utf8.DecodeRuneInString(s[i:])
		i += size
		n++
	}
	return n
}

// escapeEnd is the end of the ANSI escape sequence at s[i], or i.
func escapeEnd(s string, i int) int {
	if !strings.HasPrefix(s[i:], "\x1b[") {
		return i
	}
	for j := i + 2; j < len(s); j++ {
		if c := s[j]; c >= 0x40 && c <= 0x7e {
			return j + 1
		}
	}
	return len(s)
}

// wrapOutput makes the session's Out and Err wrap their lines to the
// terminal's width (one wrapper when they are one writer, so that their
// lines keep their order).
func (s *Session) wrapOutput() {
	s.raw = s.cfg.Out
	out := &lineWrapper{w: s.cfg.Out, cols: s.columns}
	s.wrappers = []*lineWrapper{out}
	if s.cfg.Err == s.cfg.Out {
		s.cfg.Out, s.cfg.Err = out, out
		return
	}
	errw := &lineWrapper{w: s.cfg.Err, cols: s.columns}
	s.wrappers = append(s.wrappers, errw)
	s.cfg.Out, s.cfg.Err = out, errw
}

// flush writes out what the wrappers hold.
func (s *Session) flush() {
	for _, l := range s.wrappers {
		l.flush()
	}
}

// printed is how many lines the session has put on the screen: those it
// wrote, and one for each line typed at its prompt.
func (s *Session) printed() int {
	n := s.typed
	for _, l := range s.wrappers {
		n += l.lines
	}
	return n
}

// DefaultRows is the height of the screen when the prompt does not know
// the terminal's: what is printed further back than that has scrolled
// away.
const DefaultRows = 24

// rows is the height of the terminal's screen.
func (s *Session) rows() int {
	if s.cfg.Rows != nil {
		if n := s.cfg.Rows(); n >= 10 {
			return n
		}
	}
	return DefaultRows
}
