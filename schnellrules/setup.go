package schnellrules

import (
	"fmt"
	"slices"
	"strconv"

	"github.com/schnell-wargames/schnell/engine"
	"github.com/schnell-wargames/schnell/gamelog"
	"github.com/schnell-wargames/schnell/sea"
)

// setup asks for the vessels: add, remove, begin. The battle begins only
// with a vessel on each side (rules notes: a battle needs two sides); until
// then `begin` is refused and the next step, add, is the default.
func (b *Battle) setup(c *engine.Ctx) {
	b.Phase = PhaseSetup
	b.addPresets(c)
	for {
		d := c.Ask("setup")
		d.Prompt = "Add vessels, then begin"
		add := d.Add("add", "add a vessel: ID CLASS SIDE SPEED", "add")
		add.Args = []engine.Arg{engine.TextArg("id"), engine.IDArg("class", b.DB.IDs()...), engine.IDArg("side", Sides...), engine.IDArg("speed", speedWords...)}
		add.Check = func(a engine.ArgValues) error { return b.CheckAdd(a.Str("id"), a.Str("class")) }
		if len(b.Vessels) > 0 {
			rm := d.Add("remove", "remove a vessel", "remove")
			rm.Args = []engine.Arg{engine.IDArg("id", b.ids("")...)}
		} else {
			d.Refuse("remove", "", "there is no vessel to remove yet")
		}
		if b.Table != nil && len(b.Vessels) > 0 {
			area := b.Table.Area
			pl := d.Add("place", "place a vessel on the table: X Y (cm from the bottom left corner) HEADING", "place")
			pl.Args = []engine.Arg{engine.IDArg("vessel", b.ids("")...), engine.IntArg("x", 0, area.Width/10, "cm"), engine.IntArg("y", 0, area.Height/10, "cm"), engine.IntArg("heading", 0, 359, "degrees")}
		} else if b.Table == nil {
			d.Refuse("place", "", "place is for the virtual table (`new table=virtual`): on your own table you place the models")
		}
		if missing := b.sideMissing(); missing != "" {
			d.Refuse("begin", "begin", "the ", sideName(missing), " have no vessel yet: add one (add ID CLASS ", missing, ") before the battle begins")
			d.Default = 0
		} else {
			d.Add("begin", "begin the battle", "begin")
			d.Default = len(d.Options) - 1
		}
		switch d.Options[c.Decide(d)].Name {
		case "add":
			a := d.Args()
			sp, _ := ParseSpeed(a.Str("speed"))
			v := b.add(a.Str("id"), b.DB.Class(a.Str("class")), a.Str("side"), sp)
			c.Emit(evVessel, gamelog.Str("id", v.ID), gamelog.Str("class", v.Class.ID), gamelog.Str("side", v.Side), gamelog.Str("speed", v.Speed.String()))
			if b.Table != nil {
				b.Table.deploy(v)
				emitPlaced(c, v)
			}
		case "place":
			a := d.Args()
			v := b.Vessel(a.Str("vessel"))
			b.Table.place(v, sea.Cm(a.Int("x"), a.Int("y")), a.Int("heading"))
			emitPlaced(c, v)
		case "remove":
			v := b.Vessel(d.Args().Str("id"))
			b.Vessels = slices.DeleteFunc(b.Vessels, func(x *Vessel) bool { return x == v })
			c.Emit(evRemoved, gamelog.Str("id", v.ID))
		default:
			return
		}
	}
}

// sideMissing is the first side with no vessel ("": each side has one).
func (b *Battle) sideMissing() string {
	for _, s := range Sides {
		if !slices.ContainsFunc(b.Vessels, func(v *Vessel) bool { return v.Side == s }) {
			return s
		}
	}
	return ""
}

// CheckAdd checks a new vessel's id and class.
func (b *Battle) CheckAdd(id, class string) error {
	if !validID(id) {
		return fmt.Errorf("vessel id %q: letters, digits and dashes, at most 16, starting with a letter", id)
	}
	if b.Vessel(id) != nil {
		return fmt.Errorf("there is already a vessel %s: give another id", id)
	}
	if b.DB.Class(class) == nil {
		return fmt.Errorf("no class %q: vessels lists them", class)
	}
	if len(b.Vessels) >= 64 {
		return fmt.Errorf("a battle has at most 64 vessels")
	}
	return nil
}

func validID(id string) bool {
	if id == "" || len(id) > 16 {
		return false
	}
	for i, r := range id {
		if !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || i > 0 && (r >= '0' && r <= '9' || r == '-')) {
			return false
		}
	}
	return true
}

func (b *Battle) add(id string, cl *Class, side string, sp Speed) *Vessel {
	v := &Vessel{ID: id, Class: cl, Side: side, MaxSpeed: cl.Speed, Manoeuvre: cl.Manoeuvre, Reloads: cl.Reloads, Reloading: -1}
	v.Speed = min(sp, cl.Speed)
	count := map[string]int{}
	for _, g := range cl.Guns {
		count[g.Weapon]++
		v.Guns = append(v.Guns, Gun{ClassGun: g, Name: g.Weapon + ":" + strconv.Itoa(count[g.Weapon])})
	}
	for i, m := range cl.Torpedoes {
		v.Mounts = append(v.Mounts, TubeMount{Mount: m, Name: "tubes:" + strconv.Itoa(i+1), Loaded: m.Tubes})
	}
	b.Vessels = append(b.Vessels, v)
	return v
}
