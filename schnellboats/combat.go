package schnellboats

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/schnell-wargames/schnell/engine"
	"github.com/schnell-wargames/schnell/gamelog"
)

// maxRounds: a wave that is still afloat after this many rounds has passed
// out of reach (ours, docs/rules-notes.md: a combat round is 1-5 minutes,
// 2.0; the book ends a combat only when every enemy unit is sunk or has
// evaded, and escorts never evade). The prompt says so in the last round.
// A squadron that never attacked the wave has let it pass: that counts as
// leaving the combat (letPass), never as a way out for free.
const maxRounds = 6

// Unit is an enemy vessel on the Combat Board.
type Unit struct {
	ID     string
	Type   Enemy
	Skill  Skill
	Hull   int
	Guns   int
	Size   Size
	Damage int
	Gone   Gone
	Burns  bool
	// Disabled: one damage point from sinking, she lies stopped (7.0 Unit
	// Disabled counter; our reading): no evasion, easier to hit.
	Disabled bool
	credit   *Sortie    // who set a burning tanker alight
	words    *unitWords // its attack options (orders)
}

// Combat is one engagement: the enemy, the squadron's place and speed.
type Combat struct {
	Kind     Encounter
	Wave     int
	Round    int
	Enemy    []*Unit
	Zone     RangeZone // the squadron's range zone
	Speed    Speed
	Detected bool
	Left     bool  // the squadron has left the combat
	attacked bool  // a boat has attacked this wave: a shot, a launch or a depth charge (letPass)
	inZone   int   // rounds the squadron has spent in its range zone (4.7: Slow needs 2 before it moves on)
	limit    Speed // the squadron's top speed offered last round
	plan     string
	own      ownOrders // per-boat orders given with this round's plan (ownOrder)
	flare    bool
	inWater  []*Sortie // crews of boats sunk in this combat
	// lone is the two-player game's Boat #2 on her own course fighting on
	// alone after the squadron left the combat (fightOn), and aside the
	// boats that left with it.
	lone  *Sortie
	aside [maxSorties]*Sortie
}

// tubes: a boat launches at most 2 torpedoes or rockets in one wave (its
// tubes; reloading waits for the next fight) — our reading of 4.6.
const tubes = 2

// moves is 4.7: new range zones a squadron may enter in a round at each
// speed (Slow: one after 2 rounds in a zone, see squadronMoves).
var moves = [...]int{speedIdle: 0, speedSlow: 1, speedMedium: 1, speedFast: 2, speedVeryFast: 3}

// fireZones is 4.6: the range zones Schnell Boats may fire from, by weather.
func fireAllowed(weather Weather, zone RangeZone) bool {
	switch weather {
	case weatherGood:
		return zone >= zoneLong
	case weatherPoor:
		return zone >= zoneMedium
	}
	return zone == zoneClose
}

func weatherRule(weather Weather) string { return weatherRules[weather] }

// weatherRules say why 4.6 forbids fire from a zone, by weather.
var weatherRules = [...]string{
	weatherGood:  "rule 4.6: nothing to fire from outside the Range Zones",
	weatherPoor:  "rule 4.6: in Poor weather Schnell Boats fire only from the Medium or Close Range Zone",
	weatherFoggy: "rule 4.6: in Foggy weather Schnell Boats fire only from the Close Range Zone",
	weatherBad:   "rule 4.6: in Bad weather Schnell Boats fire only from the Close Range Zone",
}

func (u *Unit) present() bool { return u.Gone == "" }

// enemyKinds is len(enemies) (a test checks it).
const enemyKinds = 7

// unitIDs are the ids of enemy units ("merchant-1"), made once: a combat
// makes a handful of units, a campaign thousands.
var unitIDs = func() (ids [enemyKinds][8]string) {
	for t := range ids {
		for i := range ids[t] {
			ids[t][i] = fmt.Sprintf("%s-%d", enemies[t], i+1)
		}
	}
	return ids
}()

// unitWordsByID are the attack options at every unit id of unitIDs.
var unitWordsByID = func() (w [enemyKinds][len(unitIDs[0])]*unitWords) {
	for t := range w {
		for i := range w[t] {
			w[t][i] = newUnitWords(unitIDs[t][i])
		}
	}
	return w
}()

// newUnit is the nth unit (from 1) of enemy type t, in the storage of an
// earlier combat's units (a combat's units are not kept after it).
func (c *Campaign) newUnit(t Enemy, n int) *Unit {
	sp := &c.spare
	if sp.used == len(sp.units) {
		sp.units = append(sp.units, new(Unit))
	}
	u := sp.units[sp.used]
	sp.used++
	if n >= 1 && n <= len(unitIDs[t]) {
		*u = Unit{ID: unitIDs[t][n-1], Type: t, Skill: skillAverage, words: unitWordsByID[t][n-1]}
	} else {
		*u = Unit{ID: fmt.Sprintf("%s-%d", t, n), Type: t, Skill: skillAverage}
	}
	return u
}

// fight plays a surface encounter on the Combat Board (4.6-4.9).
func (c *Campaign) fight(kind Encounter) {
	m := c.Mission
	cb := &c.spare.combat
	*cb = Combat{Kind: kind, Zone: zoneOut, Speed: speedMedium, Enemy: cb.Enemy[:0], inWater: cb.inWater[:0]}
	c.spare.used = 0
	m.Combat = cb
	c.Stats.Engagements++
	defer func() { m.Combat = nil }()
	second := c.muster(cb, kind)
	for {
		cb.Wave++
		for _, s := range m.Sorties {
			s.launched = 0
		}
		c.combatStart(cb)
		c.fightWave(cb) // the Combat Board's rounds, or a Schnell Rules battle (battle.go)
		if !second || cb.Left || c.formed() == 0 || cb.Wave > 1 || cb.lone != nil {
			break
		}
		d := c.ask(askNextWave)
		d.Prompt = "A second wave of the convoy comes into sight. Attack it, or break off?"
		d.Add("attack", "attack the second wave", "")
		d.Add("break_off", "break off: leaving the combat aborts the mission, which fails (4.9)", "")
		if c.damaged() || !c.loaded() {
			d.Default = 1
		}
		if c.x.Decide(d) == 1 {
			// Refusing the second wave is leaving the combat: the mission
			// is aborted (4.8, 4.9).
			c.abortMission("broke off before the second wave")
			break
		}
		c.muster(cb, encConvoy)
		cb.Detected, cb.Zone, cb.inZone, cb.attacked = false, zoneOut, 0, false
	}
	sunk := 0
	for _, u := range cb.Enemy {
		if u.Gone == goneSunk {
			sunk++
		}
	}
	c.emit(evCombatEnd, num("waves", cb.Wave), num("rounds", cb.Round), num("sunk", sunk))
	c.afterCombat()
	c.searchWater(cb)
	if s := cb.lone; s != nil {
		// The squadron that left is the squadron again; she, afloat, has
		// left it and makes her own way home (soloHome).
		for i, o := range cb.aside {
			if o != nil && o.Gone == goneLeft {
				o.Gone = ""
			}
			cb.aside[i] = nil
		}
		cb.lone = nil
		if s.inFormation() {
			c.goAlone(s, "left the Combat Board alone: she makes her own way home (7.0 step 2)")
		}
	}
}

