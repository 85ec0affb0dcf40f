package coastal

import (
	"fmt"

	"github.com/schnell-wargames/schnell/engine"
	"github.com/schnell-wargames/schnell/gamelog"
	"github.com/schnell-wargames/schnell/sea"
)

// Movement on a virtual table (Ship movement; Turning; Torpedoes; the
// table's edge; contacts): the side orders each marker, the table moves
// it and logs where it stands.

// virtualCourses are the orders of a move on a virtual table.
var virtualCourses = []struct{ name, text string }{
	{"hold", "hold course and speed"},
	{"steer", "steer for a heading at a speed: the turn first, then ahead"},
	{"speed", "hold course at a speed of your choice"},
	{"follow", "keep station on another of your markers (astern of it: 180 degrees off its bow; abeam: 90 or 270)"},
	{"toward", "turn toward the nearest enemy at full speed (escorts at 45 degrees)"},
	{"comb", "turn to comb the torpedo markers near it at full speed"},
	{"ram", "make for the nearest smaller enemy ship in sight within reach at full speed"},
	{"away", "turn away and make for your own edge at full speed"},
	{"exit", "make for the far edge at full speed"},
	{"astern", "move backwards (stationary last move), up to half the maximum speed"},
	{"tow", ""},
}

// station is a marker's place in a formation: cm from its leader, at a
// bearing off the leader's bow. `hold` keeps it.
type station struct {
	leader       string
	bearing, far int // degrees off the leader's bow; mm
}

