package schnellboats

import (
	"fmt"
	"strings"
)

// APIField documents one field a script can read. The Lua API reference
// (docs/lua-api.md) and the editor annotations (scripts/schnell.d.lua) are
// both generated from this one table; a test fails when they are stale.
type APIField struct {
	Class string // Game, Mission, Boat, Crewman, Decision, Option
	Name  string
	Type  string // Lua type for the annotations
	Doc   string
}

// LuaAPI is the table that registers what scripts see.
var LuaAPI = []APIField{
	{"Decision", "kind", "string", "what is decided: move, special_done, rescue_wait, pilot, air_speed, disabled, cognac, flagship; in combat speed, range, attack, next_wave, break_formation, boat_abort"},
	{"Decision", "prompt", "string", "the question as the player sees it"},
	{"Decision", "options", "Option[]", "the legal answers"},
	{"Decision", "default", "string", "the reference Kommandant's choice (an option name)"},
	{"Decision", "default_index", "integer", "the same, as a number 1..n"},
	{"Option", "name", "string", "answer with this name"},
	{"Option", "text", "string", "what it means"},
	{"Option", "index", "integer", "or with this number"},
	{"Option", "boat", "string?", "flagship: the hull offered"},
	{"Option", "skill", "string?", "flagship: its crew's skill"},
	{"Option", "kills", "integer?", "flagship: its crew's kills"},
	{"Option", "zone", "string?", "move next: the zone ahead"},
	{"Option", "points", "integer?", "break_formation, boat_abort: the boat's damage points"},
	{"Option", "type", "string?", "attack: the target's type"},
	{"Option", "damage", "integer?", "attack: the target's damage points"},
	{"Option", "hull", "integer?", "attack: the points that sink it"},
	{"Game", "date", "string", "today, YYYY-MM-DD"},
	{"Game", "start", "string", "the campaign's first day"},
	{"Game", "end", "string", "the campaign's last day (1944-06-01)"},
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
	{"Game", "mission", "Mission?", "tonight's mission (nil at base)"},
	{"Game", "boats", "Boat[]", "the six hulls SB1-SB6"},
	{"Game", "crew", "Crewman[]", "Boat #1's crewmen"},
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
	{"Combat", "enemies", "Unit[]", "the enemy units still present"},
	{"Unit", "id", "string", "merchant-1, tanker-1, destroyer-2, mtb-1, …"},
	{"Unit", "type", "string", "merchant, tanker, destroyer, light_cruiser, mtb, mgb, submarine"},
	{"Unit", "crew", "string", "green, average, veteran or elite"},
	{"Unit", "damage", "integer", "damage points taken"},
	{"Unit", "hull", "integer", "damage points that sink it"},
	{"Unit", "size", "string", "small (MTB, MGB), medium or large"},
	{"Unit", "burning", "boolean", "a tanker on fire: she sinks at the end of the round"},
	{"Boat", "id", "string", "SB1-SB6"},
	{"Boat", "status", "string", "ready, repair or lost"},
	{"Boat", "repair_days", "integer", "days until ready"},
	{"Boat", "skill", "string", "crew skill: green, average, veteran, elite"},
	{"Boat", "kills", "integer", "ships and aircraft sunk by this crew"},
	{"Boat", "missions", "integer", "missions sailed"},
	{"Boat", "boat1", "boolean", "the Kommandant's boat"},
	{"Boat", "no", "integer?", "at sea: 1-4"},
	{"Boat", "in_formation", "boolean?", "at sea: with the squadron"},
	{"Boat", "gone", "string?", "at sea: \"\", separated, sunk or abandoned"},
	{"Boat", "disabled", "boolean?", "at sea: disabled"},
	{"Boat", "points", "integer?", "at sea: damage points (Boats #2-#4)"},
	{"Boat", "engines_out", "integer?", "Boat #1: engines out"},
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
	{"Crewman", "name", "string", "his name"},
	{"Crewman", "position", "string", "kmdt, 1wo, helmsman, …"},
	{"Crewman", "special", "string", "special skill"},
	{"Crewman", "lw", "integer", "light wounds"},
	{"Crewman", "sw", "boolean", "severely wounded"},
	{"Crewman", "kia", "boolean", "killed in action"},
	{"Crewman", "veteran", "boolean", "a Veteran (5.0)"},
	{"Crewman", "missions", "integer", "missions flown"},
}

var apiClasses = []string{"Decision", "Option", "Game", "Mission", "Combat", "Unit", "Boat", "Crewman"}

// LuaAPIDoc renders docs/lua-api.md.
func LuaAPIDoc() string {
	var b strings.Builder
	b.WriteString(luaAPIHead)
	for _, cl := range apiClasses {
		fmt.Fprintf(&b, "\n### %s\n| field | type | meaning |\n| --- | --- | --- |\n", cl)
		for _, f := range LuaAPI {
			if f.Class == cl {
				fmt.Fprintf(&b, "| `%s` | %s | %s |\n", f.Name, strings.ReplaceAll(f.Type, "|", "\\|"), f.Doc)
			}
		}
	}
	b.WriteString(luaAPITail)
	return b.String()
}

