package schnellrules

import (
	"errors"

	"github.com/schnell-wargames/schnell/engine"
	"github.com/schnell-wargames/schnell/gamelog"
	"github.com/schnell-wargames/schnell/sea"
)

// captain is the reference side of the virtual table (auto, sim, and a
// side given to `reference`): a flotilla commander's plain doctrine, read
// only from what his side knows (every marker's place on the table; an
// enemy's identity, size and speed once his side has spotted it this
// turn). Each decision is answered with one order at a time, the most
// pressing first, then done:
//   - a vessel with neither guns nor tubes (a transport) holds its course
//     at its best speed: it gets through by the far edge;
//   - a vessel wrecked, or with nothing left to fight with, runs for its
//     own edge at its best speed;
//   - a vessel with loaded tubes makes for the nearest enemy worth a
//     torpedo (not seen yet, or Medium or larger), to end its move 30cm
//     off with its tubes bearing;
//   - a gun vessel closes the nearest enemy at its best speed to the
//     medium range of its guns, then turns to bring the most guns to bear
//     at Medium speed;
//   - no vessel steers off the table but to get away;
//   - in phase 7 each gun fires at the enemy it is likeliest to hit; in
//     phase 8 a torpedo goes at a spotted target it hits one time in four
//     or better if it is Medium or larger, and nearly one time in two if
//     smaller (torpedoes are kept for ships), two at most at one target a
//     turn; the initiative's winner moves second (it sees the enemy's
//     moves first).
type captain struct{ b *Battle }

var _ engine.ArgDecider = captain{}

// Who implements engine.Decider: the reference side's answers are the
// game's defaults.
func (captain) Who() engine.Who { return engine.ByDefault }

// Decide implements engine.Decider (a decision without arguments).
func (k captain) Decide(d *engine.Decision) (int, error) {
	a, err := k.DecideArgs(d)
	return a.Option, err
}

// DecideArgs implements engine.ArgDecider.
func (k captain) DecideArgs(d *engine.Decision) (engine.Answer, error) {
	switch d.Kind {
	case "setup":
		if d.Options[d.Default].Name != "begin" {
			return engine.Answer{}, errors.New("the battle cannot begin: a side has no vessel (give each side one: a scenario file, or add at the prompt)")
		}
	case "initiative":
		return answer(d, "second")
	case "move":
		if a, ok := k.move(d); ok {
			return a, nil
		}
	case "guns":
		if a, ok := k.fire(d); ok {
			return a, nil
		}
	case "launch":
		if a, ok := k.launch(d); ok {
			return a, nil
		}
	}
	return engine.Answer{Option: d.Default}, nil
}

// answer is the option named, with arguments.
func answer(d *engine.Decision, name string, kv ...any) (engine.Answer, error) {
	a := engine.Answer{Option: -1, Args: map[string]gamelog.Value{}}
	for i := range d.Options {
		if d.Options[i].Name == name {
			a.Option = i
		}
	}
	for i := 0; i+1 < len(kv); i += 2 {
		switch v := kv[i+1].(type) {
		case int:
			a.Args[kv[i].(string)] = gamelog.IntV(v)
		case string:
			a.Args[kv[i].(string)] = gamelog.StrV(v)
		}
	}
	if a.Option < 0 {
		return engine.Answer{Option: d.Default}, nil
	}
	return a, nil
}

// ours lists the side's vessels afloat that move in this phase.
func (k captain) ours(side string) []*Vessel {
	var out []*Vessel
	for _, v := range k.b.Vessels {
		if ordersOf(v, side) && v.Afloat() && v.Place != nil && k.b.CheckMoves(v) == nil {
			out = append(out, v)
		}
	}
	return out
}

// move gives the next order of a movement phase: a course, then a speed,
// for the first vessel whose plan differs from what it does.
func (k captain) move(d *engine.Decision) (engine.Answer, bool) {
	for _, v := range k.ours(d.Side) {
		if v.Place.Leader != nil {
			continue
		}
		course, speed := k.plan(v)
		if course != v.Place.Course {
			a, _ := answer(d, "steer", "vessel", v.ID, "course", course)
			return a, true
		}
		speed = k.reachable(v, speed)
		if speed != v.Speed {
			a, _ := answer(d, "speed", "vessel", v.ID, "level", speedWords[speed])
			return a, true
		}
	}
	return engine.Answer{}, false
}

// reachable is the speed nearest sp that v may take this turn.
func (k captain) reachable(v *Vessel, sp Speed) Speed {
	step := Speed(1)
	if v.Class.TwoLevels() {
		step = 2
	}
	sp = min(sp, v.MaxSpeed)
	return max(min(sp, v.Speed+step), v.Speed-step, Stationary)
}

