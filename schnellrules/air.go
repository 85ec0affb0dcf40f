package schnellrules

import (
	"fmt"
	"slices"
	"strings"

	"github.com/schnell-wargames/schnell/engine"
	"github.com/schnell-wargames/schnell/gamelog"
)

// Aircraft ("Aircraft", Aircraft Weapons): the document gives aircraft
// weapons but no aircraft. With the option aircraft=on the player names
// each aircraft as it attacks (`air AIRCRAFT WEAPON TARGET RANGE_CM`) and
// the program keeps only what the rules need: whom it engaged this turn,
// whether it has shot, and whether AA fire has brought it down.

// Aircraft is an aircraft the player has named in the battle.
type Aircraft struct {
	Name, Side string
	Target     string          // the surface target engaged this turn ("": none yet)
	Shot       bool            // it has shot (rockets or guns) this turn
	Bombed     int             // the phase it last bombed in (one pass a phase)
	Attacked   int             // the phase it last attacked in (AA at the point of attack)
	Down       bool            // brought down by AA fire
	AirTarget  string          // the aircraft its fixed guns engaged this turn ("": none)
	Strafed    map[string]bool // the Gun Data rows it strafed with this turn
	Defended   map[string]bool // the defensive mounts (ROW:N) that fired this turn
}

// airWar is the Aircraft chapter's rules (phases 3 and 6, AA fire, air to
// air gunnery) over the battle's state.
type airWar struct{ *Battle }

// AirWeapon finds an aircraft's weapon: a row of the Aircraft Weapons
// (rockets, bomb50 ... bomb1000) or, for strafing, a row of the Gun Data
// by id (hmg, 20mm, 30mm ...).
func (db *Database) AirWeapon(word string) (*GunRow, bool, error) {
	for _, r := range db.AirWeapons {
		if strings.EqualFold(r.ID, word) {
			return r, true, nil
		}
	}
	for _, r := range db.Guns {
		if strings.EqualFold(r.ID, word) {
			return r, false, nil
		}
	}
	var ids []string
	for _, r := range db.AirWeapons {
		ids = append(ids, r.ID)
	}
	for _, r := range db.Guns {
		ids = append(ids, r.ID)
	}
	return nil, false, fmt.Errorf("no aircraft weapon %q: %s", word, strings.Join(ids, ", "))
}

// isBomb reports whether an Aircraft Weapons row is a bomb (range 0).
func isBomb(r *GunRow) bool { return r.Bands[len(r.Bands)-1].Range == 0 }

// aircraft returns the aircraft named, made for side if new.
func (b airWar) aircraft(name, side string, make bool) (*Aircraft, error) {
	if !validID(name) {
		return nil, fmt.Errorf("aircraft name %q: letters, digits and dashes, at most 16, starting with a letter", name)
	}
	if b.Vessel(name) != nil {
		return nil, fmt.Errorf("%s is a vessel: give the aircraft another name", name)
	}
	for _, a := range b.Air {
		if strings.EqualFold(a.Name, name) {
			if side != "" && a.Side != side {
				return nil, fmt.Errorf("aircraft %s flies for the %s", a.Name, a.Side)
			}
			return a, nil
		}
	}
	if !make {
		return nil, fmt.Errorf("no aircraft %q has attacked: AA fire engages an aircraft that has", name)
	}
	if len(b.Air) >= 64 {
		return nil, fmt.Errorf("a battle has at most 64 aircraft")
	}
	return &Aircraft{Name: name, Side: side}, nil
}

// CheckAirAttack checks an aircraft's attack ("Aircraft"): it is not
// down; it engages one surface target a turn; it shoots (rockets or guns)
// once a turn; a bomb needs range 0 (it passes over) and one pass a phase;
// the range is within the weapon's bands.
func (b airWar) CheckAirAttack(side, name, weapon, target string, cm int) (*Aircraft, *GunRow, *Vessel, Band, error) {
	a, err := b.aircraft(name, side, true)
	if err != nil {
		return nil, nil, nil, 0, err
	}
	t := b.Vessel(target)
	switch {
	case a.Down:
		return nil, nil, nil, 0, fmt.Errorf("aircraft %s is down", a.Name)
	case t == nil || !t.Afloat():
		return nil, nil, nil, 0, fmt.Errorf("no target %q afloat", target)
	case t.Side == side:
		return nil, nil, nil, 0, fmt.Errorf("%s is on the %s side", t.ID, side)
	case a.Target != "" && a.Target != t.ID:
		return nil, nil, nil, 0, fmt.Errorf("aircraft %s has engaged %s this turn: one surface target a turn", a.Name, a.Target)
	case a.AirTarget != "":
		return nil, nil, nil, 0, fmt.Errorf("aircraft %s has engaged aircraft %s this turn: an aircraft engages one air or surface target a turn (Aircraft)", a.Name, a.AirTarget)
	}
	r, bomb, err := b.DB.AirWeapon(weapon)
	if err != nil {
		return nil, nil, nil, 0, err
	}
	bomb = bomb && isBomb(r)
	switch {
	case bomb && cm != 0:
		return nil, nil, nil, 0, fmt.Errorf("%s: a bomb falls on a target the aircraft passes over (range 0)", r.Title)
	case bomb && a.Bombed == b.Phase:
		return nil, nil, nil, 0, fmt.Errorf("aircraft %s has bombed in this phase: one pass a phase", a.Name)
	case !bomb && a.Shot:
		return nil, nil, nil, 0, fmt.Errorf("aircraft %s has shot this turn: it shoots once a turn", a.Name)
	}
	band, ok := r.BandAt(cm)
	if !ok {
		return nil, nil, nil, 0, fmt.Errorf("%dcm is out of range: %s reaches %dcm", cm, r.Title, r.Bands[len(r.Bands)-1].Range)
	}
	return a, r, t, band, nil
}

