package schnellrules

import (
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/schnell-wargames/schnell/engine"
	"github.com/schnell-wargames/schnell/gamelog"
	"github.com/schnell-wargames/schnell/grid"
)

const (
	groupData   = "Vessel data"
	groupOrders = "Battle orders"
)

// commands are the game's views and orders at the prompt. An order is
// checked by the same rule the game applies (Check*), then answers the
// pending decision; nothing is recorded when it is refused.
var commands = []engine.Command{
	{Name: "vessels", Group: groupData, Usage: "vessels [FILTER]", Help: "list the vessel classes (FILTER: part of an id or name, a nation, a size)", Run: runVessels},
	{Name: "vessel", Group: groupData, Usage: "vessel CLASS|ID", Help: "show a class of the Boat Data, or a vessel of the battle", Run: runVessel},
	{Name: "card", Group: groupData, Usage: "card ID", Help: "a vessel's card: class data, speed ladder, damage track, weapons, tubes", Run: runCard},
	{Name: "options", Group: groupData, Usage: "options", Help: "the battle's options: the optional rules, on or off, and what each does", Run: runOptions},
	{Name: "sides", Group: groupData, Usage: "sides", Help: "the vessels of each side", Run: runSides},
	{Name: "add", Group: groupOrders, Usage: "add ID CLASS [side=allies|axis] [speed=st|vs|s|m|f|vf]", Help: "set-up: add a vessel (CLASS: an id or name, or a unique part of a name; side by nation, speed medium by default)", Run: runAdd},
	{Name: "remove", Group: groupOrders, Usage: "remove ID", Help: "set-up: remove a vessel", Run: order("setup", "remove", 1)},
	{Name: "begin", Group: groupOrders, Usage: "begin", Help: "set-up: begin the battle", Run: order("setup", "begin", 0)},
	{Name: "spot", Group: groupOrders, Usage: "spot OBSERVER TARGET RANGE_CM [coast]", Help: "phase 1: an observer looks for a target at the range measured (coast: the target is against a coastline within 30cm)", Run: runSpot},
	{Name: "speed", Group: groupOrders, Usage: "speed VESSEL LEVEL", Help: "phases 4-5: change a vessel's speed (st, vs, s, m, f, vf)", Run: runSpeed},
	{Name: "depthcharge", Group: groupOrders, Usage: "depthcharge VESSEL TARGET", Help: "phases 4-5 (option depth_charges): a depth charge attack", Run: runDepthCharge},
	{Name: "ram", Group: groupOrders, Usage: "ram VESSEL TARGET", Help: "phases 4-5 (option ramming, the FAQ): ram an enemy vessel: damage as an 18\" torpedo (21\" from a Large or Very Large rammer) +2, no roll to hit", Run: runRam},
	{Name: "air", Group: groupOrders, Usage: "air AIRCRAFT WEAPON TARGET RANGE_CM", Help: "phases 3 and 6 (option aircraft=on): a named aircraft attacks with rockets, bomb50..bomb1000 (range 0) or a Gun Data row (strafing, one roll per 4 guns)", Run: runAir},
	{Name: "aa", Group: groupOrders, Usage: "aa VESSEL WEAPON[:N] AIRCRAFT RANGE_CM", Help: "phases 3, 6 and 7 (option aircraft=on): a gun fires at an aircraft out to its Medium range", Run: runAA},
	{Name: "airfire", Group: groupOrders, Usage: "airfire AIRCRAFT GUN[:MOUNT] ENEMY_AIRCRAFT RANGE_CM [fixed|defensive]", Help: "phase 7 (option aircraft=on): an aircraft's gun fires at an enemy aircraft out to its Medium range; a defensive mount engages one air target a turn besides the aircraft's one target", Run: runAirFire},
	{Name: "fire", Group: groupOrders, Usage: "fire SHOOTER WEAPON[:N] TARGET RANGE_CM", Help: "phase 7: a gun fires at a target at the range measured", Run: runFire},
	{Name: "starshell", Group: groupOrders, Usage: "starshell VESSEL RANGE_CM", Help: "phase 7 (option starshells): a gun of 4\" or more fires a starshell at a point over 40cm away", Run: runIllumination("starshell")},
	{Name: "flare", Group: groupOrders, Usage: "flare VESSEL RANGE_CM", Help: "phase 7 (option starshells): fire a flare at a point up to 20cm away", Run: runIllumination("flare")},
	{Name: "torpedo", Group: groupOrders, Usage: "torpedo SHOOTER TARGET RANGE_CM [18in|21in]", Help: "phase 8: launch a torpedo at a target at the range measured", Run: runTorpedo},
	{Name: "reload", Group: groupOrders, Usage: "reload VESSEL", Help: "phase 8 (option reloads): begin reloading the tubes", Run: runReload},
	{Name: "done", Group: groupOrders, Usage: "done", Help: "no more orders in this phase", Run: order("", "done", 0)},
	{Name: "end", Group: groupOrders, Usage: "end", Help: "phase 1: end the battle here", Run: order("spot", "end", 0)},
	{Name: "odds", Group: groupOrders, Usage: "odds fire SHOOTER WEAPON TARGET RANGE_CM | odds torpedo SHOOTER TARGET RANGE_CM [TYPE]", Help: "the exact chance to hit and of each damage level, as the rules would read it now", Run: runOdds},
}

