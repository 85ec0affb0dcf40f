package scheldt

import (
	"errors"
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"

	"github.com/schnell-wargames/schnell/engine"
	"github.com/schnell-wargames/schnell/gamelog"
	"github.com/schnell-wargames/schnell/grid"
)

const (
	groupOrders = "scheldt orders"
	groupViews  = "scheldt views"
)

// commands are the game's commands: one per order, and the views.
func commands() []engine.Command {
	orders := []struct{ name, usage, help string }{
		{OrderDone, "done", "End the phase and play on to the next orders (at a pause, `done` plays on as `step` does)."},
		{OrderAttack, "attack HEX terrain=T diff=N [shifts=N] [engineer] [naval walcheren] [mobile antitank] [support=N] [defence=N] [pocket]",
			"Resolve an attack on the Integrated CRT (Combat Phase): the target hex, its terrain (coastal, docks, city, canal, flooded, clear), the final differential with all support counted, the series' column shifts; `engineer` reads a flooded hex on the clear line (12.1), `naval` plays a +10 naval marker (16.4: `walcheren` says the target is within four hexes of Walcheren's coast; it is one of the attacker's two support markers), `mobile` says an Allied mobile unit attacks and `antitank` plays the German +5 against it (14.1: then the German may play three markers); `support` and `defence` count each side's support fire markers (two each, checked); `pocket` says the attack is in the Breskens Pocket (13.0)."},
		{OrderBombard, "bombard HEX range=N [naval walcheren] [support=N] [pocket]", "Record a bombardment (Combat Phase): range is hexes from the nearest friendly unit (14.2: at most 3); a +10 naval marker is one of its two support markers (16.4); the German +5 anti-tank marker never defends against one (14.1). Its resolution is the series rules'."},
		{OrderRebuild, "rebuild UNIT adjacent=yes|no [edge=N] [trace=yes]", "Rebuild a depleted unit at the end of your player turn (11.0): adjacent says whether it is next to an enemy unit; edge is a German unit's distance from the eastern edge; trace, for an assault unit, that it traces overland to Antwerp."},
		{OrderAssault, "assault beveland|walcheren", "Declare a beach assault in the Allied Movement Phase (16.1, 16.2); each unit then lands with `land`."},
		{OrderLand, "land HEX [occupied] [terneuzen=N]", "Land the next unit of an assault (16.3): its coastal hex, whether a German unit is in it, and (Beveland) its distance from Terneuzen."},
		{OrderMark, "mark UNIT full|depleted|eliminated [HEX]", "Note a unit's strength (and hex) in the order of battle; a landed Allied unit keeps its hex (16.3), and no German unit enters a landing hex a German left (16.3)."},
		{OrderEnter, "enter [stacked] [enemy]", "Enter the reinforcement offered (11.3): `stacked` says it would end its movement in a hex with another unit (refused, 11.3), `enemy` that its arrival hex holds an enemy unit (refused, 11.5)."},
		{OrderWait, "wait", "Hold the reinforcement offered back: to the Mobile Movement Phase (11.3), or from there to the next turn (11.5)."},
		{OrderClear, "clear HEX eliminated|retreated|exited", "Note that no German unit is left in a landing hex (16.3): eliminated, forcibly retreated, or exited (then no German unit may enter it again)."},
		{OrderGate, "gate woensdrecht|road yes|no", "Note what the board shows: Woensdrecht (2021) held by the Allies (16.1); every road hex Woensdrecht–Schore held (16.2)."},
	}
	var out []engine.Command
	for _, o := range orders {
		name := o.name
		out = append(out, engine.Command{Name: name, Group: groupOrders, Usage: o.usage, Help: o.help,
			Run: func(g *engine.Game, args []string, _ io.Writer) ([]gamelog.Event, error) {
				return give(g, name, args)
			},
			Complete: func(g *engine.Game, args []string) []string { return completeOrder(g, name, args) },
		})
	}
	out = append(out,
		engine.Command{Name: "oob", Group: groupViews, Usage: "oob [allied|german]", Help: "The order of battle: every unit, its factors, strength and hex.", Run: cmdOOB},
		engine.Command{Name: "odds", Group: groupViews, Usage: "odds terrain=T diff=N [shifts=N] [engineer]", Help: "Every result's chance for an attack as typed.", Run: cmdOdds},
		engine.Command{Name: "card", Group: groupViews, Usage: "card", Help: "The turn and reinforcement card: each turn's rebuilds, arrivals and special rules.", Run: cmdCard},
		engine.Command{Name: "cross", Group: groupViews, Usage: "cross FROM TO [flooded|inlet|sea|leopold] [mobile|boat] [allied|german]", Help: "What the exclusive rules say of a move between two adjacent hexes: the causeway (15.2), the all-sea hexside of the Braakman Inlet (13.0, 15.1), sea (15.0), flooded and inlet hexes (12.0, 15.1), the Leopold Canal (`leopold`: no German move or advance across it, 13.0).", Run: cmdCross},
		engine.Command{Name: "combats", Group: groupViews, Usage: "combats", Help: "The combat record: every attack resolved.", Run: cmdCombats},
	)
	return out
}

