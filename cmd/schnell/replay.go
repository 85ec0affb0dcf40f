package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"

	"github.com/chzyer/readline"

	"github.com/schnell-wargames/schnell/engine"
	"github.com/schnell-wargames/schnell/gamelog"
	"github.com/schnell-wargames/schnell/repl"
	"github.com/schnell-wargames/schnell/tables"
)

// runReplay is `schnell replay LOG`: rebuild a game from its log (every
// event is checked against its line) and print where it stands.
func runReplay(args []string, stdin *os.File, stdout, stderr io.Writer) int {
	fs := newFlagSet("schnell replay", args, stdout, stderr)
	verify := fs.Bool("verify", false, "say how many events were verified, or where the log and the rules part ways")
	to := fs.Int("to", 0, "stop after event SEQ and open the prompt on that state (play goes on in a new log)")
	tablesDir := fs.String("tables", "", "the overlay of tables the game was played with")
	fs.Usage = func() {
		fmt.Fprintln(fs.Output(), "usage: schnell replay [--verify] [--to SEQ] [--tables DIR] LOG")
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		if err == flag.ErrHelp {
			return 0
		}
		return 2
	}
	if fs.NArg() != 1 {
		fs.Usage()
		return 2
	}
	path := fs.Arg(0)
	var lg *gamelog.Log
	var lines *gamelog.Lines // --verify alone: the lines, each read as the replay reaches it
	var header gamelog.Header
	var warning string
	var err error
	if *verify && *to == 0 {
		if lines, err = gamelog.ReadLinesFile(path); err == nil {
			header, warning = lines.Header, lines.Warning
		}
	} else if lg, err = gamelog.ReadFile(path); err == nil {
		header, warning = lg.Header, lg.Warning
	}
	if err != nil {
		fmt.Fprintf(stderr, "schnell replay: %v\n", err)
		return 1
	}
	if warning != "" {
		fmt.Fprintf(stderr, "schnell replay: warning: %s\n", warning)
	}
	def, err := registry.ForLog(header)
	if err != nil {
		fmt.Fprintf(stderr, "schnell replay: %s: %v\n", path, err)
		return 1
	}
	if *tablesDir != "" {
		if def, err = engine.WithOverlay(def, tables.Dir(*tablesDir)); err != nil {
			fmt.Fprintf(stderr, "schnell replay: %v\n", overlayError(*tablesDir, err))
			return 2
		}
	}
	var g *engine.Game
	n := 0
	if lines != nil {
		g, n, err = engine.Verify(def, lines, engine.Config{})
	} else {
		g, err = engine.Replay(def, lg, *to, engine.Config{})
		n = engine.Checked(lg, *to)
	}
	if err != nil {
		var d *engine.Divergence
		if errors.As(err, &d) {
			fmt.Fprintf(stderr, "schnell replay: %s: the log and the rules part ways at seq %d (line %d): %s\n  the log has:       %s\n  the rules make:    %s\n",
				path, d.Seq, d.Line, gamelog.Shorten(d.Why, engine.QuoteBytes), gamelog.Shorten(d.Expected, engine.QuoteBytes), gamelog.Shorten(d.Found, engine.QuoteBytes))
			return 1
		}
		var le *gamelog.LineError
		if errors.As(err, &le) { // a line of the log, read as the replay reached it: named as reading names it
			fmt.Fprintf(stderr, "schnell replay: %v\n", err)
			return 1
		}
		fmt.Fprintf(stderr, "schnell replay: %s: %v\n", path, err)
		return 1
	}
	defer g.Close()
	if *verify {
		fmt.Fprintf(stdout, "%s: %d events verified", path, n)
		if more := g.Seq() - n; more > 0 {
			fmt.Fprintf(stdout, " (the rules played %d more past the log's end: not verified)", more)
		}
		fmt.Fprintln(stdout)
	}
	if *to > 0 {
		return promptOn(def, g, stdin, stdout, stderr)
	}
	return printStatus(def, g, stdout)
}

func printStatus(def *engine.Definition, g *engine.Game, w io.Writer) int {
	if def.Status != nil {
		if err := def.Status(g, w); err != nil {
			fmt.Fprintln(w, err)
			return 1
		}
	}
	return 0
}

// promptOn opens the prompt on a replayed game.
func promptOn(def *engine.Definition, g *engine.Game, stdin *os.File, stdout, stderr io.Writer) int {
	interactive := readline.IsTerminal(int(stdin.Fd())) && readline.IsTerminal(int(os.Stdout.Fd()))
	s, err := repl.New(repl.Config{Def: def, Games: gamesFor(def), Game: engine.Config{Seed: g.Header().Seed}, LogDir: defaultDataDir(def),
		Out: stdout, Err: stderr, Interactive: interactive, Color: interactive && os.Getenv("NO_COLOR") == ""})
	if err != nil {
		fmt.Fprintf(stderr, "schnell replay: %v\n", err)
		return 2
	}
	s.Adopt(g)
	fmt.Fprintf(stdout, "At event %d. The game goes on from here in a new log.\n", g.Seq())
	var in repl.LineReader = repl.Plain(stdin)
	if interactive {
		if in, err = repl.Terminal("", s.Complete, stdin, stdout, stderr); err != nil {
			fmt.Fprintf(stderr, "schnell replay: %v\n", err)
			return 2
		}
		defer in.Close()
	}
	return s.Run(in)
}
