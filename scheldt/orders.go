package scheldt

import (
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/schnell-wargames/schnell/engine"
	"github.com/schnell-wargames/schnell/gamelog"
)

// The orders a player gives in a phase: each is an option of the phase's
// "order" decision, typed as its own command at the prompt (`attack 2819
// terrain=city diff=3`).
const (
	OrderDone    = "done"
	OrderAttack  = "attack"
	OrderBombard = "bombard"
	OrderRebuild = "rebuild"
	OrderAssault = "assault"
	OrderMark    = "mark"
	OrderGate    = "gate"
	OrderLand    = "land"
	OrderEnter   = "enter"
	OrderWait    = "wait"
	OrderClear   = "clear"
)

// Cleared are the ways a German unit leaves a landing hex (16.3).
var Cleared = []string{"eliminated", "retreated", "exited"}

// Forces are the two assault forces.
var Forces = []string{"beveland", "walcheren"}

// States are what `mark` may set.
var States = []string{"full", "depleted", "eliminated"}

// Gates are the board's facts the assaults wait for (16.1, 16.2).
var Gates = []string{"woensdrecht", "road"}

// getter reads an order's arguments: engine.ArgValues, or the prompt's
// words before they are sent.
type getter interface {
	Get(name string) gamelog.Value
}

// argMap is arguments by name.
type argMap map[string]gamelog.Value

// Get implements getter.
func (m argMap) Get(name string) gamelog.Value { return m[name] }

// orders asks the phasing player's orders until done: the options are
// those of the phase, each checked by its rule when given (Refuse).
func (g *Game) orders(c *engine.Ctx) {
	for {
		d := g.orderDecision(c)
		i := c.Decide(d, func(d *engine.Decision) {
			d.Prompt = fmt.Sprintf("Turn %d, %s %s: your orders, then done", g.Turn, sideName(g.Player), g.Phase)
		})
		name := d.Options[i].Name
		if name == OrderDone {
			return
		}
		g.carryOut(c, name, d.Args())
	}
}

// orderDecision is the phase's order decision, its options the orders the
// phase allows, "done" the default; each option's rule checks the answer
// (Refuse), and the orders the phase does not offer are refused with the
// rule that says when they are given.
func (g *Game) orderDecision(c *engine.Ctx) *engine.Decision {
	d := c.Ask("order")
	d.Side = g.Player
	end := "end the " + g.Phase.String()
	if g.Phase == EndOfPlayerTurn {
		end = "end the player turn"
	}
	if why := g.mustAttack(); why != "" {
		d.Refuse(OrderDone, OrderDone, why)
	} else {
		d.Add(OrderDone, end, OrderDone)
	}
	ids := g.ids("")
	switch g.Phase {
	case Movement:
		if g.Player == Allied {
			o := g.add(d, OrderAssault, "declare a beach assault (16.1, 16.2)")
			o.Args = []engine.Arg{engine.IDArg("force", Forces...)}
		}
	case Combat:
		o := g.add(d, OrderAttack, "resolve an attack on the CRT")
		o.Args = attackArgs()
		o = g.add(d, OrderBombard, "record a bombardment (14.2)")
		o.Args = bombardArgs()
	case EndOfPlayerTurn:
		if RebuildsAllowed(g.Player, g.Turn) > 0 {
			o := g.add(d, OrderRebuild, "rebuild a depleted unit (11.0)")
			o.Args = []engine.Arg{
				engine.IDArg("unit", ids...),
				engine.YesArg("adjacent"),
				engine.IntArg("edge", 0, 99, ""),
				yesNo("trace"),
			}
			o.Args[1].Text = "is the unit adjacent to an enemy unit?"
			o.Args[2].Text = "hexes from the eastern edge of the map (German)"
			o.Args[2].Default = gamelog.IntV(0)
		}
	}
	o := g.add(d, OrderMark, "note a unit's strength and hex in the order of battle")
	o.Args = []engine.Arg{engine.IDArg("unit", ids...), engine.IDArg("state", States...), engine.TextArg("hex")}
	o.Args[2].Default = gamelog.StrV("-")
	o.Brief = "in any phase" // listed on one line at the prompt
	o = g.add(d, OrderGate, "note what the board shows for an assault's trigger (16.1, 16.2)")
	o.Args = []engine.Arg{engine.IDArg("gate", Gates...), engine.YesArg("held")}
	o.Brief = "in any phase"
	if len(g.Contested) > 0 {
		o = g.add(d, OrderClear, "note that no German unit is left in a landing hex (16.3)")
		o.Args = []engine.Arg{engine.IDArg("hex", sortedKeys(g.Contested)...), engine.IDArg("how", Cleared...)}
	}
	// The orders this phase does not offer, each with the rule that says
	// when it is given.
	for _, name := range []string{OrderAttack, OrderBombard, OrderRebuild, OrderAssault, OrderClear, OrderLand, OrderEnter, OrderWait} {
		if slices.ContainsFunc(d.Options, func(o engine.Option) bool { return o.Name == name }) {
			continue
		}
		d.Refuse(name, name, g.notNow(name))
	}
	return d
}

