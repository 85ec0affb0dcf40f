package paukenschlag

import (
	"fmt"
	"io"
	"strings"

	"github.com/schnell-wargames/schnell/grid"

	"github.com/schnell-wargames/schnell/engine"
	"github.com/schnell-wargames/schnell/gamelog"
)

// describe words the game's events for the player ("": the kernel's
// wording, for rolls, decisions and draws).
func describe(e *gamelog.Event) string {
	s, i := e.Str, e.Int
	switch engine.EventType(e.Type) {
	case EvStart:
		return fmt.Sprintf("Paukenschlag, scenario %s, %d turns; variants: %s.", s("scenario"), i("turns"), variantWords(s("variants")))
	case EvTurn:
		return fmt.Sprintf("== Turn %d ==", i("n"))
	case EvStep:
		return fmt.Sprintf("%s %s: %s.", s("sec"), s("name"), s("board"))
	case EvEntry:
		if _, ok := e.Get("dr"); !ok {
			return fmt.Sprintf("21.1 %s never enters: %s.", s("boat"), s("why"))
		}
		w := map[string]string{"enters": "ENTERS (BD or BE, undetected)", "waits": "waits (tries again next turn)", "never": "never enters (10)"}[s("result")]
		return fmt.Sprintf("21.1 %s: DR %d, turns played %d: %s.", s("boat"), i("dr"), i("played"), w)
	case EvEnters:
		if s("area") == "" {
			return fmt.Sprintf("%s re-enters, repaired (21.5.3): place it where it exited the map.", s("boat"))
		}
		return fmt.Sprintf("%s enters in %s (%s).", s("boat"), s("area"), s("why"))
	case EvBarbarigo:
		if r := s("role"); r != "" {
			return "21.2 The Barbarigo is used " + map[string]string{"torpedoes": "as a conventional sub.", "frogmen": "as a frogman ferry: it attacks no ships (21.2.1)."}[r]
		}
		if v, _ := e.Get("in_game"); !v.B {
			return fmt.Sprintf("21.2 Barbarigo: D10 %d + 1 = turn %d, after the game's last turn: it does not enter.", i("dr"), i("turn"))
		}
		return fmt.Sprintf("21.2 Barbarigo: D10 %d + 1 = it enters on turn %d, at DH or DT.", i("dr"), i("turn"))
	case EvCanadians:
		return fmt.Sprintf("21.4 The Canadian destroyer and three cutters may enter from turn %d: place them in %s.", i("turn"), s("areas"))
	case EvPlane:
		switch s("result") {
		case "flown":
			if s("boat") == "" {
				return fmt.Sprintf("%s flew: it goes on the Turn Record Track at Air Unit Return (5.7).", s("plane"))
			}
			return fmt.Sprintf("21.3 %s flies with %s: bomb factor %s.", s("plane"), s("boat"), s("bomb"))
		case "ferry":
			return fmt.Sprintf("21.3.2 The Cant Z-511 ferries frogmen to %s: all five markers in the container.", s("port"))
		case "destroyed":
			return fmt.Sprintf("21.3 %s is destroyed: %s.", s("plane"), s("why"))
		case "track":
			return fmt.Sprintf("21.3 %s goes on the Turn Record Track: back on turn %d.", s("plane"), i("turn"))
		}
	case EvFrogman:
		switch s("result") {
		case "declared":
			return fmt.Sprintf("21.2.1 Frogman attack declared on %s: the %s player leaves %s out; four markers in the container.", s("area"), sideWord(s("chooser")), s("left_out"))
		case "failed":
			if m := s("marker"); m != "" {
				return fmt.Sprintf("%s Frogman attack on %s: marker %s, it fails.", s("sec"), s("area"), m)
			}
			return fmt.Sprintf("21.2.1 Frogman attack on %s fails: %s.", s("area"), s("why"))
		case "succeeds":
			return fmt.Sprintf("%s Frogman attack on %s: marker %s, it SUCCEEDS: make a tonnage determination DR.", s("sec"), s("area"), s("marker"))
		}
	case EvDamage:
		return describeDamage(e)
	case EvBoat:
		b := s("boat")
		switch w := s("what"); w {
		case "factors":
			return fmt.Sprintf("%s: Must Surface %d, Sunk %d.", b, i("msf"), i("sunk"))
		case "area":
			if _, ok := e.Get("mp"); ok {
				return fmt.Sprintf("%s is in %s (1 MP: damaged, 21.5.3).", b, s("area"))
			}
			return fmt.Sprintf("%s is in %s.", b, s("area"))
		case "fuel":
			return fmt.Sprintf("%s: %d fuel boxes left.", b, i("left"))
		case "torpedo":
			if t := s("target"); t != "" {
				return fmt.Sprintf("%s attacks %s: %d torpedoes left (the base game resolves it).", b, t, i("left"))
			}
			return fmt.Sprintf("%s: %d torpedoes left.", b, i("left"))
		case "must surface":
			return fmt.Sprintf("21.5.3 %s must surface and can no longer submerge; its MP allowance is 1.", b)
		case "destroyed":
			return fmt.Sprintf("%s is destroyed (%s).", b, s("why"))
		case "removed":
			return fmt.Sprintf("%s leaves the game: %s.", b, s("why"))
		default:
			return fmt.Sprintf("%s is %s.", b, w)
		}
	case EvContact:
		if s("result") == "ends" {
			back := "no unit returns to " + s("area")
			if r := s("returned"); r != "" {
				back = "return " + strings.ReplaceAll(r, ",", ", ") + " to " + s("area")
			}
			if v, _ := e.Get("over"); v.B {
				return fmt.Sprintf("5.5 %s play ends: %s; the contact there is over.", s("play"), back)
			}
			return fmt.Sprintf("5.5 %s play ends: %s (the Contact marker).", s("play"), back)
		}
		if s("play") == "OSL" {
			return fmt.Sprintf("5.5 OSL play in %s: mark the zone with the Contact marker; %d units on the grid.", s("area"), i("units"))
		}
		return fmt.Sprintf("5.5 %s play in %s: %d units on the TSL grid.", s("play"), s("area"), i("units"))
	case EvHuffDuff:
		return fmt.Sprintf("5.5 Huff-Duff (8.3): un-flown aircraft with Huff-Duff in %s may try to detect %s and attack if they do; an aircraft that attacks is flipped to Flown.",
			s("area"), strings.ReplaceAll(s("boats"), ",", ", "))
	case EvSquare:
		st := ""
		if v := s("status"); v != "" {
			st = " (" + v + ")"
		}
		switch {
		case s("detected") == "yes":
			return fmt.Sprintf("%s is detected by the Axis player.", s("unit"))
		case s("detected") == "no":
			return fmt.Sprintf("%s is undetected.", s("unit"))
		case s("square") == "off" && s("moved") != "":
			return fmt.Sprintf("%s moves off the grid.", s("unit"))
		case s("square") == "sunk":
			return fmt.Sprintf("%s is sunk: off the grid.", s("unit"))
		case s("moved") != "":
			return fmt.Sprintf("%s ends its move in %s.", s("unit"), s("square"))
		}
		return fmt.Sprintf("%s%s at %s.", s("unit"), st, s("square"))
	case EvFirst:
		return fmt.Sprintf("5.5 %s round %d: Axis %d, Allied %d: the %s player moves first.", s("play"), i("round"), i("axis"), i("allied"), sideWord(s("first")))
	case EvTSL:
		if r := s("result"); r != "" {
			return "5.5 " + r + "."
		}
		return fmt.Sprintf("5.5 %s in %s go to TSL box %s.", strings.ReplaceAll(s("units"), ",", ", "), s("square"), s("box"))
	case EvConvoys:
		if _, ok := e.Get("asked"); ok {
			return fmt.Sprintf("Convoys: %d asked, %d in play: %s.", i("asked"), i("n"), s("why"))
		}
		return fmt.Sprintf("Convoys in play: %d.", i("n"))
	case EvReturn:
		if t := i("turn"); t > 0 {
			return fmt.Sprintf("%s: back on turn %d.", s("what"), t)
		}
		return s("what") + "."
	case EvEnd:
		return fmt.Sprintf("The game ends after turn %d: %d boats destroyed, %d in play.", i("turns"), i("sunk"), i("in_play"))
	}
	return ""
}

