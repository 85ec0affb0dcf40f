package sheettest

import (
	"strings"
	"testing"
)

// The probe finds an element wider than its sheet, and counts the sheets.
func TestMeasureFindsOverflow(t *testing.T) {
	if testing.Short() {
		t.Skip("short")
	}
	Chromium(t)
	cell := `<td style="white-space:nowrap">` + strings.Repeat("wide ", 400) + `</td>`
	page := `<html><body><section class="sheet" id="a"><p>fits</p></section><section class="sheet" id="b"><table><tr>` + cell + `</tr></table></section></body></html>`
	l := Measure(t, page)
	if l.Sheets != 2 || !strings.HasPrefix(l.Overflow, "b:") {
		t.Errorf("Measure = %d sheets, overflow %q; want 2 and sheet b", l.Sheets, l.Overflow)
	}
	if l := Measure(t, strings.Replace(page, "white-space:nowrap", "", 1)); l.Overflow != "none" {
		t.Errorf("a page that fits: overflow %q", l.Overflow)
	}
	if n := Pages(t, page); n < 1 {
		t.Errorf("Pages = %d", n)
	}
}
