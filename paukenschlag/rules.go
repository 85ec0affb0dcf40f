package paukenschlag

import (
	"strconv"

	"github.com/schnell-wargames/schnell/dice"
	"github.com/schnell-wargames/schnell/engine"
	"github.com/schnell-wargames/schnell/gamelog"
)

// BoatStatus is where a boat of the roster is.
type BoatStatus string

// The boats' states.
const (
	Absent    BoatStatus = "absent"    // not (yet) in the game
	Waiting   BoatStatus = "waiting"   // 21.1: may enter on a later roll
	Never     BoatStatus = "never"     // 21.1/21.2: will not enter the game
	InPlay    BoatStatus = "in play"   // on the map
	Repairing BoatStatus = "repairing" // 21.5.3: exited, repaired, re-enters on ReturnTurn
	Exited    BoatStatus = "exited"    // left the map (not to return, or undamaged)
	Removed   BoatStatus = "removed"   // 21.2.1: the Barbarigo after its two frogman attacks
	Destroyed BoatStatus = "destroyed" // sunk
)

// Boat is one boat of the roster: its record data and its boxes.
type Boat struct {
	ID, Title string
	Group     string // natlantic, italian, base
	MSF, Sunk int    // Must Surface and Sunk factors (0: not known yet)
	Torpedoes int    // torpedo boxes (0: not on the roster)
	Fuel      int    // fuel boxes
	Frogmen   int    // Frogman Attack boxes (the Barbarigo: 2)

	Status     BoatStatus
	Damage     int // damage points checked, 1..5
	TorpUsed   int
	FuelUsed   int
	FrogUsed   int // frogman attacks made
	Area       string
	Surfaced   bool
	Detected   bool
	ReturnTurn int
}

// Italian reports whether the boat is the Italian submarine.
func (b *Boat) Italian() bool { return b.Group == "italian" }

// Rules is a game of Paukenschlag's variants: the state the program keeps.
type Rules struct {
	Scenario string
	Turns    int
	Turn     int
	Section  string // the step being played ("5.4")
	StepName string
	Boats    []*Boat

	BarbarigoTurn int    // 21.2: the turn it enters (0: not rolled)
	Role          string // 21.2: "torpedoes" or "frogmen" ("" before it enters)
	CanadiansTurn int    // 21.4: the turn from which they may enter (0: not yet)
	canadiansSaid bool
	Convoys       int

	Planes  [2]Plane   // 21.3: the BV-222 and the Cant Z-511
	Ferried bool       // 21.3.2: the Z-511's one frogman ferry is used
	Frogs   []*Frogman // 21.2.1: the attacks declared this turn
	Bombers []string   // German bombers flown this turn (5.7)
	Contact *Contact   // 5.5: the OSL/TSL play in progress

	variants      map[Variant]bool
	playedBefore  bool
	swapped       bool
	aswEqual      string
	sunkEqual     string
	surfaceAt     int
	strictZ511    bool
	frogFree      bool // 21.2.1 (frogmen-hold=declaration): the sub need not hold its area and surface after the declaration
	huffEachRound bool // 5.5: the Huff-Duff sub-step before each round, not only at the start of a play
	aswLoaded     bool
	moved         []string // the U-boats that moved this step (5.4: status at the start of movement)
}

// Plane is one of the floatplanes (21.3).
type Plane struct {
	Name       string
	State      string // ready, flown, track (on the Turn Record Track), destroyed
	Boat       string // the sub it flew with this turn
	Same       bool   // in the target's area: bomb factor doubled
	ReturnTurn int
}

// Frogman is one declared frogman attack (21.2.1).
type Frogman struct {
	Area string
	Cup  *engine.Cup
}

// In reports whether variant v is in play.
func (r *Rules) In(v Variant) bool { return r.variants[v] }

// floatScenario: 21.3 and 21.4 name scenarios 17.1 and 17.2.
func (r *Rules) floatScenario() bool { return r.Scenario == "17.1" || r.Scenario == "17.2" }

// Boat returns the roster's boat with id (case-insensitive), or nil.
func (r *Rules) Boat(id string) *Boat {
	for _, b := range r.Boats {
		if equalFold(b.ID, id) {
			return b
		}
	}
	return nil
}

func (r *Rules) barbarigo() *Boat {
	for _, b := range r.Boats {
		if b.Italian() {
			return b
		}
	}
	return nil
}

