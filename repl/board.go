package repl

import (
	"bytes"
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/schnell-wargames/schnell/engine"
	"github.com/schnell-wargames/schnell/sea"
	"github.com/schnell-wargames/schnell/sheet"
)

// Referee is the onlooker of a virtual table who sees everything (every
// Definition.Picture takes it).
const Referee = "referee"

// boardCommand is the kernel's `board` for a game on a virtual table
// (Definition.Picture): the table drawn in text at the terminal's width,
// or written as an SVG drawing. A game's own `board` (the flagship's
// Combat Board) takes its place.
func boardCommand(def *engine.Definition) *Command {
	sides := append([]string{Referee}, def.Sides...)
	return &Command{Name: "board", Group: groupViews, Usage: "board [" + strings.Join(sides, "|") + "] [--svg FILE]",
		Help: "Draw the virtual table: each ship with her heading, the markers as your side sees them (the side you play alone; referee: everything), the ranges of the last shots and the torpedoes running. --svg FILE writes it to scale as an SVG drawing, for a browser.",
		Run:  cmdBoard,
		Complete: func(_ *Session, args []string) []string {
			if len(args) > 1 && args[len(args)-2] == "--svg" {
				return nil
			}
			return append(slices.Clone(sides), "--svg")
		}}
}

// hasCommand says whether the game has a command of that name or alias.
func hasCommand(def *engine.Definition, name string) bool {
	return slices.ContainsFunc(def.Commands, func(c engine.Command) bool {
		return c.Name == name || slices.Contains(c.Aliases, name)
	})
}

func cmdBoard(s *Session, args []string) error {
	side, file := "", ""
	for i := 0; i < len(args); i++ {
		switch a := strings.ToLower(args[i]); {
		case a == "--svg" || a == "-svg":
			if i+1 >= len(args) {
				return errors.New("board --svg FILE: name the file to write (an .svg)")
			}
			file = args[i+1]
			i++
		case a == Referee || slices.Contains(s.def.Sides, a):
			if side != "" {
				return fmt.Errorf("board: one side at a time (%s or %s)", side, a)
			}
			side = a
		default:
			return fmt.Errorf("board: %q is not a side (%s) nor --svg FILE", args[i], orWords(append([]string{Referee}, s.def.Sides...)))
		}
	}
	if side == "" {
		side = s.playerSide()
	}
	g := s.game
	if g.Seq() == 0 {
		return errors.New("the game has not started: `step` first, then `board`")
	}
	p, ok := s.def.Picture(g, side)
	if !ok {
		return notOnTable(s.def)
	}
	if file != "" {
		var b bytes.Buffer
		if err := p.SVG(&b); err != nil {
			return err
		}
		if err := sheet.WriteFile(file, b.Bytes()); err != nil {
			return err
		}
		fmt.Fprintf(s.cfg.Out, "Wrote %s: %s.\n", file, pictureName(p, side))
		return nil
	}
	for _, line := range p.Text(s.columns()) {
		fmt.Fprintln(s.cfg.Out, line)
	}
	return nil
}

// playerSide is the side whose eyes the player's views of the table take:
// the one side he plays while scripts or the reference play the others,
// else the referee's (he plays them all, or none).
func (s *Session) playerSide() string {
	side := ""
	for _, sd := range s.def.Sides {
		if s.game.PlayerPlays(sd) {
			if side != "" {
				return Referee
			}
			side = sd
		}
	}
	if side == "" {
		return Referee
	}
	return side
}

// notOnTable says that a game with a Picture is not on a virtual table
// now, and how to start one that is.
func notOnTable(def *engine.Definition) error {
	for _, o := range def.Options {
		if o.Name == "table" && slices.Contains(o.Values, "virtual") {
			return errors.New("this game is on your own table (`table=physical`): look at the models; `new table=virtual` starts a game on a table the program holds")
		}
	}
	return errors.New("this game is not on a table the program holds")
}

// pictureName is what a picture shows, for a line that says it was written.
func pictureName(p sea.Picture, side string) string {
	if p.Title != "" {
		return p.Title
	}
	return "the table as " + side + " sees it"
}
