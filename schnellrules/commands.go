package schnellrules

import (
	"errors"
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/schnell-wargames/schnell/engine"
	"github.com/schnell-wargames/schnell/gamelog"
	"github.com/schnell-wargames/schnell/grid"
)

const (
	groupData   = "Vessel data"
	groupOrders = "Battle orders"
)

// commands are the game's views and orders at the prompt. An order answers
// the pending decision with the line typed (engine.Order): the rules'
// options, their checks (Option.Check, the Check* rules) and refusals
// alone say what may be ordered; nothing is recorded when one is refused.
// An order the decision does not take now is told when it will be.
var commands = []engine.Command{
	{Name: "vessels", Group: groupData, Usage: "vessels [FILTER]", Help: "list the vessel classes (FILTER: part of an id or name, a nation, a size)", Run: runVessels},
	{Name: "vessel", Group: groupData, Usage: "vessel CLASS|ID", Help: "show a class of the Boat Data, or a vessel of the battle", Run: runVessel},
	{Name: "card", Group: groupData, Usage: "card ID", Help: "a vessel's card: class data, speed ladder, damage track, weapons, tubes", Run: runCard},
	{Name: "options", Group: groupData, Usage: "options", Help: "the battle's options: the optional rules, on or off, and what each does", Run: runOptions},
	{Name: "sides", Group: groupData, Usage: "sides", Help: "the vessels of each side", Run: runSides},
	{Name: "add", Group: groupOrders, Usage: "add ID CLASS [allies|axis] [st|vs|s|m|f|vf]", Help: "set-up: add a vessel (CLASS: an id or name, or a unique part of a name; the side by nation and the speed medium unless given: add S38 s-38 vf)", Run: runAdd},
	{Name: "remove", Group: groupOrders, Usage: "remove ID", Help: "set-up: remove a vessel", Run: orderCmd("remove")},
	{Name: "begin", Group: groupOrders, Usage: "begin", Help: "set-up: begin the battle (each side needs a vessel)", Run: orderCmd("begin")},
	{Name: "spot", Group: groupOrders, Usage: "spot OBSERVER TARGET RANGE_CM [coast]", Help: "phase 1: an observer looks for a target at the range measured (coast: the target is against a coastline within 30cm)", Run: runSpot},
	{Name: "speed", Group: groupOrders, Usage: "speed VESSEL LEVEL", Help: "phases 4-5: change a vessel's speed (st, vs, s, m, f, vf)", Run: runSpeed},
	{Name: "depthcharge", Group: groupOrders, Usage: "depthcharge VESSEL TARGET", Help: "phases 4-5 (option depth_charges): a depth charge attack", Run: orderCmd("depthcharge")},
	{Name: "ram", Group: groupOrders, Usage: "ram VESSEL TARGET", Help: "phases 4-5 (option ramming, the FAQ): ram an enemy vessel: damage as an 18\" torpedo (21\" from a Large or Very Large rammer) +2, no roll to hit", Run: orderCmd("ram")},
	{Name: "air", Group: groupOrders, Usage: "air AIRCRAFT WEAPON TARGET RANGE_CM", Help: "phases 3 and 6 (option aircraft=on): a named aircraft attacks with rockets, bomb50..bomb1000 (range 0) or a Gun Data row (strafing, one roll per 4 guns)", Run: orderCmd("air")},
	{Name: "aa", Group: groupOrders, Usage: "aa VESSEL WEAPON[:N] AIRCRAFT RANGE_CM", Help: "phases 3, 6 and 7 (option aircraft=on): a gun fires at an aircraft out to its Medium range", Run: orderCmd("aa")},
	{Name: "airfire", Group: groupOrders, Usage: "airfire AIRCRAFT GUN[:MOUNT] ENEMY_AIRCRAFT RANGE_CM [fixed|defensive]", Help: "phase 7 (option aircraft=on): an aircraft's gun fires at an enemy aircraft out to its Medium range; a defensive mount engages one air target a turn besides the aircraft's one target", Run: orderCmd("airfire")},
	{Name: "fire", Group: groupOrders, Usage: "fire SHOOTER WEAPON[:N] TARGET RANGE_CM", Help: "phase 7: a gun fires at a target at the range measured", Run: orderCmd("fire")},
	{Name: "starshell", Group: groupOrders, Usage: "starshell VESSEL RANGE_CM", Help: "phase 7 (option starshells): a gun of 4\" or more fires a starshell at a point over 40cm away (on the virtual table: RANGE_CM BEARING, or a vessel or marker to aim at)", Run: runIllumination("starshell")},
	{Name: "flare", Group: groupOrders, Usage: "flare VESSEL RANGE_CM", Help: "phase 7 (option starshells): fire a flare at a point up to 20cm away (on the virtual table: RANGE_CM BEARING, or a vessel or marker to aim at)", Run: runIllumination("flare")},
	{Name: "torpedo", Group: groupOrders, Usage: "torpedo SHOOTER TARGET RANGE_CM [18in|21in]", Help: "phase 8: launch a torpedo at a target at the range measured", Run: orderCmd("torpedo")},
	{Name: "reload", Group: groupOrders, Usage: "reload VESSEL", Help: "phase 8 (option reloads): begin reloading the tubes", Run: orderCmd("reload")},
	{Name: "captain", Group: groupOrders, Usage: "captain", Help: "on the virtual table: the reference side's captain gives the rest of this phase's orders for your side (moves, gunfire, torpedoes), as auto plays them", Run: runCaptain},
	{Name: "done", Group: groupOrders, Usage: "done", Help: "no more orders of this side in this phase (Enter at the question does the same)", Run: orderCmd("done")},
	{Name: "end", Group: groupOrders, Usage: "end", Help: "phase 1: end the battle here", Run: orderCmd("end")},
	{Name: "odds", Group: groupOrders, Usage: "odds fire SHOOTER WEAPON TARGET RANGE_CM | odds torpedo SHOOTER TARGET RANGE_CM [TYPE]", Help: "the exact chance to hit and of each damage level, as the rules would read it now", Run: runOdds},
}

