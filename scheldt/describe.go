package scheldt

import (
	"fmt"
	"io"
	"strings"

	"github.com/schnell-wargames/schnell/engine"
	"github.com/schnell-wargames/schnell/gamelog"
	"github.com/schnell-wargames/schnell/sheet"
)

// describe words the game's events for the player ("" = the kernel's).
func describe(e *gamelog.Event) string {
	b := func(k string) bool { v, _ := e.Get(k); return v.B }
	switch engine.EventType(e.Type) {
	case evSetup:
		return fmt.Sprintf("Set-up (18.0): %d Allied and %d German units on the map; %d turns, the Allies first (10.1).", e.Int("allied"), e.Int("german"), e.Int("turns"))
	case evTurn:
		s := fmt.Sprintf("Turn %d. Rebuilds (11.0): Allied %d, German %d.", e.Int("n"), e.Int("allied_rebuilds"), e.Int("german_rebuilds"))
		return s
	case evTrack:
		s := fmt.Sprintf("Turn Record Track (14.0): the Allies draw %d support fire markers, the Germans %d.", e.Int("allied"), e.Int("german"))
		if b("standin") {
			s += " (Turn 1's counts: lay your track's over SF-TRACK with --tables.)"
		}
		return s
	case evFrozen:
		return fmt.Sprintf("13.0: the Breskens Pocket is frozen: no movement or combat there until turn %d.", e.Int("until"))
	case evPhase:
		return fmt.Sprintf("— Turn %d, %s %s —", e.Int("turn"), sideName(e.Str("side")), e.Str("phase"))
	case evArrived:
		return fmt.Sprintf("Reinforcement %s enters: %s (11.3).", e.Str("unit"), e.Str("hex"))
	case evDelayed:
		return fmt.Sprintf("Reinforcement %s waits: it enters at %s (11.3, 11.5).", e.Str("unit"), e.Str("until"))
	case evRebuildWindow:
		return fmt.Sprintf("%s rebuilds: %d this turn, each a depleted unit not adjacent to the enemy (11.0); unused ones are lost (11.1).", sideName(e.Str("side")), e.Int("left"))
	case evRebuilt:
		return fmt.Sprintf("%s is rebuilt to full strength; %s left this turn.", e.Str("unit"), plural(e.Int("left"), "rebuild"))
	case evRebuildsLost:
		return fmt.Sprintf("11.1: %s lost.", plural(e.Int("n"), "unused "+sideName(e.Str("side"))+" rebuild"))
	case evMarkersReturned:
		return fmt.Sprintf("14.0: the %s support fire markers (%d) go back to the pool.", sideName(e.Str("side")), e.Int("n"))
	case evWithdrawn:
		return fmt.Sprintf("13.1: %s is withdrawn (%s).", e.Str("unit"), e.Str("why"))
	case evCombat:
		s := fmt.Sprintf("Attack on %s: %s", e.Str("hex"), e.Str("terrain"))
		if e.Str("line") != e.Str("terrain") {
			s += " read on the " + e.Str("line") + " line (engineer, 12.1)"
		}
		s += fmt.Sprintf(", differential %+d", e.Int("diff"))
		if n := e.Int("shifts"); n != 0 {
			s += fmt.Sprintf(", %+d %s", n, map[bool]string{true: "shift", false: "shifts"}[n == 1 || n == -1])
		}
		if v, ok := e.Get("markers"); ok {
			var m []string
			for _, x := range v.L {
				m = append(m, x.S)
			}
			s += ", " + strings.Join(m, " and ")
		}
		return s + fmt.Sprintf(" → column %s, die %d: %s (%s).", e.Str("column"), e.Int("die"), e.Str("result"), e.Str("meaning"))
	case evMobileLoss:
		return fmt.Sprintf("14.1: the German +5 anti-tank marker was played: any Allied loss %s calls for is taken from a participating Allied mobile unit.", e.Str("result"))
	case evFlooded:
		if e.Str("rule") == "12.0" {
			return "12.0: an infantry unit retreating into a flooded hex stops in the first; mobile units may not retreat or advance into one."
		}
		return "12.1: infantry may retreat into and through flooded hexes; mobile units may not advance into one."
	case evLandingLost:
		return fmt.Sprintf("16.3: %s, landed in %s, is eliminated by the attacker's result.", e.Str("unit"), e.Str("hex"))
	case evLandingHolds:
		return fmt.Sprintf("16.3: the landed unit stays in %s with the German unit until one is eliminated or retreats.", e.Str("hex"))
	case evLandingContested:
		return fmt.Sprintf("16.3: if no German unit is left in %s (eliminated or forced out), say so with `clear %s eliminated|retreated`; until then the landed unit stays.", e.Str("hex"), e.Str("hex"))
	case evLandingCleared:
		s := fmt.Sprintf("16.3: no German unit is left in %s (%s): the landed unit may leave it (from the turn after it landed).", e.Str("hex"), e.Str("how"))
		if e.Str("how") == "exited" {
			s += " No German unit may enter it again."
		}
		return s
	case evBombardment:
		s := fmt.Sprintf("Bombardment of %s from %s away (14.2)", e.Str("hex"), plural(e.Int("range"), "hex"))
		if b("naval") {
			s += " with a +10 naval marker (16.4)"
		}
		return s + ": resolve it by the series rules."
	case evAssault:
		return fmt.Sprintf("Beach assault: the %s force lands by assault boat (16.%d).", e.Str("force"), map[string]int{"beveland": 1, "walcheren": 2}[e.Str("force")])
	case evLanded:
		s := fmt.Sprintf("%s lands in %s", e.Str("unit"), e.Str("hex"))
		if b("occupied") {
			s += " with a German unit: it must attack that unit this Combat Phase (16.3)"
		}
		return s + "."
	case evUnit:
		if e.Str("hex") == "" {
			return fmt.Sprintf("%s: %s.", e.Str("unit"), e.Str("state"))
		}
		return fmt.Sprintf("%s: %s, in %s.", e.Str("unit"), e.Str("state"), e.Str("hex"))
	case evGate:
		return fmt.Sprintf("Noted: %s held by the Allies: %v.", e.Str("gate"), yes(b("held")))
	case evChecklist:
		v, _ := e.Get("german_on_map")
		var ids []string
		for _, x := range v.L {
			ids = append(ids, x.S)
		}
		if len(ids) == 0 {
			return "17.0 checklist: the order of battle has no German unit on the map."
		}
		return "17.0 checklist: German units the order of battle has on the map (which are west of 2022–3217?): " + strings.Join(ids, ", ") + "."
	case evVictory:
		return fmt.Sprintf("17.0: %s victory.", sideName(e.Str("winner")))
	}
	return ""
}