func battle(g *engine.Game) (*Battle, error) {
	if g == nil {
		return nil, errors.New("no game: start one with new")
	}
	b, ok := g.Rules().(*Battle)
	if !ok {
		return nil, errors.New("not a schnellrules game")
	}
	return b, nil
}

// pending returns the battle if the game waits for a decision of kind. A
// new game steps to its set-up first (its events are returned).
func pending(g *engine.Game, kind, verb string) (*Battle, []gamelog.Event, error) {
	b, err := battle(g)
	if err != nil {
		return nil, nil, err
	}
	var evs []gamelog.Event
	if g.Pending() == nil && !g.Over() && b.Turn == 0 {
		if evs, err = g.Step(1); err != nil {
			return nil, evs, err
		}
	}
	p := g.Pending()
	if p == nil || p.Decision == nil {
		return nil, evs, fmt.Errorf("%s: the game waits for no order now (step on to the phase)", verb)
	}
	if kind != "" && p.Decision.Kind != kind {
		return nil, evs, fmt.Errorf("%s is an order of the %s phase; now it is %s (%s)", verb, phaseOf(kind), phaseNames[b.Phase], p.Decision.Prompt)
	}
	return b, evs, nil
}

// choose answers the pending decision after the events pre (of a step).
func choose(g *engine.Game, pre []gamelog.Event, name string, args []string) ([]gamelog.Event, error) {
	_ = pre // the step's events are shown with the answer's
	return g.ChooseArgs(name, args, engine.ByPlayer, 1)
}

func phaseOf(kind string) string {
	switch kind {
	case "setup":
		return "set-up"
	case "spot":
		return "spotting"
	case "move":
		return "movement"
	case "guns":
		return "gunfire"
	case "launch":
		return "torpedo launch"
	case "air":
		return "air (3 or 6, option aircraft=on)"
	}
	return kind
}

// order is a command that answers option name with n arguments as typed.
func order(kind, name string, n int) func(*engine.Game, []string, io.Writer) ([]gamelog.Event, error) {
	return func(g *engine.Game, args []string, _ io.Writer) ([]gamelog.Event, error) {
		_, pre, err := pending(g, kind, name)
		if err != nil {
			return pre, err
		}
		if len(args) != n {
			return pre, fmt.Errorf("%s takes %d word(s)", name, n)
		}
		return choose(g, pre, name, args)
	}
}

