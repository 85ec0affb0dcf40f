// Package coastal referees night actions of WW2 Coastal Warfare rules v2a:
// the hidden-marker pots, observation, gunfire, torpedoes, damage,
// repairs and tows, the four scenarios and their victory conditions. The
// document's solo rules are Lua scripts (scripts/coastal) that play a side
// through --side NAME=script:FILE; the table (models, ranges, arcs) stays
// the player's and is asked at the prompt.
package coastal

import (
	"embed"
	"fmt"
	"io"
	"io/fs"
	"strconv"
	"strings"
	"sync"

	"github.com/schnell-wargames/schnell/engine"
	"github.com/schnell-wargames/schnell/gamelog"
	"github.com/schnell-wargames/schnell/sea"
	"github.com/schnell-wargames/schnell/tables"
)

// Name and Title register the game.
const (
	Name  = "coastal"
	Title = "WW2 Coastal Warfare v2a: night actions with hidden markers, and its solo rules as Lua opponents"
)

//go:embed tables
var files embed.FS

var schema = &tables.Schema{
	Facts: []tables.Def{
		{Name: "range", Kind: tables.Int},
		{Name: "firing", Kind: tables.Int},
		{Name: "radar", Kind: tables.Int},
		{Name: "moving", Kind: tables.Int},
		{Name: "big", Kind: tables.Int},
		{Name: "seen", Kind: tables.Int},
		{Name: "naxos", Kind: tables.Int},
		{Name: "fast", Kind: tables.Int},
		{Name: "screened", Kind: tables.Int},
		{Name: "weather", Kind: tables.Enum, Values: []string{"good", "poor"}},
		{Name: "aware", Kind: tables.Int},
		{Name: "straddled", Kind: tables.Int},
		{Name: "still", Kind: tables.Int},
		{Name: "turning", Kind: tables.Int},
		{Name: "choppy", Kind: tables.Int},
		{Name: "heavy", Kind: tables.Int},
		{Name: "factor", Kind: tables.Int},
		{Name: "endon", Kind: tables.Int},
		{Name: "sub", Kind: tables.Int},
		{Name: "merchant", Kind: tables.Int},
		{Name: "large", Kind: tables.Int},
	},
	Effects: []tables.Def{
		{Name: "spotted", Kind: tables.Int},
		{Name: "hits", Kind: tables.Int},
		{Name: "straddle", Kind: tables.Flag},
		{Name: "effect", Kind: tables.Enum, Values: effectNames},
		{Name: "system", Kind: tables.Enum, Values: systemNames},
	},
	Required: map[string][]string{"OBS": {"spotted"}, "GUN": {"hits"}, "TORP": {"effect"}, "LOC-S": {"system"}, "LOC-L": {"system"}},
	Records:  []tables.RecordKind{vesselKind},
}

var (
	effectNames = []string{"miss", "under", "near", "serious", "disabled", "sink6", "sink4", "break"}
	systemNames = []string{"bridge", "engines", "fwdgun", "sidegun", "aftgun", "torpedoes", "hull"}
)

var (
	defOnce sync.Once
	defVal  *engine.Definition
	defErr  error
)

// The readings of the shooting variables (Gunfire: Shooting variables).
const (
	VariablesDie    = "die"
	VariablesFactor = "factor"
)

