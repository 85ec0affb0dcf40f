package sheet

import (
	"regexp"
	"strings"
)

// BBCode turns the Markdown of a report (Reporter) into BBCode for the
// forums where players post: headings become bold (and larger), *emphasis*
// italics, **strong** bold, lists [list], and tables keep their columns in
// a [code] block (most forums have no tables). Text in square brackets that
// would read as a tag is broken with a zero-width space.
func BBCode(md string) string {
	var b strings.Builder
	lines := strings.Split(strings.TrimRight(md, "\n"), "\n")
	inTable, inList := false, false
	for _, l := range lines {
		table := strings.HasPrefix(l, "|")
		if inTable && !table {
			b.WriteString("[/code]\n")
			inTable = false
		}
		list := strings.HasPrefix(l, "- ") || strings.HasPrefix(l, "* ")
		if inList && !list {
			b.WriteString("[/list]\n")
			inList = false
		}
		switch {
		case table:
			if !inTable {
				b.WriteString("[code]\n")
				inTable = true
			}
			if tableRule.MatchString(l) {
				l = strings.Map(func(r rune) rune {
					if r == ':' {
						return '-'
					}
					return r
				}, l)
			}
			b.WriteString(strings.TrimRight(noTags(l), " ") + "\n")
		case list:
			if !inList {
				b.WriteString("[list]\n")
				inList = true
			}
			b.WriteString("[*]" + inline(l[2:]) + "\n")
		case strings.HasPrefix(l, "# "):
			b.WriteString("[size=150][b]" + inline(l[2:]) + "[/b][/size]\n")
		case strings.HasPrefix(l, "## "), strings.HasPrefix(l, "### "):
			b.WriteString("[b]" + inline(strings.TrimLeft(l, "# ")) + "[/b]\n")
		default:
			b.WriteString(inline(strings.TrimSuffix(l, "  ")) + "\n")
		}
	}
	if inTable {
		b.WriteString("[/code]\n")
	}
	if inList {
		b.WriteString("[/list]\n")
	}
	return b.String()
}

var (
	tableRule = regexp.MustCompile(`^\|[-:| ]+\|?\s*$`)
	strong    = regexp.MustCompile(`\*\*([^*]+)\*\*`)
	emph      = regexp.MustCompile(`\*([^*\s][^*]*)\*`)
	code      = regexp.MustCompile("`([^`]+)`")
	tagLike   = regexp.MustCompile(`\[(/?[A-Za-z*]+[^\]]*)\]`)
)

func inline(s string) string {
	s = noTags(s)
	s = strong.ReplaceAllString(s, "[b]$1[/b]")
	s = emph.ReplaceAllString(s, "[i]$1[/i]")
	return code.ReplaceAllString(s, "[font=monospace]$1[/font]")
}

// noTags breaks what the text holds that a forum would take for a tag.
func noTags(s string) string {
	return tagLike.ReplaceAllString(s, "[\u200b$1]")
}
