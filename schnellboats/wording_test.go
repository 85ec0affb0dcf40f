package schnellboats

import (
	"fmt"
	"strings"
	"testing"

	"github.com/schnell-wargames/schnell/engine"
	"github.com/schnell-wargames/schnell/gamelog"
)

// Rule 3.3 step 1: the roll is made at the start of a night: its line
// says that tonight's mission keeps its date (the roll's "from") and names
// the date of the one after it; at least a day passes. (Issue 25 item 5:
// the line said "the next mission on 1944-02-19" and the next header read
// 1944-02-17, tonight's date.)
func TestA0NamesTheNextMissionsDate_3_3(t *testing.T) {
	cases := []struct {
		from  string
		total int
		want  string
	}{
		{"1944-02-01", 6, "6 days: tonight's mission on 1944-02-01, the one after it on 1944-02-07"},
		{"1944-02-27", 3, "3 days: tonight's mission on 1944-02-27, the one after it on 1944-03-01"},
		{"1943-12-31", 1, "1 day: tonight's mission on 1943-12-31, the one after it on 1944-01-01"},
		{"1944-02-01", 0, "1 day: tonight's mission on 1944-02-01, the one after it on 1944-02-02"},
		{"1944-05-31", 1, "1 day: tonight's mission on 1944-05-31 is the last (1944-06-01 is the campaign's end)"},
		{"1944-05-25", 9, "9 days: tonight's mission on 1944-05-25 is the last (1944-06-03 is past the campaign's end, 1944-06-01)"},
	}
	for _, tt := range cases {
		t.Run(fmt.Sprint(tt.from, "+", tt.total), func(t *testing.T) {
			e := &gamelog.Event{Type: "roll", Fields: []gamelog.Field{gamelog.Str("table", "A-0"), gamelog.Str("for", "from "+tt.from), gamelog.Int("total", tt.total)}}
			if got := rollResult(e); got != tt.want {
				t.Errorf("got %q, want %q", got, tt.want)
			}
		})
	}
}

// The die that picks which boat an enemy fires at (or an event strikes)
// names, in its label, the faces of each boat, and its line names the boat
// the face picked: the same boat pick takes.
// The words are remembered for each set of the mission's boats
// (Mission.pickFaces); boats not the mission's, or out of its order, are
// worded anew each time.
func TestWhichBoatRollNamesTheBoat(t *testing.T) {
	all := make([]*Sortie, maxSorties)
	for i := range all {
		all[i] = &Sortie{Boat: &Boat{ID: hullID(i)}, No: i + 1}
	}
	m := Mission{Sorties: all}                          // one mission: its words remembered from case to case
	other := &Sortie{Boat: &Boat{ID: hullID(5)}, No: 2} // not one of the mission's boats
	for _, cands := range [][]*Sortie{all[:2], all[:3], all, all[1:3], {all[0], all[3]}, all[:2], {all[0], other}, {all[2], all[1]}} {
		n := len(cands)
		t.Run(fmt.Sprint(n, " boats ", cands[0].Boat.ID), func(t *testing.T) {
			label := pickPrefix + "merchant-1 fires" + m.pickFaces(cands)
			if fresh := new(Mission).pickFaces(cands); !strings.HasSuffix(label, fresh) || m.picking[0] != "" {
				t.Errorf("%s: remembered words, %q worded anew", label, fresh)
			}
			for r := 1; r <= 6; r++ {
				e := &gamelog.Event{Type: "roll", Fields: []gamelog.Field{gamelog.Str("for", label), gamelog.Int("total", r)}}
				if got, want := rollResult(e), cands[(r-1)*n/6].Boat.ID; got != want {
					t.Errorf("%s, face %d: names %q, pick takes %s", label, r, got, want)
				}
			}
		})
	}
}

// D-2: no modifier a torpedo at a submarine takes speaks of another kind
// of ship (it spoke of a destroyer for every medium-sized target); a
// destroyer and a submarine each take their own -2.
func TestD2ModifierTextForSubmarine(t *testing.T) {
	for _, boat := range []string{"s100", "5b"} {
		t.Run(boat, func(t *testing.T) {
			g, err := engine.New(engine.Config{Def: def(t), Seed: 1, Options: opts("short", boat)})
			if err != nil {
				t.Fatal(err)
			}
			d2, ok := g.Tables().Get("D-2")
			if !ok {
				t.Fatal("no D-2")
			}
			for _, tt := range []struct {
				target Enemy
				word   string
			}{{enemySubmarine, "submarine"}, {enemyDestroyer, "destroyer"}} {
				f := &facts{c: &Campaign{}, target: tt.target, size: ofSize(sizeMedium), rng: zoneClose, weapon: weaponTorpedo}
				sum := 0
				for _, m := range d2.Mods {
					if !m.When.Holds(factsByName.Of(f)) {
						continue
					}
					sum += m.Value
					for _, other := range enemies {
						if other != tt.word && other != "mtb" && strings.Contains(m.Reason, other) {
							t.Errorf("%s: modifier %+d %q speaks of a %s", tt.word, m.Value, m.Reason, other)
						}
					}
				}
				if want := 6 - 2; sum != want {
					t.Errorf("%s at Close: modifiers add up to %+d, want %+d (Close +6, a medium target -2)", tt.word, sum, want)
				}
			}
		})
	}
}
