package schnellrules

import (
	"fmt"
	"slices"
	"strings"

	"github.com/schnell-wargames/schnell/dice"
	"github.com/schnell-wargames/schnell/engine"
	"github.com/schnell-wargames/schnell/gamelog"
	"github.com/schnell-wargames/schnell/sea"
)

// Gunfire is the Gunfire section's one throw: a d20 to hit, a white d6 for
// damage and a red d6 for fire.
var Gunfire = dice.MustThrow("1d20 hit, 1d6 white, 1d6 red")

// hit is a gun hit waiting for the end of the gunfire phase.
type hit struct {
	target *Vessel
	level  Level
	dm     int
	fire   bool
	what   string
}

// Gun finds a gun of v by word: WEAPON:N (the N-th of that weapon), or
// WEAPON alone (the first of that weapon that may still fire). An inch
// mark stands for "in", as the document writes the guns: 4"HA is 4inHA.
func (v *Vessel) Gun(word string) (*Gun, error) {
	word = strings.ReplaceAll(word, `"`, "in")
	name, num, numbered := strings.Cut(word, ":")
	var first *Gun
	var names []string
	for i := range v.Guns {
		g := &v.Guns[i]
		names = append(names, g.Name)
		if !strings.EqualFold(g.Weapon, name) {
			continue
		}
		if numbered {
			if strings.EqualFold(g.Name, word) {
				return g, nil
			}
			continue
		}
		if first == nil || (first.Lost || first.Fired) && !g.Lost && !g.Fired {
			first = g
		}
	}
	if first != nil {
		return first, nil
	}
	_ = num
	if len(names) == 0 {
		return nil, fmt.Errorf("%s has no guns", v.ID)
	}
	return nil, fmt.Errorf("%s has no gun %q: its guns are %s", v.ID, word, strings.Join(names, ", "))
}

// CheckFire checks a gunfire order ("Gunfire, Rockets and Bombs"): the
// shooter's side acts, the gun is there, not lost, has not fired this
// turn; the target is an enemy afloat that the side has spotted; the
// range is within the gun's longest band.
func (b *Battle) CheckFire(shooter, weapon, target string, cm int) (*Vessel, *Gun, *Vessel, Band, error) {
	v, t := b.Vessel(shooter), b.Vessel(target)
	switch {
	case v == nil || !v.Afloat():
		return nil, nil, nil, 0, fmt.Errorf("no vessel %q afloat to fire", shooter)
	case b.acting != "" && v.Side != b.acting:
		return nil, nil, nil, 0, fmt.Errorf("%s is %s: now %s fire", v.ID, v.Side, b.acting)
	case t == nil || !t.Afloat():
		return nil, nil, nil, 0, fmt.Errorf("no target %q afloat", target)
	case t.Side == v.Side:
		return nil, nil, nil, 0, fmt.Errorf("%s is on %s's side", t.ID, v.ID)
	case !t.Seen[sideIndex(v.Side)]:
		return nil, nil, nil, 0, fmt.Errorf("%s has not been spotted by the %s this turn (spot it in phase 1)", t.ID, v.Side)
	}
	g, err := v.Gun(weapon)
	if err != nil {
		return nil, nil, nil, 0, err
	}
	if g.Lost {
		return nil, nil, nil, 0, fmt.Errorf("%s's %s is knocked out", v.ID, g.Name)
	}
	if g.Fired {
		return nil, nil, nil, 0, fmt.Errorf("%s's %s has fired this turn: each gun fires once a turn", v.ID, g.Name)
	}
	band, ok := g.Row.BandAt(cm)
	if !ok {
		return nil, nil, nil, 0, fmt.Errorf("%dcm is out of range: %s (%s) reaches %dcm", cm, g.Name, g.Row.Title, g.Row.Bands[len(g.Row.Bands)-1].Range)
	}
	if v.Place != nil && !Bears(g.Arcs, v.Place.At, t.Place.At.Centre) {
		return nil, nil, nil, 0, fmt.Errorf("%s's %s (arcs %s) does not bear on %s: it is %s", v.ID, g.Name, g.Arcs, t.ID, offBow(v.Place.At, t.Place.At.Centre))
	}
	return v, g, t, band, nil
}

// gunFacts sets the facts of a shot.
func (b *Battle) gunFacts(v *Vessel, g *Gun, t *Vessel, band Band) *facts {
	f := &b.facts
	*f = facts{}
	f.need = g.Row.Bands[band].Score
	f.band = band
	f.targetSpeed = t.Speed
	f.targetSize = t.Class.Size
	f.shooterSpeed = v.Speed
	f.shooterSmall = v.Class.Small()
	f.stationaryPlus = b.Opt.StationaryPlus
	f.damageMod = g.Row.DamageMod
	f.sizeMod = t.Class.SizeMod
	return f
}

