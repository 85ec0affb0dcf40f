package main

import (
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"
)

// The completion scripts ask schnell itself for the candidates (`schnell
// __complete WORD… CURRENT`), so that they follow the command table, the
// games' options and the saved games without being regenerated.
const bashCompletion = `# bash completion for schnell: source it, or put it in ~/.local/share/bash-completion/completions/schnell
_schnell() {
	local IFS=$'\n'
	COMPREPLY=($(schnell __complete "${COMP_WORDS[@]:1:COMP_CWORD}" 2>/dev/null))
}
complete -o default -F _schnell schnell
`

const zshCompletion = `#compdef schnell
# zsh completion for schnell: put it in a directory of $fpath as _schnell, or source it
_schnell() {
	local -a c
	c=("${(@f)$(schnell __complete "${(@)words[2,CURRENT]}" 2>/dev/null)}")
	compadd -a c
}
compdef _schnell schnell
`

const fishCompletion = `# fish completion for schnell: put it in ~/.config/fish/completions/schnell.fish
complete -c schnell -f -a '(schnell __complete (commandline -opc)[2..-1] (commandline -ct) 2>/dev/null)'
`

// runCompletion is `schnell completion bash|zsh|fish`.
func runCompletion(args []string, _ *os.File, stdout, stderr io.Writer) int {
	scripts := map[string]string{"bash": bashCompletion, "zsh": zshCompletion, "fish": fishCompletion}
	if wantsHelp(args) {
		fmt.Fprintln(&helpWriter{w: stdout}, "usage: schnell completion bash|zsh|fish\n\nPrints a completion script for the shell: subcommands, their flags, game names, option values and saved games.\n  bash: schnell completion bash >\n        ~/.local/share/bash-completion/completions/schnell\n  zsh:  schnell completion zsh > \"${fpath[1]}/_schnell\"\n  fish: schnell completion fish > ~/.config/fish/completions/schnell.fish")
		return 0
	}
	if len(args) != 1 || scripts[args[0]] == "" {
		fmt.Fprintln(stderr, "usage: schnell completion bash|zsh|fish")
		return 2
	}
	io.WriteString(stdout, scripts[args[0]])
	return 0
}

// runComplete is the hidden `schnell __complete WORD… CURRENT`: the
// candidates for the last word, one a line.
func runComplete(args []string, stdout io.Writer) int {
	if len(args) == 0 {
		args = []string{""}
	}
	for _, c := range complete(args[:len(args)-1], args[len(args)-1]) {
		fmt.Fprintln(stdout, c)
	}
	return 0
}

// complete returns the candidates for cur after the words before it.
func complete(before []string, cur string) []string {
	var c *command
	if len(before) > 0 {
		c = lookup(before[0])
	}
	if len(before) == 0 && !strings.HasPrefix(cur, "-") {
		return prefixed(commandNames(), cur)
	}
	prev := ""
	if len(before) > 0 {
		prev = before[len(before)-1]
	}
	fs := flagsOf(c)
	if c != nil && c.name == "help" {
		return prefixed(commandNames(), cur)
	}
	if c != nil && c.name == "completion" {
		return prefixed([]string{"bash", "zsh", "fish"}, cur)
	}
	// The value of a flag.
	if strings.HasPrefix(prev, "-") && fs != nil {
		if f := fs.Lookup(strings.TrimLeft(prev, "-")); f != nil && !isBool(f) {
			return prefixed(flagValues(f.Name), cur)
		}
	}
	if strings.HasPrefix(cur, "-") && fs != nil {
		var out []string
		fs.VisitAll(func(f *flag.Flag) { out = append(out, "--"+f.Name) })
		return prefixed(out, cur)
	}
	if c != nil && slices.Contains([]string{"replay", "sheet", "report"}, c.name) {
		return prefixed(savedPaths(), cur)
	}
	return nil
}

func isBool(f *flag.Flag) bool {
	b, ok := f.Value.(interface{ IsBoolFlag() bool })
	return ok && b.IsBoolFlag()
}

// flagValues are the values a flag takes: games, option values, dice
// modes, saved games.
func flagValues(name string) []string {
	switch name {
	case "game":
		return registry.Names()
	case "dice":
		return []string{"digital", "physical"}
	case "format":
		return []string{"text", "md", "csv", "html"}
	case "load":
		return append(savedNames(), savedPaths()...)
	}
	if def, err := registry.Get(registryDefault()); err == nil {
		for _, o := range def.Options {
			if o.Name == name {
				return o.Values
			}
		}
	}
	return nil
}

// savedNames are the saved games of the default game's data directory.
func savedNames() []string {
	var out []string
	for _, p := range savedPaths() {
		out = append(out, strings.TrimSuffix(filepath.Base(p), ".jsonl"))
	}
	return out
}

func savedPaths() []string {
	def, err := registry.Get(registryDefault())
	if err != nil {
		return nil
	}
	names, _ := filepath.Glob(filepath.Join(defaultDataDir(def), "*.jsonl"))
	return names
}

func prefixed(words []string, cur string) []string {
	var out []string
	for _, w := range words {
		if strings.HasPrefix(w, cur) {
			out = append(out, w)
		}
	}
	return out
}
