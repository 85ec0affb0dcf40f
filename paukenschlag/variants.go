package paukenschlag

import (
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/schnell-wargames/schnell/engine"
	"github.com/schnell-wargames/schnell/gamelog"
)

// --- 21.2.1 Frogmen ---

// argsFrogman: the target is a port in the area the surfaced sub moved
// into (21.2.1: "the surfaced sub must move into an area with an American
// port"); which areas have ports is the board's.
func argsFrogman(r *Rules) []engine.Arg {
	a := engine.TextArg("area")
	a.Text = "the area of the port attacked: the sub's own"
	a.Check = func(v gamelog.Value) error {
		if err := r.canDeclareFrogman(); err != nil {
			return err
		}
		if b := r.barbarigo(); !equalFold(b.Area, v.S) {
			return fmt.Errorf("21.2.1: the Barbarigo is in %s, not %s: a frogman attack is made on a port in the area the surfaced sub moved into (`move Barbarigo %s` first)", b.Area, v.S, v.S)
		}
		return nil
	}
	return []engine.Arg{a}
}

// canDeclareFrogman: a surfaced Barbarigo carrying frogmen, in play, with
// attacks left (at most two in all).
func (r *Rules) canDeclareFrogman() error {
	b := r.barbarigo()
	switch {
	case !r.In(Italian) || b == nil:
		return errors.New("the Italian submarine (21.2) is not in play")
	case b.Status != InPlay:
		return fmt.Errorf("the Barbarigo is not on the map (%s)", b.Status)
	case r.Role != "frogmen":
		return errors.New("the Barbarigo entered as a conventional sub: it carries no frogmen (21.2)")
	case !b.Surfaced:
		return errors.New("the Barbarigo is submerged: a frogman attack is declared only by a surfaced sub (21.2.1)")
	case b.FrogUsed+len(r.Frogs) >= 2:
		return errors.New("the Barbarigo has made or declared its two frogman attacks (21.2.1)")
	}
	return nil
}

// doFrogman declares an attack: four of the five markers go into the
// container, chosen by the Allied player if the sub is detected, else by
// the Axis player (21.2.1).
func doFrogman(r *Rules, c *engine.Ctx, a engine.ArgValues) {
	b := r.barbarigo()
	area := a.Str("area")
	chooser := Axis
	if b.Detected {
		chooser = Allied
	}
	all := frogmanMarkers(c)
	d := c.Ask("frogman_markers")
	d.Side = chooser
	for _, m := range all {
		d.Add(m, "", "")
	}
	out := c.Decide(d, func(d *engine.Decision) {
		d.Prompt = fmt.Sprintf("Frogman attack on %s: which marker stays out of the container?", area)
		for i := range d.Options {
			d.Options[i].Text = "leave " + d.Options[i].Name + " out"
		}
	})
	in := slices.Delete(slices.Clone(all), out, out+1)
	cup := c.NewCup(fmt.Sprintf("FROGMEN-%d", b.FrogUsed+len(r.Frogs)+1), "Frogman Attack markers for "+area, in...)
	r.Frogs = append(r.Frogs, &Frogman{Area: area, Cup: cup})
	c.Emit(EvFrogman, gamelog.Str("area", area), gamelog.Str("result", "declared"), gamelog.Str("chooser", chooser), gamelog.Str("left_out", all[out]))
}

func frogmanMarkers(c *engine.Ctx) []string {
	k, _ := c.Tables().Cup("FROGMEN")
	return k.Contents()
}

// resolveFrogmen: after all the OSL/TSL play of the turn the Axis player
// draws one marker for each declared attack; a sub destroyed before an
// attack fails it (21.2.1). After its two attacks the sub leaves the game.
func (r *Rules) resolveFrogmen(c *engine.Ctx) {
	b := r.barbarigo()
	for _, f := range r.Frogs {
		b.FrogUsed++
		if b.Status == Destroyed {
			c.Emit(EvFrogman, gamelog.Str("area", f.Area), gamelog.Str("result", "failed"), gamelog.Str("why", "the Barbarigo was destroyed before the attack"))
			continue
		}
		r.drawFrogman(c, f.Cup, f.Area, "21.2.1")
	}
	r.Frogs = r.Frogs[:0]
	if b != nil && b.Status == InPlay && b.FrogUsed >= 2 {
		b.Status = Removed
		c.Emit(EvBoat, gamelog.Str("boat", b.ID), gamelog.Str("what", "removed"), gamelog.Str("why", "its two frogman attacks are made (21.2.1)"))
	}
}