// add offers an order whose answer its rule checks (Refuse).
func (g *Game) add(d *engine.Decision, name, text string) *engine.Option {
	o := d.Add(name, text, name)
	o.Check = func(a engine.ArgValues) error { return g.Refuse(name, a) }
	return o
}

// mustAttack is why the phase may not end yet (16.3), or "".
func (g *Game) mustAttack() string {
	if g.Phase == Combat && len(g.MustAttack) > 0 {
		return "16.3: a unit landed in a German-occupied hex must attack it: attack " + strings.Join(sortedKeys(g.MustAttack), ", ") + " first"
	}
	return ""
}

// notNow says which rule keeps an order out of the phase being played.
func (g *Game) notNow(name string) string {
	now := fmt.Sprintf("it is the %s %s now", sideName(g.Player), g.Phase)
	switch name {
	case OrderAttack, OrderBombard:
		return "the series' sequence of play (our reconstruction, rules notes; 11.5 names the Combat Phase): attacks and bombardments are made in the Combat Phase, and " + now
	case OrderRebuild:
		if RebuildsAllowed(g.Player, g.Turn) == 0 {
			return fmt.Sprintf("11.0: the %s player rebuilds on turns %s only, and this is turn %d", sideName(g.Player),
				map[string]string{Allied: "1 to 20", German: "1 to 5"}[g.Player], g.Turn)
		}
		return "11.0: a depleted unit is rebuilt at the end of its owner's own player turn, after all movement and combat, and " + now
	case OrderAssault:
		if g.Player != Allied {
			return "16.0: the beach assaults are the Allied player's (the British assault boats)"
		}
		return "16.1, 16.2: a beach assault is declared during the Allied Movement Phase, not the Mobile Movement Phase, and " + now
	case OrderClear:
		return "16.3: no landing hex is shared with a German unit"
	case OrderLand:
		return "16.1, 16.2: units land only in a beach assault: `assault beveland` or `assault walcheren` in the Allied Movement Phase"
	}
	return "11.3: reinforcements are offered at the start of their owner's Movement Phase or Mobile Movement Phase, and none is waiting to enter now"
}

func yesNo(name string) engine.Arg {
	a := engine.YesArg(name)
	a.Default = gamelog.Value{Kind: gamelog.KBool}
	return a
}

// attackArgs are an attack's: the target hex, its terrain, the final
// differential with all support counted, the column shifts of the series
// rules, and the markers and facts the rules check.
func attackArgs() []engine.Arg {
	a := []engine.Arg{
		engine.TextArg("hex"),
		engine.IDArg("terrain", Terrains...),
		engine.IntArg("diff", -99, 99, ""),
		engine.IntArg("shifts", -11, 11, ""),
		yesNo("engineer"), yesNo("naval"), yesNo("walcheren"), yesNo("antitank"), yesNo("pocket"),
		yesNo("mobile"),
		engine.IntArg("support", 0, 9, ""),
		engine.IntArg("defence", 0, 9, ""),
	}
	a[2].Text = "the final combat differential, support counted"
	a[3].Default = gamelog.IntV(0)
	a[9].Text = "does an Allied mobile unit take part in the attack? (14.1)"
	a[10].Text = "the attacker's support fire markers on the attack, a +10 naval marker among them (14.1, 16.4)"
	a[10].Default = gamelog.IntV(0)
	a[11].Text = "the defender's support fire markers, the +5 anti-tank marker among them (14.1)"
	a[11].Default = gamelog.IntV(0)
	return a
}

