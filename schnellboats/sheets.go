package schnellboats

import (
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/schnell-wargames/schnell/engine"
	"github.com/schnell-wargames/schnell/gamelog"
	"github.com/schnell-wargames/schnell/sheet"
)

// SheetNames are the paper forms schnell prints (rules 2.0 f-k).
var SheetNames = []string{"campaign", "crew", "squadron", "damage", "enemy"}

// night is one mission as the Campaign Log Sheet records it.
type night struct {
	N         int
	Date      string
	Kind      string
	Abstract  bool
	Weather   string
	Zones     []int
	Boats     []string
	Sunk      map[string]int
	Lost      []string
	Damaged   []string
	Wounded   int
	Killed    int
	VP, Total int
	Success   bool
	Ended     bool
	Notes     []string
	Contacts  map[string]int // surface encounters by kind
	Met       map[string]int // enemy units of those encounters by type
	Veterans  int
	Hits      map[string][]string // boat → what hit it, in order
	Points    map[string]int      // boat → damage points (Boats #2-#4)
	Nos       map[string]int      // boat → its number tonight
	Mines     int
}

// nights reads the missions out of a log's events.
func nights(evs []gamelog.Event) []*night {
	var out []*night
	var cur *night
	weather := ""
	total := 0
	var within engine.Within // a battle's own events (battles=schnellrules) are not the campaign's
	for i := range evs {
		e := &evs[i]
		if within.Game(e) != "" {
			continue
		}
		switch eventType(e.Type) {
		case evWeather:
			weather = e.Str("weather")
		case evMissionStart:
			v, _ := e.Get("boats")
			cur = &night{N: e.Int("mission"), Date: e.Str("date"), Weather: weather, Boats: v.Strs(), Sunk: map[string]int{}, Contacts: map[string]int{}, Met: map[string]int{},
				Hits: map[string][]string{}, Points: map[string]int{}, Nos: map[string]int{}}
			for j, b := range cur.Boats {
				cur.Nos[b] = j + 1
			}
			out = append(out, cur)
		case evCampaignEnd:
			cur = nil
		}
		if cur == nil {
			continue
		}
		switch eventType(e.Type) {
		case evMissionType:
			cur.Kind = e.Str("kind")
			b, _ := e.Get("abstract")
			cur.Abstract = b.B
		case evZones:
			v, _ := e.Get("red")
			cur.Zones = v.Ints()
		case evBoatDamage:
			b := e.Str("boat")
			if !slices.Contains(cur.Damaged, b) {
				cur.Damaged = append(cur.Damaged, b)
			}
			cur.Hits[b] = append(cur.Hits[b], e.Str("what"))
			if t, ok := e.Get("total"); ok {
				cur.Points[b] = t.I
			}
		case evBoatLost:
			cur.Lost = append(cur.Lost, e.Str("boat")+" "+e.Str("how"))
		case evWound:
			if e.Str("level") == "kia" {
				cur.Killed++
			} else {
				cur.Wounded++
			}
		case evWoundStatus:
			if e.Str("result") == "died of wounds" {
				cur.Killed++
				cur.Wounded--
			}
		case evVictoryPoints:
			total = e.Int("total")
			switch it := e.Str("item"); it {
			case "merchant", "tanker", "destroyer", "light_cruiser", "mtb", "mgb", "submarine":
				cur.Sunk[it] += e.Int("count")
			}
		case evMissionEnd:
			b, _ := e.Get("success")
			cur.Success, cur.VP, cur.Ended = b.B, e.Int("vp"), true
		case evSpecial:
			if b, _ := e.Get("done"); b.B {
				cur.Notes = append(cur.Notes, e.Str("mission")+" done")
				if e.Str("mission") == "minelaying" {
					cur.Mines = 8
				}
			} else {
				cur.Notes = append(cur.Notes, e.Str("mission")+" failed")
			}
		case evEncounter:
			cur.Contacts[e.Str("kind")]++
		case evCombatStart:
			v, _ := e.Get("enemies")
			for _, u := range v.L {
				if t, ok := u.Get("type"); ok {
					cur.Met[t.S]++
				}
			}
		case evAirAttack:
			cur.Notes = append(cur.Notes, "air attack on "+e.Str("boat"))
		case evAirPatrol:
			if e.Str("result") == "shot down" {
				cur.Notes = append(cur.Notes, e.Str("aircraft")+" shot down")
			}
		case evEvent:
			if e.Str("event") == "cognac" {
				cur.Notes = append(cur.Notes, "Fine Cognac found")
			}
		case evCourseHome:
			if strings.HasPrefix(e.Str("why"), "aborted") {
				cur.Notes = append(cur.Notes, "aborted in "+e.Str("zone"))
			}
		case evMedal:
			if side := e.Str("side"); side != "" {
				cur.Notes = append(cur.Notes, "medal: "+e.Str("medal")+" ("+side+")")
			} else {
				cur.Notes = append(cur.Notes, "medal: "+e.Str("medal"))
			}
		case evCommand:
			if e.Str("why") != "set-up" {
				cur.Notes = append(cur.Notes, fmt.Sprintf("%s commands %s: %s", e.Str("side"), roleText(e.Str("role")), e.Str("why")))
			}
		case evInquiry:
			cur.Notes = append(cur.Notes, "inquiry: "+e.Str("result"))
		case evCognac:
			cur.Notes = append(cur.Notes, "cognac bribe")
		case evBattle, evBattleEnd:
			cur.Notes = addBattleNote(cur.Notes, e) // battle.go
		case evVeteran:
			cur.Veterans++
		case evCrewSkill:
			cur.Notes = append(cur.Notes, e.Str("boat")+" crew "+e.Str("level"))
		}
		if cur != nil {
			cur.Total = total
		}
	}
	for _, n := range out {
		// A boat sunk or abandoned is lost, not damaged.
		n.Damaged = slices.DeleteFunc(n.Damaged, func(b string) bool {
			return slices.ContainsFunc(n.Lost, func(l string) bool { return strings.HasPrefix(l, b+" ") })
		})
		if len(n.Contacts) > 0 {
			// "fought: 1 mgb patrol (2 mtb, 1 mgb)": the encounters, then the
			// enemy units met in them (an MGB patrol has MTBs too).
			var parts, met []string
			for _, k := range encounters {
				if c := n.Contacts[k]; c > 0 {
					parts = append(parts, fmt.Sprintf("%d %s", c, strings.ReplaceAll(k, "_", " ")))
				}
			}
			for _, t := range enemies {
				if c := n.Met[t]; c > 0 {
					met = append(met, fmt.Sprintf("%d %s", c, t))
				}
			}
			note := "fought: " + strings.Join(parts, ", ")
			if len(met) > 0 {
				note += " (" + strings.Join(met, ", ") + ")"
			}
			n.Notes = append(n.Notes, note)
		}
		if n.Veterans > 0 {
			n.Notes = append(n.Notes, fmt.Sprintf("%d new veterans", n.Veterans))
		}
	}
	return out
}

