package schnellboats

import (
	"fmt"

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

// combatBoard is the rules of the Combat Board (4.5-4.12, 7.0): the
// round, movement and leaving, the attacks both ways and the boats' own
// orders (combat.go, combatmove.go, combatleave.go, combatfire.go,
// boatorders.go; who mans the posts is posts.go's crewPosts). It is
// a view of the campaign's state, made by c.board() where a combat is
// fought.
type combatBoard struct{ *Campaign }

// board is the Combat Board's rules over this campaign.
func (c *Campaign) board() combatBoard { return combatBoard{c} }

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
func (c combatBoard) newUnit(t Enemy, n int) *Unit {
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
func (c combatBoard) fight(kind Encounter) {
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
			c.sea().abortMission("broke off before the second wave")
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
func (c combatBoard) searchWater(cb *Combat) {
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
					c.harm().kill(cm)
					c.emit(evWound, sided(c.whose(cm), str("crewman", cm.Name), str("position", cm.Position.String()), str("level", "kia"))...)
					c.emit(evRescue, str("who", cm.Name), str("result", rescueText(found)))
					continue
				}
				c.emit(evRescue, str("who", cm.Name), str("result", rescueText(found)))
				// Errata G-12 step 6: each rescued Boat #1 crewman rolls
				// for wounds (G-8).
				c.harm().wound(cm, Wound(c.eff(c.roll(c.ids.Wound, facts{crew: cm}, cm.Name, " pulled from the water"), "wound")))
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
func (c combatBoard) armed() bool {
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
func (c combatBoard) muster(cb *Combat, kind Encounter) bool {
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

func (c combatBoard) combatStart(cb *Combat) {
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
func (c combatBoard) waveRounds(cb *Combat) {
	for r := 1; r <= maxRounds && cb.enemyLeft() && !cb.Left && c.formed() > 0; r++ {
		cb.Round++
		c.record().round(r, cb.Wave)
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
				c.record().evaded(u, "passed out of reach")
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
func (c combatBoard) letPass(cb *Combat) {
	cb.Left = true
	c.emit(evAbort, str("boat", "squadron"), str("result", "let the wave pass without attacking it: that is leaving the combat (4.9)"))
	c.sea().abortMission("let a wave pass unattacked")
}
