package coastal

import (
	"fmt"
	"strings"

	"github.com/schnell-wargames/schnell/engine"
	"github.com/schnell-wargames/schnell/gamelog"
	"github.com/schnell-wargames/schnell/scripting/luadoc"
	"github.com/schnell-wargames/schnell/sheet"
)

// Game is the game's value for the front ends' optional interfaces.
type Game struct{}

var (
	_ sheet.Sheeter     = Game{}
	_ sheet.Reporter    = Game{}
	_ luadoc.Documented = Game{}
)

var sheetNames = []string{"register", "register-attacker", "register-defender", "referee", "ships", "gunfire", "scenario"}

// SheetNames implements sheet.Sheeter.
func (Game) SheetNames() []string { return sheetNames }

// Sheets implements sheet.Sheeter: the marker register as the player at
// the prompt may see it (register), as one side may (register-SIDE), or
// whole (referee); the ship charts the player may see; the gunfire card;
// the scenario and VP card.
func (Game) Sheets(g *engine.Game, name string, _ int) ([]sheet.Sheet, error) {
	r, ok := g.Rules().(*Rules)
	if !ok || r.Setup == nil {
		return nil, fmt.Errorf("not a coastal game")
	}
	prompt := func(side string) bool { return g.PlayerPlays(side) }
	var out []sheet.Sheet
	for _, n := range sheetNames {
		if name != "all" && name != n {
			continue
		}
		switch n {
		case "register":
			out = append(out, r.registerSheet(n, "Marker register (as you may see it)", prompt))
		case "register-attacker", "register-defender":
			side := strings.TrimPrefix(n, "register-")
			out = append(out, r.registerSheet(n, "Marker register of the "+side, func(s string) bool { return s == side }))
		case "referee":
			out = append(out, r.registerSheet(n, "Marker register: referee's copy", func(string) bool { return true }))
		case "ships":
			out = append(out, r.shipSheets(prompt)...)
		case "gunfire":
			out = append(out, gunfireSheet())
		case "scenario":
			out = append(out, r.scenarioSheet())
		}
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("no sheet %q: the sheets are %s", name, strings.Join(sheetNames, ", "))
	}
	return out, nil
}

// lines breaks text into lines of at most 78 columns at spaces, for a
// sheet's head and foot (printed as they are).
func lines(text string) []string {
	var out []string
	line := ""
	for _, w := range strings.Fields(text) {
		if line != "" && len(line)+1+len(w) > 78 {
			out = append(out, line)
			line = ""
		}
		if line != "" {
			line += " "
		}
		line += w
	}
	return append(out, line)
}

func (r *Rules) head() []string {
	return []string{fmt.Sprintf("Scenario %s, turn %d, step %d", r.Scenario, r.Turn, r.Step)}
}

func (r *Rules) registerSheet(name, title string, knows func(string) bool) sheet.Sheet {
	s := sheet.Sheet{Name: name, Title: title, Head: r.head(), Columns: []string{"Marker", "Side", "Pot", "Sight", "Is"}}
	for _, m := range r.Markers {
		what := "?"
		if m.Revealed || knows(m.Side) {
			what = m.What()
			if m.Ship != nil {
				what = m.Ship.Name // its card in the ship charts
			}
		}
		sight := "hidden"
		switch {
		case m.Gone:
			sight = "gone"
		case m.Observed:
			sight = "observed"
		case m.Revealed:
			sight = "known"
		}
		s.Rows = append(s.Rows, []string{m.ID, m.Side, potName(m), sight, what})
	}
	s.Foot = []string{"? = not yet observed: only its own side knows what it is"}
	return s
}

// shipSheets are the ship charts the player may see: their state, then
// their cards' weapons and the systems lost (two tables, each within 80
// columns).
func (r *Rules) shipSheets(knows func(string) bool) []sheet.Sheet {
	state := sheet.Sheet{Name: "ships", Title: "Ship charts", Head: r.head(),
		Columns: []string{"Marker", "Ship", "Engines", "Bridge", "Hull", "Torps", "State"}}
	arms := sheet.Sheet{Name: "ships", Title: "Ship charts: weapons and systems lost", Head: r.head(),
		Columns: []string{"Marker", "Card", "Weapons"}}
	for _, sh := range r.Ships {
		m := r.markerOf(sh)
		if !m.Revealed && !knows(sh.Side) {
			continue
		}
		var eng []string
		for i, e := range sh.Engines {
			box := fmt.Sprint(e)
			if i < sh.EngLost {
				box = "x"
			}
			eng = append(eng, box)
		}
		var guns []string
		for i, w := range sh.Guns {
			g := w.Words()
			if sh.GunLost[i] {
				g += " (lost)"
			}
			guns = append(guns, g)
		}
		if len(guns) == 0 {
			guns = []string{"none (a twin MG by default)"}
		}
		hull := "-"
		if sh.Hull > 0 {
			hull = fmt.Sprintf("%d/%d", sh.Damage, sh.Hull)
		}
		st := sh.State()
		if sh.SinkIn > 0 && !sh.Sunk {
			st = fmt.Sprintf("sinking in %d", sh.SinkIn)
		}
		state.Rows = append(state.Rows, []string{m.ID, sh.Name, strings.Join(eng, " "), fmt.Sprintf("%d/%d", sh.Bridge-sh.BridgeL, sh.Bridge), hull, fmt.Sprint(sh.Torps), st})
		arms.Rows = append(arms.Rows, []string{m.ID, sh.Title, strings.Join(guns, ", ")})
		if len(sh.Systems) > 0 {
			arms.Foot = append(arms.Foot, fmt.Sprintf("%s %s lost %s.", m.ID, sh.Name, strings.Join(sh.Systems, "; ")))
		}
	}
	state.Foot = []string{"Engines: the boxes left first, x crossed off. Hull: damage/track (- none)."}
	return []sheet.Sheet{state, arms}
}