// Options are the game's options (flags and `new` words).
var Options = []engine.OptionDef{
	{Name: "scenario", Default: Convoy, Values: Scenarios, Help: "the scenario: convoy, rescue, hunter, escape, warships (the solo rules' warship against warship) or random (Deployment's random game)"},
	{Name: "merchants", Default: "6", Help: "convoy: the merchantmen"},
	{Name: "escort", Default: "corvette", Values: []string{"corvette", "trawler", "destroyer"}, Help: "convoy: 1 corvette, 2 trawlers or half a destroyer per 2 merchantmen"},
	{Name: "boats", Default: "0", Help: "convoy: the E-boats (0: one per 1.5 merchantmen)"},
	{Name: "attackers", Default: "normal", Values: []string{"normal", "solo"}, Help: "convoy: set the attackers up as normal or by the solo rules (1 per 2 merchantmen, 3 dummies each, 3 in 4 drawn)"},
	{Name: "size", Default: "4", Help: "rescue, hunter, escape: the force of fast craft; warships: the flotilla"},
	{Name: "enemy", Default: "0", Quiet: true, Help: "warships: the enemy's ships, worth 1.5 points per point of the flotilla (Weapon classes) rounded down or up (0: up)"},
	{Name: "turns", Default: "8", Help: "how many turns the action lasts"},
	{Name: "sea", Default: "calm", Values: []string{"calm", "medium"}, Help: "a medium sea costs boats smaller than a corvette 2 when shooting"},
	{Name: "weather", Default: "good", Values: []string{"good", "poor"}, Help: "poor weather costs 1 on observation"},
	{Name: "table", Default: TablePhysical, Values: []string{TablePhysical, TableVirtual}, Quiet: true, Help: "physical: the player measures every range on a real table; virtual: the program holds the table (positions, moves, ranges: `steer`, `speed`, `formation`)"},
	{Name: "variables", Default: VariablesDie, Values: []string{VariablesDie, VariablesFactor}, Quiet: true, Help: "the shooting variables go on the die (a column of the shooting factor table) or on the shooting factor (a row)"},
}

// Definition is the game for the kernel.
func Definition() (*engine.Definition, error) {
	defOnce.Do(func() {
		sub, err := fs.Sub(files, "tables/coastal")
		if err != nil {
			defErr = err
			return
		}
		tabs, err := tables.Load(sub, schema)
		if err != nil {
			defErr = fmt.Errorf("load coastal tables: %w", err)
			return
		}
		defVal = &engine.Definition{
			Name:  Name,
			Title: Title,
			// Rules 1: the 6 and 12 pdr at 2 points, the Fairmile D's card as
			// drawn, Warship v Warship's enemy by points (issue 26 items 9,
			// 11). 2: launches only from pots that carry torpedoes, at the
			// range of the marker's own sighting; the shooting variables'
			// reading (items 8, 10). 3: only markers that can act are asked
			// (an unaware side's moves are not), the table's far, apart and
			// one kept question a turn, close and arc (issue 25 item 11).
			// 4: the table's `only` (the markers near an enemy). 5: weapons
			// named in words in the systems lost and repaired. 6: the move
			// option that takes a lighter in tow is `tow`. 7: the cards'
			// facing and model lines (the tables' digest), a ship's split
			// fire never comes back to a target it engaged, the action
			// ends only once no torpedo marker runs, the reference side;
			// the virtual table (option table=virtual).
			Rules:    7,
			Booklets: []engine.Booklet{{Name: "coastal", Title: "WW2 Coastal Warfare rules v2a", Tables: tabs}},
			Options:  Options,
			New:      newRules,
			Pauses:   []string{"step", "turn", "game"},
			Sides:    Sides,
			Describe: describe,
			// runs of events as one line (DescribeRun), and the short
			// report below verbose (DescribeAt: words.go)
			DescribeRun: describeRun,
			DescribeAt:  describeAt,
			Status:      status,
			Menu:        menu,
			Picture:     picture,
			Told:        told,
			Commands:    commands,
			Events:      eventTypes,
			Orders:      []engine.StandingOrder{dummiesHold},
			View:        func(r engine.Rules) engine.Viewer { return r.(*Rules) },
			Finished: func(lg *gamelog.Log) bool {
				return len(lg.Events) > 0 && lg.Events[len(lg.Events)-1].Type == "victory"
			},
			Score: func(r engine.Rules) []gamelog.Field {
				g := r.(*Rules)
				return []gamelog.Field{gamelog.Int("vp", g.VP), gamelog.Str("result", g.Result)}
			},
			Reference:     newReference,
			ReferenceName: "the reference side",
			Game:          Game{},
		}
	})
	return defVal, defErr
}

func opt(opts []gamelog.Option, name string) string {
	for _, o := range opts {
		if o.Name == name {
			return o.Value
		}
	}
	return ""
}

