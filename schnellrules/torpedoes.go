package schnellrules

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/schnell-wargames/schnell/engine"
	"github.com/schnell-wargames/schnell/gamelog"
)

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
		if v.Place != nil && !Bears(tubeArcs(v.Class), v.Place.At, t.Place.At.Centre) {
			return nil, nil, nil, fmt.Errorf("%s's tubes (arcs %s) do not bear on %s: it is %s", v.ID, tubeArcs(v.Class), t.ID, offBow(v.Place.At, t.Place.At.Centre))
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
	for _, sc := range commandOrder(b) {
		side, cmd := sc[0], sc[1]
		if !b.mayLaunch(cmd) {
			continue
		}
		var armed []string
		for _, v := range b.Vessels {
			if ordersOf(v, cmd) && v.Afloat() && len(v.Mounts) > 0 {
				armed = append(armed, v.ID)
			}
		}
		b.acting = side
		for {
			d := c.Ask("launch")
			d.Prompt = sideName(side) + " torpedoes (phase 8): launch each, then done"
			if cmd != side {
				d.Prompt = strings.Join(b.idsOf(cmd), ", ") + " torpedoes (phase 8): launch each, then done"
			}
			d.Side = cmd
			o := d.Add("torpedo", "launch a torpedo", "torpedo")
			typ := engine.IDArg("type", "any", "18in", "21in")
			typ.Default = gamelog.StrV("any")
			o.Args = append(append([]engine.Arg{engine.IDArg("shooter", armed...), engine.IDArg("target", b.ids(other(side))...)}, rangeArg(b)...), typ)
			o.Check = func(a engine.ArgValues) error {
				_, _, _, err := b.CheckLaunch(a.Str("shooter"), a.Str("target"), measure(b, a, "shooter", "target"), a.Str("type"))
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
			if nothingBears(b, cmd, true) {
				d.SetStanding(d.Default)
			}
			i := c.Decide(d)
			a := d.Args()
			switch d.Options[i].Name {
			case "reload":
				v := b.Vessel(a.Str("vessel"))
				v.Reloading = 0
				c.Emit(evReload, gamelog.Str("vessel", v.ID), gamelog.Str("state", "begins"))
				continue
			case "torpedo":
				cm := measure(b, a, "shooter", "target")
				v, m, t, _ := b.CheckLaunch(a.Str("shooter"), a.Str("target"), cm, a.Str("type"))
				b.launchOne(c, side, v, m, t, cm)
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
func (b *Battle) mayLaunch(cmd string) bool {
	side := b.sideOf(cmd)
	seen := slices.ContainsFunc(b.Vessels, func(t *Vessel) bool { return t.Side != side && t.Afloat() && t.Seen[sideIndex(side)] })
	for _, v := range b.Vessels {
		if !ordersOf(v, cmd) || !v.Afloat() {
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
	if v.Place != nil && t.Place != nil {
		tp.At, tp.Aim = v.Place.At.Centre, t.Place.At.Centre
	}
	b.Torps = append(b.Torps, tp)
	if b.Opt.Markers {
		tp.Marker, tp.Due = true, 0
		fields := []gamelog.Field{gamelog.Str("torpedo", tp.ID), gamelog.Str("shooter", v.ID), gamelog.Str("type", tp.Type.ID), gamelog.Str("target", t.ID),
			gamelog.Int("range", tp.Range), gamelog.Bool("marker", true), gamelog.Str("mount", m.Name), gamelog.Int("left", m.Loaded)}
		if b.Table != nil {
			virtual{b}.placeMarker(tp, v, t)
			fields = append(fields, gamelog.Int("x", tp.At.X), gamelog.Int("y", tp.At.Y), gamelog.Int("heading", tp.Heading))
		}
		c.Emit(evLaunch, fields...)
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
	f.need = tp.Type.Need
	f.targetSpeed = t.Speed
	f.targetSize = t.Class.Size
	f.far = tp.Range > 40 && !tp.Marker
	f.secondary = secondary
	f.damageMod = tp.Type.DamageMod
	f.sizeMod = t.Class.SizeMod
	return f
}

// torpedoes is phase 9: the torpedoes due this turn attack their targets;
// with Torpedo Secondary Attacks, a miss may hit another vessel within
// 20cm (the table says which), at -3.
func (b *Battle) torpedoes(c *engine.Ctx) {
	if b.Table != nil {
		virtual{b}.resolveMarkers(c)
	} else {
		b.markers(c)
	}
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
		missed := !b.torpedoAttack(c, tp, t, false)
		if missed && b.Opt.Secondary && b.Table != nil {
			virtual{b}.secondary(c, tp, t)
		} else if missed && b.Opt.Secondary && !b.Opt.Duel {
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
	o := c.Roll("SR-TORP", f.of(), "torpedo "+tp.ID+" at "+t.ID)
	h, _ := o.Value("hit")
	c.Emit(evArrival, gamelog.Str("torpedo", tp.ID), gamelog.Str("target", t.ID), gamelog.Int("natural", o.Natural), gamelog.Bool("secondary", secondary), gamelog.Bool("hit", h == 1))
	if h != 1 {
		return false
	}
	d := c.Roll("SR-DMG", f.of(), "torpedo damage to "+t.ID)
	l, _ := d.Value("level")
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
