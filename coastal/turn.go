package coastal

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/schnell-wargames/schnell/engine"
	"github.com/schnell-wargames/schnell/gamelog"
)

// launchAndMove: each marker of the side may launch torpedoes at a ship
// its side holds in observation (at 30 cm or more: a real torpedo and 2
// dummies; a dummy marker launches 3 dummies, once), then moves (Order of
// play (2); Torpedoes; Ship movement; Turning). Dummy markers are asked as
// their pot's ships are, so the decisions tell the other side nothing.
func (r *Rules) launchAndMove(c *engine.Ctx, side string) {
	lighters := false
	for _, m := range r.sideMarkers(side) {
		s := m.Ship
		if s != nil && s.Class == Lighter {
			lighters = true
			continue // a lighter moves only in tow (Towed lighters)
		}
		if s != nil {
			s.Turning, s.Launched = false, false
			if !s.Acting() {
				if s.Withdrawn && !s.Disabled && !s.Sunk {
					s.Speed = s.MaxSpeed()
					c.Emit(evMove, gamelog.Str("ship", m.ID), gamelog.Str("course", "withdraw"), gamelog.Int("cm", s.Speed))
				} else {
					s.Speed = 0
				}
				continue
			}
		}
		r.launchOrder(c, m)
		r.move(c, m)
	}
	if lighters {
		r.followTows(c, side)
	}
}

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
	if !r.Aware[side] || !carries || (s != nil && m.Revealed && s.Torps == 0) {
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
	o.Args[0].Default = gamelog.StrV(r.nearestSighted(m, targets))
	o.Args[0].Text = "the ship aimed at"
	o.Check = func(a engine.ArgValues) error {
		if left == 0 {
			return fmt.Errorf("%s has no torpedoes left: hold", m.ID)
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
		d.Prompt = fmt.Sprintf("Does %s launch torpedoes (%s)?", m.ID, r.torpsLeft(m))
	}) == 0 {
		return
	}
	target := d.Args().Str("target")
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
func (r *Rules) nearestSighted(m *Marker, targets []string) string {
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
}

func (r *Rules) torpsLeft(m *Marker) string {
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

// named is a marker as its own side knows it: "eboat1 (A3)", "A2 (a
// dummy)".
func (r *Rules) named(m *Marker) string {
	if m.Ship != nil {
		return m.Ship.Name + " (" + m.ID + ")"
	}
	return m.ID + " (a dummy)"
}

// sideMarkers lists the side's live ship markers, real and dummy.
func (r *Rules) sideMarkers(side string) []*Marker {
	var out []*Marker
	for _, m := range r.Markers {
		if m.Side == side && !m.Torpedo && m.Live() {
			out = append(out, m)
		}
	}
	return out
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
		r.Markers = append(r.Markers, &Marker{ID: id, Side: m.Side, Pot: cup.ID, Torpedo: true, Real: dr.Chits[0] == "torpedo", dr: dr})
		ids = append(ids, id)
	}
	c.Emit(evLaunch, gamelog.Str("ship", m.ID), gamelog.Str("target", target), gamelog.Int("cm", cm), gamelog.Strs("markers", ids))
}

// Courses a ship may steer: the table moves the model, the program keeps
// the speed and whether it turned (the modifiers read them).
var courses = []struct{ name, text string }{
	{"hold", "hold course and speed"},
	{"speed", "move at a speed of your choice, turning or not"},
	{"toward", "turn toward the nearest enemy at full speed (escorts at 45 degrees)"},
	{"comb", "turn to comb or evade torpedo markers at full speed"},
	{"ram", "ram a smaller enemy within reach at full speed"},
	{"away", "turn away and make for your own edge at full speed"},
	{"exit", "leave the table by its far edge"},
	{"astern", "move backwards (stationary last move), up to half the maximum speed"},
	{"tow", ""},
}

func (r *Rules) move(c *engine.Ctx, m *Marker) {
	s := m.Ship
	max, canTurn, speed := r.potMax[m.Pot], true, m.speed // a dummy as fast as its pot's fastest
	name := m.ID
	if s != nil {
		max, speed, name = s.MaxSpeed(), s.Speed, s.Name+" ("+m.ID+")"
		if s.Launched {
			max /= 2 // a ship that fires torpedoes moves at half speed
		}
		canTurn = s.Bridge == 0 || s.BridgeL < s.Bridge // no bridge: no turning
		if r.improvised(s) {
			max /= 2 // an improvised towing vessel: half speed (Towed lighters)
		}
		if s.Drift {
			max, canTurn, s.Drift = 3, false, false
		}
	}
	// stationary last move: it may go astern, in this move only (Ship
	// movement)
	stopped := speed == 0 && !m.astern
	d := c.Ask("move")
	d.Side = m.Side
	unaware := !r.Aware[m.Side]
	for _, k := range courses {
		switch k.name {
		case "speed":
			if unaware {
				continue // scenario ships hold speed and course until aware
			}
			o := d.Add(k.name, k.text, "")
			// swing: the cm spent turning (the stern moved aside), up to
			// half the maximum speed and part of the move (Turning)
			o.Args = []engine.Arg{engine.IntArg("cm", 0, max, "cm"), engine.YesArg("turn"), engine.IntArg("swing", 0, max/2, "cm")}
			o.Args[0].Default = gamelog.IntV(min(speed, max))
			o.Args[0].Text = "the speed this move"
			if m.astern {
				o.Args[0].Default = gamelog.IntV(0)
			}
			o.Args[1].Default = gamelog.Value{Kind: gamelog.KBool}
			o.Args[1].Text = "it turns"
			o.Args[2].Default = gamelog.IntV(0)
			o.Args[2].Text = "the cm spent turning (up to half the maximum speed)"
			o.Check = func(a engine.ArgValues) error {
				cm, swing := a.Int("cm"), a.Int("swing")
				switch {
				case m.astern && cm > 0:
					return fmt.Errorf("%s went astern: it must spend a move stationary (0 cm) before going ahead again (Ship movement)", name)
				case swing > cm:
					return fmt.Errorf("a swing of %d cm is more than the move's %d cm: the turn is part of the move (Turning)", swing, cm)
				case !canTurn && (swing > 0 || a.Yes("turn")):
					return fmt.Errorf("%s cannot turn: its bridge is lost until a point is repaired (Bridge loss), or it is adrift", name)
				}
				return nil
			}
		case "toward", "comb", "ram", "away":
			if unaware || !canTurn || max == 0 {
				continue
			}
			if m.astern {
				d.Refuse(k.name, "", name, " went astern: it must spend a move stationary before going ahead (Ship movement): `speed 0`")
				continue
			}
			d.Add(k.name, k.text, "")
		case "exit":
			if r.Setup.Escaping != m.Side {
				continue
			}
			d.Add(k.name, k.text, "")
		case "astern":
			if unaware || !stopped || max/2 == 0 {
				continue
			}
			o := d.Add(k.name, k.text, "")
			o.Args = []engine.Arg{engine.IntArg("cm", 1, max/2, "cm")}
			o.Args[0].Default = gamelog.IntV(max / 2)
			o.Args[0].Text = "the distance backwards (up to half the maximum speed)"
		case "tow":
			if !unaware {
				r.takeTowOption(d, m)
			}
		default:
			d.Add(k.name, k.text, "")
		}
	}
	i := 0 // hold, when it is all there is (unaware: Scenarios): nothing to ask
	if len(d.Options) > 1 {
		ownFacts(d, m)
		r.carry(d, m)
		i = c.Decide(d, func(d *engine.Decision) {
			d.Prompt = fmt.Sprintf("How does %s move (up to %d cm)?", r.named(m), max)
		})
	}
	course := d.Options[i].Name
	turning := false
	switch course {
	case "hold":
		speed = min(speed, max)
		if m.astern {
			speed, m.astern = 0, false // astern only for one move: it stops
		}
	case "speed":
		speed, turning = d.Args().Int("cm"), d.Args().Yes("turn") || d.Args().Int("swing") > 0
		m.astern = false
	case "astern":
		speed, m.astern = d.Args().Int("cm"), true
	case "tow":
		r.takeTow(c, s, d.Args().Str("lighter"))
		m.astern = false
		c.Emit(evMove, gamelog.Str("ship", m.ID), gamelog.Str("course", course), gamelog.Int("cm", 0), gamelog.Bool("turning", false))
		return
	case "exit":
		if s == nil {
			m.Gone = true
			c.Emit(evRemoved, gamelog.Str("marker", m.ID), gamelog.Str("why", "left by the far edge"))
			return
		}
		r.reveal(c, m, "the far edge")
		s.Escaped = true
		c.Emit(evEscaped, gamelog.Str("ship", s.Name))
		return
	default:
		speed, turning, m.astern = max, true, false
	}
	if s != nil {
		s.Speed, s.Turning = speed, turning
	} else {
		m.speed = speed
	}
	// the table moves the model: the speed is told only of a marker in
	// the open (a hidden one's would tell its class)
	if !m.Revealed {
		c.Emit(evMove, gamelog.Str("ship", m.ID), gamelog.Str("course", course))
		return
	}
	c.Emit(evMove, gamelog.Str("ship", m.ID), gamelog.Str("course", course), gamelog.Int("cm", speed), gamelog.Bool("turning", turning))
}

// observeAndFire: each marker of the side tries to observe (a hidden
// marker once, a ship in sight twice, or once and fire), then may fire at
// a ship the side holds in observation; a hidden marker that fires shows
// what it is (Order of play (3); Observation; Gunfire; Solo rules: "all
// hidden markers have 1 attempt").
func (r *Rules) observeAndFire(c *engine.Ctx, side string) {
	for _, m := range r.sideMarkers(side) {
		clear(m.sights) // this step's sightings replace the last
	}
	for _, m := range r.sideMarkers(side) {
		s := m.Ship
		if s != nil && !s.Acting() {
			continue
		}
		r.observe(c, m, 1)
		if s != nil && !s.Acting() {
			continue
		}
		targets := r.enemyMarkers(side, false, func(e *Marker) bool { return e.Observed && e.Ship != nil })
		if !m.Revealed && len(targets) == 0 {
			continue // nothing to fire at, and no second observation while hidden
		}
		d := c.Ask("fire")
		d.Side = side
		d.Add("hold", "do not fire", "")
		if m.Revealed {
			d.Add("observe", "observe again instead", "")
		}
		if len(targets) > 0 {
			// A hidden marker is offered fire as its pot's ships are; a
			// dummy's is refused (only its side sees why). A ship in the
			// open with no weapon that can fire is not offered it.
			switch {
			case m.Revealed && len(r.firing(s)) == 0:
				d.Refuse("fire", "", s.Name, " has no weapon that can fire (all destroyed, and no bridge for the default twin MG: Early weapons)")
			default:
				o := d.Add("fire", "fire at a ship in sight", "")
				o.Args = []engine.Arg{engine.IDArg("target", targets...)}
				o.Args[0].Default = gamelog.StrV(r.nearestSighted(m, targets))
				o.Args[0].Text = "the ship fired at"
				o.Check = func(engine.ArgValues) error {
					if s == nil {
						return fmt.Errorf("%s is a dummy: it has no guns to fire; hold", m.ID)
					}
					return nil
				}
			}
		}
		if len(d.Options) == 1 {
			continue
		}
		ownFacts(d, m)
		r.sightFacts(d, m)
		r.carry(d, m)
		switch d.Options[c.Decide(d, func(d *engine.Decision) {
			d.Prompt = fmt.Sprintf("Does %s fire its guns?", m.ID)
			if m.Revealed {
				d.Prompt = fmt.Sprintf("Does %s fire its guns, or observe again?", r.named(m))
			}
		})].Name {
		case "observe":
			r.observe(c, m, 2)
		case "fire":
			if !m.Revealed {
				r.reveal(c, m, "its own gunfire")
			}
			r.fire(c, s, r.marker(d.Args().Str("target")))
		}
	}
}

// observe is one observation attempt: the side picks what to look for,
// the table names the marker and measures the range, a D6 with the
// modifiers must reach the score the range needs.
func (r *Rules) observe(c *engine.Ctx, obs *Marker, n int) {
	side := obs.Side
	unseen := r.enemyMarkers(side, false, func(m *Marker) bool { return !m.Observed })
	torps := r.enemyMarkers(side, true, func(m *Marker) bool { return !m.Observed })
	if len(unseen)+len(torps) == 0 {
		return
	}
	if near := r.near[side]; near != nil && !near[obs.ID] {
		return // the table said it is not within 120 cm of an enemy marker
	}
	d := c.Ask("observe")
	d.Side = side
	d.Add("none", "no observation", "")
	if len(unseen) > 0 {
		d.Add("nearest", "the nearest marker not in sight", "")
		d.Default = 1
	}
	if len(torps) > 0 {
		d.Add("torpedo", "the nearest torpedo marker heading for it", "")
	}
	o := d.Add("look", "a marker you name", "")
	o.Args = []engine.Arg{engine.IDArg("marker", append(slices.Clone(unseen), torps...)...)}
	o.Args[0].Text = "the marker looked for"
	ownFacts(d, obs)
	r.carry(d, obs)
	i := c.Decide(d, func(d *engine.Decision) {
		d.Prompt = fmt.Sprintf("What does %s look for?", r.named(obs))
		if n > 1 {
			d.Prompt = fmt.Sprintf("What does %s look for with its second observation?", r.named(obs))
		}
	})
	var ids []string
	what := d.Options[i].Name
	switch what {
	case "none":
		return
	case "nearest":
		ids = unseen
	case "torpedo":
		ids = torps
	case "look":
		ids = []string{d.Args().Str("marker")}
	}
	id, cm, screened, lit := r.askSighting(c, obs, what, ids)
	if id == "" {
		return // nothing within 120 cm: nothing is seen
	}
	m := r.marker(id)
	r.clearFacts()
	r.rf.cm = cm
	r.rf.screened = b2i(screened)
	// +2 a target firing or illuminated; radar and hydrophones (a ship
	// moving 3 cm or more, or a torpedo), NAXOS against a radar: from the
	// observer's card, once it is in the open (rules notes)
	r.rf.firing = b2i(lit)
	if o := obs.Ship; o != nil && obs.Revealed {
		moving3 := m.Torpedo || (m.Ship != nil && m.Ship.Speed >= 3) || (m.Ship == nil && m.speed >= 3)
		r.rf.radar = b2i(o.Radar || (o.Hydrophones && moving3))
		r.rf.naxos = b2i(o.Naxos && m.Revealed && m.Ship != nil && m.Ship.Radar)
	}
	if m.Ship != nil {
		t := m.Ship
		r.rf.firing = b2i(t.Fired || lit)
		r.rf.moving = b2i((t.Speed > 0 && !(t.Class.fast() && t.Speed <= 4)) || cm <= 12)
	} else if m.Torpedo {
		r.rf.moving = 1 // torpedoes run 15 cm a move
	} else {
		// a dummy counts as its pot's ships would: a fast boat's pot at 4 cm
		// or less is not "moving"
		fast := m.Pot != "MERCHANTS" && m.Pot != "ESCORTS"
		r.rf.moving = b2i((m.speed > 0 && !(fast && m.speed <= 4)) || cm <= 12)
	}
	// The size shows by the marker's pot, not its chit: a merchant or
	// escort marker is taken for a big ship, real or dummy, so the roll
	// tells nothing of what it hides (rules notes).
	r.rf.big = b2i(m.Pot == "MERCHANTS" || m.Pot == "ESCORTS" || (m.Revealed && m.Ship != nil && !m.Ship.Class.fast()))
	r.rf.seen = b2i(m.Seen)
	if s := obs.Ship; s != nil && obs.Revealed {
		r.rf.fast = b2i(2*s.Speed > s.MaxSpeed() && s.MaxSpeed() > 0)
	}
	r.rf.weather = b2i(r.Weather == "poor")
	r.rf.aware = b2i(r.Aware[side])
	out := c.Roll("OBS", r.facts(), obs.ID+" observes "+m.ID)
	if v, _ := out.Value("spotted"); v == 1 {
		if m.Ship != nil {
			if obs.sights == nil {
				obs.sights = map[string]int{}
			}
			obs.sights[m.ID] = cm
		}
		r.reveal(c, m, obs.ID)
		if m.Ship != nil || m.Torpedo {
			r.becomeAware(c, side, m.ID+" observed")
		}
	}
}

// firing lists the mounts a ship may fire (indexes into its card's guns):
// those standing. A ship with none standing fires a twin MG by default
// unless its bridge is gone (Early weapons): mount -1.
func (r *Rules) firing(s *Ship) []int {
	var ms []int
	for i := range s.Guns {
		if !s.GunLost[i] {
			ms = append(ms, i)
		}
	}
	if len(ms) == 0 && s.bridgeStands() {
		ms = []int{-1}
	}
	return ms
}

func (s *Ship) bridgeStands() bool { return s.Bridge == 0 || s.BridgeL < s.Bridge }

// mountName names mount i (1-based for the table), -1 the default twin MG.
func mountName(s *Ship, i int) string {
	if i < 0 {
		return "twin MG (default)"
	}
	return fmt.Sprintf("%d: %s", i+1, s.Guns[i].Words())
}

// fire: the ship fires at a target, then may split its other mounts on
// other targets, each mount engaging one enemy a turn (Gunfire: "ships
// with multiple weapons may split fire"). For each target the table
// measures the range and says which mounts bear (the card's arcs: Ship
// statistic charts); cannon and guns fire separately, each group's factor
// by range (the gunfire chart), a D6 plus the variables on the
// shooting-factor table. A ship none of whose weapons fires in any
// direction fires a twin MG by default, unless its bridge is gone (Early
// weapons).
func (r *Rules) fire(c *engine.Ctx, s *Ship, m *Marker) {
	used := map[int]bool{}
	fired := false
	for m != nil {
		var free []int
		for _, i := range r.firing(s) {
			if !used[i] {
				free = append(free, i)
			}
		}
		from := r.markerOf(s)
		cm, bear := askGunRange(c, s, from.ID, m.ID, free, from.sights[m.ID])
		var ws []Weapon
		for _, i := range bear {
			used[i] = true
			if i >= 0 {
				ws = append(ws, s.Guns[i])
			}
		}
		if len(countAs(ws)) == 0 && !fired && s.bridgeStands() {
			// no weapon that counts bears (a lone single MG is ignored):
			// the default twin MG
			ws = []Weapon{TwinMG}
		}
		if len(ws) > 0 {
			fired = true
			r.fireAt(c, s, m, cm, ws)
		}
		m = r.splitTarget(c, s, m, used)
	}
}

// splitTarget asks the side whether the mounts not yet fired this turn
// engage another ship in sight; nil: no more fire.
func (r *Rules) splitTarget(c *engine.Ctx, s *Ship, last *Marker, used map[int]bool) *Marker {
	var free []string
	for _, i := range r.firing(s) {
		if i >= 0 && !used[i] {
			free = append(free, mountName(s, i))
		}
	}
	targets := r.enemyMarkers(s.Side, false, func(e *Marker) bool { return e.Observed && e.Ship != nil && e != last })
	if len(free) == 0 || len(targets) == 0 {
		return nil
	}
	sm := r.markerOf(s)
	d := c.Ask("split")
	d.Side = s.Side
	d.Add("hold", "no more fire this turn", "")
	o := d.Add("fire", "fire them at another ship in sight (each mount one target a turn)", "")
	o.Args = []engine.Arg{engine.IDArg("target", targets...)}
	o.Args[0].Default = gamelog.StrV(r.nearestSighted(sm, targets))
	o.Args[0].Text = "the ship fired at"
	ownFacts(d, sm)
	r.sightFacts(d, sm)
	r.carry(d, sm)
	if c.Decide(d, func(d *engine.Decision) {
		d.Prompt = fmt.Sprintf("Does %s fire its other mounts (%s) at another ship in sight?", sm.ID, strings.Join(free, ", "))
	}) == 0 {
		return nil
	}
	return r.marker(d.Args().Str("target"))
}

// askGunRange is the table's part of a shot: the range, and which of the
// free mounts bear on the target (its arcs on the card: forward mounts
// fire ahead and to the sides, aft mounts astern and to the sides, side
// mounts to their side; a mount blocked by another does not bear).
func askGunRange(c *engine.Ctx, s *Ship, from, to string, free []int, seen int) (int, []int) {
	d := c.Ask("range")
	d.Side = engine.TableSide
	o := d.Add("range", "the range measured on the table, and the mounts that bear", "")
	cm := engine.IntArg("cm", 1, 500, "cm")
	cm.Text = "the range"
	if seen > 0 {
		cm.Default = gamelog.IntV(seen) // measured when it observed the target, nothing moved since
	}
	bears := engine.TextArg("bears")
	bears.Text = "the mounts that bear: all, none, or their numbers (1,3)"
	bears.Default = gamelog.StrV("all")
	bears.Check = func(v gamelog.Value) error {
		_, err := parseBears(v.S, s, free)
		return err
	}
	o.Args = []engine.Arg{cm, bears}
	c.Decide(d, func(d *engine.Decision) {
		var names []string
		for _, i := range free {
			names = append(names, mountName(s, i))
		}
		d.Prompt = fmt.Sprintf("%s fires at %s: how far is it, and which mounts bear (%s)?", from, to, strings.Join(names, ", "))
		if seen > 0 {
			d.Prompt = fmt.Sprintf("%s fires at %s, %d cm off when it observed it: which mounts bear (%s)?", from, to, seen, strings.Join(names, ", "))
		}
	})
	a := d.Args()
	bear, _ := parseBears(a.Str("bears"), s, free)
	return a.Int("cm"), bear
}

// parseBears reads the mounts that bear: "all", "none", or mount numbers
// separated by commas, each a mount free to fire.
func parseBears(text string, s *Ship, free []int) ([]int, error) {
	switch strings.ToLower(text) {
	case "all":
		return free, nil
	case "none", "":
		return nil, nil
	}
	var out []int
	for _, w := range strings.Split(text, ",") {
		n, err := strconv.Atoi(strings.TrimSpace(w))
		if err != nil || n < 1 || n > len(s.Guns) {
			return nil, fmt.Errorf("bears %q: give all, none, or mount numbers 1 to %d separated by commas", text, len(s.Guns))
		}
		if !slices.Contains(free, n-1) {
			return nil, fmt.Errorf("mount %d (%s) is destroyed or has fired this turn: each mount engages one enemy a turn", n, s.Guns[n-1].Words())
		}
		if slices.Contains(out, n-1) {
			return nil, fmt.Errorf("mount %d named twice", n)
		}
		out = append(out, n-1)
	}
	return out, nil
}

// fireAt: the weapons ws fire at m from cm, cannon and guns separately.
func (r *Rules) fireAt(c *engine.Ctx, s *Ship, m *Marker, cm int, ws []Weapon) {
	t := m.Ship
	s.Fired = true
	r.becomeAware(c, t.Side, r.markerOf(s).ID+" fired")
	for _, gun := range []bool{false, true} {
		var group []Weapon
		heaviest := TwinMG
		for _, w := range ws {
			if w.IsGun() == gun {
				group = append(group, w)
			}
		}
		for _, w := range countAs(group) {
			heaviest = max(heaviest, w)
		}
		if len(group) == 0 {
			continue
		}
		f := Factor(group, cm)
		kind := "cannon"
		if gun {
			kind = "guns"
		}
		if f == 0 {
			c.Emit(evOutOfRange, gamelog.Str("ship", r.markerOf(s).ID), gamelog.Str("weapons", kind), gamelog.Int("cm", cm))
			continue
		}
		r.clearFacts()
		r.rf.factor = f
		key := [2]string{s.Name, t.Name}
		r.rf.straddled = b2i(r.straddle[key])
		r.rf.still = b2i(t.Speed == 0)
		r.rf.fast = b2i(2*s.Speed > s.MaxSpeed() || 2*t.Speed > t.MaxSpeed())
		r.rf.turning = b2i(s.Turning)
		r.rf.choppy = b2i(r.Sea == "medium" && s.Class.smallerThanCorvette())
		r.rf.heavy = b2i(gun && heaviest >= Gun6 && s.Class.destroyerOrSmaller())
		// Shooting variables: "add the following and compare with a D6
		// roll; Dice roll, + or -": on the die (the default), or, read the
		// other way, on the shooting factor (variables=factor: rules
		// notes). The table's mod lines hold them either way.
		vars := 0
		if r.Variables == VariablesFactor {
			_, vars = c.Tables().MustGet("GUN").Modify(r.facts(), nil)
			f0 := f
			r.clearFacts()
			r.rf.factor = f0 + vars
		}
		o := c.Roll("GUN", r.facts(), r.markerOf(s).ID+" "+kind+" at "+m.ID)
		hits, _ := o.Value("hits")
		if hits > 0 || o.Sets("straddle") {
			r.straddleN[key] = true
		}
		fields := []gamelog.Field{gamelog.Str("ship", r.markerOf(s).ID), gamelog.Str("target", m.ID), gamelog.Str("weapons", kind), gamelog.Int("cm", cm), gamelog.Int("factor", f)}
		if r.Variables == VariablesFactor {
			fields = append(fields, gamelog.Int("variables", vars))
		}
		c.Emit(evGunfire, append(fields, gamelog.Str("result", o.Result()), gamelog.Int("hits", hits))...)
		if hits > 0 {
			r.pend[t.Side] = append(r.pend[t.Side], pending{target: t, hits: hits, weapon: heaviest, gun: gun, by: r.markerOf(s).ID})
		}
	}
}

// damage: the side calculates the damage its ships took this turn: each
// hit a point (guns by calibre) and a random system; cannon take no boxes
// off ships larger than a corvette and no systems off corvettes and
// larger unless 40 mm or more (Gunfire).
func (r *Rules) damage(c *engine.Ctx, side string) {
	for _, p := range r.pend[side] {
		t := p.target
		if t.Sunk {
			continue
		}
		for range p.hits {
			pts := p.weapon.GunDamage()
			if !p.gun && t.Class > Corvette {
				pts = 0
			}
			c.Emit(evDamage, gamelog.Str("ship", t.Name), gamelog.Str("by", p.by), gamelog.Int("points", pts))
			r.addDamage(c, t, pts)
			if p.gun || !t.Class.corvetteOrLarger() || p.weapon >= Single40 {
				r.system(c, t, p.gun)
			}
		}
	}
	r.pend[side] = nil
}

// turnEnd: sinking ships count down; observation of markers that did not
// fire is lost if they moved away (the table says); straddles carry over
// one turn.
func (r *Rules) turnEnd(c *engine.Ctx) {
	for _, s := range r.Ships {
		if s.SinkIn > 0 && !s.Sunk {
			s.SinkIn--
			if s.SinkIn == 0 {
				r.sink(c, s, "foundered")
			}
		}
	}
	// One question of the table for them all: which moved further away.
	var held []string
	for _, m := range r.Markers {
		if m.Observed && m.Live() && (m.Ship == nil || !m.Ship.Fired) {
			held = append(held, m.ID)
		}
	}
	if len(held) > 0 {
		d := c.Ask("kept")
		d.Side = engine.TableSide
		d.Add("kept", "none moved further away: observation of them all is kept", "")
		o := d.Add("lost", "these moved further from the ships observing them: observation of them is lost", "")
		o.Args = []engine.Arg{engine.TextArg("markers")}
		o.Args[0].Text = "the markers that moved away, separated by commas (M3,E1)"
		o.Check = func(a engine.ArgValues) error {
			_, err := pickMarkers(a.Str("markers"), held)
			return err
		}
		if c.Decide(d, func(d *engine.Decision) {
			d.Prompt = fmt.Sprintf("Turn's end: which of %s, held in observation and not firing, moved further from the ships observing them?", spanText(held))
		}) == 1 {
			lost, _ := pickMarkers(d.Args().Str("markers"), held)
			for _, id := range lost {
				r.marker(id).Observed = false
				c.Emit(evLostSight, gamelog.Str("marker", id))
			}
		}
	}
	r.straddle, r.straddleN = r.straddleN, map[[2]string]bool{}
	for _, s := range r.Ships {
		s.Fired = false
	}
}

func (r *Rules) over() bool {
	return len(r.acting(Attacker)) == 0 || len(r.acting(Defender)) == 0
}

func (r *Rules) acting(side string) []*Ship {
	var out []*Ship
	for _, s := range r.shipsOf(side) {
		if s.Acting() {
			out = append(out, s)
		}
	}
	return out
}

// Losses counts a side's ships lost and '0' pointed (Scenarios 2, 3).
func (r *Rules) Losses(side string) (lost, zero int) {
	for _, s := range r.Ships {
		if s.Side != side {
			continue
		}
		switch {
		case s.Sunk || (s.Disabled && s.Name != r.Setup.Stricken):
			lost++
		case s.Withdrawn:
			zero++
		}
	}
	return lost, zero
}

// ConvoyVP scores Scenario 1 for the Germans (the attackers).
func (r *Rules) ConvoyVP() int {
	vp := 0
	for _, s := range r.Ships {
		lost := s.Sunk || s.Disabled // disabled ships sink or are constructive losses
		switch {
		case s.Side == Defender && lost && (s.Class == Merchant || s.Class > Trawler):
			vp += 2
		case s.Side == Defender && s.TorpHit:
			vp++
		case s.Side == Attacker && lost:
			vp -= 3
		case s.Side == Attacker && s.Withdrawn:
			vp--
		}
	}
	return vp
}

// Outcome applies the scenario's victory conditions: (1) the Germans'
// points, positive a win, negative a loss, 0 a draw; (2) and (3) fewer
// ships lost or '0' pointed; (4) the smaller force wins if the larger
// loses a ship and 2/3 of it escape.
func (r *Rules) Outcome() (vp int, result string) {
	switch r.Scenario {
	case Convoy:
		vp = r.ConvoyVP()
		switch {
		case vp > 0:
			result = "attacker wins"
		case vp < 0:
			result = "defender wins"
		default:
			result = "draw"
		}
	case Rescue, Hunter, Warships, Random:
		al, az := r.Losses(Attacker)
		dl, dz := r.Losses(Defender)
		vp = (dl + dz) - (al + az)
		switch {
		case al+az < dl+dz:
			result = "attacker wins"
		case al+az > dl+dz:
			result = "defender wins"
		default:
			result = "draw"
		}
	case Escape:
		dl, _ := r.Losses(Defender)
		out, n := 0, 0
		for _, s := range r.Ships {
			if s.Side == Attacker {
				n++
				if s.Escaped {
					out++
				}
			}
		}
		vp = out
		if dl > 0 && 3*out >= 2*n {
			result = "attacker wins"
		} else {
			result = "defender wins"
		}
	}
	return vp, result
}

// victory ends the action.
func (r *Rules) victory(c *engine.Ctx) {
	r.VP, r.Result = r.Outcome()
	c.Emit(evVictory, gamelog.Str("scenario", r.Scenario), gamelog.Int("vp", r.VP), gamelog.Str("result", r.Result))
}

// pickMarkers reads a list of marker ids among held: "M3,E1" or "M3 E1",
// each once.
func pickMarkers(text string, held []string) ([]string, error) {
	var out []string
	for _, w := range strings.FieldsFunc(text, func(r rune) bool { return r == ',' || r == ' ' }) {
		i := slices.IndexFunc(held, func(id string) bool { return strings.EqualFold(id, w) })
		switch {
		case i < 0:
			return nil, fmt.Errorf("%s is not held in observation without firing: the markers are %s", w, strings.Join(held, ", "))
		case slices.Contains(out, held[i]):
			return nil, fmt.Errorf("%s named twice", w)
		}
		out = append(out, held[i])
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("name the markers that moved away (%s), or answer kept", strings.Join(held, ", "))
	}
	return out, nil
}

// ownFacts tells the side's own decider what its marker is (class "dummy"
// for a dummy): a side's decisions go only to that side's script or to
// the player who plays it.
func ownFacts(d *engine.Decision, m *Marker) {
	class := "dummy"
	if m.Ship != nil {
		class = m.Ship.Class.String()
	}
	for i := range d.Options {
		d.Options[i].Facts = append(d.Options[i].Facts, gamelog.Str("marker", m.ID), gamelog.Str("class", class))
	}
}
