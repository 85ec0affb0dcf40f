package schnellboats

import (
	"strconv"

	"github.com/schnell-wargames/schnell/tables"
)

// Enumerations shared by facts and effects. Their order is their value:
// each is a Go type below whose String is its name in these tables (the
// name the tables, the log and the prompt use). The tables' facts and
// effects read them as ints (tables.Facts): they are converted there only.
var (
	boatTypes   = []string{"s100", "5b"}
	lengths     = []string{"short", "medium", "long"}
	weathers    = []string{weatherGood: "good", weatherPoor: "poor", weatherFoggy: "foggy", weatherBad: "bad"}
	zoneColours = []string{"base", "green", "yellow", "red"}
	missionKind = []string{"patrol", "minelaying", "rescue", "recon", "escort_hunt"}
	skills      = []string{"green", "average", "veteran", "elite"}
	encounters  = []string{"none", "air_patrol", "convoy", "mtb_patrol", "mgb_patrol", "destroyers", "submarine", "event"}
	events      = []string{eventNone: "none", eventCognac: "cognac", eventMechanical: "mechanical", eventFogBank: "fog_bank", eventSquall: "squall", eventSeaRises: "sea_rises", eventSeaFalls: "sea_falls", eventSeparated: "separated", eventMine: "mine", eventFriendlyFire: "friendly_fire", eventFlotsam: "flotsam", eventPilot: "pilot", eventIntel: "intel", eventRadioFault: "radio_fault"}
	wounds      = []string{"none", "lw", "sw", "kia"}
	inquiries   = []string{"cleared", "reprimand", "relieved", "court_martial"}
	aircraft    = []string{"beaufighter", "mosquito", "swordfish", "wellington", "typhoon"}
	attacks     = []string{"none", "rockets", "bombs", "strafe", "flare"}
	components  = []string{compNone: "none", compHull: "hull", compEngine: "engine", compRadio: "radio", compCannon: "cannon", compBilge: "bilge", compExtinguisher: "extinguisher", compFire: "fire", compFlooding: "flooding", compCrew: "crew", compTorpedo: "torpedo", compTurbojet: "turbojet", compRocket: "rocket"}
	homecoming  = []string{homeSafe: "safe", homeLate: "late", homeLost: "lost", homeCaptured: "captured"}
	specials    = []string{specialNone: "none", specialSharpEyes: "sharp_eyes", specialSteadyHands: "steady_hands", specialMechanic: "mechanic", specialLucky: "lucky", specialMedic: "medic", specialNavigator: "navigator", specialLeader: "leader"}
	vpItems     = []string{vpMerchant: "merchant", vpTanker: "tanker", vpDestroyer: "destroyer", vpLightCruiser: "light_cruiser", vpMtb: "mtb", vpMgb: "mgb", vpSubmarine: "submarine", vpAircraft: "aircraft", vpMissionSuccess: "mission_success", vpMissionFailure: "mission_failure", vpSpecialSuccess: "special_success", vpBoatLost: "boat_lost", vpBoat1Lost: "boat1_lost", vpCrewmanKia: "crewman_kia", vpPilotRescued: "pilot_rescued", vpReprimand: "reprimand"}
	enemies     = []string{enemyMerchant: "merchant", enemyTanker: "tanker", enemyDestroyer: "destroyer", enemyLightCruiser: "light_cruiser", enemyMtb: "mtb", enemyMgb: "mgb", enemySubmarine: "submarine"}
	rangeZones  = []string{"out", "long", "medium", "close"}
	speeds      = []string{"idle", "slow", "medium", "fast", "very_fast"}
	weapons     = []string{"gun", "torpedo", "rocket"}
	sizes       = []string{"small", "medium", "large"}
	positionsS  = []string{"kmdt", "1wo", "helmsman", "chief_engineer", "engine_crew", "radio", "torpedo_crew", "fwd_gun", "mid_gun", "aft_gun", "dc_crew", "watch_crew", "mine_crew", "medic", "jet_engineer", "rocket_crew"}
)

// enumName is the name of value i of an enumeration, or its number if it
// has none.
func enumName(names []string, i int) string {
	if uint(i) < uint(len(names)) {
		return names[i]
	}
	return enumNumber(i)
}