// plural is "1 rebuild", "2 rebuilds", "3 hexes".
func plural(n int, what string) string {
	switch {
	case n == 1:
		return "1 " + what
	case strings.HasSuffix(what, "x"):
		return fmt.Sprintf("%d %ses", n, what)
	}
	return fmt.Sprintf("%d %ss", n, what)
}

func yes(b bool) string {
	if b {
		return "yes"
	}
	return "no"
}

// status prints the turn, the phase and the books.
func status(eg *engine.Game, w io.Writer) error {
	g, err := Of(eg)
	if err != nil {
		return err
	}
	if g.Turn == 0 {
		fmt.Fprintln(w, "The game has not begun: `step`.")
		return nil
	}
	turn := min(g.Turn, g.Turns)
	fmt.Fprintf(w, "Turn %d of %d · %s %s\n", turn, g.Turns, sideName(g.Player), g.Phase)
	fmt.Fprintf(w, "Rebuilds left this turn: Allied %d, German %d\n", max(0, g.Rebuilds(Allied)), max(0, g.Rebuilds(German)))
	fmt.Fprintf(w, "Naval +10 markers left: %d (16.4)", g.NavalLeft)
	if len(g.NavalHexes) > 0 {
		fmt.Fprintf(w, "; played against %s", strings.Join(g.NavalHexes, ", "))
	}
	fmt.Fprintf(w, "\nGerman anti-tank +5: %s this turn (14.1)\n", map[bool]string{true: "played", false: "not played"}[g.AntitankUsed])
	fmt.Fprintf(w, "Gates: Woensdrecht %s, road Woensdrecht–Schore %s\n", yes(g.Woensdrecht), yes(g.Road))
	for _, f := range Forces {
		if t, ok := g.Landed[f]; ok {
			fmt.Fprintf(w, "The %s force landed on turn %d\n", f, t)
		}
	}
	fmt.Fprintf(w, "Units on the map: Allied %d, German %d\n", g.count(Allied), g.count(German))
	if g.Winner != "" {
		fmt.Fprintf(w, "Result: %s victory (17.0)\n", sideName(g.Winner))
	}
	return nil
}

// view is what a script sees.
type view struct{ g *Game }

func (v view) ViewParts() []string { return []string{"units"} }

func (v view) WriteView(w engine.ViewWriter, part int) {
	g := v.g
	if part < 0 {
		w.Int("turn", g.Turn)
		w.Str("player", g.Player)
		w.Str("phase", g.Phase.String())
		w.Int("allied_rebuilds", max(0, g.Rebuilds(Allied)))
		w.Int("german_rebuilds", max(0, g.Rebuilds(German)))
		w.Int("naval_left", g.NavalLeft)
		w.Bool("antitank_used", g.AntitankUsed)
		return
	}
	w.Open("units", true)
	for _, u := range g.Units {
		w.Open("", false)
		w.Str("id", u.ID)
		w.Str("side", u.Side)
		w.Str("state", u.State.String())
		w.Str("hex", u.Hex)
		w.Close()
	}
	w.Close()
}

// game is the value front ends type-assert on.
type game struct{}

var (
	_ sheet.Sheeter  = game{}
	_ sheet.Reporter = game{}
)
