package batch

import (
	"context"
	"runtime"
	"sync"
	"sync/atomic"
)

// Each calls do(k) for every k in [0, n) on jobs goroutines (jobs ≤ 0:
// one per CPU), each k once, in no set order: do writes its result to
// its own k's slot, so the results do not depend on jobs. The first
// error stops the handing out of further k and is returned; so is ctx's
// error when it is cancelled. progress, if not nil, is called after each
// k done with how many are done, one call at a time.
func Each(ctx context.Context, n, jobs int, do func(k int) error, progress func(done int)) error {
	if jobs <= 0 {
		jobs = runtime.NumCPU()
	}
	var (
		next, done atomic.Int64
		wg         sync.WaitGroup
		mu         sync.Mutex
		first      error
	)
	for range min(jobs, n) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for {
				k := int(next.Add(1) - 1)
				if k >= n || ctx.Err() != nil {
					return
				}
				if err := do(k); err != nil {
					mu.Lock()
					if first == nil {
						first = err
					}
					mu.Unlock()
					next.Store(int64(n))
					return
				}
				m := done.Add(1)
				if progress != nil {
					mu.Lock()
					progress(int(m))
					mu.Unlock()
				}
			}
		}()
	}
	wg.Wait()
	if first != nil {
		return first
	}
	return ctx.Err()
}