// enumNumber is a value without a name: apart from enumName, and not
// inlined, so that enumName is inlined where an enumeration's name is read
// (the views and options read them often).
//
//go:noinline
func enumNumber(i int) string { return strconv.Itoa(i) }

// Weather is the night's weather.
type Weather int

func (w Weather) String() string { return enumName(weathers, int(w)) }

// Length is a campaign length (3.1).
type Length int

func (l Length) String() string { return enumName(lengths, int(l)) }

// Campaign lengths (3.1).
const (
	Short Length = iota
	Medium
	Long
)

// BoatType is S-100 or Projekt 5b.
type BoatType int

// String is the boat type's title; Name is its name in the tables and
// the log.
func (t BoatType) String() string {
	if t == P5b {
		return "Projekt 5b"
	}
	return "S-100"
}

func (t BoatType) Name() string { return enumName(boatTypes, int(t)) }

// Boat types.
const (
	S100 BoatType = iota
	P5b
)

// MissionKind is the night's mission type.
type MissionKind int

func (k MissionKind) String() string { return enumName(missionKind, int(k)) }

// Mission kinds.
const (
	kindPatrol MissionKind = iota
	kindMinelaying
	kindRescue
	kindRecon
	kindEscortHunt
)

// Encounter is the result of a zone's encounter table.
type Encounter int

func (e Encounter) String() string { return enumName(encounters, int(e)) }

// Encounter results.
const (
	encNone Encounter = iota
	encAir
	encConvoy
	encMTB
	encMGB
	encDestroyers
	encSubmarine
	encEvent
)

// Aircraft is the type of an attacking aircraft (B-2).
type Aircraft int

func (a Aircraft) String() string { return enumName(aircraft, int(a)) }

// AirAttack is the kind of an air attack (B-5).
type AirAttack int

func (a AirAttack) String() string { return enumName(attacks, int(a)) }

// Air attacks (B-5).
const (
	attackNone AirAttack = iota
	attackRockets
	attackBombs
	attackStrafe
	attackFlare
)

// Inquiry is the finding of a Board of Inquiry (I-3).
type Inquiry int

func (i Inquiry) String() string { return enumName(inquiries, int(i)) }

// Findings of a Board of Inquiry (I-3).
const (
	inquiryCleared Inquiry = iota
	inquiryReprimand
	inquiryRelieved
	inquiryCourtMartial
)

// Weapon is the weapon of a Schnell Boat attack (4.6).
type Weapon int

func (w Weapon) String() string { return enumName(weapons, int(w)) }

// Weapons of a Schnell Boat attack (4.6).
const (
	weaponGun Weapon = iota
	weaponTorpedo
	weaponRocket
)

// Position is a Boat #1 crew position (1.0; its title: positionTitles).
type Position int

func (p Position) String() string { return enumName(positionsS, int(p)) }

// Boat #1 crew positions (1.0).
const (
	posKMDT Position = iota
	pos1WO
	posHelm
	posChief
	posEngine
	posRadio
	posTorpedo
	posFwdGun
	posMidGun
	posAftGun
	posDC
	posWatch
	posMine
	posMedic
	posJet
	posRocket
)

// Colour is the colour of a zone of the strategic map (4.4).
type Colour int

func (c Colour) String() string { return enumName(zoneColours, int(c)) }

// Zone colours (4.4).
const (
	colourBase Colour = iota
	colourGreen
	colourYellow
	colourRed
)

// The night's weather.
const (
	weatherGood Weather = iota
	weatherPoor
	weatherFoggy
	weatherBad
)

// Enemy is an enemy vessel type (C-1, C-2).
type Enemy int

func (e Enemy) String() string { return enumName(enemies, int(e)) }

// Enemy vessel types (C-1, C-2).
const (
	enemyMerchant Enemy = iota
	enemyTanker
	enemyDestroyer
	enemyLightCruiser
	enemyMtb
	enemyMgb
	enemySubmarine
)

// Size is the size class of an enemy vessel (C-4).
type Size int

func (s Size) String() string { return enumName(sizes, int(s)) }

// Size classes (C-4).
const (
	sizeSmall Size = iota
	sizeMedium
	sizeLarge
)

// RangeZone is the squadron's range zone on the Combat Board (4.7).
type RangeZone int