func intOpt(opts []gamelog.Option, name string, lo, hi int) (int, error) {
	v := opt(opts, name)
	n, err := strconv.Atoi(v)
	if err != nil || n < lo || n > hi {
		return 0, fmt.Errorf("%s %q: want a number from %d to %d", name, v, lo, hi)
	}
	return n, nil
}

func newRules(opts []gamelog.Option, tabs *tables.Set) (engine.Rules, error) {
	r := &Rules{Scenario: opt(opts, "scenario"), Sea: opt(opts, "sea"), Weather: opt(opts, "weather"), Variables: opt(opts, "variables")}
	if r.Variables == "" {
		r.Variables = VariablesDie
	}
	var err error
	p := Params{Escort: opt(opts, "escort"), SoloAtk: opt(opts, "attackers") == "solo"}
	if p.Merchants, err = intOpt(opts, "merchants", 1, 30); err != nil {
		return nil, err
	}
	if p.Boats, err = intOpt(opts, "boats", 0, 20); err != nil {
		return nil, err
	}
	if p.Size, err = intOpt(opts, "size", 1, 20); err != nil {
		return nil, err
	}
	if opt(opts, "enemy") != "" {
		if p.Enemy, err = intOpt(opts, "enemy", 0, 40); err != nil {
			return nil, err
		}
	}
	if tabs != nil {
		p.Card = tabs.Record
	}
	if r.Turns, err = intOpt(opts, "turns", 1, 100); err != nil {
		return nil, err
	}
	r.Params = p
	if r.Setup, err = Deploy(r.Scenario, p); err != nil {
		return nil, err
	}
	if opt(opts, "table") == TableVirtual {
		r.Table = newTable(r)
	}
	return r, nil
}

