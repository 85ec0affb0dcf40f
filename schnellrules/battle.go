package schnellrules

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/schnell-wargames/schnell/dice"
	"github.com/schnell-wargames/schnell/engine"
	"github.com/schnell-wargames/schnell/gamelog"
	"github.com/schnell-wargames/schnell/tables"
)

// Sides are the two sides of a battle.
var Sides = []string{"allies", "axis"}

// The event types the rules record (docs/log-format-schnellrules.md).
const (
	evBattle     = "battle"
	evVessel     = "vessel"
	evRemoved    = "removed"
	evTurn       = "turn"
	evPhase      = "phase"
	evVisibility = "visibility"
	evSpot       = "spot"
	evInitiative = "initiative"
	evSpeed      = "speed"
	evGunfire    = "gunfire"
	evLaunch     = "launch"
	evArrival    = "arrival"
	evDamage     = "damage"
	evFire       = "fire"
	evReload     = "reload"
	evDepth      = "depth_charge"
	evIlluminate = "illuminate"
	evEnd        = "end"
)

// The phases of a turn ("Turn Sequence"), in order.
const (
	PhaseSetup = iota
	PhaseSpot
	PhaseInitiative
	PhaseAir1
	PhaseMoveLarge
	PhaseMoveSmall
	PhaseAir2
	PhaseGuns
	PhaseLaunch
	PhaseTorpedoes
)

var phaseNames = []string{"set-up", "1 spot targets", "2 initiative", "3 aircraft", "4 move Large and Very Large", "5 move Medium and smaller", "6 aircraft again", "7 fire guns", "8 launch torpedoes", "9 resolve torpedoes"}

// Gunfire is the Gunfire section's one throw: a d20 to hit, a white d6 for
// damage and a red d6 for fire.
var Gunfire = dice.MustThrow("1d20 hit, 1d6 white, 1d6 red")

// Vessel is one vessel of the battle and its records.
type Vessel struct {
	ID                 string
	Class              *Class
	Side               string
	Speed              Speed
	MaxSpeed           Speed // the class's speed less speed lost to damage
	Manoeuvre          Size  // the turning circle, larger with damage
	Level              Level // the highest damage level sustained
	Taken              [5]bool
	Guns               []Gun
	Mounts             []TubeMount
	Reloads            int
	Reloading          int // qualifying turns of a reload (Torpedo Reloads), -1 not reloading
	Burning            bool
	Seen               [2]bool // spotted this turn by each side
	Busy               bool    // fired, or was fired at, this turn (Torpedo Reloads)
	Starshells, Flares int
}

// Gun is one gun of a vessel.
type Gun struct {
	ClassGun
	Name  string // weapon:n, the n-th of its weapon on the vessel
	Lost  bool
	Fired bool
}

// TubeMount is one torpedo mount of a vessel.
type TubeMount struct {
	Mount
	Name   string
	Loaded int
	Lost   bool
}

// Afloat reports whether the vessel is not sunk.
func (v *Vessel) Afloat() bool { return v.Level < Sunk }

// Torpedo is a torpedo in the water.
type Torpedo struct {
	ID, From, Target, Side string
	Type                   *TorpedoData
	Range, Launched, Due   int
	Marker                 bool // the Alternative Torpedo Rule: a marker the table moves
}

// Options are the game's options.
type Options struct {
	Turns          int
	Fire           bool
	Visibility     bool
	Secondary      bool
	Reloads        bool
	DepthCharges   bool
	TurningArcs    bool
	StationaryPlus bool
	Starshells     bool
	ShellsEach     bool // three starshells and three flares a vessel (option illumination=each), not three in all
	Markers        bool
	Aircraft       bool // the air phases are played: the player names each aircraft's attack
	Ramming        bool // the FAQ's ramming: ram VESSEL TARGET in the movement phases
	// Duel is our abstraction for sim: no table, every enemy at one range.
	Duel                 bool
	DuelStart, DuelClose int
}

// hit is a gun hit waiting for the end of the gunfire phase.
type hit struct {
	target *Vessel
	level  Level
	dm     int
	fire   bool
	what   string
}