func runVessels(g *engine.Game, args []string, w io.Writer) ([]gamelog.Event, error) {
	db, err := database(g)
	if err != nil {
		return nil, err
	}
	cls := db.Filter(strings.Join(args, " "))
	if len(cls) == 0 {
		return nil, fmt.Errorf("no class matches %q", strings.Join(args, " "))
	}
	var rows [][]string
	for _, c := range cls {
		rows = append(rows, []string{c.ID, c.Name, c.Nation, sizeCodes[c.Size] + " / " + signed(c.SizeMod), sizeCodes[c.Manoeuvre], speedCode(c.Speed), strconv.Itoa(len(c.Guns)), torpText(c)})
	}
	return nil, grid.Render(w, grid.Text, []string{"Id", "Name", "Nation", "Size", "Man.", "Speed", "Guns", "Torpedoes"}, rows, 40)
}

func database(g *engine.Game) (*Database, error) {
	if g == nil {
		return nil, errors.New("no game: start one with new")
	}
	if b, ok := g.Rules().(*Battle); ok {
		return b.DB, nil
	}
	return NewDatabase(g.Tables())
}

func signed(n int) string {
	if n >= 0 {
		return "+" + strconv.Itoa(n)
	}
	return strconv.Itoa(n)
}

func speedCode(s Speed) string { return strings.ToUpper(speedWords[s]) }

func torpText(c *Class) string {
	if len(c.Torpedoes) == 0 {
		return "none"
	}
	var parts []string
	for _, m := range c.Torpedoes {
		parts = append(parts, m.Type.ID+" x"+strconv.Itoa(m.Tubes))
	}
	s := strings.Join(parts, ", ")
	if c.Reloads > 0 {
		s += " +" + strconv.Itoa(c.Reloads) + " reloads"
	}
	return s
}

func runVessel(g *engine.Game, args []string, w io.Writer) ([]gamelog.Event, error) {
	if len(args) == 0 {
		return nil, errors.New("vessel CLASS|ID: name a class or a vessel")
	}
	if b, err := battle(g); err == nil {
		if v := b.Vessel(strings.Join(args, " ")); v != nil {
			return runCard(g, []string{v.ID}, w)
		}
	}
	db, err := database(g)
	if err != nil {
		return nil, err
	}
	c, err := db.Find(strings.Join(args, " "))
	if err != nil {
		return nil, err
	}
	fmt.Fprintf(w, "%s  %s (%s)\n", c.ID, c.Name, c.Nation)
	fmt.Fprintf(w, "Size %s (%s), size modifier %s; manoeuvre %s; speed %s (%dcm)\n", c.Size, sizeCodes[c.Size], signed(c.SizeMod), c.Manoeuvre, c.Speed, c.Speed.Move())
	var rows [][]string
	for _, gun := range c.Guns {
		rows = append(rows, gunRow(gun, gun.Weapon))
	}
	if len(rows) > 0 {
		if err := grid.Render(w, grid.Text, gunHead, rows, 30); err != nil {
			return nil, err
		}
	} else {
		fmt.Fprintln(w, "No guns.")
	}
	fmt.Fprintf(w, "Torpedoes: %s\n", torpText(c))
	return nil, nil
}

var gunHead = []string{"Gun", "Arcs", "AA", "Gun Data", "DM", "Short", "Medium", "Long"}

func gunRow(g ClassGun, name string) []string {
	aa := "yes"
	if !g.AA {
		aa = "no"
	}
	band := func(i int) string {
		if i >= len(g.Row.Bands) {
			return "n/a"
		}
		return fmt.Sprintf("%d / %d+", g.Row.Bands[i].Range, g.Row.Bands[i].Score)
	}
	return []string{name, g.Arcs, aa, g.Row.Title, signed(g.Row.DamageMod), band(0), band(1), band(2)}
}

func runSides(g *engine.Game, _ []string, w io.Writer) ([]gamelog.Event, error) {
	b, err := battle(g)
	if err != nil {
		return nil, err
	}
	for _, s := range Sides {
		var ids []string
		for _, v := range b.Vessels {
			if v.Side == s {
				ids = append(ids, v.ID+" ("+v.Class.ID+")")
			}
		}
		if len(ids) == 0 {
			ids = []string{"none"}
		}
		fmt.Fprintf(w, "%s: %s\n", s, strings.Join(ids, ", "))
	}
	return nil, nil
}