// describe words the game's events for the player.
func describe(e *gamelog.Event) string {
	s := e.Str
	switch e.Type {
	case "setup":
		return fmt.Sprintf("Scenario %s: %s, %s. Victory: %s.", s("scenario"), plural(e.Int("attackers"), "attacker"), plural(e.Int("defenders"), "defender"), s("victory"))
	case "discard":
		return fmt.Sprintf("Pot %s: %s left undrawn, discarded.", s("pot"), plural(e.Int("markers"), "marker"))
	case "deployed":
		return fmt.Sprintf("%d markers on the table; attackers at %d cm, defenders at %d cm until aware.", e.Int("markers"), e.Int("attacker_cm"), e.Int("defender_cm"))
	case "turn":
		return fmt.Sprintf("Turn %d.", e.Int("n"))
	case "step":
		return fmt.Sprintf("T%d (%d) %s.", e.Int("turn"), e.Int("step"), s("what"))
	case "observed":
		return fmt.Sprintf("%s observed by %s: %s.", s("marker"), s("by"), s("is"))
	case "removed":
		return fmt.Sprintf("%s removed: %s.", s("marker"), s("why"))
	case "aware":
		return fmt.Sprintf("The %s is aware of the enemy (%s).", s("side"), s("why"))
	case "launch":
		return fmt.Sprintf("%s launches at %s from %d cm: torpedo markers %s.", s("ship"), s("target"), e.Int("cm"), strings.Join(strs(e, "markers"), ", "))
	case "launch_off":
		return fmt.Sprintf("%s does not launch at %s: under 30 cm.", s("ship"), s("target"))
	case "move":
		if _, ok := e.Get("x"); ok {
			return fmt.Sprintf("%s %s, now at %s.", s("ship"), courseText(e, false), placeText(e))
		}
		return fmt.Sprintf("%s %s.", s("ship"), courseText(e, false))
	case "placed":
		if v, _ := e.Get("in"); !v.B {
			return fmt.Sprintf("%s waits to come in at %s.", s("marker"), placeText(e))
		}
		return fmt.Sprintf("%s placed at %s.", s("marker"), placeText(e))
	case "run":
		return fmt.Sprintf("Torpedo marker %s runs 15 cm, now at %s.", s("marker"), placeText(e))
	case "contact":
		return fmt.Sprintf("%s stops short of %s: ships and markers may not overlap.", s("marker"), s("with"))
	case "gunfire":
		if v, ok := e.Get("variables"); ok {
			return fmt.Sprintf("%s %s at %s, %d cm: factor %d %+d = %d, %s.", s("ship"), s("weapons"), s("target"), e.Int("cm"), e.Int("factor"), v.I, e.Int("factor")+int(v.I), s("result"))
		}
		return fmt.Sprintf("%s %s at %s, %d cm: factor %d, %s.", s("ship"), s("weapons"), s("target"), e.Int("cm"), e.Int("factor"), s("result"))
	case "out_of_range":
		return fmt.Sprintf("%s: %s cannot reach %d cm.", s("ship"), s("weapons"), e.Int("cm"))
	case "damage":
		return fmt.Sprintf("%s takes a hit from %s: %s.", s("ship"), s("by"), plural(e.Int("points"), "point"))
	case "system":
		return fmt.Sprintf("%s loses %s.", s("ship"), s("lost"))
	case "zero_pointed":
		return fmt.Sprintf("%s is at '0' points (%d damage) and must withdraw.", s("ship"), e.Int("damage"))
	case "torpedo_miss":
		return fmt.Sprintf("Torpedo %s passes %s: %s.", s("torpedo"), s("target"), s("why"))
	case "torpedo_hit":
		t := fmt.Sprintf("Torpedo %s hits %s: %s", s("torpedo"), s("target"), hitWords[s("effect")])
		if d := e.Int("damage"); d > 0 {
			t += ", " + plural(d, "point")
		}
		if n := e.Int("sinks_in"); n > 0 {
			t += ", sinks in " + plural(n, "turn")
		}
		return t + "."
	case "sunk":
		return fmt.Sprintf("%s sinks: %s.", s("ship"), s("why"))
	case "repair":
		return fmt.Sprintf("%s repairs %s.", s("ship"), s("repaired"))
	case "tow":
		if v, _ := e.Get("made"); v.B {
			return fmt.Sprintf("%s takes %s in tow (8 cm a turn).", s("by"), s("ship"))
		}
		return fmt.Sprintf("%s fails to take %s in tow.", s("by"), s("ship"))
	case "escaped":
		return fmt.Sprintf("%s escapes by the far edge.", s("ship"))
	case "lighter_tow":
		return fmt.Sprintf("%s takes %s in tow, behind %s.", s("by"), s("ship"), s("behind"))
	case "tow_severed":
		return fmt.Sprintf("%s's tow is severed (%s sank): it stays stationary until taken in tow.", s("ship"), s("from"))
	case "column_found":
		return fmt.Sprintf("%s is a ship of column %d: markers %s go back into the pot; place %s behind it.", s("marker"), e.Int("column"), strings.Join(strs(e, "removed"), ", "), strings.Join(strs(e, "placed"), ", "))
	case "lost_sight":
		return fmt.Sprintf("Observation of %s is lost.", s("marker"))
	case "victory":
		return fmt.Sprintf("End of the action (%s): %d VP, %s.", s("scenario"), e.Int("vp"), s("result"))
	}
	return ""
}

// hitWords word a torpedo_hit's effect.
var hitWords = map[string]string{"near": "it explodes near", "serious": "serious damage", "disabled": "disabled",
	"sink6": "disabled and sinking", "sink4": "disabled and sinking", "break": "it breaks in two"}

func strs(e *gamelog.Event, key string) []string {
	v, _ := e.Get(key)
	return v.Strs()
}

// status prints the marker register as the player at the prompt may see
// it, and the ships of the sides the player plays.
func status(g *engine.Game, w io.Writer) error {
	r := g.Rules().(*Rules)
	return r.Register(w, func(side string) bool { return g.PlayerPlays(side) })
}

