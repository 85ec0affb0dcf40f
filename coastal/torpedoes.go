package coastal

import (
	"fmt"
	"slices"

	"github.com/schnell-wargames/schnell/engine"
	"github.com/schnell-wargames/schnell/gamelog"
)

// launchOrder asks whether marker m launches torpedoes, and at which ship
// its side holds in observation. Only a marker of a pot whose ships carry
// torpedoes is asked (a dummy stands for them: it may launch its 3 dummy
// torpedoes once), and a ship in the open only while it has some left; a
// hidden marker is asked as the others of its pot are, and a launch it
// cannot make refused. The range is the one measured when m observed the
// target this turn, nothing having moved since (its side's observation
// step comes after the last move); else the table measures it.
func (r *Rules) launchOrder(c *engine.Ctx, m *Marker) {
	s, side := m.Ship, m.Side
	carries := r.potTorps[m.Pot] || (s != nil && s.Torps > 0)
	if !r.Aware[side] || !carries || (s != nil && m.Revealed && s.Torps == 0) || (r.Table != nil && !m.In) {
		return
	}
	targets := r.enemyMarkers(side, false, func(e *Marker) bool { return e.Observed && e.Ship != nil })
	if len(targets) == 0 {
		return
	}
	left := 0
	switch {
	case s != nil:
		left = s.Torps
	case !m.launched:
		left = 1
	}
	d := c.Ask("launch")
	d.Side = side
	d.Add("hold", "keep the torpedoes", "")
	o := d.Add("launch", "launch at a ship in sight (at 30 cm or more)", "")
	o.Args = []engine.Arg{engine.IDArg("target", targets...)}
	o.Args[0].Default = gamelog.StrV(m.nearestSighted(targets))
	o.Args[0].Text = "the ship aimed at"
	if r.Table != nil {
		// the lead: how far ahead of the target the spread reaches (the
		// markers aimed at its centre, half the lead and the lead ahead)
		lead := engine.IntArg("lead", 0, 40, "cm")
		lead.Default = gamelog.IntV(10)
		lead.Text = "aim the spread from the target's centre to this far ahead of it"
		o.Args = append(o.Args, lead)
	}
	o.Check = func(a engine.ArgValues) error {
		if left == 0 {
			return fmt.Errorf("%s has no torpedoes left: hold", m.ID)
		}
		if r.Table != nil {
			_, err := launchRange(m, r.marker(a.Str("target")))
			return err
		}
		if cm, ok := m.sights[a.Str("target")]; ok && cm < 30 {
			return fmt.Errorf("%s observed %s at %d cm this turn: torpedoes may not be fired from less than 30 cm (Torpedoes): hold, or launch at another ship", m.ID, a.Str("target"), cm)
		}
		return nil
	}
	ownFacts(d, m)
	r.sightFacts(d, m)
	for i := range d.Options {
		d.Options[i].Facts = append(d.Options[i].Facts, gamelog.Int("left", left))
	}
	r.carry(d, m)
	if c.Decide(d, func(d *engine.Decision) {
		d.Prompt = fmt.Sprintf("Does %s launch torpedoes (%s)?", m.ID, m.torpsLeft())
	}) == 0 {
		return
	}
	target := d.Args().Str("target")
	if r.Table != nil {
		t := r.marker(target)
		cm, _ := launchRange(m, t)
		r.launch(c, m, target, cm)
		r.Table.aim(c, m, t, d.Args().Int("lead"))
		return
	}
	cm, ok := m.sights[target]
	if !ok {
		_, cm = askRange(c, "Measure from "+m.ID+" to "+target+" for the launch (torpedoes need 30 cm or more)", nil, 30)
	}
	if cm == 0 {
		c.Emit(evLaunchOff, gamelog.Str("ship", m.ID), gamelog.Str("target", target))
		return
	}
	r.launch(c, m, target, cm)
}

// nearestSighted is the target a marker's orders default to: the nearest
// ship it observed itself this turn, else the first in sight.
func (m *Marker) nearestSighted(targets []string) string {
	best, bestCM := targets[0], 0
	for _, id := range targets {
		if cm, ok := m.sights[id]; ok && (bestCM == 0 || cm < bestCM) {
			best, bestCM = id, cm
		}
	}
	return best
}

