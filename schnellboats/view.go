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

// The view's objects are written from small values (engine.Fields): a
// script's copy keeps an object whose value is unchanged since the last
// decision (most are) without writing its fields again. Each value holds
// its strings first, then its numbers, then its flags: Go compares it in
// a few runs of memory, not field by field. What changes from round to
// round (a combat's fields) is written as it is, outside the runs.

func (c scriptView) writeMission(w engine.ViewWriter) {
	m := c.Mission
	zone := "CHERBOURG"
	if m.Pos >= 0 && m.Pos < len(m.Route) {
		zone = m.Route[m.Pos]
	}
	w.Open("mission", false)
	engine.Fields(w, missionView{
		n: m.N, kind: m.Kind, abstract: m.Abstract, weather: m.Weather, sea: m.Sea, zone: zone,
		turn: m.Turn, firstZone: m.FirstZone, patrolled: m.Patrolled, home: m.Home,
		special: m.Special, formed: c.formed(), vp: m.VP,
	})
	if cb := m.Combat; cb != nil {
		w.Open("combat", false)
		w.Int("wave", cb.Wave) // fields that change from round to round, written as they are
		w.Int("round", cb.Round)
		w.Str("range", cb.Zone.String())
		w.Str("speed", cb.Speed.String())
		w.Bool("detected", cb.Detected)
		w.Bool("armed", c.board().armed())
		w.Bool("attacked", cb.attacked)
		w.Open("enemies", true)
		for _, u := range cb.Enemy {
			if u.present() {
				engine.Object(w, "", unitView{
					id: u.ID, typ: u.Type, skill: u.Skill, damage: u.Damage, hull: u.Hull,
					size: u.Size, burns: u.Burns, disabled: u.Disabled,
				})
			}
		}
		w.Close()
		w.Close()
	}
	w.Close()
}

// missionView is the mission's own fields.
type missionView struct {
	zone      string
	n         int
	kind      MissionKind
	weather   Weather
	sea       int
	turn      int
	firstZone int
	patrolled int
	formed    int
	vp        int
	abstract  bool
	home      bool
	special   bool
}

func (v missionView) WriteRun(w engine.ViewWriter) {
	w.Int("n", v.n)
	w.Str("kind", v.kind.String())
	w.Bool("abstract", v.abstract)
	w.Str("weather", v.weather.String())
	w.Int("sea_state", v.sea)
	w.Str("zone", v.zone)
	w.Int("turn", v.turn)
	w.Open("zones", true)
	if v.firstZone > 0 {
		for i := range 4 {
			w.Int("", v.firstZone+i)
		}
	}
	w.Close()
	w.Int("patrolled", v.patrolled)
	w.Bool("home", v.home)
	w.Bool("special_done", v.special)
	w.Int("boats_in_formation", v.formed)
	w.Int("vp", v.vp)
}

// unitView is an enemy unit present.
type unitView struct {
	id       string
	typ      Enemy
	skill    Skill
	damage   int
	hull     int
	size     Size
	burns    bool
	disabled bool
}

func (v unitView) WriteRun(w engine.ViewWriter) {
	w.Str("id", v.id)
	w.Str("type", v.typ.String())
	w.Str("crew", v.skill.String())
	w.Int("damage", v.damage)
	w.Int("hull", v.hull)
	w.Str("size", v.size.String())
	w.Bool("burning", v.burns)
	w.Bool("disabled", v.disabled)
}

