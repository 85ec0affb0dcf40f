package schnellboats

import (
	"testing"

	"github.com/schnell-wargames/schnell/engine"
	"github.com/schnell-wargames/schnell/gamelog"
)

func ev(typ string, fields ...gamelog.Field) gamelog.Event {
	return gamelog.Event{Type: typ, Fields: fields}
}

func moveDecision() *engine.Decision {
	d := &engine.Decision{Kind: string(askMove)}
	d.Add("next", "", "move next")
	d.Add("home", "", "move home")
	return d
}

// Issue 25 item 2, the standing order press-on: at the map's "go on or
// abort?" (4.9) the squadron goes on unless something happened since the
// last map turn's order (or the mission's start): damage, a wound, a boat
// gone, torpedoes spent. An enemy's torpedo, a sinking, a quiet zone are
// not news that asks.
func TestPressOn(t *testing.T) {
	moved := ev("decision", gamelog.Str("kind", "move"), gamelog.Str("choice", "next"))
	for _, tc := range []struct {
		name string
		h    []gamelog.Event
		want bool
	}{
		{"a quiet first turn", []gamelog.Event{ev("mission_start"), ev("turn")}, true},
		{"a quiet turn since the last order", []gamelog.Event{ev("boat_damage"), moved, ev("turn"), ev("sunk")}, true},
		{"damage since", []gamelog.Event{moved, ev("turn"), ev("boat_damage", gamelog.Str("boat", "SB2"))}, false},
		{"a wound", []gamelog.Event{moved, ev("wound")}, false},
		{"a boat separated", []gamelog.Event{moved, ev("separated")}, false},
		{"torpedoes spent", []gamelog.Event{moved, ev("attack", gamelog.Str("attacker", "SB3"), gamelog.Str("weapon", "torpedo"))}, false},
		{"the enemy's torpedo", []gamelog.Event{moved, ev("attack", gamelog.Str("attacker", "mtb-1"), gamelog.Str("weapon", "torpedo"))}, true},
		{"guns", []gamelog.Event{moved, ev("attack", gamelog.Str("attacker", "SB3"), gamelog.Str("weapon", "gun"))}, true},
		{"an air attack that missed", []gamelog.Event{moved, ev("air_attack", gamelog.Int("hits", 0))}, true},
		{"an air attack that hit", []gamelog.Event{moved, ev("air_attack", gamelog.Int("hits", 1))}, false},
	} {
		i, ok := pressOn(moveDecision(), tc.h)
		if ok != tc.want || ok && i != 0 {
			t.Errorf("%s: pressOn = %d, %v; want %v", tc.name, i, ok, tc.want)
		}
	}
	other := &engine.Decision{Kind: string(askRange)}
	other.Add("next", "", "")
	if _, ok := pressOn(other, nil); ok {
		t.Error("press-on answered another question")
	}
}

// The standing order same-boats sails the last mission's boats when they
// are all offered again (all ready), and asks otherwise.
func TestSameBoats(t *testing.T) {
	var same engine.StandingOrder
	for _, o := range standingOrders {
		if o.Name == "same-boats" {
			same = o
		}
	}
	d := &engine.Decision{Kind: string(askSquadron)}
	d.Add("SB2+SB3+SB4", "", "sail SB2 SB3 SB4")
	d.Add("SB2+SB3+SB5", "", "sail SB2 SB3 SB5")
	last := ev("decision", gamelog.Str("kind", "squadron"), gamelog.Str("choice", "SB2+SB3+SB5"), gamelog.Str("by", "player"))
	if i, ok := same.Pick(d, []gamelog.Event{last, ev("mission_end")}); !ok || i != 1 {
		t.Errorf("the same boats: %d, %v; want option 2", i, ok)
	}
	if _, ok := same.Pick(d, nil); ok {
		t.Error("the first mission's boats were chosen for the player")
	}
	gone := ev("decision", gamelog.Str("kind", "squadron"), gamelog.Str("choice", "SB2+SB4+SB6"), gamelog.Str("by", "player"))
	if _, ok := same.Pick(d, []gamelog.Event{gone}); ok {
		t.Error("boats that cannot all sail were chosen")
	}
}

