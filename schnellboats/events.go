package schnellboats

import (
	"strings"

	"github.com/schnell-wargames/schnell/engine"
	"github.com/schnell-wargames/schnell/gamelog"
)

// eventType is the type of a Schnell Boats log event (the kernel's
// engine.EventType). Every type the rules emit is listed in eventTypes,
// the Definition's Events, and docs/log-format.md documents each with its
// fields (TestLogFormatDocumented; go test ./games).
type eventType = engine.EventType

// The event types, in the order docs/log-format.md lists them.
const (
	evCampaignStart eventType = "campaign_start"
	evCrewman       eventType = "crewman"
	evReplacement   eventType = "replacement"
	evBoat          eventType = "boat"
	evNoMission     eventType = "no_mission"
	evSubstitution  eventType = "substitution"
	evWeather       eventType = "weather"
	evMissionStart  eventType = "mission_start"
	evMissionType   eventType = "mission_type"
	evZones         eventType = "zones"
	evTurn          eventType = "turn"
	evSlowTurn      eventType = "slow_turn"
	evEncounter     eventType = "encounter"
	evCombatStart   eventType = "combat_start"
	evRound         eventType = "round"
	evDraw          eventType = "draw" // the kernel's draw event (engine.Ctx.Draw): the draw cup of 4.6
	evSpeed         eventType = "speed"
	evRange         eventType = "range"
	evDetected      eventType = "detected"
	evAttack        eventType = "attack"
	evSunk          eventType = "sunk"
	evEvaded        eventType = "evaded"
	evBurning       eventType = "burning"
	evUnitDisabled  eventType = "unit_disabled"
	evFlare         eventType = "flare"
	evAbort         eventType = "abort"
	evCombatEnd     eventType = "combat_end"
	evRescue        eventType = "rescue"
	evEvent         eventType = "event"
	evAirPatrol     eventType = "air_patrol"
	evAirAttack     eventType = "air_attack"
	evBoatDamage    eventType = "boat_damage"
	evFire          eventType = "fire"
	evDisabled      eventType = "disabled"
	evCrewHit       eventType = "crew_hit"
	evWound         eventType = "wound"
	evTow           eventType = "tow"
	evTowParted     eventType = "tow_parted"
	evBoatLost      eventType = "boat_lost"
	evCrewLost      eventType = "crew_lost"
	evSeparated     eventType = "separated"
	evLoneBoat      eventType = "lone_boat"
	evSpecial       eventType = "special"
	evSearchTurn    eventType = "search_turn"
	evPilot         eventType = "pilot"
	evPatrolled     eventType = "patrolled"
	evCourseHome    eventType = "course_home"
	evWoundStatus   eventType = "wound_status"
	evRepair        eventType = "repair"
	evNewBoat       eventType = "new_boat"
	evVictoryPoints eventType = "victory_points"
	evMissionEnd    eventType = "mission_end"
	evVeteran       eventType = "veteran"
	evCrewSkill     eventType = "crew_skill"
	evMedal         eventType = "medal"
	evCognac        eventType = "cognac"
	evInquiry       eventType = "inquiry"
	evCampaignEnd   eventType = "campaign_end"
	evCommand       eventType = "command"      // the two-player game (7.0)
	evRejoin        eventType = "rejoin"       // 7.0: Boat #2 back under the squadron's orders
	evBattle        eventType = "battle_start" // a wave fought as a Schnell Rules battle, or why not (battle.go)
	evBattleEnd     eventType = "battle_end"   // the battle's result, before the campaign's events it makes
)

// eventTypes lists every event type.
var eventTypes = []eventType{
	evCampaignStart, evCrewman, evReplacement, evBoat, evNoMission, evSubstitution, evWeather,
	evMissionStart, evMissionType, evZones, evTurn, evSlowTurn, evEncounter, evCombatStart, evRound,
	evDraw, evSpeed, evRange, evDetected, evAttack, evSunk, evEvaded, evBurning, evUnitDisabled, evFlare, evAbort, evCombatEnd,
	evRescue, evEvent, evAirPatrol, evAirAttack, evBoatDamage, evFire, evDisabled, evCrewHit, evWound,
	evTow, evTowParted, evBoatLost, evCrewLost, evSeparated, evLoneBoat, evSpecial, evSearchTurn,
	evPilot, evPatrolled, evCourseHome, evWoundStatus, evRepair, evNewBoat, evVictoryPoints,
	evMissionEnd, evVeteran, evCrewSkill, evMedal, evCognac, evInquiry, evCampaignEnd,
	evCommand, evRejoin, evBattle, evBattleEnd,
}

// emit records a game event of type t.
func (c *Campaign) emit(t eventType, fields ...gamelog.Field) {
	c.x.Emit(t, fields...)
}

