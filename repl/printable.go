package repl

import (
	"strings"
	"unicode"
)

// Printable replaces the control characters of s (escape sequences, bidi
// overrides) with U+FFFD: what a file or a log holds never drives the
// terminal.
func Printable(s string) string {
	if strings.IndexFunc(s, unprintable) < 0 {
		return s
	}
	return strings.Map(func(r rune) rune {
		if unprintable(r) {
			return unicode.ReplacementChar
		}
		return r
	}, s)
}

func unprintable(r rune) bool {
	return r != '\t' && (unicode.IsControl(r) || unicode.Is(unicode.Bidi_Control, r))
}