// searchWater is the errata's G-12 step 6 (our G-10-C): after the combat
// the squadron searches for each Boat #1 crewman (one roll for a #2-#4
// crew) of the boats sunk; those not found are lost at sea. With no boat
// left to search, all are lost.
func (c *Campaign) searchWater(cb *Combat) {
	rescuers := c.formed() > 0
	aboard := func(n int) { // rescued men ride as passengers on the first boat in formation
		if f := c.formation(); len(f) > 0 {
			f[0].Passengers += n
		}
	}
	for _, s := range cb.inWater {
		if c.manned(s) {
			for _, cm := range c.crewOf(s) {
				if cm.KIA || cm.Out {
					continue
				}
				found := false
				if rescuers {
					found = c.roll(c.ids.Search, facts{crew: cm, damage: b2i(s.RaftLost)}, cm.Name).Sets("rescued")
				}
				if !found {
					c.kill(cm)
					c.emit(evWound, sided(c.whose(cm), str("crewman", cm.Name), str("position", cm.Position.String()), str("level", "kia"))...)
					c.emit(evRescue, str("who", cm.Name), str("result", rescueText(found)))
					continue
				}
				c.emit(evRescue, str("who", cm.Name), str("result", rescueText(found)))
				// Errata G-12 step 6: each rescued Boat #1 crewman rolls
				// for wounds (G-8).
				c.wound(cm, Wound(c.eff(c.roll(c.ids.Wound, facts{crew: cm}, cm.Name, " pulled from the water"), "wound")))
				if !cm.KIA {
					aboard(1)
				}
			}
			continue
		}
		found := false
		if rescuers {
			found = c.roll(c.ids.Search, facts{sortie: s}, s.Boat.ID, " crew").Sets("rescued")
		}
		if !found {
			c.Stats.CrewsLost++
			c.emit(evCrewLost, str("boat", s.Boat.ID))
		} else {
			aboard(1)
		}
		c.emit(evRescue, str("who", s.Boat.ID+" crew"), str("result", rescueText(found)))
	}
	cb.inWater = cb.inWater[:0]
}

func rescueText(found bool) string {
	if found {
		return "rescued"
	}
	return "lost at sea"
}

// armed: some boat in formation can still launch a torpedo or rocket in
// this wave.
func (c *Campaign) armed() bool {
	cb := c.Mission.Combat
	for _, s := range c.formation() {
		if (s.Torpedoes > 0 || s.Rockets > 0) && !s.Disabled && (cb == nil || s.launched < tubes) {
			return true
		}
	}
	return false
}

// muster rolls the enemy of a wave (C-1, C-2) and their crews (C-3). It
// reports whether a second wave follows.
func (c *Campaign) muster(cb *Combat, kind Encounter) bool {
	var counts [enemyKinds]int
	second := false
	switch kind {
	case encConvoy:
		o := c.roll(c.ids.Convoy, facts{}, "convoy")
		for e, key := range [...]string{"merchants", "tankers", "destroyers", "cruisers", "mtbs", "mgbs", "subs"} {
			counts[e], _ = o.Value(key)
		}
		second = o.Sets("second_wave") && cb.Wave == 0
	case encMTB, encMGB:
		f := facts{enemy: enemyMtb}
		if kind == encMGB {
			f.enemy = enemyMgb
		}
		o := c.roll(c.ids.Patrols, f, kind.String())
		counts[enemyMtb], _ = o.Value("mtbs")
		counts[enemyMgb], _ = o.Value("mgbs")
	case encDestroyers:
		counts[enemyDestroyer] = 2
	case encSubmarine:
		counts[enemySubmarine] = 1
	}
	cb.Enemy = cb.Enemy[:0]
	for t := range Enemy(len(enemies)) {
		for i := range counts[t] {
			u := c.newUnit(t, i+1)
			row := c.lookup(c.ids.Vessels, facts{enemy: t})
			u.Hull, _ = row.Value("hull", 0)
			u.Guns, _ = row.Value("guns", 0)
			size, _ := row.Value("size", 0)
			u.Size = Size(size)
			if t >= enemyDestroyer { // warships roll their crews
				u.Skill = Skill(c.eff(c.roll(c.ids.Crew, facts{}, u.ID), "skill"))
			}
			cb.Enemy = append(cb.Enemy, u)
		}
	}
	return second
}

func (c *Campaign) combatStart(cb *Combat) {
	list := c.x.List(len(cb.Enemy))
	for i, u := range cb.Enemy {
		o := c.x.Object(3)
		o[0], o[1], o[2] = str("id", u.ID), str("type", u.Type.String()), str("crew", u.Skill.String())
		list[i] = gamelog.ObjV(o...)
	}
	c.emit(evCombatStart, str("kind", cb.Kind.String()), num("wave", cb.Wave), str("zone", c.zone().ID), gamelog.List("enemies", list...))
}

// worthIt: a ship a torpedo may be fired at is still present.
func (cb *Combat) worthIt() bool {
	for _, u := range cb.Enemy {
		if u.present() && u.Size != sizeSmall {
			return true
		}
	}
	return false
}

func (cb *Combat) enemyLeft() bool {
	for _, u := range cb.Enemy {
		if u.present() {
			return true
		}
	}
	return false
}

// waveRounds fights combat rounds until the wave is sunk or gone, the
// squadron leaves, or the wave has passed.
func (c *Campaign) waveRounds(cb *Combat) {
	for r := 1; r <= maxRounds && cb.enemyLeft() && !cb.Left && c.formed() > 0; r++ {
		cb.Round++
		c.emit(evRound, num("n", r), num("wave", cb.Wave))
		c.combatOrders(cb, r)
		if cb.Left {
			break
		}
		c.detection(cb)
		c.attacks(cb)
		c.burn(cb)
		c.transfers(cb)
		cb.flare = false
		c.x.Pause("round", 1)
	}
	if cb.enemyLeft() && !cb.Left && c.formed() > 0 {
		for _, u := range cb.Enemy {
			if u.present() {
				u.Gone = goneEvaded
				c.emit(evEvaded, str("unit", u.ID), str("why", "passed out of reach"))
			}
		}
		if !cb.attacked {
			c.letPass(cb)
		}
	}
}

// letPass is ours, with 4.8, 4.9 and errata G-12 step 6 / clarification
// 3: the book ends a combat only when every enemy unit is sunk or has
// evaded, or when the squadron leaves it, aborting the mission. A wave that
// passes out of reach after maxRounds (our limit) without one attack on it
// by any boat (a shot, a launch or a depth charge) was let go: the squadron
// has left the combat as surely as by `move out`, and the mission is
// aborted (it fails unless its task was done already, abortMission). The
// enemy being gone, no evasion is rolled, and a disabled boat is towed or
// abandoned as after any combat (errata G-12 step 7).
func (c *Campaign) letPass(cb *Combat) {
	cb.Left = true
	c.emit(evAbort, str("boat", "squadron"), str("result", "let the wave pass without attacking it: that is leaving the combat (4.9)"))
	c.abortMission("let a wave pass unattacked")
}

// speedLimit is 2.0 f and 4.4: the fastest the squadron may go (the
// slowest boat in formation sets it), and why.
func (c *Campaign) speedLimit() (Speed, string) {
	limit, s, why := c.limitSpeed()
	boat := "Boat #1"
	if s != nil {
		boat = "Boat #" + strconv.Itoa(s.No)
	}
	switch why {
	case limitPoints4:
		return limit, fmt.Sprintf("rule 2.0 f: Boat #%d has %d damage points: Slow only", s.No, s.Points)
	case limitPoints3:
		return limit, fmt.Sprintf("rule 2.0 f: Boat #%d has %d damage points: Slow or Medium only", s.No, s.Points)
	case limitEngines:
		return limit, "rule 4.4: " + boat + " has 2 engines out: Slow only"
	case limitEngine:
		return limit, boat + " has an engine out: not Very Fast"
	case limitTow:
		return limit, "towing: Slow only"
	case limitJets:
		return limit, boat + " has both turbojets out: Medium at most"
	case limitJet:
		return limit, boat + " has a turbojet out: not Very Fast"
	}
	return limit, ""
}

