package sheet

import (
	"bytes"
	"strings"
	"testing"
)

var sample = Sheet{Name: "crew", Title: "Crewmen <Status>", Head: []string{"Kommandant: Otto & Co"},
	Columns: []string{"Name", "Notes"}, Rows: [][]string{{"<script>alert(1)</script>", "a | b"}}, Foot: []string{"end"}}

// Every name is escaped in HTML; Markdown escapes the pipe.
func TestEscaping(t *testing.T) {
	var b bytes.Buffer
	if err := Write(&b, HTML, sample, sample); err != nil {
		t.Fatal(err)
	}
	h := b.String()
	if strings.Contains(h, "<script>") || !strings.Contains(h, "&lt;script&gt;") || !strings.Contains(h, "Otto &amp; Co") {
		t.Errorf("HTML not escaped:\n%s", h)
	}
	if strings.Count(h, `class="sheet"`) != 2 || !strings.Contains(h, "break-after: page") || !strings.Contains(h, "table-header-group") {
		t.Error("HTML lacks one page per sheet or repeated headers")
	}
	b.Reset()
	Write(&b, Markdown, sample)
	if !strings.Contains(b.String(), `a \| b`) {
		t.Errorf("Markdown pipe not escaped:\n%s", b.String())
	}
}

func TestCSVOneSheet(t *testing.T) {
	var b bytes.Buffer
	if err := Write(&b, CSV, sample, sample); err == nil {
		t.Error("two sheets in one CSV")
	}
	b.Reset()
	if err := Write(&b, CSV, sample); err != nil || b.String() != "Name,Notes\n<script>alert(1)</script>,a | b\n" {
		t.Errorf("csv: %v %q", err, b.String())
	}
	if _, err := ParseFormat("pdf"); err == nil {
		t.Error("pdf accepted")
	}
}

func TestWrap(t *testing.T) {
	if got := Wrap("one two three four", 9); got != "one two\nthree\nfour" {
		t.Errorf("Wrap = %q", got)
	}
}
