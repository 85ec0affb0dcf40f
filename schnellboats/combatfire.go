package schnellboats

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/schnell-wargames/schnell/engine"
)

// attackPlan is the squadron's attack this round: guns, torpedoes or
// rockets at a target, or hold fire (to stay undetected).
func (c combatBoard) attackPlan(cb *Combat, round int) {
	cb.own = cb.own[:0]
	d := c.ask(askAttack)
	cb.plan = c.x.Pick(d, c.refAttack(cb), func(d *engine.Decision) {
		d.Add("hold", "hold fire", "hold")
		var last *Unit // of the option added last
		for a := range c.attackOrders(cb) {
			switch {
			case a.o == nil: // every order at a.u
				for _, o := range a.u.orders().all() {
					refuseBecause(d, o, &a.why)
				}
			case a.why.refused():
				refuseBecause(d, a.o, &a.why)
			case a.u == last:
				addLike(d, a.o) // at the same unit: its facts
			default:
				c.addOrder(d, a.o, a.u)
				last = a.u
			}
		}
	}, func(d *engine.Decision) {
		d.Prompt = fmt.Sprintf("Round %d in the %s zone: the squadron's attack?", round, cb.Zone.String())
	})
}

// attackOrder is one of the squadron's attack orders at a unit, and why
// the rules refuse it (none: it is offered); o nil: every order at the
// unit, refused.
type attackOrder struct {
	o   *engine.Option
	u   *Unit
	why because
}

// attackOrders are the squadron's attack orders this round (4.6), after
// hold fire, in the order the decision offers them: at each enemy unit
// present its guns, torpedoes, rockets, both, and Boat #1's depth charges,
// each with why the rules refuse it, if they do (all of them at once when
// the weather forbids fire from the zone).
func (c combatBoard) attackOrders(cb *Combat) func(yield func(attackOrder) bool) {
	return func(yield func(attackOrder) bool) {
		torps, rockets := 0, 0                // that can be launched this wave
		torpsLeft, rocketsLeft := 0, 0        // aboard
		for _, s := range c.Mission.Sorties { // the formation's
			if !s.inFormation() {
				continue
			}
			torpsLeft += s.Torpedoes
			rocketsLeft += s.Rockets
			if s.launched < tubes && !s.Disabled {
				torps += s.Torpedoes
				rockets += s.Rockets
			}
		}
		can := fireAllowed(c.Mission.Weather, cb.Zone)
		for _, u := range cb.Enemy {
			if !u.present() {
				continue
			}
			w := u.orders()
			if !can {
				if !yield(attackOrder{u: u, why: because{weatherRule(c.Mission.Weather)}}) {
					return
				}
				continue
			}
			if !yield(attackOrder{o: &w.guns, u: u}) {
				return
			}
			var torpedo, rocket because
			switch {
			case c.Type == P5b:
				torpedo = because{"Projekt 5b boats carry rockets, not torpedoes: `", w.rocket.Command, "`"}
			case u.Size == sizeSmall:
				torpedo = because{"rule 4.6: torpedoes cannot be fired at an MTB or MGB (their draft is too shallow)"}
			case torps == 0:
				torpedo = because{"no boat can launch a torpedo this wave: each launches at most ", strconv.Itoa(tubes), " (its tubes) and the squadron has ", strconv.Itoa(torpsLeft), " torpedoes left"}
			}
			if !yield(attackOrder{&w.torpedo, u, torpedo}) {
				return
			}
			switch {
			case c.Type == S100:
				rocket = because{"S-100 boats carry torpedoes, not rockets: `", w.torpedo.Command, "`"}
			case rockets == 0:
				rocket = because{"no boat can launch a rocket this wave: each launches at most ", strconv.Itoa(tubes), " (its tubes) and the squadron has ", strconv.Itoa(rocketsLeft), " rockets left"}
			}
			if !yield(attackOrder{&w.rocket, u, rocket}) {
				return
			}
			// 4.6: in one round a boat may launch and fire its guns.
			launch := torpedo
			if c.Type == P5b {
				launch = rocket
			}
			var both because
			if launch.refused() {
				both = because{"no boat can launch at ", u.ID, " now: `", w.guns.Command, "` fires the guns alone"}
			}
			if !yield(attackOrder{&w.both, u, both}) {
				return
			}
			if s1 := c.flagBoat(); s1 != nil {
				why := c.dcRefusal(cb, s1, u)
				if !s1.inFormation() && !why.refused() {
					why = because{s1.Boat.ID, " (Boat #1) is not in the formation: her depth charges are not the squadron's to order"}
				}
				if !yield(attackOrder{&w.dc, u, why}) {
					return
				}
			}
		}
	}
}

