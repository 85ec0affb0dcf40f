package schnellrules

import "github.com/schnell-wargames/schnell/engine"

// The events the rules record (docs/log-format-schnellrules.md).
const (
	evBattle     engine.EventType = "battle"       // the battle begins: its most turns
	evVessel     engine.EventType = "vessel"       // a vessel joins a side (the set-up)
	evRemoved    engine.EventType = "removed"      // a vessel taken off in the set-up
	evTurn       engine.EventType = "turn"         // a turn begins
	evPhase      engine.EventType = "phase"        // a phase of the Turn Sequence begins
	evVisibility engine.EventType = "visibility"   // Random Visibility's roll read
	evSpot       engine.EventType = "spot"         // a sighting (Spotting the Target)
	evInitiative engine.EventType = "initiative"   // a tie, or the winner and who acts first
	evSpeed      engine.EventType = "speed"        // a speed changed (Vessel Data)
	evGunfire    engine.EventType = "gunfire"      // a gun's attack (Gunfire)
	evLaunch     engine.EventType = "launch"       // a torpedo launched (Torpedoes)
	evArrival    engine.EventType = "arrival"      // a torpedo arrives (phase 9)
	evDamage     engine.EventType = "damage"       // damage taken (Damage)
	evFire       engine.EventType = "fire"         // a fire starts, spreads, goes out (Fire)
	evReload     engine.EventType = "reload"       // a reload's turns (Torpedo Reloads)
	evDepth      engine.EventType = "depth_charge" // a depth charge attack (Depth Charge Attack)
	evIlluminate engine.EventType = "illuminate"   // a starshell or flare bursts (Starshells and Flares)
	evEnd        engine.EventType = "end"          // the battle ends
	evAir        engine.EventType = "air_attack"   // an aircraft attacks a vessel (Aircraft)
	evAA         engine.EventType = "aa_fire"      // a gun fires at an aircraft, or an aircraft is down
	evAirFire    engine.EventType = "air_fire"     // an aircraft fires at an aircraft
	evRam        engine.EventType = "ram"          // a ram (FAQ)
	evPlaced     engine.EventType = "placed"       // a vessel placed on the virtual table
	evMove       engine.EventType = "move"         // a vessel or torpedo marker moved on the virtual table
	evLeft       engine.EventType = "left"         // a vessel left the virtual table
	evSteer      engine.EventType = "steer"        // a vessel's course ordered (virtual table)
	evFormation  engine.EventType = "formation"    // a vessel joins or leaves a leader's formation
)

// eventTypes lists them for the kernel (engine.Definition.Events).
var eventTypes = []engine.EventType{
	evBattle, evVessel, evRemoved, evTurn, evPhase, evVisibility, evSpot, evInitiative, evSpeed, evGunfire, evLaunch,
	evArrival, evDamage, evFire, evReload, evDepth, evIlluminate, evEnd, evAir, evAA, evAirFire, evRam,
	evPlaced, evMove, evLeft, evSteer, evFormation,
}