// move asks the side how marker m moves and moves it.
func (t *Table) move(c *engine.Ctx, m *Marker) {
	r := t.r
	if !m.In {
		t.enter(c, m)
		return
	}
	s := m.Ship
	l := moveLimits(r, m)
	d := c.Ask("move")
	d.Side = m.Side
	unaware := !r.Aware[m.Side]
	here := m.At.Heading
	t.ask.m, t.ask.l, t.ask.here = m, l, here
	goes := !unaware && l.canTurn && l.max > 0
	for _, k := range virtualCourses {
		switch k.name {
		case "hold":
			text := k.text
			if m.station != nil {
				text = "keep station on " + m.station.leader
			}
			d.Add(k.name, text, "")
		case "steer", "speed":
			if unaware {
				continue // scenario ships hold speed and course until aware
			}
			o := d.Add(k.name, k.text, "")
			cm := engine.IntArg("cm", 0, l.max, "cm")
			cm.Default = gamelog.IntV(min(l.speed, l.max))
			if m.astern {
				cm.Default = gamelog.IntV(0)
			}
			cm.Text = "the speed this move (cm)"
			if k.name == "steer" {
				deg := engine.IntArg("deg", 0, 359, "°")
				deg.Default = gamelog.IntV(here)
				deg.Text = "the heading (0 north, 90 east)"
				t.ask.steer = [2]engine.Arg{deg, cm}
				o.Args = t.ask.steer[:]
			} else {
				t.ask.speed = [1]engine.Arg{cm}
				o.Args = t.ask.speed[:]
			}
			o.Check = t.ask.check
		case "follow":
			if !goes || !t.hasOwn(m) {
				continue
			}
			o := d.Add(k.name, k.text, "")
			// the leader is typed (a marker id), checked below: a list of
			// every marker of the side would weigh on every move's question
			t.ask.follow = [3]engine.Arg{engine.TextArg("leader"), engine.IntArg("bearing", 0, 359, "°"), engine.IntArg("cm", 5, 60, "cm")}
			o.Args = t.ask.follow[:]
			o.Args[0].Text = "the marker it keeps station on"
			o.Args[1].Text = "its place, degrees off the leader's bow (180: astern)"
			o.Args[1].Default = gamelog.IntV(180)
			o.Args[2].Text = "how far from the leader"
			o.Args[2].Default = gamelog.IntV(10)
			o.Check = t.ask.check
		case "toward", "comb", "ram", "away":
			if !goes || (k.name == "toward" && t.nearest(m, false) == nil) || (k.name == "comb" && len(t.torpedoesNear(m)) == 0) || (k.name == "ram" && t.ramTarget(m, l.max) == nil) {
				continue
			}
			if m.astern {
				d.Refuse(k.name, "", l.name, " went astern: it must spend a move stationary before going ahead (Ship movement): `speed 0`")
				continue
			}
			d.Add(k.name, k.text, "")
		case "exit":
			if r.Setup.Escaping != m.Side || unaware || l.max == 0 {
				continue
			}
			d.Add(k.name, k.text, "")
		case "astern":
			if unaware || !l.stopped || l.max/2 == 0 {
				continue
			}
			o := d.Add(k.name, k.text, "")
			t.ask.astern = [1]engine.Arg{engine.IntArg("cm", 1, l.max/2, "cm")}
			o.Args = t.ask.astern[:]
			o.Args[0].Default = gamelog.IntV(l.max / 2)
			o.Args[0].Text = "the distance backwards (up to half the maximum speed)"
		case "tow":
			if !unaware {
				r.takeTowOption(d, m)
			}
		}
	}
	i := 0 // hold, when it is all there is (unaware: Scenarios)
	if len(d.Options) > 1 {
		ownFacts(d, m)
		r.carry(d, m)
		i = c.Decide(d, func(d *engine.Decision) {
			d.Prompt = fmt.Sprintf("How does %s move (heading %d°, up to %d cm)?", m.named(), here, l.max)
		})
	}
	a := d.Args()
	course := d.Options[i].Name
	h, cm, back := here, min(l.speed, l.max), false
	switch course {
	case "hold":
		if m.astern {
			cm, m.astern = 0, false // astern only for one move: it stops
		}
		if m.station != nil {
			h, cm = t.keepStation(m, l)
		}
	case "steer":
		h, cm = a.Int("deg"), a.Int("cm")
	case "speed":
		cm = a.Int("cm")
	case "follow":
		m.station = &station{leader: a.Str("leader"), bearing: a.Int("bearing"), far: a.Int("cm") * 10}
		h, cm = t.keepStation(m, l)
	case "toward":
		h, cm = t.toward(m), l.max
	case "comb":
		h, cm = t.comb(m), l.max
	case "ram":
		h, cm = sea.Bearing(m.At.Centre, t.ramTarget(m, l.max).At.Centre), l.max
	case "away":
		h, cm = sea.Norm(t.Home[m.Side].Inward()+180), l.max
	case "exit":
		h, cm = sea.Norm(t.Exit.Inward()+180), l.max
	case "astern":
		cm, back = a.Int("cm"), true
	case "tow":
		r.takeTow(c, s, a.Str("lighter"))
		m.astern, m.station = false, nil
		c.Emit(evMove, append([]gamelog.Field{gamelog.Str("ship", m.ID), gamelog.Str("course", course), gamelog.Int("cm", 0), gamelog.Bool("turning", false)}, position(m)...)...)
		return
	}
	if course != "hold" && course != "follow" {
		m.station = nil
	}
	if course != "hold" {
		m.astern = back
	}
	if !l.canTurn {
		h = here
	}
	turned, moved := t.travel(c, m, h, cm*10, l.max*5, back)
	speed := sea.CmUp(moved)
	if s != nil {
		s.Speed, s.Turning = speed, turned
	} else {
		m.speed = speed
	}
	t.moved(c, m, course, speed, turned)
}

// asking is the move being asked, and its options' arguments, kept from
// one question to the next (a move is asked of every marker every turn).
type asking struct {
	t      *Table
	m      *Marker
	l      limits
	here   int
	steer  [2]engine.Arg
	speed  [1]engine.Arg
	follow [3]engine.Arg
	astern [1]engine.Arg
	check  func(engine.ArgValues) error // checks, made once
}

