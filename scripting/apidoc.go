package scripting

import "github.com/schnell-wargames/schnell/scripting/luadoc"

// The Lua API's documentation types live in scripting/luadoc, which a game
// imports without the Lua engine; these names are kept for the games not
// moved there yet.
type (
	// API is luadoc.API.
	API = luadoc.API
	// APIField is luadoc.Field.
	APIField = luadoc.Field
	// Documented is luadoc.Documented.
	Documented = luadoc.Documented
)
