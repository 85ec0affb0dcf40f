package sheet

import (
	"bytes"
	"fmt"
	"io"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/schnell-wargames/schnell/engine"
	"github.com/schnell-wargames/schnell/gamelog"
)

// Sheeter is implemented by a game that prints paper sheets (on its
// engine.Definition's Game value).
type Sheeter interface {
	// SheetNames lists the game's sheets, the default first.
	SheetNames() []string
	// Sheets makes the sheets called name ("all": every one) of g; part
	// (0: the latest) picks one part of the game (Definition.Part: a
	// mission, a battle) for the sheets that show one.
	Sheets(g *engine.Game, name string, part int) ([]Sheet, error)
}

// Args are the words of a `sheet` command: NAME [--format F] [-o FILE]
// [--PART N], at the prompt and on the command line.
type Args struct {
	Name   string
	Format Format
	Out    string // file ("" = the writer)
	Part   int    // 0: the latest
}

// Usage is the usage line of `sheet` for a game whose sheets are names and
// whose parts are called part ("" = none).
func Usage(names []string, part string) string {
	u := "sheet [" + strings.Join(append(names[:len(names):len(names)], "all"), "|") + "] [--format text|md|csv|html] [-o FILE]"
	if part != "" {
		u += " [--" + part + " N]"
	}
	return u
}

// ParseArgs reads the words of a `sheet` command; names are the game's
// sheets (the first is the default), part names its parts ("" = none).
func ParseArgs(args, names []string, part string) (Args, error) {
	a := Args{Name: names[0], Format: Text}
	named := false
	for i := 0; i < len(args); i++ {
		next := func() (string, error) {
			if i+1 >= len(args) {
				return "", fmt.Errorf("%s needs a value", args[i])
			}
			i++
			return args[i], nil
		}
		switch w := args[i]; {
		case w == "--format" || w == "-f":
			v, err := next()
			if err != nil {
				return a, err
			}
			if a.Format, err = ParseFormat(v); err != nil {
				return a, err
			}
		case w == "-o" || w == "--out":
			v, err := next()
			if err != nil {
				return a, err
			}
			a.Out = v
		case part != "" && (w == "--"+part || w == "-"+part[:1]):
			v, err := next()
			if err != nil {
				return a, err
			}
			n, err := strconv.Atoi(v)
			if err != nil || n < 1 {
				return a, fmt.Errorf("--%s %q: want a %s number", part, v, part)
			}
			a.Part = n
		default:
			if strings.HasPrefix(w, "-") || named {
				return a, fmt.Errorf("unexpected %q: usage: %s", w, Usage(names, part))
			}
			a.Name, named = w, true
		}
	}
	return a, nil
}

// WriteAll renders sheets per a, to a.Out or w. CSV with several sheets
// writes one file per sheet (FILE-NAME.csv).
func WriteAll(sheets []Sheet, a Args, w io.Writer) error {
	if a.Format == CSV && len(sheets) > 1 {
		if a.Out == "" {
			return fmt.Errorf("csv holds one sheet: name one, or give -o FILE for one file per sheet")
		}
		base := strings.TrimSuffix(a.Out, filepath.Ext(a.Out))
		for _, s := range sheets {
			if err := writeFile(base+"-"+s.Name+".csv", []Sheet{s}, a.Format); err != nil {
				return err
			}
		}
		return nil
	}
	if a.Out != "" {
		return writeFile(a.Out, sheets, a.Format)
	}
	return Write(w, a.Format, sheets...)
}

func writeFile(path string, sheets []Sheet, f Format) error {
	var b bytes.Buffer
	if err := Write(&b, f, sheets...); err != nil {
		return err
	}
	if err := WriteFile(path, b.Bytes()); err != nil {
		return fmt.Errorf("write sheet: %w", err)
	}
	return nil
}

// Reporter is implemented by a game that writes a report of a game played
// (an after-action report), in Markdown, on its Definition's Game value.
type Reporter interface {
	// Report describes the game g read from lg; part (0: all) picks one
	// part of it (Definition.Part).
	Report(g *engine.Game, lg *gamelog.Log, part int) (string, error)
}
