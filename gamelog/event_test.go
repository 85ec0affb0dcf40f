package gamelog

import "testing"

// escapes (eight bytes at a time) agrees with plain (one byte at a time)
// for every byte value at every position of the word.
func TestEscapesAgreesWithPlain(t *testing.T) {
	for pos := range 8 {
		for v := range 256 {
			w := uint64(0)
			for i := range 8 {
				c := uint64('a')
				if i == pos {
					c = uint64(v)
				}
				w |= c << (8 * i)
			}
			if got := escapes(w); got != !plain[v] {
				t.Errorf("byte %#02x at %d: escapes = %v, plain = %v", v, pos, got, plain[v])
			}
		}
	}
}
