package paukenschlag

import (
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/schnell-wargames/schnell/dice"
	"github.com/schnell-wargames/schnell/engine"
	"github.com/schnell-wargames/schnell/gamelog"
)

// Square is the throw of two D10 that places a unit on the OSL or TSL
// grid (5.5): a row and a column.
var Square = dice.MustThrow("1d10 row, 1d10 column")

// Contact is the OSL/TSL play of one strategic zone (5.5).
type Contact struct {
	Area  string
	Play  string // "OSL" or "TSL BOX"
	Units []*Unit
	Boxes []*Box
}

// Unit is a unit or convoy stack on the grid.
type Unit struct {
	ID, Side string
	Square   string // "ROW-COLUMN", "off", or "box A"
}

// Box is a lettered TSL holding box.
type Box struct {
	Letter string
	Units  []string
	Played bool
}

// maxUnits bounds a contact: the zone's units typed at once.
const maxUnits = 24

func (r *Rules) unitSide(id string) string {
	if b := r.Boat(id); b != nil {
		return Axis
	}
	return Allied
}

func argsContact(r *Rules) []engine.Arg {
	area := engine.TextArg("area")
	units := engine.TextArg("units")
	units.Text = "the units or convoy stacks in the zone, by comma: U-84,C2,DD1"
	units.Check = func(v gamelog.Value) error {
		ids := splitList(v.S)
		if len(ids) > maxUnits {
			return fmt.Errorf("%d units: at most %d in one contact", len(ids), maxUnits)
		}
		sides := map[string]bool{}
		for i, id := range ids {
			if slices.Contains(ids[:i], id) {
				return fmt.Errorf("%s is named twice", id)
			}
			if b := r.Boat(id); b != nil && b.Status != InPlay {
				return fmt.Errorf("%s is not on the map (%s)", b.ID, b.Status)
			}
			sides[r.unitSide(id)] = true
		}
		if !sides[Axis] || !sides[Allied] {
			return errors.New("OSL play needs opposing units: name at least one U-boat of the roster and one Allied unit")
		}
		return nil
	}
	return []engine.Arg{area, units}
}

// doContact: two D10 for each unit's grid square, the U-boats' status,
// then who moves first (5.5).
func (r *Rules) doContact(c *engine.Ctx, a engine.ArgValues) {
	k := &Contact{Area: a.Str("area"), Play: "OSL"}
	for _, id := range splitList(a.Str("units")) {
		if b := r.Boat(id); b != nil {
			id = b.ID
		}
		k.Units = append(k.Units, &Unit{ID: id, Side: r.unitSide(id)})
	}
	r.Contact = k
	c.Emit(EvContact, gamelog.Str("area", k.Area), gamelog.Str("play", "OSL"), gamelog.Int("units", len(k.Units)))
	r.place(c, k.Units, "OSL")
}

func (r *Rules) place(c *engine.Ctx, units []*Unit, play string) {
	for _, u := range units {
		th := c.Throw(Square, "square-"+u.ID)
		u.Square = strconv.Itoa(th.Face("row")) + "-" + strconv.Itoa(th.Face("column"))
		f := []gamelog.Field{gamelog.Str("unit", u.ID), gamelog.Str("side", u.Side), gamelog.Str("square", u.Square)}
		if b := r.Boat(u.ID); b != nil {
			st := "submerged"
			if b.Surfaced {
				st = "surfaced"
			}
			f = append(f, gamelog.Str("status", st))
		}
		c.Emit(EvSquare, f...)
	}
	r.firstMover(c, play)
}

// maxTies bounds the first-mover re-rolls (with physical dice a player
// could type ties for ever).
const maxTies = 20

// firstMover: each side rolls a D10, the higher moves first, ties are
// rolled again (5.5 says only "roll": see the rules notes).
func (r *Rules) firstMover(c *engine.Ctx, play string) {
	for i := 0; ; i++ {
		ax, _ := c.RollDice(d10, "first-axis")
		al, _ := c.RollDice(d10, "first-allied")
		if ax == al && i < maxTies {
			continue
		}
		first := Allied
		if ax > al {
			first = Axis
		}
		c.Emit(EvFirst, gamelog.Str("play", play), gamelog.Int("axis", ax), gamelog.Int("allied", al), gamelog.Str("first", first))
		return
	}
}

func (r *Rules) contactUnit(id string) *Unit {
	if r.Contact == nil {
		return nil
	}
	for _, u := range r.Contact.Units {
		if equalFold(u.ID, id) && !strings.HasPrefix(u.Square, "box") {
			return u
		}
	}
	return nil
}