// Battle is the rules of one battle.
type Battle struct {
	DB      *Database
	tables  *tables.Set
	Opt     Options
	Turn    int
	Phase   int
	Vessels []*Vessel
	First   string // the side that moves and acts first in every phase
	Shrink  int    // random visibility: targets this many sizes smaller
	Torps   []*Torpedo
	nTorp   int
	pending []hit
	Ended   bool
	facts   facts
	acting  string // the side whose orders the phase waits for
	presets []preset
	// Air are the aircraft the player has named (option aircraft).
	Air   []*Aircraft
	downs []*Aircraft
	// Ranges are the ranges the table measured this turn, observer>target.
	Ranges map[string]int
}

type facts [12]int

func (f *facts) Fact(i int) int { return f[i] }

// Vessel returns a vessel by id (case-insensitive), or nil.
func (b *Battle) Vessel(id string) *Vessel {
	for _, v := range b.Vessels {
		if strings.EqualFold(v.ID, id) {
			return v
		}
	}
	return nil
}

func sideIndex(s string) int {
	if s == Sides[1] {
		return 1
	}
	return 0
}

func other(s string) string { return Sides[1-sideIndex(s)] }

// order returns the sides in the order they act this turn.
func (b *Battle) order() []string {
	if b.First == "" || b.First == Sides[0] {
		return Sides
	}
	return []string{Sides[1], Sides[0]}
}

// over reports whether the battle is over: ended by order, or a side has
// nothing afloat.
func (b *Battle) over() bool {
	if b.Ended {
		return true
	}
	for _, s := range Sides {
		if !slices.ContainsFunc(b.Vessels, func(v *Vessel) bool { return v.Side == s && v.Afloat() }) {
			return true
		}
	}
	return false
}

// Play implements engine.Rules: the Turn Sequence, phase by phase.
func (b *Battle) Play(c *engine.Ctx) {
	c.Emit(evBattle, gamelog.Int("turns", b.Opt.Turns))
	b.setup(c)
	for b.Turn = 1; b.Turn <= b.Opt.Turns && !b.over(); b.Turn++ {
		c.Emit(evTurn, gamelog.Int("n", b.Turn))
		for _, v := range b.Vessels {
			v.Seen = [2]bool{}
			v.Busy = false
			for i := range v.Guns {
				v.Guns[i].Fired = false
			}
		}
		for _, a := range b.Air {
			a.Target, a.Shot, a.AirTarget = "", false, ""
			a.Strafed, a.Defended = nil, nil
		}
		b.phase(c, PhaseSpot)
		b.spot(c)
		b.phase(c, PhaseInitiative)
		b.initiative(c)
		b.phase(c, PhaseAir1)
		b.airPhase(c)
		b.phase(c, PhaseMoveLarge)
		b.move(c, true)
		b.phase(c, PhaseMoveSmall)
		b.move(c, false)
		b.phase(c, PhaseAir2)
		b.airPhase(c)
		b.phase(c, PhaseGuns)
		b.guns(c)
		b.phase(c, PhaseLaunch)
		b.launch(c)
		b.phase(c, PhaseTorpedoes)
		b.torpedoes(c)
		b.reloadTurn(c)
		if b.Opt.Duel {
			// A duel asks the table nothing: let step stop at each
			// turn's end. Otherwise the next turn's sightings stop it.
			c.Pause("turn", 1)
		}
	}
	b.Phase = PhaseSetup
	var afloat [2]int
	for _, v := range b.Vessels {
		if v.Afloat() {
			afloat[sideIndex(v.Side)]++
		}
	}
	c.Emit(evEnd, gamelog.Int("turns", min(b.Turn-1, b.Opt.Turns)), gamelog.Int(Sides[0], afloat[0]), gamelog.Int(Sides[1], afloat[1]))
}

// phase begins phase p and records it. Play goes on from phase to phase
// without a pause: it stops only where someone has an order to give (the
// decisions of each phase). The air phases are skipped without aircraft:
// the document gives none.
func (b *Battle) phase(c *engine.Ctx, p int) {
	air := p == PhaseAir1 || p == PhaseAir2
	b.Phase = p
	if air && !b.Opt.Aircraft {
		c.Emit(evPhase, gamelog.Str("name", phaseNames[p]), gamelog.Str("skipped", "no aircraft are defined"))
		return
	}
	c.Emit(evPhase, gamelog.Str("name", phaseNames[p]))
}

