package scheldt

import "github.com/schnell-wargames/schnell/engine"

// The game's event types, each documented in docs/log-format-scheldt.md
// (go test ./games checks that every type the rules emit is one of these,
// listed in events, and documented).
const (
	evSetup            engine.EventType = "setup"             // 18.0: the units on the map
	evTurn             engine.EventType = "turn"              // a game turn starts; its rebuilds (11.0)
	evTrack            engine.EventType = "track"             // 14.0: the support fire markers to draw
	evFrozen           engine.EventType = "frozen"            // 13.0: the Breskens Pocket is frozen
	evPhase            engine.EventType = "phase"             // a phase of a player turn starts
	evArrived          engine.EventType = "arrived"           // 11.3: a reinforcement enters
	evDelayed          engine.EventType = "delayed"           // 11.3, 11.5: a reinforcement waits
	evRebuildWindow    engine.EventType = "rebuild_window"    // 11.0: rebuilds may be made
	evRebuildsLost     engine.EventType = "rebuilds_lost"     // 11.1: unused rebuilds are lost
	evRebuilt          engine.EventType = "rebuilt"           // 11.0: a unit is rebuilt
	evMarkersReturned  engine.EventType = "markers_returned"  // 14.0: support markers back to the pool
	evWithdrawn        engine.EventType = "withdrawn"         // 13.1: the 155th leaves
	evCombat           engine.EventType = "combat"            // an attack resolved on the CRT
	evMobileLoss       engine.EventType = "mobile_loss"       // 14.1's note: the loss from a mobile unit
	evFlooded          engine.EventType = "flooded"           // 12.0 / 12.1: a retreat into a flooded hex
	evBombardment      engine.EventType = "bombardment"       // 14.2: a bombardment recorded
	evAssault          engine.EventType = "assault"           // 16.1, 16.2: a beach assault declared
	evLanded           engine.EventType = "landed"            // 16.3: a unit lands
	evLandingLost      engine.EventType = "landing_lost"      // 16.3: a landed unit lost
	evLandingHolds     engine.EventType = "landing_holds"     // 16.3: the landed units hold
	evLandingContested engine.EventType = "landing_contested" // 16.3: the player says whether the German is gone
	evLandingCleared   engine.EventType = "landing_cleared"   // 16.3: a landing hex is clear
	evUnit             engine.EventType = "unit"              // a unit's strength and hex noted
	evGate             engine.EventType = "gate"              // 16.1, 16.2: an assault's trigger noted
	evChecklist        engine.EventType = "checklist"         // 17.0: the German units left on the map
	evVictory          engine.EventType = "victory"           // 17.0: the winner
)

// events lists every event type, in the order of the log-format document.
var events = []engine.EventType{
	evSetup, evTurn, evTrack, evFrozen, evPhase, evArrived, evDelayed, evRebuildWindow, evRebuildsLost, evRebuilt, evMarkersReturned, evWithdrawn, evCombat, evMobileLoss, evFlooded, evBombardment, evAssault, evLanded, evLandingLost, evLandingHolds, evLandingContested, evLandingCleared, evUnit, evGate, evChecklist, evVictory,
}
