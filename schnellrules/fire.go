package schnellrules

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/schnell-wargames/schnell/engine"
	"github.com/schnell-wargames/schnell/gamelog"
	"github.com/schnell-wargames/schnell/tables"
)

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
	return v, g, t, band, nil
}

// gunFacts sets the facts of a shot.
func (b *Battle) gunFacts(v *Vessel, g *Gun, t *Vessel, band Band) *facts {
	f := &b.facts
	*f = facts{}
	f[factNeed] = g.Row.Bands[band].Score
	f[factRange] = int(band)
	f[factTargetSpeed] = int(t.Speed)
	f[factTargetSize] = int(t.Class.Size)
	f[factShooterSpeed] = int(v.Speed)
	if v.Class.Small() {
		f[factShooterSmall] = 1
	}
	if b.Opt.StationaryPlus {
		f[factStationaryPlus] = 1
	}
	f[factDamageMod] = g.Row.DamageMod
	f[factSizeMod] = t.Class.SizeMod
	return f
}

// guns is phase 7: fires burn, then each side that can gives its fire
// orders; fire is simultaneous, so the phase's hits apply when it ends.
func (b *Battle) guns(c *engine.Ctx) {
	if b.Opt.Fire {
		b.burn(c)
	}
	b.pending = b.pending[:0]
	for _, side := range b.order() {
		if !b.mayFire(side) {
			continue // no gun has a target, nothing to light: nothing to ask
		}
		b.acting = side
		for {
			d := c.Ask("guns")
			d.Prompt = sideName(side) + " gunfire (phase 7): fire each gun, then done"
			d.Side = side
			o := d.Add("fire", "a gun fires", "fire")
			o.Args = []engine.Arg{engine.IDArg("shooter", b.ids(side)...), engine.TextArg("weapon"), engine.IDArg("target", b.ids(other(side))...), engine.IntArg("range", 0, 500, "cm")}
			o.Check = func(a engine.ArgValues) error {
				_, _, _, _, err := b.CheckFire(a.Str("shooter"), a.Str("weapon"), a.Str("target"), a.Int("range"))
				return err
			}
			if b.Opt.Starshells {
				for _, kind := range []string{"starshell", "flare"} {
					o := d.Add(kind, "fire a "+kind+" at a point at the range measured", kind)
					o.Args = []engine.Arg{engine.IDArg("vessel", b.ids(side)...), engine.IntArg("range", 1, 500, "cm")}
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
					_, _, _, _, err := b.CheckAA(a.Str("vessel"), a.Str("weapon"), a.Str("aircraft"), a.Int("range"))
					return err
				}
				o = d.Add("airfire", "an aircraft fires at an enemy aircraft (air to air gunnery)", "airfire")
				mount := engine.IDArg("mount", mountWords...)
				mount.Default = gamelog.StrV(mountFixed)
				o.Args = []engine.Arg{engine.TextArg("aircraft"), engine.TextArg("weapon"), engine.TextArg("target"), engine.IntArg("range", 0, 500, "cm"), mount}
				o.Check = func(a engine.ArgValues) error {
					_, _, _, _, _, err := b.CheckAirFire(side, a.Str("aircraft"), a.Str("weapon"), a.Str("target"), a.Int("range"), a.Str("mount"))
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
			i := c.Decide(d)
			a := d.Args()
			switch d.Options[i].Name {
			case "fire":
				v, g, t, band, _ := b.CheckFire(a.Str("shooter"), a.Str("weapon"), a.Str("target"), a.Int("range"))
				b.shoot(c, v, g, t, band, a.Int("range"))
				continue
			case "starshell", "flare":
				flare := d.Options[i].Name == "flare"
				v, g, _ := b.CheckIllumination(a.Str("vessel"), flare, a.Int("range"))
				b.illuminate(c, v, g, flare, a.Int("range"))
				continue
			case "aa":
				v, g, ac, band, _ := b.CheckAA(a.Str("vessel"), a.Str("weapon"), a.Str("aircraft"), a.Int("range"))
				b.aaFire(c, v, g, ac, band, a.Int("range"))
				continue
			case "airfire":
				ac, r, key, t, band, _ := b.CheckAirFire(side, a.Str("aircraft"), a.Str("weapon"), a.Str("target"), a.Int("range"), a.Str("mount"))
				b.airFire(c, ac, r, key, t, band, a.Int("range"), a.Str("mount"))
				continue
			}
			break
		}
	}
	b.acting = ""
	b.applyPending(c)
	b.applyDowns(c)
}

// mayFire reports whether side has an order to give in phase 7: a gun
// free to fire and an enemy afloat it has seen; a starshell or a flare to
// fire; aircraft in play.
func (b *Battle) mayFire(side string) bool {
	if b.Opt.Aircraft {
		return true
	}
	seen := slices.ContainsFunc(b.Vessels, func(t *Vessel) bool { return t.Side != side && t.Afloat() && t.Seen[sideIndex(side)] })
	for _, v := range b.Vessels {
		if v.Side != side || !v.Afloat() {
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
	what := v.ID + " " + g.Name + " at " + t.ID
	th := c.Throw(Gunfire, what)
	f := b.gunFacts(v, g, t, band)
	o := c.Read("SR-HIT", f, what, th, "hit")
	h, _ := o.Int(effHit)
	c.Emit(evGunfire, gamelog.Str("shooter", v.ID), gamelog.Str("weapon", g.Name), gamelog.Str("target", t.ID), gamelog.Int("range", cm),
		gamelog.Str("band", band.String()), gamelog.Int("need", f[factNeed]), gamelog.Int("natural", o.Natural), gamelog.Int("mods", o.Mod+f[factNeed]), gamelog.Bool("hit", h == 1))
	if h != 1 {
		return
	}
	d := c.Read("SR-DMG", f, "damage to "+t.ID, th, "white")
	l, _ := d.Int(effLevel)
	fire := false
	if b.Opt.Fire {
		fire = c.Read("SR-FIRE", f, "fire on "+t.ID, th, "red").Has(effFire)
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
		o := c.Roll("SR-BURN", &b.facts, v.ID+" burns")
		s, _ := o.Int(effBurn)
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

// damage applies a damage result ("Damage"): a second Heavily Damaged or
// Wrecked steps up one level; the highest level is marked; the level's
// effects are rolled.
func (b *Battle) damage(c *engine.Ctx, v *Vessel, l Level, dm int, what string) {
	result := l
	if (l == HeavilyDamaged || l == Wrecked) && v.Taken[l] {
		l++
	}
	if l == Intact {
		c.Emit(evDamage, gamelog.Str("vessel", v.ID), gamelog.Str("by", what), gamelog.Str("result", result.String()), gamelog.Str("level", v.Level.String()))
		return
	}
	v.Taken[l] = true
	v.Level = max(v.Level, l)
	var lost []string
	if l == Sunk {
		v.Speed, v.MaxSpeed, v.Burning = Stationary, Stationary, false
	} else {
		lost = b.systems(c, v, l, dm)
	}
	fields := []gamelog.Field{gamelog.Str("vessel", v.ID), gamelog.Str("by", what), gamelog.Str("result", result.String())}
	if l != result {
		fields = append(fields, gamelog.Str("stepped", l.String()))
	}
	fields = append(fields, gamelog.Str("level", v.Level.String()))
	if len(lost) > 0 {
		fields = append(fields, gamelog.Str("lost", strings.Join(lost, " ")))
	}
	c.Emit(evDamage, fields...)
}

// systems rolls the effects of a damage level: a d6 for each weapon, and
// for speed and manoeuvrability when the level calls for it (Damaged:
// only if the weapon's damage modifier is at least the target's size
// modifier); Wrecked takes two levels of speed and manoeuvre.
func (b *Battle) systems(c *engine.Ctx, v *Vessel, l Level, dm int) []string {
	var lost []string
	roll := func(what string) bool {
		b.facts = facts{}
		b.facts[factLevel] = int(l)
		return c.Roll("SR-SYS", &b.facts, v.ID+" "+what).Has(effLost)
	}
	for i := range v.Guns {
		if g := &v.Guns[i]; !g.Lost && roll(g.Name) {
			g.Lost = true
			lost = append(lost, g.Name)
		}
	}
	for i := range v.Mounts {
		if m := &v.Mounts[i]; !m.Lost && roll(m.Name) {
			m.Lost = true
			lost = append(lost, m.Name)
		}
	}
	speed, turn := 0, 0
	switch {
	case l == Wrecked:
		speed, turn = 2, 2
	case l == HeavilyDamaged || dm >= v.Class.SizeMod:
		if roll("speed") {
			speed = 1
		}
		if roll("manoeuvre") {
			turn = 1
		}
	}
	if speed > 0 {
		v.MaxSpeed = max(v.MaxSpeed-Speed(speed), Stationary)
		v.Speed = min(v.Speed, v.MaxSpeed)
		lost = append(lost, "speed-"+strconv.Itoa(speed))
	}
	if turn > 0 {
		v.Manoeuvre = min(v.Manoeuvre+Size(turn), VeryLarge)
		lost = append(lost, "manoeuvre-"+strconv.Itoa(turn))
	}
	return lost
}

// CheckLaunch checks a torpedo launch ("Torpedoes", Torpedo Data): a
// loaded mount of the type asked ("any": the first), an enemy target
// afloat and spotted, the range within the torpedo's.
func (b *Battle) CheckLaunch(shooter, target string, cm int, typ string) (*Vessel, *TubeMount, *Vessel, error) {
	v, t := b.Vessel(shooter), b.Vessel(target)
	switch {
	case v == nil || !v.Afloat():
		return nil, nil, nil, fmt.Errorf("no vessel %q afloat to launch", shooter)
	case b.acting != "" && v.Side != b.acting:
		return nil, nil, nil, fmt.Errorf("%s is %s: now %s launch", v.ID, v.Side, b.acting)
	case t == nil || !t.Afloat() || t.Side == v.Side:
		return nil, nil, nil, fmt.Errorf("no enemy target %q afloat", target)
	case !t.Seen[sideIndex(v.Side)]:
		return nil, nil, nil, fmt.Errorf("%s has not been spotted by the %s this turn", t.ID, v.Side)
	case len(v.Mounts) == 0:
		return nil, nil, nil, fmt.Errorf("%s has no torpedoes", v.ID)
	}
	for i := range v.Mounts {
		m := &v.Mounts[i]
		if m.Lost || m.Loaded == 0 || typ != "any" && typ != "" && !strings.EqualFold(m.Type.ID, typ) {
			continue
		}
		if cm < m.Type.MinRange || cm > m.Type.MaxRange {
			return nil, nil, nil, fmt.Errorf("%dcm: a %s runs %d to %dcm", cm, m.Type.Title, m.Type.MinRange, m.Type.MaxRange)
		}
		if v.Reloading >= 0 {
			return nil, nil, nil, fmt.Errorf("%s is reloading its tubes", v.ID)
		}
		return v, m, t, nil
	}
	return nil, nil, nil, fmt.Errorf("%s has no loaded tube that can fire (tubes lost or empty)", v.ID)
}

// launch is phase 8: each side that can launches torpedoes (and, with
// reloads, starts reloading); each arrives next turn within 40cm, else the
// turn after.
func (b *Battle) launch(c *engine.Ctx) {
	for _, side := range b.order() {
		if !b.mayLaunch(side) {
			continue
		}
		var armed []string
		for _, v := range b.Vessels {
			if v.Side == side && v.Afloat() && len(v.Mounts) > 0 {
				armed = append(armed, v.ID)
			}
		}
		b.acting = side
		for {
			d := c.Ask("launch")
			d.Prompt = sideName(side) + " torpedoes (phase 8): launch each, then done"
			d.Side = side
			o := d.Add("torpedo", "launch a torpedo", "torpedo")
			typ := engine.IDArg("type", "any", "18in", "21in")
			typ.Default = gamelog.StrV("any")
			o.Args = []engine.Arg{engine.IDArg("shooter", armed...), engine.IDArg("target", b.ids(other(side))...), engine.IntArg("range", 0, 500, "cm"), typ}
			o.Check = func(a engine.ArgValues) error {
				_, _, _, err := b.CheckLaunch(a.Str("shooter"), a.Str("target"), a.Int("range"), a.Str("type"))
				return err
			}
			if b.Opt.Reloads {
				r := d.Add("reload", "begin reloading a vessel's tubes (ten turns)", "reload")
				r.Args = []engine.Arg{engine.IDArg("vessel", armed...)}
				r.Check = func(a engine.ArgValues) error { return b.CheckReload(b.Vessel(a.Str("vessel"))) }
			}
			if !b.Opt.Reloads {
				d.Refuse("reload", "", "reloads are an optional rule, off in this battle (a new battle takes it: `new reloads=on`)")
			}
			d.Add("done", "no more launches", "done")
			d.Default = len(d.Options) - 1
			i := c.Decide(d)
			a := d.Args()
			switch d.Options[i].Name {
			case "reload":
				v := b.Vessel(a.Str("vessel"))
				v.Reloading = 0
				c.Emit(evReload, gamelog.Str("vessel", v.ID), gamelog.Str("state", "begins"))
				continue
			case "torpedo":
				v, m, t, _ := b.CheckLaunch(a.Str("shooter"), a.Str("target"), a.Int("range"), a.Str("type"))
				b.launchOne(c, side, v, m, t, a.Int("range"))
				continue
			}
			break
		}
	}
	b.acting = ""
}

// mayLaunch reports whether side has an order to give in phase 8: a
// loaded tube and an enemy afloat it has seen, or (option reloads) a
// vessel that may begin to reload.
func (b *Battle) mayLaunch(side string) bool {
	seen := slices.ContainsFunc(b.Vessels, func(t *Vessel) bool { return t.Side != side && t.Afloat() && t.Seen[sideIndex(side)] })
	for _, v := range b.Vessels {
		if v.Side != side || !v.Afloat() {
			continue
		}
		if seen && v.Reloading < 0 && slices.ContainsFunc(v.Mounts, func(m TubeMount) bool { return !m.Lost && m.Loaded > 0 }) {
			return true
		}
		if b.Opt.Reloads && b.CheckReload(v) == nil {
			return true
		}
	}
	return false
}

// launchOne launches a torpedo from mount m of v at t, cm away.
func (b *Battle) launchOne(c *engine.Ctx, side string, v *Vessel, m *TubeMount, t *Vessel, cm int) {
	m.Loaded--
	v.Busy = true
	b.nTorp++
	tp := &Torpedo{ID: "T" + strconv.Itoa(b.nTorp), From: v.ID, Target: t.ID, Side: side, Type: m.Type, Range: cm, Launched: b.Turn, Due: b.Turn + 1}
	if tp.Range > 40 {
		tp.Due++
	}
	b.Torps = append(b.Torps, tp)
	if b.Opt.Markers {
		tp.Marker, tp.Due = true, 0
		c.Emit(evLaunch, gamelog.Str("torpedo", tp.ID), gamelog.Str("shooter", v.ID), gamelog.Str("type", tp.Type.ID), gamelog.Str("target", t.ID),
			gamelog.Int("range", tp.Range), gamelog.Bool("marker", true), gamelog.Str("mount", m.Name), gamelog.Int("left", m.Loaded))
		return
	}
	c.Schedule(engine.Due{Turn: tp.Due, What: fmt.Sprintf("torpedo %s (%s from %s) reaches %s", tp.ID, tp.Type.ID, tp.From, tp.Target), Side: side, Key: tp.ID})
	c.Emit(evLaunch, gamelog.Str("torpedo", tp.ID), gamelog.Str("shooter", v.ID), gamelog.Str("type", tp.Type.ID), gamelog.Str("target", t.ID),
		gamelog.Int("range", tp.Range), gamelog.Int("due", tp.Due), gamelog.Str("mount", m.Name), gamelog.Int("left", m.Loaded))
}

// torpedoFacts sets the facts of a torpedo's attack.
func (b *Battle) torpedoFacts(tp *Torpedo, t *Vessel, secondary bool) *facts {
	f := &b.facts
	*f = facts{}
	f[factNeed] = tp.Type.Need
	f[factTargetSpeed] = int(t.Speed)
	f[factTargetSize] = int(t.Class.Size)
	if tp.Range > 40 && !tp.Marker {
		f[factFar] = 1
	}
	if secondary {
		f[factSecondary] = 1
	}
	f[factDamageMod] = tp.Type.DamageMod
	f[factSizeMod] = t.Class.SizeMod
	return f
}

// torpedoes is phase 9: the torpedoes due this turn attack their targets;
// with Torpedo Secondary Attacks, a miss may hit another vessel within
// 20cm (the table says which), at -3.
func (b *Battle) torpedoes(c *engine.Ctx) {
	b.markers(c)
	for _, due := range c.Due(b.Turn) {
		var tp *Torpedo
		for _, x := range b.Torps {
			if x.ID == due.Key {
				tp = x
			}
		}
		if tp == nil {
			continue
		}
		t := b.Vessel(tp.Target)
		if t == nil || !t.Afloat() {
			c.Emit(evArrival, gamelog.Str("torpedo", tp.ID), gamelog.Str("target", tp.Target), gamelog.Str("result", "the target is gone: the torpedo runs on"))
			b.dropTorp(tp)
			continue
		}
		if !b.torpedoAttack(c, tp, t, false) && b.Opt.Secondary && !b.Opt.Duel {
			d := c.Ask("secondary")
			d.Prompt = "Torpedo " + tp.ID + " missed " + t.ID + ": is another vessel within 20cm of it?"
			d.Side = engine.TableSide
			d.Add("none", "no other vessel within 20cm", "")
			var near []*Vessel
			for _, v := range b.Vessels {
				if v != t && v.Afloat() && v.ID != tp.From {
					near = append(near, v)
					d.Add(v.ID, v.ID+" is within 20cm", "")
				}
			}
			if i := c.Decide(d); i > 0 {
				b.torpedoAttack(c, tp, near[i-1], true)
			}
		}
		b.dropTorp(tp)
	}
}

// markers is the Alternative Torpedo Rule: each marker launched on an
// earlier turn has been moved straight on after the ships; the table says
// whether it passed within 5cm of a vessel (an attack, without the -5 for
// range; a miss runs on), ran on clear, or is gone.
func (b *Battle) markers(c *engine.Ctx) {
	for _, tp := range slices.Clone(b.Torps) {
		if !tp.Marker || tp.Launched >= b.Turn {
			continue
		}
		if b.Opt.Duel {
			b.dropTorp(tp) // a duel has no table: markers are not played
			continue
		}
		d := c.Ask("marker")
		d.Prompt = "Torpedo marker " + tp.ID + " (" + tp.Type.ID + " from " + tp.From + ") moved: did it pass within 5cm of a vessel?"
		d.Side = engine.TableSide
		d.Add("clear", "it runs on, near nothing", "")
		d.Add("gone", "it left the table or ran its course", "")
		var near []*Vessel
		for _, v := range b.Vessels {
			if v.Afloat() {
				near = append(near, v)
				d.Add(v.ID, "it passed within 5cm of "+v.ID, "")
			}
		}
		switch i := c.Decide(d); i {
		case 0:
			c.Emit(evArrival, gamelog.Str("torpedo", tp.ID), gamelog.Str("result", "runs on"))
		case 1:
			c.Emit(evArrival, gamelog.Str("torpedo", tp.ID), gamelog.Str("result", "gone"))
			b.dropTorp(tp)
		default:
			if b.torpedoAttack(c, tp, near[i-2], false) {
				b.dropTorp(tp)
			}
		}
	}
}

func (b *Battle) dropTorp(tp *Torpedo) {
	for i, x := range b.Torps {
		if x == tp {
			b.Torps = append(b.Torps[:i], b.Torps[i+1:]...)
			return
		}
	}
}

// torpedoAttack rolls a torpedo's attack on t and its damage.
func (b *Battle) torpedoAttack(c *engine.Ctx, tp *Torpedo, t *Vessel, secondary bool) bool {
	t.Busy = true
	f := b.torpedoFacts(tp, t, secondary)
	o := c.Roll("SR-TORP", f, "torpedo "+tp.ID+" at "+t.ID)
	h, _ := o.Int(effHit)
	c.Emit(evArrival, gamelog.Str("torpedo", tp.ID), gamelog.Str("target", t.ID), gamelog.Int("natural", o.Natural), gamelog.Bool("secondary", secondary), gamelog.Bool("hit", h == 1))
	if h != 1 {
		return false
	}
	d := c.Roll("SR-DMG", f, "torpedo damage to "+t.ID)
	l, _ := d.Int(effLevel)
	b.damage(c, t, Level(l), tp.Type.DamageMod, "torpedo "+tp.ID)
	return true
}

// CheckReload checks the start of a reload (Torpedo Reloads).
func (b *Battle) CheckReload(v *Vessel) error {
	switch {
	case v == nil || !v.Afloat():
		return fmt.Errorf("no such vessel afloat")
	case v.Reloads == 0:
		return fmt.Errorf("%s carries no reloads", v.ID)
	case v.Reloading >= 0:
		return fmt.Errorf("%s is already reloading (%d of 10 turns)", v.ID, v.Reloading)
	}
	for _, m := range v.Mounts {
		if !m.Lost && m.Loaded < m.Tubes {
			return nil
		}
	}
	return fmt.Errorf("%s has no empty tube to reload", v.ID)
}

// reloadTurn counts the turn for each reloading vessel: it counts if the
// vessel was at Medium or slower and neither fired nor was fired at (the
// Very Large turning circle is the player's to keep); the tenth loads the
// tubes from the reloads.
func (b *Battle) reloadTurn(c *engine.Ctx) {
	for _, v := range b.Vessels {
		if v.Reloading < 0 || !v.Afloat() {
			continue
		}
		if v.Speed > MediumSpeed || v.Busy {
			c.Emit(evReload, gamelog.Str("vessel", v.ID), gamelog.Str("state", "does not count"), gamelog.Int("turns", v.Reloading))
			continue
		}
		v.Reloading++
		if v.Reloading < 10 {
			c.Emit(evReload, gamelog.Str("vessel", v.ID), gamelog.Str("state", "counts"), gamelog.Int("turns", v.Reloading))
			continue
		}
		for i := range v.Mounts {
			m := &v.Mounts[i]
			for !m.Lost && m.Loaded < m.Tubes && v.Reloads > 0 {
				m.Loaded++
				v.Reloads--
			}
		}
		v.Reloading = -1
		c.Emit(evReload, gamelog.Str("vessel", v.ID), gamelog.Str("state", "done"), gamelog.Int("reloads", v.Reloads))
	}
}

// Odds are the exact chances of a shot or a launch, from the same tables.
type Odds struct {
	Hit    float64
	Levels [5]float64 // the chance of each damage level (after a repeat steps up)
}

// odds counts every face of the to-hit die and the damage die.
func (b *Battle) odds(hitTable string, f *facts, t *Vessel) (Odds, error) {
	var out Odds
	ht, ok := b.tables.Get(hitTable)
	dt, ok2 := b.tables.Get("SR-DMG")
	if !ok || !ok2 {
		return out, fmt.Errorf("the tables lack %s or SR-DMG", hitTable)
	}
	_, hm := ht.Modify(f, nil)
	_, dmod := dt.Modify(f, nil)
	spec := ht.SpecFor(f)
	n := 0
	var lv [5]int
	for face := 1; face <= spec.Sides; face++ {
		r := ht.Pick(f, face, face+hm)
		if h, _ := r.Int(effHit, face+hm); h != 1 {
			continue
		}
		n++
		for w := 1; w <= 6; w++ {
			r := dt.Pick(f, w, w+dmod)
			l, _ := r.Int(effLevel, w+dmod)
			if (Level(l) == HeavilyDamaged || Level(l) == Wrecked) && t.Taken[l] {
				l++
			}
			lv[l]++
		}
	}
	out.Hit = float64(n) / float64(spec.Sides)
	for i := range lv {
		out.Levels[i] = float64(lv[i]) / float64(spec.Sides*6)
	}
	return out, nil
}

var _ tables.Facts = (*facts)(nil)
