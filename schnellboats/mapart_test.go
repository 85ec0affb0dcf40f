package schnellboats

import (
	"strings"
	"testing"
	"unicode/utf8"
)

// Issue 25 item 7: `map` draws the Strategic Map (the Red Zones along the
// English coast, the Yellow and Green Zones, Cherbourg, their links) with
// where the squadron is, the zones assigned and patrolled, and tonight's
// route in #; it fits 80 columns.
func TestMapDrawn(t *testing.T) {
	c := &Campaign{}
	var b strings.Builder
	if err := c.PrintMap(&b); err != nil {
		t.Fatal(err)
	}
	atBase := b.String()
	for _, want := range []string{"|  R1   |", "|  R8   |", "|   Y2    |", "|   G1    |", "*Cherbourg*", "At base"} {
		if !strings.Contains(atBase, want) {
			t.Errorf("the map at base has no %q:\n%s", want, atBase)
		}
	}
	if drawn, _, _ := strings.Cut(atBase, "FRANCE"); strings.Contains(drawn, "#") {
		t.Errorf("a route drawn with no mission:\n%s", atBase)
	}
	// Tonight: Red Zones 2-5, out by G1 and Y1, R2 patrolled, in R3 now.
	c.Mission = &Mission{N: 2, Turn: 4, Sea: 3, FirstZone: 2, Route: route(2), Pos: 3, Patrolled: 1}
	b.Reset()
	if err := c.PrintMap(&b); err != nil {
		t.Fatal(err)
	}
	out := b.String()
	marks := map[string]string{}
	lines := strings.Split(out, "\n")
	for i, line := range lines {
		if n := utf8.RuneCountInString(line); n > 80 && !strings.Contains(out[:strings.Index(out, "FRANCE")], line) {
			continue // the legend's prose: the prompt wraps it
		} else if n > 80 {
			t.Errorf("a line of %d columns: %q", n, line)
		}
		// A box's name, and its mark on the line below.
		for _, f := range strings.Split(line, "|") {
			id := strings.TrimSpace(f)
			if zoneIndex[id] > 0 && i+1 < len(lines) {
				col := strings.Index(line, f)
				below := []rune(lines[i+1] + strings.Repeat(" ", 80))
				marks[id] = strings.TrimSpace(string(below[col : col+len([]rune(f))]))
			}
		}
	}
	want := map[string]string{"R1": "", "R2": "done", "R3": "*SQN*", "R4": "target", "R5": "target", "R6": "", "G1": "passed", "Y1": "passed", "Y2": "route"}
	for id, w := range want {
		if marks[id] != w {
			t.Errorf("%s is marked %q, want %q:\n%s", id, marks[id], w, out)
		}
	}
	if drawn, _, _ := strings.Cut(out, "FRANCE"); strings.Count(drawn, "#") < 6 {
		t.Errorf("tonight's route is not drawn:\n%s", out)
	}
	if !strings.Contains(strings.Join(strings.Fields(out), " "), "the squadron (*SQN*) in Red 3: Poole Bay, sea state 3; 1 zone of 4 patrolled") {
		t.Errorf("the legend does not say where the squadron is:\n%s", out)
	}
}
