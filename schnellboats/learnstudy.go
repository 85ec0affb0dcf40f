package schnellboats

import (
	"bytes"
	"context"
	"fmt"
	"slices"
	"strings"

	"github.com/schnell-wargames/schnell/batch"
	"github.com/schnell-wargames/schnell/engine"
	"github.com/schnell-wargames/schnell/gamelog"
	"github.com/schnell-wargames/schnell/schnellboats/bridge"
)

// The flagship's study (`schnell sim learn`, docs/bridge-learnt.md):
// Schnell Rules battles over a grid of the Combat Boards' waves, written
// as learnt quick-resolve tables (bridge.Learn), and the same waves
// fought on the Combat Board in Short campaigns by the reference
// Kommandant, for the comparison.
func newLearnStudy() *engine.Learn {
	return &engine.Learn{
		Help: "Schnell Rules battles fought unattended over a grid of the Combat Boards' waves (encounter type × weather × sea), " +
			"counted as quick-resolve tables (Q-…) that a campaign loads with --tables and rolls instead of the Combat Board for those waves " +
			"(docs/bridge-learnt.md); --compare N also plays N Short campaigns on the book's tables and charts their waves beside the battles",
		Grid: "encounter types (" + strings.Join(encounterTypeNames(), ", ") + "), weathers (good, poor, foggy, bad), heavy (heavy seas too); none: mgb2 in the four weathers, calm seas",
		Run:  runLearn,
	}
}

func encounterTypeNames() []string {
	var out []string
	for _, t := range bridge.EncounterTypes {
		out = append(out, t.Name)
	}
	return out
}

// learnGrid is the run's grid: the small one (or, Full, the whole one)
// narrowed by the words given.
func learnGrid(r engine.LearnRun) (bridge.Grid, error) {
	g := bridge.CIGrid()
	if r.Full {
		g = bridge.FullGrid()
	}
	var types, ws []string
	heavy := false
	for _, w := range r.Grid {
		switch {
		case slices.Contains(encounterTypeNames(), w):
			types = append(types, w)
		case slices.Contains(weathers, w):
			ws = append(ws, w)
		case w == "heavy":
			heavy = true
		default:
			return g, fmt.Errorf("grid: %q is not an encounter type (%s), a weather (good, poor, foggy, bad) or heavy", w, strings.Join(encounterTypeNames(), ", "))
		}
	}
	if len(types) > 0 {
		g.Types = types
	} else if len(r.Grid) > 0 && !r.Full {
		g.Types = nil // weathers or heavy alone: every type
	}
	g.Weathers = ws
	g.Heavy = g.Heavy || heavy
	if r.Games > 0 {
		g.Battles = r.Games
	}
	g.Seed = r.Seed
	return g, nil
}

// MaxCompare bounds --compare.
const MaxCompare = 1_000_000

