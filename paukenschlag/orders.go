package paukenschlag

import (
	"fmt"
	"slices"
	"strings"

	"github.com/schnell-wargames/schnell/engine"
	"github.com/schnell-wargames/schnell/gamelog"
)

// order is one order the players may give during a step: an option of the
// step's decision, typed at the prompt as `NAME ARGS…`. Whether it may be
// given now (offered) and its arguments' checks are the rule that refuses
// it, in one place.
type order struct {
	name, text string
	offered    func(r *Rules) error
	args       func(r *Rules) []engine.Arg
	run        func(r *Rules, c *engine.Ctx, a engine.ArgValues)
}

// answerChecks are the rules' tests of a whole answer, after each
// argument's own (engine.Option.Check): a factor against the boat named,
// a target in the boat's square.
var answerChecks = map[string]func(r *Rules, a engine.ArgValues) error{
	"factors": checkFactors,
	"torpedo": checkTorpedo,
}

var orderTable []order

func init() {
	orderTable = []order{
		{"factors", "type a boat's Must Surface and Sunk factors (its base-game counter)", always, argsFactors, doFactors},
		{"boat", "put a base-game U-boat in play (its area); one not on the roster is added to it", always, argsBoat, doBoat},
		{"sink", "a base-game result sank a boat outright", anyInPlay, boatArgs(inPlay), doSink},
		{"convoys", "the convoys in play (5.1, at most 10)", always, func(*Rules) []engine.Arg {
			return []engine.Arg{engine.IntArg("n", 0, 99, "")}
		}, doConvoys},
		{"surface", "a U-boat surfaces (at the start of its move)", offerStatus, boatArgs(inPlay, statusNow), doSurface},
		{"submerge", "a U-boat submerges (at the start of its move)", offerStatus, boatArgs(inPlay, statusNow, canSubmerge, frogmenHold), doSubmerge},
		{"move", "a U-boat ends its move in an area", offerMove, argsMove, doMove},
		{"detected", "a unit is detected (yes) or not (no)", offerDetected, argsDetected, doDetected},
		{"fuel", "check a fuel box (11.1)", offerBoats, boatArgs(inPlay, hasFuel), doFuel},
		{"refuel", "clear fuel boxes at a Milch Cow (11.2)", offerBoats, func(r *Rules) []engine.Arg {
			return append(boatArgs(inPlay)(r), engine.IntArg("boxes", 1, 6, ""))
		}, doRefuel},
		{"torpedo", "a U-boat attacks a detected target in its square (checks a torpedo box)", offerTorpedo, argsTorpedo, doTorpedo},
		{"frogman", "declare a frogman attack on a port in the sub's area (21.2.1)", offerFrogman, argsFrogman, doFrogman},
		{"bv222", "fly the BV-222 with a U-boat (21.3.1): same area as the target?", func(r *Rules) error { return r.offerPlane(0) }, func(r *Rules) []engine.Arg {
			return r.planeArgs(0)
		}, doBV222},
		{"z511", "fly the Cant Z-511 with the Italian sub (21.3.2): same area as the target?", func(r *Rules) error { return r.offerPlane(1) }, func(r *Rules) []engine.Arg {
			return r.planeArgs(1)
		}, doZ511},
		{"ferry", "the Cant Z-511 ferries frogmen to a port in the sub's area (21.3.2, once)", offerFerry, argsFerry, doFerry},
		{"flown", "a German bomber flew (it goes on the Turn Record Track, 5.7)", always, func(*Rules) []engine.Arg {
			return []engine.Arg{engine.TextArg("bomber")}
		}, doFlown},
		{"asw", "an ASW attack hit a U-boat: the ASW Table's result (21.5.1)", offerASW, argsASW, doASW},
		{"gunfire", "surface-to-surface combat hit a U-boat (21.5.2)", offerGunfire, argsGunfire, doGunfire},
		{"exits", "a U-boat exits the map (21.5.3: damaged, a repair roll)", offerExit, boatArgs(inPlay, exitFactors), doExit},
		{"contact", "opposing units end their move in one zone: OSL play (5.5)", offerContact, argsContact, doContact},
		{"at", "a unit's end square on the grid (ROW-COLUMN, off, or sunk)", offerMoves, argsAt, doAt},
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

// orders asks for the step's orders until the players are done, and
// reports whether it asked: a step none of whose own orders may be given
// now (no U-boat on the map to move, no floatplane to fly) does not stop.
// During OSL/TSL play `done` ends a sub-step or a round, not the step.
func (r *Rules) orders(c *engine.Ctx, st *step) bool {
	names := append(slices.Clone(st.orders), anytime...)
	r.moved = r.moved[:0]
	for n := 0; ; n++ {
		d := c.Ask("orders")
		d.Add("done", r.doneText(), "done")
		var ords []*order
		own := false
		for _, name := range names {
			o := findOrder(name)
			if o == nil || slices.Contains(ords, o) {
				continue
			}
			if err := o.offered(r); err != nil {
				d.Refuse(o.name, o.name, err.Error())
				continue
			}
			own = own || slices.Contains(st.orders, o.name)
			ords = append(ords, o)
			opt := d.Add(o.name, o.text, o.name)
			opt.Args = o.args(r)
			if check := answerChecks[o.name]; check != nil {
				opt.Check = func(a engine.ArgValues) error { return check(r, a) }
			}
			if slices.Contains(anytime, o.name) && !slices.Contains(st.orders, o.name) {
				opt.Brief = "at any step" // listed on one line at the prompt
			}
		}
		if n == 0 && !own && r.Contact == nil {
			return false
		}
		i := c.Decide(d, func(d *engine.Decision) { d.Prompt = r.ordersPrompt(st) })
		switch {
		case i > 0:
			ords[i-1].run(r, c, d.Args())
		case r.Contact != nil:
			r.contactDone(c)
		default:
			return true
		}
	}
}

// ordersPrompt is the question of the step's orders, in the players' words.
func (r *Rules) ordersPrompt(st *step) string {
	k := r.Contact
	switch {
	case k == nil:
		return fmt.Sprintf("Turn %d, %s: what do the players report? Their orders, then done.", r.Turn, st.sec)
	case k.HuffDuff:
		return fmt.Sprintf("Turn %d, %s in %s, Huff-Duff (8.3): which surfaced U-boats do un-flown Huff-Duff aircraft detect and attack? Then done.", r.Turn, k.Play, k.Area)
	}
	more := "moves (`at UNIT SQUARE`) and detections"
	if k.TSL() {
		more = "moves (`at UNIT SQUARE`), detections and attacks on detected targets"
	}
	return fmt.Sprintf("Turn %d, %s in %s, round %d, %s first: the %s, then done.", r.Turn, k.Play, k.Area, k.Round, sideWord(k.First), more)
}

func (r *Rules) doneText() string {
	k := r.Contact
	switch {
	case k == nil:
		return "this step is done"
	case k.HuffDuff:
		return "the Huff-Duff aircraft are done: roll who moves first"
	case k.TSL():
		return "the round is done: another round while opposing units are on the grid"
	}
	return "the round is done: units sharing a square go to a TSL box"
}

func sideWord(side string) string {
	if side == Axis {
		return "Axis"
	}
	return "Allied"
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

// argsFactors: a boat whose factors the roster lacks, and the two
// factors (checkFactors holds them against the roster).
func argsFactors(r *Rules) []engine.Arg {
	a := boatArgs()(r)
	a[0].Check = func(v gamelog.Value) error {
		if b := r.Boat(v.S); b.MSF != 0 && b.Sunk != 0 {
			return fmt.Errorf("%s's factors are already on the roster (Must Surface %d, Sunk %d)", b.ID, b.MSF, b.Sunk)
		}
		return nil
	}
	return append(a, engine.IntArg("msf", 1, 9, ""), engine.IntArg("sunk", 1, 9, ""))
}

// checkFactors: a factor the roster knows is not typed over (21.5.1 names
// the boats of Must Surface factor 2; a player's roster overlay gives the
// rest): a typed factor that differs is refused, not silently dropped.
func checkFactors(r *Rules, a engine.ArgValues) error {
	b := r.Boat(a.Str("boat"))
	switch {
	case b.MSF != 0 && a.Int("msf") != b.MSF:
		return fmt.Errorf("%s's Must Surface factor is %d on the roster%s: type `factors %s %d SUNK`", b.ID, b.MSF, msfSource(b), b.ID, b.MSF)
	case b.Sunk != 0 && a.Int("sunk") != b.Sunk:
		return fmt.Errorf("%s's Sunk factor is %d on the roster: type `factors %s MSF %d`", b.ID, b.Sunk, b.ID, b.Sunk)
	}
	return nil
}

// msfSource says where the roster's Must Surface factor comes from.
func msfSource(b *Boat) string {
	if b.MSF == 2 && slices.Contains(msf2Boats, b.ID) {
		return " (21.5.1 names it among the boats of factor 2)"
	}
	return ""
}

// msf2Boats are the boats 21.5.1's note gives a Must Surface factor of 2.
var msf2Boats = []string{"MILCH-COW", "U-504", "U-564", "U-578", "U-653", "U-701"}

func doFactors(r *Rules, c *engine.Ctx, a engine.ArgValues) {
	b := r.Boat(a.Str("boat"))
	b.MSF = a.Int("msf")
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

func doBoat(r *Rules, c *engine.Ctx, a engine.ArgValues) {
	b := r.Boat(a.Str("boat"))
	if b == nil {
		b = &Boat{ID: a.Str("boat"), Title: a.Str("boat"), Group: "base", Status: Absent}
		r.Boats = append(r.Boats, b)
	}
	r.enter(c, b, a.Str("area"), "base game")
}

func doSink(r *Rules, c *engine.Ctx, a engine.ArgValues) {
	r.destroy(c, r.Boat(a.Str("boat")), "a base-game result")
}

func doConvoys(r *Rules, c *engine.Ctx, a engine.ArgValues) {
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

func doSurface(r *Rules, c *engine.Ctx, a engine.ArgValues) {
	b := r.Boat(a.Str("boat"))
	b.Surfaced = true
	c.Emit(EvBoat, gamelog.Str("boat", b.ID), gamelog.Str("what", "surfaced"))
}

func doSubmerge(r *Rules, c *engine.Ctx, a engine.ArgValues) {
	b := r.Boat(a.Str("boat"))
	b.Surfaced = false
	c.Emit(EvBoat, gamelog.Str("boat", b.ID), gamelog.Str("what", "submerged"))
}

func argsMove(r *Rules) []engine.Arg {
	a := boatArgs(inPlay, frogmenHold)(r)
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

func doMove(r *Rules, c *engine.Ctx, a engine.ArgValues) {
	b := r.Boat(a.Str("boat"))
	b.Area = a.Str("area")
	r.moved = append(r.moved, b.ID)
	f := []gamelog.Field{gamelog.Str("boat", b.ID), gamelog.Str("what", "area"), gamelog.Str("area", b.Area)}
	if b.Damage >= r.surfaceAt {
		f = append(f, gamelog.Int("mp", 1))
	}
	c.Emit(EvBoat, f...)
}

// doDetected: a U-boat's detection is the roster's; an Allied unit's, in
// OSL/TSL play, the contact's (the Axis player detected it).
func doDetected(r *Rules, c *engine.Ctx, a engine.ArgValues) {
	yes := a.Yes("detected")
	w := "undetected"
	if yes {
		w = "detected"
	}
	if b := r.Boat(a.Str("unit")); b != nil {
		b.Detected = yes
		c.Emit(EvBoat, gamelog.Str("boat", b.ID), gamelog.Str("what", w))
		return
	}
	u := r.contactUnit(a.Str("unit"))
	u.Detected = yes
	c.Emit(EvSquare, gamelog.Str("unit", u.ID), gamelog.Str("side", u.Side), gamelog.Str("square", u.Square), gamelog.Str("detected", yes2(yes)))
}

func yes2(b bool) string {
	if b {
		return "yes"
	}
	return "no"
}

func doFuel(r *Rules, c *engine.Ctx, a engine.ArgValues) {
	b := r.Boat(a.Str("boat"))
	b.FuelUsed++
	c.Emit(EvBoat, gamelog.Str("boat", b.ID), gamelog.Str("what", "fuel"), gamelog.Int("left", b.Fuel-b.FuelUsed))
}

func doRefuel(r *Rules, c *engine.Ctx, a engine.ArgValues) {
	b := r.Boat(a.Str("boat"))
	b.FuelUsed = max(0, b.FuelUsed-a.Int("boxes"))
	c.Emit(EvBoat, gamelog.Str("boat", b.ID), gamelog.Str("what", "fuel"), gamelog.Int("left", b.Fuel-b.FuelUsed))
}

// argsTorpedo: a U-boat on the TSL grid with torpedoes left, and an
// Allied unit on the grid (checkTorpedo: in its square, detected; 5.5).
func argsTorpedo(r *Rules) []engine.Arg {
	a := boatArgs(inPlay, hasTorpedo)(r)
	check := a[0].Check
	a[0].Check = func(v gamelog.Value) error {
		if err := check(v); err != nil {
			return err
		}
		if r.contactUnit(v.S) == nil {
			return fmt.Errorf("%s is not on the %s grid in %s", v.S, r.Contact.Play, r.Contact.Area)
		}
		return nil
	}
	t := engine.TextArg("target")
	t.Text = "the Allied unit attacked"
	t.Check = func(v gamelog.Value) error {
		if u := r.contactUnit(v.S); u == nil || u.Side != Allied {
			return fmt.Errorf("%s is not an Allied unit on the %s grid", v.S, r.Contact.Play)
		}
		return nil
	}
	return append(a, t)
}

// checkTorpedo: combat occurs when opposing units share a square at the
// end of a move, and only on a target the attacker detected (5.5).
func checkTorpedo(r *Rules, a engine.ArgValues) error {
	b, u := r.contactUnit(a.Str("boat")), r.contactUnit(a.Str("target"))
	switch {
	case u.Square != b.Square:
		return fmt.Errorf("5.5: combat occurs when opposing units are in the same square at the end of a move: %s is in %s, %s in %s", b.ID, b.Square, u.ID, u.Square)
	case !u.Detected:
		return fmt.Errorf("5.5: combat only if the attacking player has detected a target unit: %s is undetected (`detected %s yes` first)", u.ID, u.ID)
	}
	return nil
}

func doTorpedo(r *Rules, c *engine.Ctx, a engine.ArgValues) {
	b := r.Boat(a.Str("boat"))
	b.TorpUsed++
	c.Emit(EvBoat, gamelog.Str("boat", b.ID), gamelog.Str("what", "torpedo"), gamelog.Int("left", b.Torpedoes-b.TorpUsed), gamelog.Str("target", r.contactUnit(a.Str("target")).ID))
}

func doFlown(r *Rules, c *engine.Ctx, a engine.ArgValues) {
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