// bombardArgs are a bombardment's: the target hex, its range from the
// nearest friendly unit, and the markers the rules check.
func bombardArgs() []engine.Arg {
	a := []engine.Arg{
		engine.TextArg("hex"),
		engine.IntArg("range", 0, 99, ""),
		yesNo("naval"), yesNo("walcheren"), yesNo("pocket"), yesNo("antitank"),
		engine.IntArg("support", 0, 9, ""),
	}
	a[1].Text = "hexes from the nearest friendly unit"
	a[5].Text = "the German +5 anti-tank marker played against it (never: 14.1)"
	a[6].Text = "the support fire markers of the bombardment, a +10 naval marker among them (16.4)"
	a[6].Default = gamelog.IntV(0)
	return a
}

// ids lists the units of side ("": all).
func (g *Game) ids(side string) []string {
	var out []string
	for _, u := range g.Units {
		if side == "" || u.Side == side {
			out = append(out, u.ID)
		}
	}
	return out
}

func sideName(side string) string {
	if side == Allied {
		return "Allied"
	}
	return "German"
}

// Refuse says why the rules refuse an order with its arguments, naming
// the rule; nil: it stands. It is the Check of the order's option: the
// kernel asks it of every answer, typed, a script's or the log's, and a
// refused order is never carried out nor logged.
func (g *Game) Refuse(order string, a getter) error {
	switch order {
	case OrderDone:
		if why := g.mustAttack(); why != "" {
			return errors.New(why)
		}
	case OrderAttack:
		return g.refuseAttack(a)
	case OrderBombard:
		if g.Turn < 4 && a.Get("pocket").B {
			return fmt.Errorf("13.0: the Breskens Pocket is frozen until turn 4: no combat there, bombardment included")
		}
		if r := a.Get("range").I; r > 3 {
			return fmt.Errorf("14.2: a bombardment reaches at most three hexes from the nearest friendly unit, not %d", r)
		}
		if a.Get("antitank").B {
			return fmt.Errorf("14.1: the German +5 anti-tank marker may never be applied in a counterbattery role, against a bombardment")
		}
		if err := refuseSupport(a, "a bombardment"); err != nil {
			return err
		}
		if a.Get("naval").B {
			return g.refuseNaval(a.Get("hex").S, a.Get("walcheren").B)
		}
	case OrderRebuild:
		return g.refuseRebuild(a)
	case OrderAssault:
		return g.refuseAssault(a.Get("force").S)
	case OrderMark:
		u := g.unit(a.Get("unit").S)
		hex, state := a.Get("hex").S, a.Get("state").S
		switch {
		case u == nil:
			return fmt.Errorf("no unit %q: `oob` lists them", a.Get("unit").S)
		case g.Pinned[u.ID] != "" && hex != "-" && hex != g.Pinned[u.ID] && state != "eliminated":
			return g.pinnedErr(u)
		case u.Side == German && hex != "-" && hex != u.Hex && slices.Contains(g.Barred, hex):
			return fmt.Errorf("16.3: a German unit left the landing hex %s: no German unit may ever enter it again", hex)
		case u.State == Eliminated:
			return fmt.Errorf("11.0: %s is eliminated, and no unit comes back once eliminated", u.ID)
		case u.State == Withdrawn:
			return fmt.Errorf("13.1: %s has been withdrawn: it returns only with the Beveland Flank Assault (16.1)", u.ID)
		case u.State == OffMap:
			return fmt.Errorf("11.2: %s is not on the map yet (it arrives: %s)", u.ID, g.arrival(u, false))
		}
	case OrderEnter:
		switch {
		case a.Get("enemy").B:
			return fmt.Errorf("11.5: a reinforcement does not arrive in a hex an enemy unit occupies: enter by another of its hexes, or wait until the hex is free")
		case a.Get("stacked").B:
			return fmt.Errorf("11.3: no reinforcement may arrive and end its movement stacked with another unit: enter where it ends its move alone, or wait")
		}
	case OrderClear:
		if !g.Contested[a.Get("hex").S] {
			return fmt.Errorf("16.3: %s is not a landing hex shared with a German unit", a.Get("hex").S)
		}
	case OrderLand:
		if g.landingForce == "beveland" {
			if n := a.Get("terneuzen").I; n > g.Reach {
				return fmt.Errorf("16.1: the Beveland Flank Assault lands within %d hexes of Terneuzen (2736), not %d (the rules notes give the other reading: reach=%d)", g.Reach, n, 16-g.Reach)
			}
		}
	}
	return nil
}

