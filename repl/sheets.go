package repl

import (
	"errors"
	"fmt"
	"slices"

	"github.com/schnell-wargames/schnell/sheet"
)

// sheetCommand is `sheet` for a game that prints paper sheets.
func sheetCommand(sh sheet.Sheeter, part string) *Command {
	names := sh.SheetNames()
	help := "Print the game's paper sheets (" + orWords(append(slices.Clone(names), "all")) + ") as text, Markdown, CSV or print-ready HTML (-o sheets.html, then print it from a browser)."
	if part != "" {
		help += " --" + part + " N shows one " + part + " (else the latest)."
	}
	return &Command{Name: "sheet", Group: groupFiles, Usage: sheet.Usage(names, part), Help: help,
		Run: func(s *Session, args []string) error {
			a, err := sheet.ParseArgs(args, names, part)
			if err != nil {
				return err
			}
			if s.game.Seq() == 0 {
				return errors.New("the game has not started: `step` first")
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
		Complete: func(*Session, []string) []string {
			out := append(slices.Clone(names), "all", "--format", "-o", "text", "md", "csv", "html")
			if part != "" {
				out = append(out, "--"+part)
			}
			return out
		}}
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
