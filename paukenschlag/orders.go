package paukenschlag

import (
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/schnell-wargames/schnell/engine"
	"github.com/schnell-wargames/schnell/gamelog"
)

// order is one order the players may give during a step: an option of the
// step's decision, typed at the prompt as `NAME ARGS…`. Its arguments'
// checks are the rule that refuses it, in one place.
type order struct {
	name, text string
	args       func(r *Rules) []engine.Arg
	run        func(r *Rules, c *engine.Ctx, a engine.ArgValues)
}

var orderTable []order

func init() {
	orderTable = []order{
		{"factors", "type a boat's Must Surface and Sunk factors (its base-game counter)", argsFactors, (*Rules).doFactors},
		{"boat", "put a base-game U-boat in play (its area); one not on the roster is added to it", argsBoat, (*Rules).doBoat},
		{"sink", "a base-game result sank a boat outright", boatArgs(inPlay), (*Rules).doSink},
		{"convoys", "the convoys in play (5.1, at most 10)", func(*Rules) []engine.Arg {
			return []engine.Arg{engine.IntArg("n", 0, 99, "")}
		}, (*Rules).doConvoys},
		{"surface", "a U-boat surfaces", boatArgs(inPlay), (*Rules).doSurface},
		{"submerge", "a U-boat submerges", boatArgs(inPlay, canSubmerge), (*Rules).doSubmerge},
		{"move", "a U-boat ends its move in an area", argsMove, (*Rules).doMove},
		{"detected", "a U-boat is detected (yes) or not (no)", func(r *Rules) []engine.Arg {
			return append(boatArgs(inPlay)(r), engine.YesArg("detected"))
		}, (*Rules).doDetected},
		{"fuel", "check a fuel box (11.1)", boatArgs(inPlay, hasFuel), (*Rules).doFuel},
		{"refuel", "clear fuel boxes at a Milch Cow (11.2)", func(r *Rules) []engine.Arg {
			return append(boatArgs(inPlay)(r), engine.IntArg("boxes", 1, 6, ""))
		}, (*Rules).doRefuel},
		{"torpedo", "check a torpedo box", boatArgs(inPlay, hasTorpedo), (*Rules).doTorpedo},
		{"frogman", "declare a frogman attack on a port area (21.2.1)", argsFrogman, (*Rules).doFrogman},
		{"bv222", "fly the BV-222 with a U-boat (21.3.1): same area as the target?", func(r *Rules) []engine.Arg {
			return r.planeArgs(0)
		}, (*Rules).doBV222},
		{"z511", "fly the Cant Z-511 with the Italian sub (21.3.2): same area as the target?", func(r *Rules) []engine.Arg {
			return r.planeArgs(1)
		}, (*Rules).doZ511},
		{"ferry", "the Cant Z-511 ferries frogmen to a port in the sub's area (21.3.2, once)", argsFerry, (*Rules).doFerry},
		{"flown", "a German bomber flew (it goes on the Turn Record Track, 5.7)", func(*Rules) []engine.Arg {
			return []engine.Arg{engine.TextArg("bomber")}
		}, (*Rules).doFlown},
		{"asw", "an ASW attack hit a U-boat: the ASW Table's result (21.5.1)", argsASW, (*Rules).doASW},
		{"gunfire", "surface-to-surface combat hit a U-boat (21.5.2)", argsGunfire, (*Rules).doGunfire},
		{"exits", "a U-boat exits the map (21.5.3: damaged, a repair roll)", boatArgs(inPlay, exitFactors), (*Rules).doExit},
		{"contact", "opposing units in one zone: roll their grid squares (5.5)", argsContact, (*Rules).doContact},
		{"at", "a unit's end square on the grid (ROW-COLUMN, or off)", argsAt, (*Rules).doAt},
		{"sort", "units sharing a square go to the next TSL box (5.5)", argsSort, (*Rules).doSort},
		{"tsl", "TSL play in a box: roll its units' squares and the first mover", argsTSL, (*Rules).doTSL},
	}
}

func findOrder(name string) *order {
	for i := range orderTable {
		if orderTable[i].name == name {
			return &orderTable[i]
		}
	}
	return nil
}

// orders asks for the step's orders until the players are done.
func (r *Rules) orders(c *engine.Ctx, st *step) {
	names := append(slices.Clone(st.orders), anytime...)
	for n := 0; ; n++ {
		d := &r.order
		d.Reset("orders", fmt.Sprintf("Turn %d, %s %s: your orders, or done", r.Turn, st.sec, st.name))
		d.Add("done", "this step is done", "")
		var ords []*order
		for _, name := range names {
			o := findOrder(name)
			if o == nil || slices.Contains(ords, o) {
				continue
			}
			ords = append(ords, o)
			opt := d.Add(o.name, o.text, o.name)
			opt.Args = o.args(r)
		}
		i := c.Decide(d)
		if i == 0 {
			return
		}
		ords[i-1].run(r, c, d.Args())
	}
}

// Argument checks: each refuses with the rule's reason.

type boatCheck func(r *Rules, b *Boat) error

