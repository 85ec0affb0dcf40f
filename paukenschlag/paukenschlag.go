// Package paukenschlag is a table assistant for Paukenschlag (Paul
// Rohrbaugh, Against the Odds #29): the expanded sequence of play (5.0) as
// a checklist of steps, and the variant rules (21.x) with their rolls and
// records: the North Atlantic U-boats, the Barbarigo and its frogmen, the
// floatplanes, the Canadian warships and the U-boat damage tracks. The
// base game's map, tables and counters are on the players' table: they
// type what only the board knows, or lay their own tables over ours.
package paukenschlag

import (
	"embed"
	"fmt"
	"io/fs"
	"slices"
	"strconv"
	"strings"

	"github.com/schnell-wargames/schnell/engine"
	"github.com/schnell-wargames/schnell/gamelog"
	"github.com/schnell-wargames/schnell/tables"
)

// Name and Title are the game's entry in the registry.
const (
	Name  = "paukenschlag"
	Title = "Paukenschlag table assistant: the expanded sequence of play and the variant rules (21.x)"
)

//go:embed tables
var files embed.FS

// Variant names a variant rule that may be in play.
type Variant string

// The variants (21.x).
const (
	NorthAtlantic Variant = "natlantic"   // 21.1
	Italian       Variant = "barbarigo"   // 21.2
	Floatplanes   Variant = "floatplanes" // 21.3
	Canadians     Variant = "canadians"   // 21.4
	Damage        Variant = "damage"      // 21.5
)

// AllVariants are the variants in the document's order.
var AllVariants = []Variant{NorthAtlantic, Italian, Floatplanes, Canadians, Damage}

var schema = &tables.Schema{
	Effects: []tables.Def{
		{Name: "result", Kind: tables.Int},
		{Name: "placeholder", Kind: tables.Flag},
	},
	Records: []tables.RecordKind{{Name: "uboat", Help: "a U-boat of the roster", Fields: []tables.Field{
		{Name: "group", Kind: tables.Enum, Values: []string{"natlantic", "italian", "base"}, Required: true},
		{Name: "msf", Kind: tables.Int},
		{Name: "sunk", Kind: tables.Int},
		{Name: "torpedoes", Kind: tables.Int},
		{Name: "fuel", Kind: tables.Int},
		{Name: "frogmen", Kind: tables.Int},
	}}},
}

// The options, in the order of the log header.
var options = []engine.OptionDef{
	{Name: "scenario", Default: "17.1", Values: []string{"17.1", "17.2", "other"},
		Help: "the base game's scenario: 17.1 and 17.2 allow the floatplanes (21.3) and the Canadians on turn 2 (21.4)"},
	{Name: "turns", Default: "10", Help: "the scenario's length in turns (the base game's scenario says; 2 to 40)"},
	{Name: "variants", Default: "all", Help: "the variants in play: all, none, or a list of natlantic,barbarigo,floatplanes,canadians,damage"},
	{Name: "played", Default: "n", Values: []string{"n", "n-1"},
		Help: "21.1: the number of turns played on turn N (n: N, the current turn counts; n-1: only the turns before it)"},
	{Name: "asw-steps", Default: "printed", Values: []string{"printed", "swapped"},
		Help: "21.5.1: 1 less than the ASW result is 1 damage point and 2 less is 2 (printed), or the other way round (swapped)"},
	{Name: "asw-equal", Default: "1", Values: []string{"none", "1", "2", "sunk"},
		Help: "21.5.1: what a second DR equal to the ASW Table result does (the text is silent)"},
	{Name: "sunk-equal", Default: "2", Values: []string{"2", "sunk"},
		Help: "21.5.2: what a second DR equal to the Sunk factor does (the text is silent): 2 damage points, or sunk"},
	{Name: "surface-at", Default: "3", Values: []string{"3", "4"},
		Help: "21.5.3: the damage points at which a U-boat must surface (3: the text; 4: the roster's arrows)"},
	{Name: "z511", Default: "ferry-exception", Values: []string{"ferry-exception", "strict"},
		Help: "21.3.2: the Z-511's frogman ferry is allowed whatever the sub carries (ferry-exception), or only if the sub carries no frogmen (strict)"},
	{Name: "frogmen-hold", Default: "area", Values: []string{"area", "declaration"}, Quiet: true,
		Help: "21.2.1: the Barbarigo stays surfaced in the port's area from a frogman attack's declaration to its draw (area), or only declares there, surfaced (declaration)"},
	{Name: "huffduff", Default: "play", Values: []string{"play", "round"}, Quiet: true,
		Help: "5.5: the Huff-Duff sub-step opens once an OSL or TSL play, after its units are placed (play), or before every round's first-mover roll (round)"},
}

