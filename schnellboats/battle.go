package schnellboats

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/schnell-wargames/schnell/engine"
	"github.com/schnell-wargames/schnell/gamelog"
	"github.com/schnell-wargames/schnell/schnellboats/bridge"
)

// Battles (issue 30, docs/bridge.md): with the option battles=schnellrules
// a wave of a surface encounter is fought as a Schnell Rules battle, the
// other game's rules running inside the campaign (engine.Ctx.Play), set
// up and read back by package bridge.

// battleSetup is the campaign's battle options.
type battleSetup struct {
	data    *bridge.Data // nil: the Combat Board (battles=board)
	virtual bool         // battle_table=virtual: the program holds the table
	file    string       // battle_data=FILE
}

// The battle options (definition.go lists them; Quiet: logs without them
// unchanged).
var battleOptions = []engine.OptionDef{
	{Name: "battles", Default: "board", Values: []string{"board", "schnellrules"}, Quiet: true,
		Help: "board: encounters are fought on the Combat Board (4.6-4.9); schnellrules: a surface encounter Schnell Rules has classes for is fought as a Schnell Rules battle and its result comes back (docs/bridge.md)"},
	{Name: "battle_table", Default: "virtual", Values: []string{"virtual", "physical"}, Quiet: true,
		Help: "with battles=schnellrules: virtual, the program holds the table (steer, speed); physical, your own table with models (type the ranges)"},
	{Name: "battle_data", Default: "", Quiet: true,
		Help: "with battles=schnellrules: your own battle data file (a .rec file: every record of schnellboats/bridge/data/bridge.rec, edited)"},
}

// battleOption reads one of the battle options.
func (c *Campaign) battleOption(o gamelog.Option) error {
	b := &c.battles
	switch o.Name {
	case "battles":
		if o.Value == "schnellrules" && b.data == nil {
			d, err := bridge.Default()
			if err != nil {
				return err
			}
			b.data = d
		}
	case "battle_table":
		b.virtual = o.Value != "physical"
	case "battle_data":
		b.file = o.Value
	}
	return nil
}

// battleData loads battle_data=FILE once every option is read.
func (c *Campaign) battleData() error {
	b := &c.battles
	if b.file == "" {
		return nil
	}
	if b.data == nil {
		return fmt.Errorf("battle_data %s: give battles=schnellrules too (the data is for Schnell Rules battles)", b.file)
	}
	d, err := bridge.ReadFile(b.file)
	if err != nil {
		return err
	}
	b.data = d
	return nil
}

// fightWave fights a wave: as a Schnell Rules battle when the option asks
// for it and Schnell Rules has a class for every unit, else on the Combat
// Board (waveRounds).
func (c *Campaign) fightWave(cb *Combat) {
	if c.quickResolve(cb) { // learnt tables loaded for this wave (learnt.go)
		return
	}
	d := c.battles.data
	if d == nil {
		c.board().waveRounds(cb)
		return
	}
	e := c.encounterOf(cb)
	if err := d.Eligible(e); err != nil {
		c.emit(evBattle, str("fought", "board"), str("why", err.Error()))
		c.board().waveRounds(cb)
		return
	}
	p, err := d.Plan(e)
	if err != nil {
		c.x.Fail(fmt.Errorf("the battle's set-up: %w", err))
	}
	table := "physical"
	if e.Virtual {
		table = "virtual"
	}
	vis := make([]string, len(p.Visibility))
	for i, v := range p.Visibility {
		vis[i] = fmt.Sprint(v)
	}
	c.emit(evBattle, str("fought", "schnellrules"), str("table", table), str("zone", p.Zone), num("range", p.Range),
		str("visibility", strings.Join(vis, " ")), str("data", d.Digest))
	tl := bridge.NewTally()
	p.Inner.Observe = tl.Observe
	p.Inner.Seats = c.battleSeats()
	cb.Zone = zoneOfName(p.Zone)
	out := d.Read(c.x.Play(p.Inner), tl)
	var after func()
	if editOutcome != nil {
		after = editOutcome(c, &out)
	}
	c.battleResult(cb, out)
	if after != nil {
		after()
	}
}

// editOutcome is set by tests only: it edits a battle's outcome before the
// campaign reads it back (the result mapping's rows the reference sides
// seldom make: a boat off the table, a battle without a shot) and returns
// a check to run after (nil: none).
var editOutcome func(c *Campaign, out *bridge.Outcome) (after func())

