package paukenschlag

import (
	"errors"
	"fmt"
	"slices"

	"github.com/schnell-wargames/schnell/engine"
	"github.com/schnell-wargames/schnell/gamelog"
)

// When an order may be given, and the checks of its arguments: each
// refuses with the rule's reason (the order table in orders.go names
// them).

// When an order may be given: each refuses with the rule's reason.

func always(*Rules) error { return nil }

// anyBoat reports whether a boat of the roster on the map passes ok.
func (r *Rules) anyBoat(ok func(b *Boat) bool) bool {
	return slices.ContainsFunc(r.Boats, func(b *Boat) bool { return b.Status == InPlay && ok(b) })
}

func anyInPlay(r *Rules) error {
	if !r.anyBoat(func(*Boat) bool { return true }) {
		return errors.New("no U-boat of the roster is on the map (`boat ID AREA` puts a base-game boat in play)")
	}
	return nil
}

// inContact refuses what waits for the end of the OSL/TSL play.
func (r *Rules) inContact() error {
	if k := r.Contact; k != nil {
		return fmt.Errorf("5.5: finish the %s play in %s first (`done` ends each round)", k.Play, k.Area)
	}
	return nil
}

func offerBoats(r *Rules) error {
	if err := r.inContact(); err != nil {
		return err
	}
	return anyInPlay(r)
}

func offerExit(r *Rules) error { return offerBoats(r) }

// offerStatus: 5.4, a U-boat's status at the start of its movement; 5.5,
// the same at the start of OSL play, then at the start of each move on
// the grid.
func offerStatus(r *Rules) error {
	if k := r.Contact; k != nil && k.HuffDuff {
		return fmt.Errorf("5.5: a U-boat keeps the status it had in the zone until its first move on the grid; the Huff-Duff aircraft come first (`done` rolls who moves first)")
	}
	return anyInPlay(r)
}

// statusNow: a U-boat changes its status at the start of its movement,
// not the end (5.4, 5.5).
func statusNow(r *Rules, b *Boat) error {
	if k := r.Contact; k != nil {
		u := r.contactUnit(b.ID)
		switch {
		case u == nil:
			return fmt.Errorf("%s is not on the %s grid in %s", b.ID, k.Play, k.Area)
		case u.Moved:
			return fmt.Errorf("5.5: a U-boat changes its status at the start of its movement, not the end: %s has moved this round (to %s)", b.ID, u.Square)
		}
		return nil
	}
	if slices.Contains(r.moved, b.ID) {
		return fmt.Errorf("%s: a U-boat's status is set at the start of its movement, and %s has moved this step", r.Section, b.ID)
	}
	return nil
}

// frogmenHold: the Barbarigo that declared a frogman attack stays
// surfaced in the port's area until the draws (21.2.1; the option
// frogmen-hold=declaration checks only the declaration).
func frogmenHold(r *Rules, b *Boat) error {
	if b.Italian() && len(r.Frogs) > 0 && !r.frogFree {
		return fmt.Errorf("21.2.1: the Barbarigo declared a frogman attack on %s: it stays surfaced in that area until the attack is resolved, after the OSL/TSL play", r.Frogs[0].Area)
	}
	return nil
}

func offerMove(r *Rules) error {
	if err := offerBoats(r); err != nil {
		return err
	}
	if r.Section == "5.6" && !r.anyBoat(func(b *Boat) bool { return b.Surfaced }) {
		return errors.New("5.6: only surfaced U-boats move in the German U-boat Movement Phase, and none is surfaced")
	}
	return nil
}

func offerDetected(r *Rules) error {
	if k := r.Contact; k != nil {
		return nil
	}
	return anyInPlay(r)
}

// argsDetected: a U-boat of the roster on the map, or in OSL/TSL play any
// unit on the grid (an Allied unit: detected by the Axis player, 8.1).
// Huff-Duff aircraft detect surfaced U-boats only (8.3).
func argsDetected(r *Rules) []engine.Arg {
	a := engine.TextArg("unit")
	a.Text = "a U-boat, or in OSL/TSL play any unit on the grid"
	a.Check = func(v gamelog.Value) error {
		k := r.Contact
		b := r.Boat(v.S)
		switch {
		case k == nil && b == nil:
			return fmt.Errorf("%s is not a U-boat of the roster: the program follows the detection of Allied units only in OSL/TSL play", v.S)
		case k == nil:
			return inPlay(r, b)
		case r.contactUnit(v.S) == nil:
			return fmt.Errorf("%s is not on the %s grid in %s", v.S, k.Play, k.Area)
		case k.HuffDuff && (b == nil || !b.Surfaced):
			return fmt.Errorf("8.3: Huff-Duff aircraft detect surfaced U-boats, and %s is not one", v.S)
		}
		return nil
	}
	return []engine.Arg{a, engine.YesArg("detected")}
}