// LuaMeta renders scripts/schnell.d.lua, annotations for lua-language-server.
func LuaMeta() string {
	var b strings.Builder
	b.WriteString("---@meta\n-- Generated from schnellboats.LuaAPI: do not edit (go test ./schnellboats -update).\n")
	for _, cl := range apiClasses {
		fmt.Fprintf(&b, "\n---@class %s\n", cl)
		for _, f := range LuaAPI {
			if f.Class == cl {
				fmt.Fprintf(&b, "---@field %s %s %s\n", f.Name, f.Type, f.Doc)
			}
		}
	}
	b.WriteString(`
---Answer a decision: return one of d.options, by name or number.
---@param d Decision
---@param game Game
---@return string|integer
function decide(d, game) end

---@type string[] the files named on the command line (schnell lua)
arg = {}

log = {}
---Iterate a log's events (only files named on the command line).
---@param path string
---@return fun(): table
function log.events(path) end
---@param path string
---@return table
function log.header(path) end
`)
	return b.String()
}

const luaAPIHead = `# Lua scripting API

<!-- Generated from schnellboats.LuaAPI by ` + "`go test ./schnellboats -update`" + `: edit the table, not this file. -->

A script is a Lua 5.1 file that defines ` + "`decide(d, game)`" + ` and returns one of ` + "`d.options`" + `, by name
(` + "`\"home\"`" + `) or by number (` + "`2`" + `). It takes command with ` + "`schnell auto --script FILE`" + `, ` + "`schnell sim --script FILE`" + `,
or at the prompt with ` + "`script FILE [decision|mission|campaign]`" + ` (` + "`script off`" + ` or Ctrl-C takes command back).
Examples in ` + "`scripts/`" + `: ` + "`reference.lua`" + ` (the built-in reference Kommandant's policy: logs identical
to ` + "`schnell auto`" + `), ` + "`aggressive.lua`" + `, ` + "`cautious.lua`" + `, and ` + "`analyse.lua`" + ` (reads logs:
` + "`schnell lua scripts/analyse.lua logs/*.jsonl`" + `). Editors that speak lua-language-server read
` + "`scripts/schnell.d.lua`" + `.

Decision kinds and their options: ` + "`move`" + ` — ` + "`next`, `home`" + ` (abort, 4.9); ` + "`special_done`" + ` — ` + "`patrol`, `home`" + `;
` + "`rescue_wait`" + ` — ` + "`search`, `give_up`" + `; ` + "`pilot`" + ` — ` + "`pick_up`, `leave`" + `; ` + "`air_speed`" + ` — ` + "`fast`, `medium`" + ` (only
` + "`medium`" + ` when the squadron is Slow); ` + "`disabled`" + ` — ` + "`tow`" + ` (when allowed), ` + "`abandon`" + `; ` + "`cognac`" + ` — ` + "`bribe`, `keep`" + `;
` + "`flagship`" + ` (4.11) — one option per ready hull. An answer that is not an option stops the game with an
error naming the script, the decision and its options. In combat (4.6-4.9), each round: ` + "`speed`" + ` — ` + "`slow`…`very_fast`" + `
(as damage allows); ` + "`range`" + ` — ` + "`closer`, `stay`, `away`, `out`" + `; ` + "`attack`" + ` — ` + "`hold`, `guns:ID`, `torpedo:ID`, `rocket:ID`" + `;
` + "`next_wave`" + ` — ` + "`attack`, `break_off`" + `; for a heavily damaged Boat #2-#4, ` + "`break_formation`" + ` and then
` + "`boat_abort`" + ` — ` + "`stay`, `break`/`abort`" + ` (4.8, 4.9).

## What a script sees
` + "`game`" + ` and ` + "`d`" + ` are live tables: before each call they are brought up to date with the game, so
they show it as it is now. ` + "`game.mission`" + `, ` + "`game.boats`" + ` and ` + "`game.crew`" + ` are written only when the script
first looks at them in a call. Treat them as read-only: whatever a script changes in them (a field, a
sorted list) is put back at the next call, so scribbles never mislead it, but they are not kept either.
To remember something from one call to the next, copy the value (` + "`local pts = b.points`" + `), not the table:
a table kept from an earlier call shows the game as it is at the latest call. Each kind of decision has
its own ` + "`d`" + `.
`

const luaAPITail = `
## Hooks (optional)
` + "`on_event(e)`" + ` sees every log event (` + "`e.seq`, `e.type`" + ` and its fields, as in ` + "`docs/log-format.md`" + `);
` + "`on_mission_end(e)`" + ` and ` + "`on_campaign_end(e)`" + ` see the ` + "`mission_end`" + ` and ` + "`campaign_end`" + ` events.

## Analysis scripts
` + "`schnell lua FILE [ARGS…]`" + ` runs a script with ` + "`arg`" + ` (the arguments) and ` + "`log.events(path)`" + ` /
` + "`log.header(path)`" + `, which read only files named on the command line.

## The sandbox
Scripts may come from anyone, so they run with only ` + "`base`, `table`, `string` and `math`" + `:
- no ` + "`io`, `os`, `debug`, `package`, `require`, `load`, `loadstring`, `dofile`, `loadfile`, `collectgarbage`, `getfenv`, `setfenv`" + `;
- ` + "`print`" + ` writes through the front end (prefixed with the script's name);
- ` + "`math.random`" + ` draws from a generator seeded with the game's seed; ` + "`math.randomseed`" + ` is gone;
- ` + "`string.rep`" + ` is capped at 1 MiB; ` + "`string.find`" + ` matches plain text only; ` + "`string.match`, `gmatch`, `gsub`" + `
  raise an error (Lua patterns can run for minutes and ignore deadlines);
- each call has a deadline (250 ms; ` + "`--deadline`" + `) and the call stack is bounded: an endless loop or runaway
  recursion stops the game with ` + "`script.lua:LINE: …`" + ` and the process goes on;
- memory is not capped by gopher-lua: a table grown without end is stopped by the deadline.
`
