// Command schnell plays and referees table-driven wargames at a prompt,
// and lets Lua scripts take command. Its games are listed by `schnell
// games`; the first is Schnell Boats: Scourge of the English Channel.
//
//	schnell [--game NAME] [flags]  play at the prompt (or run a command file from stdin)
//	schnell games                  the games schnell plays
//	schnell auto [flags]           play a whole game with the game's reference player (or --script)
//	schnell sim [flags]            many games over all cores, with statistics
//	schnell replay [--verify] LOG  rebuild a game from its log
//	schnell lua FILE [ARGS…]       run a log-analysis script in the sandbox
//	schnell sheet LOG [flags]      print the paper sheets of a game (text, md, csv, html)
//	schnell report LOG             a report of the game in Markdown (alias: aar)
//	schnell help                   this text
//
// Run `schnell -h` for the flags.
package main

import (
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
	"github.com/schnell-wargames/schnell/games"
	"github.com/schnell-wargames/schnell/repl"
)

func main() {
	os.Exit(run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}

// registry is the games this binary plays (tests add the toy game).
var registry = games.Registry(games.All)

func run(args []string, stdin *os.File, stdout, stderr io.Writer) int {
	if len(args) > 0 {
		if c := lookup(args[0]); c != nil {
			return c.run(args[1:], stdin, stdout, stderr)
		}
		switch args[0] {
		case "--version", "-version":
			return runVersion(nil, stdin, stdout, stderr)
		case "__complete":
			return runComplete(args[1:], stdout)
		}
	}
	return runPrompt(args, stdin, stdout, stderr)
}

// runPrompt is plain `schnell`: the prompt.
func runPrompt(args []string, stdin *os.File, stdout, stderr io.Writer) int {
	def, err := registry.Get(gameArg(args))
	if err != nil {
		fmt.Fprintf(stderr, "schnell: %v\n", err)
		return 2
	}
	fs := newFlagSet("schnell", args, stdout, stderr)
	var (
		seed      = fs.Uint64("seed", 0, "seed of the game's dice (default: from the clock)")
		diceMode  = fs.String("dice", "digital", "dice: digital (the program rolls) or physical (you roll and type the faces)")
		load      = fs.String("load", "", "load a saved game (a log) and go on playing it")
		logFile   = fs.String("log", "", "log (save) a new game to this file")
		dataDir   = fs.String("data", "", "directory of the saved games (default: $XDG_DATA_HOME/schnell/"+def.FolderName()+", ~/.local/share/schnell/"+def.FolderName()+")")
		keepGoing = fs.Bool("keep-going", false, "in a command file, go on after a failing command (the exit code is still 1)")
		force     = fs.Bool("force", false, "--log may replace an existing file")
	)
	gf := addGameFlags(fs, def)
	fs.Usage = func() {
		fmt.Fprintf(fs.Output(), "usage: schnell [flags]\n       schnell COMMAND [flags] (schnell help COMMAND)\n\nPlays %s at a prompt; with stdin from a file or a pipe, runs its lines as commands.\n\nCommands:\n", gameTitle(def))
		printCommands(fs.Output())
		fmt.Fprintln(fs.Output(), "\nFlags:")
		fs.PrintDefaults()
	}
	if code, ok := parseFlags(fs, args); !ok {
		return code
	}
	if fs.NArg() > 0 {
		fmt.Fprintf(stderr, "schnell: unexpected argument %q%s (see schnell -h)\n", fs.Arg(0), repl.DidYouMean(fs.Arg(0), commandNames()))
		return 2
	}
	mode, err := engine.ParseMode(*diceMode)
	if err != nil {
		fmt.Fprintf(stderr, "schnell: --dice: %v\n", err)
		return 2
	}
	if def, err = gf.overlay(def); err != nil {
		fmt.Fprintf(stderr, "schnell: %v\n", err)
		return 2
	}
	sideSpecs, err := gf.sides.specs(def)
	if err != nil {
		fmt.Fprintf(stderr, "schnell: --side: %v\n", err)
		return 2
	}
	seedSet, diceSet, newGame := false, false, false
	fs.Visit(func(f *flag.Flag) {
		seedSet = seedSet || f.Name == "seed"
		diceSet = diceSet || f.Name == "dice"
		// A flag that shapes a new game asks for one: no offer to go on
		// with a saved game.
		switch f.Name {
		case "data", "keep-going", "game", "force":
		default:
			newGame = true
		}
	})
	if !seedSet {
		*seed = uint64(time.Now().UnixNano()) % 1_000_000_000
	}
	state := stateDir()
	if *dataDir == "" {
		*dataDir = defaultDataDir(def)
		moveSaved(def, *dataDir, stderr)
	}
	interactive := readline.IsTerminal(int(stdin.Fd())) && readline.IsTerminal(int(os.Stdout.Fd()))
	if *logFile != "" && *load == "" && !*force {
		// --log onto a file that holds something: refused (or asked, at
		// a terminal) now, not at the first step.
		yes, err := replaceLog(*logFile, interactive, stdin, stdout)
		if err != nil {
			fmt.Fprintf(stderr, "schnell: --log: %v\n", err)
			return 2
		}
		*force = yes
	}
	s, err := repl.New(repl.Config{
		Def:         def,
		Games:       gamesFor(def),
		Game:        engine.Config{Seed: *seed, Mode: mode, Options: gf.opts},
		LogDir:      *dataDir,
		LogFile:     *logFile,
		Out:         stdout,
		Err:         stderr,
		Color:       interactive && os.Getenv("NO_COLOR") == "" && os.Getenv("TERM") != "dumb",
		Interactive: interactive,
		KeepGoing:   *keepGoing,
		Sides:       sideSpecs,
		Force:       *force,
		FreeRand:    rand.New(rand.NewPCG(uint64(time.Now().UnixNano()), 1)),
		Columns:     terminalColumns(interactive),
		Rows:        terminalRows(interactive),
	})
	if err != nil {
		fmt.Fprintf(stderr, "schnell: %v\n", err)
		return 2
	}
	defer s.Close() // the game's lock, on every way out
	if *load != "" {
		if err := s.Exec("load " + repl.Quote(*load)); err != nil {
			fmt.Fprintf(stderr, "schnell: %v\n", err)
			return 1
		}
		// A game keeps the dice it was played with.
		if m := s.Game().Mode(); diceSet && m != mode {
			fmt.Fprintf(stderr, "schnell: --dice %s: %s was played with %s dice, and a game keeps its dice: leave --dice out, or start a new game with --dice %s\n", mode, *load, m, mode)
			return 2
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
		if *load == "" && !newGame && s.OfferContinue(in) {
			return 0 // Ctrl-C or Ctrl-D at the offer: the player leaves
		}
		if s.LogPath() == "" {
			s.Banner() // a new game: --seed, --dice physical and the rest too
		}
	} else {
		in = repl.Plain(stdin)
	}
	return s.Run(in)
}

// gamesFor lets the prompt find the other registered games; the game it
// starts with (an overlay, perhaps) stands for its own name.
func gamesFor(def *engine.Definition) func(string) (*engine.Definition, error) {
	return func(name string) (*engine.Definition, error) {
		if name == def.Name {
			return def, nil
		}
		return registry.Get(name)
	}
}

// runGames is `schnell games`: each game's name and one line about it.
func runGames(args []string, _ *os.File, stdout, stderr io.Writer) int {
	if wantsHelp(args) {
		fmt.Fprintln(stdout, "usage: schnell games\n\nLists the games schnell plays, each with one line about it.")
		return 0
	}
	if len(args) > 0 {
		fmt.Fprintln(stderr, "usage: schnell games")
		return 2
	}
	w := 0
	for _, g := range registry {
		w = max(w, len(g.Name))
	}
	for i, g := range registry {
		def := ""
		if i == 0 {
			def = " (the default)"
		}
		fmt.Fprintln(stdout, wrapHelp(fmt.Sprintf("%-*s  %s%s", w, g.Name, g.Title, def), helpColumns))
	}
	fmt.Fprintln(stdout, "Play one with `schnell --game NAME`; `schnell auto --game NAME -h` lists its\noptions.")
	return 0
}

// defaultDataDir is where a game's saves go: $XDG_DATA_HOME/schnell/SAVED,
// else ~/.local/share/schnell/SAVED, else ./SAVED (SAVED: the game's name
// for its saved games).
func defaultDataDir(def *engine.Definition) string {
	base := os.Getenv("XDG_DATA_HOME")
	if base == "" {
		home, err := os.UserHomeDir()
		if err != nil {
			return def.FolderName()
		}
		base = filepath.Join(home, ".local", "share")
	}
	return filepath.Join(base, "schnell", def.FolderName())
}

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

// terminalColumns is the terminal's width as it is now (a window may be
// resized), for a player at a terminal; piped, the prompt's 80.
func terminalColumns(interactive bool) func() int {
	if !interactive {
		return nil
	}
	return readline.GetScreenWidth
}

// terminalRows is the height of the terminal on stdout (nil piped: the
// prompt then takes repl.DefaultRows).
func terminalRows(interactive bool) func() int {
	if !interactive {
		return nil
	}
	return func() int {
		_, h, err := readline.GetSize(int(os.Stdout.Fd()))
		if err != nil {
			return 0
		}
		return h
	}
}

// replaceLog says whether a new game may log to path: nothing is there or
// an empty file (false, nil), or a plain file the player at a terminal
// agrees to replace (true, nil); else why not.
func replaceLog(path string, interactive bool, stdin *os.File, stdout io.Writer) (bool, error) {
	there, err := gamelog.CheckReplace(path)
	if err != nil || !there {
		return false, err
	}
	if fi, err := os.Stat(path); err == nil && fi.Size() == 0 {
		return false, nil // a crash's debris
	}
	refused := fmt.Errorf("%s exists: give another file, `--load %s` to resume it, or --force to replace it", path, path)
	if !interactive {
		return false, refused
	}
	fmt.Fprintf(stdout, "%s exists. Replace it with the new game? [y/N] ", path)
	// One line, read a byte at a time: what follows is the prompt's.
	var line []byte
	b := make([]byte, 1)
	for len(line) < 80 {
		if n, err := stdin.Read(b); n == 0 || err != nil || b[0] == '\n' {
			break
		}
		line = append(line, b[0])
	}
	if a := strings.ToLower(strings.TrimSpace(string(line))); a == "y" || a == "yes" {
		return true, nil
	}
	return false, refused
}