// refuse refuses an attack order, and says why.
func refuse(d *engine.Decision, o *engine.Option, why ...string) {
	d.Refuse(o.Name, o.Command, why...)
}

// addOrder adds an attack option at u, with what a script needs to choose.
func (c combatBoard) addOrder(d *engine.Decision, o *engine.Option, u *Unit) {
	opt := d.Add(o.Name, o.Text, o.Command)
	opt.Facts = append(opt.Facts, str("type", u.Type.String()), num("damage", u.Damage), num("hull", u.Hull))
}

// unitWords are the attack options at one enemy unit, made once per id.
type unitWords struct {
	id                              string
	guns, torpedo, rocket, both, dc engine.Option
}

func newUnitWords(id string) *unitWords {
	return &unitWords{id: id,
		guns:    engine.Option{Name: "guns:" + id, Text: "guns at " + id, Command: "fire " + id},
		torpedo: engine.Option{Name: "torpedo:" + id, Text: "torpedoes at " + id, Command: "torpedo " + id},
		rocket:  engine.Option{Name: "rocket:" + id, Text: "rockets at " + id, Command: "rocket " + id},
		both:    engine.Option{Name: "both:" + id, Text: "a torpedo (5b: a rocket) and the guns at " + id, Command: "both " + id},
		dc:      engine.Option{Name: "dc:" + id, Text: "Boat #1's depth charges at " + id, Command: "dc " + id},
	}
}

// all are the attack options at the unit, in the order the squadron's
// attack decision offers them.
func (w *unitWords) all() [5]*engine.Option {
	return [...]*engine.Option{&w.guns, &w.torpedo, &w.rocket, &w.both, &w.dc}
}

// orders returns the unit's attack options: made with the unit (newUnit),
// or at the first ask for a unit made otherwise (a unit's id never changes).
func (u *Unit) orders() *unitWords {
	if u.words == nil {
		u.words = newUnitWords(u.ID)
	}
	return u.words
}

// attackValue is what the reference Kommandant thinks a ship is worth, by
// enemy type.
var attackValue = [enemyKinds]int{0: 4, 1: 6, 2: 3, 3: 5, 4: 1, 5: 1, 6: 2} // merchant, tanker, destroyer, light_cruiser, mtb, mgb, submarine

// refAttack: torpedoes (or rockets) at the most valuable ship, else guns at
// the most damaged one; hold fire while nothing can be hit. It names the
// first offered order (attackOrders) of the highest score.
func (c combatBoard) refAttack(cb *Combat) string {
	best, bestScore := orderHold, -1
	for a := range c.attackOrders(cb) {
		if a.why.refused() {
			continue
		}
		score := attackValue[a.u.Type]*10 + a.u.Damage
		if a.o != &a.u.words.guns { // a launch or the depth charges (attackOrders made a.u's words)
			score += 100
		}
		if score > bestScore {
			best, bestScore = a.o.Name, score
		}
	}
	return best
}

// detection is C-5, once a round while the No Detection counter is on.
func (c combatBoard) detection(cb *Combat) {
	if cb.Detected {
		return
	}
	o := c.roll(c.ids.Detect, facts{rng: cb.Zone, speed: atSpeed(cb.Speed), flare: b2i(cb.flare)})
	if o.Sets("detected") {
		c.detected(cb, "the enemy's lookouts")
	}
	if o.Sets("flare") {
		c.starShell(cb)
	}
}

// starShell is C-5's star shell (our reading of the combat Flare counter,
// 7.0): the first destroyer or light cruiser present lights the squadron;
// the counter stays to the end of the round (D-4's +2).
func (c combatBoard) starShell(cb *Combat) {
	for _, u := range cb.Enemy {
		if u.present() && (u.Type == enemyDestroyer || u.Type == enemyLightCruiser) {
			cb.flare = true
			c.emit(evFlare, str("by", u.ID))
			return
		}
	}
}

