package schnellboats

import "github.com/schnell-wargames/schnell/tables"

// bookIDs names the tables of one booklet by their role. The S-100 and
// Projekt 5b booklets give the same roles different ids (the rules book:
// G-9 vs F-9, H-1 vs G-1, I-1 vs H-1, J vs I, K-1 vs J-1, A-4 vs A-3).
type bookIDs struct {
	Days, Weather, MissionType, Abstract, Zones, SeaState             string
	Encounter                                                         [4]string // by zone colour
	Event, Lone, Mechanical, Mine                                     string
	AirFind, AirType, AirSpot, AirAA, AirAttack, AirTarget, AirResult string
	Minelay, Rescue, Recon                                            string
	HitLoc, Points, Fire, Flood, CrewHit, Wound, WoundAfter           string
	Transfer, Water, Search                                           string
	Repair, Parts                                                     string
	VP, Inquiry                                                       string
	Medals, Rating                                                    [3]string // by campaign length
	RepCrewman, RepCrew, RepBoat                                      string
	GivenName, Surname, Special                                       string
	Convoy, Patrols, Crew, Vessels, Detect, Evade                     string
	Gunfire, Torpedo, TorpedoDamage, EnemyFire                        string
	DepthCharge                                                       string // S-100 only: Boat #1's depth charges
}

var s100IDs = bookIDs{
	Days: "A-0", Weather: "A-1", MissionType: "A-2", Abstract: "A-3", Zones: "A-4", SeaState: "A-5",
	Encounter: [4]string{"", "A-6", "A-7", "A-8"},
	Event:     "A-9", Lone: "A-10", Mechanical: "A-11", Mine: "A-12",
	AirFind: "B-1", AirType: "B-2", AirSpot: "B-3", AirAA: "B-4", AirAttack: "B-5", AirTarget: "B-6", AirResult: "B-7",
	Minelay: "E-1", Rescue: "E-2", Recon: "E-3",
	HitLoc: "G-1", Points: "G-2", Fire: "G-3", Flood: "G-4", CrewHit: "G-7", Wound: "G-8", WoundAfter: "G-9",
	Transfer: "G-10-A", Water: "G-10-B", Search: "G-10-C",
	Repair: "H-1", Parts: "H-2",
	VP: "I-1", Inquiry: "I-3",
	Medals:     [3]string{"I-2-S", "I-2-M", "I-2-L"},
	Rating:     [3]string{"J-S", "J-M", "J-L"},
	RepCrewman: "K-1", RepCrew: "K-2", RepBoat: "K-3",
	GivenName: "L-1", Surname: "L-2", Special: "L-3",
	Convoy: "C-1", Patrols: "C-2", Crew: "C-3", Vessels: "C-4", Detect: "C-5", Evade: "C-6",
	Gunfire: "D-1", Torpedo: "D-2", TorpedoDamage: "D-3", EnemyFire: "D-4", DepthCharge: "D-5",
}

// The Projekt 5b booklet: A-2 decides mission type and abstraction at once,
// A-3 assigns the zones, and from the damage tables on the letters are one
// lower than the S-100's (F for G, G for H, H for I, I for J, J for K).
var p5bIDs = bookIDs{
	Days: "A-0", Weather: "A-1", MissionType: "A-2", Abstract: "", Zones: "A-3", SeaState: "A-5",
	Encounter: [4]string{"", "A-6", "A-7", "A-8"},
	Event:     "A-9", Lone: "A-10", Mechanical: "A-11", Mine: "A-12",
	AirFind: "B-1", AirType: "B-2", AirSpot: "B-3", AirAA: "B-4", AirAttack: "B-5", AirTarget: "B-6", AirResult: "B-7",
	Minelay: "", Rescue: "E-2", Recon: "E-3",
	HitLoc: "F-1", Points: "F-2", Fire: "F-3", Flood: "F-4", CrewHit: "F-7", Wound: "F-8", WoundAfter: "F-9",
	Transfer: "F-10-A", Water: "F-10-B", Search: "F-10-C",
	Repair: "G-1", Parts: "G-2",
	VP: "H-1", Inquiry: "H-3",
	Medals:     [3]string{"H-2-S", "H-2-M", "H-2-L"},
	Rating:     [3]string{"I-S", "I-M", "I-L"},
	RepCrewman: "J-1", RepCrew: "J-2", RepBoat: "J-3",
	GivenName: "L-1", Surname: "L-2", Special: "L-3",
	Convoy: "C-1", Patrols: "C-2", Crew: "C-3", Vessels: "C-4", Detect: "C-5", Evade: "C-6",
	Gunfire: "D-1", Torpedo: "D-2", TorpedoDamage: "D-3", EnemyFire: "D-4",
}

