package schnellrules

import "github.com/schnell-wargames/schnell/scripting/luadoc"

var _ luadoc.Documented = Game{}

// luaFields document the view scripts read (view.go).
var luaFields = []luadoc.Field{
	{Class: "Battle", Name: "turn", Type: "integer", Doc: "the turn (0 in the set-up)"},
	{Class: "Battle", Name: "turns", Type: "integer", Doc: "the most turns the battle lasts"},
	{Class: "Battle", Name: "phase", Type: "string", Doc: "the phase of the Turn Sequence, numbered (`7 fire guns`)"},
	{Class: "Battle", Name: "first", Type: "string", Doc: "the side that acts first this turn (allies, axis; empty before the first initiative)"},
	{Class: "Battle", Name: "shrink", Type: "integer", Doc: "Random Visibility: targets this many sizes smaller"},
	{Class: "Battle", Name: "vessels", Type: "Vessel[]", Doc: "every vessel, sunk ones too"},
	{Class: "Battle", Name: "torpedoes", Type: "Torpedo[]", Doc: "the torpedoes in the water"},
	{Class: "Vessel", Name: "id", Type: "string", Doc: "the vessel's id"},
	{Class: "Vessel", Name: "class", Type: "string", Doc: "its class id (`vessels` lists them)"},
	{Class: "Vessel", Name: "side", Type: "string", Doc: "allies or axis"},
	{Class: "Vessel", Name: "size", Type: "string", Doc: "very_small … very_large"},
	{Class: "Vessel", Name: "speed", Type: "string", Doc: "its speed level (stationary … very_fast)"},
	{Class: "Vessel", Name: "max_speed", Type: "string", Doc: "the most it makes now"},
	{Class: "Vessel", Name: "level", Type: "string", Doc: "the highest damage level (intact … sunk)"},
	{Class: "Vessel", Name: "afloat", Type: "boolean", Doc: "not sunk"},
	{Class: "Vessel", Name: "burning", Type: "boolean", Doc: "on fire (option fire)"},
	{Class: "Vessel", Name: "seen_by_allies", Type: "boolean", Doc: "spotted by the allies this turn"},
	{Class: "Vessel", Name: "seen_by_axis", Type: "boolean", Doc: "spotted by the axis this turn"},
	{Class: "Vessel", Name: "ranges", Type: "Range[]", Doc: "the ranges the table measured to it this turn (spotting)"},
	{Class: "Vessel", Name: "guns", Type: "Gun[]", Doc: "its guns"},
	{Class: "Vessel", Name: "tubes", Type: "Tube[]", Doc: "its torpedo mounts"},
	{Class: "Range", Name: "observer", Type: "string", Doc: "the vessel that measured"},
	{Class: "Range", Name: "range", Type: "integer", Doc: "the range in cm"},
	{Class: "Gun", Name: "name", Type: "string", Doc: "WEAPON:N, as orders name it"},
	{Class: "Gun", Name: "arcs", Type: "string", Doc: "its arcs (F, A, P, S)"},
	{Class: "Gun", Name: "reach", Type: "integer", Doc: "its longest range band in cm"},
	{Class: "Gun", Name: "lost", Type: "boolean", Doc: "knocked out"},
	{Class: "Gun", Name: "fired", Type: "boolean", Doc: "fired this turn"},
	{Class: "Tube", Name: "type", Type: "string", Doc: "18in or 21in"},
	{Class: "Tube", Name: "loaded", Type: "integer", Doc: "tubes loaded"},
	{Class: "Tube", Name: "lost", Type: "boolean", Doc: "knocked out"},
	{Class: "Torpedo", Name: "id", Type: "string", Doc: "T1, T2, …"},
	{Class: "Torpedo", Name: "from", Type: "string", Doc: "the vessel that launched it"},
	{Class: "Torpedo", Name: "target", Type: "string", Doc: "its target"},
	{Class: "Torpedo", Name: "due", Type: "integer", Doc: "the turn it arrives (phase 9)"},
}

const luaDecisions = `## Decision kinds
Each side's decisions (` + "`d.side`" + `): ` + "`initiative`" + ` (first, second), ` + "`move`" + ` (speed VESSEL LEVEL;
depthcharge VESSEL TARGET, ram VESSEL TARGET with the options; done), ` + "`air`" + ` and ` + "`aa`" + ` with aircraft=on (air AIRCRAFT WEAPON TARGET RANGE; aa VESSEL WEAPON AIRCRAFT RANGE; done),
` + "`guns`" + ` (fire SHOOTER WEAPON TARGET RANGE; starshell or flare VESSEL RANGE with starshells=on; aa VESSEL WEAPON AIRCRAFT RANGE and airfire AIRCRAFT WEAPON TARGET RANGE MOUNT (fixed or defensive) with aircraft=on; done),
` + "`launch`" + ` (torpedo SHOOTER TARGET RANGE TYPE; reload VESSEL with the option; done). The set-up (` + "`setup`" + `)
is the player's; sightings (` + "`spot`" + `), lit vessels (` + "`lit`" + `), torpedo markers (` + "`marker`" + `) and secondary torpedo targets (` + "`secondary`" + `) are the table's and
never go to a script. A side is asked in a phase only when it has an order it may give there (a gun
free to fire at an enemy its side saw, a loaded tube, a vessel that moves in the phase). An order the
rules refuse (a gun that fired, a range out of reach) stops the script with the rule's reason, as the
prompt refuses it: nothing is logged.`

const luaExamples = "Example: `scripts/schnellrules-house.lua`, a house opponent that fires every gun that reaches at the nearest enemy its side saw, at the range the table measured, and launches within 40cm: `schnell --game schnellrules --side axis=script:scripts/schnellrules-house.lua`."

// LuaAPI implements luadoc.Documented.
func (Game) LuaAPI() luadoc.API {
	return luadoc.API{Game: Name, Classes: []string{"Battle", "Vessel", "Range", "Gun", "Tube", "Torpedo"}, Fields: luaFields, Decisions: luaDecisions, Examples: luaExamples}
}
