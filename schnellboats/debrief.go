package schnellboats

import (
	"fmt"

	"github.com/schnell-wargames/schnell/tables"
)

// debriefing is what follows a mission (Completing a Mission, the I, J
// and K tables) and the campaign's end: success and Victory Points,
// veterans and wounds, replacements, repairs, medals and the inquiry,
// the final rating. A view of the campaign's state, made by c.debrief().
type debriefing struct{ *Campaign }

// debrief is the rules after a mission over this campaign.
func (c *Campaign) debrief() debriefing { return debriefing{c} }

// completeMission is "Completing a Mission": wounds and replacements,
// repairs, Victory Points, medals, a Board of Inquiry, veterans and crew skill.
func (c debriefing) completeMission(abstract bool) {
	m := c.Mission
	success := abstract || c.missionSuccess()
	if success {
		c.Stats.Successful++
		if c.Two != nil {
			c.Lead.Successful++
			c.Two.Successful++
		}
	} else {
		c.Stats.Failed++
	}
	sailed := []*Sortie{}
	for _, s := range m.Sorties {
		s.Boat.Missions++
		sailed = append(sailed, s)
	}
	if !abstract {
		c.woundsAfter()
		c.repairs()
	}
	// Victory Points (I-1).
	sunk := 0
	for e, typ := range enemies {
		if n := m.Sunk[typ]; n > 0 {
			c.vp(vpMerchant+VPItem(e), n, sunkWhy[e]) // the first VP items are the enemy types
			sunk += n
			c.Stats.Sunk[typ] += n
		}
	}
	c.vp(vpAircraft, m.Aircraft, "aircraft shot down")
	c.Stats.Aircraft += m.Aircraft
	if m.Special {
		c.vp(vpSpecialSuccess, 1, m.Kind.String()+" accomplished")
	}
	if success {
		c.vp(vpMissionSuccess, 1, "mission successful")
	} else {
		c.vp(vpMissionFailure, 1, "mission failed")
	}
	lost := len(m.LostHulls)
	if m.Boat1Lost {
		c.vp(vpBoat1Lost, 1, "Boat #1 lost")
		c.vp(vpBoatLost, lost-1, "Boats #2-#4 lost")
	} else {
		c.vp(vpBoatLost, lost, "Boats #2-#4 lost")
	}
	c.vp(vpCrewmanKia, m.CrewKIA, "Boat #1 crewmen killed")
	if m.Pilot {
		c.vp(vpPilotRescued, 1, "airman rescued")
	}
	c.record().missionEnd(m, success, sunk, lost)
	// 5.0: successful missions make veterans and raise crew skill.
	if success {
		c.veterans(c.Crew)
		if c.Two != nil {
			c.veterans(c.Two.Crew)
		}
	}
	for _, s := range sailed[1:] {
		if s.Gone == goneSunk || s.Gone == goneAbandoned || c.manned(s) {
			continue
		}
		b := s.Boat
		if success {
			b.Successes++
		}
		c.crewSkill(b)
	}
	for _, cm := range c.Crew {
		if cm.Serving() {
			cm.Missions++
		}
	}
	if c.Two != nil {
		for _, cm := range c.Two.Crew {
			if cm.Serving() {
				cm.Missions++
			}
		}
		c.coop().medalsTwo()
		c.coop().afterTwo(lost, m.Boat1Lost, sunk)
		c.Two.hit = false
		c.Mission = nil
		c.x.Pause("mission_end", 2)
		return
	}
	c.medals()
	// Death ends the campaign first: a Kommandant killed on the mission is
	// never relieved or court-martialled afterwards (4.3: he does not
	// remain in command).
	if k := c.kmdt(); k != nil && k.KIA && !c.Over {
		c.endCampaign("killed")
	}
	if lost > 0 && !c.Over {
		c.inquiry(lost, m.Boat1Lost, sunk)
	}
	c.replaceCrew()
	c.Mission = nil
	c.x.Pause("mission_end", 2)
}

// crewSkill is 5.0: a #2-#4 crew rises one level per 5 kills or per 15
// successful missions (whichever gives more), up to Elite.
func (c debriefing) crewSkill(b *Boat) {
	want := b.Kills/5 + b.Successes/15
	for b.Skill < skillElite && want > b.Earned {
		b.Skill++
		b.Earned++
		c.emit(evCrewSkill, str("boat", b.ID), str("level", b.Skill.String()))
	}
}