// limitReason is what limits the squadron's speed (limitSpeed).
type limitReason int

// What limits the squadron's speed.
const (
	limitNone limitReason = iota
	limitPoints4
	limitPoints3
	limitEngines
	limitEngine
	limitTow
	limitJets
	limitJet
)

// limitSpeed is speedLimit without the words: the limit, the boat that
// sets it and why.
func (c *Campaign) limitSpeed() (limit Speed, by *Sortie, why limitReason) {
	limit = speedVeryFast
	for _, s := range c.formation() {
		if s.Disabled || s.Apart > 0 {
			continue // 4.8: a boat apart moves at her own speed
		}
		switch {
		case !c.manned(s) && s.Points >= 4 && limit > speedSlow:
			limit, by, why = speedSlow, s, limitPoints4
		case !c.manned(s) && s.Points >= 3 && limit > speedMedium:
			limit, by, why = speedMedium, s, limitPoints3
		case c.manned(s) && s.EnginesOut >= 2 && limit > speedSlow:
			limit, by, why = speedSlow, s, limitEngines
		case c.manned(s) && s.EnginesOut == 1 && limit > speedFast:
			limit, by, why = speedFast, s, limitEngine
		}
		// A Projekt 5b's turbojets give her top speeds (our reading of
		// 2.0 f): one out, not Very Fast; both out, Medium at most.
		switch {
		case c.manned(s) && s.JetsOut >= 2 && limit > speedMedium:
			limit, by, why = speedMedium, s, limitJets
		case c.manned(s) && s.JetsOut == 1 && limit > speedFast:
			limit, by, why = speedFast, s, limitJet
		}
		if s.Towing != nil || s.TowedBy != nil {
			limit, by, why = speedSlow, s, limitTow
		}
	}
	return limit, by, why
}

// speedOptions are the options of the speed decision, made once.
var speedOptions = func() (o [len(moves)]engine.Option) {
	for sp := range Speed(len(o)) {
		o[sp] = engine.Option{Name: sp.String(), Text: fmt.Sprintf("%s: %s", sp.String(), moveText(sp)), Command: "speed " + sp.String()}
	}
	return o
}()

// A move ordered while the speed is asked is refused: speed comes first.
var moveFirst = [...][2]string{{"closer", "move closer"}, {"stay", "move stay"}, {"away", "move away"}, {"out", "move out"}}

const speedFirst = "rule 4.7: each round the squadron's speed is set first, then it moves: give the speed now (`speed slow|medium|fast|very_fast`), then `move`"

// idleRule says when the squadron may wait at Idle on the Combat Board.
const idleRule = "errata G-12 steps 4-5: the squadron waits at Idle only alongside a disabled boat in its range zone, to take off her crew"

// zonesArgs are the argument of a move that may enter up to n range zones
// (4.7: Fast enters 1 or 2 a round, Very Fast 1, 2 or 3, as the player
// says; as many as the speed allows unless told), made once.
var zonesArgs = func() (a [len(moves)][]engine.Arg) {
	for n := 2; n < len(a); n++ {
		arg := engine.IntArg("zones", 1, n, "")
		arg.Text = "range zones to enter this round"
		arg.Default = gamelog.IntV(n)
		a[n] = []engine.Arg{arg}
	}
	return a
}()

// combatOrders is the start of a round (4.7): the boats apart from the
// formation, the squadron's speed, then its movement, then its attack plan.
func (c *Campaign) combatOrders(cb *Combat, round int) {
	c.pinDisabled(cb)
	c.breakAway(cb)
	limit, _, _ := c.limitSpeed()
	d := c.ask(askSpeed)
	for sp := speedSlow; sp <= limit; sp++ {
		o := &speedOptions[sp]
		d.Add(o.Name, o.Text, o.Command)
	}
	if limit < speedVeryFast {
		_, why := c.speedLimit()
		for sp := limit + 1; sp <= speedVeryFast; sp++ {
			d.Refuse(speedOptions[sp].Name, speedOptions[sp].Command, why)
		}
	}
	for _, mv := range moveFirst {
		d.Refuse(mv[0], mv[1], speedFirst)
	}
	d.Default = len(d.Options) - 1
	if limit >= speedFast {
		d.Default = int(speedFast - speedSlow)
	}
	if c.alongside(cb) != nil {
		// A new choice: the speed is not answered as unchanged for the player.
		o := &speedOptions[speedIdle]
		d.Add(o.Name, o.Text, o.Command)
		d.Default = len(d.Options) - 1 // the reference Kommandant takes the crew off first
	} else {
		d.Refuse(speedOptions[speedIdle].Name, speedOptions[speedIdle].Command, idleRule)
		if round > 1 && cb.Speed >= speedSlow && cb.Speed <= limit && limit == cb.limit {
			// The speed of the last round, unchanged, among the same
			// speeds: a speed newly allowed (or lost) is news to the player.
			d.SetSame(int(cb.Speed - speedSlow))
		}
	}
	cb.limit = limit
	sp := speedSlow + Speed(c.x.Decide(d, func(d *engine.Decision) {
		d.Prompt = fmt.Sprintf("Round %d: the squadron's speed?", round)
	}))
	if sp > limit {
		sp = speedIdle // the last option
	}
	if sp != cb.Speed {
		cb.Speed = sp
		for _, s := range c.formation() {
			if !s.pinned && s.Apart == 0 {
				c.emit(evSpeed, str("boat", s.Boat.ID), str("speed", sp.String()))
			}
		}
	}
	// Movement: closer, stay, away, or out of the combat; or a Boat #2-#4
	// aborts alone (then the order is asked again).
	for {
		mv := c.ask(askRange)
		c.moveOptions(cb, mv, round)
		mv.Default = c.refMove(cb, mv)
		o := &mv.Options[c.x.Decide(mv, func(d *engine.Decision) {
			d.Prompt = fmt.Sprintf("Round %d at %s, in the %s zone: move?", round, words(cb.Speed.String()), cb.Zone.String())
			if cb.Zone == zoneOut {
				d.Prompt = fmt.Sprintf("Round %d at %s, the squadron not yet on the Combat Board: move?", round, words(cb.Speed.String()))
			}
			if round == maxRounds {
				d.Prompt += fmt.Sprintf(" (the last round: a wave still afloat after round %d passes out of reach", maxRounds)
				if !cb.attacked {
					d.Prompt += "; unattacked, that is leaving the combat: the mission is aborted, 4.9"
				}
				d.Prompt += ")"
			}
			wordBoatAborts(d)
		})]
		if id, ok := strings.CutPrefix(o.Name, "abort:"); ok {
			c.boatAborts(cb, id)
			continue
		}
		zones := 1
		if len(o.Args) > 0 {
			zones = mv.Args().Int("zones")
		}
		c.moveSquadron(cb, o.Name, zones)
		break
	}
	if cb.Left {
		return
	}
	c.attackPlan(cb, round)
}

// squadronMoves is 4.7: the range zones the squadron may enter this round
// at its speed (Slow: none until it has spent 2 rounds in its zone,
// whichever way it goes; Idle: none).
func (c *Campaign) squadronMoves(cb *Combat) int {
	if cb.Speed == speedSlow && cb.Zone != zoneOut && cb.inZone < 2 {
		return 0
	}
	return moves[cb.Speed]
}

