---@meta
-- Generated from the game's LuaAPI: do not edit (go test ./schnellboats -update).

---@class Decision
---@field kind string what is decided (the decision kinds above)
---@field prompt string the question as the player sees it
---@field options Option[] the legal answers
---@field default string the reference player's choice (an option name)
---@field default_index integer the same, as a number 1..n
---@field side string? the side the decision belongs to (games with sides; a script that plays a side sees only its decisions)

---@class Option
---@field name string answer with this name
---@field text string what it means
---@field index integer or with this number
---@field args Arg[]? the values the option asks for: answer with a table (see Answers with arguments)
---@field boat string? flagship: the hull offered; boat_attack: the boat whose counter is drawn (every option names it); boat_speed, boat_range: Boat #2 on her own course (7.0)
---@field skill string? flagship: its crew's skill
---@field kills integer? flagship: its crew's kills
---@field zone string? move next: the zone ahead
---@field boats string? squadron: the hulls that sail as #2, #3, #4, space-separated
---@field crews string? squadron: their crews' skills, in the same order
---@field points integer? break_formation, boat_abort: the boat's damage points
---@field type string? attack, boat_attack: the target's type
---@field damage integer? attack, boat_attack: the target's damage points
---@field hull integer? attack, boat_attack: the points that sink it

---@class Arg
---@field name string the key of the value in the answer table
---@field kind string int, id, yes/no or text
---@field text string? what it is
---@field min integer? int: the least value
---@field max integer? int: the greatest value
---@field unit string? int: the unit (cm)
---@field ids string[]? id: the ids it may be
---@field default integer|string|boolean? the value taken when the answer leaves it out (none: it must be given)

---@class Game
---@field date string today, YYYY-MM-DD
---@field start string the campaign's first day
---@field end_date string the campaign's last day (1944-06-01)
---@field campaign string short, medium or long
---@field boat string s100 or 5b
---@field vp integer Victory Points
---@field grade integer highest Iron Cross grade, 0-6
---@field medals string[] medal names, in the order awarded
---@field war_badge boolean the S-Boat War Badge is held
---@field reprimands integer Board of Inquiry reprimands
---@field cognac boolean the Fine Cognac is held
---@field hospital_days integer days the Kommandant is still in hospital
---@field missions integer missions flown
---@field successful integer successful missions
---@field boats_lost integer boats lost in the campaign
---@field players integer 1, or 2 in the two-player game (7.0)
---@field squadron_side string two-player game: the side of the squadron Kommandant (p1 until command passes; "" solitaire)
---@field mission Mission? tonight's mission (nil at base)
---@field boats Boat[] the six hulls SB1-SB6
---@field crew Crewman[] Boat #1's crewmen
---@field crew2 Crewman[] two-player game: Boat #2's crewmen (empty solitaire)

---@class Mission
---@field n integer mission number
---@field kind string patrol, minelaying, rescue or recon
---@field abstract boolean performed abstractly
---@field weather string good, poor, foggy or bad
---@field sea_state integer 1-5 in the current zone
---@field zone string the current zone (CHERBOURG, G1, Y2, R5, …)
---@field turn integer strategic turn
---@field zones integer[] the 4 assigned Red Zones
---@field patrolled integer assigned zones searched so far
---@field home boolean on the way back
---@field special_done boolean the special mission succeeded
---@field boats_in_formation integer boats with the squadron
---@field vp integer Victory Points of the mission so far
---@field combat Combat? the engagement on the Combat Board, if one is being fought

---@class Combat
---@field wave integer wave of the convoy (1 or 2)
---@field round integer combat round
---@field range string the squadron's range zone: out, long, medium, close
---@field speed string the squadron's speed: slow, medium, fast, very_fast
---@field detected boolean the squadron has been detected
---@field armed boolean a boat can still launch a torpedo or rocket this wave
---@field attacked boolean a boat has attacked this wave (a shot, a launch or a depth charge): a wave that passes out of reach unattacked is a combat left, and the mission is aborted
---@field enemies Unit[] the enemy units still present

---@class Unit
---@field id string merchant-1, tanker-1, destroyer-2, mtb-1, …
---@field type string merchant, tanker, destroyer, light_cruiser, mtb, mgb, submarine
---@field crew string green, average, veteran or elite
---@field damage integer damage points taken
---@field hull integer damage points that sink it
---@field size string small (MTB, MGB), medium or large
---@field burning boolean a tanker on fire: she sinks at the end of the round
---@field disabled boolean dead in the water (Unit Disabled): she cannot evade, and is easier to hit

---@class Boat
---@field id string SB1-SB6
---@field status string ready, repair or lost
---@field repair_days integer days until ready
---@field skill string crew skill: green, average, veteran, elite
---@field kills integer ships and aircraft sunk by this crew
---@field missions integer missions sailed
---@field boat1 boolean the Kommandant's boat
---@field boat2 boolean two-player game: player 2's boat
---@field no integer? at sea: 1-4
---@field in_formation boolean? at sea: with the squadron
---@field gone string? at sea: "", separated, sunk or abandoned; two players: home (back while Boat #2 sails home alone) or left (left the combat while Boat #2 fights on alone)
---@field disabled boolean? at sea: disabled
---@field points integer? at sea: damage points (Boats #2-#4)
---@field engines_out integer? Boat #1 (and two-player Boat #2): engines out
---@field jets_out integer? Boat #1: turbojets out (5b)
---@field radio_out boolean? Boat #1: radio out
---@field cannons_out integer? Boat #1: cannons out
---@field components integer? Boat #1: component hits to repair
---@field fire integer? Boat #1: sections on fire
---@field flooded integer? Boat #1: sections flooded
---@field extinguishers integer? Boat #1: fire extinguishers left
---@field torpedoes integer? at sea: torpedoes left (S-100)
---@field mines integer? Boat #1: mines aboard
---@field dcs integer? Boat #1: depth charges left
---@field rockets integer? at sea: rockets left (5b)
---@field passengers integer? at sea: rescued men aboard
---@field range string? in combat: her range zone (the squadron's, or her own when apart or disabled, 4.8, 4.9)
---@field apart boolean? in combat: out of formation (broken away, 4.8, or aborting alone, 4.9)
---@field own_speed string? in combat, the two-player game: Boat #2 on her own course (7.0), her own speed

---@class Crewman
---@field name string his name
---@field position string kmdt, 1wo, helmsman, …
---@field special string special skill
---@field lw integer light wounds
---@field sw boolean severely wounded
---@field kia boolean killed in action
---@field veteran boolean a Veteran (5.0)
---@field missions integer missions flown

---Answer a decision: return one of d.options, by name or number.
---@param d Decision
---@param game Game
---@return string|integer|table
function decide(d, game) end

---Optional (auto, sim): the decision kinds decide answers; the others go to
---the game's reference player.
---@type string[]|nil
handles = nil

---Optional: sees every log event, as in docs/log-format.md. A global
---on_TYPE(e) (on_roll, on_decision, any event type) sees the events of one type.
---@param e table the event: e.seq, e.type and its fields
function on_event(e) end

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
