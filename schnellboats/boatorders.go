package schnellboats

import (
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/schnell-wargames/schnell/engine"
	"github.com/schnell-wargames/schnell/gamelog"
)

// The attack orders (4.6), as the options of the squadron's `attack` and
// a boat's `boat_attack` decisions name them: "guns:merchant-1".
const (
	orderHold    = "hold"
	orderGuns    = "guns"
	orderTorpedo = "torpedo"
	orderRocket  = "rocket"
	orderBoth    = "both" // the boat's torpedo (5b: rocket) and its guns, at one target
	orderDC      = "dc"   // S-100 Boat #1's depth charges at a submarine
)

// launcher is what the boats launch: torpedoes (S-100) or rockets (5b).
func (c combatBoard) launcher() Weapon {
	if c.Type == P5b {
		return weaponRocket
	}
	return weaponTorpedo
}

// because is why the rules refuse an order, in parts joined only when
// someone reads it (engine.Decision.Refuse keeps the parts): the rules ask
// for it at every order they build, and it allocates nothing.
type because [6]string

// refused reports whether there is a reason: the order is refused.
func (b *because) refused() bool { return b[0] != "" }

func (b *because) String() string { return strings.Join(b[:], "") }

// refuseBecause refuses option o of d for why, followed by more parts.
func refuseBecause(d *engine.Decision, o *engine.Option, why *because, more ...string) {
	d.RefuseMore(o.Name, o.Command, why[:], more...) // the parts as they are: no copy
}

// launchRefusal says why boat s may not launch at u this round (none: it
// may): nothing aboard, both tubes used this wave, a torpedo at an MTB or
// MGB (4.6), or Boat #1 without a torpedo (rocket) crew or a stand-in for
// it (4.12, our reading: docs/rules-notes.md).
func (c combatBoard) launchRefusal(s *Sortie, u *Unit) because {
	weapon := c.launcher()
	left, what := s.Torpedoes, "torpedoes"
	if weapon == weaponRocket {
		left, what = s.Rockets, "rockets"
	}
	switch {
	case s.Disabled:
		return because{s.Boat.ID, " is disabled"}
	case weapon == weaponTorpedo && u.Size == sizeSmall:
		return because{"rule 4.6: torpedoes cannot be fired at an MTB or MGB (their draft is too shallow)"}
	case left == 0:
		return because{s.Boat.ID, " has no ", what, " left"}
	case s.launched >= tubes:
		return because{s.Boat.ID, " has launched ", strconv.Itoa(tubes), " ", what, " this wave (its tubes: the reloads wait for the next fight)"}
	case c.manned(s) && c.posts().tubeCrewOf(s) == nil:
		return because{"rule 4.12: Boat #", strconv.Itoa(s.No), "'s ", weapon.String(), " crew is down and no stand-in is left to launch"}
	}
	return because{}
}

func (c combatBoard) canLaunch(s *Sortie, u *Unit) bool {
	why := c.launchRefusal(s, u)
	return !why.refused()
}