// parseAdd reads ID CLASS... [side=S] [speed=L]: the class may be
// several words (quotes around it are dropped); the side defaults by
// nation (British, US and generic craft are allies, German and Italian
// axis), the speed to Medium (at most the class's).
func parseAdd(db *Database, args []string) (id, class, side, speed string, err error) {
	if len(args) < 2 {
		return "", "", "", "", errors.New("add ID CLASS [side=allies|axis] [speed=LEVEL]")
	}
	speed = "m"
	var name []string
	for _, a := range args[1:] {
		k, v, ok := strings.Cut(a, "=")
		switch {
		case ok && k == "side":
			if v != Sides[0] && v != Sides[1] {
				return "", "", "", "", fmt.Errorf("side %q: say allies or axis", v)
			}
			side = v
		case ok && k == "speed":
			if _, err := ParseSpeed(v); err != nil {
				return "", "", "", "", err
			}
			speed = strings.ToLower(v)
		default:
			name = append(name, a)
		}
	}
	c, err := db.Find(strings.Trim(strings.Join(name, " "), `"`))
	if err != nil {
		return "", "", "", "", err
	}
	if side == "" {
		side = Sides[0]
		if c.Nation == "german" || c.Nation == "italian" {
			side = Sides[1]
		}
	}
	sp, _ := ParseSpeed(speed)
	if sp > c.Speed {
		return "", "", "", "", fmt.Errorf("%s makes at most %s", c.ID, c.Speed)
	}
	return args[0], c.ID, side, speedWords[sp], nil
}

// runAdd is the set-up's add: see parseAdd.
func runAdd(g *engine.Game, args []string, _ io.Writer) ([]gamelog.Event, error) {
	b, pre, err := pending(g, "setup", "add")
	if err != nil {
		return pre, err
	}
	if len(args) < 2 {
		return nil, errors.New("add ID CLASS [side=allies|axis] [speed=LEVEL]")
	}
	id, class, side, speed, err := parseAdd(b.DB, args)
	if err != nil {
		return nil, err
	}
	if err := b.CheckAdd(id, class); err != nil {
		return nil, err
	}
	return choose(g, pre, "add", []string{id, class, side, speed})
}

func runSpot(g *engine.Game, args []string, _ io.Writer) ([]gamelog.Event, error) {
	b, pre, err := pending(g, "spot", "spot")
	if err != nil {
		return pre, err
	}
	if len(args) < 3 || len(args) > 4 {
		return nil, errors.New("spot OBSERVER TARGET RANGE_CM [coast]")
	}
	if err := b.CheckSpot(b.Vessel(args[0]), b.Vessel(args[1])); err != nil {
		return nil, err
	}
	coast := "no"
	if len(args) == 4 {
		if args[3] != "coast" {
			return nil, fmt.Errorf("%q: the fourth word is coast, or nothing", args[3])
		}
		coast = "yes"
	}
	return choose(g, pre, "spot", []string{b.Vessel(args[0]).ID, b.Vessel(args[1]).ID, args[2], coast})
}

func runSpeed(g *engine.Game, args []string, _ io.Writer) ([]gamelog.Event, error) {
	b, pre, err := pending(g, "move", "speed")
	if err != nil {
		return pre, err
	}
	if len(args) != 2 {
		return nil, errors.New("speed VESSEL LEVEL")
	}
	sp, err := ParseSpeed(args[1])
	if err != nil {
		return nil, err
	}
	v := b.Vessel(args[0])
	if v != nil && v.Side != b.acting {
		return nil, fmt.Errorf("%s is %s: now %s move", v.ID, v.Side, b.acting)
	}
	if err := b.CheckSpeed(v, sp); err != nil {
		return nil, err
	}
	return choose(g, pre, "speed", []string{v.ID, speedWords[sp]})
}

