package schnellboats

import (
	"github.com/schnell-wargames/schnell/engine"
	"github.com/schnell-wargames/schnell/gamelog"
)

// View is what a script sees of the campaign, every part made: a copy of
// everything the player can see (docs/lua-api.md lists it).
func (c *Campaign) View() []gamelog.Field { return c.LazyView().All() }

// LazyView is View with the mission, boats and crew made only when a
// script looks at them.
func (c *Campaign) LazyView() engine.View {
	medals := make([]gamelog.Value, len(c.Medals))
	for i, m := range c.Medals {
		medals[i] = gamelog.StrV(m)
	}
	fs := []gamelog.Field{
		str("date", c.Date.String()), str("campaign", lengths[c.Length]), str("boat", boatTypes[c.Type]),
		str("start", c.Start.String()), str("end", c.End.String()),
		num("vp", c.VP), num("grade", c.Grade), gamelog.List("medals", medals...), flag("war_badge", c.WarBadge),
		num("reprimands", c.Reprimand), flag("cognac", c.Cognac), num("hospital_days", c.Hospital),
		num("missions", c.Stats.Missions), num("successful", c.Stats.Successful), num("boats_lost", c.Stats.BoatsLost),
	}
	v := engine.View{Fields: fs}
	if c.Mission != nil {
		v.Parts = append(v.Parts, engine.ViewPart{Key: "mission", Make: c.missionView})
	}
	v.Parts = append(v.Parts, engine.ViewPart{Key: "boats", Make: c.boatsView}, engine.ViewPart{Key: "crew", Make: c.crewView})
	return v
}

func (c *Campaign) missionView() gamelog.Value {
	m := c.Mission
	zone := "CHERBOURG"
	if m.Pos >= 0 && m.Pos < len(m.Route) {
		zone = m.Route[m.Pos]
	}
	reds := []int{}
	if m.FirstZone > 0 {
		reds = []int{m.FirstZone, m.FirstZone + 1, m.FirstZone + 2, m.FirstZone + 3}
	}
	mfs := []gamelog.Field{
		num("n", m.N), str("kind", missionKind[m.Kind]), flag("abstract", m.Abstract), str("weather", weathers[m.Weather]),
		num("sea_state", m.Sea), str("zone", zone), num("turn", m.Turn), gamelog.Ints("zones", reds),
		num("patrolled", m.Patrolled), flag("home", m.Home), flag("special_done", m.Special),
		num("boats_in_formation", c.formed()), num("vp", m.VP)}
	if cb := m.Combat; cb != nil {
		units := []gamelog.Value{}
		for _, u := range cb.Enemy {
			if u.present() {
				units = append(units, gamelog.ObjV(str("id", u.ID), str("type", enemies[u.Type]), str("crew", skills[u.Skill]),
					num("damage", u.Damage), num("hull", u.Hull), str("size", sizes[u.Size]), flag("burning", u.Burns)))
			}
		}
		mfs = append(mfs, gamelog.Obj("combat", num("wave", cb.Wave), num("round", cb.Round), str("range", rangeZones[cb.Zone]),
			str("speed", speeds[cb.Speed]), flag("detected", cb.Detected), flag("armed", c.armed()), gamelog.List("enemies", units...)))
	}
	return gamelog.ObjV(mfs...)
}

func (c *Campaign) boatsView() gamelog.Value {
	sortie := map[*Boat]*Sortie{}
	if m := c.Mission; m != nil {
		for _, s := range m.Sorties {
			sortie[s.Boat] = s
		}
	}
	boats := make([]gamelog.Value, 0, len(c.Boats))
	for i, b := range c.Boats {
		o := []gamelog.Field{str("id", b.ID), str("status", b.Status), num("repair_days", b.RepairDays),
			str("skill", skills[b.Skill]), num("kills", b.Kills), num("missions", b.Missions), flag("boat1", i == c.Flagship)}
		if s := sortie[b]; s != nil {
			o = append(o, num("no", s.No), flag("in_formation", s.Formation && s.Gone == ""), str("gone", s.Gone),
				flag("disabled", s.Disabled), num("points", s.Points), num("torpedoes", s.Torpedoes), num("rockets", s.Rockets), num("passengers", s.Passengers))
			if s.No == 1 {
				o = append(o, num("engines_out", s.EnginesOut), num("jets_out", s.JetsOut), flag("radio_out", s.RadioOut),
					num("cannons_out", s.CannonsOut), num("components", s.Components), num("fire", s.Fire), num("flooded", s.Flooded), num("extinguishers", s.Extinguishers),
					num("mines", s.Mines), num("dcs", s.DCs))
			}
		}
		boats = append(boats, gamelog.ObjV(o...))
	}
	return gamelog.Value{Kind: gamelog.KList, L: boats}
}

func (c *Campaign) crewView() gamelog.Value {
	crew := make([]gamelog.Value, 0, len(c.Crew))
	for _, m := range c.Crew {
		crew = append(crew, gamelog.ObjV(str("name", m.Name), str("position", positionsS[m.Position]), str("special", specials[m.Special]),
			num("lw", m.LW), flag("sw", m.SW), flag("kia", m.KIA), flag("veteran", m.Veteran), num("missions", m.Missions)))
	}
	return gamelog.Value{Kind: gamelog.KList, L: crew}
}