// sightFacts tell the side's decider which ships marker m observed itself
// in its side's last observation step, and at what range (`sighted`, by
// marker id, in cm): the solo attackers launch only at their own
// sighting, within 60 cm (Solo rules, attackers d).
func (r *Rules) sightFacts(d *engine.Decision, m *Marker) {
	ids := make([]string, 0, len(m.sights))
	for id := range m.sights {
		if t := r.marker(id); t != nil && t.Live() && t.Observed && t.Ship != nil {
			ids = append(ids, id)
		}
	}
	slices.Sort(ids)
	var o []gamelog.Field // read-only to the decider: one for every option
	for _, id := range ids {
		o = append(o, gamelog.Int(id, m.sights[id]))
	}
	for i := range d.Options {
		d.Options[i].Facts = append(d.Options[i].Facts, gamelog.Field{Key: "sighted", Val: gamelog.Value{Kind: gamelog.KObj, O: o}})
	}
	if r.Table == nil {
		return
	}
	// On a virtual table the range to every ship the option may name is
	// the table's (positions are seen by both sides): `ranges` on that
	// option, by marker id, in cm.
	for i := range d.Options {
		o := &d.Options[i]
		if len(o.Args) == 0 || o.Args[0].Name != "target" {
			continue
		}
		rs := make([]gamelog.Field, 0, len(o.Args[0].IDs))
		for _, id := range o.Args[0].IDs {
			rs = append(rs, gamelog.Int(id, rangeCM(m, r.marker(id))))
		}
		o.Facts = append(o.Facts, gamelog.Field{Key: "ranges", Val: gamelog.Value{Kind: gamelog.KObj, O: rs}})
	}
}

func (m *Marker) torpsLeft() string {
	switch {
	case m.Ship != nil && m.Ship.Torps == 1:
		return "1 spread left"
	case m.Ship != nil:
		return fmt.Sprintf("%d spreads left", m.Ship.Torps)
	case m.launched:
		return "a dummy: its dummy torpedoes are spent"
	}
	return "a dummy: 3 dummy torpedoes"
}

// launch puts a real torpedo and two dummies on the table.
func (r *Rules) launch(c *engine.Ctx, m *Marker, target string, cm int) {
	chits := []string{"dummy", "dummy", "dummy"}
	if s := m.Ship; s != nil {
		s.Torps--
		s.Launched = true
		chits[0] = "torpedo"
	}
	m.launched = true
	cup := c.NewCup("TORPEDOES-"+m.Side, "Torpedo markers of the "+m.Side, chits...)
	var ids []string
	for range 3 {
		r.nTorp++
		id := fmt.Sprintf("T%d", r.nTorp)
		dr := c.Draw(engine.Draw{Cup: cup, N: 1, For: "torpedo marker " + id, Side: m.Side, Hidden: true})
		r.Markers = append(r.Markers, &Marker{ID: id, Side: m.Side, Pot: cup.ID, Torpedo: true, Real: dr.Chits[0] == "torpedo", dr: dr, In: r.Table == nil})
		ids = append(ids, id)
	}
	c.Emit(evLaunch, gamelog.Str("ship", m.ID), gamelog.Str("target", target), gamelog.Int("cm", cm), gamelog.Strs("markers", ids))
}

// askRange is a decision of the table: a range measured on the table. With
// a least range (a torpedo launch), the table may call the launch off
// instead: cm is then 0.
func askRange(c *engine.Ctx, prompt string, ids []string, lo int) (string, int) {
	d := c.Ask("range")
	d.Side = engine.TableSide
	o := d.Add("range", "the range measured on the table", "")
	if len(ids) > 0 {
		o.Args = append(o.Args, engine.IDArg("marker", ids...))
		o.Args[0].Default = gamelog.StrV(ids[0])
		o.Args[0].Text = "the marker measured to"
	}
	cm := engine.IntArg("cm", 1, 500, "cm")
	cm.Text = "the range"
	if lo > 1 {
		cm.Check = func(v gamelog.Value) error {
			if v.I < lo {
				return fmt.Errorf("torpedoes may not be fired from less than %d cm (Torpedoes): measure again, or `close` calls the launch off", lo)
			}
			return nil
		}
	}
	o.Args = append(o.Args, cm)
	if lo > 1 {
		d.Add("close", fmt.Sprintf("under %d cm: the launch is called off", lo), "")
	}
	if c.Decide(d, func(d *engine.Decision) { d.Prompt = prompt }) == 1 {
		return "", 0
	}
	a := d.Args()
	id := ""
	if len(ids) > 0 {
		id = a.Str("marker")
	}
	return id, a.Int("cm")
}

// moveTorpedoes: the side's torpedo markers run 15 cm; the table says what
// each touches (Torpedoes).
func (r *Rules) moveTorpedoes(c *engine.Ctx, side string) {
	if r.Table != nil {
		r.Table.runTorpedoes(c, side)
		return
	}
	for _, t := range r.Markers {
		if !t.Torpedo || t.Side != side || t.Gone {
			continue
		}
		targets := r.enemyMarkers(side, false, nil)
		targets = append(targets, r.enemyMarkers(side, true, nil)...)
		d := c.Ask("torpedo_run")
		d.Side = engine.TableSide
		d.Add("clear", "nothing", "")
		d.Add("off", "it leaves the table", "")
		if len(targets) > 0 {
			o := d.Add("touch", "a marker or ship", "")
			o.Args = []engine.Arg{engine.IDArg("marker", targets...), engine.YesArg("arc")}
			o.Args[0].Text = "the marker it touches"
			o.Args[1].Default = gamelog.Value{Kind: gamelog.KBool}
			o.Args[1].Text = "it hits in the target's forward or rear fire arc"
		}
		id := t.ID
		switch c.Decide(d, func(d *engine.Decision) {
			d.Prompt = "Torpedo marker " + id + " runs 15 cm: what does the centre of its front edge touch?"
		}) {
		case 0:
			continue
		case 1:
			t.Gone = true
			c.Emit(evRemoved, gamelog.Str("marker", t.ID), gamelog.Str("why", "off the table"))
			continue
		}
		touch(r, c, t, r.marker(d.Args().Str("marker")), d.Args().Yes("arc"))
	}
}

