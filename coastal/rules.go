package coastal

import (
	"fmt"
	"slices"
	"strings"

	"github.com/schnell-wargames/schnell/dice"
	"github.com/schnell-wargames/schnell/engine"
	"github.com/schnell-wargames/schnell/gamelog"
	"github.com/schnell-wargames/schnell/sea"
	"github.com/schnell-wargames/schnell/tables"
)

// Marker is a hidden marker on the table: a ship, a dummy, or a torpedo
// marker (real or dummy). Its identity (Ship, Real) is the chit its side
// drew hidden; only that side knows it until it is observed.
type Marker struct {
	ID       string
	Side     string
	Pot      string
	Ship     *Ship // nil: a dummy
	Torpedo  bool
	Real     bool // a torpedo marker that is a real torpedo
	Revealed bool
	Observed bool // held by the enemy now
	Seen     bool // observed before, this game
	Gone     bool
	launched bool
	// sights are the ships this marker observed itself in its side's
	// latest observation step, and the range measured (cm), by marker id.
	sights   map[string]int
	Column   int  // Warships: the enemy column it stands in (0: none)
	LiveMark bool // Warships: a marker behind the ship found; a dummy is replaced from the pot
	speed    int  // a dummy's speed (a ship's is its own)
	astern   bool // moved backwards in its last move
	dr       engine.Drawn

	// On a virtual table: where it stands (the footprint's size is
	// footprint's), whether it has come onto the table, and the range to
	// the nearest enemy when it was last held in observation or at the
	// turn's start (mm): observation is lost if it moves further away.
	At      sea.Shape
	In      bool
	heldAt  int
	station *station // its place in a formation (follow)
	passed  []string // a torpedo marker: the markers it went under or past
}

// What the marker is, for whoever may know it.
func (m *Marker) What() string {
	switch {
	case m.Torpedo && m.Real:
		return "torpedo"
	case m.Torpedo:
		return "dummy torpedo"
	case m.Ship == nil:
		return "dummy"
	}
	return m.Ship.Name + " (" + m.Ship.Title + ")"
}

// Live is a marker still on the table.
func (m *Marker) Live() bool {
	return !m.Gone && (m.Ship == nil || m.Ship.Afloat())
}

// pending is damage a side calculates in its damage step.
type pending struct {
	target *Ship
	hits   int
	weapon Weapon // the heaviest weapon of the group (its damage points)
	gun    bool
	by     string
}

// Rules is a game of Coastal Warfare: its state as the program keeps it.
type Rules struct {
	Scenario string
	Params   Params
	Turns    int
	Sea      string // calm or medium
	Weather  string // good or poor
	// Variables: where the shooting variables go, VariablesDie or
	// VariablesFactor (rules notes).
	Variables string
	Setup     *Setup
	// Table is the virtual table (nil: a physical one, the player
	// measuring).
	Table *Table

	Turn    int
	Step    int // 1-8 (Order of play)
	Ships   []*Ship
	Markers []*Marker
	Aware   map[string]bool
	VP      int
	Result  string

	pend      map[string][]pending
	straddle  map[[2]string]bool // shooter, target: straddled or hit last turn
	straddleN map[[2]string]bool // ... this turn
	nTorp     int
	potMax    map[string]int  // the fastest ship of each pot: how far its dummies go
	potTorps  map[string]bool // a pot whose ships carry torpedoes: its dummies may launch
	potGuns   map[string]bool // a pot whose ships carry guns (3" or more): they reach past 60 cm
	byID      map[string]*Marker
	ships     map[string]*Ship
	cups      map[string]*engine.Cup
	orders    []manyOrder                // the player's orders for many markers, this step (orders.go)
	near      map[string]map[string]bool // the table said only these markers of the side may see anything this step (none: apart)
	found     bool                       // Warships: a real ship of a column has been observed
	nLive     int

	rf rollFacts // the facts of the roll being made (rollBinding)
}

// rollFacts are the facts a roll reads (the schema's, by name: rollBinding).
type rollFacts struct {
	cm, firing, radar, moving, big, seen, naxos, fast, screened, weather, aware   int
	straddled, still, turning, choppy, heavy, factor, endOn, sub, merchant, large int
}

