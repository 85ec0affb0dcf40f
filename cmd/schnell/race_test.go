//go:build race

package main

// raceEnabled: the race detector's shadow memory makes peak RSS say
// nothing of the program's own.
const raceEnabled = true
