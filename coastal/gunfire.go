package coastal

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/schnell-wargames/schnell/engine"
	"github.com/schnell-wargames/schnell/gamelog"
)

// firing lists the mounts a ship may fire (indexes into its card's guns):
// those standing. A ship with none standing fires a twin MG by default
// unless its bridge is gone (Early weapons): mount -1.
func (s *Ship) firing() []int {
	var ms []int
	for i := range s.Guns {
		if !s.GunLost[i] {
			ms = append(ms, i)
		}
	}
	if len(ms) == 0 && s.bridgeStands() {
		ms = []int{-1}
	}
	return ms
}

func (s *Ship) bridgeStands() bool { return s.Bridge == 0 || s.BridgeL < s.Bridge }

// mountName names mount i (1-based for the table), -1 the default twin MG.
func mountName(s *Ship, i int) string {
	if i < 0 {
		return "twin MG (default)"
	}
	return fmt.Sprintf("%d: %s", i+1, s.Guns[i].Words())
}

// fire: the ship fires at a target, then may split its other mounts on
// other targets, each mount engaging one enemy a turn (Gunfire: "ships
// with multiple weapons may split fire"). For each target the table
// measures the range and says which mounts bear (the card's arcs: Ship
// statistic charts); cannon and guns fire separately, each group's factor
// by range (the gunfire chart), a D6 plus the variables on the
// shooting-factor table. A ship none of whose weapons fires in any
// direction fires a twin MG by default, unless its bridge is gone (Early
// weapons).
func (r *Rules) fire(c *engine.Ctx, s *Ship, m *Marker) {
	used := map[int]bool{}
	engaged := map[*Marker]bool{}
	fired := false
	for m != nil {
		engaged[m] = true
		var free []int
		for _, i := range s.firing() {
			if !used[i] {
				free = append(free, i)
			}
		}
		from := r.markerOf(s)
		var cm int
		var bear []int
		if r.Table != nil {
			cm, bear = r.Table.gunRange(s, from, m, free)
		} else {
			cm, bear = askGunRange(c, s, from.ID, m.ID, free, from.sights[m.ID])
		}
		var ws []Weapon
		for _, i := range bear {
			used[i] = true
			if i >= 0 {
				ws = append(ws, s.Guns[i])
			}
		}
		if len(countAs(ws)) == 0 && !fired && s.bridgeStands() {
			// no weapon that counts bears (a lone single MG is ignored):
			// the default twin MG
			ws = []Weapon{TwinMG}
		}
		if len(ws) > 0 {
			fired = true
			r.fireAt(c, s, m, cm, ws)
		}
		m = r.splitTarget(c, s, engaged, used)
	}
}

// splitTarget asks the side whether the mounts not yet fired this turn
// engage another ship in sight, one not engaged yet; nil: no more fire.
func (r *Rules) splitTarget(c *engine.Ctx, s *Ship, engaged map[*Marker]bool, used map[int]bool) *Marker {
	var free []string
	for _, i := range s.firing() {
		if i >= 0 && !used[i] {
			free = append(free, mountName(s, i))
		}
	}
	targets := r.enemyMarkers(s.Side, false, func(e *Marker) bool { return e.Observed && e.Ship != nil && !engaged[e] })
	if len(free) == 0 || len(targets) == 0 {
		return nil
	}
	sm := r.markerOf(s)
	d := c.Ask("split")
	d.Side = s.Side
	d.Add("hold", "no more fire this turn", "")
	o := d.Add("fire", "fire them at another ship in sight (each mount one target a turn)", "")
	o.Args = []engine.Arg{engine.IDArg("target", targets...)}
	o.Args[0].Default = gamelog.StrV(sm.nearestSighted(targets))
	o.Args[0].Text = "the ship fired at"
	ownFacts(d, sm)
	r.sightFacts(d, sm)
	r.carry(d, sm)
	if c.Decide(d, func(d *engine.Decision) {
		d.Prompt = fmt.Sprintf("Does %s fire its other mounts (%s) at another ship in sight?", sm.ID, strings.Join(free, ", "))
	}) == 0 {
		return nil
	}
	return r.marker(d.Args().Str("target"))
}