// pendingOrder is the pending decision that offers option name.
func pendingOrder(g *engine.Game, name string) (*engine.Decision, int, error) {
	p := g.Pending()
	switch {
	case p != nil && p.Draw != nil:
		return nil, 0, fmt.Errorf("the game waits for the support fire draw first: `draw` the markers (or `draw` alone: the program draws)")
	case p != nil && p.Roll != nil:
		return nil, 0, fmt.Errorf("the game waits for a roll first: `roll` the faces")
	case p == nil || p.Decision == nil:
		return nil, 0, fmt.Errorf("no orders are open now: `step` plays on to the next phase")
	}
	d := p.Decision
	for i := range d.Options {
		if d.Options[i].Name == name {
			return d, i, nil
		}
	}
	if why, ok := d.Refusal(name); ok {
		return nil, 0, fmt.Errorf("%s: the orders now are %s", why, optionNames(d))
	}
	return nil, 0, fmt.Errorf("first answer the question on screen (%s): %s", d.Prompt, optionNames(d))
}

func optionNames(d *engine.Decision) string {
	var s []string
	for i := range d.Options {
		s = append(s, d.CommandFor(i))
	}
	return strings.Join(s, ", ")
}

// give reads an order typed at the prompt (its arguments by name, bare
// yes/no names, or in order) and answers the pending decision with it:
// the kernel checks it by its rule (Game.Refuse, the option's Check).
func give(g *engine.Game, name string, words []string) ([]gamelog.Event, error) {
	if p := g.Pending(); name == OrderDone && len(words) == 0 && p != nil && p.Pause != "" {
		return g.Step(1) // done at a pause: the player is done here, play on
	}
	d, i, err := pendingOrder(g, name)
	if err != nil {
		return nil, err
	}
	vals, err := readArgs(name, d.Options[i].Args, words)
	if err != nil {
		return nil, err
	}
	// The kernel's way: the answer plays on to the level of the last
	// `step` (`step turn` then `done` plays through the phases' pauses).
	return g.AnswerWith(i, vals, engine.ByPlayer)
}

// readArgs reads words as key=value, a bare yes/no argument's name (yes),
// or values in the order of the arguments not named.
func readArgs(order string, args []engine.Arg, words []string) ([]gamelog.Value, error) {
	vals := make([]gamelog.Value, len(args))
	set := make([]bool, len(args))
	find := func(name string) int {
		return slices.IndexFunc(args, func(a engine.Arg) bool { return a.Name == name })
	}
	var loose []string
	for _, w := range words {
		key, val, named := strings.Cut(w, "=")
		k := find(strings.ToLower(key))
		switch {
		case named && k < 0:
			return nil, fmt.Errorf("%s has no %s: %s", order, key, argNames(args))
		case !named && k >= 0 && args[k].Kind == engine.ArgYes:
			val, named = "yes", true
		case !named:
			loose = append(loose, w)
			continue
		}
		if set[k] {
			return nil, fmt.Errorf("%s: %s is given twice", order, args[k].Name)
		}
		if args[k].Kind == engine.ArgInt {
			val = strings.TrimPrefix(val, "+")
		}
		v, err := args[k].Parse(val)
		if err != nil {
			return nil, err
		}
		vals[k], set[k] = v, true
	}
	for k := range args {
		if set[k] {
			continue
		}
		if len(loose) > 0 && (args[k].Kind != engine.ArgYes || args[k].Default.Kind == gamelog.KNull) {
			w := loose[0]
			if args[k].Kind == engine.ArgInt {
				w = strings.TrimPrefix(w, "+")
			}
			if args[k].Kind == engine.ArgID && args[k].Name == "unit" {
				w = strings.ReplaceAll(w, "/", "-")
			}
			v, err := args[k].Parse(w)
			if err != nil {
				return nil, err
			}
			vals[k], set[k] = v, true
			loose = loose[1:]
			continue
		}
		if args[k].Default.Kind == gamelog.KNull {
			return nil, fmt.Errorf("%s needs %s%s: %s", order, args[k].Name, about(args[k]), argNames(args))
		}
		vals[k] = args[k].Default
	}
	if len(loose) > 0 {
		return nil, fmt.Errorf("%s: %q is not one of its arguments: %s", order, loose[0], argNames(args))
	}
	for k := range args {
		if err := args[k].Validate(vals[k]); err != nil {
			return nil, fmt.Errorf("%s: %w", order, err)
		}
	}
	return vals, nil
}

