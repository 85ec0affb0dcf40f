package batch

import (
	"context"
	"errors"
	"testing"
)

func TestEachDoesEveryKOnce(t *testing.T) {
	for _, jobs := range []int{1, 3, 0} {
		seen := make([]int, 50)
		calls := 0
		err := Each(context.Background(), len(seen), jobs, func(k int) error { seen[k]++; return nil }, func(done int) { calls++ })
		if err != nil {
			t.Fatal(err)
		}
		for k, c := range seen {
			if c != 1 {
				t.Fatalf("jobs %d: k %d done %d times", jobs, k, c)
			}
		}
		if calls != len(seen) {
			t.Errorf("jobs %d: progress called %d times, want %d", jobs, calls, len(seen))
		}
	}
}

func TestEachStopsAtTheFirstError(t *testing.T) {
	bad := errors.New("bad")
	err := Each(context.Background(), 1000, 1, func(k int) error {
		if k == 3 {
			return bad
		}
		if k > 3 {
			t.Fatalf("k %d handed out after the error", k)
		}
		return nil
	}, nil)
	if !errors.Is(err, bad) {
		t.Fatalf("err = %v, want %v", err, bad)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if err := Each(ctx, 10, 2, func(int) error { return nil }, nil); !errors.Is(err, context.Canceled) {
		t.Fatalf("cancelled: err = %v", err)
	}
}
