// Package scripting will host Lua scripts (gopher-lua) as a front end on
// the engine's API: a script receives each pending decision and answers it,
// as the prompt does. It is the subject of the Lua issue and holds nothing
// yet; the engine's Decider interface is the seam it will plug into.
package scripting