func (c combatBoard) detected(cb *Combat, by string) {
	if !cb.Detected {
		cb.Detected = true
		c.emit(evDetected, str("by", by))
	}
}

// attacks is 4.6: the counters of every unit present go into the draw cup
// and are drawn out, without replacement, in one draw (the generator's, or
// in physical-dice mode the order the player drew from their own cup);
// each unit attacks in the order drawn. A unit sunk or evaded before its
// turn does not attack, and is not put in the cup again (present only).
func (c combatBoard) attacks(cb *Combat) {
	chits := c.spare.chits[:0]
	for _, s := range c.formation() {
		if !s.Disabled && (s.Apart == 0 || s.own) { // 7.0: Boat #2 on her own course attacks too
			chits = append(chits, s.Boat.ID)
		}
	}
	for _, u := range cb.Enemy {
		if u.present() {
			chits = append(chits, u.ID)
		}
	}
	c.spare.chits = chits
	// Nobody can attack (the squadron out of its weather's range and not
	// yet detected, so the enemy does not fire): no draw (our reading).
	if len(chits) == 0 || !cb.Detected && !fireAllowed(c.Mission.Weather, cb.Zone) {
		return
	}
	cup := c.x.RefillCup(cupOrder, cupOrderTitle, chits...) // drawn whole each round: the same cup, filled again
	order := c.x.Draw(engine.Draw{Cup: cup, N: len(chits), For: "order of attack"}).Chits
	for _, id := range order {
		if s := c.sortieByID(id); s != nil {
			if s.Gone == "" && !s.Disabled {
				c.boatAttacks(cb, s)
			}
		} else if u := cb.byID(id); u != nil && u.present() {
			c.enemyActs(cb, u)
		}
		if c.formed() == 0 {
			return
		}
	}
}

// The draw cup of 4.6 (7.0: Unit Order of Attack Draw Cup Counters).
const (
	cupOrder      = "order"
	cupOrderTitle = "Unit Order of Attack"
)

// sortieByID is the boat at sea with hull id.
func (c combatBoard) sortieByID(id string) *Sortie {
	for _, s := range c.Mission.Sorties {
		if s.Boat.ID == id {
			return s
		}
	}
	return nil
}

// byID is the unit with id, present or not.
func (cb *Combat) byID(id string) *Unit {
	for _, u := range cb.Enemy {
		if u.ID == id {
			return u
		}
	}
	return nil
}

// target finds the plan's unit, or another one still present.
func (cb *Combat) unit(id string) *Unit {
	for _, u := range cb.Enemy {
		if u.ID == id && u.present() {
			return u
		}
	}
	for _, u := range cb.Enemy {
		if u.present() {
			return u
		}
	}
	return nil
}

// gunCrewSkill: a Boat #1 cannon fires twice with a Veteran crew (4.6).
var cannonCrews = [...]Position{posFwdGun, posMidGun, posAftGun}

// boatAttacks is one boat's turn when its counter is drawn (4.6): its
// orders (boatOrder: the squadron's order unless it is given its own),
// then its torpedo or rocket and its guns, as ordered. In one round a boat
// may launch (one torpedo or rocket, at most 2 a wave) and fire its guns.
func (c combatBoard) boatAttacks(cb *Combat, s *Sortie) {
	if !fireAllowed(c.Mission.Weather, cb.zoneOf(s)) {
		return
	}
	order := c.boatOrder(cb, s)
	name, id, ok := strings.Cut(order, ":")
	if !ok {
		return // hold fire
	}
	u := cb.unit(id)
	if u == nil {
		return
	}
	if name == orderDC {
		if why := c.dcRefusal(cb, s, u); !why.refused() {
			c.depthCharge(cb, s, u)
		}
		return
	}
	guns := name == orderGuns || name == orderBoth
	if name != orderGuns {
		weapon := c.launcher()
		if c.canLaunch(s, u) {
			left := &s.Torpedoes
			if weapon == weaponRocket {
				left = &s.Rockets
			}
			*left--
			s.launched++
			c.launch(cb, s, u, weapon)
		} else {
			guns = true // nothing left to launch: the guns fire instead
		}
	}
	if !guns {
		return
	}
	var buf [2 * len(cannonCrews)]Skill
	shots := c.shots(s, buf[:0])
	if len(shots) == 0 {
		return
	}
	cb.attacked = true
	c.detected(cb, "the squadron's gunfire")
	for _, skill := range shots {
		if !u.present() {
			if u = cb.unit(""); u == nil {
				return
			}
		}
		f := facts{rng: cb.zoneOf(s), size: ofSize(u.Size), speed: atSpeed(cb.speedOf(s)), target: u.Type, skill: skill, skilled: true, disabled: b2i(u.Disabled)}
		o := c.roll(c.ids.Gunfire, f, s.Boat.ID, " at ", u.ID)
		hits, _ := o.Value("hits")
		c.record().attack(s.Boat.ID, u.ID, "gun", cb.zoneOf(s), hitText(hits))
		c.damageUnit(cb, s, u, hits, false)
	}
}