// checks is the whole-answer check of a move's steer, speed and follow
// (Ship movement; Bridge loss; a station on a marker of the side).
func (a *asking) checks(v engine.ArgValues) error {
	m, l := a.m, a.l
	if ld := v.Str("leader"); ld != "" || v.Len() == 3 {
		if o := a.t.r.marker(ld); o == m || o == nil || o.Side != m.Side || o.Torpedo || !onTable(o) {
			return fmt.Errorf("%s keeps station on another marker of yours on the table, not %q", m.ID, ld)
		}
		return nil
	}
	switch {
	case m.astern && v.Int("cm") > 0:
		return fmt.Errorf("%s went astern: it must spend a move stationary (0 cm) before going ahead again (Ship movement)", l.name)
	case !l.canTurn && v.Len() == 2 && v.Int("deg") != a.here:
		return fmt.Errorf("%s cannot turn: its bridge is lost until a point is repaired (Bridge loss), or it is adrift: it holds %d°", l.name, a.here)
	}
	return nil
}

// moved logs a move: the course, the speed and turn of a marker in the
// open (a hidden one's would tell its class), and where it stands; then
// the table's edge.
func (t *Table) moved(c *engine.Ctx, m *Marker, course string, speed int, turned bool) {
	p := m.At
	if m.Revealed {
		c.Emit(evMove, gamelog.Str("ship", m.ID), gamelog.Str("course", course), gamelog.Int("cm", speed), gamelog.Bool("turning", turned),
			gamelog.Int("x", p.Centre.X), gamelog.Int("y", p.Centre.Y), gamelog.Int("heading", p.Heading))
	} else {
		c.Emit(evMove, gamelog.Str("ship", m.ID), gamelog.Str("course", course), gamelog.Int("x", p.Centre.X), gamelog.Int("y", p.Centre.Y), gamelog.Int("heading", p.Heading))
	}
	t.edge(c, m)
}

// enter moves a marker not yet on the table (the rear of a column coming
// in) straight ahead at its side's speed: it is asked nothing until it is
// on the table.
func (t *Table) enter(c *engine.Ctx, m *Marker) {
	speed := m.speed
	if m.Ship != nil {
		speed = min(m.Ship.Speed, m.Ship.MaxSpeed())
	}
	t.travel(c, m, m.At.Heading, speed*10, 0, false)
	t.moved(c, m, "enter", speed, false)
}

// withdraw: a ship at '0' points makes maximum speed off the table, away
// from the enemy: for its own edge (Ship statistic charts).
func (t *Table) withdraw(c *engine.Ctx, m *Marker) {
	l := moveLimits(t.r, m)
	turned, moved := t.travel(c, m, sea.Norm(t.Home[m.Side].Inward()+180), l.max*10, l.max*5, false)
	m.Ship.Speed, m.Ship.Turning = sea.CmUp(moved), turned
	t.moved(c, m, "withdraw", m.Ship.Speed, turned)
}

// travel moves m by mm: astern (back), or turning toward heading h (the
// stern swung about the bow by at most swing mm, and no more than the
// move: Turning) and then ahead for the rest of the move. It stops short
// of another ship or marker in its way. It returns whether it turned and
// the distance it went (the stern's swing included).
func (t *Table) travel(c *engine.Ctx, m *Marker, h, mm, swing int, back bool) (turned bool, moved int) {
	if back {
		return false, t.ahead(c, m, -mm)
	}
	if want := sea.Turn(m.At.Heading, h); want != 0 && mm > 0 && swing > 0 {
		f := footprint(m)
		allow := min(mm, swing)
		// the stern's travel for a turn of d degrees is length × d × π/180
		// (sea.Swing, π as 355/113): the most degrees the allowance buys
		most := allow * 113 * 180 / (max(f.Length, 1) * 355)
		deg := min(abs(want), most)
		if want < 0 {
			deg = -deg
		}
		if deg != 0 {
			sh, used := sea.Swing(f, f.Heading+deg)
			if !t.blocked(m, sh) {
				m.At.Centre, m.At.Heading = sh.Centre, sh.Heading
				mm -= used
				moved += used
				turned = true
			}
		}
	}
	if mm > 0 {
		moved += t.ahead(c, m, mm)
	}
	return turned, moved
}

