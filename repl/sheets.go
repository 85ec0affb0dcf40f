package repl

import (
	"bytes"
	"errors"
	"fmt"
	"slices"

	"github.com/schnell-wargames/schnell/engine"
	"github.com/schnell-wargames/schnell/sheet"
)

// sheetCommand is `sheet` for a game that prints paper sheets (sh, nil for
// none) or plays on a virtual table (its replay sheet).
func sheetCommand(sh sheet.Sheeter, def *engine.Definition) *Command {
	part := def.Part
	var names []string
	if sh != nil {
		names = sh.SheetNames()
	}
	if def.Picture != nil {
		names = append(slices.Clone(names), ReplaySheetName)
	}
	help := "Print the game's paper sheets (" + orWords(append(slices.Clone(names), "all")) + ") as text, Markdown, CSV or print-ready HTML (-o sheets.html, then print it from a browser)."
	if part != "" {
		help += " --" + part + " N shows one " + part + " (else the latest)."
	}
	if def.Picture != nil {
		help += " `sheet replay --format html -o FILE` writes one page that steps through the game turn by turn on its table, as the referee and each side saw it (--side SIDE: that side's view alone, to share; while you play one side alone, as your side saw it until the game ends)."
	}
	usage := sheet.Usage(names, part)
	if def.Picture != nil {
		usage += " [--side SIDE]"
	}
	return &Command{Name: "sheet", Group: groupFiles, Usage: usage, Help: help,
		Run: func(s *Session, args []string) error {
			args, sides, err := sideArgs(args)
			if err != nil {
				return err
			}
			a, err := sheet.ParseArgs(args, names, part)
			if err != nil {
				return err
			}
			if s.game.Seq() == 0 {
				return errors.New("the game has not started: `step` first")
			}
			if a.Name == ReplaySheetName {
				return s.replaySheet(a, sides)
			}
			if len(sides) > 0 {
				return errors.New("--side picks a view of the replay sheet (`sheet replay --side SIDE`)")
			}
			if sh == nil || a.Name == "all" && len(names) == 1 {
				return errors.New("this game's sheet is the replay: `sheet replay --format html -o FILE`")
			}
			sheets, err := sh.Sheets(s.game, a.Name, a.Part)
			if err != nil {
				return err
			}
			// A sheet passes byte for byte (Markdown, CSV, HTML): it lays
			// itself out.
			s.flush()
			if err := sheet.WriteAll(sheets, a, s.raw); err != nil {
				return err
			}
			if a.Out != "" {
				fmt.Fprintf(s.cfg.Out, "Wrote %s.\n", a.Out)
			}
			return nil
		},
		Complete: func(s *Session, args []string) []string {
			if len(args) > 1 && args[len(args)-2] == "--side" {
				return ReplaySides(s.def)
			}
			out := append(slices.Clone(names), "all", "--format", "-o", "text", "md", "csv", "html")
			if part != "" {
				out = append(out, "--"+part)
			}
			if def.Picture != nil {
				out = append(out, "--side")
			}
			return out
		}}
}

// sideArgs takes the --side SIDE words (repeatable) out of a sheet
// command's arguments.
func sideArgs(args []string) (rest, sides []string, err error) {
	for i := 0; i < len(args); i++ {
		if args[i] != "--side" {
			rest = append(rest, args[i])
			continue
		}
		if i+1 >= len(args) {
			return nil, nil, errors.New("--side needs a side (or referee)")
		}
		sides = append(sides, args[i+1])
		i++
	}
	return rest, sides, nil
}

// replaySheet writes the replay sheet of the game so far. Without --side,
// while the game is played, a player who plays one side alone sees it as
// that side (as `board`): the referee's view would show him what his side
// has not observed; once the game is over, every view.
func (s *Session) replaySheet(a sheet.Args, sides []string) error {
	if a.Part != 0 {
		return fmt.Errorf("the replay sheet is the whole game: no --%s", s.def.Part)
	}
	if side := s.playerSide(); len(sides) == 0 && side != Referee && !s.game.Over() {
		sides = []string{side}
	}
	var b bytes.Buffer
	if err := WriteReplaySheet(&b, s.def, s.game.AsLog(), s.game.Tables(), sides, a.Format, s.columns()); err != nil {
		return err
	}
	if a.Out == "" {
		s.flush()
		_, err := s.raw.Write(b.Bytes())
		return err
	}
	if err := sheet.WriteFile(a.Out, b.Bytes()); err != nil {
		return err
	}
	fmt.Fprintf(s.cfg.Out, "Wrote %s.\n", a.Out)
	return nil
}

func orWords(w []string) string {
	if len(w) < 2 {
		return fmt.Sprint(w)
	}
	out := ""
	for i, x := range w {
		switch {
		case i == 0:
		case i == len(w)-1:
			out += " or "
		default:
			out += ", "
		}
		out += x
	}
	return out
}
