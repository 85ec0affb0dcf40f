package scheldt

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/schnell-wargames/schnell/engine"
	"github.com/schnell-wargames/schnell/gamelog"
	"github.com/schnell-wargames/schnell/sheet"
)

// SheetNames implements sheet.Sheeter.
func (game) SheetNames() []string { return []string{"card", "oob", "combats"} }

// Sheets implements sheet.Sheeter.
func (game) Sheets(eg *engine.Game, name string, _ int) ([]sheet.Sheet, error) {
	g, err := Of(eg)
	if err != nil {
		return nil, err
	}
	all := map[string]func() sheet.Sheet{"card": g.turnCard, "oob": g.oobSheet, "combats": g.combatSheet}
	if name == "all" {
		return []sheet.Sheet{g.turnCard(), g.oobSheet(), g.combatSheet()}, nil
	}
	f, ok := all[name]
	if !ok {
		return nil, fmt.Errorf("no sheet %q: the sheets are card, oob, combats", name)
	}
	return []sheet.Sheet{f()}, nil
}

// turnCard is the turn and reinforcement card: each turn's rebuilds,
// arrivals and special rules, with a box to tick.
func (g *Game) turnCard() sheet.Sheet {
	s := sheet.Sheet{Name: "card", Title: "Battle of the Scheldt — turn and reinforcement card",
		Head:    []string{"Each turn: draw support fire markers (14.0), then the Allied player turn, then the German: Movement, Combat, Mobile Movement, end of the player turn (our reconstruction of the series sequence)."},
		Columns: []string{"Turn", "Done", "Allied rebuilds", "German rebuilds", "Arrivals", "Special rules"},
		Widths:  []int{4, 4, 8, 8, 40, 40}}
	for t := 1; t <= g.Turns; t++ {
		// The units due, by their ids, grouped by where they enter (the
		// hexes' fine print: `oob UNIT`).
		var where []string
		ids := map[string][]string{}
		for _, u := range g.Units {
			if u.Arrives == t {
				at, _, _ := strings.Cut(u.Setup, " (")
				if ids[at] == nil {
					where = append(where, at)
				}
				ids[at] = append(ids[at], u.ID)
			}
		}
		var arr []string
		for _, at := range where {
			arr = append(arr, strings.Join(ids[at], ", ")+" "+at)
		}
		var sp []string
		switch {
		case t <= 3:
			sp = append(sp, "Breskens Pocket frozen (13.0)")
		case t == 4:
			sp = append(sp, "Pocket unfrozen; Braakman Inlet units may cross west (+2 MP, 13.0)")
		}
		if t == 7 {
			sp = append(sp, "104th: no Antwerp hex free, it waits (11.2)")
		}
		if t == 8 {
			sp = append(sp, "155/52 withdrawn at the end of the turn (13.1)")
		}
		if t >= 12 {
			sp = append(sp, "Beveland Flank Assault possible (16.1)")
		}
		done := "[ ]"
		if t < g.Turn || g.Winner != "" {
			done = "[x]"
		}
		s.Rows = append(s.Rows, []string{strconv.Itoa(t), done, strconv.Itoa(RebuildsAllowed(Allied, t)), strconv.Itoa(RebuildsAllowed(German, t)), strings.Join(arr, "; "), strings.Join(sp, "; ")})
	}
	s.Foot = []string{"Walcheren Island Assault: after every road hex Woensdrecht–Schore is Allied (16.2). Naval +10 markers: two, once each, different hexes (16.4). German anti-tank +5: once a turn (14.1)."}
	return s
}

func (g *Game) oobSheet() sheet.Sheet {
	return sheet.Sheet{Name: "oob", Title: "Battle of the Scheldt — order of battle",
		Columns: []string{"Unit", "Counter", "Side", "State", "Hex", "Arrives"},
		Rows:    g.oobRows("", false), Widths: []int{8, 16, 7, 10, 20, 36}}
}

func (g *Game) combatSheet() sheet.Sheet {
	s := sheet.Sheet{Name: "combats", Title: "Battle of the Scheldt — combat record",
		Columns: []string{"Turn", "Side", "Hex", "Terrain", "Line", "Diff", "Shifts", "Column", "Die", "Result", "Markers"}}
	for _, r := range g.Combats {
		s.Rows = append(s.Rows, []string{strconv.Itoa(r.Turn), sideName(r.Side), r.Hex, r.Terrain.String(), r.Line.String(),
			fmt.Sprintf("%+d", r.Diff), fmt.Sprintf("%+d", r.Shifts), r.Column, strconv.Itoa(r.Die), r.Code, strings.Join(r.Markers, ", ")})
	}
	if len(s.Rows) == 0 {
		s.Foot = []string{"No attack resolved."}
	}
	return s
}

// Report implements sheet.Reporter: an after-action report in Markdown.
func (game) Report(eg *engine.Game, lg *gamelog.Log, _ int) (string, error) {
	g, err := Of(eg)
	if err != nil {
		return "", err
	}
	var b strings.Builder
	fmt.Fprintf(&b, "# Battle of the Scheldt — after-action report\n\n")
	fmt.Fprintf(&b, "Seed %d, %d turns played of %d.\n\n", lg.Header.Seed, min(g.Turn, g.Turns), g.Turns)
	if g.Winner != "" {
		fmt.Fprintf(&b, "**Result: %s victory (17.0).**\n\n", sideName(g.Winner))
	}
	fmt.Fprintf(&b, "## Attacks\n\n")
	if len(g.Combats) == 0 {
		b.WriteString("None.\n")
	}
	for _, r := range g.Combats {
		fmt.Fprintf(&b, "- Turn %d, %s attack on %s (%s, %+d): column %s, die %d → %s\n", r.Turn, sideName(r.Side), r.Hex, r.Line, r.Diff, r.Column, r.Die, r.Code)
	}
	fmt.Fprintf(&b, "\n## Losses\n\n")
	for _, u := range g.Units {
		if u.State == Eliminated || u.State == Withdrawn || u.State == Depleted {
			fmt.Fprintf(&b, "- %s %s: %s\n", sideName(u.Side), u.Title, u.State)
		}
	}
	fmt.Fprintf(&b, "\nNaval +10 markers used: %d of 2.\n", 2-g.NavalLeft)
	return b.String(), nil
}
