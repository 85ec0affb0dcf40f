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
func Split(line string) ([]string, error) {
	var words []string
	var b strings.Builder
	in := false // inside a word
	var quote rune
	for _, r := range line {
		switch {
		case quote != 0:
			if r == quote {
				quote = 0
				continue
			}
			b.WriteRune(r)
		case r == '"' || r == '\'':
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