// rollBinding binds the schema's facts to rollFacts, by name.
var rollBinding = tables.Bind[*rollFacts](schema).
	Fact("range", func(f *rollFacts) int { return f.cm }).
	Fact("firing", func(f *rollFacts) int { return f.firing }).
	Fact("radar", func(f *rollFacts) int { return f.radar }).
	Fact("moving", func(f *rollFacts) int { return f.moving }).
	Fact("big", func(f *rollFacts) int { return f.big }).
	Fact("seen", func(f *rollFacts) int { return f.seen }).
	Fact("naxos", func(f *rollFacts) int { return f.naxos }).
	Fact("fast", func(f *rollFacts) int { return f.fast }).
	Fact("screened", func(f *rollFacts) int { return f.screened }).
	Fact("weather", func(f *rollFacts) int { return f.weather }).
	Fact("aware", func(f *rollFacts) int { return f.aware }).
	Fact("straddled", func(f *rollFacts) int { return f.straddled }).
	Fact("still", func(f *rollFacts) int { return f.still }).
	Fact("turning", func(f *rollFacts) int { return f.turning }).
	Fact("choppy", func(f *rollFacts) int { return f.choppy }).
	Fact("heavy", func(f *rollFacts) int { return f.heavy }).
	Fact("factor", func(f *rollFacts) int { return f.factor }).
	Fact("endon", func(f *rollFacts) int { return f.endOn }).
	Fact("sub", func(f *rollFacts) int { return f.sub }).
	Fact("merchant", func(f *rollFacts) int { return f.merchant }).
	Fact("large", func(f *rollFacts) int { return f.large })

// facts are the facts of the roll being made, as the tables read them.
func (r *Rules) facts() tables.Facts { return rollBinding.Of(&r.rf) }

// Other is the other side.
func Other(side string) string {
	if side == Attacker {
		return Defender
	}
	return Attacker
}

// Play implements engine.Rules: set-up, then turns of the eight steps.
func (r *Rules) Play(c *engine.Ctx) {
	r.Aware = map[string]bool{}
	r.pend = map[string][]pending{}
	r.straddle, r.straddleN = map[[2]string]bool{}, map[[2]string]bool{}
	r.near = map[string]map[string]bool{}
	r.setUp(c)
	for r.Turn = 1; r.Turn <= r.Turns && r.Result == ""; r.Turn++ {
		c.Emit(evTurn, gamelog.Int("n", r.Turn))
		if r.Table != nil {
			r.Table.Shots = r.Table.Shots[:0]
		}
		for half, mover := range Sides {
			base := half * 4
			r.step(c, base+1)
			r.repairs(c, mover)
			r.step(c, base+2)
			r.moveTorpedoes(c, mover)
			r.launchAndMove(c, mover)
			r.step(c, base+3)
			r.observeAndFire(c, Other(mover))
			r.step(c, base+4)
			r.damage(c, mover)
			if r.over() {
				break
			}
		}
		r.turnEnd(c)
		c.Pause("turn", 2)
		if r.over() {
			break
		}
	}
	r.victory(c)
}

var stepText = [...]string{"",
	"attacker dices for repairs", "attacker launches torpedoes, then moves", "defender observes and fires", "attacker calculates damage",
	"defender dices for repairs", "defender launches torpedoes, then moves", "attacker observes and fires", "defender calculates damage"}

func (r *Rules) step(c *engine.Ctx, n int) {
	if n == 3 || n == 7 {
		// `step` stops once a side has moved, so that the table moves
		// the models before the other side observes; the other steps
		// play on (each asks what it must), and the turn's pause stands
		// before step 1.
		c.Pause("step", 1)
	}
	r.Step = n
	r.orders = r.orders[:0]
	clear(r.near)
	c.Emit(evStep, gamelog.Int("turn", r.Turn), gamelog.Int("step", n), gamelog.Str("what", stepText[n]))
}