func (z RangeZone) String() string { return enumName(rangeZones, int(z)) }

// Range zones on the Combat Board (4.7).
const (
	zoneOut RangeZone = iota
	zoneLong
	zoneMedium
	zoneClose
)

// Speed is the squadron's speed on the Combat Board (4.7).
type Speed int

func (s Speed) String() string { return enumName(speeds, int(s)) }

// Speeds (4.7).
const (
	speedIdle Speed = iota
	speedSlow
	speedMedium
	speedFast
	speedVeryFast
)

// Event is an event at sea.
type Event int

func (e Event) String() string { return enumName(events, int(e)) }

// Events.
const (
	eventNone Event = iota
	eventCognac
	eventMechanical
	eventFogBank
	eventSquall
	eventSeaRises
	eventSeaFalls
	eventSeparated
	eventMine
	eventFriendlyFire
	eventFlotsam
	eventPilot
	eventIntel
	eventRadioFault
)

// Component is a Boat #1 component hit (G-1).
type Component int

func (c Component) String() string { return enumName(components, int(c)) }

// Boat #1 components hit (G-1).
const (
	compNone Component = iota
	compHull
	compEngine
	compRadio
	compCannon
	compBilge
	compExtinguisher
	compFire
	compFlooding
	compCrew
	compTorpedo
	compTurbojet
	compRocket
)

// Homecoming is how a lone boat comes home.
type Homecoming int

func (h Homecoming) String() string { return enumName(homecoming, int(h)) }

// How a lone boat comes home.
const (
	homeSafe Homecoming = iota
	homeLate
	homeLost
	homeCaptured
)

// Skill is the skill of a crew: Boats #2-#4 (5.0), an enemy warship (C-3),
// a gun crew of Boat #1 (4.12).
type Skill int

func (s Skill) String() string { return enumName(skills, int(s)) }

// Crew skills.
const (
	skillGreen Skill = iota
	skillAverage
	skillVeteran
	skillElite
)

// Wound is a wound of a crewman (G-8, 7.0), or the result of a wound after
// the mission (G-9: recovered, light wound, discharged, died of wounds).
type Wound int

func (w Wound) String() string { return enumName(wounds, int(w)) }

// Wounds (G-8).
const (
	woundNone Wound = iota
	woundLW
	woundSW
	woundKIA
)

// Special is the special skill of a crewman (L-3).
type Special int

func (s Special) String() string { return enumName(specials, int(s)) }

// Special skills of a crewman (L-3).
const (
	specialNone Special = iota
	specialSharpEyes
	specialSteadyHands
	specialMechanic
	specialLucky
	specialMedic
	specialNavigator
	specialLeader
)

// VPItem is what Victory Points are counted for (I-1).
type VPItem int

func (v VPItem) String() string { return enumName(vpItems, int(v)) }

// Victory Point items (I-1); the first are the enemy types, in their order.
const (
	vpMerchant VPItem = iota
	vpTanker
	vpDestroyer
	vpLightCruiser
	vpMtb
	vpMgb
	vpSubmarine
	vpAircraft
	vpMissionSuccess
	vpMissionFailure
	vpSpecialSuccess
	vpBoatLost
	vpBoat1Lost
	vpCrewmanKia
	vpPilotRescued
	vpReprimand
)