func (g *Game) refuseAttack(a getter) error {
	t := Terrain(slices.Index(Terrains, a.Get("terrain").S))
	switch {
	case g.Turn < 4 && a.Get("pocket").B:
		return fmt.Errorf("13.0: the Breskens Pocket is frozen until turn 4: no movement or combat there on turns 1 to 3")
	case t == Coastal && g.Landed[g.landedKey()] != g.Turn:
		return fmt.Errorf("16.0: the coastal line is read only in a beach assault, and no assault force landed this turn: use the hex's own terrain")
	case a.Get("engineer").B && g.Player != Allied:
		return fmt.Errorf("12.1: only an Allied attack with an engineer reads a flooded hex on the clear line")
	case a.Get("antitank").B && g.Player != Allied:
		return fmt.Errorf("14.1: the German +5 anti-tank marker defends against an Allied attack (with a mobile unit): it is not played in a German attack")
	case a.Get("antitank").B && g.AntitankUsed:
		return fmt.Errorf("14.1: the German +5 anti-tank marker has been played this turn: once a turn")
	case a.Get("antitank").B && !a.Get("mobile").B:
		return fmt.Errorf("14.1: the German +5 anti-tank marker is applied only to a combat with an attacking Allied mobile unit (type `mobile` if one takes part)")
	}
	if err := refuseSupport(a, "an attack"); err != nil {
		return err
	}
	if a.Get("naval").B {
		if g.Player != Allied {
			return fmt.Errorf("16.4: the +10 naval markers are Allied and never used in defence")
		}
		return g.refuseNaval(a.Get("hex").S, a.Get("walcheren").B)
	}
	return nil
}

// refuseSupport counts the support fire markers of a combat: two a side
// (the series' rule 14.1 and 16.4 name), a +10 naval marker one of the
// attacker's two (16.4), and three for the defender only with the German
// +5 anti-tank marker among them (14.1).
func refuseSupport(a getter, what string) error {
	sup, naval := a.Get("support").I, a.Get("naval").B
	if naval {
		sup = max(sup, 1) // the naval marker is one of them
	}
	switch {
	case sup > 2 && naval:
		return fmt.Errorf("16.4: a +10 naval marker is played as one of the two support fire markers of %s, not besides them: with it, one other at most (not %d in all)", what, sup)
	case sup > 2:
		return fmt.Errorf("14.1, 16.4: %s takes at most two of its side's support fire markers, not %d", what, sup)
	}
	def, at := a.Get("defence").I, a.Get("antitank").B
	if at {
		def = max(def, 1) // the anti-tank marker is one of them
	}
	switch {
	case def > 3:
		return fmt.Errorf("14.1: the defender plays at most three support fire markers, and only with the +5 anti-tank marker among them, not %d", def)
	case def == 3 && !at:
		return fmt.Errorf("14.1: a defender plays two support fire markers; the German player may play a third only with the +5 anti-tank marker, against an Allied mobile unit")
	}
	return nil
}

// landedKey is "" when no force has landed; the coastal line is open on
// the turn either landed.
func (g *Game) landedKey() string {
	for _, f := range Forces {
		if g.Landed[f] == g.Turn {
			return f
		}
	}
	return "none"
}

func (g *Game) refuseNaval(hex string, walcheren bool) error {
	switch {
	case g.Player != Allied:
		return fmt.Errorf("16.4: the +10 naval markers are Allied and never used in defence")
	case g.NavalLeft == 0:
		return fmt.Errorf("16.4: both +10 naval markers have been played and are out of the game")
	case slices.Contains(g.NavalHexes, hex):
		return fmt.Errorf("16.4: each +10 naval marker targets a different hex, and one has been played against %s", hex)
	case !walcheren:
		return fmt.Errorf("16.4: a +10 naval marker supports only an attack on a hex within four hexes of a coastal hex of Walcheren Island: say `walcheren=yes` if the target is")
	}
	return nil
}

