package schnellboats

import (
	"fmt"
	"io"
	"strings"

	"github.com/schnell-wargames/schnell/engine"
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
func (c pictures) drawBoard(w io.Writer, cb *Combat) error {
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
		state := fmt.Sprintf("  %d of %d dmg", u.Damage, u.Hull)
		if u.Burns {
			state += ", burning"
		}
		if guns := fmt.Sprintf(", %d gun%s", u.Guns, plural(u.Guns)); len(state)+len(guns) <= boardEnemyWidth {
			state += guns // what she fires back with, where it fits
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

// atPause is the short report's end of a combat round (engine.Definition.
// AtPause, below verbose detail): the Combat Board in a few lines — where
// the boats are, at what speed, detected or not; each enemy unit still on
// the board with its damage; what left it. `board` draws it whole.
func atPause(g *engine.Game, pause string) []string {
	c, err := CampaignOf(g)
	if err != nil || pause != "round" {
		return nil
	}
	cb := combatOf(c)
	if cb == nil {
		return nil
	}
	return c.art().boardLines(cb)
}

// boardLines is the Combat Board in words: "Board: SB1 SB2 SB3 in the
// close zone at fast, detected; SB4 broken away, in the long zone." and
// "Enemy: merchant-1 2 of 5, tanker-1 burning; gone: mtb-1 sunk."
func (c pictures) boardLines(cb *Combat) []string {
	var with, apart, off []string
	for _, s := range c.Mission.Sorties {
		switch st := sortieState(cb, s); {
		case s.Gone != "":
			off = append(off, s.Boat.ID+" "+st)
		case st == "in formation":
			w := s.Boat.ID
			if s.No > 1 && s.Points > 0 {
				w += fmt.Sprintf(" (%d dmg)", s.Points)
			}
			with = append(with, w)
		default:
			apart = append(apart, s.Boat.ID+" "+st)
		}
	}
	where := "not yet on the board"
	if cb.Zone != zoneOut {
		where = "in the " + cb.Zone.String() + " zone"
	}
	det := "undetected"
	if cb.Detected {
		det = "detected"
	}
	line := fmt.Sprintf("Board, round %d: %s %s at %s, %s", cb.Round, strings.Join(with, " "), where, words(cb.Speed.String()), det)
	if len(with) == 0 {
		line = fmt.Sprintf("Board, round %d:", cb.Round)
	}
	if len(apart) > 0 {
		line += "; " + strings.Join(apart, "; ")
	}
	if len(off) > 0 {
		line += "; gone: " + strings.Join(off, ", ")
	}
	var on, gone []string
	for _, u := range cb.Enemy {
		if u.Gone != "" {
			gone = append(gone, u.ID+" "+string(u.Gone))
			continue
		}
		w := u.ID
		var notes []string
		if u.Damage > 0 {
			notes = append(notes, fmt.Sprintf("%d of %d", min(u.Damage, u.Hull), u.Hull))
		}
		if u.Burns {
			notes = append(notes, "burning")
		} else if u.Disabled {
			notes = append(notes, "disabled")
		}
		if len(notes) > 0 {
			w += " (" + strings.Join(notes, ", ") + ")"
		}
		on = append(on, w)
	}
	enemy := "Enemy: " + strings.Join(on, ", ")
	if len(on) == 0 {
		enemy = "Enemy: none left"
	}
	if len(gone) > 0 {
		enemy += "; gone: " + strings.Join(gone, ", ")
	}
	return []string{line + ".", enemy + "."}
}