func parseSquare(s string) (string, error) {
	if strings.EqualFold(s, "off") {
		return "off", nil
	}
	row, col, ok := strings.Cut(s, "-")
	rn, e1 := strconv.Atoi(row)
	cn, e2 := strconv.Atoi(col)
	if !ok || e1 != nil || e2 != nil || rn < 1 || rn > 10 || cn < 1 || cn > 10 {
		return "", fmt.Errorf("%q is not a square: say ROW-COLUMN, each 1 to 10 (3-7), or off", s)
	}
	return strconv.Itoa(rn) + "-" + strconv.Itoa(cn), nil
}

func argsAt(r *Rules) []engine.Arg {
	unit := engine.TextArg("unit")
	unit.Check = func(v gamelog.Value) error {
		if r.Contact == nil {
			return errors.New("no OSL/TSL play: `contact AREA UNITS` first")
		}
		if r.contactUnit(v.S) == nil {
			return fmt.Errorf("%s is not on the %s grid", v.S, r.Contact.Play)
		}
		return nil
	}
	sq := engine.TextArg("square")
	sq.Check = func(v gamelog.Value) error { _, err := parseSquare(v.S); return err }
	return []engine.Arg{unit, sq}
}

func (r *Rules) doAt(c *engine.Ctx, a engine.ArgValues) {
	u := r.contactUnit(a.Str("unit"))
	u.Square, _ = parseSquare(a.Str("square"))
	c.Emit(EvSquare, gamelog.Str("unit", u.ID), gamelog.Str("side", u.Side), gamelog.Str("square", u.Square), gamelog.Str("moved", "yes"))
}

func argsSort(r *Rules) []engine.Arg { return nil }

// doSort: opposing units that ended in one square go to the next lettered
// TSL holding box (5.5).
func (r *Rules) doSort(c *engine.Ctx, _ engine.ArgValues) {
	k := r.Contact
	if k == nil {
		c.Emit(EvTSL, gamelog.Str("result", "no contact"))
		return
	}
	var squares []string
	for _, u := range k.Units {
		if u.Square != "off" && !strings.HasPrefix(u.Square, "box") && !slices.Contains(squares, u.Square) {
			squares = append(squares, u.Square)
		}
	}
	sent := 0
	for _, sq := range squares {
		var ids []string
		sides := map[string]bool{}
		for _, u := range k.Units {
			if u.Square == sq {
				ids = append(ids, u.ID)
				sides[u.Side] = true
			}
		}
		if !sides[Axis] || !sides[Allied] {
			continue
		}
		bx := &Box{Letter: string(rune('A' + len(k.Boxes)))}
		bx.Units = ids
		k.Boxes = append(k.Boxes, bx)
		for _, u := range k.Units {
			if u.Square == sq {
				u.Square = "box " + bx.Letter
			}
		}
		sent++
		c.Emit(EvTSL, gamelog.Str("box", bx.Letter), gamelog.Str("square", sq), gamelog.Str("units", strings.Join(ids, ",")))
	}
	if sent == 0 {
		c.Emit(EvTSL, gamelog.Str("result", "no square holds opposing units"))
	}
}

func argsTSL(r *Rules) []engine.Arg {
	a := engine.TextArg("box")
	a.Check = func(v gamelog.Value) error {
		if r.Contact == nil || len(r.Contact.Boxes) == 0 {
			return errors.New("no TSL holding box holds units: `sort` the OSL grid first")
		}
		for _, b := range r.Contact.Boxes {
			if strings.EqualFold(b.Letter, v.S) {
				if b.Played {
					return fmt.Errorf("box %s has been played", b.Letter)
				}
				return nil
			}
		}
		return fmt.Errorf("no TSL box %s", v.S)
	}
	return []engine.Arg{a}
}

// doTSL: the units of a box are placed on the TSL grid with two D10 each
// and a first-mover roll (5.5, TSL Play).
func (r *Rules) doTSL(c *engine.Ctx, a engine.ArgValues) {
	k := r.Contact
	var bx *Box
	for _, b := range k.Boxes {
		if strings.EqualFold(b.Letter, a.Str("box")) {
			bx = b
		}
	}
	bx.Played = true
	play := "TSL " + bx.Letter
	var units []*Unit
	for _, id := range bx.Units {
		units = append(units, &Unit{ID: id, Side: r.unitSide(id)})
	}
	k.Play, k.Units = play, units
	c.Emit(EvContact, gamelog.Str("area", k.Area), gamelog.Str("play", play), gamelog.Int("units", len(units)))
	r.place(c, units, play)
}
