package paukenschlag

import (
	"errors"

	"github.com/schnell-wargames/schnell/engine"
	"github.com/schnell-wargames/schnell/gamelog"
)

// --- 21.5 U-boat damage ---

func argsASW(r *Rules) []engine.Arg {
	a := boatArgs(damageInPlay, inPlay, knownMSF, aswTarget)(r)
	res := engine.IntArg("result", 0, 20, "")
	res.Text = "the ASW Table's numbered result (0: roll your loaded ASW table)"
	res.Default = gamelog.IntV(0)
	res.Check = func(v gamelog.Value) error {
		if v.I == 0 && !r.aswLoaded {
			return errors.New("the ASW Table is the base game's: type its result (`asw U-84 6`) or load yours with --tables DIR (DIR/ASW.tbl)")
		}
		return nil
	}
	return append(a, res)
}

// doASW is 21.5.1: a second D10 against the ASW Table's result.
func doASW(r *Rules, c *engine.Ctx, a engine.ArgValues) {
	b := r.Boat(a.Str("boat"))
	result := a.Int("result")
	if result == 0 {
		o := c.Roll("ASW", nil, "ASW attack on "+b.ID)
		v, ok := o.Value("result")
		if !ok {
			c.Emit(EvDamage, gamelog.Str("boat", b.ID), gamelog.Str("sec", "21.5.1"), gamelog.Str("result", "no effect"), gamelog.Str("why", "your ASW table gives no numbered result"))
			return
		}
		result = v
	}
	dr, _ := c.RollDice(d10, "asw2-"+b.ID)
	pts, sunk := r.aswDamage(b.MSF, result, dr)
	f := []gamelog.Field{gamelog.Str("boat", b.ID), gamelog.Str("sec", "21.5.1"), gamelog.Int("table", result), gamelog.Int("dr", dr)}
	if sunk {
		c.Emit(EvDamage, append(f, gamelog.Str("result", "sunk"))...)
		r.destroy(c, b, "21.5.1")
		return
	}
	r.addDamage(c, b, pts, f)
}

// aswDamage reads 21.5.1: greater than the result sinks; 1 less is 1
// point, 2 less 2 (asw-steps=swapped: the other way round); the Must
// Surface Factor or more less is nothing. A boat of MSF 2 takes 1 point
// on any second DR but 1 (the note, taken literally). Equal to the result:
// the asw-equal option (the text is silent).
func (r *Rules) aswDamage(msf, result, dr int) (pts int, sunk bool) {
	switch {
	case dr > result:
		return 0, true
	case dr == result:
		switch r.aswEqual {
		case "sunk":
			return 0, true
		case "none":
			return 0, false
		case "2":
			return 2, false
		}
		return 1, false
	case msf == 2:
		if dr == 1 {
			return 0, false
		}
		return 1, false
	}
	diff := result - dr
	switch {
	case diff >= msf:
		return 0, false
	case diff == 1 && !r.swapped, diff == 2 && r.swapped:
		return 1, false
	}
	return 2, false // 2 less (or, for a factor above 3, up to it)
}

func argsGunfire(r *Rules) []engine.Arg {
	return boatArgs(damageInPlay, inPlay, knownSunk, tslTarget)(r)
}

// doGunfire is 21.5.2: a second DR against the Sunk and Must Surface
// factors.
func doGunfire(r *Rules, c *engine.Ctx, a engine.ArgValues) {
	b := r.Boat(a.Str("boat"))
	dr, _ := c.RollDice(d10, "surface2-"+b.ID)
	pts, sunk := r.surfaceDamage(b.MSF, b.Sunk, dr)
	f := []gamelog.Field{gamelog.Str("boat", b.ID), gamelog.Str("sec", "21.5.2"), gamelog.Int("dr", dr)}
	if sunk {
		c.Emit(EvDamage, append(f, gamelog.Str("result", "sunk"))...)
		r.destroy(c, b, "21.5.2")
		return
	}
	r.addDamage(c, b, pts, f)
}

// surfaceDamage reads 21.5.2: greater than Sunk destroys; equal to the
// MSF 1 point, above it 2; below it nothing. Equal to Sunk: the
// sunk-equal option (the text is silent).
func (r *Rules) surfaceDamage(msf, sunkF, dr int) (pts int, sunk bool) {
	switch {
	case dr > sunkF:
		return 0, true
	case dr == sunkF && r.sunkEqual == "sunk":
		return 0, true
	case dr < msf:
		return 0, false
	case dr == msf:
		return 1, false
	}
	return 2, false
}