// missionSuccess reads the book: a mission aborted before all 4 Red Zones are
// patrolled is a failure whatever was sunk ("Completing a Mission", 4.9),
// and every way home before the task is done is aborting (abortMission): a
// mission succeeds when its task is done (taskDone: the 4 assigned zones
// patrolled, or its special mission accomplished), sunk or not, as an
// abstract patrol does (docs/rules-notes.md).
func (c debriefing) missionSuccess() bool {
	m := c.Mission
	if m.Aborted || !c.taskDone() {
		return false
	}
	if c.read.needSunk { // the option success=sunk: "or no ships were sunk" on its own
		sunk := 0
		for _, n := range m.Sunk {
			sunk += n
		}
		return sunk > 0
	}
	return true
}

// veterans is 5.0: a crewman of a boat with named crewmen is a Veteran
// after 15 successful missions.
func (c debriefing) veterans(crew []*Crewman) {
	for _, cm := range crew {
		if cm.Serving() {
			cm.Successes++
			if cm.Successes >= 15 && !cm.Veteran {
				cm.Veteran = true
				c.emit(evVeteran, sided(c.whose(cm), str("crewman", cm.Name), str("position", cm.Position.String()))...)
			}
		}
	}
}

// woundsAfter is "Completing a Mission" 1 (G-9), for Boat #2's crew too
// in the two-player game.
func (c debriefing) woundsAfter() {
	c.woundsOf(c.Crew, &c.Hospital)
	if c.Two != nil {
		c.woundsOf(c.Two.Crew, &c.Two.Hospital)
	}
}

func (c debriefing) woundsOf(crew []*Crewman, hospital *int) {
	for _, cm := range crew {
		if cm.KIA || (cm.LW == 0 && !cm.SW) {
			continue
		}
		f := facts{crew: cm}
		medic := findCrewman(crew, posMedic)
		if medic != nil && medic.Serving() && medic != cm {
			f.crew = &Crewman{SW: cm.SW, Special: specialMedic}
		}
		o := c.roll(c.ids.WoundAfter, f, cm.Name)
		res := Wound(c.eff(o, "wound"))
		switch res {
		case woundKIA: // dies of his wounds
			cm.KIA, cm.Out = true, true
			c.Stats.CrewKilled++
			if c.Mission != nil {
				c.Mission.CrewKIA++
			}
		case woundSW: // discharged
			if cm.Position == posKMDT {
				cm.SW, cm.LW = false, 0
				*hospital = 14
			} else {
				cm.Out = true
			}
		case woundLW:
			cm.SW, cm.LW = false, 1
		default:
			cm.SW, cm.LW = false, 0
		}
		c.emit(evWoundStatus, sided(c.whose(cm), str("crewman", cm.Name), str("position", cm.Position.String()), str("result", []string{"recovered", "light wound", "discharged", "died of wounds"}[res]))...)
	}
}

// replaceCrew is 3.3 step 1 / "Completing a Mission" 1a-c (K-1, L).
func (c debriefing) replaceCrew() {
	if c.Over {
		return
	}
	for i, cm := range c.Crew {
		if !cm.Out {
			continue
		}
		if cm.Position == posKMDT {
			continue // the campaign ends instead
		}
		c.Fallen = append(c.Fallen, cm)
		c.Crew[i] = c.calendar().newCrewman(cm.Position, true)
	}
}

// repairs is "Completing a Mission" 2 (H-1, H-2) and lost hulls (K-3).
func (c debriefing) repairs() {
	m := c.Mission
	for _, s := range m.Sorties {
		b := s.Boat
		if s.Gone == goneSunk || s.Gone == goneAbandoned {
			b.Status, b.Lost = Lost, b.Lost+1
			b.RepairDays = c.eff(c.roll(c.ids.RepBoat, facts{}, b.ID), "days")
			c.emit(evRepair, str("boat", b.ID), num("days", b.RepairDays), str("why", "lost: a new boat is on order"))
			continue
		}
		dmg := s.Points + s.Components
		if dmg == 0 {
			continue
		}
		if mech := c.crewmanOf(s, posChief); c.manned(s) && mech != nil && mech.Serving() && mech.Special == specialMechanic {
			dmg = max(0, dmg-1)
		}
		days := c.eff(c.roll(c.ids.Repair, facts{damage: dmg}, b.ID), "days")
		for _, part := range s.Destroyed {
			days += c.eff(c.roll(c.ids.Parts, facts{}, b.ID, " ", part), "days")
		}
		b.Status, b.RepairDays = Repair, days
		c.emit(evRepair, str("boat", b.ID), num("days", days))
	}
}

