package scheldt

import (
	"fmt"
	"io"
	"slices"
	"strings"

	"github.com/schnell-wargames/schnell/engine"
	"github.com/schnell-wargames/schnell/gamelog"
)

// braakman are the Braakman Inlet hexes whose Allied units may cross the
// all-sea hexsides west from turn 4 (13.0).
var braakman = []string{"2637", "2737", "2837"}

// Crossing says what the exclusive rules say of a move from one hex to an
// adjacent one by side on turn: "" and the cost when they allow it, else
// the rule that forbids it. what are the player's words for the hex
// entered (flooded, inlet, sea), the hexside crossed (leopold: the
// Leopold Canal) and the unit (mobile, boat).
func Crossing(from, to, side string, turn int, what []string) (cost string, err error) {
	has := func(w string) bool { return slices.Contains(what, w) }
	pair := func(a, b string) bool { return from == a && to == b || from == b && to == a }
	switch {
	case pair("1838", "1839") || pair("1838", "1939"):
		return "", fmt.Errorf("15.2: the causeway is crossed only between 1838 and 1739: no unit moves between 1838 and %s", map[bool]string{true: from, false: to}[to == "1838"])
	case pair("2737", "2738"):
		switch {
		case side != Allied:
			return "", fmt.Errorf("15.1: hexside 2737/2738 is all-sea: only the Allied units of the Braakman Inlet cross it (13.0)")
		case turn < 4:
			return "", fmt.Errorf("13.0: the Braakman Inlet units cross the all-sea hexside from turn 4, not turn %d", turn)
		case !slices.Contains(braakman, from):
			return "", fmt.Errorf("13.0: only units on the Braakman Inlet hexes (2637, 2737, 2837) cross the all-sea hexside")
		}
		return "+2 MP for the all-sea hexside (13.0: Terrapins and Buffaloes)", nil
	case pair("1838", "1739"):
		return "+1 MP: the causeway (15.2)", nil
	case has("leopold") && side == German:
		return "", fmt.Errorf("13.0: German units never move or advance across the Leopold Canal, all game (they may attack across it: `attack ... terrain=canal`)")
	case has("leopold"):
		return "+1 MP: the Leopold Canal (a canal hexside)", nil
	case has("sea") && !has("boat"):
		return "", fmt.Errorf("15.0: no unit enters a sea hex except by assault boat (16.0)")
	case has("sea"):
		return "by assault boat only, in a beach assault (16.1, 16.2)", nil
	case (has("flooded") || has("inlet")) && has("mobile"):
		return "", fmt.Errorf("12.0: mobile units may not move, retreat or advance into a flooded hex (an inlet is one, 15.1)")
	case has("flooded"):
		return "all its movement points, starting adjacent, and it stops there (12.0); no infiltration, no road rate", nil
	case has("inlet"):
		return "all its printed movement, starting the phase adjacent (15.1); leaving costs nothing extra", nil
	}
	return "as the map's terrain (clear and city 1 MP, road 1/2, canal +1): no exclusive rule forbids it", nil
}

func cmdCross(g *engine.Game, args []string, w io.Writer) ([]gamelog.Event, error) {
	if len(args) < 2 {
		return nil, fmt.Errorf("cross needs two hexes: cross FROM TO [flooded|inlet|sea|leopold] [mobile|boat] [allied|german]")
	}
	r, err := Of(g)
	if err != nil {
		return nil, err
	}
	side, turn := r.Player, max(r.Turn, 1)
	if side == "" {
		side = Allied
	}
	var what []string
	for _, a := range args[2:] {
		a = strings.ToLower(a)
		switch a {
		case "flooded", "inlet", "sea", "leopold", "mobile", "boat":
			what = append(what, a)
		case Allied, German:
			side = a
		default:
			return nil, fmt.Errorf("cross: %q: say flooded, inlet, sea, leopold, mobile, boat, allied or german", a)
		}
	}
	for _, h := range args[:2] {
		if len(h) != 4 || strings.Trim(h, "0123456789") != "" {
			return nil, fmt.Errorf("cross: %q is not a hex: four digits, as 1838", h)
		}
	}
	cost, err := Crossing(args[0], args[1], side, turn, what)
	if err != nil {
		return nil, err
	}
	fmt.Fprintf(w, "%s %s → %s on turn %d: %s\n", sideName(side), args[0], args[1], turn, cost)
	return nil, nil
}
