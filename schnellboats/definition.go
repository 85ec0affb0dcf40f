package schnellboats

import (
	"embed"
	"fmt"
	"io/fs"
	"sync"

	"github.com/schnell-wargames/schnell/engine"
	"github.com/schnell-wargames/schnell/gamelog"
	"github.com/schnell-wargames/schnell/schnellboats/bridge"
	"github.com/schnell-wargames/schnell/tables"
)

//go:embed tables
var tableFiles embed.FS

// Name is the game's name in log headers.
const Name = "schnellboats"

// Booklet names.
const (
	BookletS100 = "s100"
	Booklet5b   = "5b"
)

// Title is the game in one line.
const Title = "Schnell Boats: Scourge of the English Channel — a solitaire campaign of S-boat missions from Cherbourg, 1943-44"

// Options are the game's options with their defaults.
var Options = append([]engine.OptionDef{
	{Name: "campaign", Default: "short", Values: []string{"short", "medium", "long"}, Help: "campaign length: short, medium or long"},
	{Name: "boat", Default: "s100", Values: []string{"s100", "5b"}, Help: "boat type: s100 or 5b"},
	// Quiet: the solitaire game's logs keep their header.
	{Name: "players", Default: "1", Values: []string{"1", "2"}, Help: "players: 1, or 2 for the optional two-player game (7.0: player 2 commands Boat #2)", Quiet: true},
	// The other readings of the book where it is ambiguous
	// (docs/rules-notes.md); Quiet, so a log at the default keeps its header.
	{Name: "placement", Default: "moves", Values: []string{"moves", "medium"}, Quiet: true,
		Help: "4.7: round 1's placement in the Long zone is the first move, so Very Fast may go on to Close (moves); or placement stops at the Medium zone whatever the speed (medium)"},
	{Name: "both_gone", Default: "end", Values: []string{"end", "continue"}, Quiet: true,
		Help: "7.0 step 4, two players: when both Kommandants leave in one mission (killed, relieved or court-martialled) the campaign ends (end); or both players enter again, player 2's new Kommandant taking the squadron (continue)"},
	{Name: "success", Default: "task", Values: []string{"task", "sunk"}, Quiet: true,
		Help: "Completing a Mission: a mission whose task is done (the 4 Red Zones patrolled, or its special mission) succeeds (task); or it must also have sunk a ship (sunk: \"or no ships were sunk\" read on its own)"},
}, battleOptions...) // battles fought under Schnell Rules (battle.go, issue 30)

func schemaFor(booklet string) *tables.Schema {
	// Learnt quick-resolve tables (Q-…, learnt.go) may be added by a
	// player's --tables and are checked as they load.
	return &tables.Schema{Facts: factDefs, Effects: learntEffectDefs, Required: required[booklet], Least: least[booklet],
		Addable: []string{bridge.LearntPrefix}, Check: bridge.CheckTable}
}

var (
	defOnce sync.Once
	defVal  *engine.Definition
	defErr  error
)

// Definition returns the game for the engine, with the embedded booklets.
func Definition() (*engine.Definition, error) {
	defOnce.Do(func() {
		s100, err := loadBooklet(tableFiles, "tables/s100", BookletS100)
		if err != nil {
			defErr = err
			return
		}
		b5, err := loadBooklet(tableFiles, "tables/5b", Booklet5b)
		if err != nil {
			defErr = err
			return
		}
		defVal = newDefinition(s100, b5)
	})
	return defVal, defErr
}

func loadBooklet(fsys fs.FS, dir, name string) (*tables.Set, error) {
	sub, err := fs.Sub(fsys, dir)
	if err != nil {
		return nil, err
	}
	s, err := tables.Load(sub, schemaFor(name))
	if err != nil {
		return nil, fmt.Errorf("load %s tables: %w", name, err)
	}
	return s, nil
}

func newDefinition(s100, b5 *tables.Set) *engine.Definition {
	return &engine.Definition{
		// Rules version 3 (issue 26): Very Fast placement reaches Close
		// (4.7), no bonus for leaving unseen (C-6), nothing on the last
		// day (4.3), … Version 2: the rules by the book (combat cannot be
		// dodged, the draw cup, orders per boat, …). Version 1 (unrecorded)
		// logs are refused.
		Rules: 3,
		Name:  Name,
		Title: Title,
		Booklets: []engine.Booklet{
			{Name: BookletS100, Title: "S-100 Tables Booklet", Tables: s100},
			{Name: Booklet5b, Title: "Projekt 5b Tragflügelboot Tables Booklet", Tables: b5},
		},
		BookletFor: func(opts []gamelog.Option) string {
			for _, o := range opts {
				if o.Name == "boat" && o.Value == "5b" {
					return Booklet5b
				}
			}
			return BookletS100
		},
		Options:     Options,
		Learn:       newLearnStudy(), // sim learn: learnt quick-resolve tables (learnstudy.go)
		New:         newCampaign,
		Commands:    commands,
		Events:      eventTypes,
		Describe:    func(e *gamelog.Event) string { return prose(describe(e)) },
		DescribeRun: func(evs []gamelog.Event, i int) (string, int) { line, n := describeRun(evs, i); return prose(line), n },
		DescribeAt: func(evs []gamelog.Event, i int, d engine.Detail) (string, int) {
			line, n := describeAt(evs, i, d)
			return prose(line), n
		},
		Menu:       func(g *engine.Game, d *engine.Decision) []string { return proseLines(menu(g, d)) },
		AtPause:    func(g *engine.Game, pause string) []string { return proseLines(atPause(g, pause)) },
		RollResult: rollResult,
		RollFor:    rollFor,
		Status:     status,
		Summarize:  summarize,
		View:       func(r engine.Rules) engine.Viewer { return r.(*Campaign) },
		Glance:     []string{string(evMissionStart), string(evVictoryPoints), string(evCampaignEnd)}, // what summarize reads
		Finished: func(lg *gamelog.Log) bool {
			return len(lg.Events) > 0 && eventType(lg.Events[len(lg.Events)-1].Type) == evCampaignEnd
		},
		Reference:     func(engine.Rules) engine.Decider { return engine.TakeDefault{} },
		ReferenceName: "the reference Kommandant",
		Pauses:        []string{"turn", "mission", "campaign"},
		Sides:         sides,
		Saved:         "campaigns",
		Folder:        "campaigns",
		Orders:        standingOrders, // standing.go
		Notable:       notable,
		Part:          "mission",
		Game:          Game{},
		Score:         score,
	}
}