func (c scriptView) writeBoats(w engine.ViewWriter) {
	w.Open("boats", true)
	for i, b := range c.Boats {
		v := boatView{
			id: b.ID, status: string(b.Status), repairDays: b.RepairDays, skill: b.Skill, kills: b.Kills,
			missions: b.Missions, boat1: i == c.Flagship, boat2: c.Two != nil && i == c.Two.Hull,
		}
		s := c.sortieOf(b)
		if s != nil {
			v.sortie = true
			v.no, v.inFormation, v.gone, v.disabled = s.No, s.inFormation(), string(s.Gone), s.Disabled
			v.points, v.torpedoes, v.rockets, v.passengers = s.Points, s.Torpedoes, s.Rockets, s.Passengers
			if c.manned(s) {
				v.manned = true
				v.enginesOut, v.jetsOut, v.radioOut, v.cannonsOut = s.EnginesOut, s.JetsOut, s.RadioOut, s.CannonsOut
				v.components, v.fire, v.flooded = s.Components, s.Fire, s.Flooded
				v.extinguishers, v.mines, v.dcs = s.Extinguishers, s.Mines, s.DCs
			}
		}
		if s == nil || c.Mission.Combat == nil {
			engine.Object(w, "", v)
			continue
		}
		// A combat's fields come last, and apart: they change from round
		// to round, the rest seldom.
		w.Open("", false)
		engine.Fields(w, v)
		w.Str("range", c.Mission.Combat.zoneOf(s).String())
		w.Bool("apart", s.Apart > 0)
		if s.own && s.Apart > 0 {
			w.Str("own_speed", s.ownSpeed.String()) // 7.0: Boat #2 on her own course
		}
		w.Close()
	}
	w.Close()
}

// boatView is one hull, and her sortie tonight if she sails.
type boatView struct {
	id, status, gone          string
	repairDays                int
	skill                     Skill
	kills, missions           int
	no                        int
	points, torpedoes         int
	rockets, passengers       int
	enginesOut, jetsOut       int
	cannonsOut, components    int
	fire, flooded             int
	extinguishers, mines, dcs int
	boat1, boat2              bool
	sortie                    bool
	inFormation               bool
	disabled                  bool
	manned                    bool // Boat #1, or Boat #2 of the two-player game: a damage log of her own
	radioOut                  bool
}

func (v boatView) WriteRun(w engine.ViewWriter) {
	w.Str("id", v.id)
	w.Str("status", v.status)
	w.Int("repair_days", v.repairDays)
	w.Str("skill", v.skill.String())
	w.Int("kills", v.kills)
	w.Int("missions", v.missions)
	w.Bool("boat1", v.boat1)
	w.Bool("boat2", v.boat2)
	if !v.sortie {
		return
	}
	w.Int("no", v.no)
	w.Bool("in_formation", v.inFormation)
	w.Str("gone", v.gone)
	w.Bool("disabled", v.disabled)
	w.Int("points", v.points)
	w.Int("torpedoes", v.torpedoes)
	w.Int("rockets", v.rockets)
	w.Int("passengers", v.passengers)
	// The fields that come and go last, those of a combat the last of
	// all: the script's copy compares a field with the one written at its
	// place last time (scripting's mirror), so the fields after one that
	// came or went are written again.
	if v.manned {
		w.Int("engines_out", v.enginesOut)
		w.Int("jets_out", v.jetsOut)
		w.Bool("radio_out", v.radioOut)
		w.Int("cannons_out", v.cannonsOut)
		w.Int("components", v.components)
		w.Int("fire", v.fire)
		w.Int("flooded", v.flooded)
		w.Int("extinguishers", v.extinguishers)
		w.Int("mines", v.mines)
		w.Int("dcs", v.dcs)
	}
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
		engine.Object(w, "", crewView{
			name: m.Name, position: m.Position, special: m.Special, lw: m.LW,
			sw: m.SW, kia: m.KIA, veteran: m.Veteran, missions: m.Missions,
		})
	}
	w.Close()
}

// crewView is one crewman.
type crewView struct {
	name     string
	position Position
	special  Special
	lw       int
	missions int
	sw       bool
	kia      bool
	veteran  bool
}

func (v crewView) WriteRun(w engine.ViewWriter) {
	w.Str("name", v.name)
	w.Str("position", v.position.String())
	w.Str("special", v.special.String())
	w.Int("lw", v.lw)
	w.Bool("sw", v.sw)
	w.Bool("kia", v.kia)
	w.Bool("veteran", v.veteran)
	w.Int("missions", v.missions)
}