func inPlay(_ *Rules, b *Boat) error {
	if b.Status != InPlay {
		return fmt.Errorf("%s is not on the map (%s)", b.ID, b.Status)
	}
	return nil
}

func canSubmerge(r *Rules, b *Boat) error {
	if b.Damage >= r.surfaceAt {
		return fmt.Errorf("%s has %d damage points and can no longer submerge (21.5.3)", b.ID, b.Damage)
	}
	return nil
}

func hasFuel(_ *Rules, b *Boat) error {
	if b.Fuel == 0 {
		return fmt.Errorf("%s has no fuel boxes on the roster: type its factors from your file", b.ID)
	}
	if b.FuelUsed >= b.Fuel {
		return fmt.Errorf("%s has checked all %d fuel boxes", b.ID, b.Fuel)
	}
	return nil
}

func hasTorpedo(r *Rules, b *Boat) error {
	if b.Italian() && r.Role == "frogmen" {
		return errors.New("the Barbarigo carries frogmen, not torpedoes: it attacks no ships (21.2.1)")
	}
	if b.Torpedoes == 0 {
		return fmt.Errorf("%s has no torpedo boxes on the roster", b.ID)
	}
	if b.TorpUsed >= b.Torpedoes {
		return fmt.Errorf("%s has fired all %d torpedoes", b.ID, b.Torpedoes)
	}
	return nil
}

func knownMSF(_ *Rules, b *Boat) error {
	if b.MSF == 0 {
		return fmt.Errorf("%s's Must Surface factor is not known: type it (`factors %s MSF SUNK`) or load your roster with --tables", b.ID, b.ID)
	}
	return nil
}

func knownSunk(r *Rules, b *Boat) error {
	if b.Sunk == 0 {
		return fmt.Errorf("%s's Sunk factor is not known: type it (`factors %s MSF SUNK`) or load your roster with --tables", b.ID, b.ID)
	}
	return knownMSF(r, b)
}

// exitFactors: the repair roll of a damaged boat needs its MSF (21.5.3).
func exitFactors(r *Rules, b *Boat) error {
	if b.Damage > 0 && r.In(Damage) {
		return knownMSF(r, b)
	}
	return nil
}

func damageInPlay(r *Rules, _ *Boat) error {
	if !r.In(Damage) {
		return errors.New("the U-boat damage variant (21.5) is not in play: the base game's result is all or nothing (`sink`)")
	}
	return nil
}

func (r *Rules) boatIDs() []string {
	ids := make([]string, len(r.Boats))
	for i, b := range r.Boats {
		ids[i] = b.ID
	}
	return ids
}

// boatArgs is a boat argument with checks.
func boatArgs(checks ...boatCheck) func(r *Rules) []engine.Arg {
	return func(r *Rules) []engine.Arg {
		a := engine.IDArg("boat", r.boatIDs()...)
		a.Check = func(v gamelog.Value) error {
			b := r.Boat(v.S)
			for _, ch := range checks {
				if err := ch(r, b); err != nil {
					return err
				}
			}
			return nil
		}
		return []engine.Arg{a}
	}
}

func argsFactors(r *Rules) []engine.Arg {
	a := boatArgs()(r)
	a[0].Check = func(v gamelog.Value) error {
		if b := r.Boat(v.S); b.MSF != 0 && b.Sunk != 0 {
			return fmt.Errorf("%s's factors are already on the roster (%d, %d)", b.ID, b.MSF, b.Sunk)
		}
		return nil
	}
	return append(a, engine.IntArg("msf", 1, 9, ""), engine.IntArg("sunk", 1, 9, ""))
}

func (r *Rules) doFactors(c *engine.Ctx, a engine.ArgValues) {
	b := r.Boat(a.Str("boat"))
	if b.MSF == 0 {
		b.MSF = a.Int("msf")
	}
	b.Sunk = a.Int("sunk")
	c.Emit(EvBoat, gamelog.Str("boat", b.ID), gamelog.Str("what", "factors"), gamelog.Int("msf", b.MSF), gamelog.Int("sunk", b.Sunk))
}

// maxRoster bounds the roster: base-game boats typed at the prompt.
const maxRoster = 60

func validID(id string) bool {
	if id == "" || len(id) > 32 {
		return false
	}
	for _, c := range id {
		if !(c >= 'A' && c <= 'Z' || c >= 'a' && c <= 'z' || c >= '0' && c <= '9' || c == '-' || c == '_') {
			return false
		}
	}
	return true
}

// argsBoat: a base-game U-boat of the roster, or one the roster lacks
// (its ID as printed on its counter), and its area.
func argsBoat(r *Rules) []engine.Arg {
	a := engine.TextArg("boat")
	a.Text = "the U-boat's id (a base-game boat: U-123)"
	a.Check = func(v gamelog.Value) error {
		b := r.Boat(v.S)
		switch {
		case b == nil && !validID(v.S):
			return fmt.Errorf("%q is not a boat id: letters, digits, - and _, at most 32", v.S)
		case b == nil && len(r.Boats) >= maxRoster:
			return fmt.Errorf("the roster holds %d boats, its most", maxRoster)
		case b == nil:
			return nil
		case b.Group != "base":
			return fmt.Errorf("%s is a variant boat: it enters by its own rule (21.1, 21.2)", b.ID)
		case b.Status != Absent:
			return fmt.Errorf("%s is already %s", b.ID, b.Status)
		}
		return nil
	}
	return []engine.Arg{a, engine.TextArg("area")}
}