// shots appends to out the gun attacks a boat makes this round, each with
// the crew skill it fires with: Boat #1 one per working cannon (twice for
// a Veteran gun crew, 4.6); Boats #2-#4 two cannons, twice for Elite.
// 4.12: Boat #1's gun crews man any working cannon without penalty (a
// crew whose cannon is out moves to one whose crew is down); only then do
// the depth charge and watch crews stand in, as Green.
func (c combatBoard) shots(s *Sortie, out []Skill) []Skill {
	if c.manned(s) {
		var used crewSet
		n := boatEquipment[c.Type].Cannons - s.CannonsOut
		for _, pos := range gunCrews[c.Type] {
			if n == 0 {
				break
			}
			crew := c.crewmanOf(s, pos)
			if crew == nil || !crew.Serving() {
				continue
			}
			n--
			used.add(crew)
			skill := skillAverage
			if crew.Veteran {
				skill = skillVeteran
			}
			out = append(out, skill)
			if crew.Veteran {
				out = append(out, skill)
			}
		}
		for ; n > 0; n-- {
			st := c.posts().standInOf(s, &used)
			if st == nil {
				break
			}
			used.add(st)
			out = append(out, skillGreen)
		}
		return out
	}
	for range 2 {
		out = append(out, s.Boat.Skill)
		if s.Boat.Skill == skillElite {
			out = append(out, s.Boat.Skill)
		}
	}
	return out
}

// gunCrews are Boat #1's gun crews by boat type.
var gunCrews = [...][]Position{
	S100: {posFwdGun, posMidGun, posAftGun},
	P5b:  {posFwdGun, posAftGun},
}

func hitText(h int) string {
	switch h {
	case 0:
		return "miss"
	case 1:
		return "hit"
	}
	if h < len(hitTexts) {
		return hitTexts[h]
	}
	return fmt.Sprintf("%d hits", h)
}

// hitTexts and damageTexts are results of attacks, made once.
var hitTexts, damageTexts = func() (h, d [10]string) {
	for i := range h {
		h[i] = fmt.Sprintf("%d hits", i)
		d[i] = fmt.Sprintf("hit: %d damage", i)
	}
	return h, d
}()

func damageText(pts int) string {
	if pts >= 0 && pts < len(damageTexts) {
		return damageTexts[pts]
	}
	return fmt.Sprintf("hit: %d damage", pts)
}

// launch is a torpedo or rocket attack (D-2, D-3).
func (c combatBoard) launch(cb *Combat, s *Sortie, u *Unit, weapon Weapon) {
	f := facts{rng: cb.zoneOf(s), size: ofSize(u.Size), speed: atSpeed(cb.speedOf(s)), target: u.Type, weapon: weapon, sortie: s, disabled: b2i(u.Disabled)}
	if c.manned(s) {
		// 4.12: stand_in is 1 for a stand-in at the helm, +2 for one at the
		// tubes (the torpedo or rocket crew down: launchRefusal).
		t := c.posts().tubeCrewOf(s)
		if t != nil && t.Position == tubeCrews[c.Type][0] {
			f.crew = t
		}
		f.standIn = c.posts().helmStandInOf(s)
		if t != nil && f.crew == nil {
			f.standIn += 2
		}
	}
	cb.attacked = true
	o := c.roll(c.ids.Torpedo, f, s.Boat.ID, " at ", u.ID)
	hits, _ := o.Value("hits")
	if weapon == weaponRocket {
		c.detected(cb, "the rockets' flash")
	}
	if hits == 0 {
		c.record().attack(s.Boat.ID, u.ID, weapon.String(), cb.zoneOf(s), "miss")
		return
	}
	d := c.roll(c.ids.TorpedoDamage, facts{weapon: weapon, target: u.Type}, u.ID)
	pts, _ := d.Value("points")
	c.record().attack(s.Boat.ID, u.ID, weapon.String(), cb.zoneOf(s), damageText(pts))
	c.damageUnit(cb, s, u, pts, d.Sets("sunk"))
}

