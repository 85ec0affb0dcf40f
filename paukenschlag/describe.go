package paukenschlag

import (
	"fmt"
	"io"
	"strings"

	"github.com/schnell-wargames/schnell/engine"
	"github.com/schnell-wargames/schnell/gamelog"
)

// describe words the game's events for the player ("": the kernel's
// wording, for rolls, decisions and draws).
func describe(e *gamelog.Event) string {
	s, i := e.Str, e.Int
	switch e.Type {
	case EvStart:
		return fmt.Sprintf("Paukenschlag, scenario %s, %d turns; variants: %s.", s("scenario"), i("turns"), s("variants"))
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
			return fmt.Sprintf("21.2.1 Frogman attack declared on %s: the %s player leaves %s out; four markers in the container.", s("area"), s("chooser"), s("left_out"))
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
		return fmt.Sprintf("5.5 %s play in %s: %d units.", s("play"), s("area"), i("units"))
	case EvSquare:
		st := ""
		if v := s("status"); v != "" {
			st = " (" + v + ")"
		}
		if s("moved") != "" {
			return fmt.Sprintf("%s ends in %s.", s("unit"), s("square"))
		}
		return fmt.Sprintf("%s%s at %s.", s("unit"), st, s("square"))
	case EvFirst:
		return fmt.Sprintf("5.5 %s first mover: axis %d, allied %d: the %s player moves first.", s("play"), i("axis"), i("allied"), s("first"))
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

// status shows the turn, the variants, the roster and the Turn Record
// Track.
func status(g *engine.Game, w io.Writer) error {
	r, ok := g.Rules().(*Rules)
	if !ok {
		return fmt.Errorf("not a Paukenschlag game")
	}
	fmt.Fprintf(w, "Turn %d of %d · %s %s · scenario %s · variants %s\n", r.Turn, r.Turns, r.Section, r.StepName, r.Scenario, r.variantList())
	if r.In(Italian) {
		role := r.Role
		if role == "" {
			role = "not yet entered"
		}
		fmt.Fprintf(w, "Barbarigo: enters turn %d (%s)\n", r.BarbarigoTurn, role)
	}
	if r.In(Canadians) {
		if r.CanadiansTurn > 0 {
			fmt.Fprintf(w, "Canadians: may enter from turn %d (BB, BC, BD)\n", r.CanadiansTurn)
		} else {
			fmt.Fprintln(w, "Canadians: not yet (after a North Atlantic U-boat enters)")
		}
	}
	for _, p := range r.Planes {
		fmt.Fprintf(w, "%s: %s\n", p.Name, p.State)
	}
	fmt.Fprintf(w, "Convoys in play: %d\n", r.Convoys)
	for _, row := range r.rosterRows() {
		fmt.Fprintln(w, strings.Join(row, " · "))
	}
	return nil // the kernel's status shows the Turn Record Track (the schedule)
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
			st = "in " + b.Area
			if b.Surfaced {
				st += " surfaced"
			} else {
				st += " submerged"
			}
			if b.Detected {
				st += " detected"
			}
		}
		frog := "-"
		if b.Frogmen > 0 {
			frog = boxes(b.FrogUsed, b.Frogmen)
		}
		rows = append(rows, []string{b.Title, st, "MSF " + factor(b.MSF), "Sunk " + factor(b.Sunk),
			"damage " + boxes(b.Damage, 5), "torpedoes " + boxes(b.TorpUsed, b.Torpedoes), "fuel " + boxes(b.FuelUsed, b.Fuel), "frogmen " + frog})
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
