// Package scripting hosts Lua scripts (gopher-lua) as a front end on the
// engine's API: a script's decide(d, game) answers the game's decisions,
// as the player does at the prompt. A Host is a sandboxed Lua state with a
// deadline on every call; it implements engine.Decider. The game's view
// (engine.Viewer) reaches the script through a mirror: Lua tables kept up
// to date field by field, not rebuilt for every decision.
package scripting
