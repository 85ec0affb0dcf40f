package schnellboats

import (
	"github.com/schnell-wargames/schnell/engine"
	"github.com/schnell-wargames/schnell/gamelog"
)

// View is what a script sees of the campaign, every part written: all the
// player can see (docs/lua-api.md lists it).
func (c *Campaign) View() []gamelog.Field { return engine.ViewFields(c) }

// viewParts are the parts of the view a script gets only when it looks.
var viewParts = []string{"mission", "boats", "crew", "crew2"}

// ViewParts implements engine.Viewer.
func (c *Campaign) ViewParts() []string { return viewParts }

// WriteView implements engine.Viewer: the campaign's fields, then on
// demand tonight's mission (nil at base), the six hulls and the crew.
func (c *Campaign) WriteView(w engine.ViewWriter, part int) {
	switch part {
	case -1:
		w.Str("date", c.Date.String())
		w.Str("campaign", c.Length.String())
		w.Str("boat", c.Type.Name())
		w.Str("start", c.Start.String())
		w.Str("end_date", c.End.String())
		w.Int("vp", c.VP)
		w.Int("grade", c.Grade)
		w.Open("medals", true)
		for _, m := range c.Medals {
			w.Str("", m)
		}
		w.Close()
		w.Bool("war_badge", c.WarBadge)
		w.Int("reprimands", c.Reprimand)
		w.Bool("cognac", c.Cognac)
		w.Int("hospital_days", c.Hospital)
		w.Int("missions", c.Stats.Missions)
		w.Int("successful", c.Stats.Successful)
		w.Int("boats_lost", c.Stats.BoatsLost)
		w.Int("players", c.Players)
		w.Str("squadron_side", c.Lead.Side)
	case 0:
		if c.Mission != nil {
			c.view().writeMission(w)
		}
	case 1:
		c.view().writeBoats(w)
	case 2:
		c.view().writeCrew(w)
	case 3:
		c.view().writeCrewOf(w, "crew2", c.view().crew2())
	}
}

// scriptView writes the parts of the campaign's view a script reads
// (WriteView): the mission, the boats, the crews. A view of the
// campaign's state, made by c.view().
type scriptView struct{ *Campaign }

// view writes this campaign's view for a script.
func (c *Campaign) view() scriptView { return scriptView{c} }

func (c scriptView) writeMission(w engine.ViewWriter) {
	m := c.Mission
	zone := "CHERBOURG"
	if m.Pos >= 0 && m.Pos < len(m.Route) {
		zone = m.Route[m.Pos]
	}
	w.Open("mission", false)
	w.Int("n", m.N)
	w.Str("kind", m.Kind.String())
	w.Bool("abstract", m.Abstract)
	w.Str("weather", m.Weather.String())
	w.Int("sea_state", m.Sea)
	w.Str("zone", zone)
	w.Int("turn", m.Turn)
	w.Open("zones", true)
	if m.FirstZone > 0 {
		for i := range 4 {
			w.Int("", m.FirstZone+i)
		}
	}
	w.Close()
	w.Int("patrolled", m.Patrolled)
	w.Bool("home", m.Home)
	w.Bool("special_done", m.Special)
	w.Int("boats_in_formation", c.formed())
	w.Int("vp", m.VP)
	if cb := m.Combat; cb != nil {
		w.Open("combat", false)
		w.Int("wave", cb.Wave)
		w.Int("round", cb.Round)
		w.Str("range", cb.Zone.String())
		w.Str("speed", cb.Speed.String())
		w.Bool("detected", cb.Detected)
		w.Bool("armed", c.board().armed())
		w.Bool("attacked", cb.attacked)
		w.Open("enemies", true)
		for _, u := range cb.Enemy {
			if u.present() {
				w.Open("", false)
				w.Str("id", u.ID)
				w.Str("type", u.Type.String())
				w.Str("crew", u.Skill.String())
				w.Int("damage", u.Damage)
				w.Int("hull", u.Hull)
				w.Str("size", u.Size.String())
				w.Bool("burning", u.Burns)
				w.Bool("disabled", u.Disabled)
				w.Close()
			}
		}
		w.Close()
		w.Close()
	}
	w.Close()
}

func (c scriptView) writeBoats(w engine.ViewWriter) {
	w.Open("boats", true)
	for i, b := range c.Boats {
		w.Open("", false)
		w.Str("id", b.ID)
		w.Str("status", string(b.Status))
		w.Int("repair_days", b.RepairDays)
		w.Str("skill", b.Skill.String())
		w.Int("kills", b.Kills)
		w.Int("missions", b.Missions)
		w.Bool("boat1", i == c.Flagship)
		w.Bool("boat2", c.Two != nil && i == c.Two.Hull)
		if s := c.sortieOf(b); s != nil {
			w.Int("no", s.No)
			w.Bool("in_formation", s.inFormation())
			w.Str("gone", string(s.Gone))
			w.Bool("disabled", s.Disabled)
			w.Int("points", s.Points)
			w.Int("torpedoes", s.Torpedoes)
			w.Int("rockets", s.Rockets)
			w.Int("passengers", s.Passengers)
			// The fields that come and go last, those of a combat the
			// last of all: the script's copy compares a field with the
			// one written at its place last time (scripting's mirror), so
			// the fields after one that came or went are written again.
			if c.manned(s) {
				w.Int("engines_out", s.EnginesOut)
				w.Int("jets_out", s.JetsOut)
				w.Bool("radio_out", s.RadioOut)
				w.Int("cannons_out", s.CannonsOut)
				w.Int("components", s.Components)
				w.Int("fire", s.Fire)
				w.Int("flooded", s.Flooded)
				w.Int("extinguishers", s.Extinguishers)
				w.Int("mines", s.Mines)
				w.Int("dcs", s.DCs)
			}
			if cb := c.Mission.Combat; cb != nil {
				w.Str("range", cb.zoneOf(s).String())
				w.Bool("apart", s.Apart > 0)
				if s.own && s.Apart > 0 {
					w.Str("own_speed", s.ownSpeed.String()) // 7.0: Boat #2 on her own course
				}
			}
		}
		w.Close()
	}
	w.Close()
}

// sortieOf is the hull's sortie tonight, or nil.
func (c scriptView) sortieOf(b *Boat) *Sortie {
	if m := c.Mission; m != nil {
		for _, s := range m.Sorties {
			if s.Boat == b {
				return s
			}
		}
	}
	return nil
}

func (c scriptView) writeCrew(w engine.ViewWriter) { c.writeCrewOf(w, "crew", c.Crew) }

// crew2 is Boat #2's crew in the two-player game (nil: solitaire).
func (c scriptView) crew2() []*Crewman {
	if c.Two == nil {
		return nil
	}
	return c.Two.Crew
}

func (c scriptView) writeCrewOf(w engine.ViewWriter, name string, crew []*Crewman) {
	w.Open(name, true)
	for _, m := range crew {
		w.Open("", false)
		w.Str("name", m.Name)
		w.Str("position", m.Position.String())
		w.Str("special", m.Special.String())
		w.Int("lw", m.LW)
		w.Bool("sw", m.SW)
		w.Bool("kia", m.KIA)
		w.Bool("veteran", m.Veteran)
		w.Int("missions", m.Missions)
		w.Close()
	}
	w.Close()
}
