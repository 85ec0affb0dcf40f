package schnellrules

import (
	"fmt"

	"github.com/schnell-wargames/schnell/engine"
	"github.com/schnell-wargames/schnell/gamelog"
)

// move is phases 4 and 5: each side in turn sets the speeds of its Large
// and Very Large vessels (large) or its Medium and smaller ones; the
// models move on the table.
func (b *Battle) move(c *engine.Ctx, large bool) {
	for _, sc := range commandOrder(b) {
		side, cmd := sc[0], sc[1]
		var ids []string
		for _, v := range b.Vessels {
			if ordersOf(v, cmd) && v.Afloat() && (v.Class.Size >= Large) == large {
				ids = append(ids, v.ID)
			}
		}
		if len(ids) == 0 {
			continue
		}
		b.acting = side
		for {
			d := c.Ask("move")
			d.Prompt = whose(b, cmd) + " moves (phase " + phaseNames[b.Phase][:1] + "): speed changes, then done; move the models"
			if b.Table != nil {
				d.Prompt = whose(b, cmd) + " moves (phase " + phaseNames[b.Phase][:1] + "): speed and steer orders, then done"
			}
			d.Side = cmd
			o := d.Add("speed", "change a vessel's speed", "speed")
			o.Args = []engine.Arg{engine.IDArg("vessel", b.idsOf(cmd)...), engine.IDArg("level", speedWords...)} // CheckSpeed says which phase moves a vessel
			o.Check = func(a engine.ArgValues) error {
				sp, _ := ParseSpeed(a.Str("level"))
				v := b.Vessel(a.Str("vessel"))
				if err := b.CheckSpeed(v, sp); err != nil {
					return err
				}
				return checkFollower(v)
			}
			if b.Table != nil {
				virtual{b}.steerOptions(d, cmd)
			} else {
				d.Refuse("steer", "", "steer is for the virtual table (`new table=virtual`): on your own table you move the models")
				d.Refuse("formation", "", "formation is for the virtual table (`new table=virtual`): on your own table you move the models")
			}
			if b.Opt.DepthCharges && b.Table == nil {
				dc := d.Add("depthcharge", "a depth charge attack on a Large or Very Large ship", "depthcharge")
				dc.Args = []engine.Arg{engine.IDArg("vessel", b.idsOf(cmd)...), engine.IDArg("target", b.ids("")...)}
				dc.Check = func(a engine.ArgValues) error {
					return b.CheckDepthCharge(b.Vessel(a.Str("vessel")), b.Vessel(a.Str("target")))
				}
			}
			if b.Opt.Ramming && b.Table == nil {
				r := d.Add("ram", "ram an enemy vessel (FAQ)", "ram")
				r.Args = []engine.Arg{engine.IDArg("vessel", b.idsOf(cmd)...), engine.IDArg("target", b.ids("")...)}
				r.Check = func(a engine.ArgValues) error {
					return b.CheckRam(b.Vessel(a.Str("vessel")), b.Vessel(a.Str("target")))
				}
			}
			if !b.Opt.DepthCharges {
				d.Refuse("depthcharge", "", "depth charges are an optional rule, off in this battle (a new battle takes it: `new depth_charges=on`)")
			} else if b.Table != nil {
				d.Refuse("depthcharge", "", "on the virtual table a boat with depth charges attacks as it passes within 2cm of the bow of an enemy Large or Very Large ship that has moved: steer it there")
			}
			if !b.Opt.Ramming {
				d.Refuse("ram", "", "ramming is an option (the FAQ's), off in this battle (a new battle takes it: `new ramming=on`)")
			} else if b.Table != nil {
				d.Refuse("ram", "", "on the virtual table a vessel rams the enemy its move runs into: steer it there")
			}
			d.Add("done", "the moves are made", "done")
			d.Default = len(d.Options) - 1
			i := c.Decide(d)
			a := d.Args()
			v := b.Vessel(a.Str("vessel"))
			switch d.Options[i].Name {
			case "speed":
				sp, _ := ParseSpeed(a.Str("level"))
				from := v.Speed
				v.Speed = sp
				c.Emit(evSpeed, gamelog.Str("vessel", v.ID), gamelog.Str("from", from.String()), gamelog.Str("to", sp.String()), gamelog.Int("move", sp.Move()))
				continue
			case "depthcharge":
				b.depthCharge(c, v, b.Vessel(a.Str("target")))
				continue
			case "ram":
				b.ram(c, v, b.Vessel(a.Str("target")))
				continue
			case "steer", "formation":
				virtual{b}.order(c, d.Options[i].Name, v, a)
				continue
			}
			break
		}
		if b.Table != nil {
			virtual{b}.moveSide(c, cmd, large)
		}
	}
	b.acting = ""
}

