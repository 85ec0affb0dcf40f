package engine

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"path"
	"slices"
	"strings"

	"github.com/schnell-wargames/schnell/gamelog"
	"github.com/schnell-wargames/schnell/sea"
	"github.com/schnell-wargames/schnell/tables"
)

// Definition describes a game to the kernel: everything the front ends
// (the prompt, Lua, auto, sim, replay) need and know of it.
type Definition struct {
	Name string
	// Title is one line about the game, for `schnell games`.
	Title string
	// Rules is the version of the rules this program plays, written in
	// every log's header. Bump it whenever a change of the rules or their
	// tables makes an old log play differently: a log of another version
	// is refused (Replay) instead of diverging at some event. 0: the game
	// declares no version (none is written).
	Rules int
	// Booklets are the game's table sets (one per booklet of the printed
	// game, e.g. S-100 and Projekt 5b); the first is the default.
	Booklets []Booklet
	// BookletFor names the booklet a game with these options uses.
	BookletFor func(opts []gamelog.Option) string
	// Options lists the game's options with their defaults, in order.
	Options []OptionDef
	// New makes the rules for options (already merged with defaults).
	New func(opts []gamelog.Option, tabs *tables.Set) (Rules, error)
	// Pauses names the levels of the pauses the rules mark (Ctx.Pause),
	// smallest first: level 1 is Pauses[0]. The last names the whole game
	// and stands for NoPause ("turn", "mission", "campaign"). `step NAME`
	// and a script's span read them. Nil: just "game".
	Pauses []string
	// Saved is the name the game's saved games had before the prompt
	// called them `saved` everywhere: kept as an alias of `saved` ("":
	// none).
	Saved string
	// Folder is the game's folder in the data directory ("" = the game's
	// Name).
	Folder string
	// Orders are the game's own standing orders, which the prompt carries
	// out for the player besides the kernel's (StandingOrders).
	Orders []StandingOrder
	// Notable reports whether an event is one the player must see before
	// play goes on (harm to his side): while the standing order `quiet`
	// stands, the prompt plays through a pause of the smallest level (a
	// turn, a round) when none happened since it last stopped. Nil: every
	// pause stops.
	Notable func(e *gamelog.Event) bool
	// Part names one part of a game that sheets and reports may show
	// alone ("mission": --mission N); "" = none.
	Part string
	// Commands are the game's own front-end commands (views such as
	// "map", orders such as "move home" that answer a pending decision).
	Commands []Command
	// Events are the types of the events the rules emit (Ctx.Emit), each
	// a typed constant of the game's: the kernel's own (roll, decision,
	// draw, …) are not listed. Each is documented in the game's
	// log-format document; `go test ./games` checks both, and the word
	// checks (repl/wordedtest) that every event a test plays is declared.
	Events []EventType
	// Describe renders an event as one line for the player ("" = generic).
	Describe func(e *gamelog.Event) string
	// DescribeRun words, from evs[i], events that read best as one line
	// (a round's speed for every boat) or an event in the light of those
	// before it, and says how many events the line took; 0: Describe
	// words evs[i] alone. evs are the events printed together. Nil: none.
	DescribeRun func(evs []gamelog.Event, i int) (line string, n int)
	// DescribeAt words events at a level of detail (Detail: `detail brief|
	// normal|verbose` at the prompt), before DescribeRun and Describe: from
	// evs[i], a line that stands for n ≥ 1 events ("" prints nothing: the
	// events are left out at that level, as rolls a shot's line restates),
	// or n = 0 to leave evs[i] to DescribeRun, Describe and the kernel's
	// wording at that level (a roll's short form). Describe and DescribeRun
	// are the full words (Verbose, `log`, `why`, scenarios). evs are the
	// events printed together. Nil: the same words at every level but the
	// kernel's rolls.
	DescribeAt func(evs []gamelog.Event, i int, d Detail) (line string, n int)
	// AtPause is what the prompt shows at a pause, below verbose detail
	// (the Combat Board in a few lines at a round's end): the short
	// report's last lines. Nil, or no lines: nothing.
	AtPause func(g *Game, pause string) []string
	// Menu words a pending decision's options for the prompt in place of
	// the kernel's list of one option a line: a long list of orders at many
	// units read as a few lines (targets grouped by kind, what is left to
	// fire). The options keep their names and commands (`choose N` still
	// answers). Nil lines, or a nil Menu: the kernel's list.
	Menu func(g *Game, d *Decision) []string
	// Picture is the table now as side sees it (issue 29: a miniatures
	// game on a table the program holds), "referee" everything; false:
	// this game is not on a virtual table (table=physical, or a board
	// game). Nil: the game has no table.
	Picture func(g *Game, side string) (sea.Picture, bool)
	// Learn is what the game learns from many games played unattended
	// (`schnell sim learn`; nil: nothing).
	Learn *Learn
	// Told reports whether side learns of event e as it is made: called
	// right after it, with the game as it stands then, for each side (never
	// "referee"). A side's view of a replay (`sheet replay`) words only the
	// events it was told, as its picture shows only what it has observed:
	// an event naming a vessel it has not spotted is not told. Nil: a
	// side's view of a replay shows its pictures and no events.
	Told func(g *Game, e *gamelog.Event, side string) bool
	// Unseen is how side reads an event it is not told of (Told false), as
	// it is made: a copy with what side has not observed named as it knows
	// it (an unspotted shooter by its marker's label: "M3 40mm:1 at
	// GARTH"), for what it must learn (harm to its own ships); false: not
	// at all. The prompt of a solo player prints it in the event's place.
	// Nil: an event not told is not read at all.
	Unseen func(g *Game, e *gamelog.Event, side string) (gamelog.Event, bool)
	// Frame names a moment the replay sheet draws the table besides every
	// turn's end (each pause of the `turn` level, or of the smallest):
	// called right after each event as the log is replayed, a caption
	// ("Turn 3: the Axis have moved") takes a frame there, "" none. A game
	// whose turns end without a pause names their ends here. Nil: the
	// pauses only.
	Frame func(g *Game, e *gamelog.Event) string
	// RollResult words what a roll event's total means where its row's
	// text does not say it (the date a number of days falls on, the unit
	// a die picks); "": the row's text. Nil: none.
	RollResult func(e *gamelog.Event) string
	// RollFor words a roll's label (the `for` of its event) where the
	// prompt asks the player to roll physical dice ("mgb_patrol" as "MGB
	// patrol"); the log keeps the label as made. Nil: the label as made.
	RollFor func(label string) string
	// Status prints the game's state for the "status" command (and, once
	// the game is over, its final summary).
	Status func(g *Game, w io.Writer) error
	// Summarize describes a saved game in one line (date, score, state)
	// for lists of saved games.
	Summarize func(lg *gamelog.Log) string
	// Glance names the event types Summarize and Finished read besides the
	// last event: lists of saved games then skim the logs for them
	// (gamelog.Skim). Nil: they read every event.
	Glance []string
	// View is what a script may see of the game's rules (nil: nothing).
	View func(r Rules) Viewer
	// ViewAs is what a script that plays one side sees (`--side
	// S=script:FILE`): the game as that side knows it, never what it has
	// not observed (an unspotted enemy's identity). Nil: View, for every
	// side. A script that plays every side sees View.
	ViewAs func(r Rules, side string) Viewer
	// Finished reports whether a saved game has ended (nil: never).
	Finished func(lg *gamelog.Log) bool
	// Score is what `auto` and `sim` summarise of a finished game, in
	// order (nil: nothing): numbers get means, quantiles and a histogram,
	// words (and booleans) counts; a CSV has one column per field.
	Score func(r Rules) []gamelog.Field
	// Reference makes the game's built-in reference player for a game's
	// rules (nil: the game has none); its decisions are "default".
	Reference func(r Rules) Decider
	// ReferenceName names the reference player for the player ("the
	// reference player" if empty).
	ReferenceName string
	// Sides names the game's sides (nil: one player); see SetSideDecider.
	Sides []string
	// Game is the game package's own value: front ends type-assert on it
	// the optional interfaces they declare (sheets, reports, scores, Lua
	// documentation), which the game checks at compile time.
	Game any
}