// setup asks for the vessels: add, remove, begin. The battle begins only
// with a vessel on each side (rules notes: a battle needs two sides); until
// then `begin` is refused and the next step, add, is the default.
func (b *Battle) setup(c *engine.Ctx) {
	b.Phase = PhaseSetup
	b.addPresets(c)
	for {
		d := c.Ask("setup")
		d.Prompt = "Add vessels, then begin"
		add := d.Add("add", "add a vessel: ID CLASS SIDE SPEED", "add")
		add.Args = []engine.Arg{engine.TextArg("id"), engine.IDArg("class", b.DB.IDs()...), engine.IDArg("side", Sides...), engine.IDArg("speed", speedWords...)}
		add.Check = func(a engine.ArgValues) error { return b.CheckAdd(a.Str("id"), a.Str("class")) }
		if len(b.Vessels) > 0 {
			rm := d.Add("remove", "remove a vessel", "remove")
			rm.Args = []engine.Arg{engine.IDArg("id", b.ids("")...)}
		} else {
			d.Refuse("remove", "", "there is no vessel to remove yet")
		}
		if missing := b.sideMissing(); missing != "" {
			d.Refuse("begin", "begin", "the ", sideName(missing), " have no vessel yet: add one (add ID CLASS ", missing, ") before the battle begins")
			d.Default = 0
		} else {
			d.Add("begin", "begin the battle", "begin")
			d.Default = len(d.Options) - 1
		}
		switch d.Options[c.Decide(d)].Name {
		case "add":
			a := d.Args()
			sp, _ := ParseSpeed(a.Str("speed"))
			v := b.add(a.Str("id"), b.DB.Class(a.Str("class")), a.Str("side"), sp)
			c.Emit(evVessel, gamelog.Str("id", v.ID), gamelog.Str("class", v.Class.ID), gamelog.Str("side", v.Side), gamelog.Str("speed", v.Speed.String()))
		case "remove":
			v := b.Vessel(d.Args().Str("id"))
			b.Vessels = slices.DeleteFunc(b.Vessels, func(x *Vessel) bool { return x == v })
			c.Emit(evRemoved, gamelog.Str("id", v.ID))
		default:
			return
		}
	}
}

// sideMissing is the first side with no vessel ("": each side has one).
func (b *Battle) sideMissing() string {
	for _, s := range Sides {
		if !slices.ContainsFunc(b.Vessels, func(v *Vessel) bool { return v.Side == s }) {
			return s
		}
	}
	return ""
}

// CheckAdd checks a new vessel's id and class.
func (b *Battle) CheckAdd(id, class string) error {
	if !validID(id) {
		return fmt.Errorf("vessel id %q: letters, digits and dashes, at most 16, starting with a letter", id)
	}
	if b.Vessel(id) != nil {
		return fmt.Errorf("there is already a vessel %s: give another id", id)
	}
	if b.DB.Class(class) == nil {
		return fmt.Errorf("no class %q: vessels lists them", class)
	}
	if len(b.Vessels) >= 64 {
		return fmt.Errorf("a battle has at most 64 vessels")
	}
	return nil
}

func validID(id string) bool {
	if id == "" || len(id) > 16 {
		return false
	}
	for i, r := range id {
		if !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || i > 0 && (r >= '0' && r <= '9' || r == '-')) {
			return false
		}
	}
	return true
}

func (b *Battle) add(id string, cl *Class, side string, sp Speed) *Vessel {
	v := &Vessel{ID: id, Class: cl, Side: side, MaxSpeed: cl.Speed, Manoeuvre: cl.Manoeuvre, Reloads: cl.Reloads, Reloading: -1}
	v.Speed = min(sp, cl.Speed)
	count := map[string]int{}
	for _, g := range cl.Guns {
		count[g.Weapon]++
		v.Guns = append(v.Guns, Gun{ClassGun: g, Name: g.Weapon + ":" + strconv.Itoa(count[g.Weapon])})
	}
	for i, m := range cl.Torpedoes {
		v.Mounts = append(v.Mounts, TubeMount{Mount: m, Name: "tubes:" + strconv.Itoa(i+1), Loaded: m.Tubes})
	}
	b.Vessels = append(b.Vessels, v)
	return v
}

// ids lists the afloat vessels of side ("": all).
func (b *Battle) ids(side string) []string {
	var out []string
	for _, v := range b.Vessels {
		if v.Afloat() && (side == "" || v.Side == side) {
			out = append(out, v.ID)
		}
	}
	return out
}

// SpotRange is the Spotting table: the maximum spotting range in cm by the
// observer's size (row) and the target's (column).
var SpotRange = [5][5]int{
	{60, 70, 70, 70, 80},
	{60, 75, 80, 90, 100},
	{70, 80, 110, 120, 130},
	{70, 85, 120, 130, 140},
	{70, 90, 130, 140, 150},
}

