package coastal

import "github.com/schnell-wargames/schnell/engine"

// The events the rules emit (docs/log-format-coastal.md).
const (
	evAware       engine.EventType = "aware"        // a side becomes aware of the enemy
	evColumnFound engine.EventType = "column_found" // a column's ship found (Warship v Warship)
	evContact     engine.EventType = "contact"      // a move stopped short of another ship or marker (virtual table)
	evDamage      engine.EventType = "damage"       // a hit's damage (Gunfire)
	evDeployed    engine.EventType = "deployed"     // the markers on the table
	evDiscard     engine.EventType = "discard"      // a pot's undrawn markers discarded (Solo rules)
	evEscaped     engine.EventType = "escaped"      // a ship leaves by the far edge (Escape)
	evGunfire     engine.EventType = "gunfire"      // a group of weapons fires (Gunfire)
	evLaunch      engine.EventType = "launch"       // torpedo markers launched (Torpedoes)
	evLaunchOff   engine.EventType = "launch_off"   // a launch called off under 30 cm
	evLighterTow  engine.EventType = "lighter_tow"  // a lighter taken in tow (Towed lighters)
	evLostSight   engine.EventType = "lost_sight"   // observation lost at the turn's end
	evMove        engine.EventType = "move"         // a marker moves (Ship movement)
	evObserved    engine.EventType = "observed"     // a marker observed (Observation)
	evOutOfRange  engine.EventType = "out_of_range" // weapons that cannot reach
	evPlaced      engine.EventType = "placed"       // a marker set on the table (virtual table)
	evRemoved     engine.EventType = "removed"      // a marker taken off the table
	evRepair      engine.EventType = "repair"       // a repair made (Repairs)
	evRun         engine.EventType = "run"          // a torpedo marker runs 15 cm (virtual table)
	evSetup       engine.EventType = "setup"        // the scenario set up (Scenarios)
	evStep        engine.EventType = "step"         // a step of the Order of play
	evSunk        engine.EventType = "sunk"         // a ship sinks
	evSystem      engine.EventType = "system"       // a system lost (Hit location)
	evTorpedoHit  engine.EventType = "torpedo_hit"  // a torpedo hits (Hits and effect)
	evTorpedoMiss engine.EventType = "torpedo_miss" // a torpedo passes a target
	evTow         engine.EventType = "tow"          // a tow tried (Rescue)
	evTowSevered  engine.EventType = "tow_severed"  // a lighter cast off (Towed lighters)
	evTurn        engine.EventType = "turn"         // a turn starts
	evVictory     engine.EventType = "victory"      // the action ends (Scenarios)
	evZeroPointed engine.EventType = "zero_pointed" // a ship at '0' points
)

// eventTypes lists them for the kernel (engine.Definition.Events).
var eventTypes = []engine.EventType{
	evAware, evColumnFound, evContact, evDamage, evDeployed, evDiscard, evEscaped, evGunfire, evLaunch, evLaunchOff, evLighterTow, evLostSight, evMove, evObserved, evOutOfRange, evPlaced, evRemoved, evRepair, evRun, evSetup, evStep, evSunk, evSystem, evTorpedoHit, evTorpedoMiss, evTow, evTowSevered, evTurn, evVictory, evZeroPointed,
}