func gunfireSheet() sheet.Sheet {
	s := sheet.Sheet{Name: "gunfire", Title: "Gunfire card", Columns: []string{"Weapon", "Up to 15 cm", "Up to 40 cm", "41-60 cm"}}
	for w := TwinMG; w <= Larger; w++ {
		row := []string{w.Words()}
		for _, cm := range []int{15, 40, 60} {
			row = append(row, fmt.Sprint(Factor([]Weapon{w}, cm)))
		}
		s.Rows = append(s.Rows, row)
	}
	s.Foot = lines(`Guns (3" and up) fire separately: a single gun 2/1/1 at up to 30/31-60/61+ cm; ` +
		"directed guns 1.5 a gun / 1 + 1 per 2 / 1 per 2 (rounded down). The shooting variables go on the D6 " +
		"(on the factor with variables=factor): +2 straddled or hit last turn, +1 target stationary, -1 self or " +
		`target above half speed, -2 turning, -2 smaller than a corvette in a medium sea, -2 guns over 5" ` +
		"from a destroyer or smaller. `table GUN` prints the chart.")
	return s
}

func (r *Rules) scenarioSheet() sheet.Sheet {
	s := sheet.Sheet{Name: "scenario", Title: "Scenario and VP card: " + r.Scenario, Head: append(r.head(), lines("Victory: "+r.Setup.Note)...),
		Columns: []string{"Pot", "Side", "Ships", "Dummies", "Drawn"}}
	for _, p := range r.Setup.Pots {
		n := p.Draw
		if n == 0 {
			n = len(p.Real) + p.Dummies
		}
		s.Rows = append(s.Rows, []string{p.ID, p.Side, fmt.Sprint(len(p.Real)), fmt.Sprint(p.Dummies), fmt.Sprint(n)})
	}
	vp, result := r.Outcome()
	s.Foot = []string{fmt.Sprintf("Now: %d VP, %s (the attacker moves first).", vp, result)}
	return s
}

// Report implements sheet.Reporter: an after-action report in Markdown.
func (Game) Report(g *engine.Game, lg *gamelog.Log, _ int) (string, error) {
	r, ok := g.Rules().(*Rules)
	if !ok || r.Setup == nil {
		return "", fmt.Errorf("not a coastal game")
	}
	var b strings.Builder
	fmt.Fprintf(&b, "# After-action report: %s\n\n", r.Scenario)
	vp, result := r.Outcome()
	fmt.Fprintf(&b, "Turn %d. %d VP: %s.\n\n", r.Turn, vp, result)
	count := map[string]int{}
	for _, e := range lg.Events {
		count[e.Type]++
	}
	fmt.Fprintf(&b, "%d observations, %d gunfire, %d torpedo launches, %d torpedo hits, %d ships sunk.\n\n",
		count["observed"], count["gunfire"], count["launch"], count["torpedo_hit"], count["sunk"])
	fmt.Fprintln(&b, "| Ship | Side | State | Damage | Systems lost |")
	fmt.Fprintln(&b, "| --- | --- | --- | --- | --- |")
	for _, s := range r.Ships {
		if !r.markerOf(s).Revealed && !g.PlayerPlays(s.Side) && !g.Over() {
			continue
		}
		fmt.Fprintf(&b, "| %s (%s) | %s | %s | %d | %s |\n", s.Name, s.Title, s.Side, s.State(), s.Damage, strings.Join(s.Systems, "; "))
	}
	return b.String(), nil
}