func describeDamage(e *gamelog.Event) string {
	s, i := e.Str, e.Int
	b, sec := s("boat"), s("sec")
	switch sec {
	case "21.5.1":
		if s("result") == "sunk" {
			return fmt.Sprintf("21.5.1 %s: second D10 %d > ASW result %d: SUNK.", b, i("dr"), i("table"))
		}
		if _, ok := e.Get("table"); !ok {
			return fmt.Sprintf("21.5.1 %s: %s.", b, s("why"))
		}
		return fmt.Sprintf("21.5.1 %s: second D10 %d against ASW result %d: %d damage (%d/5).", b, i("dr"), i("table"), i("points"), i("damage"))
	case "21.5.2":
		if s("result") == "sunk" {
			return fmt.Sprintf("21.5.2 %s: second DR %d: SUNK.", b, i("dr"))
		}
		return fmt.Sprintf("21.5.2 %s: second DR %d: %d damage (%d/5).", b, i("dr"), i("points"), i("damage"))
	case "21.5.3":
		switch s("result") {
		case "repaired":
			return fmt.Sprintf("21.5.3 %s repair: DR %d%+d against MSF %d: repaired, re-enters on turn %d.", b, i("dr"), i("mod"), i("msf"), i("turn"))
		case "out of the game":
			return fmt.Sprintf("21.5.3 %s repair: DR %d%+d against MSF %d: out of the game.", b, i("dr"), i("mod"), i("msf"))
		case "stays":
			return fmt.Sprintf("21.5.3 %s at 4 damage (Sunk 4): DR %d even: it stays in the game.", b, i("dr"))
		case "sunk":
			if _, ok := e.Get("dr"); ok {
				return fmt.Sprintf("21.5.3 %s at 4 damage (Sunk 4): DR %d odd: DESTROYED.", b, i("dr"))
			}
			return fmt.Sprintf("21.5.3 %s has 5 damage points: DESTROYED.", b)
		}
	}
	return ""
}