// farthest is the nearest range zone a squadron (or a boat) in zone may
// reach this round (4.7): placement in the Long zone in round 1 is the
// first move, so Very Fast may go on through Medium to Close ("Very Fast
// speed is 3 moves per combat round"); with the option placement=medium,
// placement stops at the Medium zone (the book's "placement is into the
// Long or Medium Range Zones").
func (c *Campaign) farthest(zone RangeZone) RangeZone {
	if zone == zoneOut && c.read.placeMedium {
		return zoneMedium
	}
	return zoneClose
}

// noMove says why the squadron cannot move this round.
func noMove(cb *Combat) string {
	if cb.Speed == speedIdle {
		return "at Idle the squadron does not move this round (it waits alongside the disabled boat)"
	}
	return fmt.Sprintf("rule 4.7: at Slow the squadron spends 2 rounds in each range zone before it enters another (%d spent in the %s zone): `move stay`", cb.inZone, cb.Zone.String())
}

// moveOptions are the squadron's moves this round (4.7, 4.9), each refused
// with its rule when the rules forbid it, and a Boat #2-#4's abort (4.9).
func (c *Campaign) moveOptions(cb *Combat, mv *engine.Decision, round int) {
	const notYet = "rule 4.7: once an encounter is rolled the squadron is placed on the Combat Board, in the Long Range Zone (its first move) and on as its speed allows: `move closer`"
	n := c.squadronMoves(cb)
	far := c.farthest(cb.Zone)
	switch k := min(n, int(far-cb.Zone)); {
	case cb.Zone == zoneClose:
		mv.Refuse("closer", "move closer", "the squadron is already in the Close Range Zone")
	case k >= 1:
		o := mv.Add("closer", "close the enemy", "move closer")
		o.Args = zonesArgs[k]
		why := "the Close Range Zone is the nearest: "
		if cb.Zone == zoneOut && n > k {
			why = "option placement=medium (4.7): in the first round the squadron is placed in the Long Range Zone (its first move) and may go on into the Medium zone, no further: "
		}
		refuseZones(mv, "closer", k, moves[cb.Speed], why)
	default:
		mv.Refuse("closer", "move closer", noMove(cb))
	}
	if cb.Zone > zoneOut {
		mv.Add("stay", "hold this range zone", "move stay")
	} else {
		mv.Refuse("stay", "move stay", notYet)
	}
	switch k := min(n, int(cb.Zone-zoneLong)); {
	case cb.Zone == zoneOut:
		mv.Refuse("away", "move away", notYet)
	case cb.Zone == zoneLong:
		mv.Refuse("away", "move away", "the squadron is already in the Long Range Zone: `move out` leaves the combat")
	case k >= 1:
		o := mv.Add("away", "open the range toward Long", "move away")
		o.Args = zonesArgs[k]
		refuseZones(mv, "away", k, moves[cb.Speed], "the Long Range Zone is the farthest (`move out` leaves the combat): ")
	default:
		mv.Refuse("away", "move away", noMove(cb))
	}
	// 4.9: the squadron leaves from the Long zone, as its speed allows
	// (leaving counts as a move: Medium after a round there, Slow after
	// 2, Fast on from the Medium zone in one round, 4.7), if it evades.
	s1 := c.flagBoat()
	switch {
	case cb.Zone == zoneOut:
		mv.Refuse("out", "move out", "rule 4.7, 4.9: the squadron cannot decline the encounter: this round it is placed on the Combat Board (`move closer`); it may leave from the next round, from the Long Range Zone, if it evades")
	case s1.inFormation() && s1.Disabled:
		mv.Refuse("out", "move out", "rule 4.9: a disabled boat cannot leave the Combat Board, and Boat #1 is disabled with the Kommandant aboard: take off her crew first (`speed idle` alongside her, errata G-12 step 4)")
	case n > int(cb.Zone-zoneLong) && c.notReadyToLeave(cb) == nil:
		mv.Add("out", "leave the combat: evade (C-6); the mission is aborted and fails (4.9)", "move out")
	case n > int(cb.Zone-zoneLong):
		s := c.notReadyToLeave(cb)
		mv.Refuse("out", "move out", "rule 4.8: when Boat #1 leaves the combat all the boats leave together, and ", s.Boat.ID,
			", apart from the formation, must first spend ", strconv.Itoa(leaveRounds(boatTop(s))), " round(s) in the Long Range Zone (at her ",
			boatTop(s).String(), "; she is in the ", s.zone.String(), " zone): `move stay` or `move away` meanwhile")
	case n == 0:
		mv.Refuse("out", "move out", noMove(cb))
	default:
		mv.Refuse("out", "move out", "rule 4.9: to leave the combat the squadron must first reach the Long Range Zone (at ", cb.Speed.String(), " it enters ", strconv.Itoa(n), " a round): `move away`")
	}
	for _, s := range c.formation() {
		switch {
		case s.No == 1:
			name, cmd := c.abortWords(s)
			mv.Refuse(name, cmd, "rule 4.8, 4.9: Boat #1 never aborts alone while other boats are in formation: the whole squadron leaves with `move out`")
		case c.inCommand(s):
			name, cmd := c.abortWords(s)
			mv.Refuse(name, cmd, "rule 4.8, 4.9, 7.0: Boat #2 commands the squadron since Boat #1 is gone, and the boat in command never aborts alone: the whole squadron leaves with `move out`")
		case s.Disabled || s.Apart > 0:
		case cb.Zone == zoneOut:
			name, cmd := c.abortWords(s)
			mv.Refuse(name, cmd, "rule 4.9: a boat aborts from the Combat Board once the squadron is placed: from the next round")
		case c.isBoat2(s) && !c.linked() && !c.boat1Away():
			name, cmd := c.abortWords(s)
			mv.Refuse(name, cmd, "rule 7.0: no radio link between Boats #1 and #2: Boat #2's course is her Kommandant's (", c.Two.Side, " is asked each round)")
		default:
			name, cmd := c.abortWords(s)
			o := mv.Add(name, "", cmd)
			o.Facts = append(o.Facts, str("boat", s.Boat.ID), num("points", s.Points))
		}
	}
}

// zonesCommands are the commands `move closer N` and `move away N`, made
// once.
var zonesCommands = func() (c [2][len(moves)]string) {
	for n := range len(moves) {
		c[0][n] = "move closer " + strconv.Itoa(n)
		c[1][n] = "move away " + strconv.Itoa(n)
	}
	return c
}()

// refuseZones refuses, with why, a move of more range zones than the k
// the squadron may enter this way this round (up to what its speed would
// allow, top), saying how many it may.
func refuseZones(mv *engine.Decision, name string, k, top int, why string) {
	cmds := &zonesCommands[0]
	if name == "away" {
		cmds = &zonesCommands[1]
	}
	for j := k + 1; j <= top; j++ {
		if k == 1 {
			mv.Refuse(name, cmds[j], why, strconv.Itoa(k), " zone this round (`move ", name, "`)")
		} else {
			mv.Refuse(name, cmds[j], why, strconv.Itoa(k), " zones this round (`", cmds[k], "`)")
		}
	}
}

// abortWordsByHull are the name and command of the option "this boat
// aborts alone" for each hull (SB1…), made once.
var abortWordsByHull = func() (w [8][2]string) {
	for i := range w {
		w[i] = [2]string{"abort:" + hullID(i), "abort " + hullID(i)}
	}
	return w
}()

