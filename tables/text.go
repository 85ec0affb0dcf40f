package tables

import (
	"fmt"
	"unicode"
)

// controlIn finds a control character in s (a tab is allowed, and newlines
// when nl is set): table text reaches the terminal, Markdown and CSV, where
// an escape sequence would act.
func controlIn(s string, nl bool) error {
	for _, r := range s {
		if r == '\t' || (nl && r == '\n') {
			continue
		}
		if unicode.IsControl(r) || unicode.Is(unicode.Bidi_Control, r) {
			return fmt.Errorf("control character %U in the text: tables hold printable text only", r)
		}
	}
	return nil
}
