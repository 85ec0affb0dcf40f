package batch

import (
	"fmt"
	"testing"
)

// Wilson's 95% interval, against published values (Newcombe 1998,
// Statistics in Medicine 17: 81 of 263 → 0.2553-0.3662; 15 of 148 →
// 0.0624-0.1605; 0 of 10 → 0-0.2775).
func TestWilson(t *testing.T) {
	for _, tc := range []struct {
		k, n   int
		lo, hi string
	}{{81, 263, "0.2553", "0.3662"}, {0, 10, "0.0000", "0.2775"}, {15, 148, "0.0624", "0.1605"}, {10, 10, "0.7225", "1.0000"}} {
		lo, hi := Wilson(tc.k, tc.n)
		if fmt.Sprintf("%.4f", lo) != tc.lo || fmt.Sprintf("%.4f", hi) != tc.hi {
			t.Errorf("Wilson(%d, %d) = %.4f-%.4f, want %s-%s", tc.k, tc.n, lo, hi, tc.lo, tc.hi)
		}
	}
	if lo, hi := Wilson(0, 0); lo != 0 || hi != 1 {
		t.Errorf("Wilson(0, 0) = %v-%v, want 0-1", lo, hi)
	}
}
