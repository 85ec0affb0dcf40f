//go:build unix

package scripting

import (
	"syscall"
	"time"
)

// procCPU is the CPU time the test process has used: a deadline counts the
// script's own work, so the tests measure CPU, not the wall clock a loaded
// machine stretches.
func procCPU() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