// battleSeats: the squadron's boats (Schnell Rules' axis) are commanded by
// whoever commands the squadron (in the two-player game, the squadron
// Kommandant's player, and Boat #2 by player 2); the enemy and the
// set-up's begin by Schnell Rules' reference side (on the player's own
// table, the enemy by him).
func (c *Campaign) battleSeats() []engine.Seat {
	squadron := ""
	if c.Two != nil {
		squadron = c.Lead.Side
	}
	enemy := engine.Seat{Side: "allies", Reference: true}
	if !c.battles.virtual {
		// On the player's own table the player referees the enemy too, as
		// Schnell Rules' referee has it: its moves and fire orders (the
		// reference side there is the passive referee, who gives none).
		enemy = engine.Seat{Side: "allies", As: squadron}
	}
	seats := []engine.Seat{{Side: "axis", As: squadron}, enemy, {Side: "", Reference: true}}
	if c.Two != nil {
		// Boat #2's orders are asked on her own decisions (bridge.Boat.Cmd),
		// of player 2's side.
		seats = append(seats, engine.Seat{Side: c.Two.Side, As: c.Two.Side, Commander: true})
	}
	return seats
}

func zoneOfName(name string) RangeZone {
	for z, n := range rangeZones {
		if n == name {
			return RangeZone(z)
		}
	}
	return zoneLong
}

// encounterOf is the wave as the bridge takes it: the boats in formation
// and not disabled (a disabled boat lies off under tow, out of the
// battle), the enemy units present, the night's weather and sea.
func (c *Campaign) encounterOf(cb *Combat) bridge.Encounter {
	e := bridge.Encounter{Weather: c.Mission.Weather.String(), Heavy: c.Mission.Sea >= 4, Virtual: c.battles.virtual}
	typ := boatTypes[c.Type]
	for _, s := range c.formation() {
		if s.Disabled {
			continue
		}
		b := bridge.Boat{ID: s.Boat.ID, Type: typ, Torpedoes: s.Torpedoes}
		if c.Two != nil && c.isBoat2(s) {
			b.Cmd = c.Two.Side // player 2 commands his own boat in the battle
		}
		if c.Type == P5b {
			b.Torpedoes = s.Rockets
		}
		b.Torpedoes = min(b.Torpedoes, tubes-s.launched)
		switch top := boatTop(s); {
		case top <= speedSlow:
			b.Speed = "s"
		case top == speedMedium:
			b.Speed = "m"
		}
		e.Boats = append(e.Boats, b)
	}
	for _, u := range cb.Enemy {
		if u.present() {
			e.Enemy = append(e.Enemy, bridge.Unit{ID: u.ID, Type: u.Type.String()})
		}
	}
	return e
}

// battleResult brings the battle back into the campaign (docs/bridge.md,
// "The result"): torpedoes spent; Boat #1's hits as G-1 rolls, Boats
// #2-#4's level as damage points; disabled and sunk; ships sunk (VP,
// medals, kills) and those that got away; leaving is aborting (4.8, 4.9).
func (c *Campaign) battleResult(cb *Combat, out bridge.Outcome) {
	cb.Round += out.Turns
	hits, launched := 0, 0
	for _, br := range out.Boats {
		hits += br.Hits
		launched += br.Launched
	}
	var sunk []gamelog.Value
	for _, ur := range out.Units {
		if ur.Sunk {
			sunk = append(sunk, gamelog.StrV(ur.ID))
		}
	}
	c.emit(evBattleEnd, num("turns", out.Turns), gamelog.List("sunk", sunk...), num("hits", hits), num("launched", launched))
	boat1Left := false
	for _, br := range out.Boats {
		s := c.board().sortieByID(br.ID)
		if s == nil || s.Gone != "" {
			continue
		}
		if br.Launched > 0 {
			cb.attacked = true
			s.launched += br.Launched
			if c.Type == P5b {
				s.Rockets = max(s.Rockets-br.Launched, 0)
			} else {
				s.Torpedoes = max(s.Torpedoes-br.Launched, 0)
			}
		}
		if c.manned(s) {
			for range br.Hits {
				if s.Gone != "" {
					break
				}
				c.air().hit(s, attackNone)
			}
		} else {
			c.harm().points(s, br.Level.Points)
		}
		if s.Gone == "" && br.Level.Sunk {
			c.harm().sink(s, "sunk in the battle")
		}
		if s.Gone == "" && br.Level.Disabled && !s.Disabled {
			s.Disabled = true
			c.emit(evDisabled, str("unit", s.Boat.ID), str("boat", s.Boat.ID), num("no", s.No))
		}
		if br.Left && s.Gone == "" {
			if s.No == 1 {
				boat1Left = true
			} else if !s.Disabled {
				c.board().goAlone(s, "ran off the table: she has left the combat and aborts alone (4.9)")
			}
		}
	}
	if out.Attacked {
		cb.attacked = true
	}
	for _, ur := range out.Units {
		u := cb.byID(ur.ID)
		if u == nil || !u.present() {
			continue
		}
		switch {
		case ur.Sunk:
			c.board().sinkUnit(u, c.board().sortieByID(ur.By))
		case ur.Left:
			u.Gone = goneEvaded
			c.record().evaded(u, "got away off the table")
		}
	}
	switch {
	case boat1Left && c.formed() > 0:
		c.board().leaveCombat(cb) // 4.8: Boat #1 leaves, and the squadron with her
	case c.formed() > 0 && cb.enemyLeft():
		for _, u := range cb.Enemy {
			if u.present() {
				u.Gone = goneEvaded
				c.record().evaded(u, "passed out of reach")
			}
		}
		if !cb.attacked {
			c.board().letPass(cb)
		}
	}
}