// touch: torpedo marker t touches marker hit (Torpedoes): a dummy torpedo
// is gone at any contact, before the marker it touched is disclosed; a
// real one shows itself, passes torpedoes, removes a dummy marker and
// runs on, and rolls Hits and effect against a ship. endOn: it hits in the
// target's forward or rear arc.
func touch(r *Rules, c *engine.Ctx, t, hit *Marker, endOn bool) {
	if !t.Real {
		// A dummy torpedo is gone at any contact, before the marker it
		// touched is disclosed.
		if !t.Revealed {
			t.Revealed = true
			c.Reveal(t.dr)
		}
		t.Gone = true
		c.Emit(evRemoved, gamelog.Str("marker", t.ID), gamelog.Str("why", "a dummy torpedo touched "+hit.ID))
		return
	}
	if !t.Revealed {
		t.Revealed = true
		c.Reveal(t.dr)
	}
	if hit.Torpedo {
		c.Emit(evTorpedoMiss, gamelog.Str("torpedo", t.ID), gamelog.Str("target", hit.ID), gamelog.Str("why", "torpedoes pass torpedoes"))
		return
	}
	if !hit.Revealed {
		hit.Revealed, hit.Seen = true, true
		c.Reveal(hit.dr)
	}
	if hit.Ship == nil {
		hit.Gone = true
		c.Emit(evRemoved, gamelog.Str("marker", hit.ID), gamelog.Str("why", "a dummy, touched by torpedo "+t.ID))
		return
	}
	r.torpedoHit(c, t, hit.Ship, endOn)
}

// torpedoHit: Hits and effect.
func (r *Rules) torpedoHit(c *engine.Ctx, t *Marker, s *Ship, endOn bool) {
	r.becomeAware(c, s.Side, "torpedo "+t.ID+" reached "+s.Name)
	if s.Class.fast() {
		c.Emit(evTorpedoMiss, gamelog.Str("torpedo", t.ID), gamelog.Str("target", s.Name), gamelog.Str("why", "E-boats and MTBs are never hit: it runs on"))
		return
	}
	r.rf = rollFacts{}
	r.rf.fast = b2i(s.Speed >= 12)
	r.rf.endOn = b2i(endOn)
	r.rf.still = b2i(s.Speed == 0)
	r.rf.merchant = b2i(s.Class == Merchant)
	r.rf.large = b2i(s.Class.large())
	o := c.Roll("TORP", r.facts(), "torpedo "+t.ID+" at "+s.Name)
	v, _ := o.Value("effect")
	effect := effectNames[v]
	if effect == "under" {
		return // it runs on
	}
	t.Gone = true
	if effect == "miss" {
		return
	}
	pts := 0
	switch effect {
	case "near":
		pts, _ = c.RollDice(d2d, "near:"+s.Name)
	case "serious":
		pts, _ = c.RollDice(d4d, "serious:"+s.Name)
	case "disabled":
		s.Disabled = true
	case "sink6":
		s.Disabled = true
		s.SinkIn, _ = c.RollDice(d6, "sinks:"+s.Name)
	case "sink4":
		s.Disabled = true
		s.SinkIn, _ = c.RollDice(d4, "sinks:"+s.Name)
	case "break":
		s.Disabled, s.SinkIn = true, 1
	}
	hitNow := effect != "near"
	if hitNow {
		s.TorpHit = true
	}
	c.Emit(evTorpedoHit, gamelog.Str("torpedo", t.ID), gamelog.Str("target", s.Name), gamelog.Str("effect", effect), gamelog.Int("damage", pts), gamelog.Int("sinks_in", s.SinkIn))
	r.addDamage(c, s, pts)
	if hitNow {
		n, _ := c.RollDice(d6, "systems:"+s.Name)
		for range n {
			r.system(c, s, false)
		}
		if s.Cargo == "ammo" || s.Cargo == "oil" {
			if e, _ := c.RollDice(d6, "explodes:"+s.Name); e >= 3 {
				r.sink(c, s, "explodes: "+s.Cargo+" cargo")
			}
		}
	}
}
