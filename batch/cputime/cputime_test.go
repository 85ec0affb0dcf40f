package cputime

import "testing"

func TestProcessMovesWithWork(t *testing.T) {
	t0 := Process()
	x := 0
	for i := 0; Process()-t0 <= 0 && i < 1e9; i++ {
		x += i
	}
	if Process() <= t0 {
		t.Fatalf("CPU time did not move after a busy loop (%d)", x)
	}
}
