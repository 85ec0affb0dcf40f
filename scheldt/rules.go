package scheldt

import (
	"fmt"
	"slices"
	"strings"

	"github.com/schnell-wargames/schnell/engine"
	"github.com/schnell-wargames/schnell/gamelog"
	"github.com/schnell-wargames/schnell/tables"
)

// The sides. The Allied player is the first player throughout (10.1).
const (
	Allied = "allied"
	German = "german"
)

// Sides are the game's sides, first player first (10.1).
var Sides = []string{Allied, German}

// Phase is a phase of a player turn. The folio's exclusive rules name the
// Movement, Combat and Mobile Movement Phases and the end of a player turn
// (11.0, 11.3, 16.1); the series rules, which are not in the document,
// hold the sequence: this order is our reconstruction of it.
type Phase int

const (
	Movement Phase = iota
	Combat
	MobileMovement
	EndOfPlayerTurn
)

var phaseNames = []string{"Movement Phase", "Combat Phase", "Mobile Movement Phase", "end of the player turn"}

func (p Phase) String() string { return phaseNames[p] }

// UnitState is what the order of battle knows of a unit.
type UnitState int

const (
	OffMap UnitState = iota // not yet arrived (a reinforcement, an assault force)
	Full
	Depleted
	Eliminated
	Withdrawn // the 155th Regiment, 13.1
)

var stateNames = []string{"off map", "full", "depleted", "eliminated", "withdrawn"}

func (s UnitState) String() string { return stateNames[s] }

// Unit is one counter of the order of battle.
type Unit struct {
	ID, Title string
	Side      string
	Attack    int
	Defence   int
	Move      int
	Setup     string // the hex (or hexes) of the set-up or of arrival, as printed
	Arrives   int    // the turn of a scheduled reinforcement (0: none)
	Force     string // "beveland" or "walcheren": an assault force (16.1, 16.2)
	Mobile    bool
	Pocket    bool // starts in the Breskens Pocket (13.0)
	State     UnitState
	Hex       string // where it is, as the player typed it ("" unknown)
}

// Label is the unit as the counter reads: 6-5-6 (155/52).
func (u *Unit) Label() string { return u.Title }

// Result is one attack resolved on the CRT, for the combat record.
type Result struct {
	Turn    int
	Side    string
	Hex     string
	Terrain Terrain
	Line    Terrain // the line read (clear for an engineer's flooded attack, 12.1)
	Diff    int
	Shifts  int
	Column  string
	Die     int
	Code    string
	Markers []string
	Landed  bool
}

// Game is the Battle of the Scheldt's rules and state.
type Game struct {
	Turns        int
	FloodRetreat string // "12.0" or "12.1": which rule a retreat into a flooded hex follows
	BevelandGate string // "16.1" or "both" (16.1 and the note of 11.2)
	Reach        int    // 6 or 10: hexes from Terneuzen a Beveland landing may be (16.1)

	Turn   int
	Player string
	Phase  Phase

	Units []*Unit
	byID  map[string]*Unit

	Rebuilt      map[string]int // rebuilds made this turn, by side
	NavalLeft    int
	NavalHexes   []string
	AntitankUsed bool                // this turn (14.1)
	Woensdrecht  bool                // 2021 occupied or last occupied by the Allies (16.1)
	Road         bool                // every road hex Woensdrecht–Schore Allied (16.2, note of 11.2)
	Landed       map[string]int      // the turn each assault force landed
	MustAttack   map[string][]string // hex -> units landed in a German-occupied hex (16.3)
	Pinned       map[string]string   // unit -> the hex it landed in and may not leave yet (16.3)
	Contested    map[string]bool     // landing hexes an Allied and a German unit share (16.3)
	Barred       []string            // landing hexes a German unit exited: no German enters again (16.3)
	Held         map[string][]string // support markers drawn this turn
	Track        map[string]int      // markers drawn this turn, by side
	Combats      []Result
	Winner       string

	arrivals     []*Unit  // due this turn, not yet entered
	landingForce string   // the force whose units are landing (16.1, 16.2)
	typedTrack   [][2]int // the track option: counts by turn
	withdraw     bool     // the 155th goes at the end of this turn (13.1)
}

// facts are a combat's facts for the CRT, and the turn for the track.
type facts struct {
	diff, shifts, engineers, turn int
	terrain                       Terrain
}

// factsOf reads the tables' facts (schema.go) by name.
var factsOf = tables.Bind[*facts](schema).
	Fact("differential", func(f *facts) int { return f.diff }).
	Fact("terrain", func(f *facts) int { return int(f.terrain) }).
	Fact("shifts", func(f *facts) int { return f.shifts }).
	Fact("engineers", func(f *facts) int { return f.engineers }).
	Fact("turn", func(f *facts) int { return f.turn })