// OptionDef is one option of a game: a flag of the command line, a word of
// `new` at the prompt, an option in the log header.
type OptionDef struct {
	Name    string
	Default string
	Values  []string // the values it takes (nil: any)
	Help    string
	// Quiet leaves the option out of the log header while it has its
	// default value: an option added after games were saved keeps their
	// headers (and the logs of games that do not use it) byte for byte.
	Quiet bool
}

// Defaults returns the options with their default values.
func (d *Definition) Defaults() []gamelog.Option {
	out := make([]gamelog.Option, len(d.Options))
	for i, o := range d.Options {
		out[i] = gamelog.Option{Name: o.Name, Value: o.Default}
	}
	return out
}

// PauseLevel returns the level `step NAME` stops at: 1 for Pauses[0], …,
// NoPause for the last (the whole game).
func (d *Definition) PauseLevel(name string) (int, error) {
	p := d.PauseNames()
	for i, n := range p {
		if strings.EqualFold(n, name) {
			if i == len(p)-1 {
				return NoPause, nil
			}
			return i + 1, nil
		}
	}
	return 0, fmt.Errorf("%q: say %s", name, orList(p))
}

// PauseNames returns the pause levels, smallest first; the last is the
// whole game.
func (d *Definition) PauseNames() []string {
	if len(d.Pauses) == 0 {
		return []string{"game"}
	}
	return d.Pauses
}