// boatOrder is boat s's decision when its counter is drawn (4.6, 7.0 step
// 2: each boat's targets are chosen as it attacks): the squadron's order is
// the default, as it applies to this boat (guns at the same target when it
// cannot launch; hold when the target is gone and the squadron held). Its
// options name the boat (fact `boat`), so that a side may own it.
func (c combatBoard) boatOrder(cb *Combat, s *Sortie) string {
	d := c.ask(askBoatAttack)
	d.Side = c.boatSide(s)
	// The order the player gave (the boat's own, else the squadron's)
	// answers at the prompt while its target is present; when it is gone
	// (sunk or evaded before this counter was drawn) the order no longer
	// holds: the player is asked, the default the same order at another
	// unit (4.6: each unit attacks when drawn).
	ordered, squadrons := cb.plan, true
	if own := cb.ownOf(s.Boat.ID); own != "" {
		ordered, squadrons = own, false
	}
	def := c.orderName(cb, s, ordered)
	_, id, _ := strings.Cut(ordered, ":")
	return c.x.Pick(d, def, func(d *engine.Decision) {
		// Hold, and at each enemy unit present her guns, her torpedo (5b:
		// rocket) and both, or why she may not launch; Boat #1's depth
		// charges at a submarine (4.6, C-5).
		o := d.Add(orderHold, "hold fire", "hold")
		o.Facts = append(o.Facts[:0], str("boat", s.Boat.ID))
		launch := c.launcher()
		for _, u := range cb.Enemy {
			if !u.present() {
				continue
			}
			w := u.orders()
			c.addBoatOrder(d, &w.guns, s, u)
			launchOpt, other := &w.torpedo, &w.rocket
			if launch == weaponRocket {
				launchOpt, other = &w.rocket, &w.torpedo
			}
			if launch == weaponRocket {
				refuse(d, other, "Projekt 5b boats carry rockets, not torpedoes: `", launchOpt.Command, "`")
			} else {
				refuse(d, other, "S-100 boats carry torpedoes, not rockets: `", launchOpt.Command, "`")
			}
			if why := c.launchRefusal(s, u); why.refused() {
				refuseBecause(d, launchOpt, &why)
				refuseBecause(d, &w.both, &why, ": `", w.guns.Command, "` fires the guns alone")
				continue
			}
			addLike(d, launchOpt) // at the same unit: the guns' facts
			addLike(d, &w.both)
		}
		for _, u := range cb.Enemy {
			if u.present() && u.Type == enemySubmarine {
				if why := c.dcRefusal(cb, s, u); why.refused() {
					refuseBecause(d, &u.orders().dc, &why)
				} else {
					c.addBoatOrder(d, &u.orders().dc, s, u)
				}
			}
		}
		// 7.0 step 2: each player decides his own boat's targets: the
		// squadron's order is only the default for the other player's boat.
		theirs := squadrons && c.Two != nil && c.boatSide(s) != c.commander()
		if u := cb.byID(id); !theirs && (id == "" || u != nil && u.present() || len(d.Options) == 1) {
			d.SetStanding(optionIndex(d, def)) // the order given at the squadron's: the prompt takes it
		}
	}, func(d *engine.Decision) {
		if u := cb.byID(id); u != nil && !u.present() {
			d.Prompt = fmt.Sprintf("%s (Boat #%d) is drawn: its attack? It was ordered %s, and %s is gone (%s): the default retargets", s.Boat.ID, s.No, ordered, id, u.Gone)
			return
		}
		d.Prompt = fmt.Sprintf("%s (Boat #%d) is drawn: its attack? (the squadron's order: %s)", s.Boat.ID, s.No, cb.plan)
	})
}

// boatSide is the side that gives boat s its orders ("": the player).
// In the two-player game (7.0 step 2) each player chooses his own boat's
// targets: Boat #2's are player 2's, the others' the squadron commander's.
func (c combatBoard) boatSide(s *Sortie) string {
	if c.isBoat2(s) {
		return c.Two.Side
	}
	return c.commander()
}

// addBoatOrder adds an attack option of boat s at u.
func (c combatBoard) addBoatOrder(d *engine.Decision, o *engine.Option, s *Sortie, u *Unit) {
	opt := d.Add(o.Name, o.Text, o.Command)
	opt.Facts = append(opt.Facts[:0], str("boat", s.Boat.ID), str("type", u.Type.String()), num("damage", u.Damage), num("hull", u.Hull))
}

// addLike adds an attack option with the facts of the option added last
// (an order at the same unit).
func addLike(d *engine.Decision, o *engine.Option) { d.AddLike(o.Name, o.Text, o.Command) }

// orderName is the option of boat s's attack decision that carries out
// order (an option's name, "both:tanker-1"): the same order at the same
// target (another present unit when it is gone, as the guns always did);
// guns when the boat cannot launch; hold fire when nothing else is
// offered. It is the decision's default (boatOrder).
func (c combatBoard) orderName(cb *Combat, s *Sortie, order string) string {
	kind, id, ok := strings.Cut(order, ":")
	if !ok {
		return orderHold
	}
	u := cb.unit(id)
	if u == nil {
		return orderHold
	}
	w := u.orders()
	switch kind {
	case orderDC:
		if why := c.dcRefusal(cb, s, u); !why.refused() {
			return w.dc.Name
		}
	case orderTorpedo, orderRocket, orderBoth:
		if c.canLaunch(s, u) {
			launch := c.launcher()
			switch {
			case kind == orderBoth:
				return w.both.Name
			case kind == orderTorpedo && launch == weaponTorpedo:
				return w.torpedo.Name
			case kind == orderRocket && launch == weaponRocket:
				return w.rocket.Name
			}
			return orderHold // a weapon this boat does not carry
		}
	}
	return w.guns.Name
}