func abs(a int) int {
	if a < 0 {
		return -a
	}
	return a
}

// blocked says whether footprint sh of m would overlap another ship or
// marker it does not touch already (ships may not overlap: rules notes).
func (t *Table) blocked(m *Marker, sh sea.Shape) bool {
	now := footprint(m)
	for _, o := range t.r.Markers {
		if o == m || o.Torpedo || !onTable(o) {
			continue
		}
		if f := footprint(o); overlap(sh, f) && !overlap(now, f) {
			return true
		}
	}
	return false
}

// ahead moves m mm along its heading (astern when mm < 0), a centimetre at
// a time, stopping short of the first ship or marker it would overlap
// (a contact, logged); torpedo markers whose nose it runs onto touch it.
// It returns the distance moved.
func (t *Table) ahead(c *engine.Ctx, m *Marker, mm int) int {
	start := footprint(m)
	reach := abs(mm) + start.Length + 400
	near := t.near[:0]
	for _, o := range t.r.Markers {
		if o == m || o.Torpedo || !onTable(o) || sea.Dist2(o.At.Centre, start.Centre) > int64(reach)*int64(reach) {
			continue
		}
		if !overlap(start, footprint(o)) { // one it touches already is no obstacle
			near = append(near, o)
		}
	}
	t.near = near
	moved, step := 0, 10
	if mm < 0 {
		step = -10
	}
	var hit *Marker
	for moved != mm && hit == nil {
		next := moved + step
		if abs(next) > abs(mm) {
			next = mm
		}
		s := sea.Ahead(start, next)
		for _, o := range near {
			if overlap(s, footprint(o)) {
				hit = o
				break
			}
		}
		if hit == nil {
			moved = next
		}
	}
	m.At.Centre = sea.Advance(start.Centre, start.Heading, moved)
	if hit != nil {
		c.Emit(evContact, gamelog.Str("marker", m.ID), gamelog.Str("with", hit.ID))
	}
	if moved != 0 {
		t.sweep(c, m, start, moved)
	}
	return abs(moved)
}

// edge: a marker that came in is on the table once its centre is; one
// whose centre leaves it is gone (the escaping side's ships by the far
// edge escape: Escape); a ship that leaves is out of the action, neither
// lost nor '0' pointed (rules notes).
func (t *Table) edge(c *engine.Ctx, m *Marker) {
	on := t.Size.On(m.At.Centre)
	switch {
	case !m.In:
		m.In = on
		return
	case on || m.Gone:
		return
	}
	e, _ := t.Size.Nearest(m.At.Centre)
	r := t.r
	if r.Setup.Escaping == m.Side && e == t.Exit {
		if m.Ship == nil {
			m.Gone = true
			c.Emit(evRemoved, gamelog.Str("marker", m.ID), gamelog.Str("why", "left by the far edge"))
			return
		}
		r.reveal(c, m, "the far edge")
		m.Ship.Escaped = true
		c.Emit(evEscaped, gamelog.Str("ship", m.Ship.Name))
		return
	}
	m.Gone = true
	if m.Ship != nil {
		m.Ship.Off = true
	}
	c.Emit(evRemoved, gamelog.Str("marker", m.ID), gamelog.Str("why", "left the table by the "+e.String()+" edge"))
}

// hasOwn: the side has another marker on the table (ship or dummy) m may
// keep station on.
func (t *Table) hasOwn(m *Marker) bool {
	for _, o := range t.r.Markers {
		if o != m && o.Side == m.Side && !o.Torpedo && onTable(o) {
			return true
		}
	}
	return false
}

// keepStation is the heading and speed that bring m to its station: at
// its leader's heading and speed once there, else toward the station at
// up to its maximum.
func (t *Table) keepStation(m *Marker, l limits) (int, int) {
	ld := t.r.marker(m.station.leader)
	if ld == nil || !onTable(ld) {
		m.station = nil
		return m.At.Heading, min(l.speed, l.max)
	}
	spot := sea.Advance(ld.At.Centre, ld.At.Heading+m.station.bearing, m.station.far)
	d := sea.Distance(m.At.Centre, spot)
	if d <= 10 {
		return ld.At.Heading, min(speedOf(ld), l.max)
	}
	return sea.Bearing(m.At.Centre, spot), min(sea.CmUp(d), l.max)
}