// FolderName is the game's folder in the data directory (see Folder).
func (d *Definition) FolderName() string {
	if d.Folder != "" {
		return d.Folder
	}
	return d.Name
}

// ReferenceWho names the game's reference player in a sentence.
func (d *Definition) ReferenceWho() string {
	if d.ReferenceName != "" {
		return d.ReferenceName
	}
	return "the reference player"
}

func orList(words []string) string {
	switch len(words) {
	case 0:
		return ""
	case 1:
		return words[0]
	}
	return strings.Join(words[:len(words)-1], ", ") + " or " + words[len(words)-1]
}

// Booklet is one named table set.
type Booklet struct {
	Name   string
	Title  string
	Tables *tables.Set
}

// Booklet returns a booklet by name.
func (d *Definition) Booklet(name string) (*Booklet, bool) {
	for i := range d.Booklets {
		if d.Booklets[i].Name == name {
			return &d.Booklets[i], true
		}
	}
	return nil, false
}

// TablesFor returns the table set a game with opts plays with.
func (d *Definition) TablesFor(opts []gamelog.Option) (*tables.Set, error) {
	name := d.Booklets[0].Name
	if d.BookletFor != nil {
		name = d.BookletFor(opts)
	}
	b, ok := d.Booklet(name)
	if !ok {
		return nil, fmt.Errorf("the game has no table booklet %q", name)
	}
	return b.Tables, nil
}

// WithOverlay returns the definition with a player's own tables laid over
// the game's, by table id: DIR/BOOKLET/*.tbl for each booklet of a game
// that has several, DIR/*.tbl for a game of one booklet.
func WithOverlay(def *Definition, dir fs.FS) (*Definition, error) {
	n := *def
	n.Booklets = slices.Clone(def.Booklets)
	any := false
	for i := range n.Booklets {
		sub := dir
		if len(n.Booklets) > 1 {
			var err error
			if sub, err = fs.Sub(dir, n.Booklets[i].Name); err != nil {
				return nil, err
			}
		}
		names, _ := fs.Glob(sub, "*.tbl")
		recs, _ := fs.Glob(sub, "*.rec") // records are overlaid by id like tables
		if len(names) == 0 && len(recs) == 0 {
			continue
		}
		any = true
		t, err := n.Booklets[i].Tables.Overlay(sub)
		if err != nil {
			// A file's error names it within dir: BOOKLET/FILE.
			var te *tables.Error
			if len(n.Booklets) > 1 && errors.As(err, &te) && (strings.HasSuffix(te.File, ".tbl") || strings.HasSuffix(te.File, ".rec")) {
				q := *te
				q.File = path.Join(n.Booklets[i].Name, q.File)
				return nil, &q
			}
			return nil, fmt.Errorf("%s booklet overlay: %w", n.Booklets[i].Name, err)
		}
		n.Booklets[i].Tables = t
	}
	if !any {
		if len(n.Booklets) == 1 {
			return nil, fmt.Errorf("no tables to overlay: put your tables in DIR/*.tbl")
		}
		var where []string
		for _, b := range n.Booklets {
			where = append(where, "DIR/"+b.Name+"/*.tbl")
		}
		return nil, fmt.Errorf("no tables to overlay: put your tables in %s", orList(where))
	}
	return &n, nil
}

// Command is a game-specific front-end command. Run may print to w (views)
// or answer the pending decision through g (orders); it returns the events
// its answer made.
type Command struct {
	Name    string
	Aliases []string
	// Match, if set, also calls the command by the words it accepts
	// besides its name and aliases (a game's ids: `E1-E4 hold`); Run's
	// args then start with the word typed, the name included.
	Match    func(word string) bool
	Group    string // the heading `help` lists it under ("" = the game's name)
	Usage    string
	Help     string
	Run      func(g *Game, args []string, w io.Writer) ([]gamelog.Event, error)
	Complete func(g *Game, args []string) []string
}

// TakeDefault is the simplest reference player: it takes the option the
// rules mark as each decision's Default, and reads no wording.
type TakeDefault struct{}

// Decide implements Decider.
func (TakeDefault) Decide(d *Decision) (int, error) { return d.Default, nil }

// Who implements Decider.
func (TakeDefault) Who() Who { return ByDefault }

// Blind implements Blind.
func (TakeDefault) Blind() bool { return true }
