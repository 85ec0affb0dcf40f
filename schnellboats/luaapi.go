package schnellboats

import (
	"github.com/schnell-wargames/schnell/scripting/luadoc"
)

// LuaAPI is the table that registers what scripts see.
var LuaAPI = apiFields([][4]string{
	{"Option", "boat", "string?", "flagship: the hull offered; boat_attack: the boat whose counter is drawn (every option names it); boat_speed, boat_range: Boat #2 on her own course (7.0)"},
	{"Option", "skill", "string?", "flagship: its crew's skill"},
	{"Option", "kills", "integer?", "flagship: its crew's kills"},
	{"Option", "zone", "string?", "move next: the zone ahead"},
	{"Option", "boats", "string?", "squadron: the hulls that sail as #2, #3, #4, space-separated"},
	{"Option", "crews", "string?", "squadron: their crews' skills, in the same order"},
	{"Option", "points", "integer?", "break_formation, boat_abort: the boat's damage points"},
	{"Option", "type", "string?", "attack, boat_attack: the target's type"},
	{"Option", "damage", "integer?", "attack, boat_attack: the target's damage points"},
	{"Option", "hull", "integer?", "attack, boat_attack: the points that sink it"},
	{"Game", "date", "string", "today, YYYY-MM-DD"},
	{"Game", "start", "string", "the campaign's first day"},
	{"Game", "end_date", "string", "the campaign's last day (1944-06-01)"},
	{"Game", "campaign", "string", "short, medium or long"},
	{"Game", "boat", "string", "s100 or 5b"},
	{"Game", "vp", "integer", "Victory Points"},
	{"Game", "grade", "integer", "highest Iron Cross grade, 0-6"},
	{"Game", "medals", "string[]", "medal names, in the order awarded"},
	{"Game", "war_badge", "boolean", "the S-Boat War Badge is held"},
	{"Game", "reprimands", "integer", "Board of Inquiry reprimands"},
	{"Game", "cognac", "boolean", "the Fine Cognac is held"},
	{"Game", "hospital_days", "integer", "days the Kommandant is still in hospital"},
	{"Game", "missions", "integer", "missions flown"},
	{"Game", "successful", "integer", "successful missions"},
	{"Game", "boats_lost", "integer", "boats lost in the campaign"},
	{"Game", "players", "integer", "1, or 2 in the two-player game (7.0)"},
	{"Game", "squadron_side", "string", "two-player game: the side of the squadron Kommandant (p1 until command passes; \"\" solitaire)"},
	{"Game", "mission", "Mission?", "tonight's mission (nil at base)"},
	{"Game", "boats", "Boat[]", "the six hulls SB1-SB6"},
	{"Game", "crew", "Crewman[]", "Boat #1's crewmen"},
	{"Game", "crew2", "Crewman[]", "two-player game: Boat #2's crewmen (empty solitaire)"},
	{"Mission", "n", "integer", "mission number"},
	{"Mission", "kind", "string", "patrol, minelaying, rescue or recon"},
	{"Mission", "abstract", "boolean", "performed abstractly"},
	{"Mission", "weather", "string", "good, poor, foggy or bad"},
	{"Mission", "sea_state", "integer", "1-5 in the current zone"},
	{"Mission", "zone", "string", "the current zone (CHERBOURG, G1, Y2, R5, …)"},
	{"Mission", "turn", "integer", "strategic turn"},
	{"Mission", "zones", "integer[]", "the 4 assigned Red Zones"},
	{"Mission", "patrolled", "integer", "assigned zones searched so far"},
	{"Mission", "home", "boolean", "on the way back"},
	{"Mission", "special_done", "boolean", "the special mission succeeded"},
	{"Mission", "boats_in_formation", "integer", "boats with the squadron"},
	{"Mission", "vp", "integer", "Victory Points of the mission so far"},
	{"Mission", "combat", "Combat?", "the engagement on the Combat Board, if one is being fought"},
	{"Combat", "wave", "integer", "wave of the convoy (1 or 2)"},
	{"Combat", "round", "integer", "combat round"},
	{"Combat", "range", "string", "the squadron's range zone: out, long, medium, close"},
	{"Combat", "speed", "string", "the squadron's speed: slow, medium, fast, very_fast"},
	{"Combat", "detected", "boolean", "the squadron has been detected"},
	{"Combat", "armed", "boolean", "a boat can still launch a torpedo or rocket this wave"},
	{"Combat", "attacked", "boolean", "a boat has attacked this wave (a shot, a launch or a depth charge): a wave that passes out of reach unattacked is a combat left, and the mission is aborted"},
	{"Combat", "enemies", "Unit[]", "the enemy units still present"},
	{"Unit", "id", "string", "merchant-1, tanker-1, destroyer-2, mtb-1, …"},
	{"Unit", "type", "string", "merchant, tanker, destroyer, light_cruiser, mtb, mgb, submarine"},
	{"Unit", "crew", "string", "green, average, veteran or elite"},
	{"Unit", "damage", "integer", "damage points taken"},
	{"Unit", "hull", "integer", "damage points that sink it"},
	{"Unit", "size", "string", "small (MTB, MGB), medium or large"},
	{"Unit", "burning", "boolean", "a tanker on fire: she sinks at the end of the round"},
	{"Unit", "disabled", "boolean", "dead in the water (Unit Disabled): she cannot evade, and is easier to hit"},
	{"Boat", "id", "string", "SB1-SB6"},
	{"Boat", "status", "string", "ready, repair or lost"},
	{"Boat", "repair_days", "integer", "days until ready"},
	{"Boat", "skill", "string", "crew skill: green, average, veteran, elite"},
	{"Boat", "kills", "integer", "ships and aircraft sunk by this crew"},
	{"Boat", "missions", "integer", "missions sailed"},
	{"Boat", "boat1", "boolean", "the Kommandant's boat"},
	{"Boat", "boat2", "boolean", "two-player game: player 2's boat"},
	{"Boat", "no", "integer?", "at sea: 1-4"},
	{"Boat", "in_formation", "boolean?", "at sea: with the squadron"},
	{"Boat", "gone", "string?", "at sea: \"\", separated, sunk or abandoned; two players: home (back while Boat #2 sails home alone) or left (left the combat while Boat #2 fights on alone)"},
	{"Boat", "disabled", "boolean?", "at sea: disabled"},
	{"Boat", "points", "integer?", "at sea: damage points (Boats #2-#4)"},
	{"Boat", "engines_out", "integer?", "Boat #1 (and two-player Boat #2): engines out"},
	{"Boat", "jets_out", "integer?", "Boat #1: turbojets out (5b)"},
	{"Boat", "radio_out", "boolean?", "Boat #1: radio out"},
	{"Boat", "cannons_out", "integer?", "Boat #1: cannons out"},
	{"Boat", "components", "integer?", "Boat #1: component hits to repair"},
	{"Boat", "fire", "integer?", "Boat #1: sections on fire"},
	{"Boat", "flooded", "integer?", "Boat #1: sections flooded"},
	{"Boat", "extinguishers", "integer?", "Boat #1: fire extinguishers left"},
	{"Boat", "torpedoes", "integer?", "at sea: torpedoes left (S-100)"},
	{"Boat", "mines", "integer?", "Boat #1: mines aboard"},
	{"Boat", "dcs", "integer?", "Boat #1: depth charges left"},
	{"Boat", "rockets", "integer?", "at sea: rockets left (5b)"},
	{"Boat", "passengers", "integer?", "at sea: rescued men aboard"},
	{"Boat", "range", "string?", "in combat: her range zone (the squadron's, or her own when apart or disabled, 4.8, 4.9)"},
	{"Boat", "apart", "boolean?", "in combat: out of formation (broken away, 4.8, or aborting alone, 4.9)"},
	{"Boat", "own_speed", "string?", "in combat, the two-player game: Boat #2 on her own course (7.0), her own speed"},
	{"Crewman", "name", "string", "his name"},
	{"Crewman", "position", "string", "kmdt, 1wo, helmsman, …"},
	{"Crewman", "special", "string", "special skill"},
	{"Crewman", "lw", "integer", "light wounds"},
	{"Crewman", "sw", "boolean", "severely wounded"},
	{"Crewman", "kia", "boolean", "killed in action"},
	{"Crewman", "veteran", "boolean", "a Veteran (5.0)"},
	{"Crewman", "missions", "integer", "missions flown"},
})