// newGame makes the rules and the order of battle from the unit records.
func newGame(tabs *tables.Set, turns int, flood, gate string, reach int) (*Game, error) {
	g := &Game{Turns: turns, FloodRetreat: flood, BevelandGate: gate, Reach: reach, byID: map[string]*Unit{}}
	ids := tabs.RecordIDs("unit")
	recs := make([]*tables.Record, 0, len(ids))
	for _, id := range ids {
		r, _ := tabs.Record(id)
		recs = append(recs, r)
	}
	slices.SortStableFunc(recs, func(a, b *tables.Record) int {
		if a.File != b.File {
			return strings.Compare(a.File, b.File)
		}
		return a.Line - b.Line
	})
	for _, r := range recs {
		u := &Unit{ID: r.ID, Title: r.Title, Setup: r.Str("hex"), Mobile: r.Has("mobile"), Pocket: r.Has("pocket")}
		side, _ := r.Int("side")
		u.Side = Sides[side]
		u.Attack, _ = r.Int("attack")
		u.Defence, _ = r.Int("defence")
		u.Move, _ = r.Int("move")
		u.Arrives, _ = r.Int("arrives")
		if r.Has("force") {
			u.Force = r.Str("force")
		}
		if u.Arrives < 0 || u.Arrives > 20 {
			return nil, fmt.Errorf("unit %s (%s:%d): arrives on turn %d: want 1 to 20", u.ID, r.File, r.Line, u.Arrives)
		}
		g.Units = append(g.Units, u)
		g.byID[strings.ToUpper(u.ID)] = u
	}
	if g.unit("155-52") == nil {
		return nil, fmt.Errorf("the units have no 155-52 (13.1 needs it)")
	}
	return g, nil
}

// unit finds a unit by id; "155/52" reads as 155-52.
func (g *Game) unit(id string) *Unit {
	return g.byID[strings.ToUpper(strings.ReplaceAll(id, "/", "-"))]
}

// onMap reports whether the unit is on the map now.
func (u *Unit) onMap() bool { return u.State == Full || u.State == Depleted }

// inSetup reports whether the unit starts on the map (18.0).
func (u *Unit) inSetup() bool { return u.Arrives == 0 && (u.Force == "" || u.ID == "155-52") }

// Play implements engine.Rules: the game, turn by turn, each turn the
// support draws, then the Allied player turn, then the German.
func (g *Game) Play(c *engine.Ctx) {
	g.NavalLeft = 2 // 16.4
	g.Landed = map[string]int{}
	g.MustAttack = map[string][]string{}
	g.Pinned = map[string]string{}
	g.Contested = map[string]bool{}
	for _, u := range g.Units {
		if u.inSetup() {
			u.State, u.Hex = Full, u.Setup
		}
	}
	c.Emit(evSetup, gamelog.Int("turns", g.Turns), gamelog.Int("allied", g.count(Allied)), gamelog.Int("german", g.count(German)))
	// 11.2: the schedule of reinforcements; 13.1: the 155th leaves at the
	// end of turn 8 at the latest. What falls after the game's last turn
	// is not on its schedule.
	for _, u := range g.Units {
		if u.Arrives > 0 && u.Arrives <= g.Turns {
			c.Schedule(engine.Due{Turn: u.Arrives, What: u.Title + " enters: " + u.Setup + " (11.2)", Side: u.Side, Key: u.ID})
		}
	}
	if g.Turns >= 8 {
		c.Schedule(engine.Due{Turn: 8, What: "6-5-6 (155/52) is withdrawn at the end of the turn (13.1)", Side: Allied, Key: "withdraw"})
	}
	pools := map[string]*engine.Cup{Allied: c.FillCup("SF-ALLIED"), German: c.FillCup("SF-GERMAN")}
	for g.Turn = 1; g.Turn <= g.Turns; g.Turn++ {
		g.startTurn(c, pools)
		for _, side := range Sides {
			g.playerTurn(c, side)
		}
		g.endTurn(c, pools)
		c.Pause("turn", 1)
	}
	g.victory(c)
}

func (g *Game) count(side string) int {
	n := 0
	for _, u := range g.Units {
		if u.Side == side && u.onMap() {
			n++
		}
	}
	return n
}

