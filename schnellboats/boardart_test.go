package schnellboats

import (
	"strings"
	"testing"
	"unicode/utf8"
)

// boardColumn is the column of the Combat Board picture a cell is in: 0
// Long, 1 Medium, 2 Close, 3 the enemy (-1: none).
func boardColumn(line, text string) int {
	i := strings.Index(line, text)
	if i < 0 || !strings.HasPrefix(line, "|") {
		return -1
	}
	return strings.Count(line[:i], "|") - 1
}

// 4.6-4.7: `board` draws the Combat Board: each Schnell Boat counter in
// the Range Zone it is in (a boat apart in the Long zone, 4.8), the speed
// and No Detection markers with the squadron, the zones the weather lets
// them fire from, the enemy's counters in their box with a crew counter
// where the crew is not Average, and what is sunk or gone off the board;
// all in 80 columns.
func TestCombatBoardPicture_4_6(t *testing.T) {
	probeWith(t, 3, opts("short", "s100"), orders{}, func(c *Campaign) {
		cb := atSea(c, weatherPoor, enemyLightCruiser, enemyMerchant, enemyTanker, enemyMtb, enemyMerchant)
		cb.Zone, cb.Speed, cb.Detected = zoneClose, speedVeryFast, false
		so := c.Mission.Sorties
		so[2].Apart, so[2].zone, so[2].Disabled, so[2].Points = 1, zoneLong, true, 3
		so[3].Gone = goneSunk
		cb.Enemy[0].Skill, cb.Enemy[0].Damage = skillVeteran, 2
		cb.Enemy[2].Burns = true
		cb.Enemy[4].Gone = goneEvaded
		var b strings.Builder
		if err := c.PrintBoard(&b); err != nil {
			t.Fatal(err)
		}
		out := b.String()
		lines := strings.Split(out, "\n")
		// The picture: the lines to its third rule (the table follows).
		var picture []string
		for rules := 0; rules < 3 && len(picture) < len(lines); {
			line := lines[len(picture)]
			picture = append(picture, line)
			if strings.HasPrefix(line, "+") {
				rules++
			}
		}
		for _, line := range picture[1:] { // the heading line wraps at the prompt
			if n := utf8.RuneCountInString(line); n > 80 {
				t.Errorf("a line of the picture is %d columns: %q", n, line)
			}
		}
		where := func(text string) int {
			for _, line := range picture {
				if col := boardColumn(line, text); col >= 0 {
					return col
				}
			}
			return -1
		}
		for _, tt := range []struct {
			text string
			col  int
		}{
			{"#1 SB1", 2}, {"#2 SB2", 2}, {"#3 SB3 3 dmg", 0}, {"  disabled", 0}, {"  apart", 0},
			{"[Very fast]", 2}, {"[No Detection]", 2},
			{"light_cruiser-1 (veteran)", 3}, {"  2 of 5 dmg, 0 guns", 3}, {"Warships:", 3}, {"Merchant ships:", 3},
			{"merchant-2", 3}, {"  0 of 5 dmg, burning", 3}, {"mtb-4", 3},
		} {
			if got := where(tt.text); got != tt.col {
				t.Errorf("%q in column %d, want %d:\n%s", tt.text, got, tt.col, out)
			}
		}
		if got := where("#4 SB4"); got != -1 {
			t.Errorf("the sunk #4 SB4 is still on the board (column %d)", got)
		}
		for _, want := range []string{"| no fire ", "Off the board: #4 SB4 sunk, merchant-5 evaded."} {
			if !strings.Contains(out, want) {
				t.Errorf("no %q:\n%s", want, out)
			}
		}
		fire := ""
		for _, line := range lines {
			if strings.Contains(line, "fire") && strings.Contains(line, "weather") {
				fire = line
			}
		}
		if want := "| no fire        | fire           | fire           | Poor weather              |"; fire != want {
			t.Errorf("the fire row is %q, want %q (4.6: Poor weather, Medium and Close)", fire, want)
		}
	})
}

// Issue 25 item 3: the short report ends a combat round with the board in
// two lines (below verbose detail): the boats with the squadron, where and
// how fast, those apart or gone; the enemy with its damage, and what left.
func TestBoardLinesAtRoundEnd(t *testing.T) {
	probe(t, 3, opts("short", "s100"), func(c *Campaign) {
		cb := atSea(c, 0, enemyMerchant, enemyTanker, enemyMtb)
		cb.Zone, cb.inZone, cb.Round, cb.Speed, cb.Detected = zoneClose, 1, 2, speedFast, true
		s := c.Mission.Sorties
		s[1].Points = 2
		s[2].Apart, s[2].zone = 1, zoneLong
		s[3].Gone = goneSunk
		cb.Enemy[0].Damage = 2
		cb.Enemy[1].Damage, cb.Enemy[1].Burns = 3, true
		cb.Enemy[2].Gone = goneEvaded
		got := strings.Join(c.art().boardLines(cb), "\n")
		want := "Board, round 2: SB1 SB2 (2 dmg) in the close zone at fast, detected; SB3 broken away, in the long zone; gone: SB4 sunk.\n" +
			"Enemy: merchant-1 (2 of 5), tanker-2 (3 of 5, burning); gone: mtb-3 evaded."
		if got != want {
			t.Errorf("got\n%s\nwant\n%s", got, want)
		}
	})
}