func runDepthCharge(g *engine.Game, args []string, _ io.Writer) ([]gamelog.Event, error) {
	return vesselAtVessel(g, args, "depthcharge", func(b *Battle) bool { return b.Opt.DepthCharges },
		"depth charges are an optional rule: new depth_charges=on", (*Battle).CheckDepthCharge)
}

// vesselAtVessel answers the movement phase with an optional order of one
// vessel at another (`ram VESSEL TARGET`, `depthcharge VESSEL TARGET`):
// the option must be on (else off says how to turn it on), and check,
// the rule's own test, must allow it.
func vesselAtVessel(g *engine.Game, args []string, verb string, on func(*Battle) bool, off string, check func(b *Battle, v, t *Vessel) error) ([]gamelog.Event, error) {
	b, pre, err := pending(g, "move", verb)
	if err != nil {
		return pre, err
	}
	if !on(b) {
		return nil, errors.New(off)
	}
	if len(args) != 2 {
		return nil, errors.New(verb + " VESSEL TARGET")
	}
	if err := check(b, b.Vessel(args[0]), b.Vessel(args[1])); err != nil {
		return nil, err
	}
	return choose(g, pre, verb, args)
}

func runFire(g *engine.Game, args []string, _ io.Writer) ([]gamelog.Event, error) {
	b, pre, err := pending(g, "guns", "fire")
	if err != nil {
		return pre, err
	}
	if len(args) != 4 {
		return nil, errors.New("fire SHOOTER WEAPON[:N] TARGET RANGE_CM")
	}
	cm, err := strconv.Atoi(strings.TrimSuffix(args[3], "cm"))
	if err != nil {
		return nil, fmt.Errorf("range %q: a number of cm", args[3])
	}
	v, gun, t, _, err := b.CheckFire(args[0], args[1], args[2], cm)
	if err != nil {
		return nil, err
	}
	return choose(g, pre, "fire", []string{v.ID, gun.Name, t.ID, strconv.Itoa(cm)})
}

func runTorpedo(g *engine.Game, args []string, _ io.Writer) ([]gamelog.Event, error) {
	b, pre, err := pending(g, "launch", "torpedo")
	if err != nil {
		return pre, err
	}
	if len(args) < 3 || len(args) > 4 {
		return nil, errors.New("torpedo SHOOTER TARGET RANGE_CM [18in|21in]")
	}
	typ := "any"
	if len(args) == 4 {
		typ = strings.ToLower(args[3])
	}
	cm, err := strconv.Atoi(strings.TrimSuffix(args[2], "cm"))
	if err != nil {
		return nil, fmt.Errorf("range %q: a number of cm", args[2])
	}
	v, _, t, err := b.CheckLaunch(args[0], args[1], cm, typ)
	if err != nil {
		return nil, err
	}
	return choose(g, pre, "torpedo", []string{v.ID, t.ID, strconv.Itoa(cm), typ})
}

func runReload(g *engine.Game, args []string, _ io.Writer) ([]gamelog.Event, error) {
	b, pre, err := pending(g, "launch", "reload")
	if err != nil {
		return pre, err
	}
	if !b.Opt.Reloads {
		return nil, errors.New("reloads are an optional rule: new reloads=on")
	}
	if len(args) != 1 {
		return nil, errors.New("reload VESSEL")
	}
	v := b.Vessel(args[0])
	if err := b.CheckReload(v); err != nil {
		return nil, err
	}
	return choose(g, pre, "reload", []string{v.ID})
}

// runOdds prints the exact chances of a shot or launch as typed, read
// from the same tables and facts the rules use.
func runOdds(g *engine.Game, args []string, w io.Writer) ([]gamelog.Event, error) {
	b, err := battle(g)
	if err != nil {
		return nil, err
	}
	o, what, err := b.OddsOf(args)
	if err != nil {
		return nil, err
	}
	fmt.Fprintf(w, "%s: to hit %.1f%%\n", what, 100*o.Hit)
	for l := Intact; l <= Sunk; l++ {
		fmt.Fprintf(w, "  %-16s %5.1f%%\n", l, 100*o.Levels[l])
	}
	return nil, nil
}