// required lists, per booklet, every table the rules roll on and the
// effects each of its rows must set; the loader refuses a booklet (or an
// overlay) that lacks one.
var required = map[string]map[string][]string{
	BookletS100: requiredFor(&s100IDs),
	Booklet5b:   requiredFor(&p5bIDs),
}

// least is what the rules can use of a number a table gives: the days to
// the next mission move the calendar on (3.3: 0 would play the same date
// for ever), and repairs take no negative days.
var least = map[string]map[string]map[string]int{
	BookletS100: leastFor(&s100IDs),
	Booklet5b:   leastFor(&p5bIDs),
}

func leastFor(b *bookIDs) map[string]map[string]int {
	return map[string]map[string]int{
		b.Days: {"days": 1}, b.Repair: {"days": 0}, b.Parts: {"days": 0}, b.RepBoat: {"days": 0},
	}
}

func requiredFor(b *bookIDs) map[string][]string {
	m := map[string][]string{
		b.Days: {"days"}, b.Weather: {"weather"}, b.MissionType: {"mission"}, b.Zones: {"first_zone"},
		b.SeaState: {"sea_state"}, b.Event: {"event"}, b.Lone: {"home"}, b.Mechanical: nil, b.Mine: nil,
		b.AirFind: nil, b.AirType: {"aircraft"}, b.AirSpot: nil, b.AirAA: nil, b.AirAttack: {"attack"},
		b.AirTarget: {"count"}, b.AirResult: {"hits"}, b.Rescue: nil, b.Recon: nil,
		b.HitLoc: {"component"}, b.Points: {"points"}, b.Fire: nil, b.Flood: nil, b.CrewHit: {"position"},
		b.Wound: {"wound"}, b.WoundAfter: {"wound"}, b.Transfer: nil, b.Water: nil, b.Search: nil,
		b.Repair: {"days"}, b.Parts: {"days"}, b.VP: {"vp"}, b.Inquiry: {"inquiry"},
		b.RepCrewman: nil, b.RepCrew: {"skill"}, b.RepBoat: {"days"},
		b.GivenName: {"name"}, b.Surname: {"name"}, b.Special: {"special"},
		b.Convoy: {"merchants"}, b.Patrols: nil, b.Crew: {"skill"}, b.Vessels: {"hull", "guns", "size"},
		b.Detect: nil, b.Evade: nil, b.Gunfire: {"hits"}, b.Torpedo: {"hits"}, b.TorpedoDamage: {"points"}, b.EnemyFire: {"hits"},
	}
	for i := 1; i < 4; i++ {
		m[b.Encounter[i]] = []string{"encounter"}
	}
	for i := range 3 {
		m[b.Medals[i]] = []string{"grade"}
		m[b.Rating[i]] = []string{"rating"}
	}
	if b.Abstract != "" {
		m[b.Abstract] = nil
	}
	if b.Minelay != "" {
		m[b.Minelay] = nil
	}
	if b.DepthCharge != "" {
		m[b.DepthCharge] = []string{"hits"}
	}
	return m
}