// setUp deploys the scenario and draws every marker from its pot, hidden
// for its side (Ship movement; Solo rules: convoys).
func (r *Rules) setUp(c *engine.Ctx) {
	if r.Scenario == Hunter {
		// (3) On a 5 or 6 the Allies have an escort destroyer with them.
		if t, _ := c.RollDice(d6, "destroyer"); t >= 5 {
			p := r.Params
			p.Destroyer = true
			s, err := Deploy(Hunter, p)
			if err != nil {
				c.Fail(err)
			}
			r.Setup = s
		}
	}
	s := r.Setup
	ships := map[string]*Ship{}
	add := func(fs []Force, side string) {
		for _, f := range fs {
			sh, err := NewShip(c.Record(f.Card), f.Name, side)
			if err != nil {
				c.Fail(err)
			}
			sh.Speed = s.Speed[side]
			if f.Name == s.Stricken {
				sh.Disabled = true
				sh.Speed = 0
			}
			ships[f.Name] = sh
		}
	}
	add(s.Attackers, Attacker)
	add(s.Defenders, Defender)
	c.Emit(evSetup, gamelog.Str("scenario", r.Scenario), gamelog.Int("attackers", len(s.Attackers)), gamelog.Int("defenders", len(s.Defenders)), gamelog.Str("victory", s.Note))
	prefix := map[string]string{"MERCHANTS": "M", "ESCORTS": "E", "ATTACKERS": "A", "DEFENDERS": "D", "WARSHIPS": "W"}
	r.ships = ships
	for _, p := range s.Pots {
		chits := slices.Clone(p.Real)
		for range p.Dummies {
			chits = append(chits, "dummy")
		}
		if r.potMax == nil {
			r.potMax = map[string]int{}
		}
		if r.potTorps == nil {
			r.potTorps = map[string]bool{}
		}
		for _, name := range p.Real {
			r.potMax[p.ID] = max(r.potMax[p.ID], ships[name].MaxSpeed())
			r.potTorps[p.ID] = r.potTorps[p.ID] || ships[name].Torps > 0
			if hasGun(ships[name]) {
				if r.potGuns == nil {
					r.potGuns = map[string]bool{}
				}
				r.potGuns[p.ID] = true
			}
		}
		cup := c.NewCup(p.ID, p.Title, chits...)
		if r.cups == nil {
			r.cups = map[string]*engine.Cup{}
		}
		r.cups[p.ID] = cup
		n := p.Draw
		if n == 0 {
			n = len(chits)
		}
		for i := range n {
			id := fmt.Sprintf("%s%d", prefix[p.ID], i+1)
			dr := c.Draw(engine.Draw{Cup: cup, N: 1, For: "marker " + id, Side: p.Side, Hidden: true})
			m := &Marker{ID: id, Side: p.Side, Pot: p.ID, dr: dr, speed: s.Speed[p.Side], In: r.Table == nil}
			if s.Columns > 0 && p.ID == "WARSHIPS" {
				m.Column = i/s.Columns + 1
			}
			if sh := ships[dr.Chits[0]]; sh != nil {
				m.Ship = sh
				r.Ships = append(r.Ships, sh)
			}
			r.Markers = append(r.Markers, m)
		}
		if cup.Len() > 0 && s.Columns == 0 {
			c.Emit(evDiscard, gamelog.Str("pot", p.ID), gamelog.Int("markers", cup.Len()))
		}
	}
	if r.Table != nil {
		r.Table.layout(c)
	}
	c.Emit(evDeployed, gamelog.Int("markers", len(r.Markers)), gamelog.Int("attacker_cm", s.Speed[Attacker]), gamelog.Int("defender_cm", s.Speed[Defender]))
}

// markerOf is the marker of a ship.
func (r *Rules) markerOf(s *Ship) *Marker {
	for _, m := range r.Markers {
		if m.Ship == s {
			return m
		}
	}
	return nil
}

// marker finds a marker by id.
func (r *Rules) marker(id string) *Marker {
	// markers are only ever added: the index is rebuilt when one was
	if len(r.byID) != len(r.Markers) {
		r.byID = make(map[string]*Marker, len(r.Markers))
		for _, m := range r.Markers {
			r.byID[m.ID] = m
		}
	}
	if m, ok := r.byID[id]; ok {
		return m
	}
	for _, m := range r.Markers {
		if strings.EqualFold(m.ID, id) {
			return m
		}
	}
	return nil
}

// shipsOf lists a side's ships on the table, in marker order.
func (r *Rules) shipsOf(side string) []*Ship {
	var out []*Ship
	for _, m := range r.Markers {
		if m.Ship != nil && m.Side == side && m.Ship.Afloat() {
			out = append(out, m.Ship)
		}
	}
	return out
}

// enemyMarkers are the live markers of the other side (torpedoes too when
// torps).
func (r *Rules) enemyMarkers(side string, torps bool, keep func(*Marker) bool) []string {
	var out []string
	for _, m := range r.Markers {
		if m.Side != side && m.Live() && (m.In || r.Table == nil) && m.Torpedo == torps && (keep == nil || keep(m)) {
			out = append(out, m.ID)
		}
	}
	return out
}