// Register writes the marker register: every marker, what it is when
// knows(its side) or it was revealed, "?" otherwise; then the ships. Ids
// and numbers stay whole at 80 columns (a card's title is in `sheet
// ships`).
func (r *Rules) Register(w io.Writer, knows func(side string) bool) error {
	fmt.Fprintf(w, "Coastal Warfare, %s: turn %d, step %d. VP %d.\n", r.Scenario, r.Turn, r.Step, r.ConvoyVPIf())
	if r.Table != nil {
		// on a virtual table: where each marker stands instead of its pot
		// (its letter says it), a ship by its name (`sheet ships` has the
		// classes)
		fmt.Fprintf(w, "%-5s %-9s %-12s %-4s %-9s %s\n", "MARK", "SIDE", "AT (CM)", "HDG", "SIGHT", "IS")
	} else {
		fmt.Fprintf(w, "%-5s %-9s %-10s %-9s %s\n", "MARK", "SIDE", "POT", "SIGHT", "IS")
	}
	for _, m := range r.Markers {
		what := "?"
		if m.Revealed || knows(m.Side) {
			what = m.What()
			if r.Table != nil && m.Ship != nil {
				what = m.Ship.Name
			}
		}
		sight := "hidden"
		switch {
		case m.Gone:
			sight = "gone"
		case m.Observed:
			sight = "observed"
		case m.Revealed:
			sight = "known"
		}
		if r.Table != nil {
			at, hdg := "-", "-"
			if onTable(m) {
				at = sea.CmText(m.At.Centre.X) + "," + sea.CmText(m.At.Centre.Y)
				hdg = fmt.Sprintf("%03d", m.At.Heading)
			} else if !m.In && !m.Gone {
				sight = "coming in"
			}
			fmt.Fprintf(w, "%-5s %-9s %-12s %-4s %-9s %s\n", m.ID, m.Side, at, hdg, sight, what)
			continue
		}
		fmt.Fprintf(w, "%-5s %-9s %-10s %-9s %s\n", m.ID, m.Side, potName(m), sight, what)
	}
	head := false
	for _, s := range r.Ships {
		m := r.markerOf(s)
		if !m.Revealed && !knows(s.Side) {
			continue
		}
		if !head {
			fmt.Fprintf(w, "\n%-5s %-11s %-11s %-7s %-6s %-5s %s\n", "MARK", "SHIP", "SPEED", "HULL", "BRIDGE", "TORPS", "STATE")
			head = true
		}
		state := s.State()
		if s.SinkIn > 0 && !s.Sunk {
			state = fmt.Sprintf("sinking in %d", s.SinkIn)
		}
		hull := "-"
		if s.Hull > 0 {
			hull = fmt.Sprintf("%d/%d", s.Damage, s.Hull)
		}
		fmt.Fprintf(w, "%-5s %-11s %-11s %-7s %-6s %-5d %s\n", m.ID, s.Name, fmt.Sprintf("%d, max %d", s.Speed, s.MaxSpeed()), hull, fmt.Sprintf("%d/%d", s.Bridge-s.BridgeL, s.Bridge), s.Torps, state)
	}
	return nil
}

// potName is a marker's pot as the register shows it: "merchants",
// "torpedoes".
func potName(m *Marker) string {
	if m.Torpedo {
		return "torpedoes"
	}
	return strings.ToLower(m.Pot)
}

// ConvoyVPIf is the convoy's VP so far (0 in other scenarios).
func (r *Rules) ConvoyVPIf() int {
	if r.Scenario != Convoy {
		return r.VP
	}
	return r.ConvoyVP()
}

