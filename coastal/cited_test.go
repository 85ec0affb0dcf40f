package coastal

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// Every table and rule of the document (its sections, in its order) is
// cited by a test: each entry names the words a test's comment or a rule
// scenario uses to cite it, and where. A citation removed fails here.
// Not listed: the Introduction's model and base sizes (the table's own).
var cited = []struct{ section, cite, file string }{
	{"Ship statistic charts: the Fairmile D card", "Ship statistic charts: the Fairmile D card", "coastal_test.go"},
	{"Ship statistic charts: weapon facings (arcs)", "statistic charts: the table says which mounts bear", "gunfire_test.go"},
	{"Ship statistic charts: the damage track, '0' pointed", "when all these are ticked off a ship must make", "sections_test.go"},
	{"Weapon classes", "Weapon classes: 3, 2 and 1 points", "coastal_test.go"},
	{"Deployment: the random game", "Deployment, the random game", "coastal_test.go"},
	{"Weapon classes: single MGs ignored, two count as a twin MG", "Weapon\n// classes: single MGs are ignored", "gunfire_test.go"},
	{"Order of play", "Order of play: eight steps a turn", "sections_test.go"},
	{"Observation: score needed by range", "Observation: the score needed is 1 at 1-20 cm", "coastal_test.go"},
	{"Observation: modifiers", "Observation: each modifier of the table", "sections_test.go"},
	{"Observation: table-told modifiers (screened, lit)", "Observation, told by the table", "testdata/rules/observation.txt"},
	{"Observation: lost at turn end", "observation is lost automatically at turn end", "sections_test.go"},
	{"Ship movement: markers and dummies", "the E-boat's marker and its 2 dummies (Ship movement)", "testdata/rules/observation.txt"},
	{"Ship movement: engine boxes, dead in the water", "Ship movement: each engine box", "coastal_test.go"},
	{"Ship movement: all engines lost at 10 cm+", "Ship movement: a ship that loses all its engines", "torpedo_test.go"},
	{"Ship movement: stationary ships astern", "stationary ships may move backwards", "movement_test.go"},
	{"Turning: up to half the maximum speed", "Turning: a ship spends up to\n// half its maximum speed turning", "movement_test.go"},
	{"Torpedoes: launch at 30 cm or more", "Torpedoes: launch at 30 cm or more", "testdata/rules/torpedoes.txt"},
	{"Torpedoes: half speed after launching", "ships firing torpedoes may only move half maximum speed", "sections_test.go"},
	{"Torpedoes: contacts, dummies, 15 cm a move", "Torpedoes: hits and effect, table-driven", "torpedo_test.go"},
	{"Hits and effect: the table, both columns", "Torpedoes: hits and effect, both columns", "coastal_test.go"},
	{"Gunfire: cannon and guns fire separately; the E-boat fires once", "an E-boat able to fire a 40mm and 2 twin 20mm cannon would\n// fire once", "coastal_test.go"},
	{"Gunfire: split fire, each weapon one enemy a turn", "ships with multiple weapons may split fire", "gunfire_test.go"},
	{"Gunfire: small cannon, 40 mm and systems, damage by calibre, adjacent areas", "Gunfire and its damage", "sections_test.go"},
	{"Gunfire chart", "Gunfire chart: cannon points by range", "coastal_test.go"},
	{"Shooting variables", "Shooting variables: each goes on the die", "torpedo_test.go"},
	{"Shooting factor table", "Shooting factor vs D6", "coastal_test.go"},
	{"Gunfire: damage points of guns", "Gunfire: damage points of guns of 3\" or larger", "coastal_test.go"},
	{"Repairs", "Repairs: a 6 repairs", "testdata/rules/torpedoes.txt"},
	{"Bridge loss", "Bridge loss: no turning", "torpedo_test.go"},
	{"Scenarios: set-ups for two force sizes", "Scenarios: each sets up from its rules for two force sizes", "coastal_test.go"},
	{"Scenarios: victory conditions", "Scenarios: victory conditions", "coastal_test.go"},
	{"Scenario (2) Rescue: the tow", "Scenario (2) Rescue: a tow needs a 5 or 6", "sections_test.go"},
	{"Scenario (3) Hunter-Prey: the escort destroyer", "Scenario (3) Hunter-Prey", "testdata/rules/hunter.txt"},
	{"Towed lighters; Barges", "Towed lighters: they follow the tug", "movement_test.go"},
	{"Early weapons: conversions", "Early weapons: each counts as a type of the gunfire chart", "gunfire_test.go"},
	{"Early weapons: the default twin MG", "any vessel without any apparent weapon firing", "gunfire_test.go"},
	{"Solo rules: convoys (set-up, pots)", "Set-up (Solo rules, convoys)", "testdata/rules/observation.txt"},
	{"Solo rules: the convoy and attackers by script", "playConvoy plays a convoy", "coastal_test.go"},
	{"Warship v Warship: the pot and columns", "Warship v Warship (solo rules 2-9)", "coastal_test.go"},
	{"Warship v Warship: tactics (the flotilla script)", "The flotilla script (Warship v Warship tactics)", "coastal_test.go"},
}

func TestEverySectionCited(t *testing.T) {
	for _, c := range cited {
		t.Run(c.section, func(t *testing.T) {
			src, err := os.ReadFile(filepath.FromSlash(c.file))
			if err != nil {
				t.Fatal(err)
			}
			if !strings.Contains(string(src), c.cite) {
				t.Errorf("%s does not cite %q", c.file, c.cite)
			}
		})
	}
}