// startTurn: 14.0, each side draws the markers the Turn Record Track shows
// from its own pool, unseen by the other; and what the schedule has due.
func (g *Game) startTurn(c *engine.Ctx, pools map[string]*engine.Cup) {
	g.Rebuilt = map[string]int{}
	g.AntitankUsed = false
	g.withdraw = false
	c.Emit(evTurn, gamelog.Int("n", g.Turn), gamelog.Int("allied_rebuilds", RebuildsAllowed(Allied, g.Turn)), gamelog.Int("german_rebuilds", RebuildsAllowed(German, g.Turn)))
	var a, gm int
	standin := false
	if g.Turn <= len(g.typedTrack) {
		a, gm = g.typedTrack[g.Turn-1][0], g.typedTrack[g.Turn-1][1]
	} else {
		row := c.Lookup("SF-TRACK", factsOf.Of(&facts{turn: g.Turn}))
		a, _ = row.Value("allied", 0)
		gm, _ = row.Value("german", 0)
		standin = row.Sets("standin")
	}
	g.Track = map[string]int{Allied: a, German: gm}
	c.Emit(evTrack, gamelog.Int("turn", g.Turn), gamelog.Int("allied", a), gamelog.Int("german", gm), gamelog.Bool("standin", standin))
	g.Held = map[string][]string{}
	for _, side := range Sides {
		n := min(g.Track[side], pools[side].Len())
		if n < 1 {
			continue
		}
		d := c.Draw(engine.Draw{Cup: pools[side], N: n, For: fmt.Sprintf("support fire of turn %d, 14.0", g.Turn), Side: side, Hidden: true})
		g.Held[side] = d.Chits
	}
	g.arrivals = g.arrivals[:0]
	for _, d := range c.Due(g.Turn) {
		if d.Key == "withdraw" {
			g.withdraw = true
			continue
		}
		if u := g.unit(d.Key); u != nil && u.State == OffMap {
			g.arrivals = append(g.arrivals, u)
		}
	}
	if g.Turn <= 3 {
		c.Emit(evFrozen, gamelog.Int("until", 4)) // 13.0
	}
}

// endTurn: 14.0, every marker drawn goes back to its pool; 13.1, the
// 155th leaves at the end of turn 8.
func (g *Game) endTurn(c *engine.Ctx, pools map[string]*engine.Cup) {
	for _, side := range Sides {
		if len(g.Held[side]) > 0 {
			pools[side].Add(g.Held[side]...)
			c.Emit(evMarkersReturned, gamelog.Str("side", side), gamelog.Int("n", len(g.Held[side])))
		}
	}
	if g.withdraw {
		g.withdraw155(c, "the end of turn 8")
	}
	// 16.3: a unit landed in an empty hex may move again from the next
	// turn; one that shares its hex with a German unit stays.
	for _, id := range sortedKeys(g.Pinned) {
		if !g.Contested[g.Pinned[id]] {
			delete(g.Pinned, id)
		}
	}
}

// withdraw155 takes the 155th Regiment off the map (13.1).
func (g *Game) withdraw155(c *engine.Ctx, why string) {
	u := g.unit("155-52")
	if !u.onMap() {
		return
	}
	u.State, u.Hex = Withdrawn, ""
	c.Emit(evWithdrawn, gamelog.Str("unit", u.ID), gamelog.Str("why", why))
}

// playerTurn plays one side's phases.
func (g *Game) playerTurn(c *engine.Ctx, side string) {
	g.Player = side
	for p := Movement; p <= EndOfPlayerTurn; p++ {
		g.Phase = p
		c.Emit(evPhase, gamelog.Int("turn", g.Turn), gamelog.Str("side", side), gamelog.Str("phase", p.String()))
		switch p {
		case Movement, MobileMovement:
			g.enter(c, side) // 11.3
		case EndOfPlayerTurn:
			if g.Rebuilds(side) > 0 {
				c.Emit(evRebuildWindow, gamelog.Str("side", side), gamelog.Int("left", g.Rebuilds(side)))
			}
		}
		if g.hasOrders() {
			g.orders(c)
		}
		switch p {
		case Combat:
			g.MustAttack = map[string][]string{}
		case EndOfPlayerTurn:
			if n := g.Rebuilds(side); n > 0 && RebuildsAllowed(side, g.Turn) > 0 {
				c.Emit(evRebuildsLost, gamelog.Str("side", side), gamelog.Int("n", n)) // 11.1
			}
			if side == Allied && g.unit("155-52").State == Depleted {
				g.withdraw155(c, "depleted at the end of an Allied player turn")
			}
		}
		// No pause here: the phase's orders were its stop, and `done` ends
		// it (a second stop for the same phase would ask nothing).
	}
}

