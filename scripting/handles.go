package scripting

import (
	"fmt"
	"slices"

	lua "github.com/schnell-wargames/schnell/third_party/gopher-lua"

	"github.com/schnell-wargames/schnell/engine"
)

// maxHandles bounds the kinds a script may list in `handles`.
const maxHandles = 1000

// Handles reads the script's `handles` global: the decision kinds its
// decide answers (a list of strings). declared is false when the script
// sets none: it then answers every decision.
func (h *Host) Handles() (kinds []string, declared bool, err error) {
	v := h.L.GetGlobal("handles")
	if v == lua.LNil {
		return nil, false, nil
	}
	t, ok := v.(*lua.LTable)
	if !ok {
		return nil, false, &Error{Script: h.name, Msg: fmt.Sprintf("%s: handles is a %s: make it a list of decision kinds, handles = {\"attack\", \"range\"}", h.name, v.Type())}
	}
	n := t.Len()
	if n > maxHandles {
		return nil, false, &Error{Script: h.name, Msg: fmt.Sprintf("%s: handles lists %d kinds, more than %d", h.name, n, maxHandles)}
	}
	for i := 1; i <= n; i++ {
		s, ok := t.RawGetInt(i).(lua.LString)
		if !ok {
			return nil, false, &Error{Script: h.name, Msg: fmt.Sprintf("%s: handles[%d] is a %s, not a decision kind (a string)", h.name, i, t.RawGetInt(i).Type())}
		}
		kinds = append(kinds, string(s))
	}
	return kinds, true, nil
}

// Delegate is the decider of a script that declares the decision kinds it
// handles (Host.Handles): those go to the script, unless they have one
// option and it takes no arguments (answered at once, by the script, with
// no call into Lua); every other kind goes to ref, the game's reference
// player. A script that declares nothing answers everything: Delegate
// returns h.
func Delegate(h *Host, ref engine.Decider) (engine.Decider, error) {
	kinds, declared, err := h.Handles()
	if err != nil || !declared {
		return h, err
	}
	if ref == nil {
		return nil, &Error{Script: h.name, Msg: h.name + ": handles leaves decisions to the game's reference player, and this game has none: drop handles"}
	}
	return &delegate{h: h, ref: ref, kinds: kinds}, nil
}

type delegate struct {
	h     *Host
	ref   engine.Decider
	kinds []string
	last  engine.Who // who answered the last decision (Who is asked after Decide)
}

var (
	_ engine.Decider      = (*delegate)(nil)
	_ engine.ArgDecider   = (*delegate)(nil)
	_ engine.BlindTo      = (*delegate)(nil)
	_ engine.Wordless     = (*delegate)(nil)
	_ engine.DefaultTaker = (*delegate)(nil)
	_ engine.LateRefuser  = (*delegate)(nil)
)

func (d *delegate) Who() engine.Who { return d.last }

// BlindTo implements engine.BlindTo: the kinds the script leaves to a
// Blind reference player need no wording.
func (d *delegate) BlindTo(kind string) bool {
	b, ok := d.ref.(engine.Blind)
	return ok && b.Blind() && !slices.Contains(d.kinds, kind)
}

// TakesDefault implements engine.DefaultTaker: a kind the script leaves to
// a reference player that takes the default is answered so (Ctx.Pick then
// need not build it when nobody reads it).
func (d *delegate) TakesDefault(dec *engine.Decision) bool {
	t, ok := d.ref.(engine.DefaultTaker)
	return ok && !slices.Contains(d.kinds, dec.Kind) && t.TakesDefault(dec)
}

// RefusesLate implements engine.LateRefuser: the script's kinds, and the
// others as the reference player has them.
func (d *delegate) RefusesLate(kind string) bool {
	if slices.Contains(d.kinds, kind) {
		return true
	}
	l, ok := d.ref.(engine.LateRefuser)
	return ok && l.RefusesLate(kind)
}

// Wordless implements engine.Wordless: for the script's kinds, as the
// script has it (Host.Wordless).
func (d *delegate) Wordless(kind string) bool {
	return slices.Contains(d.kinds, kind) && d.h.Wordless(kind)
}

func (d *delegate) Decide(dec *engine.Decision) (int, error) {
	a, err := d.DecideArgs(dec)
	return a.Option, err
}

func (d *delegate) DecideArgs(dec *engine.Decision) (engine.Answer, error) {
	if !slices.Contains(d.kinds, dec.Kind) {
		d.last = d.ref.Who()
		if ad, ok := d.ref.(engine.ArgDecider); ok {
			return ad.DecideArgs(dec)
		}
		i, err := d.ref.Decide(dec)
		return engine.Answer{Option: i}, err
	}
	d.last = engine.ByScript
	if len(dec.Options) == 1 && len(dec.Options[0].Args) == 0 {
		return engine.Answer{Option: 0}, nil
	}
	return d.h.DecideArgs(dec)
}
