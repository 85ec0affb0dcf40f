package schnellrules

import (
	"fmt"

	"github.com/schnell-wargames/schnell/sea"
)

// quickBattle is the set-up the virtual table plays with no scenario (the
// document has no scenarios; ours, in the rules notes): a night raid on a
// coastal convoy on a 6x4 foot table, "E-boat Alley". Two small colliers
// steam east at Slow, 30cm in from the bottom (English) edge, 20cm apart,
// the leader 45cm in from the left edge; the Hunt class destroyer GARTH
// escorts them 15cm to seaward and ahead, at Slow (her best), and the
// Fairmile 'D' MGB607 20cm to seaward of the second collier, at Medium.
// Four Schnellboote, two S-100s and two S-38s, come in line abreast 15cm
// apart, 10cm in from the top edge, heading south at Fast: their targets
// are the colliers (82cm off, out of sight at first) and the destroyer;
// the escort's business is to drive them off. A collier that reaches the
// right edge has got through.
var quickBattle = []preset{
	qb("SS1", "small-transport", "allies", "s", 45, 30, 90),
	qb("SS2", "small-transport", "allies", "s", 25, 30, 90),
	qb("GARTH", "hunt-1", "allies", "s", 60, 45, 90),
	qb("MGB607", "fairmile-d-mgb", "allies", "m", 25, 50, 90),
	qb("S141", "s-100", "axis", "f", 40, 112, 180),
	qb("S142", "s-100", "axis", "f", 55, 112, 180),
	qb("S45", "s-38", "axis", "f", 70, 112, 180),
	qb("S46", "s-38", "axis", "f", 85, 112, 180),
}

func qb(id, class, side, speed string, x, y, heading int) preset {
	return preset{id: id, class: class, side: side, speed: speed, placed: true, at: sea.Cm(x, y), heading: heading}
}

// virtualFits refuses the options the virtual table does not play: the
// duel (a battle without a table) and aircraft (the document gives none,
// and the player names them as they attack, on the table he moves).
func virtualFits(o Options) error {
	switch {
	case o.Duel:
		return fmt.Errorf("duel plays a battle without a table: it and table=virtual do not go together")
	case o.Aircraft:
		return fmt.Errorf("aircraft=on is played on your own table (you name each aircraft as it attacks): table=virtual has no aircraft")
	}
	return nil
}
