package main

import (
	"errors"
	"flag"
	"fmt"
	"github.com/schnell-wargames/schnell/repl"
	"io"
	"os"
	"runtime/debug"
	"strings"
)

// command is one subcommand of schnell. Dispatch, `schnell -h`, `schnell
// help CMD`, the shell completions and the man page all read this table.
type command struct {
	name    string
	aliases []string
	usage   string
	summary string
	run     func(args []string, stdin *os.File, stdout, stderr io.Writer) int
}

var commands []command

func init() {
	commands = []command{
		{name: "games", usage: "schnell games", summary: "list the games schnell plays", run: runGames},
		{name: "auto", usage: "schnell auto [--game NAME] [flags]", summary: "play a whole game with the game's reference player (or --script FILE) and print its summary",
			run: func(a []string, _ *os.File, o, e io.Writer) int { return runAuto(a, o, e) }},
		{name: "sim", usage: "schnell sim [--game NAME] [flags] | schnell sim merge [--out FILE] PART… | schnell sim learn [flags]", summary: "play many games over all cores (or one shard of them: --shard) and summarise what the game scores; merge adds result files up; learn writes learnt quick-resolve tables from Schnell Rules battles and a page comparing them with the book's (sim learn --help, docs/bridge-learnt.md)",
			run: func(a []string, _ *os.File, o, e io.Writer) int { return runSim(a, o, e) }},
		{name: "replay", usage: "schnell replay [--verify] [--to SEQ] [--tables DIR] LOG", summary: "rebuild a game from its log, checking every event; --to opens the prompt there", run: runReplay},
		{name: "lua", usage: "schnell lua [--deadline D] FILE [ARGS…]", summary: "run a log-analysis script in the sandbox",
			run: func(a []string, _ *os.File, o, e io.Writer) int { return runLua(a, o, e) }},
		{name: "sheet", usage: "schnell sheet LOG [flags]", summary: "print the paper sheets of a saved game (text, md, csv, html)",
			run: func(a []string, _ *os.File, o, e io.Writer) int { return runSheet(a, o, e) }},
		{name: "report", aliases: []string{"aar"}, usage: "schnell report LOG [flags]", summary: "write a report of a saved game in Markdown (or BBCode for forums: --format bbcode)",
			run: func(a []string, _ *os.File, o, e io.Writer) int { return runReport(a, o, e) }},
		{name: "completion", usage: "schnell completion bash|zsh|fish", summary: "print a shell completion script (subcommands, flags, game names, saved games)", run: runCompletion},
		{name: "version", usage: "schnell version", summary: "print the version of schnell (also --version)", run: runVersion},
		{name: "help", usage: "schnell help [COMMAND]", summary: "explain schnell, or one command and its flags", run: runHelp},
	}
}

func lookup(name string) *command {
	for i := range commands {
		c := &commands[i]
		if c.name == name {
			return c
		}
		for _, a := range c.aliases {
			if a == name {
				return c
			}
		}
	}
	return nil
}

func commandNames() []string {
	var out []string
	for _, c := range commands {
		out = append(out, c.name)
		out = append(out, c.aliases...)
	}
	return out
}

func printCommands(w io.Writer) {
	for _, c := range commands {
		name := c.name
		if len(c.aliases) > 0 {
			name += " (" + strings.Join(c.aliases, ", ") + ")"
		}
		fmt.Fprintf(w, "  %-16s %s\n", name, c.summary)
	}
}

// runHelp is `schnell help [COMMAND]`: the command's usage and flags, on
// stdout.
func runHelp(args []string, stdin *os.File, stdout, stderr io.Writer) int {
	if len(args) == 0 {
		return runPrompt([]string{"-h"}, stdin, stdout, stderr)
	}
	if len(args) > 1 {
		fmt.Fprintln(stderr, "usage: schnell help [COMMAND]")
		return 2
	}
	c := lookup(args[0])
	if c == nil {
		fmt.Fprintf(&helpWriter{w: stderr, usage: true}, "schnell help: no command %q%s: the commands are %s\n", args[0], repl.DidYouMean(args[0], commandNames()), strings.Join(commandNames(), ", "))
		return 2
	}
	if c.name == "help" {
		fmt.Fprintf(stdout, "usage: %s\n\n%s.\n", c.usage, upperFirst(c.summary))
		return 0
	}
	return c.run([]string{"-h"}, stdin, stdout, stderr)
}

func upperFirst(s string) string {
	if s == "" {
		return s
	}
	return strings.ToUpper(s[:1]) + s[1:]
}

// runVersion prints the module's version and the commit it was built from
// (from the build info).
func runVersion(args []string, _ *os.File, stdout, stderr io.Writer) int {
	if len(args) > 0 && !wantsHelp(args) {
		fmt.Fprintln(stderr, "usage: schnell version")
		return 2
	}
	fmt.Fprintln(stdout, versionLine())
	return 0
}

func versionLine() string {
	bi, ok := debug.ReadBuildInfo()
	if !ok {
		return "schnell (no build information)"
	}
	v := bi.Main.Version
	if v == "" {
		v = "(devel)"
	}
	var rev, when, dirty string
	for _, s := range bi.Settings {
		switch s.Key {
		case "vcs.revision":
			rev = s.Value
		case "vcs.time":
			when = s.Value
		case "vcs.modified":
			if s.Value == "true" {
				dirty = "+changes"
			}
		}
	}
	line := "schnell " + v
	if rev != "" {
		if len(rev) > 12 {
			rev = rev[:12]
		}
		line += " commit " + rev + dirty
		if when != "" {
			line += " (" + when + ")"
		}
	}
	return line + ", " + bi.GoVersion
}

// newFlagSet makes a command's flag set: its usage goes to stdout when
// the command is asked for help (-h), to stderr after a mistake. Every
// flag set made is shown to seen (the completions and the man page read
// the commands' real flags).
func newFlagSet(name string, args []string, stdout, stderr io.Writer) *flag.FlagSet {
	fs := flag.NewFlagSet(name, flag.ContinueOnError)
	fs.SetOutput(&helpWriter{w: stderr})
	if wantsHelp(args) {
		fs.SetOutput(&helpWriter{w: stdout})
	}
	if seen != nil {
		seen(fs)
	}
	return fs
}

// parseFlags parses args into fs. When it cannot go on, ok is false and
// code is the exit status: 0 after -h (fs printed its usage), 2 after a
// bad flag (fs said which).
func parseFlags(fs *flag.FlagSet, args []string) (code int, ok bool) {
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return 0, false
		}
		return 2, false
	}
	return 0, true
}

// seen, when set, is shown each flag set newFlagSet makes.
var seen func(*flag.FlagSet)

// flagsOf returns the flags of a command (nil: the prompt's), as the
// command declares them for the default game.
func flagsOf(c *command) *flag.FlagSet {
	var got *flag.FlagSet
	seen = func(fs *flag.FlagSet) { got = fs }
	defer func() { seen = nil }()
	args := []string{"-h"}
	null, err := os.Open(os.DevNull)
	if err != nil {
		return nil
	}
	defer null.Close()
	if c == nil {
		runPrompt(args, null, io.Discard, io.Discard)
	} else {
		c.run(args, null, io.Discard, io.Discard)
	}
	return got
}