// contact is an enemy as the captain's side knows it: where its marker
// is, and the vessel once spotted (nil before).
type contact struct {
	at   sea.Pos
	seen *Vessel
}

// contacts are the enemies of side on the table.
func (k captain) contacts(side string) []contact {
	var out []contact
	for _, x := range k.b.Vessels {
		if x.Side == side || !x.Afloat() || x.Place == nil {
			continue
		}
		c := contact{at: x.Place.At.Centre}
		if x.Seen[sideIndex(side)] {
			c.seen = x
		}
		out = append(out, c)
	}
	return out
}

// armed reports whether v has a gun left, and whether a loaded tube.
func armed(v *Vessel) (guns, tubes bool) {
	for _, g := range v.Guns {
		guns = guns || !g.Lost
	}
	for _, m := range v.Mounts {
		tubes = tubes || !m.Lost && m.Loaded > 0
	}
	return guns, tubes && v.Reloading < 0
}

// plan is the course and speed the captain wants of v this turn.
func (k captain) plan(v *Vessel) (int, Speed) {
	p := v.Place
	top := v.MaxSpeed
	guns, tubes := armed(v)
	if len(v.Class.Guns) == 0 && len(v.Class.Torpedoes) == 0 {
		return p.Course, top // a transport: hold on, get through
	}
	if v.Level >= Wrecked || !guns && !tubes {
		return homeEdge(v.Side), top
	}
	var near *contact
	best := 0
	for _, c := range k.contacts(v.Side) {
		worth := !tubes || c.seen == nil || c.seen.Class.Size >= Medium
		d := sea.Distance(p.At.Centre, c.at)
		if worth && (near == nil || d < best) {
			c := c
			near, best = &c, d
		}
	}
	if near == nil {
		return k.onTable(v, p.Course, top), top
	}
	bearing := sea.Bearing(p.At.Centre, near.at)
	if tubes {
		// End the move 30cm off, the tubes bearing (forward, or a beam).
		course := bearing
		if tubeArcs(v.Class) == "PS" {
			course = beamCourse(p.At.Heading, bearing)
		}
		sp := top
		for s := Stationary; s <= top; s++ {
			if best-s.Move()*10 >= 300 {
				sp = s
			}
		}
		if best <= 400 {
			sp = min(sp, MediumSpeed)
		}
		return k.onTable(v, course, sp), sp
	}
	standoff := 150
	for _, g := range v.Guns {
		if !g.Lost && len(g.Row.Bands) > 1 {
			standoff = max(standoff, g.Row.Bands[MediumRange].Range*10-50)
		}
	}
	if best > standoff+50 {
		return k.onTable(v, bearing, top), top
	}
	return k.onTable(v, k.broadside(v, near.at), MediumSpeed), MediumSpeed
}

// broadside is the course near v's heading that brings the most of its
// guns to bear on a point: towards it, or either beam.
func (k captain) broadside(v *Vessel, at sea.Pos) int {
	bearing := sea.Bearing(v.Place.At.Centre, at)
	best, most := bearing, -1
	for _, c := range []int{beamCourse(v.Place.At.Heading, bearing), bearing, sea.Norm(bearing + 90), sea.Norm(bearing - 90)} {
		s := v.Place.At
		s.Heading = c
		n := 0
		for _, g := range v.Guns {
			if !g.Lost && Bears(g.Arcs, s, at) {
				n++
			}
		}
		if n > most {
			best, most = c, n
		}
	}
	return best
}

// beamCourse is the course, of the two that put a bearing on the beam,
// nearer the heading.
func beamCourse(heading, bearing int) int {
	a, b := sea.Norm(bearing+90), sea.Norm(bearing-90)
	if abs(sea.Turn(heading, a)) <= abs(sea.Turn(heading, b)) {
		return a
	}
	return b
}

func abs(n int) int {
	if n < 0 {
		return -n
	}
	return n
}

// homeEdge is the course to a side's own edge: the allies' the bottom,
// the axis' the top (the quick battle's; a scenario's sides come in the
// same way).
func homeEdge(side string) int {
	if side == Sides[1] {
		return 0
	}
	return 180
}

// onTable keeps a course that would take v off the table within its move
// (and a little) pointing back at the table's centre instead.
func (k captain) onTable(v *Vessel, course int, sp Speed) int {
	area := k.b.Table.Area
	ahead := sea.Advance(v.Place.At.Centre, course, sp.Move()*10+100)
	if area.On(ahead) {
		return course
	}
	return sea.Bearing(v.Place.At.Centre, area.Centre())
}