// boatCommands are the per-boat orders at the prompt: `SB2 torpedo
// merchant-1` answers the boat_attack decision of SB2 when its counter is
// drawn; a squadron-wide order (`fire tanker-1`) answers the attack
// decision for all, and each boat's decision with that order.
var boatCommands = func() []engine.Command {
	out := make([]engine.Command, 0, 6)
	for i := range 6 {
		id := hullID(i)
		out = append(out, engine.Command{Name: strings.ToLower(id), Usage: id + " fire|torpedo|rocket|both|dc UNIT, " + id + " hold",
			Help: "The order of " + id + " when its counter is drawn from the cup (4.6): it overrides the squadron's order for this boat this round.",
			Run: func(g *engine.Game, args []string, w io.Writer) ([]gamelog.Event, error) {
				return boatCommand(g, id, args, w)
			}, Complete: func(*engine.Game, []string) []string {
				return []string{"fire", "torpedo", "rocket", "both", "dc", "hold"}
			}})
	}
	return out
}()

// boatCommand answers the pending boat_attack decision of boat id with the
// order in args.
func boatCommand(g *engine.Game, id string, args []string, w io.Writer) ([]gamelog.Event, error) {
	if len(args) == 0 {
		return nil, fmt.Errorf("`%s` needs an order: `%s fire UNIT`, `%s torpedo UNIT`, `%s both UNIT` or `%s hold`", id, id, id, id, id)
	}
	p := g.Pending()
	if p == nil || p.Decision == nil {
		return nil, fmt.Errorf("no order is asked now: %s gets its order when its counter is drawn from the cup (4.6)", id)
	}
	d := p.Decision
	switch decisionKind(d.Kind) {
	case askAttack:
		return nil, ownOrder(g, id, args, w)
	case askBoatAttack:
	default:
		return nil, fmt.Errorf("`%s %s` is an attack order: the game asks for %s now", id, strings.Join(args, " "), d.Kind)
	}
	if drawn := optionBoat(d); !strings.EqualFold(drawn, id) {
		return nil, fmt.Errorf("rule 4.6: %s's counter is drawn now, not %s's: %s's order is given at the squadron's order, or when its own counter is drawn (`%s` alone orders %s)", drawn, id, id, strings.Join(args, " "), drawn)
	}
	return engine.Order(args[0])(g, args[1:], w)
}

// ownOrder is a per-boat order given with the squadron's (4.6, 7.0 step
// 2): boat id carries it out when its counter is drawn, instead of the
// squadron's order (the prompt answers its boat_attack decision with it).
// The order is checked now, as the boat's decision will check it.
func ownOrder(g *engine.Game, id string, args []string, w io.Writer) error {
	c, err := CampaignOf(g)
	if err != nil {
		return err
	}
	cb := combatOf(c)
	if cb == nil {
		return errors.New("no combat is being fought")
	}
	s := c.board().sortieByID(strings.ToUpper(id))
	if s == nil || !s.inFormation() {
		return fmt.Errorf("%s is not with the squadron tonight: the boats in formation are %s", id, strings.Join(c.board().formationIDs(), ", "))
	}
	if s.Disabled || s.Apart > 0 && !s.own {
		return fmt.Errorf("%s does not attack this round (disabled, or apart from the squadron: 4.8)", s.Boat.ID)
	}
	word := strings.ToLower(args[0])
	kind, ok := orderWords[word]
	if !ok {
		return fmt.Errorf("`%s %s`: the orders are fire, torpedo, rocket, both (UNIT) and hold", id, word)
	}
	name := orderHold
	if kind != orderHold {
		if len(args) != 2 {
			return fmt.Errorf("usage: %s %s UNIT", s.Boat.ID, word)
		}
		u := cb.byID(strings.ToLower(args[1]))
		if u == nil || !u.present() {
			return fmt.Errorf("%s is not on the Combat Board: the units present are %s", args[1], strings.Join(unitNames(g, nil), ", "))
		}
		if !fireAllowed(c.Mission.Weather, cb.Zone) {
			return errors.New(weatherRule(c.Mission.Weather))
		}
		if kind == orderDC {
			if why := c.board().dcRefusal(cb, s, u); why.refused() {
				return errors.New(why.String())
			}
		} else if kind != orderGuns {
			if l := c.board().launcher().String(); kind != orderBoth && kind != l {
				what := map[string]string{orderTorpedo: "torpedoes", orderRocket: "rockets"}
				return fmt.Errorf("%s boats carry %s, not %s: `%s %s %s`", typeNames[c.Type], what[l], what[kind], s.Boat.ID, l, u.ID)
			}
			if why := c.board().launchRefusal(s, u); why.refused() {
				return errors.New(why.String())
			}
		}
		name = kind + ":" + u.ID
	} else if len(args) != 1 {
		return fmt.Errorf("usage: %s hold", s.Boat.ID)
	}
	cb.setOwn(s.Boat.ID, name)
	fmt.Fprintf(w, "%s: %s when its counter is drawn (the others: the squadron's order). Now the squadron's order.\n", s.Boat.ID, name)
	return nil
}