func (r *Rules) doBoat(c *engine.Ctx, a engine.ArgValues) {
	b := r.Boat(a.Str("boat"))
	if b == nil {
		b = &Boat{ID: a.Str("boat"), Title: a.Str("boat"), Group: "base", Status: Absent}
		r.Boats = append(r.Boats, b)
	}
	r.enter(c, b, a.Str("area"), "base game")
}

func (r *Rules) doSink(c *engine.Ctx, a engine.ArgValues) {
	r.destroy(c, r.Boat(a.Str("boat")), "a base-game result")
}

func (r *Rules) doConvoys(c *engine.Ctx, a engine.ArgValues) {
	n := a.Int("n")
	if n > convoyCap {
		// Checked here rather than refused: the cap limits how many are
		// in play, and the players keep the extra markers off the map.
		c.Emit(EvConvoys, gamelog.Int("n", convoyCap), gamelog.Int("asked", n), gamelog.Str("why", "at most 10 convoys in play at the start of a turn (10.1)"))
		r.Convoys = convoyCap
		return
	}
	r.Convoys = n
	c.Emit(EvConvoys, gamelog.Int("n", n))
}

func (r *Rules) doSurface(c *engine.Ctx, a engine.ArgValues) {
	b := r.Boat(a.Str("boat"))
	b.Surfaced = true
	c.Emit(EvBoat, gamelog.Str("boat", b.ID), gamelog.Str("what", "surfaced"))
}

func (r *Rules) doSubmerge(c *engine.Ctx, a engine.ArgValues) {
	b := r.Boat(a.Str("boat"))
	b.Surfaced = false
	c.Emit(EvBoat, gamelog.Str("boat", b.ID), gamelog.Str("what", "submerged"))
}

func argsMove(r *Rules) []engine.Arg {
	a := boatArgs(inPlay)(r)
	check := a[0].Check
	a[0].Check = func(v gamelog.Value) error {
		if err := check(v); err != nil {
			return err
		}
		if b := r.Boat(v.S); r.Section == "5.6" && !b.Surfaced {
			return fmt.Errorf("%s is submerged: only surfaced U-boats move in the German U-boat Movement Phase (5.6)", b.ID)
		}
		return nil
	}
	return append(a, engine.TextArg("area"))
}

func (r *Rules) doMove(c *engine.Ctx, a engine.ArgValues) {
	b := r.Boat(a.Str("boat"))
	b.Area = a.Str("area")
	f := []gamelog.Field{gamelog.Str("boat", b.ID), gamelog.Str("what", "area"), gamelog.Str("area", b.Area)}
	if b.Damage >= r.surfaceAt {
		f = append(f, gamelog.Int("mp", 1))
	}
	c.Emit(EvBoat, f...)
}

func (r *Rules) doDetected(c *engine.Ctx, a engine.ArgValues) {
	b := r.Boat(a.Str("boat"))
	b.Detected = a.Yes("detected")
	w := "undetected"
	if b.Detected {
		w = "detected"
	}
	c.Emit(EvBoat, gamelog.Str("boat", b.ID), gamelog.Str("what", w))
}

func (r *Rules) doFuel(c *engine.Ctx, a engine.ArgValues) {
	b := r.Boat(a.Str("boat"))
	b.FuelUsed++
	c.Emit(EvBoat, gamelog.Str("boat", b.ID), gamelog.Str("what", "fuel"), gamelog.Int("left", b.Fuel-b.FuelUsed))
}

func (r *Rules) doRefuel(c *engine.Ctx, a engine.ArgValues) {
	b := r.Boat(a.Str("boat"))
	b.FuelUsed = max(0, b.FuelUsed-a.Int("boxes"))
	c.Emit(EvBoat, gamelog.Str("boat", b.ID), gamelog.Str("what", "fuel"), gamelog.Int("left", b.Fuel-b.FuelUsed))
}

func (r *Rules) doTorpedo(c *engine.Ctx, a engine.ArgValues) {
	b := r.Boat(a.Str("boat"))
	b.TorpUsed++
	c.Emit(EvBoat, gamelog.Str("boat", b.ID), gamelog.Str("what", "torpedo"), gamelog.Int("left", b.Torpedoes-b.TorpUsed))
}

func (r *Rules) doFlown(c *engine.Ctx, a engine.ArgValues) {
	name := a.Str("bomber")
	r.Bombers = append(r.Bombers, name)
	c.Emit(EvPlane, gamelog.Str("plane", name), gamelog.Str("result", "flown"))
}

func splitList(s string) []string {
	var out []string
	for _, w := range strings.FieldsFunc(s, func(r rune) bool { return r == ',' || r == ' ' }) {
		out = append(out, w)
	}
	return out
}