// decisionKind is what a decision decides (engine.Decision.Kind); scripts
// read it as d.kind (LuaAPI documents decisionKinds).
type decisionKind string

// The decision kinds: on the map, then in combat.
const (
	askMove           decisionKind = "move"
	askSpecialDone    decisionKind = "special_done"
	askRescueWait     decisionKind = "rescue_wait"
	askPilot          decisionKind = "pilot"
	askAirSpeed       decisionKind = "air_speed"
	askDisabled       decisionKind = "disabled"
	askCognac         decisionKind = "cognac"
	askFlagship       decisionKind = "flagship"
	askSquadron       decisionKind = "squadron"
	askSpeed          decisionKind = "speed"
	askRange          decisionKind = "range"
	askAttack         decisionKind = "attack"
	askBoatAttack     decisionKind = "boat_attack"
	askNextWave       decisionKind = "next_wave"
	askBreakFormation decisionKind = "break_formation"
	askBoatAbort      decisionKind = "boat_abort"
	askBoatSpeed      decisionKind = "boat_speed"
	askBoatRange      decisionKind = "boat_range"
)

// decisionKinds lists every decision kind with its options (Markdown), for
// the Lua API's reference (a test checks every kind asked is listed).
var decisionKinds = []struct {
	kind    decisionKind
	options string
}{
	{askMove, "`next`, `home` (abort the mission: it fails, 4.9), `abort:ID` (Boat #2-#4 ID aborts alone and leaves the squadron; asked again)"},
	{askSpecialDone, "`patrol`, `home`"},
	{askRescueWait, "`search`, `give_up`"},
	{askPilot, "`pick_up`, `leave`"},
	{askAirSpeed, "`fast`, `medium` (only `medium` when the squadron is Slow)"},
	{askDisabled, "`tow` (when allowed), `abandon`"},
	{askCognac, "`bribe`, `keep`"},
	{askFlagship, "one option per ready hull (4.11)"},
	{askSquadron, "before a mission when more than 3 hulls besides Boat #1 are ready, the 3 that sail as #2-#4 (1.0): one option per choice, named by their ids in hull order (`SB2+SB3+SB5`; at the prompt `sail SB2 SB3 SB5`); the default is the first ready hulls"},
	{askSpeed, "combat, each round: `slow`…`very_fast` (as damage allows); `idle` only alongside a disabled boat, to take off her crew (errata G-12)"},
	{askRange, "combat, each round: `closer`, `stay`, `away` (argument `zones`: 1 to what Fast or Very Fast allows, default all), `out` (evade and leave: the mission is aborted, 4.7, 4.9), `abort:ID` (Boat #2-#4 ID aborts alone; asked again)"},
	{askAttack, "combat, each round: the squadron's order, every boat's default: `hold`, `guns:ID`, `torpedo:ID`, `rocket:ID`, `both:ID` (a torpedo or rocket and the guns), `dc:ID` (S-100 Boat #1's depth charges at a submarine in the Close zone; the others fire their guns) (4.6)"},
	{askBoatAttack, "combat, each boat when its counter is drawn from the cup: the same orders, for that boat (each option's `boat`); the default carries out the squadron's order (4.6, 7.0); in the two-player game Boat #2's is p2's (`d.side`)"},
	{askNextWave, "combat: `attack`, `break_off` (aborts the mission, 4.9)"},
	{askBreakFormation, "combat, a heavily damaged Boat #2-#4, or in the two-player game Boat #2 without a radio link to Boat #1 (7.0, p2's): `stay`, `break` (4.8)"},
	{askBoatAbort, "combat, then: `stay`, `abort` (4.9)"},
	{askBoatSpeed, "combat, the two-player game: Boat #2 on her own course each round (7.0 step 2, p2's): `slow`…`very_fast` as her engines allow (each option's `boat`)"},
	{askBoatRange, "combat, then: her own move (4.7 at her speed): `closer`, `stay`, `away` (argument `zones`), `out` (she evades and leaves: she aborts the mission alone, 4.9); the default heads for the squadron's zone"},
}

// decisionsDoc is the Lua API's list of decision kinds and their options.
func decisionsDoc() string {
	var b strings.Builder
	b.WriteString("Decision kinds and their options (`d.default` is the reference Kommandant's choice):\n")
	for _, k := range decisionKinds {
		b.WriteString("\n- `" + string(k.kind) + "` — " + k.options)
	}
	return b.String()
}

// record is the Combat Board's and the voyage's most frequent events,
// written each in one place, their fields built only when someone reads
// them (engine.Ctx.EmitFrom: a batch run reads none).
func (c *Campaign) record() recorder { return recorder{c} }

type recorder struct{ *Campaign }

