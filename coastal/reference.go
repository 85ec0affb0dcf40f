package coastal

import (
	"github.com/schnell-wargames/schnell/engine"
	"github.com/schnell-wargames/schnell/gamelog"
)

// reference is the game's reference player (auto, sim, a side with no
// --side): on a virtual table it plays each side by the document's solo
// rules as a player would, knowing only what that side knows (its own
// markers, the table, what it has observed); on a physical table it takes
// each decision's default, as before.
//
//   - observe: a torpedo marker heading for it first (convoy c.ii), else the
//     nearest marker not in sight (convoy b; attackers c);
//   - fire: a ship in the open fires at the nearest ship in sight its guns
//     reach, else observes again; a hidden marker keeps dark, but an
//     escort's or warship's real ship fires at a ship in reach (the convoy
//     defends itself); a dummy holds;
//   - launch: at the nearest ship in sight at 30-60 cm, aimed 10 cm ahead
//     (attackers d), dummies too (they follow the protocol);
//   - move: until aware, hold; a marker that has launched turns for home
//     (attackers e); torpedo markers near: comb them (convoy c.ii); else
//     toward the nearest enemy marker, escorts at 45 degrees (convoy c.i;
//     attackers c); the escaping side makes for the far edge (Escape).
type reference struct {
	r        *Rules
	launched map[string]bool
}

func newReference(r engine.Rules) engine.Decider {
	return &reference{r: r.(*Rules), launched: map[string]bool{}}
}

// Who implements engine.Decider.
func (*reference) Who() engine.Who { return engine.ByDefault }

// Blind implements engine.Blind: it reads no wording.
func (*reference) Blind() bool { return true }

// Decide implements engine.Decider.
func (p *reference) Decide(d *engine.Decision) (int, error) {
	a, err := p.DecideArgs(d)
	return a.Option, err
}

// DecideArgs implements engine.ArgDecider.
func (p *reference) DecideArgs(d *engine.Decision) (engine.Answer, error) {
	r := p.r
	if r.Table == nil {
		return engine.Answer{Option: d.Default}, nil
	}
	m := r.marker(optionMarker(d))
	pick := func(name string, args ...gamelog.Field) (engine.Answer, error) {
		i := optionIndex(d, name)
		if i < 0 {
			return engine.Answer{Option: d.Default}, nil
		}
		a := engine.Answer{Option: i, Args: map[string]gamelog.Value{}}
		for _, f := range args {
			a.Args[f.Key] = f.Val
		}
		return a, nil
	}
	has := func(name string) bool { return optionIndex(d, name) >= 0 }
	if m == nil {
		if has("tow") {
			return pick("tow")
		}
		return engine.Answer{Option: d.Default}, nil
	}
	dummy := optionClass(d) == "dummy"
	switch d.Kind {
	case "observe":
		for _, o := range []string{"torpedo", "nearest"} {
			if has(o) {
				return pick(o)
			}
		}
		return pick("none")
	case "fire", "split":
		if dummy {
			return pick("hold")
		}
		hidden := !has("observe") && d.Kind == "fire"
		if hidden && !angled(m) {
			return pick("hold") // keep dark until the torpedoes are away
		}
		if t := p.inReach(m, d); t != "" && (!hidden || !p.launched[m.ID]) {
			return pick("fire", gamelog.Str("target", t))
		}
		if has("observe") {
			return pick("observe")
		}
		return pick("hold")
	case "launch":
		if p.launched[m.ID] || optionInt(d, "left") == 0 {
			return pick("hold")
		}
		if t := p.launchTarget(m, d); t != "" {
			p.launched[m.ID] = true
			return pick("launch", gamelog.Str("target", t), gamelog.Int("lead", 10))
		}
		return pick("hold")
	case "move":
		switch {
		case has("exit"):
			return pick("exit")
		case p.launched[m.ID] && has("away"):
			return pick("away")
		case has("comb") && p.threatened(m):
			return pick("comb")
		case has("toward"):
			return pick("toward")
		}
		return pick("hold")
	}
	return engine.Answer{Option: d.Default}, nil
}

// targets are the ids a fire or launch option of d may name.
func targets(d *engine.Decision, name string) []string {
	i := optionIndex(d, name)
	if i < 0 || len(d.Options[i].Args) == 0 {
		return nil
	}
	return d.Options[i].Args[0].IDs
}

// inReach is the nearest ship in sight that m's weapons reach (cannon to
// 60 cm; guns without limit), "" if none.
func (p *reference) inReach(m *Marker, d *engine.Decision) string {
	best, bestCM := "", 0
	for _, id := range targets(d, "fire") {
		t := p.r.marker(id)
		if t == nil {
			continue
		}
		cm := rangeCM(m, t)
		if cm > 60 && (m.Ship == nil || !hasGun(m.Ship)) {
			continue
		}
		if best == "" || cm < bestCM {
			best, bestCM = id, cm
		}
	}
	return best
}

func hasGun(s *Ship) bool {
	for i, w := range s.Guns {
		if w.IsGun() && !s.GunLost[i] {
			return true
		}
	}
	return false
}

// launchTarget is the nearest ship in sight at 30 to 60 cm (attackers d),
// "" if none.
func (p *reference) launchTarget(m *Marker, d *engine.Decision) string {
	best, bestCM := "", 0
	for _, id := range targets(d, "launch") {
		t := p.r.marker(id)
		if t == nil {
			continue
		}
		if cm := rangeCM(m, t); cm >= 30 && cm <= 60 && (best == "" || cm < bestCM) {
			best, bestCM = id, cm
		}
	}
	return best
}

// threatened: an enemy torpedo marker near m is heading for it.
func (p *reference) threatened(m *Marker) bool {
	for _, tp := range p.r.Table.torpedoesNear(m) {
		if headingFor(tp, m) {
			return true
		}
	}
	return false
}

var _ engine.ArgDecider = (*reference)(nil)

// optionInt is a number fact of d's options ("left"; 0 when absent).
func optionInt(d *engine.Decision, key string) int {
	if len(d.Options) == 0 {
		return 0
	}
	for _, f := range d.Options[0].Facts {
		if f.Key == key {
			return f.Val.I
		}
	}
	return 0
}

// optionIndex is the index of d's option name, -1 if it has none.
func optionIndex(d *engine.Decision, name string) int {
	for i := range d.Options {
		if d.Options[i].Name == name {
			return i
		}
	}
	return -1
}
