package paukenschlag

import "github.com/schnell-wargames/schnell/engine"

// step is one step of the expanded sequence of play (5.0): what the
// players do on the board, what the program does (run, after) and the
// orders the players may give meanwhile.
type step struct {
	sec, name, board string
	first            bool // the start of the game only
	run, after       func(r *Rules, c *engine.Ctx)
	orders           []string
}

// anytime are the orders of every step that takes orders: the roster's
// factors and base-game boats, and what the players report of a boat.
var anytime = []string{"factors", "boat", "sink"}

// sequence is 5.0, in order, with who acts first.
var sequence = []step{
	{sec: "5.1", name: "Random Event Determination", first: true,
		board: "determine the random events on the base game's table (start of the game only)"},
	{sec: "5.1", name: "Reinforcement entry", run: (*Rules).reinforce,
		board: "place the reinforcements the scenario gives and the variant boats that enter", orders: []string{"boat"}},
	{sec: "5.1", name: "Return German bombers", run: (*Rules).returns,
		board: "return the German bombers (and floatplanes) due from the Turn Record Track (12.6)"},
	{sec: "5.1", name: "Convoy Determination",
		board: "determine convoys if a Convoy marker is available (at most 10 in play, 10.1): `convoys N` is the number in play", orders: []string{"convoys"}},
	{sec: "5.2", name: "Airbase and Port Repair", board: "repair airbases and ports (12.5.4)"},
	{sec: "5.2", name: "Fighters placed on CAP", board: "place fighters on CAP (12.1.2)"},
	{sec: "5.3", name: "Air Movement",
		board:  "players alternate moving air units, US player first, until both are done (German air units cannot rebase, 12.1.1)",
		orders: []string{"bv222", "z511", "ferry", "flown", "asw"}},
	{sec: "5.4", name: "Naval Unit Movement",
		board:  "players alternate moving naval units (convoy stacks), US player first; for each U-boat: its status at the start of its move, its fuel (11.1, 11.2); opposing units ending in one zone interrupt for the OSL Phase (`contact AREA UNITS`)",
		orders: []string{"surface", "submerge", "move", "detected", "fuel", "refuel", "frogman", "exits", "contact", "at", "torpedo", "asw", "gunfire"}},
	{sec: "5.5", name: "OSL and TSL Play", after: (*Rules).resolveFrogmen,
		board:  "for each zone with opposing units (if 5.4 has not played it): `contact AREA UNITS`, then each round's moves; resolve US shore bombardment (12.7)",
		orders: []string{"contact", "at", "surface", "submerge", "detected", "torpedo", "asw", "gunfire"}},
	{sec: "5.6", name: "German U-boat Movement",
		board:  "surfaced U-boats only may move once more; un-flown air units in a zone with a surfaced U-boat attempt detection and attack (8.4, 9.4.3); no OSL/TSL play follows",
		orders: []string{"move", "detected", "fuel", "asw", "exits"}},
	{sec: "5.7", name: "Air Unit Return", run: (*Rules).airReturn,
		board: "all air units on the map and on CAP return to a base within range; flown German bombers go on the Turn Record Track two turns on"},
}