// fire picks the shot likeliest to hit of the side's guns now; first,
// with starshells on, a flare or starshell at an enemy marker not spotted
// that one reaches (what it lights may be fired at this turn).
func (k captain) fire(d *engine.Decision) (engine.Answer, bool) {
	b := k.b
	if a, ok := k.illuminate(d); ok {
		return a, true
	}
	var bv *Vessel
	var bg *Gun
	var bt *Vessel
	best := 0.0
	for _, v := range b.Vessels {
		if !ordersOf(v, d.Side) || !v.Afloat() || v.Place == nil {
			continue
		}
		for i := range v.Guns {
			g := &v.Guns[i]
			if g.Lost || g.Fired {
				continue
			}
			for _, c := range k.contacts(v.Side) {
				if c.seen == nil {
					continue
				}
				t := c.seen
				cm := Range(v, t)
				if _, ok := g.Row.BandAt(cm); !ok || !Bears(g.Arcs, v.Place.At, t.Place.At.Centre) {
					continue // what CheckFire would refuse, without wording why
				}
				_, _, _, band, err := b.CheckFire(v.ID, g.Name, t.ID, cm)
				if err != nil {
					continue
				}
				o, err := b.odds("SR-HIT", b.gunFacts(v, g, t, band), t)
				if err == nil && o.Hit > best {
					bv, bg, bt, best = v, g, t, o.Hit
				}
			}
		}
	}
	if bv == nil {
		return engine.Answer{}, false
	}
	a, _ := answer(d, "fire", "shooter", bv.ID, "weapon", bg.Name, "target", bt.ID)
	return a, true
}

// launch picks a torpedo worth launching now: the likeliest hit, one time
// in four or better, at most two at a target a turn; else a reload.
func (k captain) launch(d *engine.Decision) (engine.Answer, bool) {
	b := k.b
	aimed := map[string]int{}
	for _, tp := range b.Torps {
		if tp.Launched == b.Turn {
			aimed[tp.Target]++
		}
	}
	var bv, bt *Vessel
	var bm *TubeMount
	best := 0.25
	for _, v := range b.Vessels {
		if !ordersOf(v, d.Side) || !v.Afloat() || v.Place == nil {
			continue
		}
		for _, c := range k.contacts(v.Side) {
			if c.seen == nil || aimed[c.seen.ID] >= 2 {
				continue
			}
			t := c.seen
			_, m, _, err := b.CheckLaunch(v.ID, t.ID, Range(v, t), "any")
			if err != nil {
				continue
			}
			tp := &Torpedo{Type: m.Type, Range: Range(v, t)}
			o, err := b.odds("SR-TORP", b.torpedoFacts(tp, t, false), t)
			worth := o.Hit >= 0.25 && t.Class.Size >= Medium || o.Hit >= 0.45
			if err == nil && worth && o.Hit >= best {
				bv, bm, bt, best = v, m, t, o.Hit
			}
		}
	}
	if bv != nil {
		a, _ := answer(d, "torpedo", "shooter", bv.ID, "target", bt.ID, "type", bm.Type.ID)
		return a, true
	}
	for _, v := range b.Vessels {
		if ordersOf(v, d.Side) && b.Opt.Reloads && b.CheckReload(v) == nil {
			if _, tubes := armed(v); !tubes {
				a, _ := answer(d, "reload", "vessel", v.ID)
				return a, true
			}
		}
	}
	return engine.Answer{}, false
}

// illuminate picks a flare or a starshell at the nearest marker of an
// enemy the side has not spotted, if one reaches it.
func (k captain) illuminate(d *engine.Decision) (engine.Answer, bool) {
	b := k.b
	if !b.Opt.Starshells {
		return engine.Answer{}, false
	}
	for _, v := range b.Vessels {
		if !ordersOf(v, d.Side) || !v.Afloat() || v.Place == nil {
			continue
		}
		for _, c := range k.contacts(v.Side) {
			if c.seen != nil {
				continue
			}
			cm, brg := cmBetween(v.Place.At.Centre, c.at), sea.Bearing(v.Place.At.Centre, c.at)
			for _, kind := range []string{"flare", "starshell"} {
				if _, _, err := b.CheckIllumination(v.ID, kind == "flare", cm); err == nil {
					a, _ := answer(d, kind, "vessel", v.ID, "range", cm, "bearing", brg)
					return a, a.Option >= 0 && d.Options[a.Option].Name == kind
				}
			}
		}
	}
	return engine.Answer{}, false
}