func order(t *testing.T, name string) engine.StandingOrder {
	t.Helper()
	for _, o := range standingOrders {
		if o.Name == name {
			return o
		}
	}
	t.Fatalf("no standing order %s", name)
	return engine.StandingOrder{}
}

func decided(kind, choice string, more ...gamelog.Field) gamelog.Event {
	return ev("decision", append([]gamelog.Field{gamelog.Str("kind", kind), gamelog.Str("choice", choice), gamelog.Str("by", "player")}, more...)...)
}

// Issue 25 item 2, keep-range and keep-target: in a combat the squadron's
// range order and its attack are given again each round while nothing
// happened since the player gave them (4.6, 4.7); a new wave, harm to the
// squadron, its torpedoes launched, an enemy sunk, disabled or gone, the
// squadron detected ask again, as does an order no longer offered or one
// the rules forced. Turning away is kept through harm, not when a boat
// would be left behind. The squadron's own failed attempt to leave is not
// news.
func TestKeepRangeAndTarget(t *testing.T) {
	rng := &engine.Decision{Kind: string(askRange)}
	rng.Add("closer", "", "move closer")
	rng.Add("stay", "", "move stay")
	rng.Add("out", "", "move out")
	att := &engine.Decision{Kind: string(askAttack)}
	att.Add("hold", "", "hold")
	att.Add("guns:merchant-1", "", "fire merchant-1")
	round := ev("round")
	hit := ev("boat_damage", gamelog.Str("boat", "SB3"))
	failed := ev("abort", gamelog.Str("boat", "squadron"), gamelog.Str("result", "does not get away: it stays in the Long zone"))
	for _, tc := range []struct {
		name string
		d    *engine.Decision
		h    []gamelog.Event
		want int // -1: asked
	}{
		{"a quiet round", rng, []gamelog.Event{ev("combat_start"), decided("range", "stay"), round}, 1},
		{"the attack after a quiet round", att, []gamelog.Event{ev("combat_start"), decided("attack", "guns:merchant-1"), ev("attack", gamelog.Str("attacker", "SB1"), gamelog.Str("weapon", "gun")), round}, 1},
		{"a new wave", rng, []gamelog.Event{decided("range", "stay"), ev("combat_start"), round}, -1},
		{"the first round", rng, []gamelog.Event{ev("combat_start"), round}, -1},
		{"harm", rng, []gamelog.Event{decided("range", "stay"), hit, round}, -1},
		{"harm to the target's shooters", att, []gamelog.Event{decided("attack", "guns:merchant-1"), hit}, -1},
		{"an enemy sunk", att, []gamelog.Event{decided("attack", "guns:merchant-1"), ev("sunk", gamelog.Str("unit", "tanker-1"))}, -1},
		{"an enemy gone", rng, []gamelog.Event{decided("range", "stay"), ev("evaded", gamelog.Str("unit", "merchant-2"))}, -1},
		{"detected", rng, []gamelog.Event{decided("range", "stay"), ev("detected")}, -1},
		{"torpedoes launched", rng, []gamelog.Event{decided("range", "stay"), ev("attack", gamelog.Str("attacker", "SB2"), gamelog.Str("weapon", "torpedo"))}, -1},
		{"leaving, after a failed attempt", rng, []gamelog.Event{decided("range", "out"), failed, round}, 2},
		{"leaving, through harm", rng, []gamelog.Event{decided("range", "out"), failed, hit, round}, 2},
		{"leaving, a boat disabled", rng, []gamelog.Event{decided("range", "out"), ev("disabled", gamelog.Str("unit", "SB3"), gamelog.Str("boat", "SB3"))}, -1},
		{"leaving, a boat aborts alone", rng, []gamelog.Event{decided("range", "out"), ev("abort", gamelog.Str("boat", "SB4"), gamelog.Str("result", "breaks formation to abort"))}, -1},
		{"an order not offered now", rng, []gamelog.Event{decided("range", "away"), round}, -1},
		{"the only choice", rng, []gamelog.Event{decided("range", "closer", gamelog.Str("as", "only")), round}, -1},
		{"the reference Kommandant's", rng, []gamelog.Event{ev("decision", gamelog.Str("kind", "range"), gamelog.Str("choice", "stay"), gamelog.Str("by", "default")), round}, -1},
		{"an order of another mission", rng, []gamelog.Event{decided("range", "stay"), ev("mission_start"), round}, -1},
	} {
		o := order(t, "keep-range")
		if tc.d == att {
			o = order(t, "keep-target")
		}
		i, ok := o.Pick(tc.d, tc.h)
		if !ok {
			i = -1
		}
		if i != tc.want {
			t.Errorf("%s: %s answers %d, want %d (-1: asked)", tc.name, o.Name, i, tc.want)
		}
		if !o.Covers(tc.d) {
			t.Errorf("%s: %s does not cover its question", tc.name, o.Name)
		}
	}
	if _, ok := order(t, "keep-range").Pick(att, []gamelog.Event{decided("attack", "hold")}); ok {
		t.Error("keep-range answered the attack")
	}
}

