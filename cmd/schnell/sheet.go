package main

import (
	"flag"
	"fmt"
	"io"
	"os"

	"github.com/schnell-wargames/schnell/engine"
	"github.com/schnell-wargames/schnell/gamelog"
	"github.com/schnell-wargames/schnell/schnellboats"
)

// loadGame replays a log into a game.
func loadGame(path string) (*engine.Game, *gamelog.Log, error) {
	def, err := schnellboats.Definition()
	if err != nil {
		return nil, nil, err
	}
	f, err := os.Open(path)
	if err != nil {
		return nil, nil, err
	}
	defer f.Close()
	lg, err := gamelog.Read(path, f)
	if err != nil {
		return nil, nil, err
	}
	g, err := engine.Replay(def, lg, 0, engine.Config{})
	if err != nil {
		return nil, nil, fmt.Errorf("%s: %w", path, err)
	}
	return g, lg, nil
}

// runSheet is `schnell sheet LOG --sheet NAME [--format F] [-o FILE] [--mission N]`.
func runSheet(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("schnell sheet", flag.ContinueOnError)
	fs.SetOutput(stderr)
	name := fs.String("sheet", "all", "campaign, crew, squadron, damage, enemy or all")
	format := fs.String("format", "text", "text, md, csv or html")
	out := fs.String("o", "", "write to FILE (csv with several sheets: FILE-NAME.csv each)")
	mission := fs.Int("mission", 0, "one mission night (campaign sheet, damage card)")
	fs.Usage = func() {
		fmt.Fprintln(stderr, "usage: schnell sheet [flags] LOG")
		fs.PrintDefaults()
	}
	log, code := parseWithLog(fs, args)
	if log == "" {
		return code
	}
	sa, err := schnellboats.ParseSheetArgs([]string{*name, "--format", *format})
	if err != nil {
		fmt.Fprintf(stderr, "schnell sheet: %v\n", err)
		return 2
	}
	sa.Out, sa.Mission = *out, *mission
	g, _, err := loadGame(log)
	if err != nil {
		fmt.Fprintf(stderr, "schnell sheet: %v\n", err)
		return 1
	}
	defer g.Close()
	sheets, err := schnellboats.GameSheets(g, sa.Name, sa.Mission)
	if err == nil {
		err = schnellboats.WriteSheets(sheets, sa, stdout)
	}
	if err != nil {
		fmt.Fprintf(stderr, "schnell sheet: %v\n", err)
		return 1
	}
	return 0
}

// runAAR is `schnell aar LOG [-o FILE] [--mission N]`.
func runAAR(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("schnell aar", flag.ContinueOnError)
	fs.SetOutput(stderr)
	out := fs.String("o", "", "write the report to FILE")
	mission := fs.Int("mission", 0, "report one mission")
	fs.Usage = func() { fmt.Fprintln(stderr, "usage: schnell aar LOG [-o FILE] [--mission N]") }
	log, code := parseWithLog(fs, args)
	if log == "" {
		return code
	}
	g, lg, err := loadGame(log)
	if err != nil {
		fmt.Fprintf(stderr, "schnell aar: %v\n", err)
		return 1
	}
	defer g.Close()
	c, err := schnellboats.CampaignOf(g)
	if err != nil {
		fmt.Fprintf(stderr, "schnell aar: %v\n", err)
		return 1
	}
	text, err := schnellboats.AAR(lg, c, *mission)
	if err != nil {
		fmt.Fprintf(stderr, "schnell aar: %v\n", err)
		return 1
	}
	if *out != "" {
		if err := os.WriteFile(*out, []byte(text), 0o644); err != nil {
			fmt.Fprintf(stderr, "schnell aar: %v\n", err)
			return 1
		}
		return 0
	}
	io.WriteString(stdout, text)
	return 0
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
