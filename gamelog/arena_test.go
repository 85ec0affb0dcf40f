package gamelog

import "testing"

// An arena's pieces do not overlap, hold what was copied in, and survive
// the arena moving to a new chunk; Reset hands the chunk out again.
func TestArena(t *testing.T) {
	var a Arena
	if a.CopyFields(nil) != nil || a.CopyValues(nil) != nil {
		t.Error("copies of nothing are not nil")
	}
	var pieces [][]Field
	for i := range 200 {
		fs := a.CopyFields([]Field{Int("i", i), Str("s", "x")})
		if cap(fs) != 2 {
			t.Fatalf("piece %d has capacity %d: an append would write into the next piece", i, cap(fs))
		}
		pieces = append(pieces, fs)
	}
	for i, fs := range pieces {
		if fs[0].Val.I != i || fs[1].Val.S != "x" {
			t.Fatalf("piece %d holds %+v", i, fs)
		}
	}
	big := a.Values(5000)
	if len(big) != 5000 {
		t.Errorf("asked for 5000 values, got %d", len(big))
	}
	var s Arena
	first := s.Values(3)
	first[0] = IntV(7)
	s.Reset()
	again := s.Values(3)
	if &again[0] != &first[0] || again[0].Kind != KNull {
		t.Error("Reset does not hand out the chunk again, cleared")
	}
}