// medals is 6.0: the S-Boat War Badge (12 successful missions, or the
// Kommandant wounded) and the Iron Cross grades by Victory Points (I-2).
func (c debriefing) medals() {
	m := c.Mission
	if !c.WarBadge && (c.Stats.Successful >= 12 || (m != nil && m.KmdtHit)) {
		c.WarBadge = true
		c.award("S-Boat War Badge")
	}
	row := c.lookup(c.ids.Medals[c.Length], facts{})
	g, _ := row.Value("grade", 0)
	for c.Grade < g {
		c.Grade++
		r := c.medalRow(c.Grade)
		medal, _ := r.Text("medal")
		c.award(medal)
	}
}

// medalRow finds the row of a grade in the length's medal table.
func (c debriefing) medalRow(grade int) *tables.Row {
	t, _ := c.x.Tables().Get(c.ids.Medals[c.Length])
	for i := range t.Rows {
		if v, _ := t.Rows[i].Value("grade", 0); v == grade {
			return &t.Rows[i]
		}
	}
	c.x.Fail(fmt.Errorf("table %s has no row for grade %d", t.ID, grade))
	return nil
}

func (c debriefing) award(name string) {
	c.Medals = append(c.Medals, name)
	c.emit(evMedal, sided(c.Lead.Side, str("medal", name), num("vp", c.VP))...)
}

// inquiry is "Completing a Mission" 5 (I-3) with the Fine Cognac (7.0).
func (c debriefing) inquiry(lost int, boat1 bool, sunk int) {
	res := Inquiry(c.eff(c.roll(c.ids.Inquiry, facts{boatsLost: lost, boat1Lost: b2i(boat1), sunk: sunk, crew: c.kmdt()}), "inquiry"))
	if res == inquiryRelieved && c.Cognac {
		d := c.ask(askCognac)
		if c.Two != nil {
			d.Side = c.Lead.Side // 7.0: his own career, whoever led at sea tonight
		}
		d.Prompt = "The Board of Inquiry will relieve you of command. Bribe the Base Commander with the Fine Cognac?"
		d.Add("bribe", "hand over the Fine Cognac: the finding becomes a reprimand", "")
		d.Add("keep", "keep it and accept the finding", "")
		if c.x.Decide(d) == 0 {
			c.Cognac = false
			res = inquiryReprimand
			c.emit(evCognac, str("used", "bribe"))
		}
	}
	c.emit(evInquiry, str("result", res.String()))
	switch res {
	case inquiryReprimand:
		c.Reprimand++
		c.vp(vpReprimand, 1, "reprimand")
	case inquiryRelieved:
		c.endCampaign("relieved")
	case inquiryCourtMartial:
		c.endCampaign("court_martial")
	}
}

func (c debriefing) endCampaign(reason string) {
	if c.Two != nil {
		c.gone = reason // 7.0 step 4: command passes instead (afterTwo)
		return
	}
	c.Over = true
	c.EndReason = reason
}

// finish is 4.3: the final rating by campaign length (J for S-100, I for 5b).
func (c debriefing) finish() {
	if c.EndReason == "" {
		c.EndReason = "completed"
		c.Date = c.End
	}
	row := c.lookup(c.ids.Rating[c.Length], facts{})
	c.Rating, _ = row.Text("rating")
	c.emit(evCampaignEnd, str("date", c.Date.String()), str("reason", c.EndReason), num("vp", c.VP), str("rating", c.Rating))
}

// sunkWhy are the victory_points events' words for each enemy type sunk
// (I-1), made once.
var sunkWhy = func() []string {
	w := make([]string, len(enemies))
	for e, typ := range enemies {
		w[e] = typ + " sunk"
	}
	return w
}()
