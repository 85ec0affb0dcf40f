package repl

import (
	"errors"
	"strings"
)

// ErrQuote is a command line with an unterminated quote.
var ErrQuote = errors.New("unterminated quote")

// Split breaks a command line into words. Words are separated by spaces or
// tabs; "double" or 'single' quotes keep spaces inside a word; a # outside
// quotes starts a comment. An empty or comment-only line gives no words.
// A quote opens only at the start of a word or right after a closing one
// ('it'"'"'s'): inside a word it is the character itself, so that an inch
// mark or an apostrophe can be typed (4"HA, 72').
func Split(line string) ([]string, error) {
	var words []string
	var b strings.Builder
	in := false     // inside a word
	closed := false // the last character closed a quote
	var quote rune
	for _, r := range line {
		wasClosed := closed
		closed = false
		switch {
		case quote != 0:
			if r == quote {
				quote, closed = 0, true
				continue
			}
			b.WriteRune(r)
		case (r == '"' || r == '\'') && (!in || wasClosed):
			quote, in = r, true
		case r == '#' && !in:
			return words, nil
		case r == ' ' || r == '\t' || r == '\r' || r == '\n':
			if in {
				words = append(words, b.String())
				b.Reset()
				in = false
			}
		default:
			b.WriteRune(r)
			in = true
		}
	}
	if quote != 0 {
		return nil, ErrQuote
	}
	if in {
		words = append(words, b.String())
	}
	return words, nil
}