// offerTSLCombat: combat on the grid is TSL play's, after the first-mover
// roll (5.5).
func offerTSLCombat(r *Rules) error {
	k := r.Contact
	switch {
	case k == nil:
		return errors.New("5.5: a U-boat attacks in TSL play, a detected target in its square: `contact AREA UNITS` first")
	case !k.TSL():
		return errors.New("5.5: no combat on the OSL grid: opposing units that end in one square go to a TSL box (`done` ends the round)")
	case k.HuffDuff:
		return errors.New("5.5: the Huff-Duff aircraft come before the moves: `done` rolls who moves first")
	}
	return nil
}

// offerTorpedo: a torpedo attack in TSL play, by a U-boat that carries
// torpedoes (not the Barbarigo with frogmen, 21.2.1).
func offerTorpedo(r *Rules) error {
	if !r.anyBoat(func(b *Boat) bool { return hasTorpedo(r, b) == nil }) {
		for _, b := range r.Boats {
			if b.Status == InPlay {
				return hasTorpedo(r, b) // why the first cannot
			}
		}
		return anyInPlay(r)
	}
	return offerTSLCombat(r)
}

// offerASW: where an ASW attack on a U-boat is made: 5.3 and 5.6 by air
// on a surfaced U-boat, 5.5 by Huff-Duff aircraft or in TSL play.
func offerASW(r *Rules) error {
	if err := damageInPlay(r, nil); err != nil {
		return err
	}
	if k := r.Contact; k != nil {
		if k.HuffDuff {
			return nil
		}
		return offerTSLCombat(r)
	}
	switch r.Section {
	case "5.4", "5.5":
		return errors.New("5.5: combat on the sea comes in TSL play, or from Huff-Duff aircraft at the start of OSL or TSL play: `contact AREA UNITS` first")
	case "5.3", "5.6":
		if !r.anyBoat(func(b *Boat) bool { return b.Surfaced }) {
			return fmt.Errorf("%s: air units attack surfaced U-boats, and none is on the map", r.Section)
		}
	}
	return nil
}

// aswTarget: the boat an ASW attack may hit here.
func aswTarget(r *Rules, b *Boat) error {
	k := r.Contact
	switch {
	case k != nil && k.HuffDuff:
		if r.contactUnit(b.ID) == nil || !b.Surfaced || !b.Detected {
			return fmt.Errorf("8.3: a Huff-Duff aircraft attacks only a surfaced U-boat on the grid that it detected: %s (`detected %s yes` first)", b.ID, b.ID)
		}
	case k != nil:
		return tslTarget(r, b)
	case r.Section == "5.3" && !b.Surfaced:
		return fmt.Errorf("5.3: an air unit declares an ASW attack against a surfaced U-boat, and %s is submerged", b.ID)
	case r.Section == "5.6" && (!b.Surfaced || !b.Detected):
		return fmt.Errorf("5.6: air units attack a surfaced U-boat they detected: %s is %s", b.ID, seenAs(b))
	}
	return nil
}

func seenAs(b *Boat) string {
	s := "submerged"
	if b.Surfaced {
		s = "surfaced"
	}
	if b.Detected {
		return s + " and detected"
	}
	return s + " and undetected"
}

// tslTarget: in TSL play combat occurs when opposing units share a square
// at the end of a move, and only if the attacker detected the target (5.5).
func tslTarget(r *Rules, b *Boat) error {
	k := r.Contact
	u := r.contactUnit(b.ID)
	switch {
	case u == nil:
		return fmt.Errorf("%s is not on the %s grid in %s", b.ID, k.Play, k.Area)
	case !b.Detected:
		return fmt.Errorf("5.5: combat only if the attacking player has detected the target: %s is undetected (`detected %s yes` first)", b.ID, b.ID)
	case r.sharing(u) == nil:
		return fmt.Errorf("5.5: combat occurs when opposing units are in the same square at the end of a move: no Allied unit is in %s with %s", u.Square, b.ID)
	}
	return nil
}

func offerGunfire(r *Rules) error {
	if err := damageInPlay(r, nil); err != nil {
		return err
	}
	return offerTSLCombat(r)
}

func offerContact(r *Rules) error {
	if k := r.Contact; k != nil {
		return fmt.Errorf("5.5: the %s play in %s is under way: finish it first (`done` ends each round)", k.Play, k.Area)
	}
	if err := anyInPlay(r); err != nil {
		return fmt.Errorf("5.5: OSL play needs a U-boat of the roster on the map (`boat ID AREA` puts a base-game boat in play)")
	}
	return nil
}

func offerMoves(r *Rules) error {
	k := r.Contact
	switch {
	case k == nil:
		return errors.New("5.5: no OSL/TSL play is under way: `contact AREA UNITS` first")
	case k.HuffDuff:
		return errors.New("5.5: the Huff-Duff aircraft come before the moves: `done` rolls who moves first")
	}
	return nil
}

func offerFrogman(r *Rules) error {
	if err := r.inContact(); err != nil {
		return err
	}
	return r.canDeclareFrogman()
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
