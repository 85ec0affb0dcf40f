package repl

import (
	"errors"
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"

	"github.com/schnell-wargames/schnell/engine"
	"github.com/schnell-wargames/schnell/gamelog"
	"github.com/schnell-wargames/schnell/scripting"
)

// The prompt's part of the kernel pieces: physical draws, what status shows
// of sides, cups and schedules, and who plays each side.

func (s *Session) kernelCommands() []*Command {
	return []*Command{
		{Name: "draw", Group: groupPlay, Usage: "draw [CHIT...]",
			Help: "With physical dice, answer the pending draw with the chits you drew from the cup (`draw +1 +3`); `draw` alone lets the program draw. The program always makes the draws of a side a script or the reference player plays.",
			Run:  cmdDraw,
			Complete: func(s *Session, args []string) []string {
				p := s.game.Pending()
				if p == nil || p.Draw == nil || len(args) > p.Draw.N {
					return nil
				}
				return uniq(p.Draw.In)
			}},
	}
}

func uniq(in []string) []string {
	var out []string
	for _, c := range in {
		if len(out) == 0 || !strings.Contains(","+strings.Join(out, ",")+",", ","+c+",") {
			out = append(out, c)
		}
	}
	return out
}

func cmdDraw(s *Session, args []string) error {
	g := s.game
	p := g.Pending()
	if p == nil || p.Draw == nil {
		if g.Mode() == engine.Digital {
			return errors.New("no draw is pending: with digital dice the program draws (`step`)")
		}
		return errors.New("no draw is pending: `step` to play on")
	}
	if err := s.ensureLog(); err != nil {
		return err
	}
	var evs []gamelog.Event
	var err error
	if len(args) == 0 {
		evs, err = g.DrawGenerator(s.level)
	} else {
		evs, err = g.DrawChits(args, s.level)
		if err != nil && evs == nil {
			return err
		}
	}
	s.show(evs)
	return err
}

// showDraw says what the pending physical draw is.
func (s *Session) showDraw(r *engine.DrawRequest) {
	w := s.cfg.Out
	who := ""
	if r.Side != "" {
		who = r.Side + ": "
	}
	fmt.Fprintf(w, "%s %d from cup %s", s.paint(yellow, "Draw"), r.N, r.Cup)
	if r.Title != "" {
		fmt.Fprintf(w, ": %s", r.Title)
	}
	if r.For != "" && !strings.Contains(strings.ToLower(r.Title), strings.ToLower(r.For)) && !strings.EqualFold(r.For, r.Cup) { // not said twice
		fmt.Fprintf(w, " (%s)", r.For)
	}
	hidden := ""
	if r.Hidden {
		hidden = ", keep them hidden"
	}
	in := r.In
	if slices.ContainsFunc(in, typedName) { // a chit the player types as the cup spells it
		in = slices.Clone(in)
		for i, c := range in {
			if typedName(c) {
				in[i] = "`" + c + "`"
			}
		}
	}
	fmt.Fprintf(w, ".\n%s%s%s. Type `draw` and the chits you drew, or `draw` alone to let the program draw.\n", who, engine.CupText(in), hidden)
}

// typedName reports whether a name is typed as the game spells it and is
// no word of the player's ("light_cruiser-1"): the prompt shows it in
// backquotes, as a command.
func typedName(name string) bool { return strings.Contains(name, "_") }

// kernelStatus writes the sides, the cups and the schedule (what the
// player may see of them).
func (s *Session) kernelStatus(w io.Writer) {
	g := s.game
	for _, side := range g.Sides() {
		who := "the player"
		if d, ok := g.SideDecider(side); ok && d != nil {
			who = string(d.Who())
		} else if !ok && g.Decider() != nil {
			who = string(g.Decider().Who())
		}
		fmt.Fprintf(w, "Side %s: %s\n", side, who)
	}
	for _, k := range g.Cups() {
		if chits, known := g.CupSeen(k, engine.AtPrompt); known {
			fmt.Fprintf(w, "Cup %s (%s): %d chits: %s\n", k.ID, k.Title, k.Len(), engine.CupText(chits))
		} else {
			fmt.Fprintf(w, "Cup %s (%s): %d chits (hidden draws are out)\n", k.ID, k.Title, k.Len())
		}
	}
	for _, d := range g.Schedule() {
		side := ""
		if d.Side != "" {
			side = " (" + d.Side + ")"
		}
		fmt.Fprintf(w, "Due on turn %d: %s%s\n", d.Turn, d.What, side)
	}
}

// applySides gives the sides of the session's --side flags to who plays
// them in g (each new, loaded or undone game).
func (s *Session) applySides(g *engine.Game) error {
	for _, a := range s.sideScripts {
		a.Close()
	}
	s.sideScripts = nil
	if len(s.cfg.Sides) == 0 {
		return nil
	}
	as, err := scripting.ApplySides(g, s.def, s.cfg.Sides, scripting.Options{Print: s.cfg.Out})
	s.sideScripts = as
	return err
}

// DescribeDraw renders a draw event: "p1 draws 2 from POOL-P1 (support): +1 +2".
func DescribeDraw(e *gamelog.Event) string {
	var b strings.Builder
	if side := e.Str("side"); side != "" {
		b.WriteString(side + " draws ")
	} else {
		b.WriteString("Draw ")
	}
	v, _ := e.Get("chits")
	b.WriteString(strconv.Itoa(len(v.L)) + " from " + e.Str("cup"))
	if f := e.Str("for"); f != "" {
		b.WriteString(" (" + f + ")")
	}
	b.WriteString(":")
	for _, c := range v.L {
		b.WriteString(" " + c.S)
	}
	if h, _ := e.Get("hidden"); h.B {
		b.WriteString(" (hidden)")
	}
	if e.Str("source") == "generator" {
		b.WriteString(" (drawn by the program)")
	}
	return b.String()
}

// DescribeReveal renders a reveal event.
func DescribeReveal(e *gamelog.Event) string {
	who := e.Str("side")
	if who == "" {
		who = "the draw"
	}
	v, _ := e.Get("chits")
	return fmt.Sprintf("%s reveals (draw %d from %s): %s", who, e.Int("draw"), e.Str("cup"), strings.Join(v.Strs(), " "))
}