// MaxSpot is the longest range at which observer spots target ("Spotting
// the Target", with "Random Visibility"): apparent sizes shift with speed,
// coastline and visibility; a size below Very Small reads the Very Small
// line or column less 10 cm a size, one above Very Large reads Very Large.
func (b *Battle) MaxSpot(obs, tgt *Vessel, coast bool) (int, []string) {
	var why []string
	t := int(tgt.Class.Size)
	if tgt.Speed >= Fast {
		t++
		why = append(why, "target at Fast or more: +1 size")
	}
	if coast {
		t--
		why = append(why, "target against a coastline: -1 size")
	}
	if b.Shrink > 0 {
		t -= b.Shrink
		why = append(why, fmt.Sprintf("visibility: targets %s smaller", plural(b.Shrink, "size")))
	}
	o := int(obs.Class.Size)
	if obs.Speed >= Fast {
		o--
		why = append(why, "observer at Fast or more: -1 size")
	}
	pen := 0
	clamp := func(n int) int {
		if n < 0 {
			pen += 10 * -n
			return 0
		}
		return min(n, 4)
	}
	r := SpotRange[clamp(o)][clamp(t)] - pen
	if pen > 0 {
		why = append(why, fmt.Sprintf("below Very Small: -%dcm", pen))
	}
	return max(r, 0), why
}

// spot is phase 1: random visibility, fires, then the table's sightings.
func (b *Battle) spot(c *engine.Ctx) {
	b.Shrink = 0
	b.Ranges = map[string]int{}
	if b.Opt.Visibility {
		o := c.Roll("SR-VIS", &b.facts, "visibility")
		b.Shrink, _ = o.Int(effShrink)
		c.Emit(evVisibility, gamelog.Int("shrink", b.Shrink))
	}
	for _, v := range b.Vessels {
		if v.Burning && v.Afloat() {
			v.Seen = [2]bool{true, true}
			c.Emit(evSpot, gamelog.Str("target", v.ID), gamelog.Str("why", "on fire: visible at any range"))
		}
	}
	if b.Opt.Duel {
		b.duelSpot(c)
		return
	}
	for len(b.ids("")) > 0 {
		d := c.Ask("spot")
		d.Prompt = "Turn " + strconv.Itoa(b.Turn) + " sightings: spot each range measured, then done"
		d.Side = engine.TableSide
		all := b.ids("")
		o := d.Add("spot", "a sighting at a measured range", "spot")
		coast := engine.YesArg("coast")
		coast.Default = gamelog.Value{Kind: gamelog.KBool}
		o.Args = []engine.Arg{engine.IDArg("observer", all...), engine.IDArg("target", all...), engine.IntArg("range", 0, 500, "cm"), coast}
		o.Check = func(a engine.ArgValues) error {
			return b.CheckSpot(b.Vessel(a.Str("observer")), b.Vessel(a.Str("target")))
		}
		d.Add("done", "no more sightings", "done")
		d.Add("end", "end the battle here", "end")
		d.Default = 1
		switch c.Decide(d) {
		case 0:
			a := d.Args()
			obs, tgt := b.Vessel(a.Str("observer")), b.Vessel(a.Str("target"))
			max, why := b.MaxSpot(obs, tgt, a.Yes("coast"))
			b.Ranges[obs.ID+">"+tgt.ID] = a.Int("range")
			seen := a.Int("range") <= max
			if tgt.Burning && !seen {
				seen = true // Fire: "automatically visible at any range"
				why = append(why, "on fire: visible at any range")
			}
			if seen {
				tgt.Seen[sideIndex(obs.Side)] = true
			}
			fields := []gamelog.Field{gamelog.Str("observer", obs.ID), gamelog.Str("target", tgt.ID), gamelog.Int("range", a.Int("range")), gamelog.Int("max", max)}
			if len(why) > 0 {
				fields = append(fields, gamelog.Str("why", strings.Join(why, "; ")))
			}
			c.Emit(evSpot, append(fields, gamelog.Bool("seen", seen))...)
		case 1:
			return
		default:
			b.Ended = true
			return
		}
	}
}