// addDamage checks off damage boxes and applies 21.5.3: at 3 points (the
// surface-at option) the boat surfaces and can no longer submerge, MP 1;
// a boat of Sunk factor 4 that reaches 4 points has a DR check (odd:
// destroyed); 5 points destroy.
func (r *Rules) addDamage(c *engine.Ctx, b *Boat, pts int, f []gamelog.Field) {
	before := b.Damage
	b.Damage = min(5, b.Damage+pts)
	res := "no effect"
	if pts > 0 {
		res = "damaged"
	}
	c.Emit(EvDamage, append(f, gamelog.Str("result", res), gamelog.Int("points", pts), gamelog.Int("damage", b.Damage))...)
	if pts == 0 {
		return
	}
	if before < r.surfaceAt && b.Damage >= r.surfaceAt && b.Damage < 5 {
		b.Surfaced = true
		c.Emit(EvBoat, gamelog.Str("boat", b.ID), gamelog.Str("what", "must surface"), gamelog.Int("mp", 1), gamelog.Str("sec", "21.5.3"))
	}
	switch {
	case b.Damage >= 5:
		c.Emit(EvDamage, gamelog.Str("boat", b.ID), gamelog.Str("sec", "21.5.3"), gamelog.Str("result", "sunk"), gamelog.Str("why", "5 damage points"))
		r.destroy(c, b, "21.5.3")
	case b.Sunk == 4 && before < 4 && b.Damage == 4:
		dr, _ := c.RollDice(d10, "check4-"+b.ID)
		if dr%2 == 1 {
			c.Emit(EvDamage, gamelog.Str("boat", b.ID), gamelog.Str("sec", "21.5.3"), gamelog.Int("dr", dr), gamelog.Str("result", "sunk"), gamelog.Str("why", "odd"))
			r.destroy(c, b, "21.5.3")
		} else {
			c.Emit(EvDamage, gamelog.Str("boat", b.ID), gamelog.Str("sec", "21.5.3"), gamelog.Int("dr", dr), gamelog.Str("result", "stays"), gamelog.Str("why", "even"))
		}
	}
}

func (r *Rules) destroy(c *engine.Ctx, b *Boat, why string) {
	b.Status, b.Surfaced = Destroyed, false
	c.Unschedule(b.ID)
	c.Emit(EvBoat, gamelog.Str("boat", b.ID), gamelog.Str("what", "destroyed"), gamelog.Str("why", why))
}

// doExit is 21.5.3: a damaged U-boat that exits the map rolls to be
// repaired (+1 with 4 points): at most its MSF, it re-enters two turns
// after the one it exited; above, it is out of the game. An undamaged
// boat just leaves.
func doExit(r *Rules, c *engine.Ctx, a engine.ArgValues) {
	b := r.Boat(a.Str("boat"))
	if b.Damage == 0 || !r.In(Damage) {
		b.Status = Exited
		c.Emit(EvBoat, gamelog.Str("boat", b.ID), gamelog.Str("what", "exited"))
		return
	}
	if b.MSF == 0 {
		// Checked when the order is given (exitArgs) when damage is in play.
		c.Fail(errors.New("exit roll without a Must Surface factor"))
	}
	dr, _ := c.RollDice(d10, "repair-"+b.ID)
	mod := 0
	if b.Damage == 4 {
		mod = 1
	}
	f := []gamelog.Field{gamelog.Str("boat", b.ID), gamelog.Str("sec", "21.5.3"), gamelog.Int("dr", dr), gamelog.Int("mod", mod), gamelog.Int("msf", b.MSF)}
	if dr+mod <= b.MSF {
		b.Status, b.ReturnTurn = Repairing, r.Turn+2
		c.Schedule(engine.Due{Turn: b.ReturnTurn, What: b.ID + " re-enters, repaired", Side: Axis, Key: b.ID})
		c.Emit(EvDamage, append(f, gamelog.Str("result", "repaired"), gamelog.Int("turn", b.ReturnTurn))...)
		return
	}
	b.Status = Exited
	c.Emit(EvDamage, append(f, gamelog.Str("result", "out of the game"))...)
}
