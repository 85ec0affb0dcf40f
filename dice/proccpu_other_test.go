//go:build !unix

package dice

import "time"

var start0 = time.Now()

// procCPU falls back to the wall clock where rusage is not to be had.
func procCPU() time.Duration { return time.Since(start0) }