func (g *Game) refuseRebuild(a getter) error {
	u := g.unit(a.Get("unit").S)
	side := g.Player
	switch {
	case u == nil || u.Side != side:
		return fmt.Errorf("11.0: the %s player rebuilds only %s units", sideName(side), sideName(side))
	case RebuildsAllowed(side, g.Turn) == 0:
		return fmt.Errorf("11.0: the %s player rebuilds on turns %s only", sideName(side), map[string]string{Allied: "1 to 20", German: "1 to 5"}[side])
	case g.Rebuilds(side) <= 0:
		return fmt.Errorf("11.0: the %s player has made the %s of turn %d", sideName(side), plural(RebuildsAllowed(side, g.Turn), "rebuild"), g.Turn)
	case u.State == Eliminated:
		return fmt.Errorf("11.0: %s is eliminated, and no unit comes back once eliminated", u.ID)
	case u.State == Withdrawn || u.ID == "155-52" && u.State == Depleted:
		return fmt.Errorf("13.1: the 155th Regiment, depleted, is withdrawn at the end of the Allied player turn and may not be rebuilt")
	case u.State != Depleted:
		return fmt.Errorf("11.0: only a depleted unit is rebuilt, and %s is %s (`mark %s depleted` if it is)", u.ID, u.State, u.ID)
	case a.Get("adjacent").B:
		return fmt.Errorf("11.0: no unit is rebuilt adjacent to an enemy unit, even a depleted one")
	case side == German && u.Mobile:
		return fmt.Errorf("11.0: the German player rebuilds only non-mobile units, and %s is mobile", u.ID)
	case side == German && a.Get("edge").I > 8:
		return fmt.Errorf("11.0: a German unit is rebuilt only within eight hexes of the eastern edge of the map, not %d", a.Get("edge").I)
	case u.Force != "" && !a.Get("trace").B:
		return fmt.Errorf("11.0: %s is an assault unit of 16.0: it is rebuilt only if it traces overland to an Antwerp hex free of German units and their ZOC (trace=yes if it does)", u.ID)
	}
	return nil
}

func (g *Game) refuseAssault(force string) error {
	if t, ok := g.Landed[force]; ok {
		return fmt.Errorf("16.%d: the %s assault landed on turn %d: its units land once, all on one turn", 1+slices.Index(Forces, force), strings.ToUpper(force[:1])+force[1:], t)
	}
	switch force {
	case "beveland":
		var left []string
		for _, u := range g.Units {
			if u.Side == German && u.Pocket && u.State != Eliminated {
				left = append(left, u.ID)
			}
		}
		switch {
		case g.Turn < 12:
			return fmt.Errorf("16.1: the Beveland Flank Assault is launched on turn 12 or later, not turn %d", g.Turn)
		case len(left) > 0:
			return fmt.Errorf("16.1: the Beveland Flank Assault waits until every German unit that started in the Breskens Pocket is eliminated (not yet: %s)", strings.Join(left, ", "))
		case !g.Woensdrecht:
			return fmt.Errorf("16.1: the Beveland Flank Assault waits until Woensdrecht (2021) is occupied, or was last occupied, by an Allied unit (`gate woensdrecht yes` when it is)")
		case g.BevelandGate == "both" && !g.Road:
			return fmt.Errorf("11.2 (note, read with 16.1 by the option beveland=both): the 52nd lands only after the Allies hold every road hex between Woensdrecht and Schore (`gate road yes` when they do)")
		}
	case "walcheren":
		if !g.Road {
			return fmt.Errorf("16.2: the Walcheren Island Assault waits until Allied units occupy, or were the last to occupy, every road hex between Woensdrecht and Schore (`gate road yes` when they do)")
		}
	}
	return nil
}

// pinnedErr says why a landed unit keeps its hex (16.3).
func (g *Game) pinnedErr(u *Unit) error {
	hex := g.Pinned[u.ID]
	if g.Contested[hex] {
		return fmt.Errorf("16.3: %s landed in %s with a German unit: it may not leave the hex while a German unit is in it (`clear %s ...` when none is)", u.ID, hex, hex)
	}
	return fmt.Errorf("16.3: %s landed in %s this turn: it may not move until the next turn", u.ID, hex)
}

func sortedKeys[V any](m map[string]V) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	slices.Sort(out)
	return out
}