// LuaAPI implements luadoc.Documented: the game's half of the Lua API.
func (Game) LuaAPI() luadoc.API {
	return luadoc.API{
		Game:    Name,
		Classes: []string{"Game", "Marker"},
		Decisions: "Decision kinds and their options: `observe` — `none`, `nearest`, `torpedo`, `look` (a marker); `fire` — `hold`, " +
			"`observe` (a revealed ship's second observation), `fire` (a target); `launch` — `hold`, `launch` (a target); `move` — `hold`, " +
			"`speed` (cm, and on a physical table turn, swing: the cm spent turning), `toward`, `comb`, `ram`, `away`, `exit` (escape), `astern` (cm, the move after standing still), " +
			"`tow` (lighter: take a lighter in tow), and on a virtual table `steer` (deg, cm) and `follow` (leader, bearing, cm: keep station); `split` — `hold`, `fire` (another target for the mounts not yet fired); `tow` — `none`, `tow` (by). " +
			"On a virtual table `launch` takes `lead` too (cm ahead of the target the spread reaches). The table's decisions " +
			"(`range`, `torpedo_run`, `kept`) are never sent to a script; a virtual table has none.",
		Examples: "`scripts/coastal/convoy.lua` (the convoy and escorts), `attackers.lua` (the solo attacking force), `flotilla.lua` " +
			"(the warship column): `schnell --game coastal --side defender=script:scripts/coastal/convoy.lua`.",
		Fields: []luadoc.Field{
			{Class: "Option", Name: "marker", Type: "string", Doc: "the marker deciding (coastal)"},
			{Class: "Option", Name: "class", Type: "string", Doc: "its vessel class, or dummy (coastal; only its own side sees it)"},
			{Class: "Option", Name: "left", Type: "integer", Doc: "launch: what the marker may still launch (coastal)"},
			{Class: "Option", Name: "sighted", Type: "table", Doc: "launch, fire: the ships the marker observed itself in its side's last observation step, by marker id, and the range measured then in cm (`o.sighted.M3 == 55`); nothing moves between that step and the launch, so it is the launch's range (coastal)"},
			{Class: "Option", Name: "ranges", Type: "table?", Doc: "on a virtual table, the launch or fire option: the range to every ship it may name, by marker id, in cm (coastal)"},
			{Class: "Game", Name: "scenario", Type: "string", Doc: "convoy, rescue, hunter, escape, warships or random (coastal)"},
			{Class: "Game", Name: "table", Type: "string", Doc: "physical (the player measures) or virtual (the program holds the table) (coastal)"},
			{Class: "Game", Name: "width", Type: "integer?", Doc: "a virtual table's width in mm (x runs 0 at the left edge to width)"},
			{Class: "Game", Name: "height", Type: "integer?", Doc: "a virtual table's height in mm (y runs 0 at the bottom, the defender's edge, to height)"},
			{Class: "Game", Name: "turn", Type: "integer", Doc: "the turn (coastal)"},
			{Class: "Game", Name: "step", Type: "integer", Doc: "the step of the turn, 1-8 (coastal)"},
			{Class: "Game", Name: "attacker_aware", Type: "boolean", Doc: "the attacker is aware of the enemy (coastal)"},
			{Class: "Game", Name: "defender_aware", Type: "boolean", Doc: "the defender is aware of the enemy (coastal)"},
			{Class: "Game", Name: "markers", Type: "Marker[]", Doc: "the markers on the table, what is known of them (coastal)"},
			{Class: "Marker", Name: "id", Type: "string", Doc: "M1, E2, A3, T4"},
			{Class: "Marker", Name: "side", Type: "string", Doc: "attacker or defender"},
			{Class: "Marker", Name: "pot", Type: "string", Doc: "the pot it was drawn from"},
			{Class: "Marker", Name: "torpedo", Type: "boolean", Doc: "a torpedo marker"},
			{Class: "Marker", Name: "observed", Type: "boolean", Doc: "held in observation by the enemy"},
			{Class: "Marker", Name: "revealed", Type: "boolean", Doc: "what it is is known to all"},
			{Class: "Marker", Name: "on", Type: "boolean?", Doc: "virtual table: it is on the table (false: behind the edge, coming in)"},
			{Class: "Marker", Name: "x", Type: "integer?", Doc: "virtual table: its centre, mm from the left edge"},
			{Class: "Marker", Name: "y", Type: "integer?", Doc: "virtual table: its centre, mm from the bottom edge"},
			{Class: "Marker", Name: "heading", Type: "integer?", Doc: "virtual table: its heading in degrees (0 north, up the table; 90 east)"},
			{Class: "Marker", Name: "is", Type: "string?", Doc: "what it is, once revealed"},
			{Class: "Marker", Name: "class", Type: "string?", Doc: "a revealed ship's class"},
			{Class: "Marker", Name: "fired", Type: "boolean?", Doc: "a revealed ship fired this turn"},
			{Class: "Marker", Name: "state", Type: "string?", Doc: "a revealed ship: afloat, sunk, escaped, left the table, disabled, withdrawn"},
		},
	}
}