func runLearn(ctx context.Context, r engine.LearnRun) (*engine.Learnt, error) {
	g, err := learnGrid(r)
	if err != nil {
		return nil, err
	}
	cells, err := g.Cells()
	if err != nil {
		return nil, err
	}
	if r.Compare < 0 || r.Compare > MaxCompare {
		return nil, fmt.Errorf("compare %d campaigns: 0 to %d", r.Compare, MaxCompare)
	}
	d, err := bridge.Default()
	if err != nil {
		return nil, err
	}
	battles := len(cells) * g.Battles
	total := battles + r.Compare
	var progress func(int, int)
	if r.Progress != nil {
		progress = func(done, _ int) { r.Progress(done, total) }
	}
	l, err := d.Learn(ctx, g, r.Jobs, progress)
	if err != nil {
		return nil, err
	}
	var tbl bytes.Buffer
	if err := l.WriteTables(&tbl); err != nil {
		return nil, err
	}
	out := &engine.Learnt{Tables: tbl.Bytes(), Played: l.Played}
	ids := cells[0].BoatTable()
	if len(cells) > 1 {
		ids += " … " + cells[len(cells)-1].BoatTable()
	}
	out.Summary = append(out.Summary, fmt.Sprintf("%d Schnell Rules battles: %d %s × %d (seed %d), tables %s",
		l.Played, len(cells), "cell"+plural(len(cells)), g.Battles, g.Seed, ids))
	var book map[string]*bookCounts
	if r.Compare > 0 {
		var pr func(int)
		if r.Progress != nil {
			pr = func(n int) { r.Progress(battles+n, total) }
		}
		if book, err = compareBook(ctx, cells, r.Seed, r.Compare, r.Jobs, pr); err != nil {
			return nil, err
		}
		waves := 0
		for _, b := range book {
			waves += b.waves
		}
		out.Played += r.Compare
		out.Summary = append(out.Summary, fmt.Sprintf("%d Short campaigns on the book's tables (seeds %d-%d): %d waves of the grid's cells fought on the Combat Board",
			r.Compare, r.Seed, r.Seed+uint64(r.Compare)-1, waves))
	}
	out.Charts = learnCharts(l, book, r.Compare > 0)
	out.Notes = []string{
		fmt.Sprintf("Learnt: %d battles a cell of %d S-100s (two torpedoes each in the tubes) against the wave, both sides played by Schnell Rules' reference side on the virtual table, set up and read back as docs/bridge.md states (battle data %s, Schnell Rules rules version %d).", g.Battles, bridge.LearnSquadron, l.Data, l.Rules),
		"The book: the same waves met in Short campaigns by the reference Kommandant on the Combat Board (4.6-4.9), waves of a combat of one wave only; a boat is counted for Boats #2-#4 (their damage is points: 1-2 Damaged, 3-4 Heavily Damaged, 5 or disabled Wrecked, 6 Sunk, the bridge's levels read back), an enemy unit Sunk or Evaded (got away, or afloat when the combat ended).",
		"Each bar is a share with its Wilson 95% interval; the counts are below each chart. A boat's outcomes in one battle are not independent of her sisters', so the intervals of the boats' charts are narrower than the truth.",
	}
	return out, nil
}

// bookCounts are a cell's waves fought on the Combat Board.
type bookCounts struct {
	waves int
	boats [5]int                    // Boats #2-#4 by level (bridge's levels)
	units map[string]map[string]int // unit type → sunk, evaded
}

// compareBook plays n Short campaigns (seeds from seed) with the
// reference Kommandant on the book's tables, and counts the waves of the
// cells: each boat #2-#4's level and each unit's fate at the combat's end.
func compareBook(ctx context.Context, cells []bridge.Cell, seed uint64, n, jobs int, progress func(int)) (map[string]*bookCounts, error) {
	def, err := Definition()
	if err != nil {
		return nil, err
	}
	want := map[string]bool{}
	for _, c := range cells {
		want[c.BoatTable()] = true
	}
	per := make([][]bookWave, n)
	play := func(k int) (err error) {
		per[k], err = bookCampaign(def, seed+uint64(k), want)
		return err
	}
	if err := batch.Each(ctx, n, jobs, play, progress); err != nil {
		return nil, err
	}
	out := map[string]*bookCounts{}
	for _, waves := range per {
		for _, w := range waves {
			b := out[w.cell]
			if b == nil {
				b = &bookCounts{units: map[string]map[string]int{}}
				out[w.cell] = b
			}
			b.waves++
			for _, lv := range w.boats {
				b.boats[lv]++
			}
			for _, u := range w.units {
				if b.units[u[0]] == nil {
					b.units[u[0]] = map[string]int{}
				}
				b.units[u[0]][u[1]]++
			}
		}
	}
	return out, nil
}

// bookWave is one wave fought on the Combat Board.
type bookWave struct {
	cell  string
	boats []int       // levels of Boats #2-#4
	units [][2]string // type, fate (sunk, evaded)
}

