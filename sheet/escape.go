package sheet

import (
	"strconv"
	"strings"
)

// MarkdownText escapes the HTML in text bound for Markdown (a Markdown
// viewer renders raw HTML: a name from an overlay could be a script).
func MarkdownText(s string) string { return mdEscaper.Replace(s) }

var mdEscaper = strings.NewReplacer("&", "&amp;", "<", "&lt;", ">", "&gt;")

// CSVCell keeps a spreadsheet from reading a cell as a formula: text that
// starts with =, @, +, - (or a tab or carriage return) gets a leading
// apostrophe, as spreadsheets write it; plain numbers stay numbers.
func CSVCell(s string) string {
	if s == "" || !strings.ContainsRune("=@+-\t\r", rune(s[0])) {
		return s
	}
	if _, err := strconv.ParseFloat(s, 64); err == nil {
		return s
	}
	return "'" + s
}