// apiFields makes the table from rows of class, name, type and doc.
func apiFields(rows [][4]string) []luadoc.Field {
	out := make([]luadoc.Field, len(rows))
	for i, r := range rows {
		out[i] = luadoc.Field{Class: r[0], Name: r[1], Type: r[2], Doc: r[3]}
	}
	return out
}

var apiClasses = []string{"Game", "Mission", "Combat", "Unit", "Boat", "Crewman"}

// LuaAPI implements luadoc.Documented.
func (Game) LuaAPI() luadoc.API {
	return luadoc.API{Game: Name, Classes: apiClasses, Fields: LuaAPI, Decisions: decisionsDoc(), Examples: luaExamples}
}

const luaExamples = `Examples in ` + "`scripts/`" + `: ` + "`reference.lua`" + ` (the built-in reference Kommandant's policy: logs identical
to ` + "`schnell auto`" + `), ` + "`aggressive.lua`" + `, ` + "`cautious.lua`" + `, and ` + "`analyse.lua`" + ` (reads logs:
` + "`schnell lua scripts/analyse.lua logs/*.jsonl`" + `). Editors that speak lua-language-server read
` + "`scripts/schnell.d.lua`" + `. At the prompt, ` + "`script FILE mission`" + ` hands over command to the end of the mission,
` + "`script FILE turn`" + ` to the end of the turn.`