// airAttack is one aircraft attack: the throw of the gunfire (d20, white
// and red d6) read with the target's modifiers and none of a shooter's
// (those are for Very Small and Small vessels).
func (b airWar) airAttack(c *engine.Ctx, a *Aircraft, r *GunRow, t *Vessel, band Band, cm int) {
	if !b.known(a) {
		b.Air = append(b.Air, a)
	}
	a.Target, a.Attacked = t.ID, b.Phase
	if isBomb(r) && b.DB.isAirRow(r) {
		a.Bombed = b.Phase
	} else {
		a.Shot = true
		if !b.DB.isAirRow(r) {
			if a.Strafed == nil {
				a.Strafed = map[string]bool{}
			}
			a.Strafed[r.ID] = true
		}
	}
	t.Busy = true
	what := a.Name + " " + r.ID + " at " + t.ID
	th := c.Throw(Gunfire, what)
	f := &b.facts
	*f = facts{}
	f.need = r.Bands[band].Score
	f.band = band
	f.targetSpeed = t.Speed
	f.targetSize = t.Class.Size
	f.damageMod = r.DamageMod
	f.sizeMod = t.Class.SizeMod
	o := c.Read("SR-HIT", f.of(), what, th, "hit")
	h, _ := o.Value("hit")
	c.Emit(evAir, gamelog.Str("aircraft", a.Name), gamelog.Str("side", a.Side), gamelog.Str("weapon", r.ID), gamelog.Str("target", t.ID), gamelog.Int("range", cm),
		gamelog.Str("band", band.String()), gamelog.Int("need", f.need), gamelog.Int("natural", o.Natural), gamelog.Int("mods", o.Mod+f.need), gamelog.Bool("hit", h == 1))
	if h != 1 {
		return
	}
	d := c.Read("SR-DMG", f.of(), "damage to "+t.ID, th, "white")
	l, _ := d.Value("level")
	fire := false
	if b.Opt.Fire {
		fire = c.Read("SR-FIRE", f.of(), "fire on "+t.ID, th, "red").Sets("fire")
	}
	b.pending = append(b.pending, hit{target: t, level: Level(l), dm: r.DamageMod, fire: fire, what: what})
}

func (b airWar) known(a *Aircraft) bool {
	for _, x := range b.Air {
		if x == a {
			return true
		}
	}
	return false
}

func (db *Database) isAirRow(r *GunRow) bool {
	for _, x := range db.AirWeapons {
		if x == r {
			return true
		}
	}
	return false
}

// CheckAA checks AA fire ("Aircraft"): an own gun afloat, not lost, not
// fired this turn, not marked * (no AA), at an enemy aircraft not down
// within the gun's Medium range; in an air phase only at an aircraft that
// attacked in that phase (at the point of its attack).
func (b airWar) CheckAA(shooter, weapon, name string, cm int) (*Vessel, *Gun, *Aircraft, Band, error) {
	v := b.Vessel(shooter)
	if v == nil || !v.Afloat() {
		return nil, nil, nil, 0, fmt.Errorf("no vessel %q afloat to fire", shooter)
	}
	if b.acting != "" && v.Side != b.acting {
		return nil, nil, nil, 0, fmt.Errorf("%s is %s: now %s fire", v.ID, v.Side, b.acting)
	}
	a, err := b.aircraft(name, other(v.Side), false)
	if err != nil {
		return nil, nil, nil, 0, err
	}
	switch {
	case a.Down:
		return nil, nil, nil, 0, fmt.Errorf("aircraft %s is down", a.Name)
	case (b.Phase == PhaseAir1 || b.Phase == PhaseAir2) && a.Attacked != b.Phase:
		return nil, nil, nil, 0, fmt.Errorf("aircraft %s has not attacked in this phase: engage it when it attacks, or in phase 7", a.Name)
	}
	g, err := v.Gun(weapon)
	if err != nil {
		return nil, nil, nil, 0, err
	}
	switch {
	case g.Lost:
		return nil, nil, nil, 0, fmt.Errorf("%s's %s is knocked out", v.ID, g.Name)
	case g.Fired:
		return nil, nil, nil, 0, fmt.Errorf("%s's %s has fired this turn: each gun fires once a turn", v.ID, g.Name)
	case !g.AA:
		return nil, nil, nil, 0, fmt.Errorf("%s's %s (*) cannot fire at aircraft", v.ID, g.Name)
	}
	band, ok := g.Row.BandAt(cm)
	if !ok || band > MediumRange {
		return nil, nil, nil, 0, fmt.Errorf("%dcm is out of AA range: %s fires at aircraft out to its Medium range, %dcm", cm, g.Name, g.Row.Bands[MediumRange].Range)
	}
	return v, g, a, band, nil
}