// The game's event types, each documented in docs/log-format-paukenschlag.md
// (go test ./games checks that every type the rules emit is one of these,
// listed in events, and documented).
const (
	EvStart     engine.EventType = "start"
	EvTurn      engine.EventType = "turn"
	EvStep      engine.EventType = "step"
	EvEntry     engine.EventType = "entry"     // 21.1, 21.2: a boat's entry roll read
	EvEnters    engine.EventType = "enters"    // a boat placed on the map
	EvBarbarigo engine.EventType = "barbarigo" // 21.2: its entry turn, its role
	EvCanadians engine.EventType = "canadians" // 21.4
	EvPlane     engine.EventType = "plane"     // 21.3
	EvFrogman   engine.EventType = "frogman"   // 21.2.1
	EvDamage    engine.EventType = "damage"    // 21.5
	EvBoat      engine.EventType = "boat"      // a change the players report (surfaced, area, …)
	EvContact   engine.EventType = "contact"   // 5.5
	EvSquare    engine.EventType = "square"    // 5.5: a unit's grid square
	EvFirst     engine.EventType = "first"     // 5.5: who moves first
	EvTSL       engine.EventType = "tsl"       // 5.5: units sent to a TSL box
	EvHuffDuff  engine.EventType = "huffduff"  // 5.5, 8.3: the Huff-Duff sub-step opens
	EvConvoys   engine.EventType = "convoys"   // 5.1
	EvReturn    engine.EventType = "return"    // from the Turn Record Track
	EvEnd       engine.EventType = "end"
)

// events lists every event type, in the order of the log-format document.
var events = []engine.EventType{EvStart, EvTurn, EvStep, EvEntry, EvEnters, EvBarbarigo, EvCanadians, EvPlane, EvFrogman,
	EvDamage, EvBoat, EvContact, EvSquare, EvFirst, EvTSL, EvHuffDuff, EvConvoys, EvReturn, EvEnd}

var d10 = dice.D10

// Play implements engine.Rules: set-up, then each turn the expanded
// sequence of play (5.0).
func (r *Rules) Play(c *engine.Ctx) {
	c.Emit(EvStart, gamelog.Str("scenario", r.Scenario), gamelog.Int("turns", r.Turns), gamelog.Str("variants", r.variantList()))
	r.Planes = [2]Plane{{Name: "BV-222", State: "ready"}, {Name: "Z-511", State: "ready"}}
	if !r.In(Floatplanes) || !r.floatScenario() {
		r.Planes[0].State, r.Planes[1].State = "not in play", "not in play"
	}
	r.setup(c)
	for r.Turn = 1; r.Turn <= r.Turns; r.Turn++ {
		c.Emit(EvTurn, gamelog.Int("n", r.Turn))
		for i := range sequence {
			st := &sequence[i]
			if st.first && r.Turn != 1 {
				continue
			}
			r.Section, r.StepName = st.sec, st.name
			c.Emit(EvStep, gamelog.Str("sec", st.sec), gamelog.Str("name", st.name), gamelog.Str("board", st.board))
			if st.run != nil {
				st.run(r, c)
			}
			if len(st.orders) > 0 {
				r.orders(c, st)
			}
			if st.after != nil {
				st.after(r, c)
			}
		}
		// The game stops where the players have orders to give (a step's
		// orders) and at the end of each turn; a step with nothing to
		// report says what to do on the board and play goes on.
		c.Pause("turn", 1)
	}
	r.Turn = r.Turns
	c.Emit(EvEnd, gamelog.Int("turns", r.Turns), gamelog.Int("sunk", r.count(Destroyed)), gamelog.Int("in_play", r.count(InPlay)))
}

func (r *Rules) count(s BoatStatus) int {
	n := 0
	for _, b := range r.Boats {
		if b.Status == s {
			n++
		}
	}
	return n
}

func (r *Rules) variantList() string {
	s := ""
	for _, v := range AllVariants {
		if r.In(v) {
			if s != "" {
				s += ","
			}
			s += string(v)
		}
	}
	if s == "" {
		return "none"
	}
	return s
}

