package engine

import (
	"strings"
	"testing"
)

// A decision without side or arguments is written as it always was: the
// new fields appear only when used.
func TestPlainDecisionLineUnchanged(t *testing.T) {
	log := play(t, toyDef(t), 7, []int{0, 1})
	var got []string
	for _, l := range strings.Split(log, "\n") {
		if strings.Contains(l, `"type":"decision"`) {
			got = append(got, l[strings.Index(l, `"type"`):])
		}
	}
	want := []string{
		`"type":"decision","kind":"go_on","options":["on","home"],"choice":"on","by":"script","command":"choose on"}`,
		`"type":"decision","kind":"go_on","options":["on","home"],"choice":"home","by":"script","command":"home"}`,
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("decision lines:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}