// sunkNames are the ships sunk by type, one and many.
var sunkNames = map[string][2]string{
	"merchant": {"merchant ship", "merchant ships"}, "tanker": {"tanker", "tankers"}, "destroyer": {"destroyer", "destroyers"},
	"light_cruiser": {"light cruiser", "light cruisers"}, "mtb": {"MTB", "MTBs"}, "mgb": {"MGB", "MGBs"},
	"submarine": {"submarine", "submarines"},
}

// sunkText is what was sunk, by type: "2 tankers, 1 MTB".
func sunkText(m map[string]int) string {
	var parts []string
	for _, it := range vpItems[:7] {
		if n := m[it]; n > 0 {
			name, ok := sunkNames[it]
			if !ok {
				name = [2]string{words(it), words(it)}
			}
			w := name[1]
			if n == 1 {
				w = name[0]
			}
			parts = append(parts, fmt.Sprintf("%d %s", n, w))
		}
	}
	if len(parts) == 0 {
		return ""
	}
	return strings.Join(parts, ", ")
}

func zonesText(z []int) string {
	if len(z) == 0 {
		return ""
	}
	return fmt.Sprintf("R%d-%d", z[0], z[len(z)-1])
}

// Sheets builds the named sheet ("all": every one but enemy) for the game
// whose log is lg and whose state is c. mission picks the night of the
// damage card (0: the last one).
func Sheets(lg *gamelog.Log, c *Campaign, name string, mission int) ([]sheet.Sheet, error) {
	ns := nights(lg.Events)
	switch name {
	case "campaign":
		return []sheet.Sheet{campaignSheet(c, ns, mission, lg)}, nil
	case "crew":
		return crewSheets(c), nil
	case "squadron":
		return []sheet.Sheet{squadronSheet(c)}, nil
	case "damage":
		s, err := damageSheet(c, ns, mission)
		if err != nil {
			return nil, err
		}
		return []sheet.Sheet{s}, nil
	case "enemy":
		s, err := enemySheet(c, lg.Events, mission)
		if err != nil {
			return nil, err
		}
		return []sheet.Sheet{s}, nil
	case "all":
		out := append([]sheet.Sheet{campaignSheet(c, ns, mission, lg)}, crewSheets(c)...)
		out = append(out, squadronSheet(c))
		if s, err := damageSheet(c, ns, mission); err == nil {
			out = append(out, s)
		}
		if s, err := enemySheet(c, lg.Events, mission); err == nil {
			out = append(out, s)
		}
		return out, nil
	}
	return nil, fmt.Errorf("no sheet %q: say %s or all", name, strings.Join(SheetNames, ", "))
}