// guns is phase 7: fires burn, then each side that can gives its fire
// orders; fire is simultaneous, so the phase's hits apply when it ends.
func (b *Battle) guns(c *engine.Ctx) {
	if b.Opt.Fire {
		b.burn(c)
	}
	b.pending = b.pending[:0]
	for _, sc := range commandOrder(b) {
		side, cmd := sc[0], sc[1]
		if !b.mayFire(cmd) {
			continue // no gun has a target, nothing to light: nothing to ask
		}
		b.acting = side
		for {
			d := c.Ask("guns")
			d.Prompt = sideName(side) + " gunfire (phase 7): fire each gun, then done"
			if cmd != side {
				d.Prompt = strings.Join(b.idsOf(cmd), ", ") + " gunfire (phase 7): fire each gun, then done"
			}
			d.Side = cmd
			o := d.Add("fire", "a gun fires", "fire")
			o.Args = append([]engine.Arg{engine.IDArg("shooter", b.idsOf(cmd)...), engine.TextArg("weapon"), engine.IDArg("target", b.ids(other(side))...)}, rangeArg(b)...)
			o.Check = func(a engine.ArgValues) error {
				_, _, _, _, err := b.CheckFire(a.Str("shooter"), a.Str("weapon"), a.Str("target"), measure(b, a, "shooter", "target"))
				return err
			}
			if b.Opt.Starshells {
				for _, kind := range []string{"starshell", "flare"} {
					o := d.Add(kind, "fire a "+kind+" at a point at the range measured", kind)
					o.Args = []engine.Arg{engine.IDArg("vessel", b.ids(side)...), engine.IntArg("range", 1, 500, "cm")}
					if b.Table != nil {
						o.Args = append(o.Args, engine.IntArg("bearing", 0, 359, "degrees"))
					}
					flare := kind == "flare"
					o.Check = func(a engine.ArgValues) error {
						_, _, err := b.CheckIllumination(a.Str("vessel"), flare, a.Int("range"))
						return err
					}
				}
			}
			if b.Opt.Aircraft {
				o := d.Add("aa", "a gun fires at an aircraft at the range measured", "aa")
				o.Args = []engine.Arg{engine.IDArg("vessel", b.ids(side)...), engine.TextArg("weapon"), engine.TextArg("aircraft"), engine.IntArg("range", 0, 500, "cm")}
				o.Check = func(a engine.ArgValues) error {
					_, _, _, _, err := airWar{b}.CheckAA(a.Str("vessel"), a.Str("weapon"), a.Str("aircraft"), a.Int("range"))
					return err
				}
				o = d.Add("airfire", "an aircraft fires at an enemy aircraft (air to air gunnery)", "airfire")
				mount := engine.IDArg("mount", mountWords...)
				mount.Default = gamelog.StrV(mountFixed)
				o.Args = []engine.Arg{engine.TextArg("aircraft"), engine.TextArg("weapon"), engine.TextArg("target"), engine.IntArg("range", 0, 500, "cm"), mount}
				o.Check = func(a engine.ArgValues) error {
					_, _, _, _, _, err := airWar{b}.CheckAirFire(side, a.Str("aircraft"), a.Str("weapon"), a.Str("target"), a.Int("range"), a.Str("mount"))
					return err
				}
			}
			if !b.Opt.Starshells {
				d.Refuse("starshell", "", "starshells and flares are an optional rule, off in this battle (a new battle takes it: `new starshells=on`)")
				d.Refuse("flare", "", "starshells and flares are an optional rule, off in this battle (a new battle takes it: `new starshells=on`)")
			}
			if !b.Opt.Aircraft {
				d.Refuse("aa", "", "aircraft are an option, off in this battle (a new battle takes it: `new aircraft=on`)")
				d.Refuse("airfire", "", "aircraft are an option, off in this battle (a new battle takes it: `new aircraft=on`)")
			}
			d.Add("done", "no more gunfire", "done")
			d.Default = len(d.Options) - 1
			if nothingBears(b, cmd, false) {
				d.SetStanding(d.Default)
			}
			i := c.Decide(d)
			a := d.Args()
			switch d.Options[i].Name {
			case "fire":
				cm := measure(b, a, "shooter", "target")
				v, g, t, band, _ := b.CheckFire(a.Str("shooter"), a.Str("weapon"), a.Str("target"), cm)
				b.shoot(c, v, g, t, band, cm)
				continue
			case "starshell", "flare":
				flare := d.Options[i].Name == "flare"
				v, g, _ := b.CheckIllumination(a.Str("vessel"), flare, a.Int("range"))
				bearing := 0
				if b.Table != nil {
					bearing = a.Int("bearing")
				}
				b.illuminate(c, v, g, flare, a.Int("range"), bearing)
				continue
			case "aa":
				v, g, ac, band, _ := airWar{b}.CheckAA(a.Str("vessel"), a.Str("weapon"), a.Str("aircraft"), a.Int("range"))
				airWar{b}.aaFire(c, v, g, ac, band, a.Int("range"))
				continue
			case "airfire":
				ac, r, key, t, band, _ := airWar{b}.CheckAirFire(side, a.Str("aircraft"), a.Str("weapon"), a.Str("target"), a.Int("range"), a.Str("mount"))
				airWar{b}.airFire(c, ac, r, key, t, band, a.Int("range"), a.Str("mount"))
				continue
			}
			break
		}
	}
	b.acting = ""
	b.applyPending(c)
	airWar{b}.applyDowns(c)
}

