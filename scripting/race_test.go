//go:build race

package scripting

// raceEnabled: the race detector slows a script tenfold and more.
const raceEnabled = true