// abortWords are the name and command of the option "s aborts alone" (4.9).
func (c *Campaign) abortWords(s *Sortie) (name, command string) {
	for i, b := range c.Boats {
		if b == s.Boat && i < len(abortWordsByHull) && b.ID == abortWordsByHull[i][0][len("abort:"):] {
			return abortWordsByHull[i][0], abortWordsByHull[i][1]
		}
	}
	return "abort:" + s.Boat.ID, "abort " + s.Boat.ID
}

// wordBoatAborts words the options of a boat that aborts alone.
func wordBoatAborts(d *engine.Decision) {
	for i := range d.Options {
		if id, ok := strings.CutPrefix(d.Options[i].Name, "abort:"); ok {
			d.Options[i].Text = id + " aborts alone: she leaves the squadron for the rest of the mission and heads for Cherbourg (4.9)"
			d.Options[i].Brief = "one boat aborts alone (4.9)"
		}
	}
}

// moveSquadron moves the boats with the squadron k zones (4.7), or out of
// the combat through the Long zone (4.9).
func (c *Campaign) moveSquadron(cb *Combat, move string, k int) {
	from := cb.Zone
	switch move {
	case "closer":
		cb.Zone = min(zoneClose, cb.Zone+RangeZone(k))
	case "away":
		cb.Zone = max(zoneLong, cb.Zone-RangeZone(k))
	case "out":
		cb.Zone = zoneLong // on the way out
	}
	if cb.Zone != from {
		cb.inZone = 0
		for _, s := range c.formation() {
			if !s.pinned && s.Apart == 0 {
				c.emit(evRange, str("boat", s.Boat.ID), str("from", from.String()), str("to", cb.Zone.String()))
			}
		}
	}
	if move == "out" && c.leave(cb) {
		c.leaveCombat(cb)
		return
	}
	cb.inZone++
}

// breakAway is 4.8 and 4.9 for Boats #2-#4: a heavily damaged boat (3 or
// more points) may break formation for the Long zone, where it stays with
// the squadron; after a round there it may abort the mission on its own,
// and finds its way home alone. A boat apart moves at her own speed
// (boatMove). Boat #1 never does either: its orders move the formation.
func (c *Campaign) breakAway(cb *Combat) {
	for _, s := range c.formation() {
		if s.No == 1 || s.Disabled {
			continue
		}
		switch {
		case s.own:
			// 7.0: Boat #2 on her own course, until she rejoins.
			if !c.rejoins(cb, s) {
				c.ownMove(cb, s)
			}
			continue
		case s.Apart == 0 && c.ownCourse(cb, s):
			// 7.0: Boat #2 without orders from Boat #1 takes her own course.
			s.zone, s.inZone = cb.Zone, cb.inZone
			c.ownMove(cb, s)
			continue
		case s.Apart == 0 && s.Points >= 3:
			d := c.ask(askBreakFormation)
			boatOption(d, s, "stay", "stay in formation")
			boatOption(d, s, "break", "break away to the Long zone and stay there")
			if s.Points >= 4 {
				d.Default = 1
			}
			if c.x.Decide(d, func(d *engine.Decision) {
				d.Prompt = fmt.Sprintf("Boat #%d (%s) is heavily damaged (%d points). Break formation for the Long Range Zone (4.8)?", s.No, s.Boat.ID, s.Points)
			}) == 0 {
				continue
			}
			s.zone, s.inZone = cb.Zone, cb.inZone
		case s.Apart == 0:
			continue
		case !s.aborting && s.zone == zoneLong && s.inZone >= 1:
			d := c.ask(askBoatAbort)
			c.boat2Decides(d, s)
			boatOption(d, s, "stay", "she stays with the squadron")
			boatOption(d, s, "abort", "she aborts and heads home alone")
			if c.x.Decide(d, func(d *engine.Decision) {
				d.Prompt = fmt.Sprintf("Boat #%d (%s) waits in the Long zone. Abort her mission: she leaves the squadron for good and makes for Cherbourg alone (4.9)?", s.No, s.Boat.ID)
			}) == 1 {
				s.aborting = true
			}
		}
		c.boatMove(cb, s, boatTop(s)) // apart, she goes at her own speed
	}
}

// boatTop is the fastest a Boat #2-#4 apart from the formation may go
// (2.0 f): Slow with 4 damage points, Medium with 3.
func boatTop(s *Sortie) Speed {
	switch {
	case s.Points >= 4, s.EnginesOut >= 2: // engines: a two-player Boat #2's (7.0)
		return speedSlow
	case s.Points >= 3:
		return speedMedium
	case s.EnginesOut == 1:
		return speedFast
	}
	return speedVeryFast
}

// boatMove is 4.8 and 4.9 for a boat apart from the formation: she heads
// for the Long Range Zone at speed sp (Slow spends 2 rounds in each zone),
// and a boat that aborts leaves from there once she has spent a round
// there (Slow: 2; 4.9: "one or more combat rounds (depending on speed) in
// the longest Range Zone"), if she evades (C-6 at sp).
func (c *Campaign) boatMove(cb *Combat, s *Sortie, sp Speed) {
	s.Apart++
	from := s.zone
	if from == zoneOut {
		s.zone = zoneLong // placed with the squadron, in the Long zone
	} else {
		n := moves[sp]
		if sp == speedSlow && s.inZone < 2 {
			n = 0
		}
		if s.aborting && leavesNow(s, from, n, sp) {
			if c.boatEvades(s, sp) {
				c.goAlone(s, "left the combat and the squadron for Cherbourg")
				return
			}
		} else {
			s.zone -= RangeZone(min(n, int(s.zone-zoneLong)))
		}
	}
	if s.zone != from {
		s.inZone = 0
		c.emit(evRange, str("boat", s.Boat.ID), str("from", from.String()), str("to", s.zone.String()))
	}
	s.inZone++
}

// leavesNow is 4.7 and 4.9: a boat aborting alone leaves the combat from
// the Long zone as one more move at her speed (4.7's example: at Fast from
// the Medium zone she enters Long and exits in the same round; at Medium
// she leaves the round after she reached Long); a heavily damaged one (4.8:
// 3 points or more) first spends a round in Long, 2 at Slow. Leaving takes
// a successful evasion (boatEvades).
func leavesNow(s *Sortie, from RangeZone, n int, sp Speed) bool {
	if n <= int(from-zoneLong) {
		return false // her moves this round do not reach beyond Long
	}
	if s.Points >= 3 {
		return from == zoneLong && s.inZone >= leaveRounds(sp)
	}
	return true
}

// leaveRounds is 4.8 and 4.9: the rounds a boat apart spends in the Long
// Range Zone before she may leave the combat: 1, or 2 at Slow.
func leaveRounds(sp Speed) int {
	if sp == speedSlow {
		return 2
	}
	return 1
}

// notReadyToLeave is a boat apart from the formation (not disabled) that
// could not leave the combat with the squadron this round (4.8: all leave
// together, and a boat apart first spends a round in the Long zone, 2 at
// Slow), or nil. The boats apart have moved this round already (breakAway,
// boatAborts): her inZone counts this round.
func (c *Campaign) notReadyToLeave(cb *Combat) *Sortie {
	for _, s := range c.formation() {
		if s.Apart == 0 || s.Disabled || s.own { // 7.0 step 2: Boat #2 on her own course is left to p2 (leaveCombat)
			continue
		}
		if s.zone != zoneLong || s.inZone-1 < leaveRounds(boatTop(s)) {
			return s
		}
	}
	return nil
}

