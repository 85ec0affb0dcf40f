package engine

import (
	"testing"

	"github.com/schnell-wargames/schnell/gamelog"
)

// A standing order marks one option; Reset forgets it; an index past the
// options is no standing order.
func TestStanding(t *testing.T) {
	d := &Decision{}
	d.reset("k", "")
	d.Add("a", "", "")
	d.Add("b", "", "")
	if _, ok := d.Standing(); ok {
		t.Fatal("a new decision has a standing order")
	}
	d.SetStanding(1)
	if i, ok := d.Standing(); !ok || i != 1 {
		t.Errorf("Standing() = %d, %v; want 1, true", i, ok)
	}
	d.SetStanding(5)
	if _, ok := d.Standing(); ok {
		t.Error("a standing order past the options is taken")
	}
	d.SetStanding(0)
	d.reset("k", "")
	if _, ok := d.Standing(); ok {
		t.Error("Reset keeps the standing order")
	}
}

// `again` answers a question asked again later with the player's last
// answer, but not the second of a run of questions of one kind asked one
// right after the other (each boat's): that one is about something else.
func TestAgainNotARun(t *testing.T) {
	d := &Decision{}
	d.reset("break_formation", "")
	d.Add("stay", "", "")
	d.Add("break", "", "")
	answer := gamelog.Event{Type: "decision", Fields: []gamelog.Field{gamelog.Str("kind", "break_formation"),
		gamelog.List("options", gamelog.StrV("stay"), gamelog.StrV("break")), gamelog.Str("choice", "break"), gamelog.Str("by", "player")}}
	round := gamelog.Event{Type: "round"}
	again := Again(func(*gamelog.Event) bool { return false })
	if i, ok := again.Pick(d, []gamelog.Event{answer, round}); !ok || i != 1 {
		t.Errorf("asked again a round later: %d, %v; want the last answer, 2", i, ok)
	}
	if _, ok := again.Pick(d, []gamelog.Event{round, answer}); ok {
		t.Error("the next question of a run was answered from the one before it")
	}
}