// typeNames are the boat types as the book writes them.
var typeNames = [...]string{S100: "S-100", P5b: "Projekt 5b"}

// orderWords are the words of the orders at the prompt, by option kind.
var orderWords = map[string]string{"fire": orderGuns, "guns": orderGuns, "torpedo": orderTorpedo, "rocket": orderRocket, "both": orderBoth, "dc": orderDC, "depth_charge": orderDC, "hold": orderHold}

// formationIDs are the hulls in formation.
func (c combatBoard) formationIDs() []string {
	var out []string
	for _, s := range c.formation() {
		out = append(out, s.Boat.ID)
	}
	return out
}

// ownOrders are the per-boat orders of this round (ownOrder).
type ownOrders []struct{ boat, order string }

func (cb *Combat) setOwn(boat, order string) {
	for i := range cb.own {
		if cb.own[i].boat == boat {
			cb.own[i].order = order
			return
		}
	}
	cb.own = append(cb.own, struct{ boat, order string }{boat, order})
}

// ownOf is boat's own order this round ("": the squadron's).
func (cb *Combat) ownOf(boat string) string {
	for _, o := range cb.own {
		if o.boat == boat {
			return o.order
		}
	}
	return ""
}

// optionBoat is the boat a boat_attack decision is for.
func optionBoat(d *engine.Decision) string {
	for _, o := range d.Options {
		for _, f := range o.Facts {
			if f.Key == "boat" {
				return f.Val.S
			}
		}
	}
	return ""
}

func init() { commands = append(commands, boatCommands...) }

// dcRefusal says why boat s may not drop a depth charge at u this round
// (none: it may). Our reading of the depth charge counters (7.0, 4.6: they
// are counted and expended, on the S-100's board only): Boat #1 of an
// S-100 squadron drops one a round at a submarine, from the Close Range
// Zone (the charges go down where she dives), with its depth charge crew
// (the watch crew stands in, 4.12).
func (c combatBoard) dcRefusal(cb *Combat, s *Sortie, u *Unit) because {
	switch {
	case c.Type != S100:
		return because{"Projekt 5b boats carry no depth charges"}
	case u.Type != enemySubmarine:
		return because{"depth charges are dropped on a submarine (7.0): `fire ", u.ID, "` fires the guns"}
	case !c.manned(s):
		return because{"only Boat #1 carries depth charges on the Crewmen Placement Board (7.0; in the two-player game Boat #2 too): ", s.Boat.ID, " fires its guns"}
	case s.Disabled:
		return because{s.Boat.ID, " is disabled"}
	case cb.zoneOf(s) != zoneClose:
		return because{"depth charges are dropped over the submarine: only from the Close Range Zone"}
	case s.DCs == 0:
		return because{"Boat #", strconv.Itoa(s.No), " has no depth charges left"}
	case c.posts().dcCrewOf(s) == nil:
		return because{"rule 4.12: Boat #", strconv.Itoa(s.No), "'s depth charge crew is down and the watch crew too: nobody to drop the charges"}
	}
	return because{}
}

// depthCharge is a depth charge attack (D-5): one charge expended.
func (c combatBoard) depthCharge(cb *Combat, s *Sortie, u *Unit) {
	s.DCs--
	cb.attacked = true
	f := facts{disabled: b2i(u.Disabled), sortie: s}
	if m := c.posts().dcCrewOf(s); m != nil && m.Position == posDC {
		f.crew = m
	} else {
		f.standIn = 1
	}
	o := c.roll(c.ids.DepthCharge, f, s.Boat.ID, " at ", u.ID)
	hits, _ := o.Value("hits")
	c.detected(cb, "the depth charges' explosions")
	c.record().attack(s.Boat.ID, u.ID, "depth_charge", cb.Zone, hitText(hits))
	c.damageUnit(cb, s, u, hits, false)
}
