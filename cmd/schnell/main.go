// Command schnell plays table-driven solitaire naval wargames — first of
// all Schnell Boats: Scourge of the English Channel — at a prompt.
//
//	schnell [flags]              play at the prompt (or run a command file from stdin)
//	schnell auto [flags]         play a whole campaign with the reference Kommandant (or --script)
//	schnell sim [flags]          many campaigns over all cores, with statistics
//	schnell replay [--verify] LOG  rebuild a game from its log
//	schnell lua FILE [ARGS…]     run a log-analysis script in the sandbox
//	schnell sheet LOG [flags]    print the paper sheets of a game (text, md, csv, html)
//	schnell aar LOG              an after-action report in Markdown
//	schnell help                 this text
//
// Run `schnell -h` for the flags.
package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/chzyer/readline"

	"github.com/schnell-wargames/schnell/engine"
	"github.com/schnell-wargames/schnell/gamelog"
	"github.com/schnell-wargames/schnell/repl"
	"github.com/schnell-wargames/schnell/schnellboats"
)

func main() {
	os.Exit(run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}

// optionFlags collects -o NAME=VALUE and the game's own --NAME VALUE flags.
type optionFlags struct{ opts []gamelog.Option }

func (o *optionFlags) String() string { return "" }
func (o *optionFlags) Set(v string) error {
	k, val, ok := strings.Cut(v, "=")
	if !ok || k == "" {
		return fmt.Errorf("%q: want NAME=VALUE", v)
	}
	o.opts = append(o.opts, gamelog.Option{Name: k, Value: val})
	return nil
}

type gameOption struct {
	name string
	o    *optionFlags
}

func (g gameOption) String() string { return "" }
func (g gameOption) Set(v string) error {
	g.o.opts = append(g.o.opts, gamelog.Option{Name: g.name, Value: v})
	return nil
}

func run(args []string, stdin *os.File, stdout, stderr io.Writer) int {
	if len(args) > 0 {
		switch args[0] {
		case "auto":
			return runAuto(args[1:], stdout, stderr)
		case "sim":
			return runSim(args[1:], stdout, stderr)
		case "replay":
			return runReplay(args[1:], stdin, stdout, stderr)
		case "lua":
			return runLua(args[1:], stdout, stderr)
		case "sheet":
			return runSheet(args[1:], stdout, stderr)
		case "aar":
			return runAAR(args[1:], stdout, stderr)
		}
	}
	def, err := schnellboats.Definition()
	if err != nil {
		fmt.Fprintf(stderr, "schnell: %v\n", err)
		return 2
	}
	fs := flag.NewFlagSet("schnell", flag.ContinueOnError)
	fs.SetOutput(stderr)
	var (
		seed      = fs.Uint64("seed", 0, "seed of the game's dice (default: from the clock)")
		diceMode  = fs.String("dice", "digital", "dice: digital (the program rolls) or physical (you roll and type the faces)")
		tablesDir = fs.String("tables", "", "overlay your own tables: DIR/s100/*.tbl and DIR/5b/*.tbl replace ours by table id")
		load      = fs.String("load", "", "load a saved game (a log) and go on playing it")
		logFile   = fs.String("log", "", "log (save) a new game to this file")
		dataDir   = fs.String("data", "", "directory of the saved games (default: $XDG_DATA_HOME/schnell/campaigns, ~/.local/share/schnell/campaigns)")
		keepGoing = fs.Bool("keep-going", false, "in a command file, go on after a failing command (the exit code is still 1)")
		opts      optionFlags
	)
	fs.Var(&opts, "o", "game option NAME=VALUE (repeatable)")
	for _, o := range def.Options {
		fs.Var(gameOption{o.Name, &opts}, o.Name, fmt.Sprintf("game option %s (default %s)", o.Name, o.Value))
	}
	fs.Usage = func() {
		fmt.Fprintf(stderr, "usage: schnell [flags]\n\nPlays %s at a prompt; with stdin from a file or a pipe, runs its lines as commands.\n\nFlags:\n", def.Name)
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return 0
		}
		return 2
	}
	if fs.NArg() > 0 {
		if fs.Arg(0) == "help" {
			fs.Usage()
			return 0
		}
		fmt.Fprintf(stderr, "schnell: unexpected argument %q (see schnell -h)\n", fs.Arg(0))
		return 2
	}
	mode, err := engine.ParseMode(*diceMode)
	if err != nil {
		fmt.Fprintf(stderr, "schnell: --dice: %v\n", err)
		return 2
	}
	if *tablesDir != "" {
		if def, err = schnellboats.WithOverlay(def, os.DirFS(*tablesDir)); err != nil {
			fmt.Fprintf(stderr, "schnell: --tables %s: %v\n", *tablesDir, err)
			return 2
		}
	}
	seedSet := false
	fs.Visit(func(f *flag.Flag) { seedSet = seedSet || f.Name == "seed" })
	if !seedSet {
		*seed = uint64(time.Now().UnixNano()) % 1_000_000_000
	}
	state := stateDir()
	if *dataDir == "" {
		*dataDir = defaultDataDir()
	}
	interactive := readline.IsTerminal(int(stdin.Fd())) && readline.IsTerminal(int(os.Stdout.Fd()))
	s, err := repl.New(repl.Config{
		Def:         def,
		Game:        engine.Config{Seed: *seed, Mode: mode, Options: opts.opts},
		LogDir:      *dataDir,
		LogFile:     *logFile,
		Out:         stdout,
		Err:         stderr,
		Color:       interactive && os.Getenv("NO_COLOR") == "" && os.Getenv("TERM") != "dumb",
		Interactive: interactive,
		KeepGoing:   *keepGoing,
		FreeRand:    rand.New(rand.NewPCG(uint64(time.Now().UnixNano()), 1)),
	})
	if err != nil {
		fmt.Fprintf(stderr, "schnell: %v\n", err)
		return 2
	}
	if *load != "" {
		if err := s.Exec("load " + quote(*load)); err != nil {
			fmt.Fprintf(stderr, "schnell: %v\n", err)
			return 1
		}
	}
	var in repl.LineReader
	if interactive {
		hist := ""
		if state != "" {
			hist = filepath.Join(state, "history")
		}
		in, err = repl.Terminal(hist, s.Complete, stdin, stdout, stderr)
		if err != nil {
			fmt.Fprintf(stderr, "schnell: terminal: %v\n", err)
			return 2
		}
		defer in.Close()
		if *load == "" {
			s.OfferContinue(in)
			if s.LogPath() == "" {
				s.Banner()
			}
		}
	} else {
		in = repl.Plain(stdin)
	}
	return s.Run(in)
}

// defaultDataDir is $XDG_DATA_HOME/schnell/campaigns, else
// ~/.local/share/schnell/campaigns, else ./campaigns.
func defaultDataDir() string {
	base := os.Getenv("XDG_DATA_HOME")
	if base == "" {
		home, err := os.UserHomeDir()
		if err != nil {
			return "campaigns"
		}
		base = filepath.Join(home, ".local", "share")
	}
	return filepath.Join(base, "schnell", "campaigns")
}

func quote(s string) string { return "'" + s + "'" }

// stateDir is where schnell keeps its history and logs:
// $XDG_STATE_HOME/schnell, else ~/.local/state/schnell ("" if neither).
func stateDir() string {
	base := os.Getenv("XDG_STATE_HOME")
	if base == "" {
		home, err := os.UserHomeDir()
		if err != nil {
			return ""
		}
		base = filepath.Join(home, ".local", "state")
	}
	dir := filepath.Join(base, "schnell")
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return ""
	}
	return dir
}
