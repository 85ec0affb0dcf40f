package sheet

import (
	"bytes"
	"strings"
	"testing"
)

// Names from an overlay reach Markdown and CSV: HTML is escaped in
// Markdown, and a cell that a spreadsheet would run as a formula is quoted.
func TestOverlayTextEscaped(t *testing.T) {
	s := Sheet{Name: "crew", Title: "Crew <b>", Head: []string{"Kmdt <img src=x onerror=alert(1)>"},
		Columns: []string{"Name", "=Notes"}, Rows: [][]string{
			{"<script>alert(1)</script>", "=HYPERLINK(\"http://x\")"},
			{"@SUM(A1)", "+1+cmd|' /C calc'!A0"},
			{"-2+3", "-5"},
			{"Otto & Co", "+12"},
		}, Foot: []string{"end </table>"}}
	var md bytes.Buffer
	if err := Write(&md, Markdown, s); err != nil {
		t.Fatal(err)
	}
	for _, raw := range []string{"<script>", "<img", "<b>", "</table>"} {
		if strings.Contains(md.String(), raw) {
			t.Errorf("Markdown holds raw %q:\n%s", raw, md.String())
		}
	}
	for _, esc := range []string{"&lt;script&gt;", "&lt;img src=x", "Crew &lt;b&gt;", "Otto &amp; Co", "end &lt;/table&gt;"} {
		if !strings.Contains(md.String(), esc) {
			t.Errorf("Markdown lacks %q:\n%s", esc, md.String())
		}
	}
	var csv bytes.Buffer
	if err := Write(&csv, CSV, s); err != nil {
		t.Fatal(err)
	}
	want := "Name,'=Notes\n" +
		"<script>alert(1)</script>,\"'=HYPERLINK(\"\"http://x\"\")\"\n" +
		"'@SUM(A1),'+1+cmd|' /C calc'!A0\n" +
		"'-2+3,-5\n" +
		"Otto & Co,+12\n"
	if csv.String() != want {
		t.Errorf("CSV:\n%s\nwant\n%s", csv.String(), want)
	}
}

func TestCSVCell(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"", ""}, {"plain", "plain"}, {"=1+1", "'=1+1"}, {"@A1", "'@A1"}, {"+5 (5)", "'+5 (5)"},
		{"-1", "-1"}, {"+3", "+3"}, {"-2.5", "-2.5"}, {"\t=x", "'\t=x"}, {"a=b", "a=b"},
	} {
		if got := CSVCell(c.in); got != c.want {
			t.Errorf("CSVCell(%q) = %q, want %q", c.in, got, c.want)
		}
	}
}