// drawFrogman draws one marker: it succeeds if it calls for a tonnage
// determination DR. A marker named tonnage… or fail… says so; the
// game's own stand-ins are asked about (a decision of the table).
func (r *Rules) drawFrogman(c *engine.Ctx, cup *engine.Cup, area, sec string) {
	m := c.Draw(engine.Draw{Cup: cup, N: 1, For: "frogman attack on " + area, Side: Axis}).Chits[0]
	var ok bool
	switch low := strings.ToLower(m); {
	case strings.HasPrefix(low, "tonnage"):
		ok = true
	case strings.HasPrefix(low, "fail"):
	default:
		d := c.Ask("frogman_marker")
		d.Side = engine.TableSide
		d.Add("tonnage", "", "")
		d.Add("none", "", "")
		ok = c.Decide(d, func(d *engine.Decision) {
			d.Prompt = "Does marker " + m + " call for a tonnage determination DR?"
			d.Options[0].Text = m + " calls for a tonnage DR: the attack succeeds"
			d.Options[1].Text = m + " does not: the attack fails"
		}) == 0
	}
	res := "failed"
	if ok {
		res = "succeeds"
	}
	c.Emit(EvFrogman, gamelog.Str("area", area), gamelog.Str("marker", m), gamelog.Str("result", res), gamelog.Str("sec", sec))
}

// --- 21.3 Floatplanes ---

// planeState words a floatplane's state for the player.
func planeState(p *Plane) string {
	switch p.State {
	case "flown":
		return "flown this turn (with " + p.Boat + ")"
	case "track":
		return fmt.Sprintf("on the Turn Record Track, back on turn %d", p.ReturnTurn)
	}
	return p.State
}

// planeArgs: the sub the plane flies with and whether it is in the
// target's area; the checks are 21.3's conditions.
func (r *Rules) planeArgs(i int) []engine.Arg {
	a := boatArgs(inPlay)(r)
	a[0].Check = func(v gamelog.Value) error {
		if err := r.planeReady(i); err != nil {
			return err
		}
		b := r.Boat(v.S)
		switch {
		case i == 0 && b.Italian():
			return errors.New("the BV-222 flies with a U-boat; the Cant Z-511 with the Italian sub (21.3)")
		case i == 1 && !b.Italian():
			return fmt.Errorf("the Cant Z-511 flies only with the Italian sub, not %s (21.3.2)", b.ID)
		case b.Status != InPlay:
			return fmt.Errorf("%s is not on the map", b.ID)
		case !b.Surfaced:
			return fmt.Errorf("%s is submerged: the %s needs a surfaced sub (21.3)", b.ID, r.Planes[i].Name)
		case b.Detected:
			return fmt.Errorf("%s is detected: the %s needs an undetected sub (21.3)", b.ID, r.Planes[i].Name)
		case b.Damage > 0:
			return fmt.Errorf("%s is damaged: the %s needs an undamaged sub (21.3)", b.ID, r.Planes[i].Name)
		}
		return nil
	}
	return append(a, engine.YesArg("same"))
}

// offerPlane: the floatplane is ready and a sub it may fly with is on the
// map: surfaced, undetected, undamaged (21.3.1, 21.3.2).
func (r *Rules) offerPlane(i int) error {
	if err := r.planeReady(i); err != nil {
		return err
	}
	if !r.anyBoat(func(b *Boat) bool { return b.Italian() == (i == 1) && b.Surfaced && !b.Detected && b.Damage == 0 }) {
		return fmt.Errorf("21.3: the %s needs a surfaced, undetected, undamaged %s on the map, and there is none", r.Planes[i].Name, map[bool]string{false: "U-boat", true: "Italian sub"}[i == 1])
	}
	return nil
}