// CheckSpot checks a sighting: two different vessels of different sides.
func (b *Battle) CheckSpot(obs, tgt *Vessel) error {
	if obs == nil || tgt == nil {
		return fmt.Errorf("name two vessels afloat")
	}
	if obs.Side == tgt.Side {
		return fmt.Errorf("%s and %s are both the %s': an observer looks for the enemy", obs.ID, tgt.ID, sideName(obs.Side))
	}
	return nil
}

// initiative is phase 2: each side rolls a d10, ties are rolled again,
// and the winner chooses to act first or second in every phase.
func (b *Battle) initiative(c *engine.Ctx) {
	winner := ""
	for try := 0; winner == "" && try < 100; try++ {
		a, _ := c.RollDice(dice.D10, "initiative "+Sides[0])
		x, _ := c.RollDice(dice.D10, "initiative "+Sides[1])
		switch {
		case a > x:
			winner = Sides[0]
		case x > a:
			winner = Sides[1]
		default:
			c.Emit(evInitiative, gamelog.Str("tie", strconv.Itoa(a)))
		}
	}
	if winner == "" {
		winner = Sides[0] // a hundred ties: the dice are not random
	}
	d := c.Ask("initiative")
	d.Prompt = "The " + sideName(winner) + " won the initiative: act first or second in every phase?"
	d.Side = winner
	d.Add("first", "move and act first", "")
	d.Add("second", "move and act second", "")
	d.Default = 1
	if c.Decide(d) == 0 {
		b.First = winner
	} else {
		b.First = other(winner)
	}
	c.Emit(evInitiative, gamelog.Str("winner", winner), gamelog.Str("first", b.First))
}

// move is phases 4 and 5: each side in turn sets the speeds of its Large
// and Very Large vessels (large) or its Medium and smaller ones; the
// models move on the table.
func (b *Battle) move(c *engine.Ctx, large bool) {
	for _, side := range b.order() {
		var ids []string
		for _, v := range b.Vessels {
			if v.Side == side && v.Afloat() && (v.Class.Size >= Large) == large {
				ids = append(ids, v.ID)
			}
		}
		if len(ids) == 0 {
			continue
		}
		b.acting = side
		for {
			d := c.Ask("move")
			d.Prompt = sideName(side) + " moves (phase " + phaseNames[b.Phase][:1] + "): speed changes, then done; move the models"
			d.Side = side
			o := d.Add("speed", "change a vessel's speed", "speed")
			o.Args = []engine.Arg{engine.IDArg("vessel", b.ids(side)...), engine.IDArg("level", speedWords...)} // CheckSpeed says which phase moves a vessel
			o.Check = func(a engine.ArgValues) error {
				sp, _ := ParseSpeed(a.Str("level"))
				return b.CheckSpeed(b.Vessel(a.Str("vessel")), sp)
			}
			if b.Opt.DepthCharges {
				dc := d.Add("depthcharge", "a depth charge attack on a Large or Very Large ship", "depthcharge")
				dc.Args = []engine.Arg{engine.IDArg("vessel", b.ids(side)...), engine.IDArg("target", b.ids("")...)}
				dc.Check = func(a engine.ArgValues) error {
					return b.CheckDepthCharge(b.Vessel(a.Str("vessel")), b.Vessel(a.Str("target")))
				}
			}
			if b.Opt.Ramming {
				r := d.Add("ram", "ram an enemy vessel (FAQ)", "ram")
				r.Args = []engine.Arg{engine.IDArg("vessel", b.ids(side)...), engine.IDArg("target", b.ids("")...)}
				r.Check = func(a engine.ArgValues) error {
					return b.CheckRam(b.Vessel(a.Str("vessel")), b.Vessel(a.Str("target")))
				}
			}
			if !b.Opt.DepthCharges {
				d.Refuse("depthcharge", "", "depth charges are an optional rule, off in this battle (a new battle takes it: `new depth_charges=on`)")
			}
			if !b.Opt.Ramming {
				d.Refuse("ram", "", "ramming is an option (the FAQ's), off in this battle (a new battle takes it: `new ramming=on`)")
			}
			d.Add("done", "the moves are made", "done")
			d.Default = len(d.Options) - 1
			i := c.Decide(d)
			a := d.Args()
			v := b.Vessel(a.Str("vessel"))
			switch d.Options[i].Name {
			case "speed":
				sp, _ := ParseSpeed(a.Str("level"))
				from := v.Speed
				v.Speed = sp
				c.Emit(evSpeed, gamelog.Str("vessel", v.ID), gamelog.Str("from", from.String()), gamelog.Str("to", sp.String()), gamelog.Int("move", sp.Move()))
				continue
			case "depthcharge":
				b.depthCharge(c, v, b.Vessel(a.Str("target")))
				continue
			case "ram":
				b.ram(c, v, b.Vessel(a.Str("target")))
				continue
			}
			break
		}
	}
	b.acting = ""
}

