package schnellrules

import (
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/schnell-wargames/schnell/engine"
	"github.com/schnell-wargames/schnell/gamelog"
	"github.com/schnell-wargames/schnell/sea"
)

// tableCommands are the orders of the virtual table at the prompt.
var tableCommands = []engine.Command{
	{Name: "steer", Group: groupOrders, Usage: "steer VESSEL DEG|+N|-N|TARGET", Help: "phases 4-5 on the virtual table: the course a vessel turns to (0 up the table, 90 right; +N/-N turns from its course; TARGET: towards a vessel or marker) and keeps", Run: runSteer},
	{Name: "formation", Group: groupOrders, Usage: "formation VESSEL LEADER|off", Help: "phases 4-5 on the virtual table: a vessel keeps its leader's course and speed (off: on its own again)", Run: orderCmd("formation")},
	{Name: "board", Group: groupData, Usage: "board [allies|axis|referee] [--svg FILE]", Help: "the virtual table drawn: the models, their headings and speeds, the enemy's markers as your side sees them (the side you play; referee: all), this turn's shots and the torpedoes in the water; --svg FILE writes a drawing to scale", Run: runBoard},
	{Name: "place", Group: groupOrders, Usage: "place VESSEL X Y [HEADING]", Help: "set-up on the virtual table: put a vessel at X, Y cm from the table's bottom left corner, heading HEADING degrees (its own unless given)", Run: runPlace},
}

// virtualOnly is the error of a virtual table's order on the player's
// own table.
func virtualOnly(b *Battle, verb string) error {
	if b.Table == nil {
		return fmt.Errorf("%s is an order of the virtual table (`new table=virtual`): on your own table you move the models", verb)
	}
	return nil
}

// runSteer reads steer VESSEL DEG|+N|-N|TARGET: a course in degrees, a
// turn from the vessel's course, or the bearing to a vessel or a marker
// the side sees on the table now.
func runSteer(g *engine.Game, args []string, w io.Writer) ([]gamelog.Event, error) {
	b, err := battle(g)
	if err != nil {
		return nil, err
	}
	if err := virtualOnly(b, "steer"); err != nil {
		return nil, err
	}
	if len(args) != 2 {
		return nil, errors.New("steer VESSEL DEG|+N|-N|TARGET: a course 0 to 359, a turn such as +30, or a vessel or marker to steer at")
	}
	v := b.Vessel(args[0])
	if v == nil || v.Place == nil {
		return orderCmd("steer")(g, args, w) // the order's check names it
	}
	course, err := virtual{b}.courseOf(v, args[1])
	if err != nil {
		return nil, err
	}
	return orderCmd("steer")(g, []string{args[0], strconv.Itoa(course)}, w)
}

// courseOf reads a steer order's course for v.
func (b virtual) courseOf(v *Vessel, word string) (int, error) {
	if n, err := strconv.Atoi(word); err == nil {
		if strings.HasPrefix(word, "+") || strings.HasPrefix(word, "-") {
			if n < -180 || n > 180 {
				return 0, fmt.Errorf("a turn of %s: at most 180 degrees either way", word)
			}
			return sea.Norm(v.Place.Course + n), nil
		}
		if n < 0 || n > 359 {
			return 0, fmt.Errorf("course %d: 0 to 359 degrees (0 up the table, 90 to the right)", n)
		}
		return n, nil
	}
	at, err := b.pointOf(v.Side, word)
	if err != nil {
		return 0, err
	}
	if at == v.Place.At.Centre {
		return v.Place.Course, nil
	}
	return sea.Bearing(v.Place.At.Centre, at), nil
}

// pointOf is where side sees the vessel or marker named by word: its own
// vessels by id, the enemy's by its marker's label, or by id once spotted.
func (b virtual) pointOf(side, word string) (sea.Pos, error) {
	for _, x := range b.Vessels {
		if x.Place == nil || !x.Afloat() {
			continue
		}
		mine := x.Side == side
		if strings.EqualFold(x.ID, word) && (mine || x.Seen[sideIndex(side)]) || !mine && strings.EqualFold(x.Place.Marker, word) {
			return x.Place.At.Centre, nil
		}
	}
	return sea.Pos{}, fmt.Errorf("%q: name a vessel of the %s, an enemy marker (M1, M2 …), or an enemy vessel they have spotted this turn", word, sideName(side))
}

// runIllumination reads starshell|flare VESSEL RANGE_CM, and on the
// virtual table VESSEL RANGE_CM BEARING or VESSEL TARGET (a vessel or a
// marker: the range and bearing to it now).
func runIllumination(verb string) func(*engine.Game, []string, io.Writer) ([]gamelog.Event, error) {
	return func(g *engine.Game, args []string, w io.Writer) ([]gamelog.Event, error) {
		b, err := battle(g)
		if err != nil {
			return nil, err
		}
		if b.Table != nil && len(args) == 2 {
			if _, err := strconv.Atoi(args[1]); err != nil {
				v := b.Vessel(args[0])
				if v == nil || v.Place == nil {
					return orderCmd(verb)(g, args, w) // the order's check names it
				}
				at, err := virtual{b}.pointOf(v.Side, args[1])
				if err != nil {
					return nil, err
				}
				args = []string{args[0], strconv.Itoa(cmBetween(v.Place.At.Centre, at)), strconv.Itoa(sea.Bearing(v.Place.At.Centre, at))}
			}
		}
		return orderCmd(verb)(g, args, w)
	}
}

// runPlace reads place VESSEL X Y [HEADING].
func runPlace(g *engine.Game, args []string, w io.Writer) ([]gamelog.Event, error) {
	b, err := battle(g)
	if err != nil {
		return nil, err
	}
	if err := virtualOnly(b, "place"); err != nil {
		return nil, err
	}
	if len(args) == 3 {
		if v := b.Vessel(args[0]); v != nil && v.Place != nil {
			args = append(args, strconv.Itoa(v.Place.At.Heading))
		}
	}
	return orderCmd("place")(g, args, w)
}
