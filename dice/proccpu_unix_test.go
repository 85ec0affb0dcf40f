//go:build unix

package dice

import (
	"syscall"
	"time"
)

// procCPU is the CPU time the test process has used (user + system, the
// collector's too): on a shared machine it moves less than the wall clock.
func procCPU() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