// A move of some range zones is kept only with the same number of zones.
func TestKeepRangeZones(t *testing.T) {
	d := &engine.Decision{Kind: string(askRange)}
	o := d.Add("closer", "", "move closer")
	a := engine.IntArg("zones", 1, 2, "")
	a.Default = gamelog.IntV(2)
	o.Args = []engine.Arg{a}
	keep := order(t, "keep-range")
	two := decided("range", "closer", gamelog.Obj("args", gamelog.Int("zones", 2)))
	if i, ok := keep.Pick(d, []gamelog.Event{two}); !ok || i != 0 {
		t.Errorf("closer 2 again: %d, %v", i, ok)
	}
	one := decided("range", "closer", gamelog.Obj("args", gamelog.Int("zones", 1)))
	if _, ok := keep.Pick(d, []gamelog.Event{one}); ok {
		t.Error("closer 1 was kept as closer 2")
	}
}

func formationDecision(boat string) *engine.Decision {
	d := &engine.Decision{Kind: string(askBreakFormation)}
	for _, name := range []string{"stay", "break"} {
		o := d.Add(name, "", "")
		o.Facts = []gamelog.Field{gamelog.Str("boat", boat), gamelog.Int("points", 3)}
	}
	return d
}

// keep-formation (4.8): a heavily damaged boat kept in formation at an
// earlier round stays while she takes no more harm; a boat asked for the
// first time, one harmed since, and one whose earlier answer cannot be told
// from another boat's "break" are asked.
func TestKeepFormation(t *testing.T) {
	stay := decided("break_formation", "stay")
	brk := decided("break_formation", "break")
	round := ev("round")
	hit := func(boat string) gamelog.Event { return ev("boat_damage", gamelog.Str("boat", boat)) }
	for _, tc := range []struct {
		name string
		h    []gamelog.Event
		want bool
	}{
		{"kept last round, no harm since", []gamelog.Event{hit("SB3"), round, stay, round}, true},
		{"another boat harmed", []gamelog.Event{hit("SB3"), round, stay, hit("SB2"), round}, true},
		{"harmed since", []gamelog.Event{hit("SB3"), round, stay, hit("SB3"), round}, false},
		{"first asked", []gamelog.Event{hit("SB3"), round}, false},
		{"another boat's answer this round", []gamelog.Event{hit("SB3"), round, stay}, false},
		{"a break among the answers", []gamelog.Event{hit("SB3"), round, brk, stay, round}, false},
		{"a new mission", []gamelog.Event{hit("SB3"), round, stay, ev("mission_start"), round}, false},
	} {
		_, ok := order(t, "keep-formation").Pick(formationDecision("SB3"), tc.h)
		if ok != tc.want {
			t.Errorf("%s: kept %v, want %v", tc.name, ok, tc.want)
		}
	}
}

