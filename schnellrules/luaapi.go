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
	{Class: "Battle", Name: "side", Type: "string?", Doc: "the virtual table: the side the script plays (`--side S=script:FILE`; empty for a script that plays every side, which sees everything)"},
	{Class: "Battle", Name: "width", Type: "integer?", Doc: "the virtual table: its width in cm (183 or 244)"},
	{Class: "Battle", Name: "height", Type: "integer?", Doc: "the virtual table: its depth in cm (122 or 183)"},
	{Class: "Battle", Name: "vessels", Type: "Vessel[]", Doc: "every vessel, sunk ones too; on the virtual table, an enemy the script's side has not spotted this turn is only its marker: `id` its label (M1, M2 …), `class` empty, `side`, `afloat`, the seen flags and its place (`x`, `y`, `heading`), nothing else"},
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
	{Class: "Vessel", Name: "marker", Type: "string?", Doc: "the virtual table: the label of its marker, the name the enemy knows it by until it spots it"},
	{Class: "Vessel", Name: "x", Type: "integer?", Doc: "the virtual table: its centre, mm from the table's left edge"},
	{Class: "Vessel", Name: "y", Type: "integer?", Doc: "the virtual table: its centre, mm from the table's bottom edge"},
	{Class: "Vessel", Name: "heading", Type: "integer?", Doc: "the virtual table: its heading in degrees (0 up the table, 90 to the right)"},
	{Class: "Vessel", Name: "course", Type: "integer?", Doc: "the virtual table: the course it steers to (`steer`)"},
	{Class: "Vessel", Name: "on_table", Type: "boolean?", Doc: "the virtual table: false once it has left the table"},
	{Class: "Vessel", Name: "contacts", Type: "Contact[]?", Doc: "the virtual table, the script's own vessels: each enemy on the table as seen from it"},
	{Class: "Contact", Name: "id", Type: "string", Doc: "the enemy's id once spotted this turn, else its marker's label"},
	{Class: "Contact", Name: "seen", Type: "boolean", Doc: "spotted by the side this turn (only then may it be fired at or torpedoed)"},
	{Class: "Contact", Name: "range", Type: "integer", Doc: "the range in cm, centre to centre, rounded up (as the rules measure it)"},
	{Class: "Contact", Name: "bearing", Type: "integer", Doc: "its compass bearing from the vessel (the course to steer at it)"},
	{Class: "Contact", Name: "off_bow", Type: "integer", Doc: "its bearing off the vessel's bow, clockwise (0 ahead, 90 starboard, 180 astern, 270 port)"},
	{Class: "Contact", Name: "guns", Type: "string[]", Doc: "the guns that may fire at it now (bear, reach, not fired, not lost; spotted): each a `fire` order the rules take"},
	{Class: "Contact", Name: "torpedo", Type: "boolean", Doc: "a `torpedo` order at it would be taken now (spotted, within the torpedo's range, the tubes bearing and loaded)"},
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
Each side's decisions (` + "`d.side`" + `): ` + "`initiative`" + ` (first, second), ` + "`move`" + ` (speed VESSEL LEVEL; on the virtual table steer VESSEL COURSE and formation VESSEL LEADER (or ` + "`off`" + `);
depthcharge VESSEL TARGET, ram VESSEL TARGET with the options; done), ` + "`air`" + ` and ` + "`aa`" + ` with aircraft=on (air AIRCRAFT WEAPON TARGET RANGE; aa VESSEL WEAPON AIRCRAFT RANGE; done),
` + "`guns`" + ` (fire SHOOTER WEAPON TARGET RANGE, on the virtual table fire SHOOTER WEAPON TARGET; starshell or flare VESSEL RANGE with starshells=on; aa VESSEL WEAPON AIRCRAFT RANGE and airfire AIRCRAFT WEAPON TARGET RANGE MOUNT (fixed or defensive) with aircraft=on; done),
` + "`launch`" + ` (torpedo SHOOTER TARGET RANGE TYPE, on the virtual table torpedo SHOOTER TARGET TYPE; reload VESSEL with the option; done). The set-up (` + "`setup`" + `)
is the player's; sightings (` + "`spot`" + `), lit vessels (` + "`lit`" + `), torpedo markers (` + "`marker`" + `) and secondary torpedo targets (` + "`secondary`" + `) are the table's and
never go to a script. A side is asked in a phase only when it has an order it may give there (a gun
free to fire at an enemy its side saw, a loaded tube, a vessel that moves in the phase). An order the
rules refuse (a gun that fired, a range out of reach) stops the script with the rule's reason, as the
prompt refuses it: nothing is logged.`

const luaExamples = "Examples: `scripts/schnellrules-house.lua`, a house opponent for your own table that fires every gun that reaches at the nearest enemy its side saw, at the range the table measured, and launches within 40cm: `schnell --game schnellrules --side axis=script:scripts/schnellrules-house.lua`; `scripts/schnellrules-virtual.lua`, a side for the virtual table that steers at the nearest contact, fires every gun the contacts list, and launches at what it sees within 40cm: `schnell auto --game schnellrules -o table=virtual --side axis=script:scripts/schnellrules-virtual.lua`."

// LuaAPI implements luadoc.Documented.
func (Game) LuaAPI() luadoc.API {
	return luadoc.API{Game: Name, Classes: []string{"Battle", "Vessel", "Contact", "Range", "Gun", "Tube", "Torpedo"}, Fields: luaFields, Decisions: luaDecisions, Examples: luaExamples}
}