func (c pictures) heading() []string {
	if c.Two != nil {
		return c.coop().headingTwo()
	}
	k := "(not yet appointed)"
	if m := c.kmdt(); m != nil {
		k = m.Name
	}
	return []string{
		fmt.Sprintf("Kommandant: %s", k),
		fmt.Sprintf("Campaign: %s, %s to %s; boats: %s", title(c.Length.String()), c.Start, c.End, c.Type),
	}
}

func campaignSheet(c *Campaign, ns []*night, only int, lg *gamelog.Log) sheet.Sheet {
	s := sheet.Sheet{Name: "campaign", Title: "Campaign Log Sheet", Head: c.art().heading(),
		Columns: []string{"Date", "No", "Mission", "Wx", "Zones", "Sunk", "Losses", "VP (total)", "Notes"},
		Widths:  []int{0, 0, 8, 0, 0, 9, 9, 0, 13}}
	missions, wins, lost, killed, sunk := 0, 0, 0, 0, map[string]int{}
	for _, n := range ns {
		missions++
		if n.Success {
			wins++
		}
		lost += len(n.Lost)
		killed += n.Killed
		for k, v := range n.Sunk {
			sunk[k] += v
		}
		if only > 0 && n.N != only {
			continue
		}
		kind := n.Kind
		switch {
		case n.Abstract:
			kind = "abstract"
		case kind == "minelaying":
			kind = "mines"
		}
		var losses []string
		if len(n.Lost) > 0 {
			losses = append(losses, fmt.Sprintf("%d lost", len(n.Lost)))
		}
		if len(n.Damaged) > 0 {
			losses = append(losses, fmt.Sprintf("%d hit", len(n.Damaged)))
		}
		if n.Wounded > 0 {
			losses = append(losses, fmt.Sprintf("%d W", n.Wounded))
		}
		if n.Killed > 0 {
			losses = append(losses, fmt.Sprintf("%d KIA", n.Killed))
		}
		vp := fmt.Sprintf("%+d (%d)", n.VP, n.Total)
		if !n.Ended {
			vp = "at sea"
		}
		s.Rows = append(s.Rows, []string{n.Date, strconv.Itoa(n.N), kind, n.Weather, zonesText(n.Zones),
			sunkText(n.Sunk), strings.Join(losses, ", "), vp, notesText(n.Notes)})
	}
	st := sunkText(sunk)
	if st == "" {
		st = "none"
	}
	s.Foot = []string{fmt.Sprintf("Totals: %d missions (%d successful); ships sunk: %s; boats lost %d; crewmen killed %d; %d VP.", missions, wins, st, lost, killed, c.VP)}
	if c.Two != nil {
		s.Foot = append(s.Foot, c.coop().playersFoot()...)
	} else if len(c.Medals) > 0 {
		s.Foot = append(s.Foot, "Medals: "+strings.Join(c.Medals, ", ")+".")
	}
	for i := len(lg.Events) - 1; i >= 0; i-- {
		if e := &lg.Events[i]; eventType(e.Type) == evCampaignEnd {
			s.Foot = append(s.Foot, fmt.Sprintf("Campaign ended %s (%s). Final rating: %s.", e.Str("date"), e.Str("reason"), e.Str("rating")))
			break
		}
	}
	return s
}