// setup: the North Atlantic boats wait for their rolls (21.1); the
// Barbarigo's entry turn is a D10 plus 1 (21.2).
func (r *Rules) setup(c *engine.Ctx) {
	for _, b := range r.Boats {
		if b.Group == "natlantic" && r.In(NorthAtlantic) {
			b.Status = Waiting
		}
	}
	if r.In(Italian) {
		dr, _ := c.RollDice(d10, "barbarigo-entry")
		r.BarbarigoTurn = dr + 1
		if b := r.barbarigo(); b != nil {
			b.Status = Waiting
			if r.BarbarigoTurn > r.Turns {
				b.Status = Never
			}
		}
		c.Emit(EvBarbarigo, gamelog.Int("dr", dr), gamelog.Int("turn", r.BarbarigoTurn), gamelog.Bool("in_game", r.BarbarigoTurn <= r.Turns))
	}
	if r.In(Canadians) && r.floatScenario() {
		r.CanadiansTurn = 2 // 21.4: turn two in scenarios 17.1 and 17.2
	}
}

// played is the number of turns played on this turn (21.1; see the
// rules notes).
func (r *Rules) played() int {
	if r.playedBefore {
		return r.Turn - 1
	}
	return r.Turn
}

// reinforce is 5.1's reinforcement entry with the variants' entries.
func (r *Rules) reinforce(c *engine.Ctx) {
	// 21.5.3: repaired boats re-enter two turns after they exited; 21.3
	// and 5.7: aircraft come back from the Turn Record Track (next step).
	for _, b := range r.Boats {
		if b.Status == Repairing && b.ReturnTurn <= r.Turn {
			b.Status, b.Damage, b.Surfaced, b.Detected = InPlay, 0, false, false
			c.Unschedule(b.ID)
			c.Emit(EvEnters, gamelog.Str("boat", b.ID), gamelog.Str("why", "21.5.3"), gamelog.Str("area", ""))
		}
	}
	if r.In(NorthAtlantic) {
		r.northAtlantic(c)
	}
	if r.In(Italian) {
		r.italian(c)
	}
	if r.In(Canadians) && !r.canadiansSaid && r.CanadiansTurn > 0 && r.Turn >= r.CanadiansTurn {
		r.canadiansSaid = true
		c.Emit(EvCanadians, gamelog.Int("turn", r.Turn), gamelog.Str("areas", "BB, BC and/or BD"))
	}
}

// northAtlantic is 21.1: from turn 2, a D10 for each waiting boat; less
// than the turns played, it enters (BD or BE, undetected); 10, never;
// otherwise it tries again next turn. After turn 9 none enters.
func (r *Rules) northAtlantic(c *engine.Ctx) {
	if r.Turn < 2 {
		return
	}
	for _, b := range r.Boats {
		if b.Group != "natlantic" || b.Status != Waiting {
			continue
		}
		if r.Turn > 9 {
			b.Status = Never
			c.Emit(EvEntry, gamelog.Str("boat", b.ID), gamelog.Str("result", "never"), gamelog.Str("why", "not entered by turn 9 (21.1)"))
			continue
		}
		dr, _ := c.RollDice(d10, "entry-"+b.ID)
		played := r.played()
		switch {
		case dr == 10:
			b.Status = Never
			c.Emit(EvEntry, gamelog.Str("boat", b.ID), gamelog.Int("dr", dr), gamelog.Int("played", played), gamelog.Str("result", "never"))
		case dr < played:
			c.Emit(EvEntry, gamelog.Str("boat", b.ID), gamelog.Int("dr", dr), gamelog.Int("played", played), gamelog.Str("result", "enters"))
			area := r.askArea(c, "na_area", "Where does "+b.ID+" enter (21.1)?", "BD", "BE")
			r.enter(c, b, area, "21.1")
			if r.In(Canadians) && (r.CanadiansTurn == 0 || r.CanadiansTurn > r.Turn+1) {
				r.CanadiansTurn = r.Turn + 1 // 21.4: any turn following the entry
			}
		default:
			c.Emit(EvEntry, gamelog.Str("boat", b.ID), gamelog.Int("dr", dr), gamelog.Int("played", played), gamelog.Str("result", "waits"))
		}
	}
}

func (r *Rules) enter(c *engine.Ctx, b *Boat, area, why string) {
	b.Status, b.Area, b.Detected = InPlay, area, false
	c.Emit(EvEnters, gamelog.Str("boat", b.ID), gamelog.Str("why", why), gamelog.Str("area", area))
}