// aaFire is one gun's AA fire: the score of surface fire at the band,
// the shooter's modifiers, no target's (an aircraft has no size or speed
// level); a hit brings the aircraft down when the phase ends.
func (b airWar) aaFire(c *engine.Ctx, v *Vessel, g *Gun, a *Aircraft, band Band, cm int) {
	g.Fired = true
	v.Busy = true
	what := v.ID + " " + g.Name + " at aircraft " + a.Name
	th := c.Throw(Gunfire, what)
	f := b.gunFacts(v, g, v, band)
	f.targetSpeed = MediumSpeed
	f.targetSize = Medium
	o := c.Read("SR-HIT", f.of(), what, th, "hit")
	h, _ := o.Value("hit")
	c.Emit(evAA, gamelog.Str("shooter", v.ID), gamelog.Str("weapon", g.Name), gamelog.Str("aircraft", a.Name), gamelog.Int("range", cm),
		gamelog.Str("band", band.String()), gamelog.Int("need", f.need), gamelog.Int("natural", o.Natural), gamelog.Int("mods", o.Mod+f.need), gamelog.Bool("hit", h == 1))
	if h == 1 {
		b.downs = append(b.downs, a)
	}
}

// applyDowns brings down the aircraft hit in the phase.
func (b airWar) applyDowns(c *engine.Ctx) {
	for _, a := range b.downs {
		if !a.Down {
			a.Down = true
			c.Emit(evAA, gamelog.Str("aircraft", a.Name), gamelog.Str("state", "down"))
		}
	}
	b.downs = b.downs[:0]
}

// air is phase 3 or 6 with aircraft=on: each side's aircraft attack,
// then each side's guns may engage the aircraft that attacked (a side is
// asked only if an enemy aircraft attacked in the phase); the phase's hits
// apply when it ends (as in the gunfire phase).
func (b airWar) air(c *engine.Ctx) {
	b.pending = b.pending[:0]
	for _, round := range []string{"air", "aa"} {
		for _, side := range b.order() {
			if round == "aa" && !slices.ContainsFunc(b.Air, func(a *Aircraft) bool { return a.Side != side && a.Attacked == b.Phase && !a.Down }) {
				continue // no aircraft attacked this side: no AA to fire
			}
			b.acting = side
			for {
				d := c.Ask(round)
				d.Side = side
				if round == "air" {
					d.Prompt = sideName(side) + " aircraft (phase " + phaseNames[b.Phase][:1] + "): air for each attack, then done"
					o := d.Add("air", "an aircraft attacks (a bomb: range 0)", "air")
					o.Args = []engine.Arg{engine.TextArg("aircraft"), engine.TextArg("weapon"), engine.IDArg("target", b.ids(other(side))...), engine.IntArg("range", 0, 500, "cm")}
					o.Check = func(a engine.ArgValues) error {
						_, _, _, _, err := b.CheckAirAttack(side, a.Str("aircraft"), a.Str("weapon"), a.Str("target"), a.Int("range"))
						return err
					}
				} else {
					d.Prompt = sideName(side) + " AA at the aircraft that attacked: aa for each gun, then done"
					o := d.Add("aa", "a gun fires at an attacking aircraft", "aa")
					o.Args = []engine.Arg{engine.IDArg("vessel", b.ids(side)...), engine.TextArg("weapon"), engine.TextArg("aircraft"), engine.IntArg("range", 0, 500, "cm")}
					o.Check = func(a engine.ArgValues) error {
						_, _, _, _, err := b.CheckAA(a.Str("vessel"), a.Str("weapon"), a.Str("aircraft"), a.Int("range"))
						return err
					}
				}
				d.Add("done", "no more", "done")
				d.Default = 1
				if c.Decide(d) == 1 {
					break
				}
				a := d.Args()
				if round == "air" {
					ac, r, t, band, _ := b.CheckAirAttack(side, a.Str("aircraft"), a.Str("weapon"), a.Str("target"), a.Int("range"))
					b.airAttack(c, ac, r, t, band, a.Int("range"))
					continue
				}
				v, g, ac, band, _ := b.CheckAA(a.Str("vessel"), a.Str("weapon"), a.Str("aircraft"), a.Int("range"))
				b.aaFire(c, v, g, ac, band, a.Int("range"))
			}
		}
	}
	b.acting = ""
	b.applyPending(c)
	b.applyDowns(c)
}

// airPhase plays an air phase when aircraft are on.
func (b airWar) airPhase(c *engine.Ctx) {
	if b.Opt.Aircraft {
		b.air(c)
	}
}
