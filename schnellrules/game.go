// Package schnellrules is the game "schnellrules": a referee for battles of
// coastal forces played with models under D. Manley's "Schnell Rules for
// Schnellboote!". The player moves the models and measures; the program
// runs the turn sequence, rolls every die, reads every table and keeps
// every record. The whole Boat Data is record data (data/*.rec).
package schnellrules

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"slices"
	"strconv"
	"strings"

	"github.com/schnell-wargames/schnell/engine"
	"github.com/schnell-wargames/schnell/gamelog"
	"github.com/schnell-wargames/schnell/tables"
)

// Name and Title are the game's registry entry.
const (
	Name  = "schnellrules"
	Title = "Schnell Rules for Schnellboote!: a referee for coastal-forces miniatures battles"
)

// Game is the game's value for the front ends' optional interfaces.
type Game struct{}

var onOff = []string{"off", "on"}

// options are the game's options: the turns, then every optional rule of
// the document, off by default.
var options = []engine.OptionDef{
	{Name: "table", Default: "physical", Values: []string{"physical", "virtual"}, Quiet: true, Help: "physical: your own table, where you move the models and measure (type each range); virtual: the program holds the table: you order `steer VESSEL DEG` and `speed VESSEL LEVEL`, and it moves, measures ranges, arcs and sightings (with no scenario, the quick battle)"},
	{Name: "turns", Default: "10", Help: "how many turns the battle lasts at most (1-99)"},
	{Name: "scenario", Default: "", Help: "a scenario file: one `add ID CLASS [side=S] [speed=L]` a line, added before the set-up asks (replays need the same file)"},
	{Name: "setup", Default: "", Quiet: true, Help: "a scenario given inline, for a battle another game sets up (a Schnell Boats battle): the lines of a scenario file separated by `;` (not with a scenario file)"},
	{Name: "duel", Default: "off", Help: "OUR OWN ABSTRACTION, not the document's: START,CLOSING (cm) plays without a table, every vessel START cm from every enemy on turn 1 and CLOSING cm nearer each turn; sightings are read at that range and the table's other questions answered no (for sim: compare loadouts over many seeds with --scenario and --script)"},
	{Name: "fire", Default: "off", Values: onOff, Help: "optional rule Fire: a hit may start a fire (red d6 6); a d10 each turn puts it out (1-2) or spreads it (10)"},
	{Name: "visibility", Default: "off", Values: onOff, Help: "optional rule Random Visibility: a d6 each turn, 5 targets a size smaller, 6 two"},
	{Name: "secondary", Default: "off", Values: onOff, Help: "optional rule Torpedo Secondary Attacks: a miss may hit another vessel within 20cm, at -3"},
	{Name: "reloads", Default: "off", Values: onOff, Help: "optional rule Torpedo Reloads: ten qualifying turns reload the tubes"},
	{Name: "depth_charges", Default: "off", Values: onOff, Help: "optional rule Depth Charge Attack: British boats attack Large ships in the movement phases (d6 4+)"},
	{Name: "starshells", Default: "off", Values: onOff, Help: "optional rule Starshells and Flares: starshell VESSEL RANGE (a 4\" gun, over 40cm) or flare VESSEL RANGE (to 20cm) in phase 7; the table says what the burst lights"},
	{Name: "illumination", Default: "three", Values: []string{"three", "each"}, Quiet: true, Help: "Starshells and Flares' limit, \"3 starshells or 3 flares\": three: three in all a vessel, starshells and flares together (as the card's three boxes); each: three starshells and three flares (rules notes)"},
	{Name: "torpedo_markers", Default: "off", Values: onOff, Help: "optional rule Alternative Torpedo Rule: a marker per torpedo, moved on the table after the ships; in phase 9 the table says if it passed within 5cm of a vessel (no -5 for range)"},
	{Name: "turning_arcs", Default: "off", Values: onOff, Help: "optional rule Turning Arcs: cards show the minimum move before a 60-degree turn instead of turning circles"},
	{Name: "stationary", Default: "printed", Values: []string{"printed", "plus"}, Help: "a Very Small or Small shooter stationary: -4 as printed, or +4 (the other reading, rules notes)"},
	{Name: "aircraft", Default: "none", Values: []string{"none", "on"}, Help: "none: the air phases (3 and 6) are skipped (the document gives aircraft weapons but no aircraft); on: the player names each aircraft's attack (air AIRCRAFT WEAPON TARGET RANGE_CM: rockets, bomb50-bomb1000 of the Aircraft Weapons, or a Gun Data row to strafe) and ships answer with aa VESSEL WEAPON AIRCRAFT RANGE_CM"},
	{Name: "ramming", Default: "off", Values: onOff, Help: "the FAQ's ramming: ram VESSEL TARGET in the movement phases, damage as an 18\" torpedo (21\" from a Large or Very Large rammer) with +2, no roll to hit"},
}

