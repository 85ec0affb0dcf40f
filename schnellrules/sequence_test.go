package schnellrules_test

import (
	"bytes"
	"strings"
	"testing"

	"github.com/schnell-wargames/schnell/gamelog"
	"github.com/schnell-wargames/schnell/sheet"
)

// Turn Sequence: every turn plays the document's nine phases in its
// order: spot, initiative, aircraft, Large and Very Large vessels move,
// Medium and smaller move, aircraft again, guns, torpedo launch,
// torpedoes resolved; the air phases are skipped without aircraft.
func TestTurnSequence(t *testing.T) {
	lg, err := gamelog.Read("battle", bytes.NewReader(drive(t, definition(t), 4)))
	if err != nil {
		t.Fatal(err)
	}
	want := []string{"1 spot targets", "2 initiative", "3 aircraft", "4 move Large and Very Large", "5 move Medium and smaller", "6 aircraft again", "7 fire guns", "8 launch torpedoes", "9 resolve torpedoes"}
	turns := 0
	var got []string
	check := func() {
		if turns > 0 && strings.Join(got, "|") != strings.Join(want, "|") {
			t.Errorf("turn %d: phases %q, want %q", turns, got, want)
		}
	}
	for i := range lg.Events {
		e := &lg.Events[i]
		switch e.Type {
		case "turn":
			check()
			turns++
			got = nil
		case "phase":
			got = append(got, e.Str("name"))
			if strings.Contains(e.Str("name"), "aircraft") && e.Str("skipped") == "" {
				t.Errorf("turn %d: %s is played without aircraft", turns, e.Str("name"))
			}
		}
	}
	if got != nil && len(got) == len(want) {
		check()
	}
	if turns < 2 {
		t.Fatalf("%d turns played, want at least 2", turns)
	}
}

// Turning Arcs (optional rule): the minimum forward move before a turn of
// up to 60 degrees, by size class: 2, 4, 6, 8 and 10cm. The card reads it
// by the vessel's turning class (Manoeuvre), so a manoeuvre lost to damage
// lengthens it (rules notes).
func TestTurningArcsTable(t *testing.T) {
	s, _ := session(t, []string{"new turning_arcs=on",
		"add A vosper-72-late speed=vs", "add B s-38 speed=vs", "add C fairmile-b-ml speed=vs", "add D isles speed=vs", "add E flower speed=vs", "add F hunt-1 speed=vs", "add G lighter speed=vs"}, false, false)
	cards, err := definition(t).Game.(sheet.Sheeter).Sheets(s.Game(), "cards", 0)
	if err != nil {
		t.Fatal(err)
	}
	for i, want := range []string{"Manoeuvre very small (now very small)", "move 2cm straight",
		"Manoeuvre small (now small)", "move 4cm straight",
		"Manoeuvre small (now small)", "move 4cm straight",
		"Manoeuvre large (now large)", "move 8cm straight",
		"Manoeuvre very large (now very large)", "move 10cm straight",
		"Manoeuvre very large (now very large)", "move 10cm straight",
		"Manoeuvre medium (now medium)", "move 6cm straight"} {
		var b bytes.Buffer
		if err := sheet.Write(&b, sheet.Text, cards[i/2]); err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(b.String(), want) {
			t.Errorf("card %s lacks %q:\n%s", cards[i/2].Name, want, b.String())
		}
	}
}