// boatEvades is a boat's C-6 roll to leave the combat alone (4.9).
func (c *Campaign) boatEvades(s *Sortie, sp Speed) bool {
	if c.roll(c.ids.Evade, facts{speed: atSpeed(sp)}, s.Boat.ID).Sets("evaded") {
		return true
	}
	c.emit(evAbort, str("boat", s.Boat.ID), str("result", "could not get clear: she stays in the Long zone"))
	return false
}

// boatAborts is 4.9: a Boat #2-#4 aborts alone during the combat: she
// breaks formation for the Long zone and leaves from there when she evades.
func (c *Campaign) boatAborts(cb *Combat, id string) {
	for _, s := range c.formation() {
		if s.Boat.ID == id {
			s.Apart, s.aborting, s.zone, s.inZone = 0, true, cb.Zone, cb.inZone
			if cb.Zone == zoneLong {
				c.emit(evAbort, str("boat", id), str("result", "breaks formation to abort: she leaves from the Long zone as her speed allows, if she evades"))
			} else {
				c.emit(evAbort, str("boat", id), str("result", "breaks formation to abort: she makes for the Long zone"))
			}
			// 4.7: the speed was set at the start of the round; this round
			// she goes at the squadron's (as her damage allows).
			c.boatMove(cb, s, min(cb.Speed, boatTop(s)))
			return
		}
	}
}

// goAlone: a Boat #2-#4 leaves the squadron for the rest of the mission and
// makes her own way home (4.9; her fate is the lone-boat roll, A-10).
func (c *Campaign) goAlone(s *Sortie, result string) {
	s.Apart, s.aborting, s.Formation, s.Gone = 0, false, false, goneSeparated
	s.parted = c.zone().ID
	c.emit(evAbort, str("boat", s.Boat.ID), str("result", result))
}

// boatOption adds an option about boat s, with what a script needs to
// choose.
func boatOption(d *engine.Decision, s *Sortie, name, text string) {
	o := d.Add(name, text, "")
	o.Facts = append(o.Facts, str("boat", s.Boat.ID), num("points", s.Points))
}

// zoneOf is a boat's range zone: her own when she is apart from the
// formation or disabled where she lay (4.8, 4.9), else the squadron's.
func (cb *Combat) zoneOf(s *Sortie) RangeZone {
	if s.Apart > 0 || s.pinned {
		return s.zone
	}
	return cb.Zone
}

// pinDisabled is 4.8 and 4.9: a disabled boat cannot move; she keeps the
// range zone where she was disabled (a boat disabled before the combat is
// placed with the squadron).
func (c *Campaign) pinDisabled(cb *Combat) {
	if cb.Zone == zoneOut {
		return
	}
	for _, s := range c.formation() {
		if s.Disabled && !s.pinned {
			if s.Apart == 0 {
				s.zone = cb.Zone
			}
			s.pinned = true
		}
	}
}

// alongside is a disabled boat in the squadron's range zone whose crew a
// boat of the squadron may take off by waiting at Idle for the round
// (errata G-12 steps 4-5), or nil.
func (c *Campaign) alongside(cb *Combat) *Sortie {
	var wreck *Sortie
	helper := false
	for _, s := range c.formation() {
		switch {
		case s.pinned && s.zone == cb.Zone:
			if wreck == nil {
				wreck = s
			}
		case !s.Disabled && s.Apart == 0:
			helper = true
		}
	}
	if !helper || cb.Zone == zoneOut {
		return nil
	}
	return wreck
}

// transfers is errata G-12 steps 4-5: after a round at Idle in a disabled
// boat's range zone the squadron has taken off her crew (automatically in
// Sea State 1-3; in 4-5 at a risk, G-10-A) and she is abandoned.
func (c *Campaign) transfers(cb *Combat) {
	if cb.Speed != speedIdle || c.alongside(cb) == nil {
		return
	}
	for _, s := range c.formation() {
		if s.pinned && s.zone == cb.Zone {
			c.lose(s, goneAbandoned, "disabled: her crew taken off alongside (errata G-12)", c.ids.Transfer)
		}
	}
}

// leave is 4.9: the squadron must evade (C-6) to leave from the Long zone
// (undetected, the roll is easier); failing, it stays there this round.
func (c *Campaign) leave(cb *Combat) bool {
	if c.roll(c.ids.Evade, facts{speed: atSpeed(cb.Speed)}, "squadron").Sets("evaded") {
		return true
	}
	c.emit(evAbort, str("boat", "squadron"), str("result", "does not get away: it stays in the Long zone"))
	return false
}

// leaveCombat is 4.8 and 4.9: the squadron has left the combat, and the
// mission is aborted. A disabled boat cannot leave: left behind, she is
// lost with her crew. A boat apart that is not with the squadron in the
// Long zone, or that was aborting alone, makes her own way home.
func (c *Campaign) leaveCombat(cb *Combat) {
	cb.Left = true
	c.emit(evAbort, str("boat", "squadron"), str("result", "left the combat"))
	var stays *Sortie
	for _, s := range c.formation() {
		switch {
		case s.Disabled:
			c.leftBehind(s)
		case s.own && s.Apart > 0:
			// 7.0 step 2: Boat #2 on her own course gets no order to leave;
			// she goes with the squadron only from the Long zone, else she
			// stays on the Combat Board (fightOn).
			if s.zone != zoneLong {
				stays = s
			}
		case s.Apart > 0:
			// 4.8: Boat #1 leaves, and all the boats with her (a boat apart
			// was ready, notReadyToLeave): she stays with the squadron.
			s.aborting = false
			c.emit(evAbort, str("boat", s.Boat.ID), str("result", "leaves the combat with the squadron (4.8)"))
		}
	}
	c.abortMission("left the combat")
	if stays != nil {
		c.fightOn(cb, stays)
	}
}

// fightOn is 7.0 step 2 with 4.9, our reading: Boat #2 on her own course,
// whom no order to leave reached, stays on the Combat Board when the
// squadron leaves it from elsewhere than the Long zone. The combat goes on
// for her alone, her player deciding (she is all that is left of the
// squadron there, step 2): her speed and range from where she is, her
// attacks; she leaves only as 4.9 lets a boat leave (from the Long zone,
// evading). When the combat ends, afloat, she has left the squadron and
// comes home alone, zone by zone (soloHome); the squadron's boats are the
// squadron again.
func (c *Campaign) fightOn(cb *Combat, s *Sortie) {
	for i, o := range c.Mission.Sorties {
		if o != s && o.inFormation() {
			o.Gone, cb.aside[i] = goneLeft, o
		}
	}
	s.own, s.Apart = false, 0
	cb.Zone, cb.inZone, cb.Speed, cb.Left, cb.lone = s.zone, s.inZone, s.ownSpeed, false, s
	c.emit(evAbort, sided(c.Two.Side, str("boat", s.Boat.ID), str("result", "no order to leave reached her: she stays on the Combat Board and fights on alone (7.0 step 2)"))...)
}