// askGunRange is the table's part of a shot: the range, and which of the
// free mounts bear on the target (its arcs on the card: forward mounts
// fire ahead and to the sides, aft mounts astern and to the sides, side
// mounts to their side; a mount blocked by another does not bear).
func askGunRange(c *engine.Ctx, s *Ship, from, to string, free []int, seen int) (int, []int) {
	d := c.Ask("range")
	d.Side = engine.TableSide
	o := d.Add("range", "the range measured on the table, and the mounts that bear", "")
	cm := engine.IntArg("cm", 1, 500, "cm")
	cm.Text = "the range"
	if seen > 0 {
		cm.Default = gamelog.IntV(seen) // measured when it observed the target, nothing moved since
	}
	bears := engine.TextArg("bears")
	bears.Text = "the mounts that bear: all, none, or their numbers (1,3)"
	bears.Default = gamelog.StrV("all")
	bears.Check = func(v gamelog.Value) error {
		_, err := parseBears(v.S, s, free)
		return err
	}
	o.Args = []engine.Arg{cm, bears}
	c.Decide(d, func(d *engine.Decision) {
		var names []string
		for _, i := range free {
			names = append(names, mountName(s, i))
		}
		d.Prompt = fmt.Sprintf("%s fires at %s: how far is it, and which mounts bear (%s)?", from, to, strings.Join(names, ", "))
		if seen > 0 {
			d.Prompt = fmt.Sprintf("%s fires at %s, %d cm off when it observed it: which mounts bear (%s)?", from, to, seen, strings.Join(names, ", "))
		}
	})
	a := d.Args()
	bear, _ := parseBears(a.Str("bears"), s, free)
	return a.Int("cm"), bear
}

// parseBears reads the mounts that bear: "all", "none", or mount numbers
// separated by commas, each a mount free to fire.
func parseBears(text string, s *Ship, free []int) ([]int, error) {
	switch strings.ToLower(text) {
	case "all":
		return free, nil
	case "none", "":
		return nil, nil
	}
	var out []int
	for _, w := range strings.Split(text, ",") {
		n, err := strconv.Atoi(strings.TrimSpace(w))
		if err != nil || n < 1 || n > len(s.Guns) {
			return nil, fmt.Errorf("bears %q: give all, none, or mount numbers 1 to %d separated by commas", text, len(s.Guns))
		}
		if !slices.Contains(free, n-1) {
			return nil, fmt.Errorf("mount %d (%s) is destroyed or has fired this turn: each mount engages one enemy a turn", n, s.Guns[n-1].Words())
		}
		if slices.Contains(out, n-1) {
			return nil, fmt.Errorf("mount %d named twice", n)
		}
		out = append(out, n-1)
	}
	return out, nil
}

// fireAt: the weapons ws fire at m from cm, cannon and guns separately.
func (r *Rules) fireAt(c *engine.Ctx, s *Ship, m *Marker, cm int, ws []Weapon) {
	t := m.Ship
	s.Fired = true
	r.becomeAware(c, t.Side, r.markerOf(s).ID+" fired")
	for _, gun := range []bool{false, true} {
		var group []Weapon
		heaviest := TwinMG
		for _, w := range ws {
			if w.IsGun() == gun {
				group = append(group, w)
			}
		}
		for _, w := range countAs(group) {
			heaviest = max(heaviest, w)
		}
		if len(group) == 0 {
			continue
		}
		f := Factor(group, cm)
		kind := "cannon"
		if gun {
			kind = "guns"
		}
		if f == 0 {
			c.Emit(evOutOfRange, gamelog.Str("ship", r.markerOf(s).ID), gamelog.Str("weapons", kind), gamelog.Int("cm", cm))
			continue
		}
		r.rf = rollFacts{}
		r.rf.factor = f
		key := [2]string{s.Name, t.Name}
		r.rf.straddled = b2i(r.straddle[key])
		r.rf.still = b2i(t.Speed == 0)
		r.rf.fast = b2i(2*s.Speed > s.MaxSpeed() || 2*t.Speed > t.MaxSpeed())
		r.rf.turning = b2i(s.Turning)
		r.rf.choppy = b2i(r.Sea == "medium" && s.Class.smallerThanCorvette())
		r.rf.heavy = b2i(gun && heaviest >= Gun6 && s.Class.destroyerOrSmaller())
		// Shooting variables: "add the following and compare with a D6
		// roll; Dice roll, + or -": on the die (the default), or, read the
		// other way, on the shooting factor (variables=factor: rules
		// notes). The table's mod lines hold them either way.
		vars := 0
		if r.Variables == VariablesFactor {
			_, vars = c.Tables().MustGet("GUN").Modify(r.facts(), nil)
			f0 := f
			r.rf = rollFacts{}
			r.rf.factor = f0 + vars
		}
		o := c.Roll("GUN", r.facts(), r.markerOf(s).ID+" "+kind+" at "+m.ID)
		hits, _ := o.Value("hits")
		if hits > 0 || o.Sets("straddle") {
			r.straddleN[key] = true
		}
		fields := []gamelog.Field{gamelog.Str("ship", r.markerOf(s).ID), gamelog.Str("target", m.ID), gamelog.Str("weapons", kind), gamelog.Int("cm", cm), gamelog.Int("factor", f)}
		if r.Variables == VariablesFactor {
			fields = append(fields, gamelog.Int("variables", vars))
		}
		c.Emit(evGunfire, append(fields, gamelog.Str("result", o.Result()), gamelog.Int("hits", hits))...)
		if hits > 0 {
			r.pend[t.Side] = append(r.pend[t.Side], pending{target: t, hits: hits, weapon: heaviest, gun: gun, by: r.markerOf(s).ID})
		}
	}
}

