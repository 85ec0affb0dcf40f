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