// bookCampaign plays one Short campaign and reads the waves of the
// cells as they end (an observer that looks at the campaign's state at
// round 1 of a wave and at the combat's end).
func bookCampaign(def *engine.Definition, seed uint64, want map[string]bool) ([]bookWave, error) {
	g, err := engine.New(engine.Config{Def: def, Seed: seed, Options: []gamelog.Option{{Name: "campaign", Value: "short"}}})
	if err != nil {
		return nil, err
	}
	c := g.Rules().(*Campaign)
	var (
		out   []bookWave
		cur   *bookWave
		boats []*Sortie
		start []int
		units []*Unit
	)
	g.Observe(func(e *gamelog.Event) {
		switch eventType(e.Type) {
		case evRound:
			cb := c.Mission.Combat
			if e.Int("n") != 1 || e.Int("wave") != 1 || cb == nil {
				return
			}
			cur, boats, start, units = nil, boats[:0], start[:0], units[:0]
			var types []string
			for _, u := range cb.Enemy {
				if u.present() {
					types = append(types, u.Type.String())
					units = append(units, u)
				}
			}
			cell, ok := bridge.CellFor(types, c.Mission.Weather.String(), c.Mission.Sea >= 4)
			if !ok || !want[cell.BoatTable()] {
				return
			}
			cur = &bookWave{cell: cell.BoatTable()}
			for _, s := range c.formation() {
				if !s.Disabled && !c.manned(s) {
					boats = append(boats, s)
					start = append(start, s.Points)
				}
			}
		case evCombatEnd:
			if cur == nil || e.Int("waves") != 1 {
				cur = nil
				return
			}
			for i, s := range boats {
				cur.boats = append(cur.boats, boardLevel(s, s.Points-start[i]))
			}
			for _, u := range units {
				fate := "evaded"
				if u.Gone == goneSunk {
					fate = "sunk"
				}
				cur.units = append(cur.units, [2]string{u.Type.String(), fate})
			}
			out = append(out, *cur)
			cur = nil
		}
	})
	if err := g.PlayOut(def.Reference(g.Rules()), nil); err != nil {
		return nil, fmt.Errorf("seed %d: %w", seed, err)
	}
	return out, nil
}

// boardLevel reads a boat's damage on the Combat Board as a Schnell Rules
// level (the bridge's levels read back: 2 points Damaged, 4 Heavily
// Damaged, 5 or disabled Wrecked, sunk Sunk).
func boardLevel(s *Sortie, added int) int {
	switch {
	case s.Gone == goneSunk:
		return 4
	case s.Disabled || added >= 5:
		return 3
	case added >= 3:
		return 2
	case added >= 1:
		return 1
	}
	return 0
}

var levelTitles = []string{"Intact", "Damaged", "Heavily Damaged", "Wrecked", "Sunk"}

// learnCharts are the comparison's charts: per cell, a boat's level and
// each unit type's fate, the book's waves (when compared) beside the
// battles.
func learnCharts(l *bridge.Learnt, book map[string]*bookCounts, compared bool) []engine.Chart {
	var out []engine.Chart
	for _, cc := range l.Cells {
		id := cc.Cell.BoatTable()
		bk := book[id]
		if bk == nil {
			bk = &bookCounts{units: map[string]map[string]int{}}
		}
		var learnt [5]int
		for k, n := range cc.Boats {
			learnt[k.Level] += n.Count
		}
		ch := engine.Chart{Title: fmt.Sprintf("%s: a boat against %s (the book: Boats #2-#4)", id, cc.Cell.Words()), Classes: levelTitles}
		if compared {
			ch.Series = append(ch.Series, series(fmt.Sprintf("Combat Board (%d waves)", bk.waves), bk.boats[:]))
		}
		ch.Series = append(ch.Series, series(fmt.Sprintf("Schnell Rules (%d battles)", cc.Battles), learnt[:]))
		out = append(out, ch)
		for _, u := range cc.Cell.UnitTypes() {
			uc := engine.Chart{Title: fmt.Sprintf("%s: %s of %s", cc.Cell.UnitTable(u), bridge.UnitWords(u), cc.Cell.Words()), Classes: []string{"Sunk", "Evaded"}}
			if compared {
				m := bk.units[u]
				uc.Series = append(uc.Series, series(fmt.Sprintf("Combat Board (%d waves)", bk.waves), []int{m["sunk"], m["evaded"]}))
			}
			m := cc.Units[u]
			count := func(f string) int {
				if m[f] == nil {
					return 0
				}
				return m[f].Count
			}
			uc.Series = append(uc.Series, series(fmt.Sprintf("Schnell Rules (%d battles)", cc.Battles), []int{count("sunk"), count("got_away") + count("afloat")}))
			out = append(out, uc)
		}
	}
	return out
}

func series(name string, counts []int) engine.Series {
	n := 0
	for _, c := range counts {
		n += c
	}
	return engine.Series{Name: name, Counts: slices.Clone(counts), N: n}
}