// leftBehind is 4.9: a disabled boat the squadron leaves on the Combat
// Board is lost, and her crew with her (only a crew taken off alongside is
// saved, errata G-12 steps 4-5).
func (c *Campaign) leftBehind(s *Sortie) {
	m := c.Mission
	if s.TowedBy != nil {
		s.TowedBy.Towing, s.TowedBy = nil, nil
	}
	s.Gone, s.Formation = goneAbandoned, false
	m.LostHulls = append(m.LostHulls, s.Boat.ID)
	if s.No == 1 {
		m.Boat1Lost = true
	}
	c.Stats.BoatsLost++
	c.emit(evBoatLost, str("boat", s.Boat.ID), num("no", s.No), str("how", string(goneAbandoned)), str("why", "disabled, left behind on the Combat Board (4.9)"))
	if s.No > 1 {
		c.Stats.CrewsLost++
		c.emit(evCrewLost, str("boat", s.Boat.ID))
		return
	}
	for _, cm := range c.Crew {
		if !cm.KIA && !cm.Out {
			c.kill(cm)
			c.emit(evWound, str("crewman", cm.Name), str("position", cm.Position.String()), str("level", "kia"))
		}
	}
}

// afterCombat: the boats apart rejoin the squadron (4.8), but a boat that
// was aborting leaves it for the rest of the mission (4.9); the Combat
// Board's places are cleared.
func (c *Campaign) afterCombat() {
	for _, s := range c.Mission.Sorties {
		if s.aborting && s.inFormation() {
			c.goAlone(s, "left the squadron for Cherbourg")
		}
		s.Apart, s.aborting, s.pinned, s.zone, s.inZone = 0, false, false, zoneOut, 0
		s.own = false
	}
}

// loaded: a working boat in formation still has a torpedo or rocket aboard.
func (c *Campaign) loaded() bool {
	for _, s := range c.formation() {
		if !s.Disabled && (s.Torpedoes > 0 || s.Rockets > 0) {
			return true
		}
	}
	return false
}

func moveText(sp Speed) string {
	switch sp {
	case speedIdle:
		return "no move: wait alongside a disabled boat to take off her crew (errata G-12)"
	case speedSlow:
		return "1 zone per 2 rounds"
	case speedMedium:
		return "1 zone per round"
	}
	return fmt.Sprintf("1 to %d zones per round", moves[sp])
}

// refMove is the reference Kommandant's movement: close to Close range
// while armed and a ship worth a torpedo is present; with the tubes spent
// or only MTBs and MGBs about, first attack the wave if the squadron has
// not (a wave let pass unattacked is a combat left, letPass: from the
// nearest zone the weather lets it fire from), then open the range to
// Long and wait there while the enemy cannot fire at it (unseen, or the
// weather keeps guns from the Long zone, 4.6) until the wave passes, else
// leave as soon as the rules allow; badly hurt, leave at once. Leaving
// aborts the mission (4.9).
func (c *Campaign) refMove(cb *Combat, d *engine.Decision) int {
	switch {
	case c.damaged():
		return optionIndex(d, "out", "away", "stay")
	case !c.armed() || !cb.worthIt():
		// The torpedoes launched, or only MTBs and MGBs about: a gun duel
		// with Coastal Forces is not worth a boat. But a wave let pass
		// unattacked is a combat left (letPass): first fire at it, from
		// the nearest range zone the weather allows (4.6).
		if !cb.attacked {
			if fireAllowed(c.Mission.Weather, cb.Zone) {
				return optionIndex(d, "stay", "closer")
			}
			return optionIndex(d, "closer", "stay")
		}
		if cb.Detected && fireAllowed(c.Mission.Weather, zoneLong) {
			return optionIndex(d, "out", "away", "stay")
		}
		return optionIndex(d, "away", "stay")
	case cb.Zone == zoneClose:
		return optionIndex(d, "stay")
	}
	return optionIndex(d, "closer", "stay")
}

// optionIndex is the first of the named options d offers, else 0.
func optionIndex(d *engine.Decision, names ...string) int {
	for _, name := range names {
		for i, o := range d.Options {
			if o.Name == name {
				return i
			}
		}
	}
	return 0
}

// attackPlan is the squadron's attack this round: guns, torpedoes or
// rockets at a target, or hold fire (to stay undetected).
func (c *Campaign) attackPlan(cb *Combat, round int) {
	cb.own = cb.own[:0]
	d := c.ask(askAttack)
	d.Add("hold", "hold fire", "hold")
	torps, rockets := 0, 0         // that can be launched this wave
	torpsLeft, rocketsLeft := 0, 0 // aboard
	for _, s := range c.formation() {
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
			why := weatherRule(c.Mission.Weather)
			refuse(d, &w.guns, why)
			refuse(d, &w.torpedo, why)
			refuse(d, &w.rocket, why)
			refuse(d, &w.both, why)
			refuse(d, &w.dc, why)
			continue
		}
		c.addOrder(d, &w.guns, u)
		switch {
		case c.Type == P5b:
			refuse(d, &w.torpedo, "Projekt 5b boats carry rockets, not torpedoes: `", w.rocket.Command, "`")
		case u.Size == sizeSmall:
			refuse(d, &w.torpedo, "rule 4.6: torpedoes cannot be fired at an MTB or MGB (their draft is too shallow)")
		case torps == 0:
			refuse(d, &w.torpedo, "no boat can launch a torpedo this wave: each launches at most ", strconv.Itoa(tubes), " (its tubes) and the squadron has ", strconv.Itoa(torpsLeft), " torpedoes left")
		default:
			c.addOrder(d, &w.torpedo, u)
		}
		switch {
		case c.Type == S100:
			refuse(d, &w.rocket, "S-100 boats carry torpedoes, not rockets: `", w.torpedo.Command, "`")
		case rockets == 0:
			refuse(d, &w.rocket, "no boat can launch a rocket this wave: each launches at most ", strconv.Itoa(tubes), " (its tubes) and the squadron has ", strconv.Itoa(rocketsLeft), " rockets left")
		default:
			c.addOrder(d, &w.rocket, u)
		}
		// 4.6: in one round a boat may launch and fire its guns.
		launch := &w.torpedo
		if c.Type == P5b {
			launch = &w.rocket
		}
		if slicesHas(d.Options, launch.Name) {
			c.addOrder(d, &w.both, u)
		} else {
			refuse(d, &w.both, "no boat can launch at ", u.ID, " now: `", w.guns.Command, "` fires the guns alone")
		}
		if s1 := c.flagBoat(); s1 != nil {
			if why := c.dcRefusal(cb, s1, u); s1.inFormation() && !why.refused() {
				c.addOrder(d, &w.dc, u)
			} else {
				refuseBecause(d, &w.dc, &why)
			}
		}
	}
	d.Default = c.refAttack(cb, d)
	cb.plan = d.Options[c.x.Decide(d, func(d *engine.Decision) {
		d.Prompt = fmt.Sprintf("Round %d in the %s zone: the squadron's attack?", round, cb.Zone.String())
	})].Name
}

// slicesHas reports whether an option is called name.
func slicesHas(opts []engine.Option, name string) bool {
	for i := range opts {
		if opts[i].Name == name {
			return true
		}
	}
	return false
}

// refuse refuses an attack order, and says why.
func refuse(d *engine.Decision, o *engine.Option, why ...string) {
	d.Refuse(o.Name, o.Command, why...)
}