// factDefs are the facts a table's conditions read (bound to the rules by
// name in booklet.go's factsByName), in the order the tables number them.
var factDefs = []tables.Def{
	{Name: "month", Kind: tables.Int, Help: "month of the date, 1..12"},
	{Name: "boat", Kind: tables.Enum, Values: boatTypes, Help: "boat type of the squadron"},
	{Name: "length", Kind: tables.Enum, Values: lengths, Help: "campaign length"},
	{Name: "weather", Kind: tables.Enum, Values: weathers, Help: "the night's weather (A-1)"},
	{Name: "sea_state", Kind: tables.Int, Help: "sea state 1..5 in the current zone"},
	{Name: "zone", Kind: tables.Enum, Values: zoneColours, Help: "colour of the current zone"},
	{Name: "red_zone", Kind: tables.Int, Help: "number of the current Red Zone (0 elsewhere)"},
	{Name: "mission", Kind: tables.Enum, Values: missionKind, Help: "the night's mission type"},
	{Name: "boats", Kind: tables.Int, Help: "boats in formation"},
	{Name: "damaged_boats", Kind: tables.Int, Help: "boats in formation with damage"},
	{Name: "boats_lost", Kind: tables.Int, Help: "boats lost this mission"},
	{Name: "vp", Kind: tables.Int, Help: "campaign Victory Points"},
	{Name: "mission_vp", Kind: tables.Int, Help: "Victory Points of this mission"},
	{Name: "medals", Kind: tables.Int, Help: "Iron Cross grades held by the Kommandant"},
	{Name: "sunk", Kind: tables.Int, Help: "enemy ships sunk this mission"},
	{Name: "cognac", Kind: tables.Int, Help: "1 if the Fine Cognac is held"},
	{Name: "spotted", Kind: tables.Int, Help: "1 if the aircraft was spotted first"},
	{Name: "engines_out", Kind: tables.Int, Help: "Boat #1 engines out of action"},
	{Name: "radio_out", Kind: tables.Int, Help: "1 if Boat #1's radio is out"},
	{Name: "stand_in", Kind: tables.Int, Help: "1 if the position is manned by a stand-in (4.12)"},
	{Name: "skill", Kind: tables.Enum, Values: skills, Help: "crew skill of the boat concerned"},
	{Name: "veteran", Kind: tables.Int, Help: "1 if the crewman concerned is a Veteran"},
	{Name: "wounds", Kind: tables.Int, Help: "light wounds of the crewman concerned"},
	{Name: "severe", Kind: tables.Int, Help: "1 if the crewman concerned is severely wounded"},
	{Name: "special", Kind: tables.Enum, Values: specials, Help: "special skill of the crewman concerned"},
	{Name: "missions", Kind: tables.Int, Help: "missions flown in the campaign"},
	{Name: "turn", Kind: tables.Int, Help: "strategic turn of the mission"},
	{Name: "returning", Kind: tables.Int, Help: "1 on the way home"},
	{Name: "days", Kind: tables.Int, Help: "days of the campaign so far"},
	{Name: "damage", Kind: tables.Int, Help: "damage points of the boat concerned"},
	{Name: "aircraft", Kind: tables.Enum, Values: aircraft, Help: "type of the attacking aircraft"},
	{Name: "attack", Kind: tables.Enum, Values: attacks, Help: "kind of air attack"},
	{Name: "successes", Kind: tables.Int, Help: "successful missions of the crewman or crew concerned"},
	{Name: "crew_killed", Kind: tables.Int, Help: "Boat #1 crewmen killed this mission"},
	{Name: "item", Kind: tables.Enum, Values: vpItems, Help: "what Victory Points are counted for (I-1)"},
	{Name: "reprimands", Kind: tables.Int, Help: "reprimands the Kommandant has had"},
	{Name: "position", Kind: tables.Enum, Values: positionsS, Help: "Boat #1 crew position concerned"},
	{Name: "boat1_lost", Kind: tables.Int, Help: "1 if Boat #1 was lost on the mission"},
	{Name: "fast", Kind: tables.Int, Help: "1 if the squadron went to Fast speed (4.4)"},
	{Name: "intel", Kind: tables.Int, Help: "1 if a radio intercept or reconnaissance reported a convoy (A-9, E-3)"},
	{Name: "range", Kind: tables.Enum, Values: rangeZones, Help: "range zone of the attack on the Combat Board (4.7)"},
	{Name: "target", Kind: tables.Enum, Values: enemies, Help: "type of the enemy unit attacked"},
	{Name: "weapon", Kind: tables.Enum, Values: weapons, Help: "weapon of a Schnell Boat attack"},
	{Name: "speed", Kind: tables.Enum, Values: speeds, Help: "the squadron's speed on the Combat Board"},
	{Name: "size", Kind: tables.Enum, Values: sizes, Help: "size class of the enemy unit concerned"},
	{Name: "enemy", Kind: tables.Enum, Values: enemies, Help: "type of the enemy unit that attacks or evades"},
	{Name: "flare", Kind: tables.Int, Help: "1 if a flare lights the squadron this round"},
	{Name: "detected", Kind: tables.Int, Help: "1 once the squadron is detected (No Detection counter removed)"},
	{Name: "damaged", Kind: tables.Int, Help: "damage points the enemy unit concerned has taken"},
	{Name: "disabled", Kind: tables.Int, Help: "1 if the enemy unit attacked is disabled, dead in the water (7.0 Unit Disabled)"},
}

