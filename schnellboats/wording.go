package schnellboats

import "strings"

// words writes an identifier as the player reads it: "steady_hands" is
// "steady hands".
func words(id string) string { return strings.ReplaceAll(id, "_", " ") }