// CheckSpeed checks a speed change ("Vessel Data"): at most the vessel's
// speed (less damage), and two levels a turn for a Fast or Very Fast
// craft, one for the others.
func (b *Battle) CheckSpeed(v *Vessel, sp Speed) error {
	if v == nil {
		return fmt.Errorf("no such vessel afloat")
	}
	if b.Phase == PhaseMoveLarge && v.Class.Size < Large || b.Phase == PhaseMoveSmall && v.Class.Size >= Large {
		return fmt.Errorf("%s is %s: it moves in phase %s", v.ID, v.Class.Size.Word(), map[bool]string{true: "4", false: "5"}[v.Class.Size >= Large])
	}
	if sp > v.MaxSpeed {
		return fmt.Errorf("%s makes at most %s now", v.ID, v.MaxSpeed.Word())
	}
	step := 1
	if v.Class.TwoLevels() {
		step = 2
	}
	if d := int(sp) - int(v.Speed); d > step || -d > step {
		levels := "one level"
		if step == 2 {
			levels = "two levels (a Fast or Very Fast craft)"
		}
		return fmt.Errorf("%s is at %s: it changes speed by at most %s a turn", v.ID, v.Speed.Word(), levels)
	}
	return nil
}

// CheckDepthCharge checks a depth charge attack (optional rule): a Small
// or Very Small British boat, or a class with depth charges, against a
// Large or Very Large ship.
func (b *Battle) CheckDepthCharge(v, t *Vessel) error {
	if v == nil || t == nil {
		return fmt.Errorf("name a vessel of yours and an enemy ship afloat")
	}
	if !v.Class.DepthCharges && !(v.Class.Nation == "british" && v.Class.Size <= Small) {
		return fmt.Errorf("%s carries no depth charges (British Small and Very Small boats do, and classes an overlay marks as carrying them)", v.ID)
	}
	if t.Side == v.Side {
		return fmt.Errorf("%s is on %s's side", t.ID, v.ID)
	}
	if t.Class.Size < Large {
		return fmt.Errorf("%s is %s: depth charges attack Large or Very Large ships", t.ID, t.Class.Size.Word())
	}
	return nil
}

// depthCharge is the Depth Charge Attack: a d6, 4+ does damage as a Large
// weapon (damage modifier +2, rules notes).
func (b *Battle) depthCharge(c *engine.Ctx, v, t *Vessel) {
	o := c.Roll("SR-DC", b.facts.of(), v.ID+" depth charges "+t.ID)
	h, _ := o.Value("hit")
	c.Emit(evDepth, gamelog.Str("vessel", v.ID), gamelog.Str("target", t.ID), gamelog.Bool("hit", h == 1))
	if h == 1 {
		b.facts = facts{}
		b.facts.damageMod, b.facts.sizeMod = 2, t.Class.SizeMod
		o := c.Roll("SR-DMG", b.facts.of(), "depth charge damage to "+t.ID)
		l, _ := o.Value("level")
		b.damage(c, t, Level(l), 2, "depth charge")
	}
}

// CheckRam checks a ram (FAQ): an own vessel afloat rams an enemy afloat.
func (b *Battle) CheckRam(v, t *Vessel) error {
	switch {
	case v == nil || t == nil || !v.Afloat() || !t.Afloat():
		return fmt.Errorf("name a vessel of yours and an enemy vessel afloat")
	case b.acting != "" && v.Side != b.acting:
		return fmt.Errorf("%s is %s: now %s move", v.ID, v.Side, b.acting)
	case v.Side == t.Side:
		return fmt.Errorf("%s is on %s's side", t.ID, v.ID)
	case b.Phase == PhaseMoveLarge && v.Class.Size < Large || b.Phase == PhaseMoveSmall && v.Class.Size >= Large:
		return fmt.Errorf("%s is %s: it moves, and rams, in phase %s", v.ID, v.Class.Size.Word(), map[bool]string{true: "4", false: "5"}[v.Class.Size >= Large])
	}
	return nil
}

// RamTorpedo is the torpedo a ram is treated as (FAQ): an 18" torpedo for
// a Medium or smaller rammer, a 21" for a Large or Very Large one.
func (b *Battle) RamTorpedo(v *Vessel) *TorpedoData {
	want := "18in"
	if v.Class.Size >= Large {
		want = "21in"
	}
	for _, tp := range b.DB.Torpedoes {
		if tp.ID == want {
			return tp
		}
	}
	return b.DB.Torpedoes[0]
}

// ram is the FAQ's ramming: no roll to hit; the target takes damage as
// from the rammer's torpedo with +2 on the damage die.
func (b *Battle) ram(c *engine.Ctx, v, t *Vessel) {
	tp := b.RamTorpedo(v)
	dm := tp.DamageMod + 2
	c.Emit(evRam, gamelog.Str("vessel", v.ID), gamelog.Str("target", t.ID), gamelog.Str("as", tp.ID), gamelog.Int("damage_mod", dm))
	b.facts = facts{}
	b.facts.damageMod, b.facts.sizeMod = dm, t.Class.SizeMod
	o := c.Roll("SR-DMG", b.facts.of(), v.ID+" rams "+t.ID)
	l, _ := o.Value("level")
	b.damage(c, t, Level(l), dm, "ram by "+v.ID)
}