// speedOf is a marker's speed now (cm).
func speedOf(m *Marker) int {
	if m.Ship != nil {
		return m.Ship.Speed
	}
	return m.speed
}

// nearest is the enemy marker nearest m on the table (torpedo markers
// when torps), nil if none.
func (t *Table) nearest(m *Marker, torps bool) *Marker {
	var best *Marker
	var bd int64
	for _, o := range t.r.Markers {
		if o.Side == m.Side || o.Torpedo != torps || !onTable(o) {
			continue
		}
		if d := sea.Dist2(m.At.Centre, o.At.Centre); best == nil || d < bd {
			best, bd = o, d
		}
	}
	return best
}

// angled: the markers of an escort's or warship's pot close the enemy at
// 45 degrees (Solo rules: convoy tactics c.i; Warship v Warship a), the
// others head straight at it. By the pot, so the angle tells nothing of
// what a marker hides.
func angled(m *Marker) bool { return m.Pot == "ESCORTS" || m.Pot == "WARSHIPS" }

// toward is the heading for the nearest enemy marker: straight at it, or
// 45 degrees off for an escort, on the side that needs the least turn.
func (t *Table) toward(m *Marker) int {
	e := t.nearest(m, false)
	if e == nil {
		return m.At.Heading
	}
	b := sea.Bearing(m.At.Centre, e.At.Centre)
	if !angled(m) {
		return b
	}
	l, r := sea.Norm(b-45), sea.Norm(b+45)
	if abs(sea.Turn(m.At.Heading, l)) < abs(sea.Turn(m.At.Heading, r)) {
		return l
	}
	return r
}

// torpedoesNear are the enemy torpedo markers within 60 cm of m.
func (t *Table) torpedoesNear(m *Marker) []*Marker {
	var out []*Marker
	for _, o := range t.r.Markers {
		if o.Torpedo && o.Side != m.Side && onTable(o) && sea.Within(m.At.Centre, o.At.Centre, 600) {
			out = append(out, o)
		}
	}
	return out
}

// comb is the heading that combs the most torpedo markers near m
// (parallel to their tracks, toward or away from them; an observed one
// counts 2: Solo rules, convoy c.ii), the least turn among equals.
func (t *Table) comb(m *Marker) int {
	torps := t.torpedoesNear(m)
	best, bestN := m.At.Heading, -1
	for _, tp := range torps {
		for _, h := range []int{tp.At.Heading, sea.Norm(tp.At.Heading + 180)} {
			n := 0
			for _, o := range torps {
				if d := abs(sea.Turn(h, o.At.Heading)); d <= 20 || d >= 160 {
					n += 1 + b2i(o.Observed || o.Revealed)
				}
			}
			if n > bestN || (n == bestN && abs(sea.Turn(m.At.Heading, h)) < abs(sea.Turn(m.At.Heading, best))) {
				best, bestN = h, n
			}
		}
	}
	return best
}

// ramTarget is the nearest enemy ship in the open, smaller than m's, that
// m could reach this move (Solo rules, convoy c.iii); nil if none or m is
// hidden.
func (t *Table) ramTarget(m *Marker, maxCM int) *Marker {
	if m.Ship == nil || !m.Revealed { // a hidden marker is not offered it, real or dummy
		return nil
	}
	var best *Marker
	for _, o := range t.r.Markers {
		if o.Side == m.Side || o.Torpedo || !onTable(o) || !o.Revealed || o.Ship == nil || o.Ship.Class >= m.Ship.Class {
			continue
		}
		if d := rangeMM(m, o); d <= maxCM*10+100 && (best == nil || d < rangeMM(m, best)) {
			best = o
		}
	}
	return best
}
