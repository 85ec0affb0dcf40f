package schnellrules

import (
	"fmt"

	"github.com/schnell-wargames/schnell/dice"
	"github.com/schnell-wargames/schnell/engine"
	"github.com/schnell-wargames/schnell/gamelog"
)

// Deviation is the Starshells and Flares rule's throw: the deviation die's
// arrow (a clock hour) and a d6 for the distance.
var Deviation = dice.MustThrow("dir direction, 1d6 distance")

// The Starshells and Flares rule's numbers.
const (
	maxShells     = 3  // starshells and flares a vessel may fire in all (each: of each kind)
	starshellMin  = 40 // a starshell bursts more than 40cm away
	flareMax      = 20 // a flare reaches 20cm
	starshellStep = 5  // cm of deviation a pip (the d6 less 1)
	flareStep     = 3
	lightRadius   = 10 // cm a burst lights
)

// CheckIllumination checks a starshell (a gun of 4" or more that has not
// fired, at more than 40cm and within its reach) or a flare (any vessel,
// out to 20cm); "Each vessel is limited to firing 3 starshells or 3
// flares": three in all, or three of each with illumination=each.
func (b *Battle) CheckIllumination(vessel string, flare bool, cm int) (*Vessel, *Gun, error) {
	v := b.Vessel(vessel)
	switch {
	case v == nil || !v.Afloat():
		return nil, nil, fmt.Errorf("no vessel %q afloat", vessel)
	case b.acting != "" && v.Side != b.acting:
		return nil, nil, fmt.Errorf("%s is %s: now %s fire", v.ID, v.Side, b.acting)
	case !b.Opt.ShellsEach && v.Starshells+v.Flares >= maxShells:
		return nil, nil, fmt.Errorf("%s has fired its %d starshells and flares (Starshells and Flares: 3 a vessel in all; a battle with `illumination=each` allows 3 of each)", v.ID, maxShells)
	case flare && v.Flares >= maxShells:
		return nil, nil, fmt.Errorf("%s has fired its %d flares", v.ID, maxShells)
	case flare && (cm < 1 || cm > flareMax):
		return nil, nil, fmt.Errorf("a flare reaches 1 to %dcm, not %dcm", flareMax, cm)
	case flare:
		return v, nil, nil
	case v.Starshells >= maxShells:
		return nil, nil, fmt.Errorf("%s has fired its %d starshells", v.ID, maxShells)
	case cm <= starshellMin:
		return nil, nil, fmt.Errorf("a starshell bursts more than %dcm away, not at %dcm", starshellMin, cm)
	}
	for i := range v.Guns {
		g := &v.Guns[i]
		if (g.Row.ID == "4in" || g.Row.ID == "4_7in") && !g.Lost && !g.Fired && cm <= g.Row.Bands[len(g.Row.Bands)-1].Range {
			return v, g, nil
		}
	}
	return nil, nil, fmt.Errorf("%s has no gun of 4\" or more free to fire a starshell %dcm", v.ID, cm)
}

// illuminate fires a starshell or a flare: the deviation throw, then the
// table says which vessels are within 10cm of the burst; the firer's side
// sees them this turn.
func (b *Battle) illuminate(c *engine.Ctx, v *Vessel, g *Gun, flare bool, cm, bearing int) {
	kind, step := "starshell", starshellStep
	if flare {
		kind, step = "flare", flareStep
		v.Flares++
	} else {
		v.Starshells++
		g.Fired = true
	}
	th := c.Throw(Deviation, v.ID+" "+kind)
	dev := (th.Face("distance") - 1) * step
	if b.Table != nil {
		virtual{b}.burst(c, v, kind, cm, bearing, th.Face("direction"), dev)
		return
	}
	c.Emit(evIlluminate, gamelog.Str("vessel", v.ID), gamelog.Str("kind", kind), gamelog.Int("range", cm), gamelog.Int("direction", th.Face("direction")), gamelog.Int("deviation", dev))
	for n := 0; n < len(b.Vessels); n++ {
		d := c.Ask("lit")
		d.Prompt = fmt.Sprintf("The %s bursts %dcm towards %d o'clock of the aim point: which vessels are within %dcm of it?", kind, dev, th.Face("direction"), lightRadius)
		d.Side = engine.TableSide
		d.Add("done", "no other vessel is lit", "done")
		var ids []*Vessel
		for _, x := range b.Vessels {
			if x.Afloat() && x.Side != v.Side && !x.Seen[sideIndex(v.Side)] {
				ids = append(ids, x)
				d.Add(x.ID, x.ID+" is lit", "")
			}
		}
		if len(ids) == 0 || b.Opt.Duel {
			return // a duel has no table to ask
		}
		i := c.Decide(d)
		if i == 0 {
			return
		}
		x := ids[i-1]
		x.Seen[sideIndex(v.Side)] = true
		c.Emit(evSpot, gamelog.Str("target", x.ID), gamelog.Str("why", "lit by "+v.ID+"'s "+kind))
	}
}

// mayIlluminate reports whether v has a flare or a starshell left to fire
// (a starshell needs a gun of 4" or more free to fire it).
func (b *Battle) mayIlluminate(v *Vessel) bool {
	if !b.Opt.ShellsEach && v.Starshells+v.Flares >= maxShells {
		return false
	}
	if !b.Opt.ShellsEach || v.Flares < maxShells {
		return true // a flare: any vessel
	}
	if v.Starshells >= maxShells {
		return false
	}
	for _, g := range v.Guns {
		if (g.Row.ID == "4in" || g.Row.ID == "4_7in") && !g.Lost && !g.Fired {
			return true
		}
	}
	return false
}