func battle(g *engine.Game) (*Battle, error) {
	if g == nil {
		return nil, errors.New("no game: start one with new")
	}
	b, ok := g.RulesOf(Name).(*Battle)
	if !ok {
		return nil, errors.New("not a schnellrules game")
	}
	return b, nil
}

// orderKinds are the decisions that take each order, and the phase it is
// given in, as the player is told when it is typed at another time.
var orderKinds = map[string]struct{ kinds, when string }{
	"add":         {"setup", "the set-up"},
	"remove":      {"setup", "the set-up"},
	"place":       {"setup", "the set-up on the virtual table"},
	"steer":       {"move", "phases 4 and 5, movement on the virtual table"},
	"formation":   {"move", "phases 4 and 5, movement on the virtual table"},
	"begin":       {"setup", "the set-up"},
	"spot":        {"spot", "phase 1, spot targets"},
	"end":         {"spot", "phase 1, spot targets"},
	"speed":       {"move", "phases 4 and 5, movement"},
	"depthcharge": {"move", "phases 4 and 5, movement (with depth charges on)"},
	"ram":         {"move", "phases 4 and 5, movement (with ramming on)"},
	"air":         {"air", "phases 3 and 6 (with aircraft on)"},
	"aa":          {"aa guns", "phases 3 and 6 as an aircraft attacks, and phase 7 (with aircraft on)"},
	"airfire":     {"guns", "phase 7, fire guns (with aircraft on)"},
	"fire":        {"guns", "phase 7, fire guns"},
	"starshell":   {"guns", "phase 7, fire guns (with starshells on)"},
	"flare":       {"guns", "phase 7, fire guns (with starshells on)"},
	"torpedo":     {"launch", "phase 8, launch torpedoes"},
	"reload":      {"launch", "phase 8, launch torpedoes (with reloads on)"},
}

