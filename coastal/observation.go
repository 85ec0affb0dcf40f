package coastal

import (
	"fmt"
	"slices"
	"strings"

	"github.com/schnell-wargames/schnell/engine"
	"github.com/schnell-wargames/schnell/gamelog"
)

// askSighting is the table's part of an observation: which marker, its
// range, whether the observer is screened from it by another ship, and
// whether it is lit by star shell or a searchlight (Observation). Nothing
// is seen beyond 120 cm, so the table may say so instead of measuring:
// for this observer (`far`), for every marker of its side this step
// (`apart`), or for all but the markers it names (`only M3,E1`: only they
// observe this step); id is then "" when this observer sees nothing.
func (r *Rules) askSighting(c *engine.Ctx, obs *Marker, what string, ids []string) (id string, cm int, screened, lit bool) {
	for {
		d := c.Ask("range")
		d.Side = engine.TableSide
		o := d.Add("range", "measured on the table", "")
		o.Args = []engine.Arg{engine.IDArg("marker", ids...), engine.IntArg("cm", 1, 500, "cm"), engine.YesArg("screened"), engine.YesArg("lit")}
		o.Args[0].Default = gamelog.StrV(ids[0])
		o.Args[0].Text = "the marker measured to"
		o.Args[1].Text = "the range"
		o.Args[2].Text = "another ship screens the observer from it"
		o.Args[2].Default = gamelog.Value{Kind: gamelog.KBool}
		o.Args[3].Text = "it is lit by star shell or a searchlight"
		o.Args[3].Default = gamelog.Value{Kind: gamelog.KBool}
		d.Add("far", "nothing within 120 cm of it", "")
		d.Add("apart", "nothing within 120 cm of its whole side", "")
		var side []string
		if r.near[obs.Side] == nil {
			side = r.markerIDs(obs.Side)
			o := d.Add("only", "only these are within 120 cm", "")
			o.Args = []engine.Arg{engine.TextArg("markers")}
			o.Args[0].Text = "the markers within 120 cm of an enemy, separated by commas (M3,E1)"
			o.Check = func(a engine.ArgValues) error {
				_, err := pickMarkers(a.Str("markers"), side)
				return err
			}
		}
		switch d.Options[c.Decide(d, func(d *engine.Decision) {
			switch {
			case what == "look":
				d.Prompt = fmt.Sprintf("%s looks for %s: how far is it?", obs.ID, ids[0])
			case what == "torpedo":
				d.Prompt = fmt.Sprintf("%s looks for the nearest torpedo marker heading for it: which is it, and how far?", obs.ID)
			default:
				d.Prompt = fmt.Sprintf("%s looks for the nearest marker not in sight: which is it, and how far?", obs.ID)
			}
		})].Name {
		case "far":
			return "", 0, false, false
		case "apart":
			r.nearOnly(obs.Side, nil)
			return "", 0, false, false
		case "only":
			near, _ := pickMarkers(d.Args().Str("markers"), side)
			r.nearOnly(obs.Side, near)
			if !r.near[obs.Side][obs.ID] {
				return "", 0, false, false
			}
			continue // this observer is near: its range
		}
		a := d.Args()
		return a.Str("marker"), a.Int("cm"), a.Yes("screened"), a.Yes("lit")
	}
}

// nearOnly records that only the markers ids of side may see anything
// this step (none: no more observation).
func (r *Rules) nearOnly(side string, ids []string) {
	if r.near == nil {
		r.near = map[string]map[string]bool{}
	}
	r.near[side] = map[string]bool{}
	for _, id := range ids {
		r.near[side][id] = true
	}
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
		if (s != nil && !s.Acting()) || (r.Table != nil && !m.In) {
			continue
		}
		r.observe(c, m, 1)
		if s != nil && !s.Acting() {
			continue
		}
		targets := r.enemyMarkers(side, false, func(e *Marker) bool {
			return e.Observed && e.Ship != nil && (r.Table == nil || r.Table.reaches(m, e))
		})
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
			case m.Revealed && len(s.firing()) == 0:
				d.Refuse("fire", "", s.Name, " has no weapon that can fire (all destroyed, and no bridge for the default twin MG: Early weapons)")
			default:
				o := d.Add("fire", "fire at a ship in sight", "")
				o.Args = []engine.Arg{engine.IDArg("target", targets...)}
				o.Args[0].Default = gamelog.StrV(m.nearestSighted(targets))
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
				d.Prompt = fmt.Sprintf("Does %s fire its guns, or observe again?", m.named())
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
	var unseen, torps []string
	if r.Table != nil {
		unseen, torps = r.Table.inReach(obs)
	} else {
		unseen = r.enemyMarkers(side, false, func(m *Marker) bool { return !m.Observed })
		torps = r.enemyMarkers(side, true, func(m *Marker) bool { return !m.Observed })
	}
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
		d.Prompt = fmt.Sprintf("What does %s look for?", obs.named())
		if n > 1 {
			d.Prompt = fmt.Sprintf("What does %s look for with its second observation?", obs.named())
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
	var id string
	var cm int
	var screened, lit bool
	if r.Table != nil {
		id, cm, screened, lit = r.Table.sighting(obs, ids)
	} else {
		id, cm, screened, lit = r.askSighting(c, obs, what, ids)
	}
	if id == "" {
		return // nothing within 120 cm: nothing is seen
	}
	m := r.marker(id)
	r.rf = rollFacts{}
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
	if len(held) > 0 && r.Table != nil {
		r.Table.keep(c, held)
	} else if len(held) > 0 {
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
