package schnellrules

import (
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/schnell-wargames/schnell/engine"
	"github.com/schnell-wargames/schnell/gamelog"
)

func rangeArg(s string) (int, error) {
	cm, err := strconv.Atoi(strings.TrimSuffix(s, "cm"))
	if err != nil {
		return 0, fmt.Errorf("range %q: a number of cm", s)
	}
	return cm, nil
}

func runAir(g *engine.Game, args []string, _ io.Writer) ([]gamelog.Event, error) {
	b, pre, err := pending(g, "air", "air")
	if err != nil {
		if bb, e := battle(g); e == nil && !bb.Opt.Aircraft {
			return pre, errors.New("aircraft are an option: new aircraft=on")
		}
		return pre, err
	}
	if len(args) != 4 {
		return nil, errors.New("air AIRCRAFT WEAPON TARGET RANGE_CM")
	}
	cm, err := rangeArg(args[3])
	if err != nil {
		return nil, err
	}
	a, r, t, _, err := b.CheckAirAttack(b.acting, args[0], args[1], args[2], cm)
	if err != nil {
		return nil, err
	}
	return choose(g, pre, "air", []string{a.Name, r.ID, t.ID, strconv.Itoa(cm)})
}

func runAA(g *engine.Game, args []string, _ io.Writer) ([]gamelog.Event, error) {
	b, pre, err := pending(g, "", "aa")
	if err != nil {
		return pre, err
	}
	if !b.Opt.Aircraft {
		return nil, errors.New("aircraft are an option: new aircraft=on")
	}
	if k := g.Pending().Decision.Kind; k != "aa" && k != "guns" {
		return nil, fmt.Errorf("aa is an order of the air phases (after the attacks) and of phase 7; now it is %s", phaseNames[b.Phase])
	}
	if len(args) != 4 {
		return nil, errors.New("aa VESSEL WEAPON[:N] AIRCRAFT RANGE_CM")
	}
	cm, err := rangeArg(args[3])
	if err != nil {
		return nil, err
	}
	v, gun, a, _, err := b.CheckAA(args[0], args[1], args[2], cm)
	if err != nil {
		return nil, err
	}
	return choose(g, pre, "aa", []string{v.ID, gun.Name, a.Name, strconv.Itoa(cm)})
}

func runAirFire(g *engine.Game, args []string, _ io.Writer) ([]gamelog.Event, error) {
	b, pre, err := pending(g, "guns", "airfire")
	if err != nil {
		if bb, e := battle(g); e == nil && !bb.Opt.Aircraft {
			return pre, errors.New("aircraft are an option: new aircraft=on")
		}
		return pre, err
	}
	if len(args) != 4 && len(args) != 5 {
		return nil, errors.New("airfire AIRCRAFT GUN[:MOUNT] ENEMY_AIRCRAFT RANGE_CM [fixed|defensive]")
	}
	cm, err := rangeArg(args[3])
	if err != nil {
		return nil, err
	}
	mount := mountFixed
	if len(args) == 5 {
		mount = strings.ToLower(args[4])
	}
	a, _, key, t, _, err := b.CheckAirFire(b.acting, args[0], args[1], args[2], cm, mount)
	if err != nil {
		return nil, err
	}
	return choose(g, pre, "airfire", []string{a.Name, key, t.Name, strconv.Itoa(cm), mount})
}

func runRam(g *engine.Game, args []string, _ io.Writer) ([]gamelog.Event, error) {
	return vesselAtVessel(g, args, "ram", func(b *Battle) bool { return b.Opt.Ramming },
		"ramming is an option (the FAQ's): new ramming=on", (*Battle).CheckRam)
}
