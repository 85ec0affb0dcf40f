package coastal

import (
	"fmt"
	"slices"

	"github.com/schnell-wargames/schnell/engine"
	"github.com/schnell-wargames/schnell/gamelog"
)

// over: a side has no ship left that can act, and no torpedo marker is
// running (one may yet hit); the action ends.
func (r *Rules) over() bool {
	if len(r.acting(Attacker)) > 0 && len(r.acting(Defender)) > 0 {
		return false
	}
	for _, m := range r.Markers {
		if m.Torpedo && !m.Gone {
			return false
		}
	}
	return true
}

// acting are a side's ships that may still move and shoot.
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

// columnFound: Warship v Warship, 8: once a column's marker proves a real
// ship, markers enough for every other ship of the flotilla are placed
// behind it (live markers, drawn from the pot), then the other columns'
// markers go back into the pot.
func (r *Rules) columnFound(c *engine.Ctx, m *Marker) {
	r.found = true
	cup := r.cups["WARSHIPS"]
	var back []string
	for _, o := range r.Markers {
		if o.Column > 0 && o.Column != m.Column && !o.Gone && !o.Revealed {
			o.Gone = true
			back = append(back, o.ID)
		}
	}
	behind := 0
	for _, o := range r.Markers {
		if o.Column == m.Column && o != m && !o.Gone {
			behind++
		}
	}
	var live []string
	for range max(0, len(r.Setup.Defenders)-1-behind) {
		if cup.Len() == 0 {
			break
		}
		r.nLive++
		id := fmt.Sprintf("L%d", r.nLive)
		dr := c.Draw(engine.Draw{Cup: cup, N: 1, For: "live marker " + id, Side: m.Side, Hidden: true})
		lm := &Marker{ID: id, Side: m.Side, Pot: "WARSHIPS", LiveMark: true, dr: dr, speed: m.speed, In: r.Table == nil}
		if sh := r.ships[dr.Chits[0]]; sh != nil {
			lm.Ship = sh
			r.Ships = append(r.Ships, sh)
		}
		r.Markers = append(r.Markers, lm)
		live = append(live, id)
	}
	// the other columns' markers go back into the pot (their chits with
	// them: the program knows them, the table only takes them off)
	for _, o := range r.Markers {
		if o.Column > 0 && o.Column != m.Column && o.Gone && !o.Revealed && slices.Contains(back, o.ID) {
			if o.Ship != nil {
				r.Ships = slices.DeleteFunc(r.Ships, func(s *Ship) bool { return s == o.Ship })
				cup.Add(o.Ship.Name)
			} else {
				cup.Add("dummy")
			}
		}
	}
	if r.Table != nil {
		r.Table.behind(c, m, live)
	}
	c.Emit(evColumnFound, gamelog.Str("marker", m.ID), gamelog.Int("column", m.Column), gamelog.Strs("removed", back), gamelog.Strs("placed", live))
}

// replaceLive: Warship v Warship, 9: a live marker that proves a dummy is
// replaced by drawing from the pot until a real ship comes.
func (r *Rules) replaceLive(c *engine.Ctx, m *Marker) {
	cup := r.cups["WARSHIPS"]
	for cup.Len() > 0 {
		dr := c.Draw(engine.Draw{Cup: cup, N: 1, For: "replacing " + m.ID, Side: m.Side})
		if sh := r.ships[dr.Chits[0]]; sh != nil {
			m.Ship = sh
			r.Ships = append(r.Ships, sh)
			return
		}
	}
}
