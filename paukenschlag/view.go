package paukenschlag

import (
	"github.com/schnell-wargames/schnell/engine"
	"github.com/schnell-wargames/schnell/scripting/luadoc"
)

var (
	_ engine.Viewer     = (*Rules)(nil)
	_ luadoc.Documented = Game{}
)

// ViewParts implements engine.Viewer.
func (r *Rules) ViewParts() []string { return []string{"boats"} }

// WriteView implements engine.Viewer: what a script (an Axis player) sees.
func (r *Rules) WriteView(w engine.ViewWriter, part int) {
	if part < 0 {
		w.Int("turn", r.Turn)
		w.Int("turns", r.Turns)
		w.Str("section", r.Section)
		w.Str("scenario", r.Scenario)
		w.Int("barbarigo_turn", r.BarbarigoTurn)
		w.Str("role", r.Role)
		w.Int("canadians_turn", r.CanadiansTurn)
		return
	}
	w.Open("boats", true)
	for _, b := range r.Boats {
		w.Open("", false)
		w.Str("id", b.ID)
		w.Str("status", string(b.Status))
		w.Str("area", b.Area)
		w.Bool("surfaced", b.Surfaced)
		w.Bool("detected", b.Detected)
		w.Int("damage", b.Damage)
		w.Int("msf", b.MSF)
		w.Int("sunk", b.Sunk)
		w.Int("torpedoes_left", b.Torpedoes-b.TorpUsed)
		w.Int("fuel_left", b.Fuel-b.FuelUsed)
		w.Int("frogman_attacks", b.FrogUsed)
		w.Close()
	}
	w.Close()
}

// luaAPI documents the view.
var luaAPI = []luadoc.Field{
	{Class: "Game", Name: "turn", Type: "integer", Doc: "the turn being played"},
	{Class: "Game", Name: "turns", Type: "integer", Doc: "the scenario's length"},
	{Class: "Game", Name: "section", Type: "string", Doc: "the step of the sequence of play (\"5.4\")"},
	{Class: "Game", Name: "scenario", Type: "string", Doc: "17.1, 17.2 or other"},
	{Class: "Game", Name: "barbarigo_turn", Type: "integer", Doc: "21.2: the Barbarigo's entry turn (0: not in play)"},
	{Class: "Game", Name: "role", Type: "string", Doc: "21.2: torpedoes or frogmen (\"\" before it enters)"},
	{Class: "Game", Name: "canadians_turn", Type: "integer", Doc: "21.4: the turn the Canadians may enter from (0: not yet)"},
	{Class: "Game", Name: "boats", Type: "Boat[]", Doc: "the roster, in its order"},
	{Class: "Boat", Name: "id", Type: "string", Doc: "U-87 … Barbarigo, and base-game boats"},
	{Class: "Boat", Name: "status", Type: "string", Doc: "absent, waiting, never, in play, repairing, exited, removed, destroyed"},
	{Class: "Boat", Name: "area", Type: "string", Doc: "its area as the players reported it"},
	{Class: "Boat", Name: "surfaced", Type: "boolean", Doc: "surfaced (else submerged)"},
	{Class: "Boat", Name: "detected", Type: "boolean", Doc: "detected"},
	{Class: "Boat", Name: "damage", Type: "integer", Doc: "damage points, 0-5 (21.5)"},
	{Class: "Boat", Name: "msf", Type: "integer", Doc: "Must Surface factor (0: not known)"},
	{Class: "Boat", Name: "sunk", Type: "integer", Doc: "Sunk factor (0: not known)"},
	{Class: "Boat", Name: "torpedoes_left", Type: "integer", Doc: "unchecked torpedo boxes"},
	{Class: "Boat", Name: "fuel_left", Type: "integer", Doc: "unchecked fuel boxes"},
	{Class: "Boat", Name: "frogman_attacks", Type: "integer", Doc: "frogman attacks made (the Barbarigo)"},
}

const luaDecisions = "Decision kinds: `orders` (the step's orders: `done` and the orders of the step, with arguments; " +
	"the players' at the table), and the Axis side's: `na_area` — `BD`, `BE` (21.1); `barbarigo_area` — `DH`, `DT`; " +
	"`barbarigo_role` — `torpedoes`, `frogmen` (21.2); `frogman_markers` — the marker to leave out (21.2.1: the Allied " +
	"side's when the sub is detected). `frogman_marker` is the table's: never sent to a script."

const luaExamples = "`paukenschlag/testdata/axis.lua` plays the Axis variant choices: " +
	"`schnell --game paukenschlag --side axis=script:paukenschlag/testdata/axis.lua`."

// LuaAPI implements luadoc.Documented.
func (Game) LuaAPI() luadoc.API {
	return luadoc.API{Game: Name, Classes: []string{"Game", "Boat"}, Fields: luaAPI, Decisions: luaDecisions, Examples: luaExamples}
}
