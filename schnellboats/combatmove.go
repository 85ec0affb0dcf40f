package schnellboats

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/schnell-wargames/schnell/engine"
	"github.com/schnell-wargames/schnell/gamelog"
)

// speedLimit is 2.0 f and 4.4: the fastest the squadron may go (the
// slowest boat in formation sets it), and why.
func (c combatBoard) speedLimit() (Speed, string) {
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
func (c combatBoard) limitSpeed() (limit Speed, by *Sortie, why limitReason) {
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
func (c combatBoard) combatOrders(cb *Combat, round int) {
	c.pinDisabled(cb)
	c.breakAway(cb)
	limit, _, _ := c.limitSpeed()
	d := c.ask(askSpeed)
	// The reference Kommandant's speed: Fast when he may, else the
	// fastest allowed; Idle alongside a disabled boat, to take her crew off
	// first.
	def := min(limit, speedFast)
	along := c.alongside(cb) != nil
	if along {
		def = speedIdle
	}
	chosen := c.x.Pick(d, speedOptions[def].Name, func(d *engine.Decision) {
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
		if along {
			// A new choice: the speed is not answered as unchanged for the player.
			o := &speedOptions[speedIdle]
			d.Add(o.Name, o.Text, o.Command)
		} else {
			d.Refuse(speedOptions[speedIdle].Name, speedOptions[speedIdle].Command, idleRule)
			if round > 1 && cb.Speed >= speedSlow && cb.Speed <= limit && limit == cb.limit {
				// The speed of the last round, unchanged, among the same
				// speeds: a speed newly allowed (or lost) is news to the player.
				d.SetSame(int(cb.Speed - speedSlow))
			}
		}
	}, func(d *engine.Decision) {
		d.Prompt = fmt.Sprintf("Round %d: the squadron's speed?", round)
	})
	cb.limit = limit
	sp := speedIdle
	for i := range speedOptions {
		if speedOptions[i].Name == chosen {
			sp = Speed(i)
		}
	}
	if sp != cb.Speed {
		cb.Speed = sp
		for _, s := range c.formation() {
			if !s.pinned && s.Apart == 0 {
				c.record().speed(s, sp)
			}
		}
	}
	// Movement: closer, stay, away, or out of the combat; or a Boat #2-#4
	// aborts alone (then the order is asked again).
	for {
		mv := c.ask(askRange)
		m := c.moves(cb)
		chosen := c.x.Pick(mv, c.refMove(cb, &m), func(d *engine.Decision) {
			c.moveOptions(cb, d, &m)
		}, func(d *engine.Decision) {
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
		})
		if id, ok := strings.CutPrefix(chosen, "abort:"); ok {
			c.boatAborts(cb, id)
			continue
		}
		zones := 1 // the reference Kommandant's: as far as the move may go
		switch chosen {
		case "closer":
			zones = m.kCloser
		case "away":
			zones = m.kAway
		}
		if a := mv.Args(); a.Len() > 0 {
			zones = a.Int("zones") // the player's (or a script's) answer
		}
		c.moveSquadron(cb, chosen, zones)
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
func (c combatBoard) squadronMoves(cb *Combat) int {
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
func (c combatBoard) farthest(zone RangeZone) RangeZone {
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

// moveSet is what the squadron may do this round (4.7, 4.9): the range
// zones it may enter at its speed (n), how many toward Close (kCloser) and
// toward Long (kAway), and which moves the rules offer; first is the
// first option the decision offers (a boat's abort when no move is).
type moveSet struct {
	n, kCloser, kAway       int
	closer, stay, away, out bool
	first                   string
}

// moves is this round's moveSet: moveOptions offers these moves (and says
// why not the others); the reference Kommandant chooses among them.
func (c combatBoard) moves(cb *Combat) moveSet {
	m := moveSet{n: c.squadronMoves(cb)}
	m.kCloser = min(m.n, int(c.farthest(cb.Zone)-cb.Zone))
	m.closer = cb.Zone != zoneClose && m.kCloser >= 1
	m.stay = cb.Zone > zoneOut
	m.kAway = min(m.n, int(cb.Zone-zoneLong))
	m.away = cb.Zone != zoneOut && cb.Zone != zoneLong && m.kAway >= 1
	s1 := c.flagBoat()
	m.out = cb.Zone != zoneOut && !(s1.inFormation() && s1.Disabled) && m.n > int(cb.Zone-zoneLong) && c.notReadyToLeave(cb) == nil
	switch {
	case m.closer:
		m.first = "closer"
	case m.stay:
		m.first = "stay"
	case m.away:
		m.first = "away"
	case m.out:
		m.first = "out"
	default:
		for _, s := range c.formation() {
			if c.abortRefusal(cb, s) == "" && !s.Disabled && s.Apart == 0 {
				m.first, _ = c.abortWords(s)
				break
			}
		}
	}
	return m
}

// moveOptions are the squadron's moves this round (4.7, 4.9), those of m
// offered, each other refused with its rule, and a Boat #2-#4's abort
// (4.9).
func (c combatBoard) moveOptions(cb *Combat, mv *engine.Decision, m *moveSet) {
	const notYet = "rule 4.7: once an encounter is rolled the squadron is placed on the Combat Board, in the Long Range Zone (its first move) and on as its speed allows: `move closer`"
	n := m.n
	switch k := m.kCloser; {
	case cb.Zone == zoneClose:
		mv.Refuse("closer", "move closer", "the squadron is already in the Close Range Zone")
	case m.closer:
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
	if m.stay {
		mv.Add("stay", "hold this range zone", "move stay")
	} else {
		mv.Refuse("stay", "move stay", notYet)
	}
	switch k := m.kAway; {
	case cb.Zone == zoneOut:
		mv.Refuse("away", "move away", notYet)
	case cb.Zone == zoneLong:
		mv.Refuse("away", "move away", "the squadron is already in the Long Range Zone: `move out` leaves the combat")
	case m.away:
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
	case m.out:
		mv.Add("out", "leave the combat: evade (C-6); the mission is aborted and fails (4.9)", "move out")
	case cb.Zone == zoneOut:
		mv.Refuse("out", "move out", "rule 4.7, 4.9: the squadron cannot decline the encounter: this round it is placed on the Combat Board (`move closer`); it may leave from the next round, from the Long Range Zone, if it evades")
	case s1.inFormation() && s1.Disabled:
		mv.Refuse("out", "move out", "rule 4.9: a disabled boat cannot leave the Combat Board, and Boat #1 is disabled with the Kommandant aboard: take off her crew first (`speed idle` alongside her, errata G-12 step 4)")
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
		if why := c.abortRefusal(cb, s); why != "" {
			name, cmd := c.abortWords(s)
			mv.Refuse(name, cmd, why)
		} else if !s.Disabled && s.Apart == 0 {
			name, cmd := c.abortWords(s)
			o := mv.Add(name, "", cmd)
			o.Facts = append(o.Facts, str("boat", s.Boat.ID), num("points", s.Points))
		}
	}
}

// abortRefusal is why boat s may not abort alone this round (4.8, 4.9,
// 7.0); "" when she may, or when the question does not arise (disabled or
// apart: she is not offered it).
func (c combatBoard) abortRefusal(cb *Combat, s *Sortie) string {
	switch {
	case s.No == 1:
		return "rule 4.8, 4.9: Boat #1 never aborts alone while other boats are in formation: the whole squadron leaves with `move out`"
	case c.inCommand(s):
		return "rule 4.8, 4.9, 7.0: Boat #2 commands the squadron since Boat #1 is gone, and the boat in command never aborts alone: the whole squadron leaves with `move out`"
	case s.Disabled || s.Apart > 0:
		return ""
	case cb.Zone == zoneOut:
		return "rule 4.9: a boat aborts from the Combat Board once the squadron is placed: from the next round"
	case c.isBoat2(s) && !c.coop().linked() && !c.boat1Away():
		return "rule 7.0: no radio link between Boats #1 and #2: Boat #2's course is her Kommandant's (" + c.Two.Side + " is asked each round)"
	}
	return ""
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
func (c combatBoard) abortWords(s *Sortie) (name, command string) {
	id := s.Boat.ID
	if len(id) == len("SB1") && id[:2] == "SB" && id[2] >= '1' && int(id[2]-'1') < len(abortWordsByHull) { // hullID's
		w := &abortWordsByHull[id[2]-'1']
		return w[0], w[1]
	}
	return "abort:" + id, "abort " + id
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
func (c combatBoard) moveSquadron(cb *Combat, move string, k int) {
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
				c.record().moved(s, from, cb.Zone)
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
func (c combatBoard) breakAway(cb *Combat) {
	for _, s := range c.formation() {
		if s.No == 1 || s.Disabled {
			continue
		}
		switch {
		case s.own:
			// 7.0: Boat #2 on her own course, until she rejoins.
			if !c.coop().rejoins(cb, s) {
				c.coop().ownMove(cb, s)
			}
			continue
		case s.Apart == 0 && c.coop().ownCourse(cb, s):
			// 7.0: Boat #2 without orders from Boat #1 takes her own course.
			s.zone, s.inZone = cb.Zone, cb.inZone
			c.coop().ownMove(cb, s)
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
			c.coop().boat2Decides(d, s)
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

// refMove is the reference Kommandant's movement: close to Close range
// while armed and a ship worth a torpedo is present; with the tubes spent
// or only MTBs and MGBs about, first attack the wave if the squadron has
// not (a wave let pass unattacked is a combat left, letPass: from the
// nearest zone the weather lets it fire from), then open the range to
// Long and wait there while the enemy cannot fire at it (unseen, or the
// weather keeps guns from the Long zone, 4.6) until the wave passes, else
// leave as soon as the rules allow; badly hurt, leave at once. Leaving
// aborts the mission (4.9).
func (c combatBoard) refMove(cb *Combat, m *moveSet) string {
	switch {
	case c.damaged():
		return m.firstOf("out", "away", "stay")
	case !c.armed() || !cb.worthIt():
		// The torpedoes launched, or only MTBs and MGBs about: a gun duel
		// with Coastal Forces is not worth a boat. But a wave let pass
		// unattacked is a combat left (letPass): first fire at it, from
		// the nearest range zone the weather allows (4.6).
		if !cb.attacked {
			if fireAllowed(c.Mission.Weather, cb.Zone) {
				return m.firstOf("stay", "closer")
			}
			return m.firstOf("closer", "stay")
		}
		if cb.Detected && fireAllowed(c.Mission.Weather, zoneLong) {
			return m.firstOf("out", "away", "stay")
		}
		return m.firstOf("away", "stay")
	case cb.Zone == zoneClose:
		return m.firstOf("stay")
	}
	return m.firstOf("closer", "stay")
}

// firstOf is the first of the named moves m offers, else its first option.
func (m *moveSet) firstOf(names ...string) string {
	for _, name := range names {
		if name == "closer" && m.closer || name == "stay" && m.stay || name == "away" && m.away || name == "out" && m.out {
			return name
		}
	}
	return m.first
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