// effectDefs are the effects a table's rows set (read by name: Value,
// Sets, Text).
var effectDefs = []tables.Def{
	{Name: "days", Kind: tables.Int, Help: "days (until the next mission, or of repair); 'roll' = the total"},
	{Name: "weather", Kind: tables.Enum, Values: weathers},
	{Name: "mission", Kind: tables.Enum, Values: missionKind},
	{Name: "abstract", Kind: tables.Flag, Help: "the patrol is performed abstractly (3.3 step 3)"},
	{Name: "first_zone", Kind: tables.Int, Help: "first of the 4 assigned Red Zones"},
	{Name: "sea_state", Kind: tables.Int},
	{Name: "encounter", Kind: tables.Enum, Values: encounters},
	{Name: "event", Kind: tables.Enum, Values: events},
	{Name: "vp", Kind: tables.Int, Help: "Victory Points"},
	{Name: "component", Kind: tables.Enum, Values: components, Help: "Boat #1 component hit"},
	{Name: "points", Kind: tables.Int, Help: "damage points (Boats #2-#4)"},
	{Name: "wound", Kind: tables.Enum, Values: wounds},
	{Name: "inquiry", Kind: tables.Enum, Values: inquiries},
	{Name: "skill", Kind: tables.Enum, Values: skills},
	{Name: "veteran", Kind: tables.Flag},
	{Name: "name", Kind: tables.Text},
	{Name: "special", Kind: tables.Enum, Values: specials},
	{Name: "rating", Kind: tables.Text},
	{Name: "sunk", Kind: tables.Flag},
	{Name: "disabled", Kind: tables.Flag},
	{Name: "kia", Kind: tables.Flag},
	{Name: "rescued", Kind: tables.Flag},
	{Name: "hits", Kind: tables.Int},
	{Name: "spotted", Kind: tables.Flag},
	{Name: "aircraft", Kind: tables.Enum, Values: aircraft},
	{Name: "attack", Kind: tables.Enum, Values: attacks},
	{Name: "home", Kind: tables.Enum, Values: homecoming},
	{Name: "no_part", Kind: tables.Flag, Help: "no replacement part at hand (repair waits)"},
	{Name: "cancel", Kind: tables.Flag, Help: "the mission is cancelled"},
	{Name: "medal", Kind: tables.Text},
	{Name: "waves", Kind: tables.Int},
	{Name: "ships", Kind: tables.Int},
	{Name: "count", Kind: tables.Int},
	{Name: "grade", Kind: tables.Int, Help: "Iron Cross grade (0 none … 6 War Badge with Diamonds)"},
	{Name: "position", Kind: tables.Enum, Values: positionsS, Help: "Boat #1 crew position"},
	{Name: "merchants", Kind: tables.Int, Help: "merchant ships in the wave"},
	{Name: "tankers", Kind: tables.Int, Help: "tankers in the wave"},
	{Name: "destroyers", Kind: tables.Int, Help: "destroyers"},
	{Name: "cruisers", Kind: tables.Int, Help: "light cruisers"},
	{Name: "mtbs", Kind: tables.Int, Help: "Motor Torpedo Boats"},
	{Name: "mgbs", Kind: tables.Int, Help: "Motor Gun Boats"},
	{Name: "subs", Kind: tables.Int, Help: "submarines"},
	{Name: "hull", Kind: tables.Int, Help: "damage points that sink the vessel"},
	{Name: "guns", Kind: tables.Int, Help: "gun attacks per combat round"},
	{Name: "size", Kind: tables.Enum, Values: sizes, Help: "size class"},
	{Name: "evaded", Kind: tables.Flag, Help: "the ship evades and leaves the combat"},
	{Name: "detected", Kind: tables.Flag, Help: "the squadron is detected"},
	{Name: "second_wave", Kind: tables.Flag, Help: "the convoy comes in two waves"},
	{Name: "flare", Kind: tables.Flag, Help: "an escort fires star shell: the combat Flare counter is placed (7.0)"},
}