func crewSheet(c *Campaign) sheet.Sheet {
	return crewSheetOf(c, "Crewmen Status Sheet", c.Crew, c.Fallen)
}

// crewSheetOf is the Crewmen Status Sheet of one boat's named crew.
func crewSheetOf(c *Campaign, title string, crew, fallen []*Crewman) sheet.Sheet {
	s := sheet.Sheet{Name: "crew", Title: title, Head: c.art().heading(),
		Columns: []string{"Position", "Name", "Start", "Missions", "Wounds", "Status", "Vet", "Skill"}}
	row := func(m *Crewman) []string {
		status := m.State()
		vet := ""
		if m.Veteran {
			vet = "yes"
		}
		return []string{positionTitles[m.Position], m.Name, m.Start.String(), strconv.Itoa(m.Missions), strconv.Itoa(m.Wounds), status, vet, words(m.Special.String())}
	}
	for _, m := range crew {
		s.Rows = append(s.Rows, row(m))
	}
	for _, m := range fallen {
		s.Rows = append(s.Rows, row(m))
	}
	if len(fallen) > 0 {
		s.Foot = []string{fmt.Sprintf("%d men killed or sent home are listed after the serving crew.", len(fallen))}
	}
	return s
}

func squadronSheet(c *Campaign) sheet.Sheet {
	s := sheet.Sheet{Name: "squadron", Title: "Schnell Boat Squadron Status", Head: c.art().heading(),
		Columns: []string{"Boat", "Role", "Available", "Repair", "Damage", "Crew skill", "Kills", "Missions", "Lost"}}
	no := map[*Boat]*Sortie{}
	if m := c.Mission; m != nil {
		for _, so := range m.Sorties {
			no[so.Boat] = so
		}
	}
	roles := c.art().roles()
	for i, b := range c.Boats {
		role := roles[i]
		avail := "yes"
		if b.Status != Ready {
			avail = string(b.Status)
		}
		dmg := ""
		if so := no[b]; so != nil {
			switch {
			case c.manned(so) && so.Components > 0:
				dmg = fmt.Sprintf("%d component%s", so.Components, plural(so.Components))
			case so.Points > 0:
				dmg = fmt.Sprintf("%d point%s", so.Points, plural(so.Points))
			}
		}
		skill := b.Skill.String()
		if i == c.Flagship || c.Two != nil && i == c.Two.Hull {
			skill = "see crew sheet"
		}
		s.Rows = append(s.Rows, []string{b.ID, role, avail, strconv.Itoa(b.RepairDays), dmg, skill, strconv.Itoa(b.Kills), strconv.Itoa(b.Missions), strconv.Itoa(b.Lost)})
	}
	return s
}

func damageSheet(c *Campaign, ns []*night, mission int) (sheet.Sheet, error) {
	if len(ns) == 0 {
		return sheet.Sheet{}, errors.New("no mission has sailed yet: no Damage Log Card")
	}
	n := ns[len(ns)-1]
	if mission > 0 {
		i := slices.IndexFunc(ns, func(x *night) bool { return x.N == mission })
		if i < 0 {
			return sheet.Sheet{}, fmt.Errorf("no mission %d: missions 1 to %d have sailed", mission, len(ns))
		}
		n = ns[i]
	}
	s := sheet.Sheet{Name: "damage", Title: fmt.Sprintf("Damage Log Card: Mission %d, %s", n.N, n.Date), Head: c.art().heading(),
		Columns: []string{"No", "Boat", "Hits, in order", "Points", "Fate"}, Widths: []int{0, 0, 50, 0, 0}}
	for _, b := range n.Boats {
		fate := "returned"
		if !n.Ended {
			fate = "at sea" // the mission goes on: nobody has returned yet
		}
		for _, l := range n.Lost {
			if strings.HasPrefix(l, b+" ") {
				fate = strings.TrimPrefix(l, b+" ")
			}
		}
		pts := ""
		if n.Nos[b] > 1 && (c.Two == nil || n.Nos[b] != 2) { // two-player: Boat #2 logs components (7.0 step 3)
			pts = strconv.Itoa(n.Points[b])
		}
		s.Rows = append(s.Rows, []string{"#" + strconv.Itoa(n.Nos[b]), b, strings.Join(n.Hits[b], ", "), pts, fate})
	}
	ord := "Ordnance expended: none."
	if n.Mines > 0 {
		ord = fmt.Sprintf("Ordnance expended: %d mines laid.", n.Mines)
	}
	s.Foot = []string{ord, fmt.Sprintf("Crew casualties: %d wounded, %d killed.", n.Wounded, n.Killed)}
	return s, nil
}