func (r *Rules) planeReady(i int) error {
	p := &r.Planes[i]
	switch {
	case !r.In(Floatplanes):
		return errors.New("the floatplanes variant (21.3) is not in play")
	case !r.floatScenario():
		return errors.New("the floatplanes fly only in scenarios 17.1 and 17.2 (21.3)")
	case i == 1 && (!r.In(Italian) || r.barbarigo() == nil || r.barbarigo().Status != InPlay):
		return errors.New("the Cant Z-511 flies only while the Italian sub is in play (21.3)")
	case i == 1 && r.Role == "frogmen":
		return errors.New("the Barbarigo carries frogmen: the Cant Z-511 cannot bomb (21.3); it may ferry frogmen once (`ferry`)")
	case p.State == "track":
		return fmt.Errorf("the %s is on the Turn Record Track until turn %d (21.3)", p.Name, p.ReturnTurn)
	case p.State != "ready":
		return fmt.Errorf("the %s is %s", p.Name, planeState(p))
	}
	return nil
}

func (r *Rules) fly(c *engine.Ctx, i int, a engine.ArgValues) {
	p := &r.Planes[i]
	p.State, p.Boat, p.Same = "flown", a.Str("boat"), a.Yes("same")
	factor := "as printed"
	if p.Same {
		factor = "doubled"
	}
	c.Emit(EvPlane, gamelog.Str("plane", p.Name), gamelog.Str("result", "flown"), gamelog.Str("boat", p.Boat), gamelog.Str("bomb", factor))
}

func doBV222(r *Rules, c *engine.Ctx, a engine.ArgValues) { r.fly(c, 0, a) }
func doZ511(r *Rules, c *engine.Ctx, a engine.ArgValues)  { r.fly(c, 1, a) }

// offerFerry: the Z-511's one ferry of the game (21.3.2).
func offerFerry(r *Rules) error {
	p := &r.Planes[1]
	b := r.barbarigo()
	switch {
	case !r.In(Floatplanes) || !r.floatScenario():
		return errors.New("the Cant Z-511 is not in play (21.3: the floatplanes variant, scenarios 17.1 and 17.2)")
	case !r.In(Italian) || b == nil || b.Status != InPlay:
		return errors.New("the Cant Z-511 flies only while the Italian sub is in play (21.3)")
	case r.Ferried:
		return errors.New("the Cant Z-511 has made its one frogman ferry of the game (21.3.2)")
	case r.strictZ511 && r.Role == "frogmen":
		return errors.New("the Barbarigo carries frogmen: with the option z511 strict the Cant Z-511 cannot be used at all (21.3)")
	case p.State != "ready":
		return fmt.Errorf("the Cant Z-511 is %s", planeState(p))
	}
	return nil
}

func argsFerry(r *Rules) []engine.Arg {
	a := engine.TextArg("port")
	a.Check = func(v gamelog.Value) error {
		if b := r.barbarigo(); !equalFold(b.Area, v.S) {
			return fmt.Errorf("the Italian sub must be in the port's area: it is in %s, not %s (21.3.2)", b.Area, v.S)
		}
		return nil
	}
	return []engine.Arg{a}
}

// doFerry: all five markers go in, one is drawn at once (21.3.2).
func doFerry(r *Rules, c *engine.Ctx, a engine.ArgValues) {
	port := a.Str("port")
	r.Ferried = true
	p := &r.Planes[1]
	p.State, p.Boat, p.Same = "flown", r.barbarigo().ID, true
	c.Emit(EvPlane, gamelog.Str("plane", p.Name), gamelog.Str("result", "ferry"), gamelog.Str("port", port))
	cup := c.NewCup("FROGMEN-Z511", "Frogman Attack markers (Z-511 ferry)", frogmanMarkers(c)...)
	r.drawFrogman(c, cup, port, "21.3.2")
}
