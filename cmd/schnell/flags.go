package main

import (
	"errors"
	"flag"
	"fmt"
	"path/filepath"
	"strings"

	"github.com/schnell-wargames/schnell/engine"
	"github.com/schnell-wargames/schnell/gamelog"
	"github.com/schnell-wargames/schnell/tables"
)

// gameArg finds --game NAME (or --game=NAME) among args before the flags
// are parsed: the game's options are flags too. "" = the default game.
func gameArg(args []string) string {
	for i, a := range args {
		if a == "--" {
			break
		}
		for _, p := range []string{"--game", "-game"} {
			if a == p && i+1 < len(args) {
				return args[i+1]
			}
			if v, ok := strings.CutPrefix(a, p+"="); ok {
				return v
			}
		}
	}
	return registryDefault()
}

func registryDefault() string {
	if len(registry) == 0 {
		return ""
	}
	return registry[0].Name
}

// gameFlags are the flags every command that starts a game shares: --game,
// the game's options (--NAME VALUE, -o NAME=VALUE) and --tables.
type gameFlags struct {
	game   string
	opts   []gamelog.Option
	tables string
	sides  sideFlags // --side (sides.go)
}

// reservedFlags are the flags of the commands that take game options (the
// prompt, auto, sim), declared after them: a game option of the same name
// gets no flag of its own (-o NAME=VALUE sets it), so that neither hides
// the other.
var reservedFlags = map[string]bool{
	"game": true, "o": true, "tables": true, "side": true, "seed": true, "dice": true, "load": true, "log": true,
	"data": true, "keep-going": true, "force": true, "script": true, "deadline": true, "memory": true, "runs": true,
	"jobs": true, "json": true, "out": true, "csv": true, "logs": true, "compress": true, "shard": true, "html": true,
	"h": true, "help": true,
}

// addGameFlags declares the game flags of def on fs.
func addGameFlags(fs *flag.FlagSet, def *engine.Definition) *gameFlags {
	gf := &gameFlags{}
	fs.StringVar(&gf.game, "game", def.Name, "the game to play (schnell games lists them)")
	fs.Var(optionList{gf}, "o", "game option NAME=VALUE (repeatable)")
	for _, o := range def.Options {
		if reservedFlags[o.Name] || fs.Lookup(o.Name) != nil {
			continue // a command's own flag: the option is set with -o NAME=VALUE (TestGameOptionFlags)
		}
		help := o.Help
		if help == "" {
			help = "game option " + o.Name
		}
		// -h reads the first `word` of a flag's help as the name of its
		// argument ("-table steer VESSEL DEG"): a game's help quotes the
		// commands it names in backquotes, so they are single quotes here.
		help = strings.ReplaceAll(help, "`", "'")
		if o.Default != "" {
			help = fmt.Sprintf("%s (default %s)", help, o.Default)
		}
		fs.Var(gameOption{o.Name, gf}, o.Name, help)
	}
	where := "DIR/*.tbl"
	if len(def.Booklets) > 1 {
		var w []string
		for _, b := range def.Booklets {
			w = append(w, "DIR/"+b.Name+"/*.tbl")
		}
		where = strings.Join(w, " and ")
	}
	learnt := ""
	if def.Learn != nil {
		learnt = ", or add the tables schnell sim learn writes"
	}
	fs.StringVar(&gf.tables, "tables", "", "overlay your own tables: "+where+" replace the game's by table id"+learnt)
	if len(def.Sides) > 0 {
		fs.Var(&gf.sides, "side", sideUsage)
	}
	return gf
}

// overlay lays --tables over def, if given.
func (gf *gameFlags) overlay(def *engine.Definition) (*engine.Definition, error) {
	if gf.tables == "" {
		return def, nil
	}
	d, err := engine.WithOverlay(def, tables.Dir(gf.tables))
	if err != nil {
		return nil, overlayError(gf.tables, err)
	}
	return d, nil
}

// optionList collects -o NAME=VALUE.
type optionList struct{ gf *gameFlags }

func (o optionList) String() string { return "" }
func (o optionList) Set(v string) error {
	k, val, ok := strings.Cut(v, "=")
	if !ok || k == "" {
		return fmt.Errorf("%q: want NAME=VALUE", v)
	}
	o.gf.opts = append(o.gf.opts, gamelog.Option{Name: k, Value: val})
	return nil
}

// gameOption is one option's own flag, --NAME VALUE.
type gameOption struct {
	name string
	gf   *gameFlags
}

func (g gameOption) String() string { return "" }
func (g gameOption) Set(v string) error {
	g.gf.opts = append(g.gf.opts, gamelog.Option{Name: g.name, Value: v})
	return nil
}

// overlayError names the file of DIR an overlay's error is about by its
// path (DIR/s100/a.tbl:3: …), else DIR.
func overlayError(dir string, err error) error {
	var te *tables.Error
	if errors.As(err, &te) && (strings.HasSuffix(te.File, ".tbl") || strings.HasSuffix(te.File, ".rec")) {
		q := *te
		q.File = filepath.Join(dir, filepath.FromSlash(q.File))
		return fmt.Errorf("--tables: %w", &q)
	}
	return fmt.Errorf("--tables %s: %w", dir, err)
}