// damageUnit adds damage to an enemy unit; it sinks at its hull points. A
// tanker with 2 or more points burns and sinks at the end of the round.
func (c combatBoard) damageUnit(cb *Combat, s *Sortie, u *Unit, pts int, sunk bool) {
	if pts <= 0 && !sunk {
		return
	}
	u.Damage += pts
	if sunk || u.Damage >= u.Hull {
		c.sinkUnit(u, s)
		return
	}
	if u.Hull >= 3 && u.Damage >= u.Hull-1 && !u.Disabled {
		u.Disabled = true
		c.emit(evUnitDisabled, str("unit", u.ID))
	}
	if u.Type == enemyTanker && u.Damage >= 2 && !u.Burns {
		u.Burns = true
		u.credit = s
		c.emit(evBurning, str("unit", u.ID))
	}
}

func (c combatBoard) sinkUnit(u *Unit, by *Sortie) {
	u.Gone = goneSunk
	c.Mission.Sunk[u.Type.String()]++
	if by != nil {
		by.Boat.Kills++
	}
	c.emit(evSunk, str("unit", u.ID), str("by", byID(by)))
}

func byID(s *Sortie) string {
	if s == nil {
		return ""
	}
	return s.Boat.ID
}

// burn sinks the burning tankers at the end of the round.
func (c combatBoard) burn(cb *Combat) {
	for _, u := range cb.Enemy {
		if u.present() && u.Burns {
			c.sinkUnit(u, u.credit)
		}
	}
}

// enemyActs: merchant ships and submarines may evade (C-6) once the
// squadron is detected; every armed unit fires (D-4) at a boat in reach.
func (c combatBoard) enemyActs(cb *Combat, u *Unit) {
	if !cb.Detected {
		return
	}
	switch u.Type {
	case enemyMerchant, enemyTanker, enemySubmarine:
		if u.Disabled {
			break // dead in the water: she cannot get away
		}
		f := facts{speed: atSpeed(speedSlow), damaged: u.Damage}
		if u.Type == enemySubmarine {
			f.speed = atSpeed(speedMedium)
		}
		if c.roll(c.ids.Evade, f, u.ID).Sets("evaded") {
			u.Gone = goneEvaded
			c.record().evaded(u, "turned away into the dark")
			return
		}
	}
	// The enemy's guns reach as far as the squadron's in this weather
	// (4.6): each gun picks among the boats it can reach, and with none in
	// reach nothing is rolled.
	inReach := func(s *Sortie) bool { return fireAllowed(c.Mission.Weather, cb.zoneOf(s)) }
	for range u.Guns {
		s := c.harm().pickWhere(inReach, u.ID, " fires")
		if s == nil {
			return
		}
		zone := cb.zoneOf(s)
		f := facts{rng: zone, enemy: u.Type, speed: atSpeed(cb.speedOf(s)), flare: b2i(cb.flare), skill: u.Skill, skilled: true}
		if s.Disabled {
			f.speed = atSpeed(speedIdle)
		}
		if c.manned(s) {
			f.standIn = c.posts().helmStandInOf(s)
		}
		o := c.roll(c.ids.EnemyFire, f, u.ID, " at ", s.Boat.ID)
		hits, _ := o.Value("hits")
		c.record().attack(u.ID, s.Boat.ID, "gun", zone, hitText(hits))
		for range hits {
			if s.Gone != "" {
				break
			}
			c.air().hit(s, attackFlare)
		}
	}
}