// describeBattle words the battle events.
func describeBattle(e *gamelog.Event) string {
	s := e.Str
	if eventType(e.Type) == evBattleEnd {
		v, _ := e.Get("sunk")
		sunk := "nothing sunk"
		if ids := v.Strs(); len(ids) > 0 {
			sunk = joinAnd(ids) + " sunk"
		}
		return fmt.Sprintf("Back to the campaign after %d turns: %s; the boats took %s and launched %s", e.Int("turns"), sunk, countWords(e.Int("hits"), "hit"), countWords(e.Int("launched"), "torpedo"))
	}
	if s("fought") == "learnt" {
		return describeLearnt(e)
	}
	if s("fought") == "board" {
		return "Fought on the Combat Board: " + s("why")
	}
	if s("table") == "physical" {
		return fmt.Sprintf("The wave is fought as a Schnell Rules battle on your table, from the %s zone: set the enemy in line ahead and your boats in line abreast, the nearest boat %d cm from the nearest enemy; visibility %s", s("zone"), e.Int("range"), visibilityWords(s("visibility")))
	}
	return fmt.Sprintf("The wave is fought as a Schnell Rules battle on the virtual table, from the %s zone: the nearest boat %d cm from the nearest enemy; visibility %s", s("zone"), e.Int("range"), visibilityWords(s("visibility")))
}

// visibilityWords says the battle's visibility row in words.
func visibilityWords(row string) string {
	switch row {
	case "", "0 0 0 0 0 0":
		return "as the spotting table reads"
	case "2 2 2 2 2 2":
		return "two sizes smaller every turn"
	case "1 1 1 1 1 1":
		return "one size smaller every turn"
	}
	return "by a d6 each turn, targets " + row + " sizes smaller on faces 1-6"
}

// addBattleNote adds a battle's note to the night's record (the log
// sheet's Notes, the AAR), one note a battle: "battle: medium zone (45
// cm), 4 turns, sunk mgb-1, 5 hits taken, 2 launched" (a wave fought on
// the Combat Board adds none).
func addBattleNote(notes []string, e *gamelog.Event) []string {
	if eventType(e.Type) == evBattle {
		if e.Str("fought") != "schnellrules" {
			return notes
		}
		return append(notes, fmt.Sprintf("battle: %s zone (%d cm)", e.Str("zone"), e.Int("range")))
	}
	v, _ := e.Get("sunk")
	sunk := "nothing sunk"
	if ids := v.Strs(); len(ids) > 0 {
		sunk = "sunk " + strings.Join(ids, " ")
	}
	end := fmt.Sprintf("%d turns, %s, %d hits taken, %d launched", e.Int("turns"), sunk, e.Int("hits"), e.Int("launched"))
	if n := len(notes); n > 0 && strings.HasPrefix(notes[n-1], "battle: ") && strings.HasSuffix(notes[n-1], " cm)") {
		notes[n-1] += ", " + end
		return notes
	}
	return append(notes, "battle: "+end)
}

// battleProse tells a battle's note in the AAR: "The wave was fought ship
// by ship under Schnell Rules from the medium zone (45 cm): after 10 turns
// mgb-1 and mgb-2 went down; the boats took 9 hits and launched 4
// torpedoes."
func battleProse(note string) string {
	parts := strings.Split(note, ", ") // "medium zone (45 cm)", "10 turns", "sunk a b" or "nothing sunk", "N hits taken", "N launched"
	if len(parts) != 5 {
		return "The wave was fought ship by ship under Schnell Rules: " + note + ". "
	}
	sunk := "nothing was sunk"
	if ids, ok := strings.CutPrefix(parts[2], "sunk "); ok {
		sunk = joinAnd(strings.Fields(ids)) + " went down"
	}
	hits, _, _ := strings.Cut(parts[3], " ")
	fired, _, _ := strings.Cut(parts[4], " ")
	n, _ := strconv.Atoi(hits)
	l, _ := strconv.Atoi(fired)
	took := "the boats took " + countWords(n, "hit")
	if n == 1 {
		took = "the boats took a hit"
	}
	return fmt.Sprintf("The wave was fought ship by ship under Schnell Rules from the %s: after %s %s; %s and launched %s. ", parts[0], parts[1], sunk, took, countWords(l, "torpedo"))
}

// countWords says n things: "no hits", "1 hit", "3 torpedoes".
func countWords(n int, thing string) string {
	plural := thing + "s"
	if strings.HasSuffix(thing, "o") {
		plural = thing + "es"
	}
	switch n {
	case 0:
		return "no " + plural
	case 1:
		return "1 " + thing
	}
	return fmt.Sprintf("%d %s", n, plural)
}