// Definition returns the game's definition with its tables and data.
func Definition() (*engine.Definition, error) {
	sub, err := fs.Sub(dataFiles, "data")
	if err != nil {
		return nil, err
	}
	tabs, err := LoadTables(sub)
	if err != nil {
		return nil, fmt.Errorf("schnellrules tables: %w", err)
	}
	if _, err := NewDatabase(tabs); err != nil {
		return nil, fmt.Errorf("schnellrules vessel data: %w", err)
	}
	return &engine.Definition{
		Name:  Name,
		Title: Title,
		// Rules 1: a burning vessel spotted beyond range is seen; three
		// starshells and flares in all; begin refused until both sides
		// have a vessel. Rules 2: a side is asked for its orders of a
		// phase only when it has one to give; orders are checked when
		// answered (Option.Check), never logged as refused (an older log
		// holding refused events is refused as of an older version).
		// Rules 3: the spotting's why says "2 sizes", not "2 size(s)".
		// Rules 4: done answers the lit vessels' question (its command);
		// with illumination=each a side with starshells left is asked.
		Rules:       4,
		Booklets:    []engine.Booklet{{Name: "schnellrules", Title: "Schnell Rules for Schnellboote!", Tables: tabs}},
		Options:     options,
		New:         newBattle,
		Pauses:      []string{"turn", "battle"},
		Sides:       Sides,
		Part:        "",
		Commands:    slices.Concat(commands, tableCommands),
		Describe:    describe,
		Events:      eventTypes,
		DescribeRun: describeRun,
		DescribeAt:  describeAt,
		Menu:        menu,
		Status: func(g *engine.Game, w io.Writer) error {
			b, ok := g.RulesOf(Name).(*Battle)
			if !ok {
				return fmt.Errorf("not a schnellrules game")
			}
			return b.WriteStatus(g, w)
		},
		Score: func(r engine.Rules) []gamelog.Field {
			b := r.(*Battle)
			afloat := afloatBySide(b)
			return []gamelog.Field{gamelog.Int("turns", min(b.Turn-1, b.Opt.Turns)), gamelog.Int(Sides[0], afloat[0]), gamelog.Int(Sides[1], afloat[1])}
		},
		View:    func(r engine.Rules) engine.Viewer { return view{b: r.(*Battle)} },
		Picture: Picture,
		Frame:   frame,
		Told:    Told,
		Unseen:  Unseen,
		ViewAs: func(r engine.Rules, side string) engine.Viewer {
			return view{b: r.(*Battle), side: r.(*Battle).sideOf(side)}
		},
		Reference: func(r engine.Rules) engine.Decider {
			if b := r.(*Battle); b.Table != nil {
				return captain{b}
			}
			return referee{}
		},
		ReferenceName: "the reference side",
		Game:          Game{},
	}, nil
}

// newBattle makes a battle's rules for options.
func newBattle(opts []gamelog.Option, tabs *tables.Set) (engine.Rules, error) {
	db, err := NewDatabase(tabs)
	if err != nil {
		return nil, err
	}
	b := &Battle{DB: db, tables: tabs}
	var set setting
	for _, o := range opts {
		on := o.Value == "on"
		switch o.Name {
		case "table":
			if o.Value == "virtual" {
				b.Table = newTable()
			}
		case "turns":
			n, err := strconv.Atoi(o.Value)
			if err != nil || n < 1 || n > 99 {
				return nil, fmt.Errorf("turns %q: want 1 to 99", o.Value)
			}
			b.Opt.Turns = n
		case "scenario":
			if o.Value != "" {
				if set, err = readScenario(db, o.Value); err != nil {
					return nil, err
				}
			}
		case "setup":
			if o.Value != "" {
				if set.presets != nil {
					return nil, fmt.Errorf("setup and scenario both set the battle up: give one")
				}
				if set, err = parseScenario(db, "setup", []byte(strings.ReplaceAll(o.Value, ";", "\n"))); err != nil {
					return nil, err
				}
			}
		case "duel":
			if o.Value != "off" {
				a, c, ok := strings.Cut(o.Value, ",")
				start, err1 := strconv.Atoi(a)
				closing, err2 := strconv.Atoi(c)
				if !ok || err1 != nil || err2 != nil || start < 0 || start > 500 || closing < 0 || closing > 100 {
					return nil, fmt.Errorf("duel %q: say START,CLOSING in cm (0-500, 0-100), or off", o.Value)
				}
				b.Opt.Duel, b.Opt.DuelStart, b.Opt.DuelClose = true, start, closing
			}
		case "fire":
			b.Opt.Fire = on
		case "visibility":
			b.Opt.Visibility = on
		case "secondary":
			b.Opt.Secondary = on
		case "reloads":
			b.Opt.Reloads = on
		case "depth_charges":
			b.Opt.DepthCharges = on
		case "starshells":
			b.Opt.Starshells = on
		case "illumination":
			b.Opt.ShellsEach = o.Value == "each"
		case "torpedo_markers":
			b.Opt.Markers = on
		case "turning_arcs":
			b.Opt.TurningArcs = on
		case "aircraft":
			b.Opt.Aircraft = on
		case "ramming":
			b.Opt.Ramming = on
		case "stationary":
			b.Opt.StationaryPlus = o.Value == "plus"
		}
	}
	b.presets = set.presets
	if b.Table != nil {
		if err := virtualFits(b.Opt); err != nil {
			return nil, err
		}
		if set.area != "" {
			b.Table.Area = tableSizes[set.area]
		}
		if b.presets == nil {
			b.presets, b.quick = quickBattle, true
		}
	}
	return b, nil
}

// referee is the reference player: the passive referee, who takes every
// default (done: no orders) and begins a battle set up on both sides; one
// with a side empty it cannot begin, and says so.
type referee struct{ engine.TakeDefault }

// Decide implements engine.Decider.
func (referee) Decide(d *engine.Decision) (int, error) {
	if d.Kind == "setup" && d.Options[d.Default].Name != "begin" {
		return 0, errors.New("the battle cannot begin: a side has no vessel (give each side one: a scenario file, or add at the prompt)")
	}
	return d.Default, nil
}