func about(a engine.Arg) string {
	if a.Text == "" {
		return ""
	}
	return " (" + a.Text + ")"
}

func argNames(args []engine.Arg) string {
	var s []string
	for i := range args {
		kind := map[engine.ArgKind]string{engine.ArgInt: "a number", engine.ArgID: "one of its names", engine.ArgYes: "yes or no", engine.ArgText: "a word"}[args[i].Kind]
		s = append(s, args[i].Name+" ("+kind+")")
	}
	if len(s) == 0 {
		return "it takes no arguments"
	}
	return "its arguments are " + strings.Join(s, ", ")
}

func completeOrder(g *engine.Game, name string, words []string) []string {
	d, i, err := pendingOrder(g, name)
	if err != nil {
		return nil
	}
	var out []string
	for k := range d.Options[i].Args {
		a := &d.Options[i].Args[k]
		switch a.Kind {
		case engine.ArgYes:
			out = append(out, a.Name)
		case engine.ArgID:
			for _, id := range a.IDs {
				out = append(out, a.Name+"="+id)
			}
		default:
			out = append(out, a.Name+"=")
		}
	}
	return out
}

// cmdOOB prints the order of battle: a table per side that fits the
// prompt's width (ids and hexes whole), or one unit in full.
func cmdOOB(g *engine.Game, args []string, w io.Writer) ([]gamelog.Event, error) {
	r, err := Of(g)
	if err != nil {
		return nil, err
	}
	sides := Sides
	if len(args) > 0 {
		a := strings.ToLower(args[0])
		switch {
		case a == Allied || a == German:
			sides = []string{a}
		case r.unit(args[0]) != nil:
			r.unitDetail(w, r.unit(args[0]))
			return nil, nil
		default:
			return nil, fmt.Errorf("oob: %q is neither a side (allied, german) nor a unit: `oob` lists them", args[0])
		}
	}
	for i, side := range sides {
		if i > 0 {
			fmt.Fprintln(w)
		}
		fmt.Fprintf(w, "%s units (`oob UNIT` shows one in full):\n", sideName(side))
		if err := grid.Render(w, grid.Text, []string{"Unit", "Counter", "State", "Hex", "Arrives"}, r.oobRows(side, true), 0); err != nil {
			return nil, err
		}
	}
	return nil, nil
}

// unitDetail prints one unit of the order of battle in full.
func (g *Game) unitDetail(w io.Writer, u *Unit) {
	fmt.Fprintf(w, "%s: %s, %s, %s", u.ID, u.Title, sideName(u.Side), u.State)
	if u.Hex != "" {
		fmt.Fprintf(w, ", in %s", u.Hex)
	}
	fmt.Fprintf(w, ".\nFactors: attack %d, defence %d, movement %d", u.Attack, u.Defence, u.Move)
	if u.Mobile {
		fmt.Fprint(w, "; a mobile unit (our reading, rules notes)")
	}
	fmt.Fprintf(w, ".\nArrives: %s.\n", g.arrival(u, false))
	if u.Pocket {
		fmt.Fprintln(w, "Starts in the Breskens Pocket: frozen until turn 4 (13.0).")
	}
}

// oobRows is the order of battle of side ("": both), the arrivals short
// (for a table at the prompt) or in full (the printed sheet).
func (g *Game) oobRows(side string, short bool) [][]string {
	var rows [][]string
	for _, u := range g.Units {
		if side != "" && u.Side != side {
			continue
		}
		hex := u.Hex
		if short {
			hex = shortHex(hex)
		}
		row := []string{u.ID, u.Title, u.State.String(), hex, g.arrival(u, short)}
		if side == "" {
			row = slices.Insert(row, 2, sideName(u.Side))
		}
		rows = append(rows, row)
	}
	return rows
}

