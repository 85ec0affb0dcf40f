//go:build !unix

package cputime

import "time"

var start = time.Now()

// Process falls back to the wall clock since the process began, where
// rusage is not to be had.
func Process() time.Duration { return time.Since(start) }