// damage: the side calculates the damage its ships took this turn: each
// hit a point (guns by calibre) and a random system; cannon take no boxes
// off ships larger than a corvette and no systems off corvettes and
// larger unless 40 mm or more (Gunfire).
func (r *Rules) damage(c *engine.Ctx, side string) {
	for _, p := range r.pend[side] {
		t := p.target
		if t.Sunk {
			continue
		}
		for range p.hits {
			pts := p.weapon.GunDamage()
			if !p.gun && t.Class > Corvette {
				pts = 0
			}
			c.Emit(evDamage, gamelog.Str("ship", t.Name), gamelog.Str("by", p.by), gamelog.Int("points", pts))
			r.addDamage(c, t, pts)
			if p.gun || !t.Class.corvetteOrLarger() || p.weapon >= Single40 {
				r.system(c, t, p.gun)
			}
		}
	}
	r.pend[side] = nil
}

// system: one random system damaged (Hit location: the generic picker
// unless the player overlays LOC-S or LOC-L). Heavy guns on vessels
// smaller than trawlers also wreck the areas one above and one below.
func (r *Rules) system(c *engine.Ctx, s *Ship, heavy bool) {
	id := "LOC-L"
	if s.Class.smallerThanCorvette() {
		id = "LOC-S"
	}
	r.rf = rollFacts{}
	o := c.Roll(id, r.facts(), "system hit, "+s.Name)
	v, _ := o.Row.Value("system", o.Total)
	r.loseSystem(c, s, systemNames[v])
	if heavy && s.Class.smallerThanTrawler() {
		for _, n := range []int{o.Total - 1, o.Total + 1} {
			if n >= 1 && n <= 10 {
				w, _ := o.Table.Lookup(n).Value("system", n)
				r.loseSystem(c, s, systemNames[w])
			}
		}
	}
}

func (r *Rules) loseSystem(c *engine.Ctx, s *Ship, sys string) {
	what := ""
	switch sys {
	case "bridge":
		if s.BridgeL < s.Bridge {
			s.BridgeL++
			what = "a bridge point"
		}
	case "engines":
		if s.EngLost < len(s.Engines) {
			s.EngLost++
			what = "an engine box"
			// Ship movement: all engines lost at 10 cm or more, it runs on
			// 3 cm in its next move only, straight ahead.
			s.Drift = s.EngLost == len(s.Engines) && s.Speed >= 10
		}
	case "fwdgun", "aftgun", "sidegun":
		var up []int
		for i, l := range s.GunLost {
			if !l {
				up = append(up, i)
			}
		}
		if len(up) > 0 {
			i := up[0]
			switch sys {
			case "aftgun":
				i = up[len(up)-1]
			case "sidegun":
				i = up[len(up)/2]
			}
			s.GunLost[i] = true
			what = "the " + s.Guns[i].Words()
		}
	case "torpedoes":
		if s.Torps > 0 {
			s.Torps = 0
			what = "the torpedoes"
		}
	}
	if what == "" {
		what = "a non-critical area"
	}
	s.Systems = append(s.Systems, what)
	c.Emit(evSystem, gamelog.Str("ship", s.Name), gamelog.Str("lost", what))
}

func (r *Rules) addDamage(c *engine.Ctx, s *Ship, pts int) {
	if pts <= 0 {
		return
	}
	s.Damage += pts
	if s.ZeroPointed() && !s.Withdrawn && !s.Sunk {
		s.Withdrawn = true
		c.Emit(evZeroPointed, gamelog.Str("ship", s.Name), gamelog.Int("damage", s.Damage))
		switch s.Class {
		case Lighter:
			r.sink(c, s, "a lighter at '0' points")
		case Barge:
			r.sink(c, s, "a barge, powered lighter or landing craft at '0' points")
		}
	}
}

func (r *Rules) sink(c *engine.Ctx, s *Ship, why string) {
	if s.Sunk {
		return
	}
	s.Sunk = true
	c.Emit(evSunk, gamelog.Str("ship", s.Name), gamelog.Str("why", why))
	r.severTows(c, s)
}