// facts answers the tables' conditions from the campaign and from what the
// roll concerns (a crewman, a boat, an aircraft…): a value given with each
// roll (Campaign.roll), so that nothing one roll concerns is read by the
// next. What is not given is the zero value, except skill (given by
// skilled) and speed and size (Medium unless given).
type facts struct {
	c         *Campaign
	crew      *Crewman
	sortie    *Sortie
	damage    int
	aircraft  Aircraft
	attack    AirAttack // none unless given
	item      VPItem
	spotted   int
	standIn   int
	boatsLost int
	boat1Lost int
	sunk      int
	position  Position
	rng       RangeZone
	target    Enemy
	weapon    Weapon
	speed     int // index into speeds, + 1 (atSpeed): 0 is Medium
	size      int // index into sizes, + 1 (ofSize): 0 is Medium
	enemy     Enemy
	flare     int
	disabled  int // the enemy unit attacked is disabled
	detected  int
	damaged   int
	skill     Skill // the crew skill of the attack (for a boat or unit not in a sortie), if skilled
	skilled   bool  // skill is given
}

// atSpeed and ofSize give a speed or a size class with a roll's facts.
func atSpeed(sp Speed) int { return int(sp) + 1 }
func ofSize(sz Size) int   { return int(sz) + 1 }

