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

// Contact is the OSL/TSL play of one strategic zone (5.5): the zone
// marked with the Contact marker, the play under way (OSL, then each
// lettered TSL box), its round and who moves first.
type Contact struct {
	Area     string
	Play     string // "OSL" or "TSL A"
	Round    int    // the round being played (0: none yet)
	First    string // who moves first this round
	HuffDuff bool   // the Huff-Duff sub-step is open (before the round's first-mover roll)
	Units    []*Unit
	Boxes    []*Box
}

// TSL reports whether the play under way is TSL play.
func (k *Contact) TSL() bool { return k.Play != "OSL" }

// Unit is a unit or convoy stack on the grid.
type Unit struct {
	ID, Side string
	Square   string // "ROW-COLUMN", "off", "sunk", or "box A"
	Moved    bool   // its end square was typed this round
	Detected bool   // an Allied unit the Axis player detected (a U-boat's is the roster's)
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

// doContact: the zone is marked with the Contact marker; two D10 place
// each unit on the OSL grid, the U-boats with the status they had in the
// zone; then the Huff-Duff sub-step, or the first round (5.5).
func doContact(r *Rules, c *engine.Ctx, a engine.ArgValues) {
	k := &Contact{Area: a.Str("area"), Play: "OSL"}
	for _, id := range splitList(a.Str("units")) {
		if b := r.Boat(id); b != nil {
			id = b.ID
		}
		k.Units = append(k.Units, &Unit{ID: id, Side: r.unitSide(id)})
	}
	r.Contact = k
	c.Emit(EvContact, gamelog.Str("area", k.Area), gamelog.Str("play", "OSL"), gamelog.Int("units", len(k.Units)))
	r.place(c, k.Units)
	r.openPlay(c)
}

func (r *Rules) place(c *engine.Ctx, units []*Unit) {
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
}

// surfacedOnGrid lists the surfaced U-boats on the grid.
func (r *Rules) surfacedOnGrid() []string {
	var ids []string
	for _, u := range r.Contact.Units {
		if b := r.Boat(u.ID); b != nil && onGrid(u) && b.Surfaced && b.Status == InPlay {
			ids = append(ids, b.ID)
		}
	}
	return ids
}

// openPlay starts an OSL or TSL play once its units are placed: un-flown
// aircraft with Huff-Duff in the zone may detect and attack its surfaced
// U-boats first (8.3), then the rounds.
func (r *Rules) openPlay(c *engine.Ctx) {
	if ids := r.surfacedOnGrid(); len(ids) > 0 {
		r.huffDuff(c, ids)
		return
	}
	r.nextRound(c)
}

// huffDuff opens the Huff-Duff sub-step (5.5, 8.3): the players report
// detections and attacks; `done` closes it.
func (r *Rules) huffDuff(c *engine.Ctx, ids []string) {
	k := r.Contact
	k.HuffDuff = true
	c.Emit(EvHuffDuff, gamelog.Str("area", k.Area), gamelog.Str("play", k.Play), gamelog.Str("boats", strings.Join(ids, ",")))
}

// nextRound: who moves first (a roll each round), then the moves.
func (r *Rules) nextRound(c *engine.Ctx) {
	k := r.Contact
	k.HuffDuff = false
	k.Round++
	for _, u := range k.Units {
		u.Moved = false
	}
	k.First = r.firstMover(c, k.Play, k.Round)
}

// onGrid reports whether a unit is still on the grid.
func onGrid(u *Unit) bool {
	return u.Square != "off" && u.Square != "sunk" && !strings.HasPrefix(u.Square, "box")
}

// opposed reports whether opposing units are left on the grid.
func (r *Rules) opposed() bool {
	sides := map[string]bool{}
	for _, u := range r.Contact.Units {
		if b := r.Boat(u.ID); b != nil && b.Status != InPlay {
			u.Square = "sunk"
		}
		if onGrid(u) {
			sides[u.Side] = true
		}
	}
	return sides[Axis] && sides[Allied]
}

// contactDone is `done` during OSL/TSL play: it closes the Huff-Duff
// sub-step, or ends the round: on the OSL grid opposing units sharing a
// square go to the next lettered TSL box; while opposing units are left
// on the grid another round follows; else the play ends, its units go
// back to the zone, and the next TSL box is played (5.5).
func (r *Rules) contactDone(c *engine.Ctx) {
	k := r.Contact
	if k.HuffDuff {
		r.nextRound(c)
		return
	}
	if !k.TSL() {
		r.sortTSL(c)
	}
	if r.opposed() {
		if r.huffEachRound {
			if ids := r.surfacedOnGrid(); len(ids) > 0 {
				r.huffDuff(c, ids)
				return
			}
		}
		r.nextRound(c)
		return
	}
	var back []string
	for _, u := range k.Units {
		if u.Square != "sunk" && !strings.HasPrefix(u.Square, "box") {
			back = append(back, u.ID)
		}
	}
	next := slices.IndexFunc(k.Boxes, func(b *Box) bool { return !b.Played })
	c.Emit(EvContact, gamelog.Str("area", k.Area), gamelog.Str("play", k.Play), gamelog.Str("result", "ends"),
		gamelog.Str("returned", strings.Join(back, ",")), gamelog.Bool("over", next < 0))
	if next < 0 {
		r.Contact = nil
		return
	}
	r.playTSL(c, k.Boxes[next])
}

// playTSL: the units of a box are placed on the TSL grid with two D10 each
// (5.5, TSL Play).
func (r *Rules) playTSL(c *engine.Ctx, bx *Box) {
	k := r.Contact
	bx.Played = true
	var units []*Unit
	for _, id := range bx.Units {
		if b := r.Boat(id); b != nil && b.Status != InPlay {
			continue
		}
		units = append(units, &Unit{ID: id, Side: r.unitSide(id)})
	}
	k.Play, k.Units, k.Round = "TSL "+bx.Letter, units, 0
	c.Emit(EvContact, gamelog.Str("area", k.Area), gamelog.Str("play", k.Play), gamelog.Int("units", len(units)))
	r.place(c, units)
	r.openPlay(c)
}

// maxTies bounds the first-mover re-rolls (with physical dice a player
// could type ties for ever).
const maxTies = 20

// firstMover: each side rolls a D10, the higher moves first, ties are
// rolled again (5.5 says only "roll": see the rules notes).
func (r *Rules) firstMover(c *engine.Ctx, play string, round int) string {
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
		c.Emit(EvFirst, gamelog.Str("play", play), gamelog.Int("round", round), gamelog.Int("axis", ax), gamelog.Int("allied", al), gamelog.Str("first", first))
		return first
	}
}