// variantNames are the variants in the players' words.
var variantNames = map[Variant]string{
	NorthAtlantic: "North Atlantic U-boats (21.1)",
	Italian:       "the Barbarigo (21.2)",
	Floatplanes:   "floatplanes (21.3)",
	Canadians:     "Canadian warships (21.4)",
	Damage:        "U-boat damage (21.5)",
}

// variantWords words the log's list of variants ("natlantic,damage").
func variantWords(list string) string {
	if list == "none" || list == "" {
		return "none"
	}
	var out []string
	for _, v := range strings.Split(list, ",") {
		if w, ok := variantNames[Variant(v)]; ok {
			out = append(out, w)
		} else {
			out = append(out, v)
		}
	}
	return strings.Join(out, ", ")
}

// status shows the turn, the variants, the roster (a table that fits the
// prompt) and what the Turn Record Track holds.
func status(g *engine.Game, w io.Writer) error {
	r, ok := g.Rules().(*Rules)
	if !ok {
		return fmt.Errorf("not a Paukenschlag game")
	}
	if r.Turn == 0 {
		fmt.Fprintf(w, "Set-up, before turn 1 of %d; scenario %s.\n", r.Turns, r.Scenario)
	} else {
		fmt.Fprintf(w, "Turn %d of %d, %s %s; scenario %s.\n", r.Turn, r.Turns, r.Section, r.StepName, r.Scenario)
	}
	fmt.Fprintf(w, "Variants: %s.\n", variantWords(r.variantList()))
	if r.In(Italian) {
		fmt.Fprintf(w, "Barbarigo: %s.\n", r.barbarigoWords())
	}
	if r.In(Canadians) {
		if r.CanadiansTurn > 0 {
			fmt.Fprintf(w, "Canadians: may enter from turn %d (BB, BC, BD).\n", r.CanadiansTurn)
		} else {
			fmt.Fprintln(w, "Canadians: not yet (the turn after a North Atlantic U-boat enters).")
		}
	}
	if r.In(Floatplanes) {
		var p []string
		for i := range r.Planes {
			p = append(p, r.Planes[i].Name+" "+planeState(&r.Planes[i]))
		}
		fmt.Fprintf(w, "Floatplanes: %s.\n", strings.Join(p, "; "))
	}
	fmt.Fprintf(w, "Convoys in play: %d.\n", r.Convoys)
	if k := r.Contact; k != nil {
		fmt.Fprintf(w, "Contact: %s play in %s, ", k.Play, k.Area)
		if k.HuffDuff {
			fmt.Fprintln(w, "Huff-Duff aircraft first.")
		} else {
			fmt.Fprintf(w, "round %d, %s first.\n", k.Round, sideWord(k.First))
		}
	}
	if err := grid.Render(w, grid.Text, []string{"Boat", "Where", "MSF", "Sunk", "Damage", "Torp", "Fuel", "Frogmen"}, r.rosterRows(), 0); err != nil {
		return err
	}
	return nil // the kernel's status shows the Turn Record Track (the schedule)
}

