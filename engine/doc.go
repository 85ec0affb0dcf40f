// Package engine is the game kernel: it runs a game's Rules as a
// deterministic program that may only touch the world through a Ctx — roll
// on a table, ask for a decision, emit an event — and returns to its front
// end (the REPL, Lua, the autoplayer) whenever the player is needed. It owns
// the seeded generator, the dice mode (digital or physical), the event log
// and replay (load, undo, verify). It never prints, never reads input or the
// clock. Game-specific rules live in their own packages (schnellboats).
package engine
