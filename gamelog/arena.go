package gamelog

// Arena hands out the fields and values of events carved from chunks: a
// log of thousands of events makes dozens of allocations, not thousands.
// What it hands out lives as long as anything refers to it; the zero Arena
// is ready to use.
type Arena struct {
	f []Field
	v []Value
}

// Chunks start small and double up to maxChunk fields or values.
const minChunk, maxChunk = 16, 2048

// Fields returns n zero fields.
func (a *Arena) Fields(n int) []Field { return carve(&a.f, n) }

// Values returns n zero values.
func (a *Arena) Values(n int) []Value { return carve(&a.v, n) }

// CopyFields returns a copy of fs carved from the arena (nil for none).
func (a *Arena) CopyFields(fs []Field) []Field { return carveCopy(&a.f, fs) }

// CopyValues returns a copy of vs carved from the arena (nil for none).
func (a *Arena) CopyValues(vs []Value) []Value { return carveCopy(&a.v, vs) }

// Reset hands out the current chunks again from their start: for a buffer
// whose events are read and dropped one at a time, never when anything it
// handed out is kept.
func (a *Arena) Reset() {
	clear(a.f)
	clear(a.v)
	a.f, a.v = a.f[:0], a.v[:0]
}

func carve[T any](chunk *[]T, n int) []T {
	c := *chunk
	if cap(c)-len(c) < n {
		c = make([]T, 0, max(n, min(2*cap(c), maxChunk), minChunk))
	}
	i := len(c)
	c = c[:i+n]
	*chunk = c
	return c[i : i+n : i+n]
}

func carveCopy[T any](chunk *[]T, src []T) []T {
	if len(src) == 0 {
		return nil
	}
	out := carve(chunk, len(src))
	copy(out, src)
	return out
}