// OddsOf reads an odds command's words: fire SHOOTER WEAPON TARGET CM or
// torpedo SHOOTER TARGET CM [TYPE]. A shot is checked as an order would
// be, except that the side need not be acting now.
func (b *Battle) OddsOf(args []string) (Odds, string, error) {
	acting := b.acting
	b.acting = ""
	defer func() { b.acting = acting }()
	if len(args) == 5 && args[0] == "fire" {
		cm, err := strconv.Atoi(args[4])
		if err != nil {
			return Odds{}, "", fmt.Errorf("range %q: a number of cm", args[4])
		}
		v, g, t, band, err := b.CheckFire(args[1], args[2], args[3], cm)
		if err != nil {
			return Odds{}, "", err
		}
		o, err := b.odds("SR-HIT", b.gunFacts(v, g, t, band), t)
		return o, fmt.Sprintf("%s %s at %s, %dcm (%s)", v.ID, g.Name, t.ID, cm, band), err
	}
	if (len(args) == 4 || len(args) == 5) && args[0] == "torpedo" {
		cm, err := strconv.Atoi(args[3])
		if err != nil {
			return Odds{}, "", fmt.Errorf("range %q: a number of cm", args[3])
		}
		typ := "any"
		if len(args) == 5 {
			typ = args[4]
		}
		v, m, t, err := b.CheckLaunch(args[1], args[2], cm, typ)
		if err != nil {
			return Odds{}, "", err
		}
		tp := &Torpedo{Type: m.Type, Range: cm}
		o, err := b.odds("SR-TORP", b.torpedoFacts(tp, t, false), t)
		return o, fmt.Sprintf("%s %s torpedo at %s, %dcm", v.ID, m.Type.ID, t.ID, cm), err
	}
	return Odds{}, "", errors.New("odds fire SHOOTER WEAPON TARGET RANGE_CM, or odds torpedo SHOOTER TARGET RANGE_CM [TYPE]")
}

func runIllumination(kind string) func(*engine.Game, []string, io.Writer) ([]gamelog.Event, error) {
	return func(g *engine.Game, args []string, _ io.Writer) ([]gamelog.Event, error) {
		b, pre, err := pending(g, "guns", kind)
		if err != nil {
			return pre, err
		}
		if !b.Opt.Starshells {
			return nil, errors.New("starshells and flares are an optional rule: new starshells=on")
		}
		if len(args) != 2 {
			return nil, fmt.Errorf("%s VESSEL RANGE_CM", kind)
		}
		cm, err := strconv.Atoi(strings.TrimSuffix(args[1], "cm"))
		if err != nil {
			return nil, fmt.Errorf("range %q: a number of cm", args[1])
		}
		v, _, err := b.CheckIllumination(args[0], kind == "flare", cm)
		if err != nil {
			return nil, err
		}
		return choose(g, pre, kind, []string{v.ID, strconv.Itoa(cm)})
	}
}

// runOptions lists the game's options with their values and help.
func runOptions(g *engine.Game, _ []string, w io.Writer) ([]gamelog.Event, error) {
	if g == nil {
		return nil, errors.New("no game: start one with new")
	}
	val := map[string]string{}
	for _, o := range g.Header().Options {
		val[o.Name] = o.Value
	}
	var rows [][]string
	for _, o := range options {
		v, ok := val[o.Name]
		if !ok {
			v = o.Default // a quiet option at its default is not in the header
		}
		if v == "" {
			v = "(none)"
		}
		rows = append(rows, []string{o.Name, v, o.Help})
	}
	return nil, grid.Render(w, grid.Text, []string{"Option", "Value", "What it does"}, rows, 60)
}