// Definition returns the game's definition.
func Definition() (*engine.Definition, error) {
	sub, err := fs.Sub(files, "tables")
	if err != nil {
		return nil, err
	}
	tabs, err := tables.Load(sub, schema)
	if err != nil {
		return nil, fmt.Errorf("paukenschlag tables: %w", err)
	}
	g := &Game{}
	return &engine.Definition{
		Name:  Name,
		Title: Title,
		// 1: OSL/TSL play in rounds (Huff-Duff, first mover each round,
		// TSL boxes played in turn, combat only on detected targets in one
		// square), status changes only before a move, frogman attacks tied
		// to the sub's area, orders offered only when they may be given,
		// stops only at orders and turn ends.
		Rules:    1,
		Booklets: []engine.Booklet{{Name: "variant", Title: "Paukenschlag variant rules", Tables: tabs}},
		Options:  options,
		New:      newRules,
		Pauses:   []string{"turn", "game"},
		Sides:    []string{Axis, Allied},
		Commands: commands(),
		Events:   events,
		Describe: describe,
		Status:   status,
		Score:    score,
		View:     func(r engine.Rules) engine.Viewer { return r.(*Rules) },
		Finished: func(lg *gamelog.Log) bool {
			n := len(lg.Events)
			return n > 0 && lg.Events[n-1].Type == string(EvEnd)
		},
		Reference:     func(engine.Rules) engine.Decider { return engine.TakeDefault{} },
		ReferenceName: "the checklist (takes each default: done, the first area, torpedoes)",
		Game:          g,
	}, nil
}

// The sides.
const (
	Axis   = "axis"
	Allied = "allied"
)

func newRules(opts []gamelog.Option, tabs *tables.Set) (engine.Rules, error) {
	r := &Rules{variants: map[Variant]bool{}}
	for _, o := range opts {
		switch o.Name {
		case "scenario":
			r.Scenario = o.Value
		case "turns":
			n, err := strconv.Atoi(o.Value)
			if err != nil || n < 2 || n > 40 {
				return nil, fmt.Errorf("turns %q: want a number from 2 to 40 (the scenario's length)", o.Value)
			}
			r.Turns = n
		case "variants":
			if err := r.setVariants(o.Value); err != nil {
				return nil, err
			}
		case "played":
			r.playedBefore = o.Value == "n-1"
		case "asw-steps":
			r.swapped = o.Value == "swapped"
		case "asw-equal":
			r.aswEqual = o.Value
		case "sunk-equal":
			r.sunkEqual = o.Value
		case "surface-at":
			r.surfaceAt, _ = strconv.Atoi(o.Value)
		case "z511":
			r.strictZ511 = o.Value == "strict"
		case "frogmen-hold":
			r.frogFree = o.Value == "declaration"
		case "huffduff":
			r.huffEachRound = o.Value == "round"
		}
	}
	var recs []*tables.Record
	for _, id := range tabs.RecordIDs("uboat") {
		rec, _ := tabs.Record(id)
		recs = append(recs, rec)
	}
	// The roster's order: the files', as the document prints it.
	slices.SortStableFunc(recs, func(a, b *tables.Record) int {
		if c := strings.Compare(a.File, b.File); c != 0 {
			return c
		}
		return a.Line - b.Line
	})
	for _, rec := range recs {
		b := &Boat{ID: rec.ID, Title: rec.Title, Group: rec.Str("group"), Status: Absent}
		b.MSF, _ = rec.Int("msf")
		b.Sunk, _ = rec.Int("sunk")
		b.Torpedoes, _ = rec.Int("torpedoes")
		b.Fuel, _ = rec.Int("fuel")
		b.Frogmen, _ = rec.Int("frogmen")
		r.Boats = append(r.Boats, b)
	}
	// 21.2.1: five Frogman Attack markers (a player's cup may rename them).
	if k, ok := tabs.Cup("FROGMEN"); !ok || k.Size() != 5 {
		n := 0
		if ok {
			n = k.Size()
		}
		return nil, fmt.Errorf("cup FROGMEN holds %d markers: the game has five Frogman Attack markers (21.2.1); give your cup five chits", n)
	}
	if t, ok := tabs.Get("ASW"); ok {
		r.aswLoaded = !slices.ContainsFunc(t.Rows, func(row tables.Row) bool { return row.Sets("placeholder") })
	}
	return r, nil
}

func (r *Rules) setVariants(v string) error {
	switch v {
	case "all":
		for _, x := range AllVariants {
			r.variants[x] = true
		}
		return nil
	case "none":
		return nil
	}
	for _, w := range strings.Split(v, ",") {
		x := Variant(strings.TrimSpace(w))
		if !slices.Contains(AllVariants, x) {
			return fmt.Errorf("variants: %q is not a variant: say all, none, or a list of %s", w, joinVariants())
		}
		r.variants[x] = true
	}
	return nil
}

func joinVariants() string {
	s := make([]string, len(AllVariants))
	for i, v := range AllVariants {
		s[i] = string(v)
	}
	return strings.Join(s, ",")
}

// Game is the game package's value for the front ends' optional
// interfaces (sheets, reports).
type Game struct{}
