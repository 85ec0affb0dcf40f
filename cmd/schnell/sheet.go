package main

import (
	"bytes"
	"flag"
	"fmt"
	"io"

	"github.com/schnell-wargames/schnell/engine"
	"github.com/schnell-wargames/schnell/gamelog"
	"github.com/schnell-wargames/schnell/repl"
	"github.com/schnell-wargames/schnell/sheet"
	"github.com/schnell-wargames/schnell/tables"
)

// loadGame replays a log into a game of the game its header names (with
// the overlay of tables, if any).
func loadGame(path, tablesDir string) (*engine.Game, *gamelog.Log, error) {
	lg, err := gamelog.ReadFile(path)
	if err != nil {
		return nil, nil, err
	}
	def, err := registry.ForLog(lg.Header)
	if err != nil {
		return nil, nil, fmt.Errorf("%s: %w", path, err)
	}
	if tablesDir != "" {
		if def, err = engine.WithOverlay(def, tables.Dir(tablesDir)); err != nil {
			return nil, nil, overlayError(tablesDir, err)
		}
	}
	g, err := engine.Replay(def, lg, 0, engine.Config{})
	if err != nil {
		return nil, nil, fmt.Errorf("%s: %w", path, err)
	}
	return g, lg, nil
}

// defOfLog reads only a log's header and returns its game's definition
// (for the flags that depend on the game: its sheets, its parts).
func defOfLog(path string) (*engine.Definition, error) {
	f, err := gamelog.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	h, err := gamelog.ReadHeader(f)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return registry.ForLog(h)
}

// defOfLogOrDefault is defOfLog, or the default game when there is no
// log (help for the default game's flags).
func defOfLogOrDefault(log string) (*engine.Definition, error) {
	if log == "" {
		return registry.Get(registryDefault())
	}
	return defOfLog(log)
}

// runSheet is `schnell sheet LOG --sheet NAME [--format F] [-o FILE] [--PART N]`.
func runSheet(args []string, stdout, stderr io.Writer) int {
	log := logArg(args)
	if log == "" {
		if !wantsHelp(args) {
			fmt.Fprintln(stderr, "usage: schnell sheet LOG [flags] (the flags depend on the log's game: schnell sheet -h, schnell sheet LOG -h)")
			return 2
		}
	}
	def, err := defOfLogOrDefault(log)
	if err != nil {
		fmt.Fprintf(stderr, "schnell sheet: %v\n", err)
		return 1
	}
	sh, _ := def.Game.(sheet.Sheeter)
	if sh == nil && def.Picture == nil {
		fmt.Fprintf(stderr, "schnell sheet: %s prints no sheets\n", def.Name)
		return 2
	}
	fs := newFlagSet("schnell sheet", args, stdout, stderr)
	var names []string
	if sh != nil {
		names = sh.SheetNames()
	}
	if def.Picture != nil {
		names = append(names[:len(names):len(names)], repl.ReplaySheetName)
	}
	defName := "all"
	if sh == nil {
		defName = repl.ReplaySheetName
	}
	name := fs.String("sheet", defName, "which sheet: "+orList(append(names[:len(names):len(names)], "all")))
	format := fs.String("format", "text", "text, md, csv or html")
	out := fs.String("o", "", "write to FILE (csv with several sheets: FILE-NAME.csv each)")
	tablesDir := fs.String("tables", "", "the overlay of tables the game was played with")
	part := new(int)
	if def.Part != "" {
		fs.IntVar(part, def.Part, 0, "one "+def.Part+" (the sheets that show one)")
	}
	var sides []string
	if def.Picture != nil {
		fs.Func("side", "the replay sheet as SIDE saw it (repeatable; "+orList(repl.ReplaySides(def))+"; default: the referee and every side)", func(v string) error {
			sides = append(sides, v)
			return repl.CheckOnlookers(def, []string{v})
		})
	}
	fs.Usage = func() {
		fmt.Fprintln(fs.Output(), "usage: schnell sheet [flags] LOG")
		fs.PrintDefaults()
	}
	if l, code := parseWithLog(fs, args); l == "" {
		return code
	}
	a, err := sheet.ParseArgs([]string{*name, "--format", *format}, names, def.Part)
	if err != nil {
		fmt.Fprintf(stderr, "schnell sheet: %v\n", err)
		return 2
	}
	a.Out, a.Part = *out, *part
	if a.Name == repl.ReplaySheetName {
		return runReplaySheet(def, log, *tablesDir, a, sides, stdout, stderr)
	}
	if len(sides) > 0 {
		fmt.Fprintln(stderr, "schnell sheet: --side picks a view of the replay sheet (--sheet replay)")
		return 2
	}
	if sh == nil {
		fmt.Fprintf(stderr, "schnell sheet: %s's sheet is the replay: --sheet replay --format html -o FILE\n", def.Name)
		return 2
	}
	g, _, err := loadGame(log, *tablesDir)
	if err != nil {
		fmt.Fprintf(stderr, "schnell sheet: %v\n", err)
		return 1
	}
	defer g.Close()
	sheets, err := sh.Sheets(g, a.Name, a.Part)
	if err == nil {
		err = sheet.WriteAll(sheets, a, stdout)
	}
	if err != nil {
		fmt.Fprintf(stderr, "schnell sheet: %v\n", err)
		return 1
	}
	return 0
}