// CheckSpeed checks a speed change ("Vessel Data"): at most the vessel's
// speed (less damage), and two levels a turn for a Fast or Very Fast
// craft, one for the others.
func (b *Battle) CheckSpeed(v *Vessel, sp Speed) error {
	if v == nil {
		return fmt.Errorf("no such vessel afloat")
	}
	if b.Phase == PhaseMoveLarge && v.Class.Size < Large || b.Phase == PhaseMoveSmall && v.Class.Size >= Large {
		return fmt.Errorf("%s is %s: it moves in phase %s", v.ID, v.Class.Size.Word(), map[bool]string{true: "4", false: "5"}[v.Class.Size >= Large])
	}
	if sp > v.MaxSpeed {
		return fmt.Errorf("%s makes at most %s now", v.ID, v.MaxSpeed.Word())
	}
	step := 1
	if v.Class.TwoLevels() {
		step = 2
	}
	if d := int(sp) - int(v.Speed); d > step || -d > step {
		levels := "one level"
		if step == 2 {
			levels = "two levels (a Fast or Very Fast craft)"
		}
		return fmt.Errorf("%s is at %s: it changes speed by at most %s a turn", v.ID, v.Speed.Word(), levels)
	}
	return nil
}

// CheckDepthCharge checks a depth charge attack (optional rule): a Small
// or Very Small British boat, or a class with depth charges, against a
// Large or Very Large ship.
func (b *Battle) CheckDepthCharge(v, t *Vessel) error {
	if v == nil || t == nil {
		return fmt.Errorf("name a vessel of yours and an enemy ship afloat")
	}
	if !v.Class.DepthCharges && !(v.Class.Nation == "british" && v.Class.Size <= Small) {
		return fmt.Errorf("%s carries no depth charges (British Small and Very Small boats do, and classes an overlay marks as carrying them)", v.ID)
	}
	if t.Side == v.Side {
		return fmt.Errorf("%s is on %s's side", t.ID, v.ID)
	}
	if t.Class.Size < Large {
		return fmt.Errorf("%s is %s: depth charges attack Large or Very Large ships", t.ID, t.Class.Size.Word())
	}
	return nil
}

// depthCharge is the Depth Charge Attack: a d6, 4+ does damage as a Large
// weapon (damage modifier +2, rules notes).
func (b *Battle) depthCharge(c *engine.Ctx, v, t *Vessel) {
	o := c.Roll("SR-DC", &b.facts, v.ID+" depth charges "+t.ID)
	h, _ := o.Int(effHit)
	c.Emit(evDepth, gamelog.Str("vessel", v.ID), gamelog.Str("target", t.ID), gamelog.Bool("hit", h == 1))
	if h == 1 {
		b.facts = facts{}
		b.facts[factDamageMod], b.facts[factSizeMod] = 2, t.Class.SizeMod
		o := c.Roll("SR-DMG", &b.facts, "depth charge damage to "+t.ID)
		l, _ := o.Int(effLevel)
		b.damage(c, t, Level(l), 2, "depth charge")
	}
}

// DuelRange is the duel's range this turn (option duel: our abstraction).
func (b *Battle) DuelRange() int {
	return max(b.Opt.DuelStart-b.Opt.DuelClose*(b.Turn-1), 0)
}

// duelSpot is the spotting phase of a duel: every vessel looks for every
// enemy at the duel's range.
func (b *Battle) duelSpot(c *engine.Ctx) {
	r := b.DuelRange()
	for _, o := range b.Vessels {
		for _, t := range b.Vessels {
			if o.Side == t.Side || !o.Afloat() || !t.Afloat() {
				continue
			}
			max, _ := b.MaxSpot(o, t, false)
			b.Ranges[o.ID+">"+t.ID] = r
			if r <= max {
				t.Seen[sideIndex(o.Side)] = true
			}
			c.Emit(evSpot, gamelog.Str("observer", o.ID), gamelog.Str("target", t.ID), gamelog.Int("range", r), gamelog.Int("max", max), gamelog.Bool("seen", r <= max))
		}
	}
}