// orderCmd is the Run of the order verb: a new game first plays on to its
// set-up; an order the pending decision takes answers it (engine.Order);
// one it does not take is told why (the rules' refusal) or when it will be
// taken.
func orderCmd(verb string) func(*engine.Game, []string, io.Writer) ([]gamelog.Event, error) {
	return func(g *engine.Game, args []string, w io.Writer) ([]gamelog.Event, error) {
		b, err := battle(g)
		if err != nil {
			return nil, err
		}
		if g.Pending() == nil && !g.Over() && b.Turn == 0 {
			// A new game plays on to its set-up first; what that makes is
			// shown with the order's events (the history keeps both: the
			// slice a step returns is the game's to reuse).
			seq := g.Seq()
			if _, err := g.Step(1); err != nil {
				return nil, err
			}
			if err := b.notNow(g, verb, args); err != nil {
				return since(g, seq), err
			}
			_, err := engine.Order(verb)(g, args, w)
			return since(g, seq), err
		}
		if err := b.notNow(g, verb, args); err != nil {
			return nil, err
		}
		return engine.Order(verb)(g, args, w)
	}
}

// since is the events of g's history after seq.
func since(g *engine.Game, seq int) []gamelog.Event {
	h := g.History()
	i := len(h)
	for i > 0 && h[i-1].Seq > seq {
		i--
	}
	return h[i:]
}

// notNow says why the pending decision does not take an order verb with
// args, and when it will be taken (nil: it is the decision's to judge).
func (b *Battle) notNow(g *engine.Game, verb string, args []string) error {
	p := g.Pending()
	if g.Over() {
		return fmt.Errorf("%s: the battle is over", verb)
	}
	if p == nil || p.Decision == nil {
		if p != nil && p.Roll != nil {
			return nil // the kernel says what the roll waits for
		}
		return fmt.Errorf("%s is an order of %s; the game waits for no order now: step plays on to the next", verb, orderKinds[verb].when)
	}
	d := p.Decision
	offered := slices.ContainsFunc(d.Options, func(o engine.Option) bool { return o.Name == verb })
	if !offered {
		if why, ok := d.Refusal(verb); ok {
			return errors.New(why)
		}
		if verb == "done" {
			return nil // the kernel lists what the decision takes
		}
		k, known := orderKinds[verb]
		if !known || strings.Contains(" "+k.kinds+" ", " "+d.Kind+" ") {
			return nil
		}
		return fmt.Errorf("%s is an order of %s; now it is %s: %s", verb, k.when, b.now(d), b.toEnd(d))
	}
	// The order's vessel of the other side: its side gives its orders of
	// this phase before or after this one.
	if len(args) > 0 && d.Side != "" && d.Side != engine.TableSide && verb != "airfire" && verb != "air" {
		if v := b.Vessel(args[0]); v != nil && v.Side == b.sideOf(d.Side) && !ordersOf(v, d.Side) {
			return fmt.Errorf("%s takes its orders on its own question, not %s (%s)", v.ID, b.now(d), b.toEnd(d))
		}
		if v := b.Vessel(args[0]); v != nil && v.Side != b.sideOf(d.Side) {
			if b.order()[0] == b.sideOf(d.Side) {
				return fmt.Errorf("%s is the %s': they give their orders of this phase after the %s (%s)", v.ID, sideName(v.Side), sideName(b.sideOf(d.Side)), b.toEnd(d))
			}
			return fmt.Errorf("%s is the %s': their turn in this phase has passed (a side is asked only when it has an order to give)", v.ID, sideName(v.Side))
		}
	}
	return nil
}

// now names where the battle is: the phase and whose orders it waits for.
func (b *Battle) now(d *engine.Decision) string {
	s := "the set-up"
	if b.Turn > 0 {
		s = "turn " + strconv.Itoa(b.Turn) + ", phase " + phaseNames[b.Phase]
	}
	if d.Side != "" && d.Side != engine.TableSide {
		s += ", " + strings.Replace(whose(b, d.Side), "The ", "the ", 1) + " orders"
	}
	return s
}

