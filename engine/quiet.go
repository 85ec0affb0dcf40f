package engine

import "github.com/schnell-wargames/schnell/gamelog"

// headerOptions are the options a log header names: all of them but a
// Quiet option at its default (OptionDef.Quiet).
func (d *Definition) headerOptions(opts []gamelog.Option) []gamelog.Option {
	quiet := false
	for _, o := range d.Options {
		quiet = quiet || o.Quiet
	}
	if !quiet {
		return opts
	}
	out := make([]gamelog.Option, 0, len(opts))
	for _, o := range opts {
		if i := d.optionIndex(o.Name); i >= 0 && d.Options[i].Quiet && o.Value == d.Options[i].Default {
			continue
		}
		out = append(out, o)
	}
	return out
}

func (d *Definition) optionIndex(name string) int {
	for i, o := range d.Options {
		if o.Name == name {
			return i
		}
	}
	return -1
}