// barbarigoWords says when the Barbarigo enters, or why it does not.
func (r *Rules) barbarigoWords() string {
	b := r.barbarigo()
	switch {
	case r.BarbarigoTurn == 0:
		return "its entry turn is rolled before turn 1 (D10 + 1, 21.2)"
	case b != nil && b.Status == Never:
		return fmt.Sprintf("never enters: its roll gave turn %d, after the game's last turn (%d)", r.BarbarigoTurn, r.Turns)
	case b != nil && b.Status == Waiting:
		return fmt.Sprintf("enters on turn %d, at DH or DT", r.BarbarigoTurn)
	case r.Role == "frogmen":
		return fmt.Sprintf("entered on turn %d, carrying frogmen (21.2.1)", r.BarbarigoTurn)
	}
	return fmt.Sprintf("entered on turn %d, a conventional sub", r.BarbarigoTurn)
}

func factor(n int) string {
	if n == 0 {
		return "?"
	}
	return fmt.Sprint(n)
}

func boxes(used, n int) string {
	if n == 0 {
		return "-"
	}
	return strings.Repeat("X", used) + strings.Repeat("□", n-used)
}

// rosterRows is the Variant U-boat Roster: one row per boat on it.
func (r *Rules) rosterRows() [][]string {
	var rows [][]string
	for _, b := range r.Boats {
		if b.Group == "base" && b.Status == Absent {
			continue
		}
		st := string(b.Status)
		if b.Status == InPlay {
			st = b.Area
			if st == "" {
				st = "on the map"
			}
			if b.Surfaced {
				st += " surfaced"
			} else {
				st += " submerged"
			}
			if b.Detected {
				st += ", detected"
			}
		}
		frog := "-"
		if b.Frogmen > 0 {
			frog = boxes(b.FrogUsed, b.Frogmen)
		}
		rows = append(rows, []string{b.Title, st, factor(b.MSF), factor(b.Sunk),
			boxes(b.Damage, 5), boxes(b.TorpUsed, b.Torpedoes), boxes(b.FuelUsed, b.Fuel), frog})
	}
	return rows
}

func score(rr engine.Rules) []gamelog.Field {
	r := rr.(*Rules)
	entered := 0
	for _, b := range r.Boats {
		if b.Group == "natlantic" && b.Status != Waiting && b.Status != Never && b.Status != Absent {
			entered++
		}
	}
	return []gamelog.Field{gamelog.Int("natlantic_entered", entered), gamelog.Int("barbarigo_turn", r.BarbarigoTurn), gamelog.Int("canadians_turn", r.CanadiansTurn)}
}
