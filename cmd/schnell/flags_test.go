package main

import (
	"bytes"
	"flag"
	"strings"
	"testing"
)

// Every game's options are flags of the prompt, auto and sim (--NAME
// VALUE) beside the command's own, and -h words each with its own help: a
// game option's help that quotes a command in backquotes is not read as
// the flag's argument ("-table steer VESSEL DEG", "-setup ;" before), and
// -o keeps its own help. A game option named like one of the command's
// flags would have panicked ("flag redefined") or hidden it: every flag
// the commands declare is reserved, and no game's option takes one.
func TestGameOptionFlags(t *testing.T) {
	for _, name := range registry.Names() {
		def, err := registry.Get(name)
		if err != nil {
			t.Fatal(err)
		}
		for _, cmd := range []string{"", "auto", "sim"} {
			args := []string{"--game", name, "-h"}
			if cmd != "" {
				args = append([]string{cmd}, args...)
			}
			var got *flag.FlagSet
			seen = func(fs *flag.FlagSet) { got = fs }
			var out, errs bytes.Buffer
			if code := run(args, nil, &out, &errs); code != 0 || got == nil {
				t.Fatalf("schnell %s: exit %d: %s", strings.Join(args, " "), code, errs.String())
			}
			seen = nil
			got.VisitAll(func(f *flag.Flag) {
				if _, isOption := f.Value.(gameOption); !isOption && !reservedFlags[f.Name] {
					t.Errorf("schnell %s: --%s is not in reservedFlags: a game option of that name would clash", cmd, f.Name)
				}
			})
			text := out.String()
			if !strings.Contains(text, "\n  -o value\n        game option NAME=VALUE (repeatable)\n") {
				t.Errorf("schnell %s: -o is not worded as itself:\n%s", strings.Join(args, " "), text)
			}
			for _, o := range def.Options {
				if reservedFlags[o.Name] {
					t.Errorf("%s's option %q is named like a flag of schnell %s: give it another name", name, o.Name, cmd)
					continue
				}
				if f := got.Lookup(o.Name); f == nil {
					t.Errorf("schnell %s: %s's option %s has no flag", strings.Join(args, " "), name, o.Name)
				} else if _, ok := f.Value.(gameOption); !ok {
					t.Errorf("schnell %s: --%s is not %s's option", strings.Join(args, " "), o.Name, name)
				}
				if !strings.Contains(text, "\n  -"+o.Name+" value\n") {
					t.Errorf("schnell %s: -%s is not shown as \"-%s value\":\n%s", strings.Join(args, " "), o.Name, o.Name, text)
				}
			}
		}
	}
}