// runReplaySheet writes the replay sheet of the game logged at path.
func runReplaySheet(def *engine.Definition, path, tablesDir string, a sheet.Args, sides []string, stdout, stderr io.Writer) int {
	if a.Part != 0 {
		fmt.Fprintf(stderr, "schnell sheet: the replay sheet is the whole game: no --%s\n", def.Part)
		return 2
	}
	lg, err := gamelog.ReadFile(path)
	if err != nil {
		fmt.Fprintf(stderr, "schnell sheet: %v\n", err)
		return 1
	}
	if tablesDir != "" {
		if def, err = engine.WithOverlay(def, tables.Dir(tablesDir)); err != nil {
			fmt.Fprintf(stderr, "schnell sheet: %v\n", overlayError(tablesDir, err))
			return 1
		}
	}
	var b bytes.Buffer
	if err := repl.WriteReplaySheet(&b, def, lg, nil, sides, a.Format, repl.DefaultColumns); err != nil {
		fmt.Fprintf(stderr, "schnell sheet: %s: %v\n", path, err)
		return 1
	}
	if a.Out == "" {
		_, err = stdout.Write(b.Bytes())
	} else {
		err = sheet.WriteFile(a.Out, b.Bytes())
	}
	if err != nil {
		fmt.Fprintf(stderr, "schnell sheet: %v\n", err)
		return 1
	}
	return 0
}

// runReport is `schnell report LOG [-o FILE] [--format md|bbcode] [--PART N]` (alias aar).
func runReport(args []string, stdout, stderr io.Writer) int {
	log := logArg(args)
	if log == "" {
		if !wantsHelp(args) {
			fmt.Fprintln(stderr, "usage: schnell report LOG [flags] (the flags depend on the log's game: schnell report -h, schnell report LOG -h)")
			return 2
		}
	}
	def, err := defOfLogOrDefault(log)
	if err != nil {
		fmt.Fprintf(stderr, "schnell report: %v\n", err)
		return 1
	}
	rp, ok := def.Game.(sheet.Reporter)
	if !ok {
		fmt.Fprintf(stderr, "schnell report: %s writes no reports\n", def.Name)
		return 2
	}
	fs := newFlagSet("schnell report", args, stdout, stderr)
	out := fs.String("o", "", "write the report to FILE")
	format := fs.String("format", "md", "md (Markdown) or bbcode (for forums)")
	tablesDir := fs.String("tables", "", "the overlay of tables the game was played with")
	part := new(int)
	if def.Part != "" {
		fs.IntVar(part, def.Part, 0, "report one "+def.Part)
	}
	fs.Usage = func() {
		fmt.Fprintln(fs.Output(), "usage: schnell report [flags] LOG")
		fs.PrintDefaults()
	}
	if l, code := parseWithLog(fs, args); l == "" {
		return code
	}
	if *format != "md" && *format != "bbcode" {
		fmt.Fprintf(stderr, "schnell report: --format %q: md or bbcode\n", *format)
		return 2
	}
	g, lg, err := loadGame(log, *tablesDir)
	if err != nil {
		fmt.Fprintf(stderr, "schnell report: %v\n", err)
		return 1
	}
	defer g.Close()
	text, err := rp.Report(g, lg, *part)
	if err != nil {
		fmt.Fprintf(stderr, "schnell report: %v\n", err)
		return 1
	}
	if *format == "bbcode" {
		text = sheet.BBCode(text)
	}
	if *out != "" {
		if err := sheet.WriteFile(*out, []byte(text)); err != nil {
			fmt.Fprintf(stderr, "schnell report: %v\n", err)
			return 1
		}
		return 0
	}
	io.WriteString(stdout, text)
	return 0
}

// logArg finds the LOG argument (the first word, or the last) before the
// flags are parsed: the flags depend on the log's game.
func logArg(args []string) string {
	if len(args) == 0 {
		return ""
	}
	if a := args[0]; a != "" && a[0] != '-' {
		return a
	}
	if a := args[len(args)-1]; a != "" && a[0] != '-' {
		return a
	}
	return ""
}

// wantsHelp reports whether args ask for help.
func wantsHelp(args []string) bool {
	for _, a := range args {
		if a == "-h" || a == "-help" || a == "--help" {
			return true
		}
	}
	return false
}

func orList(w []string) string {
	if len(w) < 2 {
		return fmt.Sprint(w)
	}
	s := ""
	for i, x := range w {
		switch {
		case i == 0:
		case i == len(w)-1:
			s += " or "
		default:
			s += ", "
		}
		s += x
	}
	return s
}

// parseWithLog parses flags around one LOG argument (before or after the
// flags). With no log it returns "" and the exit code.
func parseWithLog(fs *flag.FlagSet, args []string) (string, int) {
	var log string
	if len(args) > 0 && len(args[0]) > 0 && args[0][0] != '-' {
		log, args = args[0], args[1:]
	}
	if err := fs.Parse(args); err != nil {
		if err == flag.ErrHelp {
			return "", 0
		}
		return "", 2
	}
	if log == "" && fs.NArg() == 1 {
		log = fs.Arg(0)
	}
	if log == "" {
		fs.Usage()
		return "", 2
	}
	return log, 0
}
