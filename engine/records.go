package engine

import (
	"fmt"

	"github.com/schnell-wargames/schnell/tables"
)

// Record returns a record of the game's data (a vessel class, a unit) by
// id. A missing record stops the game with an error that names it: the
// rules ask only for records their data has, unless a player's overlay
// broke that.
func (c *Ctx) Record(id string) *tables.Record {
	r, ok := c.tabs.Record(id)
	if !ok {
		c.Fail(fmt.Errorf("rules ask for record %s, which the game's data does not have", id))
	}
	return r
}
