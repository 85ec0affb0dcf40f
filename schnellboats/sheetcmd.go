package schnellboats

import (
	"bytes"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/schnell-wargames/schnell/engine"
	"github.com/schnell-wargames/schnell/gamelog"
	"github.com/schnell-wargames/schnell/sheet"
)

// SheetArgs are the options of `sheet` (at the prompt) and `schnell sheet`.
type SheetArgs struct {
	Name    string
	Format  sheet.Format
	Out     string // file ("" = w)
	Mission int
}

// ParseSheetArgs reads NAME [--format F] [-o FILE] [--mission N].
func ParseSheetArgs(args []string) (SheetArgs, error) {
	a := SheetArgs{Name: "campaign", Format: sheet.Text}
	named := false
	for i := 0; i < len(args); i++ {
		next := func() (string, error) {
			if i+1 >= len(args) {
				return "", fmt.Errorf("%s needs a value", args[i])
			}
			i++
			return args[i], nil
		}
		switch args[i] {
		case "--format", "-f":
			v, err := next()
			if err != nil {
				return a, err
			}
			if a.Format, err = sheet.ParseFormat(v); err != nil {
				return a, err
			}
		case "-o", "--out":
			v, err := next()
			if err != nil {
				return a, err
			}
			a.Out = v
		case "--mission", "-m":
			v, err := next()
			if err != nil {
				return a, err
			}
			n, err := strconv.Atoi(v)
			if err != nil || n < 1 {
				return a, fmt.Errorf("--mission %q: want a mission number", v)
			}
			a.Mission = n
		default:
			if strings.HasPrefix(args[i], "-") || named {
				return a, fmt.Errorf("unexpected %q: usage: sheet [campaign|crew|squadron|damage|enemy|all] [--format text|md|csv|html] [-o FILE] [--mission N]", args[i])
			}
			a.Name, named = args[i], true
		}
	}
	return a, nil
}

// WriteSheets renders sheets per a, to a.Out or w. CSV with several sheets
// writes one file per sheet (FILE-NAME.csv).
func WriteSheets(sheets []sheet.Sheet, a SheetArgs, w io.Writer) error {
	if a.Format == sheet.CSV && len(sheets) > 1 {
		if a.Out == "" {
			return fmt.Errorf("csv holds one sheet: name one, or give -o FILE for one file per sheet")
		}
		base := strings.TrimSuffix(a.Out, filepath.Ext(a.Out))
		for _, s := range sheets {
			if err := writeFile(base+"-"+s.Name+".csv", []sheet.Sheet{s}, a.Format); err != nil {
				return err
			}
		}
		return nil
	}
	if a.Out != "" {
		return writeFile(a.Out, sheets, a.Format)
	}
	return sheet.Write(w, a.Format, sheets...)
}

func writeFile(path string, sheets []sheet.Sheet, f sheet.Format) error {
	var b bytes.Buffer
	if err := sheet.Write(&b, f, sheets...); err != nil {
		return err
	}
	if err := os.WriteFile(path, b.Bytes(), 0o644); err != nil {
		return fmt.Errorf("write sheet: %w", err)
	}
	return nil
}

var sheetCommand = engine.Command{Name: "sheet", Usage: "sheet [campaign|crew|squadron|damage|enemy|all] [--format text|md|csv|html] [-o FILE] [--mission N]",
	Help: "Print a paper form of the campaign: the Campaign Log Sheet, the Crewmen Status sheet, the Squadron Status sheet the Damage Log Card or the Enemy Unit Status sheet (of the last mission, or --mission N); as text, Markdown, CSV or print-ready HTML (-o sheets.html, then print it from a browser).",
	Run: func(g *engine.Game, args []string, w io.Writer) ([]gamelog.Event, error) {
		a, err := ParseSheetArgs(args)
		if err != nil {
			return nil, err
		}
		if g.Seq() == 0 {
			return nil, fmt.Errorf("the campaign has not started: `step` first")
		}
		sheets, err := GameSheets(g, a.Name, a.Mission)
		if err != nil {
			return nil, err
		}
		if err := WriteSheets(sheets, a, w); err != nil {
			return nil, err
		}
		if a.Out != "" {
			fmt.Fprintf(w, "Wrote %s.\n", a.Out)
		}
		return nil, nil
	},
	Complete: func(*engine.Game, []string) []string {
		return append(append([]string{}, SheetNames...), "all", "--format", "-o", "--mission", "text", "md", "csv", "html")
	}}

func init() { commands = append(commands, sheetCommand) }
