package schnellrules_test

import (
	"fmt"
	"os"
	"testing"

	"github.com/schnell-wargames/schnell/schnellrules"
)

// Aircraft Weapons: every row of the document's table, its damage
// modifier and its range bands (cm / d20 score); bombs have one band of
// range 0 ("to drop bombs the aircraft must pass over the target").
func TestAircraftWeaponsData(t *testing.T) {
	tabs, err := schnellrules.LoadTables(os.DirFS("data"))
	if err != nil {
		t.Fatal(err)
	}
	db, err := schnellrules.NewDatabase(tabs)
	if err != nil {
		t.Fatal(err)
	}
	want := []string{
		"rockets Rocket Salvo +6 10/16 20/20",
		"bomb50 50lb / 25kg bomb or smaller -1 0/20",
		"bomb100 100lb / 50kg bomb +0 0/20",
		"bomb250 250lb / 113kg bomb +2 0/20",
		"bomb500 500lb / 250kg bomb +3 0/20",
		"bomb1000 1000lb / 500kg bomb or larger +6 0/20",
	}
	if got := len(db.AirWeapons); got != len(want) {
		t.Fatalf("%d aircraft weapons, want %d", got, len(want))
	}
	for i, r := range db.AirWeapons {
		got := fmt.Sprintf("%s %s %+d", r.ID, r.Title, r.DamageMod)
		for _, b := range r.Bands {
			got += fmt.Sprintf(" %d/%d", b.Range, b.Score)
		}
		if got != want[i] {
			t.Errorf("row %d: got %q, want %q", i, got, want[i])
		}
	}
	for _, c := range []struct {
		word string
		air  bool
		err  bool
	}{{"rockets", true, false}, {"BOMB500", true, false}, {"hmg", false, false}, {"20mm", false, false}, {"bomb2000", false, true}} {
		t.Run(c.word, func(t *testing.T) {
			_, air, err := db.AirWeapon(c.word)
			if (err != nil) != c.err || err == nil && air != c.air {
				t.Errorf("AirWeapon(%q): air %v, err %v; want air %v, error %v", c.word, air, err, c.air, c.err)
			}
		})
	}
}