// hasOrders reports whether the phase has an order of its own to give:
// the Movement Phase (an assault, the board's movement noted with `mark`),
// the Combat Phase (attacks), the end of a player turn on a turn with
// rebuilds (11.0), or any phase while a landing hex is to be cleared
// (16.3). The Mobile Movement Phase and an end of player turn without
// rebuilds are the board's: announced, and play goes on (a reinforcement
// held back to the Mobile Movement Phase is still offered there).
func (g *Game) hasOrders() bool {
	switch {
	case len(g.Contested) > 0:
		return true
	case g.Phase == MobileMovement:
		return false
	case g.Phase == EndOfPlayerTurn:
		return RebuildsAllowed(g.Player, g.Turn) > 0
	}
	return true
}

// enter offers each reinforcement due to side its entry (11.3): at the
// start of the Movement Phase, or of the Mobile Movement Phase for one
// that waited; one whose entry hexes are all blocked by the enemy enters
// on a later turn (11.2, 11.5).
func (g *Game) enter(c *engine.Ctx, side string) {
	var later []*Unit
	for _, u := range g.arrivals {
		if u.Side != side {
			later = append(later, u)
			continue
		}
		if g.offer(c, u) {
			u.State, u.Hex = Full, u.Setup
			c.Emit(evArrived, gamelog.Str("unit", u.ID), gamelog.Str("hex", u.Setup))
			continue
		}
		c.Emit(evDelayed, gamelog.Str("unit", u.ID), gamelog.Str("until", map[bool]string{true: "next turn", false: "the Mobile Movement Phase"}[g.Phase == MobileMovement]))
		later = append(later, u)
	}
	g.arrivals = later
	if g.Phase == MobileMovement && side == German {
		for _, u := range g.arrivals {
			if g.Turn == g.Turns {
				break // the game's last turn: there is no next
			}
			c.Schedule(engine.Due{Turn: g.Turn + 1, What: u.Title + " enters: " + u.Setup + " (held back, 11.5)", Side: u.Side, Key: u.ID})
		}
		g.arrivals = g.arrivals[:0]
	}
}

// offer asks whether u enters now: `enter` (refused if it would end its
// move stacked, 11.3, or its arrival hex holds the enemy, 11.5; the board
// knows, the player says) or `wait`.
func (g *Game) offer(c *engine.Ctx, u *Unit) bool {
	d := c.Ask("entry")
	d.Side = u.Side
	o := g.add(d, OrderEnter, "")
	o.Args = []engine.Arg{yesNo("stacked"), yesNo("enemy")}
	o.Args[0].Text = "would it end its movement in a hex with another unit?"
	o.Args[1].Text = "is its arrival hex occupied by an enemy unit?"
	d.Add(OrderWait, "", OrderWait)
	return c.Decide(d, func(d *engine.Decision) {
		at, _, _ := strings.Cut(u.Setup, " (")
		d.Prompt = fmt.Sprintf("Turn %d: does %s enter now, %s (11.3)?", g.Turn, u.Title, at)
		d.Options[0].Text = "enter the map: " + u.Setup
		d.Options[1].Text = "wait for the Mobile Movement Phase (11.3)"
		if g.Phase == MobileMovement {
			d.Options[1].Text = "the entry hexes are blocked by the enemy: enter next turn (11.5)"
		}
	}) == 0
}

// RebuildsAllowed is how many units side may rebuild on turn (11.0):
// German one a turn on turns 1–5; Allied two a turn on 1–10, one on 11–20.
func RebuildsAllowed(side string, turn int) int {
	switch {
	case side == German && turn <= 5:
		return 1
	case side == Allied && turn <= 10:
		return 2
	case side == Allied && turn <= 20:
		return 1
	}
	return 0
}

// Rebuilds is how many rebuilds side has left this turn (11.1: none carry over).
func (g *Game) Rebuilds(side string) int {
	return RebuildsAllowed(side, g.Turn) - g.Rebuilt[side]
}

// victory (17.0): the Allies win if every German unit west of the line
// from 2022 to about 3217 is eliminated; the map decides which units are
// west of it, so the Allied player claims it, with the list of German
// units still on the map as the checklist.
func (g *Game) victory(c *engine.Ctx) {
	var left []gamelog.Value
	for _, u := range g.Units {
		if u.Side == German && u.onMap() {
			left = append(left, gamelog.StrV(u.ID))
		}
	}
	c.Emit(evChecklist, gamelog.Field{Key: "german_on_map", Val: gamelog.Value{Kind: gamelog.KList, L: left}})
	d := c.Ask("victory")
	d.Add("german", "no: a German victory", "")
	d.Add("allied", "yes: an Allied victory", "")
	g.Winner = Sides[1-c.Decide(d, func(d *engine.Decision) {
		d.Prompt = "17.0: is every German unit west of the line 2022–3217 eliminated?"
	})]
	c.Emit(evVictory, gamelog.Str("winner", g.Winner))
}