// factsByName binds the tables' facts (schema.go) by name to what they
// read: of the campaign (f.c), of tonight's mission (none at base: 0), or
// of what the roll concerns (the other fields of f). Both booklets share
// the facts, so one binding serves them (and a player's overlays).
var factsByName = tables.Bind[*facts](&tables.Schema{Facts: factDefs}).
	Fact("month", func(f *facts) int { return f.c.Date.Month() }).
	Fact("boat", func(f *facts) int { return int(f.c.Type) }).
	Fact("length", func(f *facts) int { return int(f.c.Length) }).
	Fact("weather", func(f *facts) int { return onMission(f, func(m *Mission) int { return int(m.Weather) }) }).
	Fact("sea_state", func(f *facts) int { return onMission(f, func(m *Mission) int { return m.Sea }) }).
	Fact("zone", func(f *facts) int { return inZone(f, func(z *Zone) int { return int(z.Colour) }) }).
	Fact("red_zone", func(f *facts) int { return inZone(f, func(z *Zone) int { return z.Red }) }).
	Fact("mission", func(f *facts) int { return onMission(f, func(m *Mission) int { return int(m.Kind) }) }).
	Fact("boats", func(f *facts) int { return onMission(f, func(*Mission) int { return f.c.formed() }) }).
	Fact("damaged_boats", func(f *facts) int {
		n := 0
		for _, s := range f.c.formation() {
			if s.Points > 0 || s.Components > 0 {
				n++
			}
		}
		return n
	}).
	Fact("boats_lost", func(f *facts) int { return f.boatsLost }).
	Fact("boat1_lost", func(f *facts) int { return f.boat1Lost }).
	Fact("vp", func(f *facts) int { return f.c.VP }).
	Fact("mission_vp", func(f *facts) int { return onMission(f, func(m *Mission) int { return m.VP }) }).
	Fact("medals", func(f *facts) int { return f.c.Grade }).
	Fact("sunk", func(f *facts) int { return f.sunk }).
	Fact("cognac", func(f *facts) int { return b2i(f.c.Cognac) }).
	Fact("spotted", func(f *facts) int { return f.spotted }).
	Fact("fast", func(f *facts) int { return onMission(f, func(m *Mission) int { return b2i(m.Fast) }) }).
	Fact("engines_out", func(f *facts) int {
		if s := f.boat1(); s != nil {
			return s.EnginesOut
		}
		return 0
	}).
	Fact("radio_out", func(f *facts) int {
		if f.sortie != nil {
			// The roll concerns one boat (a lone boat, A-10): her own
			// radio (our reading; #2-#4 radios are not tracked, 2.0 f).
			return b2i(f.sortie.RadioOut)
		}
		if s := f.c.flagBoat(); s != nil {
			return b2i(s.RadioOut)
		}
		return 0
	}).
	Fact("stand_in", func(f *facts) int { return f.standIn }).
	Fact("skill", func(f *facts) int {
		switch {
		case f.skilled:
			return int(f.skill)
		case f.sortie != nil:
			return int(f.sortie.Boat.Skill)
		}
		return int(skillAverage)
	}).
	Fact("veteran", func(f *facts) int { return ofCrewman(f, func(m *Crewman) int { return b2i(m.Veteran) }) }).
	Fact("wounds", func(f *facts) int { return ofCrewman(f, func(m *Crewman) int { return m.LW }) }).
	Fact("severe", func(f *facts) int { return ofCrewman(f, func(m *Crewman) int { return b2i(m.SW) }) }).
	Fact("special", func(f *facts) int { return ofCrewman(f, func(m *Crewman) int { return int(m.Special) }) }).
	Fact("successes", func(f *facts) int { return ofCrewman(f, func(m *Crewman) int { return m.Successes }) }).
	Fact("missions", func(f *facts) int { return f.c.Stats.Missions }).
	Fact("turn", func(f *facts) int { return onMission(f, func(m *Mission) int { return m.Turn }) }).
	Fact("returning", func(f *facts) int { return onMission(f, func(m *Mission) int { return b2i(m.Home) }) }).
	Fact("days", func(f *facts) int { return f.c.Date.DaysSince(f.c.Start) }).
	Fact("damage", func(f *facts) int { return f.damage }).
	Fact("aircraft", func(f *facts) int { return int(f.aircraft) }).
	Fact("attack", func(f *facts) int { return int(f.attack) }).
	Fact("crew_killed", func(f *facts) int { return onMission(f, func(m *Mission) int { return m.CrewKIA }) }).
	Fact("item", func(f *facts) int { return int(f.item) }).
	Fact("reprimands", func(f *facts) int { return f.c.Reprimand }).
	Fact("position", func(f *facts) int { return int(f.position) }).
	Fact("intel", func(f *facts) int { return onMission(f, func(m *Mission) int { return b2i(m.Intel) }) }).
	Fact("range", func(f *facts) int { return int(f.rng) }).
	Fact("target", func(f *facts) int { return int(f.target) }).
	Fact("weapon", func(f *facts) int { return int(f.weapon) }).
	Fact("speed", func(f *facts) int {
		if f.speed == 0 {
			return int(speedMedium)
		}
		return f.speed - 1
	}).
	Fact("size", func(f *facts) int {
		if f.size == 0 {
			return int(sizeMedium)
		}
		return f.size - 1
	}).
	Fact("enemy", func(f *facts) int { return int(f.enemy) }).
	Fact("flare", func(f *facts) int { return f.flare }).
	Fact("detected", func(f *facts) int {
		if m := f.c.Mission; m != nil && m.Combat != nil && m.Combat.Detected {
			return 1
		}
		return f.detected
	}).
	Fact("damaged", func(f *facts) int { return f.damaged }).
	Fact("disabled", func(f *facts) int { return f.disabled })

// onMission reads a fact of tonight's mission: 0 at base.
func onMission(f *facts, get func(*Mission) int) int {
	if m := f.c.Mission; m != nil {
		return get(m)
	}
	return 0
}

// inZone reads a fact of the zone the squadron is in: 0 at base.
func inZone(f *facts, get func(*Zone) int) int {
	if m := f.c.Mission; m != nil && m.Pos >= 0 && m.Pos < len(m.Route) {
		return get(m.zoneAt(m.Pos))
	}
	return 0
}

// ofCrewman reads a fact of the crewman the roll concerns: 0 for none.
func ofCrewman(f *facts, get func(*Crewman) int) int {
	if f.crew != nil {
		return get(f.crew)
	}
	return 0
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

// boat1 is the boat a table's "Boat #1" means: Boat #1, or Boat #2 on its
// own turn in the two-player game (7.0 step 3).
func (f *facts) boat1() *Sortie {
	if s := f.sortie; s != nil && f.c.isBoat2(s) {
		return s
	}
	return f.c.flagBoat()
}
