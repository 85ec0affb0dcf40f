package engine

import "testing"

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
