package coastal

import (
	"fmt"
	"strings"

	"github.com/schnell-wargames/schnell/engine"
)

// menu words a move's question on a virtual table in three lines instead
// of a dozen (engine.Definition.Menu): the orders as the player types
// them, the default first, and how to order many markers at once.
func menu(g *engine.Game, d *engine.Decision) []string {
	r, ok := g.Rules().(*Rules)
	if !ok || r.Table == nil || d.Kind != "move" || len(d.Options) < 2 {
		return nil
	}
	var orders []string
	for i, o := range d.Options {
		w := "`" + o.Name
		for _, a := range o.Args {
			w += " " + strings.ToUpper(a.Name)
		}
		w += "`"
		if i == d.Default {
			w += " (default)"
		}
		orders = append(orders, w)
	}
	return []string{
		"Orders: " + strings.Join(orders, ", ") + ".",
		fmt.Sprintf("DEG 0-359 (0 north, up the table), CM up to %s; `help %s` says more.", argMax(d, "cm"), "steer"),
		"Many at once: `steer A1-A4 135 12`, `all toward`, `formation A1-A4 ahead`.",
	}
}

// argMax is the most an option's argument may be ("16"), "-" if none
// takes it.
func argMax(d *engine.Decision, name string) string {
	for _, o := range d.Options {
		for _, a := range o.Args {
			if a.Name == name && a.Kind == engine.ArgInt {
				return fmt.Sprint(a.Max)
			}
		}
	}
	return "-"
}
