package scheldt

import "github.com/schnell-wargames/schnell/scripting/luadoc"

var _ luadoc.Documented = game{}

// luaFields are what a script reads of the game (view).
var luaFields = []luadoc.Field{
	{Class: "Game", Name: "turn", Type: "integer", Doc: "the game turn, 1 to 20"},
	{Class: "Game", Name: "player", Type: "string", Doc: "the phasing side: allied or german"},
	{Class: "Game", Name: "phase", Type: "string", Doc: "Movement Phase, Combat Phase, Mobile Movement Phase, end of the player turn"},
	{Class: "Game", Name: "allied_rebuilds", Type: "integer", Doc: "Allied rebuilds left this turn (11.0)"},
	{Class: "Game", Name: "german_rebuilds", Type: "integer", Doc: "German rebuilds left this turn (11.0)"},
	{Class: "Game", Name: "naval_left", Type: "integer", Doc: "+10 naval markers left in the game (16.4)"},
	{Class: "Game", Name: "antitank_used", Type: "boolean", Doc: "the German +5 anti-tank marker was played this turn (14.1)"},
	{Class: "Game", Name: "units", Type: "Unit[]", Doc: "the order of battle"},
	{Class: "Unit", Name: "id", Type: "string", Doc: "the unit's id (155-52 for 155/52)"},
	{Class: "Unit", Name: "side", Type: "string", Doc: "allied or german"},
	{Class: "Unit", Name: "state", Type: "string", Doc: "off map, full, depleted, eliminated, withdrawn"},
	{Class: "Unit", Name: "hex", Type: "string", Doc: "where the player last said it is"},
}

// LuaAPI implements luadoc.Documented.
func (game) LuaAPI() luadoc.API {
	return luadoc.API{Game: Name, Classes: []string{"Game", "Unit"}, Fields: luaFields,
		Decisions: "Decision kinds: `order` (each phase, by side) — `done` (the default), and as the phase allows `attack` " +
			"{hex, terrain, diff, shifts, engineer, naval, walcheren, antitank, pocket, mobile, support, defence}, `bombard` {hex, range, naval, walcheren, pocket, antitank, support}, " +
			"`rebuild` {unit, adjacent, edge, trace}, `assault` {force}, `mark` {unit, state, hex}, `gate` {gate, held}; " +
			"`entry` — `enter`, `wait`; `landing` — `land` {hex, occupied, terneuzen}; `victory` — `german`, `allied`. " +
			"An order the rules refuse stops the game with the rule's reason (the text the prompt shows); nothing of it is logged.",
		Examples: "No example scripts yet: the game has no solo rules; the default player ends every phase."}
}
