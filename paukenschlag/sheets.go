package paukenschlag

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/schnell-wargames/schnell/engine"
	"github.com/schnell-wargames/schnell/gamelog"
	"github.com/schnell-wargames/schnell/sheet"
)

var (
	_ sheet.Sheeter  = Game{}
	_ sheet.Reporter = Game{}
)

// SheetNames are the game's paper sheets, the default first.
var SheetNames = []string{"roster", "track", "osl"}

// SheetNames implements sheet.Sheeter.
func (Game) SheetNames() []string { return SheetNames }

// Sheets implements sheet.Sheeter: the Variant U-boat Roster, the Turn
// Record Track with what returns when, and an operational-search slip.
func (Game) Sheets(g *engine.Game, name string, _ int) ([]sheet.Sheet, error) {
	r, ok := g.Rules().(*Rules)
	if !ok {
		return nil, fmt.Errorf("not a Paukenschlag game")
	}
	var out []sheet.Sheet
	for _, n := range SheetNames {
		if name != "all" && name != n {
			continue
		}
		switch n {
		case "roster":
			out = append(out, r.rosterSheet())
		case "track":
			out = append(out, r.trackSheet(g))
		case "osl":
			out = append(out, r.oslSheet())
		}
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("no sheet %q: say %s or all", name, strings.Join(SheetNames, ", "))
	}
	return out, nil
}

func marks(used, n int, arrowFrom int) string {
	if n == 0 {
		return "(counter)"
	}
	var b strings.Builder
	for i := 1; i <= n; i++ {
		if i > 1 {
			b.WriteByte(' ')
		}
		switch {
		case i <= used:
			b.WriteString("[X]")
		case arrowFrom > 0 && i >= arrowFrom:
			b.WriteString("[^]")
		default:
			b.WriteString("[" + strconv.Itoa(i) + "]")
		}
	}
	return b.String()
}

// rosterSheet is the Variant U-boat Roster (20.0): a row per boat, its
// damage, torpedo, fuel and frogman boxes checked as the game stands.
func (r *Rules) rosterSheet() sheet.Sheet {
	s := sheet.Sheet{
		Name:    "roster",
		Title:   fmt.Sprintf("Variant U-boat Roster, turn %d of %d", r.Turn, r.Turns),
		Head:    []string{"Check damage from 1 to 5 (21.5). [^]: the boat must surface (21.5.3: at " + strconv.Itoa(r.surfaceAt) + " points). Only the Barbarigo makes Frogman Attacks."},
		Columns: []string{"U-boat", "MSF", "Sunk", "Damage", "Torpedoes", "Fuel", "Frogmen", "Where"},
		Widths:  []int{10, 3, 4, 19, 15, 23, 7, 18},
	}
	for _, b := range r.Boats {
		if b.Group == "base" && b.Status == Absent {
			continue
		}
		frog := ""
		if b.Frogmen > 0 {
			frog = marks(b.FrogUsed, b.Frogmen, 0)
		}
		where := string(b.Status)
		if b.Status == InPlay {
			where = b.Area
		}
		s.Rows = append(s.Rows, []string{b.Title, factor(b.MSF), factor(b.Sunk), marks(b.Damage, 5, r.surfaceAt),
			marks(b.TorpUsed, b.Torpedoes, 0), marks(b.FuelUsed, b.Fuel, 0), frog, where})
	}
	s.Foot = []string{"MSF and Sunk are printed on the base game's counters: `?` until typed or loaded."}
	return s
}

// trackSheet is the Turn Record Track: each turn, what enters and what
// returns (21.1 window, 21.2, 21.4, the schedule).
func (r *Rules) trackSheet(g *engine.Game) sheet.Sheet {
	s := sheet.Sheet{
		Name:    "track",
		Title:   "Turn Record Track",
		Columns: []string{"Turn", "Variants", "Returns (Turn Record Track)", "Done"},
		Widths:  []int{4, 40, 30, 4},
	}
	due := g.Schedule()
	for t := 1; t <= r.Turns; t++ {
		var v []string
		if t == 1 {
			v = append(v, "5.1 random events")
		}
		if r.In(NorthAtlantic) && t >= 2 && t <= 9 {
			v = append(v, "21.1 North Atlantic rolls")
		}
		if r.In(Italian) && t == r.BarbarigoTurn {
			v = append(v, "21.2 Barbarigo enters (DH/DT)")
		}
		if r.In(Canadians) && t == r.CanadiansTurn {
			v = append(v, "21.4 Canadians may enter (BB/BC/BD)")
		}
		var ret []string
		for _, d := range due {
			if d.Turn == t {
				ret = append(ret, d.What)
			}
		}
		done := ""
		if t < r.Turn || t == r.Turn && g.Over() {
			done = "X"
		}
		s.Rows = append(s.Rows, []string{strconv.Itoa(t), strings.Join(v, "; "), strings.Join(ret, "; "), done})
	}
	return s
}

// oslSheet is a slip for one OSL/TSL play: each unit's rolled square, its
// end square, its box (5.5).
func (r *Rules) oslSheet() sheet.Sheet {
	s := sheet.Sheet{
		Name:    "osl",
		Title:   "Operational / Tactical Search slip (5.5)",
		Head:    []string{"Zone: ______  Play: OSL / TSL ___  First mover: Axis / Allied"},
		Columns: []string{"Unit", "Side", "Status", "Square rolled (row-column)", "End square", "TSL box"},
		Widths:  []int{12, 7, 10, 14, 10, 7},
	}
	if k := r.Contact; k != nil {
		s.Head = []string{fmt.Sprintf("Zone: %s  Play: %s", k.Area, k.Play)}
		for _, u := range k.Units {
			st := ""
			if b := r.Boat(u.ID); b != nil {
				st = "submerged"
				if b.Surfaced {
					st = "surfaced"
				}
			}
			s.Rows = append(s.Rows, []string{u.ID, u.Side, st, u.Square, "", ""})
		}
	}
	for len(s.Rows) < 8 {
		s.Rows = append(s.Rows, []string{"", "", "", "", "", ""})
	}
	return s
}

// Report implements sheet.Reporter: the game's log as an after-action
// report, turn by turn, in the game's own words.
func (Game) Report(_ *engine.Game, lg *gamelog.Log, _ int) (string, error) {
	var b strings.Builder
	b.WriteString("# Paukenschlag: after-action report\n\n")
	for i := range lg.Events {
		e := &lg.Events[i]
		switch engine.EventType(e.Type) {
		case "roll", "decision", "draw", "reveal", EvStep:
			continue
		case EvTurn:
			fmt.Fprintf(&b, "\n## Turn %d\n\n", e.Int("n"))
			continue
		}
		if line := describe(e); line != "" {
			b.WriteString("- " + line + "\n")
		}
	}
	return b.String(), nil
}