// shortHex writes the set-up's "on or adjacent to A or B" as "A/B or next".
func shortHex(h string) string {
	if rest, ok := strings.CutPrefix(h, "on or adjacent to "); ok {
		return strings.Replace(rest, " or ", "/", 1) + " or next"
	}
	return h
}

// arrival says when and where u comes on the map: in full, or short (its
// turn or force alone).
func (g *Game) arrival(u *Unit, short bool) string {
	switch {
	case u.Arrives > g.Turns && short:
		return "never (turn " + strconv.Itoa(u.Arrives) + ")"
	case u.Arrives > g.Turns:
		return fmt.Sprintf("turn %d, after this game's last turn (%d): it never enters", u.Arrives, g.Turns)
	case u.Arrives > 0 && short:
		return "turn " + strconv.Itoa(u.Arrives)
	case u.Arrives > 0:
		return "turn " + strconv.Itoa(u.Arrives) + ": " + u.Setup + " (11.2)"
	case u.inSetup() && short:
		return "set-up"
	case u.inSetup() && u.Force != "":
		return "set-up: " + u.Setup + " (18.0); once withdrawn (13.1), with the Beveland Flank Assault (16.1)"
	case u.Force == "beveland" && short:
		return "16.1 assault"
	case u.Force == "beveland":
		return "16.1 Beveland Flank Assault"
	case u.Force == "walcheren" && short:
		return "16.2 assault"
	case u.Force == "walcheren":
		return "16.2 Walcheren Island Assault"
	}
	return "set-up: " + u.Setup + " (18.0)"
}

// cmdOdds prints every result's chance for an attack as typed.
func cmdOdds(g *engine.Game, words []string, w io.Writer) ([]gamelog.Event, error) {
	args := attackArgs()[1:5]
	args[0].Default = gamelog.Value{}
	vals, err := readArgs("odds", args, words)
	if err != nil {
		return nil, err
	}
	cf := &facts{terrain: Terrain(slices.Index(Terrains, vals[0].S)), diff: vals[1].I, shifts: vals[2].I}
	if vals[3].B {
		cf.engineers = 1
	}
	f := factsOf.Of(cf)
	tb, ok := g.Tables().Get("SC-CRT")
	if !ok {
		return nil, errors.New("the tables have no SC-CRT")
	}
	count, meanings := map[string]int{}, map[string]string{}
	var order []string
	col := ""
	for face := 1; face <= 6; face++ {
		_, shift := tb.Shift(f, nil)
		cell := tb.Read(f, face, shift)
		code := tb.Grid.ColumnsFor(f)
		col = code.Heading(cell.Column)
		if count[cell.Result] == 0 {
			order = append(order, cell.Result)
			if cell.Key != nil {
				meanings[cell.Result] = cell.Key.Result
			}
		}
		count[cell.Result]++
	}
	fmt.Fprintf(w, "%s, differential %+d, shifts %+d: column %s\n", cf.terrain, cf.diff, cf.shifts, col)
	var rows [][]string
	for _, c := range order {
		rows = append(rows, []string{c, meanings[c], fmt.Sprintf("%d/6", count[c]), fmt.Sprintf("%.1f%%", 100*float64(count[c])/6)})
	}
	return nil, grid.Render(w, grid.Text, []string{"Result", "Meaning", "Chance", "%"}, rows, 0)
}

func cmdCard(g *engine.Game, _ []string, w io.Writer) ([]gamelog.Event, error) {
	r, err := Of(g)
	if err != nil {
		return nil, err
	}
	s := r.turnCard()
	return nil, grid.Render(w, grid.Text, s.Columns, s.Rows, 0)
}

func cmdCombats(g *engine.Game, _ []string, w io.Writer) ([]gamelog.Event, error) {
	r, err := Of(g)
	if err != nil {
		return nil, err
	}
	if len(r.Combats) == 0 {
		fmt.Fprintln(w, "No attack has been resolved yet.")
		return nil, nil
	}
	s := r.combatSheet()
	return nil, grid.Render(w, grid.Text, s.Columns, s.Rows, 0)
}