func (r *Rules) reveal(c *engine.Ctx, m *Marker, by string) {
	m.Observed, m.Seen = true, true
	if r.Table != nil {
		m.heldAt = r.Table.enemyRange(m)
	}
	if !m.Revealed {
		m.Revealed = true
		c.Reveal(m.dr)
		if m.LiveMark && m.Ship == nil {
			r.replaceLive(c, m)
		}
	}
	c.Emit(evObserved, gamelog.Str("marker", m.ID), gamelog.Str("by", by), gamelog.Str("is", m.What()))
	if m.Column > 0 && m.Ship != nil && !r.found {
		r.columnFound(c, m)
	}
	if m.Ship == nil && !(m.Torpedo && m.Real) {
		m.Gone = true
		c.Emit(evRemoved, gamelog.Str("marker", m.ID), gamelog.Str("why", "a dummy, observed"))
	}
}

func (r *Rules) becomeAware(c *engine.Ctx, side, why string) {
	if !r.Aware[side] {
		r.Aware[side] = true
		c.Emit(evAware, gamelog.Str("side", side), gamelog.Str("why", why))
	}
}

// repairs: each ship rolls a D6, a 6 repairs a system, an engine box or a
// bridge point (Repairs); sinking ships count down; a stricken boat may be
// taken in tow on a 5 or 6 (Scenario 2).
func (r *Rules) repairs(c *engine.Ctx, side string) {
	for _, s := range r.shipsOf(side) {
		if s.Sunk || s.SinkIn > 0 {
			continue
		}
		if s.EngLost > 0 || s.BridgeL > 0 || slices.Contains(s.GunLost, true) {
			t, _ := c.RollDice(d6, "repair:"+s.Name)
			if t == 6 {
				what := ""
				switch {
				case s.BridgeL > 0:
					s.BridgeL--
					what = "a bridge point"
				case s.EngLost > 0:
					s.EngLost--
					what = "an engine box"
				default:
					i := slices.Index(s.GunLost, true)
					s.GunLost[i] = false
					what = "the " + s.Guns[i].Words()
				}
				c.Emit(evRepair, gamelog.Str("ship", s.Name), gamelog.Str("repaired", what))
			}
		}
		if s.Name == r.Setup.Stricken && s.Disabled {
			r.tow(c, s)
		}
	}
}

func (r *Rules) tow(c *engine.Ctx, s *Ship) {
	var helpers []string
	for _, h := range r.shipsOf(s.Side) {
		if h != s && h.Acting() {
			helpers = append(helpers, h.Name)
		}
	}
	if len(helpers) == 0 {
		return
	}
	d := c.Ask("tow")
	d.Side = s.Side
	d.Add("none", "no tow this turn", "")
	o := d.Add("tow", "try with a ship in contact", "")
	o.Args = []engine.Arg{engine.IDArg("by", helpers...)}
	o.Args[0].Default = gamelog.StrV(helpers[0])
	o.Args[0].Text = "the ship that tows"
	if c.Decide(d, func(d *engine.Decision) {
		d.Prompt = "Does a ship try to take " + s.Name + " in tow (stationary, not firing, stern to bow with it)?"
	}) == 0 {
		return
	}
	t, _ := c.RollDice(d6, "tow:"+s.Name)
	by := d.Args().Str("by")
	if t >= 5 {
		s.Disabled = false
		s.Engines = []int{8} // the tow moves at 8 cm only
		s.EngLost = 0
		c.Emit(evTow, gamelog.Str("ship", s.Name), gamelog.Str("by", by), gamelog.Bool("made", true))
		return
	}
	c.Emit(evTow, gamelog.Str("ship", s.Name), gamelog.Str("by", by), gamelog.Bool("made", false))
}

var (
	d6  = mustDice("1d6")
	d4  = mustDice("1d4")
	d2d = mustDice("2d6")
	d4d = mustDice("4d6")
)

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

func mustDice(s string) dice.Spec {
	sp, err := dice.Parse(s)
	if err != nil {
		panic(err) // the specs above are constants
	}
	return sp
}

// sideMarkers lists the side's live ship markers, real and dummy.
func (r *Rules) sideMarkers(side string) []*Marker {
	var out []*Marker
	for _, m := range r.Markers {
		if m.Side == side && !m.Torpedo && m.Live() {
			out = append(out, m)
		}
	}
	return out
}

// ownFacts tells the side's own decider what its marker is (class "dummy"
// for a dummy): a side's decisions go only to that side's script or to
// the player who plays it.
func ownFacts(d *engine.Decision, m *Marker) {
	class := "dummy"
	if m.Ship != nil {
		class = m.Ship.Class.String()
	}
	for i := range d.Options {
		d.Options[i].Facts = append(d.Options[i].Facts, gamelog.Str("marker", m.ID), gamelog.Str("class", class))
	}
}