// The squadron's own order to leave the combat carried out (or not: it
// stays in the Long zone) is not news the player must see before going
// on; a boat aborting alone, or a wave let pass unattacked, is.
func TestLeavingNotNotable(t *testing.T) {
	for _, tc := range []struct {
		boat, result string
		want         bool
	}{
		{"squadron", "does not get away: it stays in the Long zone", false},
		{"squadron", "left the combat", false},
		{"SB3", "leaves the combat with the squadron (4.8)", false},
		{"squadron", "let the wave pass without attacking it: that is leaving the combat (4.9)", true},
		{"SB4", "breaks formation to abort: she makes for the Long zone", true},
	} {
		e := ev("abort", gamelog.Str("boat", tc.boat), gamelog.Str("result", tc.result))
		if got := notable(&e); got != tc.want {
			t.Errorf("%s %q: notable %v, want %v", tc.boat, tc.result, got, tc.want)
		}
	}
}

// keep-speed (2.0 f, 4.4): when damage forbids the speed the player
// ordered, the squadron goes at the fastest still allowed; the same speed
// offered again, a faster one newly allowed, Idle, or an order of another
// wave are not its to answer.
func TestKeepSpeed(t *testing.T) {
	speeds := func(names ...string) *engine.Decision {
		d := &engine.Decision{Kind: string(askSpeed)}
		for _, n := range names {
			d.Add(n, "", "speed "+n)
		}
		return d
	}
	all := gamelog.List("options", gamelog.StrV("slow"), gamelog.StrV("medium"), gamelog.StrV("fast"), gamelog.StrV("very_fast"))
	fast := decided("speed", "fast", all)
	slow := decided("speed", "slow", all)
	hit := ev("boat_damage", gamelog.Str("boat", "SB3"))
	for _, tc := range []struct {
		name string
		d    *engine.Decision
		h    []gamelog.Event
		want int // -1: not answered
	}{
		{"fast forbidden", speeds("slow", "medium"), []gamelog.Event{ev("combat_start"), fast, hit, ev("round")}, 1},
		{"slow still allowed", speeds("slow", "medium"), []gamelog.Event{ev("combat_start"), slow, hit, ev("round")}, -1},
		{"the same speeds", speeds("slow", "medium", "fast", "very_fast"), []gamelog.Event{fast, ev("round")}, -1},
		{"faster newly allowed", speeds("slow", "medium", "fast", "very_fast"), []gamelog.Event{decided("speed", "medium", gamelog.List("options", gamelog.StrV("slow"), gamelog.StrV("medium")))}, -1},
		{"idle offered", speeds("slow", "medium", "idle"), []gamelog.Event{fast, hit}, -1},
		{"another wave", speeds("slow", "medium"), []gamelog.Event{fast, hit, ev("combat_start")}, -1},
	} {
		i, ok := order(t, "keep-speed").Pick(tc.d, tc.h)
		if !ok {
			i = -1
		}
		if i != tc.want {
			t.Errorf("%s: keep-speed answers %d, want %d", tc.name, i, tc.want)
		}
	}
}

// The squadron's attack is kept through harm in a round it turns away
// (its range order away or out), as its range order is.
func TestKeepTargetTurningAway(t *testing.T) {
	att := &engine.Decision{Kind: string(askAttack)}
	att.Add("hold", "", "hold")
	att.Add("guns:merchant-1", "", "fire merchant-1")
	hit := ev("boat_damage", gamelog.Str("boat", "SB3"))
	last := decided("attack", "guns:merchant-1")
	for _, tc := range []struct {
		move string
		want bool
	}{{"out", true}, {"away", true}, {"stay", false}} {
		h := []gamelog.Event{last, hit, ev("round"), decided("range", tc.move)}
		if _, ok := order(t, "keep-target").Pick(att, h); ok != tc.want {
			t.Errorf("ordered %s: the attack kept through harm %v, want %v", tc.move, ok, tc.want)
		}
	}
	h := []gamelog.Event{last, ev("disabled", gamelog.Str("unit", "SB3"), gamelog.Str("boat", "SB3")), ev("round"), decided("range", "out")}
	if _, ok := order(t, "keep-target").Pick(att, h); ok {
		t.Error("the attack kept while a disabled boat would be left behind")
	}
}