// mayFire reports whether side has an order to give in phase 7: a gun
// free to fire and an enemy afloat it has seen; a starshell or a flare to
// fire; aircraft in play.
func (b *Battle) mayFire(cmd string) bool {
	if b.Opt.Aircraft {
		return true
	}
	side := b.sideOf(cmd)
	seen := slices.ContainsFunc(b.Vessels, func(t *Vessel) bool { return t.Side != side && t.Afloat() && t.Seen[sideIndex(side)] })
	for _, v := range b.Vessels {
		if !ordersOf(v, cmd) || !v.Afloat() {
			continue
		}
		if b.Opt.Starshells && b.mayIlluminate(v) {
			return true
		}
		if seen && slices.ContainsFunc(v.Guns, func(g Gun) bool { return !g.Lost && !g.Fired }) {
			return true
		}
	}
	return false
}

// applyPending applies the phase's hits in the order they were scored.
func (b *Battle) applyPending(c *engine.Ctx) {
	for _, h := range b.pending {
		if !h.target.Afloat() {
			continue
		}
		b.damage(c, h.target, h.level, h.dm, h.what)
		if h.fire && h.target.Afloat() && !h.target.Burning {
			h.target.Burning = true
			c.Emit(evFire, gamelog.Str("vessel", h.target.ID), gamelog.Str("state", "starts"))
		}
	}
	b.pending = b.pending[:0]
}

// shoot is one attack: one throw of the d20 (to hit), the white d6
// (damage) and the red d6 (fire).
func (b *Battle) shoot(c *engine.Ctx, v *Vessel, g *Gun, t *Vessel, band Band, cm int) {
	g.Fired = true
	v.Busy, t.Busy = true, true
	if b.Table != nil {
		b.Table.shots = append(b.Table.shots, sea.Line{From: v.Place.At.Centre, To: t.Place.At.Centre, Kind: "shot", Label: fmt.Sprintf("%dcm", cm)})
	}
	what := v.ID + " " + g.Name + " at " + t.ID
	th := c.Throw(Gunfire, what)
	f := b.gunFacts(v, g, t, band)
	o := c.Read("SR-HIT", f.of(), what, th, "hit")
	h, _ := o.Value("hit")
	c.Emit(evGunfire, gamelog.Str("shooter", v.ID), gamelog.Str("weapon", g.Name), gamelog.Str("target", t.ID), gamelog.Int("range", cm),
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
	b.pending = append(b.pending, hit{target: t, level: Level(l), dm: g.Row.DamageMod, fire: fire, what: what})
}

// burn is the Fire rule's roll for each burning vessel: a d10, 1-2 the
// fire is out, 10 the damage level goes up one.
func (b *Battle) burn(c *engine.Ctx) {
	for _, v := range b.Vessels {
		if !v.Burning || !v.Afloat() {
			continue
		}
		o := c.Roll("SR-BURN", b.facts.of(), v.ID+" burns")
		s, _ := o.Value("burn")
		switch s {
		case 0:
			v.Burning = false
			c.Emit(evFire, gamelog.Str("vessel", v.ID), gamelog.Str("state", "out"))
		case 2:
			c.Emit(evFire, gamelog.Str("vessel", v.ID), gamelog.Str("state", "spreads"))
			b.damage(c, v, min(v.Level+1, Sunk), 0, "fire")
		}
	}
}
