package engine

import (
	"errors"
	"strings"
	"testing"

	"github.com/schnell-wargames/schnell/gamelog"
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

// An option's Check tests the whole answer after each argument's own
// check, from the prompt's words, a script's table or the log alike; Add
// clears it when the decision's storage is reused.
func TestOptionCheckWholeAnswer(t *testing.T) {
	var d Decision
	d.reset("guns", "")
	o := d.Add("fire", "", "fire")
	o.Args = []Arg{IDArg("target", "a", "b"), IntArg("range", 0, 100, "cm")}
	o.Check = func(a ArgValues) error {
		if a.Str("target") == "b" && a.Int("range") > 30 {
			return errors.New("b is out of reach beyond 30cm")
		}
		return nil
	}
	if _, err := d.argsFromWords(0, []string{"b", "40"}); err == nil || err.Error() != "b is out of reach beyond 30cm" {
		t.Errorf("typed: %v, want the rule's reason", err)
	}
	if _, err := d.argsFromWords(0, []string{"a", "40"}); err != nil {
		t.Errorf("typed a 40: %v", err)
	}
	if _, err := d.argsFromWords(0, []string{"b", "400"}); err == nil || !strings.Contains(err.Error(), "range") {
		t.Errorf("an argument's own check comes first: %v", err)
	}
	if _, err := d.argsFromMap(0, map[string]gamelog.Value{"target": gamelog.StrV("b"), "range": gamelog.IntV(31)}); err == nil {
		t.Error("a script's answer is not checked")
	}
	d.reset("guns", "")
	if o := d.Add("fire", "", "fire"); o.Check != nil {
		t.Error("Add keeps the Check of the option it reuses")
	}
}