// toEnd says how the pending decision ends.
func (b *Battle) toEnd(d *engine.Decision) string {
	if slices.ContainsFunc(d.Options, func(o engine.Option) bool { return o.Name == "done" }) {
		return "done, or Enter, ends them"
	}
	return "answer it first"
}

// runVessels lists the classes, one line each, fitted to the terminal's
// width with every id and number whole: the name, last, is cut to the room
// left (vessel ID shows the class in full), or left out when there is none.
func runVessels(g *engine.Game, args []string, w io.Writer) ([]gamelog.Event, error) {
	db, err := database(g)
	if err != nil {
		return nil, err
	}
	cls := db.Filter(strings.Join(args, " "))
	if len(cls) == 0 {
		return nil, fmt.Errorf("no class matches %q", strings.Join(args, " "))
	}
	head := []string{"Id", "Nation", "Size", "Turn", "Speed", "Torpedoes"}
	var rows [][]string
	for _, c := range cls {
		rows = append(rows, []string{c.ID, nationWord(c.Nation), sizeCodes[c.Size] + " " + signed(c.SizeMod), sizeCodes[c.Manoeuvre], speedCode(c.Speed), torpShort(c)})
	}
	width := 80
	if cw, ok := w.(grid.Columner); ok && cw.Columns() > 0 {
		width = cw.Columns()
	}
	room := width - 1 - 3*(len(head)+1) // the borders and padding of one more column
	for i, h := range head {
		n := len(h)
		for _, r := range rows {
			n = max(n, utf8.RuneCountInString(r[i]))
		}
		room -= n
	}
	if room >= 8 {
		head = append(head, "Name")
		for i, c := range cls {
			rows[i] = append(rows[i], cut(c.Name, room))
		}
	}
	fmt.Fprintf(w, "%s; vessel ID shows one in full (name, guns):\n", plural(len(cls), "class"))
	return nil, grid.Render(w, grid.Text, head, rows, 0)
}

// cut shortens s to at most n characters, marking a cut with "...".
func cut(s string, n int) string {
	if utf8.RuneCountInString(s) <= n {
		return s
	}
	r := []rune(s)
	return strings.TrimRight(string(r[:n-3]), " ") + "..."
}

// nationWord is a nation as the player reads it.
func nationWord(n string) string {
	switch n {
	case "us":
		return "US"
	case "":
		return "-"
	}
	return strings.ToUpper(n[:1]) + n[1:]
}

// torpShort is a class's torpedoes in a few characters: the mounts of each
// type (2x3: two mounts of three), the reloads (+2): "21in 2+2".
func torpShort(c *Class) string {
	if len(c.Torpedoes) == 0 {
		return "-"
	}
	var parts []string
	for i := 0; i < len(c.Torpedoes); {
		m := c.Torpedoes[i]
		n := 1
		for i+n < len(c.Torpedoes) && c.Torpedoes[i+n].Type == m.Type && c.Torpedoes[i+n].Tubes == m.Tubes {
			n++
		}
		p := m.Type.ID + " "
		if n > 1 {
			p += strconv.Itoa(n) + "x"
		}
		parts = append(parts, p+strconv.Itoa(m.Tubes))
		i += n
	}
	s := strings.Join(parts, ", ")
	if c.Reloads > 0 {
		s += "+" + strconv.Itoa(c.Reloads)
	}
	return s
}