// attack: attacker at target with weapon (gun, torpedo, rocket,
// depth_charge) from range zone rng, and its result (4.6).
func (c recorder) attack(attacker, target, weapon string, rng RangeZone, result string) {
	c.x.EmitFrom(evAttack, func(f []gamelog.Field) []gamelog.Field {
		return append(f, str("attacker", attacker), str("target", target), str("weapon", weapon), str("range", rng.String()),
			str("weather", c.Mission.Weather.String()), str("result", result))
	})
}

// moved: boat s went from one range zone to another (4.7).
func (c recorder) moved(s *Sortie, from, to RangeZone) {
	c.x.EmitFrom(evRange, func(f []gamelog.Field) []gamelog.Field {
		return append(f, str("boat", s.Boat.ID), str("from", from.String()), str("to", to.String()))
	})
}

// speed: boat s goes at sp now (4.7).
func (c recorder) speed(s *Sortie, sp Speed) {
	c.x.EmitFrom(evSpeed, func(f []gamelog.Field) []gamelog.Field {
		return append(f, str("boat", s.Boat.ID), str("speed", sp.String()))
	})
}

// round: round n of wave on the Combat Board begins (4.6).
func (c recorder) round(n, wave int) {
	c.x.EmitFrom(evRound, func(f []gamelog.Field) []gamelog.Field {
		return append(f, num("n", n), num("wave", wave))
	})
}

// turn: a mission turn on the map in zone at speed, with its sea state
// (4.4, 4.5: one zone a turn at Medium, a sea state roll each turn).
func (c recorder) turn(n int, zone, speed string, sea int) {
	c.x.EmitFrom(evTurn, func(f []gamelog.Field) []gamelog.Field {
		return append(f, num("n", n), str("zone", zone), str("speed", speed), num("sea_state", sea))
	})
}

// victoryPoints: n of item are worth vp, why, for a total of the
// campaign's (I-1).
func (c recorder) victoryPoints(item VPItem, n, vp int, why string) {
	c.x.EmitFrom(evVictoryPoints, func(f []gamelog.Field) []gamelog.Field {
		return append(f, str("item", item.String()), num("count", n), num("vp", vp), str("why", why), num("total", c.VP))
	})
}

// patrolled: the squadron has patrolled zone, the nth Red Zone of its
// mission.
func (c recorder) patrolled(zone string, n int) {
	c.x.EmitFrom(evPatrolled, func(f []gamelog.Field) []gamelog.Field {
		return append(f, str("zone", zone), num("zones", n))
	})
}

// weather: tonight's weather (3.3).
func (c recorder) weather(w Weather) {
	c.x.EmitFrom(evWeather, func(f []gamelog.Field) []gamelog.Field {
		return append(f, str("weather", w.String()))
	})
}

// missionStart: mission m sails tonight with the hulls of sail, Boat #1
// first (3.3).
func (c recorder) missionStart(m *Mission, sail []*Boat) {
	c.x.EmitFrom(evMissionStart, func(f []gamelog.Field) []gamelog.Field {
		ids := c.x.List(len(sail))
		for i, b := range sail {
			ids[i] = gamelog.StrV(b.ID)
		}
		return append(f, num("mission", m.N), str("date", c.Date.String()), gamelog.List("boats", ids...), str("flagship", m.Flagship))
	})
}

// missionType: mission m's kind, and whether it is resolved abstractly
// (3.3 steps 2-3).
func (c recorder) missionType(m *Mission) {
	c.x.EmitFrom(evMissionType, func(f []gamelog.Field) []gamelog.Field {
		return append(f, str("kind", m.Kind.String()), flag("abstract", m.Abstract))
	})
}

// missionEnd: mission m is over, a success or not, with ships sunk and
// hulls lost ("Completing a Mission").
func (c recorder) missionEnd(m *Mission, success bool, sunk, lost int) {
	c.x.EmitFrom(evMissionEnd, func(f []gamelog.Field) []gamelog.Field {
		return append(f, num("mission", m.N), flag("success", success), num("sunk", sunk), num("lost", lost), num("vp", m.VP))
	})
}

// evaded: enemy unit u is gone from the Combat Board, why (4.6, C-6).
func (c recorder) evaded(u *Unit, why string) {
	c.x.EmitFrom(evEvaded, func(f []gamelog.Field) []gamelog.Field {
		return append(f, str("unit", u.ID), str("why", why))
	})
}

// damagePoints: boat s takes n damage points, total s.Points (2.0 f).
func (c recorder) damagePoints(s *Sortie, n int) {
	c.x.EmitFrom(evBoatDamage, func(f []gamelog.Field) []gamelog.Field {
		return append(f, str("boat", s.Boat.ID), str("what", pointsText(n)), num("no", s.No), num("points", n), num("total", s.Points))
	})
}
