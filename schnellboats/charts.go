package schnellboats

// Charts names what `schnell sim --html` draws a histogram of.
func (Game) Charts() []string { return []string{"vp", "boats_lost", "ships_sunk"} }
