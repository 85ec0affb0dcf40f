package scheldt

import (
	"strings"
	"testing"
)

// The words of an order typed at the prompt: any input gives values or
// an error, never a panic, and values pass the arguments' checks.
func FuzzReadArgs(f *testing.F) {
	for _, s := range []string{"2819 terrain=city diff=+3", "3043 terrain=flooded diff=1 engineer pocket", "diff=", "=", "a=b=c", "x terrain=clear diff=99999999999999999999", "2819 2819 2819", "engineer=maybe", "44/15 adjacent=no edge=-1"} {
		f.Add(s)
	}
	args := attackArgs()
	reb := []string{"44-15", "155-52"}
	f.Fuzz(func(t *testing.T, line string) {
		words := strings.Fields(line)
		if vals, err := readArgs("attack", args, words); err == nil {
			for k := range args {
				if verr := args[k].Validate(vals[k]); verr != nil {
					t.Fatalf("%q: %s = %v passes readArgs but not Validate: %v", line, args[k].Name, vals[k], verr)
				}
			}
		}
		g := &Game{Player: Allied, Phase: Combat, Turn: 1, NavalLeft: 2, Landed: map[string]int{}, MustAttack: map[string][]string{}, byID: map[string]*Unit{}}
		for _, id := range reb {
			u := &Unit{ID: id, Side: Allied, State: Depleted}
			g.Units = append(g.Units, u)
			g.byID[strings.ToUpper(id)] = u
		}
		if vals, err := readArgs("attack", args, words); err == nil {
			m := argMap{}
			for k := range args {
				m[args[k].Name] = vals[k]
			}
			_ = g.Refuse(OrderAttack, m)
		}
	})
}