// italian is 21.2: on its turn the Barbarigo enters at DH or DT, as a
// conventional sub or carrying frogmen.
func (r *Rules) italian(c *engine.Ctx) {
	b := r.barbarigo()
	if b == nil || b.Status != Waiting || r.Turn != r.BarbarigoTurn {
		return
	}
	area := r.askArea(c, "barbarigo_area", "Where does the Barbarigo enter (21.2)?", "DH", "DT")
	d := c.Ask("barbarigo_role")
	d.Side = Axis
	d.Add("torpedoes", "as a conventional sub: moves and attacks as the U-boats do", "")
	d.Add("frogmen", "as a ferry for Italian Frogman Commandos (21.2.1): no torpedo attacks", "")
	if c.Decide(d, prompt("How is the Barbarigo used (21.2)?")) == 1 {
		r.Role = "frogmen"
	} else {
		r.Role = "torpedoes"
	}
	r.enter(c, b, area, "21.2")
	c.Emit(EvBarbarigo, gamelog.Str("role", r.Role))
}

func (r *Rules) askArea(c *engine.Ctx, kind, question string, areas ...string) string {
	d := c.Ask(kind)
	d.Side = Axis
	for _, a := range areas {
		d.Add(a, "area "+a, "")
	}
	return areas[c.Decide(d, prompt(question))]
}

// prompt is the wording of a decision whose question is fixed.
func prompt(question string) engine.Wording {
	return func(d *engine.Decision) { d.Prompt = question }
}

// convoyCap is 5.1: at most ten convoys in play at the start of a turn.
const convoyCap = 10

// returns: 5.1 brings back what the Turn Record Track holds for this turn.
func (r *Rules) returns(c *engine.Ctx) {
	for _, due := range c.Due(r.Turn) {
		for i := range r.Planes {
			if r.Planes[i].Name == due.Key && r.Planes[i].State == "track" {
				r.Planes[i].State = "ready"
			}
		}
		c.Emit(EvReturn, gamelog.Str("what", due.What), gamelog.Str("key", due.Key))
	}
}

// airReturn is 5.7: the floatplanes that flew come home unless their sub
// submerged, was damaged or sunk (21.3); flown German bombers go on the
// Turn Record Track two turns on.
func (r *Rules) airReturn(c *engine.Ctx) {
	for i := range r.Planes {
		p := &r.Planes[i]
		if p.State != "flown" {
			continue
		}
		b := r.Boat(p.Boat)
		switch {
		case b == nil || b.Status == Destroyed:
			p.State = "destroyed"
			c.Emit(EvPlane, gamelog.Str("plane", p.Name), gamelog.Str("result", "destroyed"), gamelog.Str("why", "its sub was sunk: no fuel for the flight home"))
		case !b.Surfaced:
			p.State = "destroyed"
			c.Emit(EvPlane, gamelog.Str("plane", p.Name), gamelog.Str("result", "destroyed"), gamelog.Str("why", b.ID+" submerged: no fuel for the flight home"))
		case b.Damage > 0:
			p.State = "destroyed"
			c.Emit(EvPlane, gamelog.Str("plane", p.Name), gamelog.Str("result", "destroyed"), gamelog.Str("why", b.ID+" was damaged: no fuel for the flight home"))
		default:
			p.State, p.ReturnTurn = "track", r.Turn+2
			c.Schedule(engine.Due{Turn: p.ReturnTurn, What: p.Name + " back in play", Side: Axis, Key: p.Name})
			c.Emit(EvPlane, gamelog.Str("plane", p.Name), gamelog.Str("result", "track"), gamelog.Int("turn", p.ReturnTurn))
		}
	}
	for _, name := range r.Bombers {
		c.Schedule(engine.Due{Turn: r.Turn + 2, What: name + " back in play", Side: Axis, Key: name})
		c.Emit(EvReturn, gamelog.Str("what", name+" on the Turn Record Track"), gamelog.Str("key", name), gamelog.Int("turn", r.Turn+2))
	}
	r.Bombers = r.Bombers[:0]
	if r.Turn < r.Turns {
		c.Emit(EvStep, gamelog.Str("sec", "5.7"), gamelog.Str("name", "Advance the Game Turn marker"), gamelog.Str("board", "to turn "+strconv.Itoa(r.Turn+1)))
	}
}

func equalFold(a, b string) bool {
	if len(a) != len(b) {
		return false
	}
	for i := 0; i < len(a); i++ {
		x, y := a[i], b[i]
		if 'a' <= x && x <= 'z' {
			x -= 32
		}
		if 'a' <= y && y <= 'z' {
			y -= 32
		}
		if x != y {
			return false
		}
	}
	return true
}