// GameSheets builds sheets from a running (or loaded) game.
func GameSheets(g *engine.Game, name string, mission int) ([]sheet.Sheet, error) {
	c, err := CampaignOf(g)
	if err != nil {
		return nil, err
	}
	return Sheets(g.AsLog(), c, name, mission)
}

// enemySheet is the Enemy Unit Status sheet: every enemy unit of the
// combats of one mission (the last with a combat, or --mission N), its
// crew, the hits it took and its fate.
func enemySheet(c *Campaign, evs []gamelog.Event, mission int) (sheet.Sheet, error) {
	type unit struct {
		combat        int
		id, typ, crew string
		hits          []string
		fate          string
	}
	var units []*unit
	byID := map[string]*unit{}
	cur, combats, shown := 0, 0, 0
	for i := range evs {
		e := &evs[i]
		switch eventType(e.Type) {
		case evMissionStart:
			cur, combats = e.Int("mission"), 0
		case evCombatStart:
			if mission != 0 && cur != mission {
				continue
			}
			if cur != shown { // the sheet shows the last mission with a combat
				units, byID = nil, map[string]*unit{}
			}
			combats++
			shown = cur
			v, _ := e.Get("enemies")
			for _, x := range v.L {
				id, _ := x.Get("id")
				t, _ := x.Get("type")
				cr, _ := x.Get("crew")
				u := &unit{combat: combats, id: id.S, typ: t.S, crew: cr.S, fate: "afloat"}
				units = append(units, u)
				byID[id.S] = u
			}
		case evAttack:
			if u := byID[e.Str("target")]; u != nil && (mission == 0 || cur == mission) && e.Str("result") != "miss" {
				u.hits = append(u.hits, e.Str("weapon")+": "+e.Str("result"))
			}
		case evSunk:
			if u := byID[e.Str("unit")]; u != nil {
				u.fate = "sunk by " + e.Str("by")
			}
		case evEvaded:
			if u := byID[e.Str("unit")]; u != nil {
				u.fate = "evaded (" + e.Str("why") + ")"
			}
		case evBurning:
			if u := byID[e.Str("unit")]; u != nil {
				u.hits = append(u.hits, "on fire")
			}
		}
	}
	if len(units) == 0 {
		if mission != 0 {
			return sheet.Sheet{}, fmt.Errorf("mission %d fought no surface combat: no Enemy Unit Status sheet", mission)
		}
		return sheet.Sheet{}, errors.New("no surface combat has been fought yet: no Enemy Unit Status sheet")
	}
	s := sheet.Sheet{Name: "enemy", Title: fmt.Sprintf("Enemy Unit Status: Mission %d", shown), Head: c.art().heading(),
		Columns: []string{"Combat", "Unit", "Type", "Crew", "Hits taken", "Fate"}, Widths: []int{0, 0, 0, 0, 24, 16}} // within 100 columns with a light_cruiser-1
	for _, u := range units {
		s.Rows = append(s.Rows, []string{strconv.Itoa(u.combat), u.id, strings.ReplaceAll(u.typ, "_", " "), u.crew, strings.Join(u.hits, "; "), u.fate})
	}
	return s, nil
}

// notesText is a night's notes as a sheet's cell says them: "fought 2
// convoys and an MGB patrol (7 merchant ships, …)".
func notesText(notes []string) string {
	out := make([]string, len(notes))
	for i, n := range notes {
		if f, ok := strings.CutPrefix(n, "fought: "); ok {
			n = "fought " + foughtText(f)
		}
		out[i] = n
	}
	return strings.Join(out, "; ")
}