func (r *Rules) contactUnit(id string) *Unit {
	if r.Contact == nil {
		return nil
	}
	for _, u := range r.Contact.Units {
		if equalFold(u.ID, id) && onGrid(u) {
			return u
		}
	}
	return nil
}

// sharing is an Allied unit in u's square, or nil.
func (r *Rules) sharing(u *Unit) *Unit {
	for _, o := range r.Contact.Units {
		if o.Side != u.Side && onGrid(o) && o.Square == u.Square {
			return o
		}
	}
	return nil
}

func parseSquare(s string) (string, error) {
	if strings.EqualFold(s, "off") || strings.EqualFold(s, "sunk") {
		return strings.ToLower(s), nil
	}
	row, col, ok := strings.Cut(s, "-")
	rn, e1 := strconv.Atoi(row)
	cn, e2 := strconv.Atoi(col)
	if !ok || e1 != nil || e2 != nil || rn < 1 || rn > 10 || cn < 1 || cn > 10 {
		return "", fmt.Errorf("%q is not a square: say ROW-COLUMN, each 1 to 10 (3-7), off (it moved off the grid) or sunk", s)
	}
	return strconv.Itoa(rn) + "-" + strconv.Itoa(cn), nil
}

func argsAt(r *Rules) []engine.Arg {
	unit := engine.TextArg("unit")
	unit.Check = func(v gamelog.Value) error {
		u := r.contactUnit(v.S)
		switch {
		case u == nil:
			return fmt.Errorf("%s is not on the %s grid in %s", v.S, r.Contact.Play, r.Contact.Area)
		case u.Moved:
			return fmt.Errorf("5.5: each unit moves once a round, and %s has moved (to %s); `done` ends the round", u.ID, u.Square)
		}
		return nil
	}
	sq := engine.TextArg("square")
	sq.Check = func(v gamelog.Value) error { _, err := parseSquare(v.S); return err }
	return []engine.Arg{unit, sq}
}

// doAt: a unit's move ends in a square (or off the grid, or it was sunk).
func doAt(r *Rules, c *engine.Ctx, a engine.ArgValues) {
	u := r.contactUnit(a.Str("unit"))
	u.Square, _ = parseSquare(a.Str("square"))
	u.Moved = true
	c.Emit(EvSquare, gamelog.Str("unit", u.ID), gamelog.Str("side", u.Side), gamelog.Str("square", u.Square), gamelog.Str("moved", "yes"))
}

// sortTSL: opposing units that ended in one square go to the next lettered
// TSL holding box (5.5).
func (r *Rules) sortTSL(c *engine.Ctx) {
	k := r.Contact
	var squares []string
	for _, u := range k.Units {
		if onGrid(u) && !slices.Contains(squares, u.Square) {
			squares = append(squares, u.Square)
		}
	}
	for _, sq := range squares {
		var ids []string
		sides := map[string]bool{}
		for _, u := range k.Units {
			if onGrid(u) && u.Square == sq {
				ids = append(ids, u.ID)
				sides[u.Side] = true
			}
		}
		if !sides[Axis] || !sides[Allied] {
			continue
		}
		bx := &Box{Letter: string(rune('A' + len(k.Boxes)%26)), Units: ids}
		k.Boxes = append(k.Boxes, bx)
		for _, u := range k.Units {
			if onGrid(u) && u.Square == sq {
				u.Square = "box " + bx.Letter
			}
		}
		c.Emit(EvTSL, gamelog.Str("box", bx.Letter), gamelog.Str("square", sq), gamelog.Str("units", strings.Join(ids, ",")))
	}
}
