package schnellboats

import (
	"fmt"
	"io"
	"strings"
)

// The Combat Board as the book lays it out (4.6-4.7): the Long, Medium and
// Close Range Zones between the squadron's side and the enemy's, the
// Schnell Boat counters in the zone they are in (with their speed and
// No Detection markers), the enemy's counters in their own box (warships,
// merchant ships), and what has left the board under it. It is drawn in
// 80 columns of text.

const (
	boardZoneWidth  = 14 // the inside of a range zone's box
	boardEnemyWidth = 25 // the inside of the enemy's box
)

// drawBoard writes the Combat Board's picture.
func (c *Campaign) drawBoard(w io.Writer, cb *Combat) error {
	weather := c.Mission.Weather
	var zones [3][]string // Long, Medium, Close
	var waiting, off []string
	for _, s := range c.Mission.Sorties {
		name := fmt.Sprintf("#%d %s", s.No, s.Boat.ID)
		if s.Gone != "" {
			off = append(off, name+" "+string(s.Gone))
			continue
		}
		z := cb.zoneOf(s)
		if z == zoneOut {
			waiting = append(waiting, name)
			continue
		}
		if s.No > 1 && s.Points > 0 {
			name += fmt.Sprintf(" %d dmg", s.Points)
		}
		zones[z-zoneLong] = append(zones[z-zoneLong], name)
		var marks []string
		if s.Disabled {
			marks = append(marks, "disabled")
		}
		if s.Apart > 0 {
			marks = append(marks, "apart")
		}
		if s.TowedBy != nil {
			marks = append(marks, "in tow")
		}
		for _, m := range marks {
			zones[z-zoneLong] = append(zones[z-zoneLong], "  "+m)
		}
	}
	// The speed and No Detection markers go with the squadron's counters.
	if z := cb.Zone; z != zoneOut {
		zones[z-zoneLong] = append(zones[z-zoneLong], "["+title(words(cb.Speed.String()))+"]")
		if !cb.Detected {
			zones[z-zoneLong] = append(zones[z-zoneLong], "[No Detection]")
		}
	}
	var warships, merchants []string
	for _, u := range cb.Enemy {
		if u.Gone != "" {
			off = append(off, u.ID+" "+string(u.Gone))
			continue
		}
		line := u.ID
		if u.Skill != skillAverage { // a crew counter marks the others
			line += " (" + u.Skill.String() + ")"
		}
		state := fmt.Sprintf("  damage %d of %d", u.Damage, u.Hull)
		if u.Burns {
			state += ", burning"
		}
		switch u.Type {
		case enemyMerchant, enemyTanker:
			merchants = append(merchants, line, state)
		default:
			warships = append(warships, line, state)
		}
	}
	var enemy []string
	if len(warships) > 0 {
		enemy = append(append(enemy, "Warships:"), warships...)
	}
	if len(merchants) > 0 {
		enemy = append(append(enemy, "Merchant ships:"), merchants...)
	}
	if len(enemy) == 0 {
		enemy = []string{"(none left)"}
	}

	var b strings.Builder
	rule := "+" + strings.Repeat(strings.Repeat("-", boardZoneWidth+2)+"+", 3) + strings.Repeat("-", boardEnemyWidth+2) + "+\n"
	row := func(cells [4]string) {
		for i, cell := range cells {
			width := boardZoneWidth
			if i == 3 {
				width = boardEnemyWidth
			}
			fmt.Fprintf(&b, "| %s ", pad(cell, width))
		}
		b.WriteString("|\n")
	}
	b.WriteString(rule)
	row([4]string{"LONG RANGE", "MEDIUM RANGE", "CLOSE RANGE", "THE ENEMY"})
	var fire [4]string
	for z := zoneLong; z <= zoneClose; z++ {
		fire[z-zoneLong] = "no fire"
		if fireAllowed(weather, z) {
			fire[z-zoneLong] = "fire"
		}
	}
	fire[3] = title(weather.String()) + " weather"
	row(fire)
	b.WriteString(rule)
	n := len(enemy)
	for _, z := range zones {
		n = max(n, len(z))
	}
	for i := range n {
		var cells [4]string
		for j, z := range zones {
			if i < len(z) {
				cells[j] = z[i]
			}
		}
		if i < len(enemy) {
			cells[3] = enemy[i]
		}
		row(cells)
	}
	b.WriteString(rule)
	if len(waiting) > 0 {
		fmt.Fprintf(&b, "Not yet on the board: %s (placed in the Long or Medium Range Zone by the first move, 4.7).\n", strings.Join(waiting, ", "))
	}
	if len(off) > 0 {
		fmt.Fprintf(&b, "Off the board: %s.\n", strings.Join(off, ", "))
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// pad fits s into width columns: spaces after it, or cut with a "~".
func pad(s string, width int) string {
	r := []rune(s)
	if len(r) > width {
		return string(r[:width-1]) + "~"
	}
	return s + strings.Repeat(" ", width-len(r))
}