// addOrder adds an attack option at u, with what a script needs to choose.
func (c *Campaign) addOrder(d *engine.Decision, o *engine.Option, u *Unit) {
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

// orders returns the unit's attack options.
func (u *Unit) orders() *unitWords {
	if u.words == nil || u.words.id != u.ID {
		u.words = newUnitWords(u.ID)
	}
	return u.words
}

// attackValue is what the reference Kommandant thinks a ship is worth, by
// enemy type.
var attackValue = [enemyKinds]int{0: 4, 1: 6, 2: 3, 3: 5, 4: 1, 5: 1, 6: 2} // merchant, tanker, destroyer, light_cruiser, mtb, mgb, submarine

// refAttack: torpedoes (or rockets) at the most valuable ship, else guns at
// the most damaged one; hold fire while nothing can be hit.
func (c *Campaign) refAttack(cb *Combat, d *engine.Decision) int {
	best, bestScore := 0, -1
	for i, o := range d.Options {
		kind, id, ok := strings.Cut(o.Name, ":")
		if !ok {
			continue
		}
		score := 0
		if kind != "guns" {
			score += 100
		}
		for _, u := range cb.Enemy {
			if u.ID == id {
				score += attackValue[u.Type]*10 + u.Damage
			}
		}
		if score > bestScore {
			best, bestScore = i, score
		}
	}
	return best
}

// detection is C-5, once a round while the No Detection counter is on.
func (c *Campaign) detection(cb *Combat) {
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
func (c *Campaign) starShell(cb *Combat) {
	for _, u := range cb.Enemy {
		if u.present() && (u.Type == enemyDestroyer || u.Type == enemyLightCruiser) {
			cb.flare = true
			c.emit(evFlare, str("by", u.ID))
			return
		}
	}
}

func (c *Campaign) detected(cb *Combat, by string) {
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
func (c *Campaign) attacks(cb *Combat) {
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
	cup := c.x.NewCup(cupOrder, cupOrderTitle, chits...)
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
func (c *Campaign) sortieByID(id string) *Sortie {
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
func (c *Campaign) boatAttacks(cb *Combat, s *Sortie) {
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
		c.emit(evAttack, str("attacker", s.Boat.ID), str("target", u.ID), str("weapon", "gun"), str("range", cb.zoneOf(s).String()),
			str("weather", c.Mission.Weather.String()), str("result", hitText(hits)))
		c.damageUnit(cb, s, u, hits, false)
	}
}

// shots appends to out the gun attacks a boat makes this round, each with
// the crew skill it fires with: Boat #1 one per working cannon (twice for
// a Veteran gun crew, 4.6); Boats #2-#4 two cannons, twice for Elite.
// 4.12: Boat #1's gun crews man any working cannon without penalty (a
// crew whose cannon is out moves to one whose crew is down); only then do
// the depth charge and watch crews stand in, as Green.
func (c *Campaign) shots(s *Sortie, out []Skill) []Skill {
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
			st := c.standInOf(s, &used)
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

// helmStandIn is 1 when another man steers Boat #1 (4.12): the Kommandant
// is down and whoever steers from the KMDT position, the 1WO included,
// suffers the negative modifiers; or the helmsman is down.
func (c *Campaign) helmStandIn() int { return c.helmStandInOf(c.sortie1()) }

// helmStandInOf is helmStandIn for the boat s (Boat #2 in the two-player
// game steers with her own crew, 7.0 step 3).
func (c *Campaign) helmStandInOf(s *Sortie) int {
	k, h := c.crewmanOf(s, posKMDT), c.crewmanOf(s, posHelm)
	return b2i(k == nil || !k.Serving() || h == nil || !h.Serving())
}

// standIn is a serving depth charge or watch crew not yet at a gun (4.12).
func (c *Campaign) standIn(used *crewSet) *Crewman { return c.standInOf(c.sortie1(), used) }

// standInOf is standIn aboard s.
func (c *Campaign) standInOf(s *Sortie, used *crewSet) *Crewman {
	for _, pos := range [...]Position{posDC, posWatch} {
		if m := c.crewmanOf(s, pos); m != nil && m.Serving() && !used.has(m) {
			return m
		}
	}
	return nil
}

// crewSet is the men already at a gun this round (at most one per cannon).
type crewSet struct {
	n   int
	men [len(cannonCrews)]*Crewman
}

func (s *crewSet) add(m *Crewman) {
	if s.n < len(s.men) {
		s.men[s.n] = m
		s.n++
	}
}

func (s *crewSet) has(m *Crewman) bool {
	for _, x := range s.men[:s.n] {
		if x == m {
			return true
		}
	}
	return false
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
func (c *Campaign) launch(cb *Combat, s *Sortie, u *Unit, weapon Weapon) {
	f := facts{rng: cb.zoneOf(s), size: ofSize(u.Size), speed: atSpeed(cb.speedOf(s)), target: u.Type, weapon: weapon, sortie: s, disabled: b2i(u.Disabled)}
	if c.manned(s) {
		// 4.12: stand_in is 1 for a stand-in at the helm, +2 for one at the
		// tubes (the torpedo or rocket crew down: launchRefusal).
		t := c.tubeCrewOf(s)
		if t != nil && t.Position == tubeCrews[c.Type][0] {
			f.crew = t
		}
		f.standIn = c.helmStandInOf(s)
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
		c.emit(evAttack, str("attacker", s.Boat.ID), str("target", u.ID), str("weapon", weapon.String()), str("range", cb.zoneOf(s).String()),
			str("weather", c.Mission.Weather.String()), str("result", "miss"))
		return
	}
	d := c.roll(c.ids.TorpedoDamage, facts{weapon: weapon, target: u.Type}, u.ID)
	pts, _ := d.Value("points")
	c.emit(evAttack, str("attacker", s.Boat.ID), str("target", u.ID), str("weapon", weapon.String()), str("range", cb.zoneOf(s).String()),
		str("weather", c.Mission.Weather.String()), str("result", damageText(pts)))
	c.damageUnit(cb, s, u, pts, d.Sets("sunk"))
}

// damageUnit adds damage to an enemy unit; it sinks at its hull points. A
// tanker with 2 or more points burns and sinks at the end of the round.
func (c *Campaign) damageUnit(cb *Combat, s *Sortie, u *Unit, pts int, sunk bool) {
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

func (c *Campaign) sinkUnit(u *Unit, by *Sortie) {
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
func (c *Campaign) burn(cb *Combat) {
	for _, u := range cb.Enemy {
		if u.present() && u.Burns {
			c.sinkUnit(u, u.credit)
		}
	}
}

// enemyActs: merchant ships and submarines may evade (C-6) once the
// squadron is detected; every armed unit fires (D-4) at a boat in reach.
func (c *Campaign) enemyActs(cb *Combat, u *Unit) {
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
			c.emit(evEvaded, str("unit", u.ID), str("why", "turned away into the dark"))
			return
		}
	}
	// The enemy's guns reach as far as the squadron's in this weather
	// (4.6): each gun picks among the boats it can reach, and with none in
	// reach nothing is rolled.
	inReach := func(s *Sortie) bool { return fireAllowed(c.Mission.Weather, cb.zoneOf(s)) }
	for range u.Guns {
		s := c.pickWhere(inReach, u.ID, " fires")
		if s == nil {
			return
		}
		zone := cb.zoneOf(s)
		f := facts{rng: zone, enemy: u.Type, speed: atSpeed(cb.speedOf(s)), flare: b2i(cb.flare), skill: u.Skill, skilled: true}
		if s.Disabled {
			f.speed = atSpeed(speedIdle)
		}
		if c.manned(s) {
			f.standIn = c.helmStandInOf(s)
		}
		o := c.roll(c.ids.EnemyFire, f, u.ID, " at ", s.Boat.ID)
		hits, _ := o.Value("hits")
		c.emit(evAttack, str("attacker", u.ID), str("target", s.Boat.ID), str("weapon", "gun"), str("range", zone.String()),
			str("weather", c.Mission.Weather.String()), str("result", hitText(hits)))
		for range hits {
			if s.Gone != "" {
				break
			}
			c.hit(s, attackFlare)
		}
	}
}