var commands = []engine.Command{
	{Name: "all", Match: isMarkerWord, Group: "coastal", Usage: "all ORDER, ID ORDER or ID-ID ORDER",
		Help: "One order for many of your markers, for the question each is asked in turn this step (how it moves, what it looks for, whether it fires or launches): `all hold`, `E1-E4 nearest`, `A3 launch M2`. Each marker it covers is answered with it as its turn comes; one it does not fit is asked, and a dummy ordered to fire or launch holds.",
		Run:  markerOrder},
	{Name: "steer", Group: "coastal", Usage: "steer SHIP DEG [CM]", Help: "On a virtual table: SHIP (a marker, a span `A1-A4`, or `all`) steers for heading DEG (0 north, 90 east) at CM, the turn first (its stern swung about its bow, up to half its maximum speed), then ahead: `steer A3 135 12`.",
		Run: func(g *engine.Game, args []string, w io.Writer) ([]gamelog.Event, error) {
			return tableOrder(g, "steer", 2, args, w)
		}},
	{Name: "speed", Group: "coastal", Usage: "speed SHIP CM", Help: "SHIP (a marker, a span `A1-A4`, or `all`) holds its course at CM this move: `speed all 8`. On a physical table the order is `speed CM TURN SWING` at the marker's question.",
		Run: func(g *engine.Game, args []string, w io.Writer) ([]gamelog.Event, error) {
			return tableOrder(g, "speed", 2, args, w)
		}},
	{Name: "formation", Group: "coastal", Usage: "formation SHIPS ahead|abreast [CM]", Help: "On a virtual table: the markers SHIPS (a span `E1-E4`) keep station on the first of them, each CM (10) from the one before: in its wake (ahead: line ahead) or on its starboard beam (abreast); `hold` keeps station after. The first is asked its own order.",
		Run: formationOrder},
	{Name: "board", Group: "coastal", Usage: "board [attacker|defender|referee] [--svg FILE]", Help: "the virtual table drawn: every marker where it stands and its heading, your side's by what they are, the enemy's as you observed them (the side you play; referee: all), this turn's shots and torpedo runs; --svg FILE writes a drawing to scale",
		Run: board},
	{Name: "markers", Group: "coastal", Usage: "markers [referee]", Help: "the marker register as you may see it (referee: every identity, for a referee's copy)",
		Run: func(g *engine.Game, args []string, w io.Writer) ([]gamelog.Event, error) {
			r, ok := g.Rules().(*Rules)
			if !ok || r.Setup == nil {
				return nil, fmt.Errorf("no coastal game is on: start one with new")
			}
			knows := func(side string) bool { return g.PlayerPlays(side) }
			if len(args) == 1 && args[0] == "referee" {
				knows = func(string) bool { return true }
			} else if len(args) > 0 {
				return nil, fmt.Errorf("markers takes nothing or the word referee, not %q", strings.Join(args, " "))
			}
			return nil, r.Register(w, knows)
		}},
}

// ViewParts implements engine.Viewer: what every script may see (nothing
// hidden: identities only once revealed).
func (r *Rules) ViewParts() []string { return []string{"markers"} }

// WriteView implements engine.Viewer.
func (r *Rules) WriteView(w engine.ViewWriter, part int) {
	if part < 0 {
		w.Str("scenario", r.Scenario)
		w.Int("turn", r.Turn)
		w.Int("step", r.Step)
		w.Bool("attacker_aware", r.Aware[Attacker])
		w.Bool("defender_aware", r.Aware[Defender])
		if r.Table != nil {
			w.Str("table", TableVirtual)
			w.Int("width", r.Table.Size.Width)
			w.Int("height", r.Table.Size.Height)
		} else {
			w.Str("table", TablePhysical)
		}
		return
	}
	w.Open("markers", true)
	for _, m := range r.Markers {
		if !m.Live() {
			continue
		}
		w.Open("", false)
		w.Str("id", m.ID)
		w.Str("side", m.Side)
		w.Str("pot", m.Pot)
		w.Bool("torpedo", m.Torpedo)
		w.Bool("observed", m.Observed)
		w.Bool("revealed", m.Revealed)
		if r.Table != nil {
			w.Bool("on", m.In)
			w.Int("x", m.At.Centre.X)
			w.Int("y", m.At.Centre.Y)
			w.Int("heading", m.At.Heading)
		}
		if m.Revealed {
			w.Str("is", m.What())
			if m.Ship != nil {
				w.Str("class", m.Ship.Class.String())
				w.Bool("fired", m.Ship.Fired)
				w.Str("state", m.Ship.State())
			}
		}
		w.Close()
	}
	w.Close()
}

var _ engine.Viewer = (*Rules)(nil)