func database(g *engine.Game) (*Database, error) {
	if g == nil {
		return nil, errors.New("no game: start one with new")
	}
	if b, ok := g.RulesOf(Name).(*Battle); ok {
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
	fmt.Fprintf(w, "%s  %s (%s)\n", c.ID, c.Name, nationWord(c.Nation))
	fmt.Fprintf(w, "Size %s (%s), size modifier %s; manoeuvre %s; speed %s (%dcm)\n", c.Size.Word(), sizeCodes[c.Size], signed(c.SizeMod), c.Manoeuvre.Word(), c.Speed.Word(), c.Speed.Move())
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

// parseAdd reads ID CLASS... [allies|axis] [SPEED]: the class may be
// several words (quotes around it are dropped); a last word or two that
// name a side or a speed (st, vs, s, m, f, vf, or in words: very-fast) set
// them, as do side=S and speed=L; the side defaults by nation (British, US
// and generic craft are allies, German and Italian axis), the speed to
// Medium, or the class's top speed if it is slower.
func parseAdd(db *Database, args []string) (id, class, side, speed string, err error) {
	if len(args) < 2 {
		return "", "", "", "", errors.New("add ID CLASS [allies|axis] [SPEED]")
	}
	speed = "m"
	given := false // a speed was typed
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
			if _, err := ParseSpeed(strings.ReplaceAll(v, "-", "_")); err != nil {
				return "", "", "", "", err
			}
			speed, given = strings.ToLower(strings.ReplaceAll(v, "-", "_")), true
		default:
			name = append(name, a)
		}
	}
	// Trailing side and speed words (one of each at most), when what is
	// left before them names a class.
	for strip := min(2, len(name)-1); strip > 0; strip-- {
		if _, err := db.Find(strings.Trim(strings.Join(name[:len(name)-strip], " "), `"`)); err != nil {
			continue
		}
		tSide, tSpeed, ok := "", "", true
		for _, w := range name[len(name)-strip:] {
			w = strings.ToLower(w)
			if (w == Sides[0] || w == Sides[1]) && tSide == "" {
				tSide = w
			} else if _, err := ParseSpeed(strings.ReplaceAll(w, "-", "_")); err == nil && tSpeed == "" {
				tSpeed = strings.ReplaceAll(w, "-", "_")
			} else {
				ok = false
			}
		}
		if !ok {
			continue
		}
		if tSide != "" {
			side = tSide
		}
		if tSpeed != "" {
			speed, given = tSpeed, true
		}
		name = name[:len(name)-strip]
		break
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
		if !given {
			sp = c.Speed // Medium unless the class is slower
		} else {
			return "", "", "", "", fmt.Errorf("%s makes at most %s", c.ID, c.Speed.Word())
		}
	}
	return args[0], c.ID, side, speedWords[sp], nil
}

// runAdd is the set-up's add: see parseAdd.
func runAdd(g *engine.Game, args []string, w io.Writer) ([]gamelog.Event, error) {
	b, err := battle(g)
	if err != nil {
		return nil, err
	}
	id, class, side, speed, err := parseAdd(b.DB, args)
	if err != nil {
		return nil, err
	}
	return orderCmd("add")(g, []string{id, class, side, speed}, w)
}

// runSpot is spot OBSERVER TARGET RANGE_CM [coast]: the word coast says
// the target is against a coastline.
func runSpot(g *engine.Game, args []string, w io.Writer) ([]gamelog.Event, error) {
	if len(args) < 3 || len(args) > 4 {
		return nil, errors.New("spot OBSERVER TARGET RANGE_CM [coast]")
	}
	if len(args) == 4 {
		if !strings.EqualFold(args[3], "coast") {
			return nil, fmt.Errorf("%q: the fourth word is coast, or nothing", args[3])
		}
		args = append(args[:3:3], "yes")
	}
	return orderCmd("spot")(g, args, w)
}

// runSpeed is speed VESSEL LEVEL, the level as a code (vf) or a word
// (very_fast, very-fast).
func runSpeed(g *engine.Game, args []string, w io.Writer) ([]gamelog.Event, error) {
	if len(args) == 2 {
		if sp, err := ParseSpeed(strings.ReplaceAll(args[1], "-", "_")); err == nil {
			args = []string{args[0], speedWords[sp]}
		}
	}
	return orderCmd("speed")(g, args, w)
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
		rows = append(rows, []string{"`" + o.Name + "`", v, o.Help}) // the name as `new NAME=VALUE` takes it
	}
	// The names are what a player types (`new depth_charges=on`, a flag):
	// in backquotes, as every command to type.
	fmt.Fprintln(w, "Set when a battle is made: `new NAME=VALUE`, or the flag `--NAME VALUE`.")
	return nil, grid.Render(w, grid.Text, []string{"Option", "Value", "What it does"}, rows, 60)
}
