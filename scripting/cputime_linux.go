package scripting

import (
	"syscall"
	"unsafe"
)

// threadCPU is the CPU time the calling OS thread has used
// (clock_gettime(CLOCK_THREAD_CPUTIME_ID)), in nanoseconds; ok is false
// when the clock cannot be read.
func threadCPU() (ns int64, ok bool) {
	const clockThreadCPUTimeID = 3
	var ts syscall.Timespec
	if _, _, e := syscall.Syscall(syscall.SYS_CLOCK_GETTIME, clockThreadCPUTimeID, uintptr(unsafe.Pointer(&ts)), 0); e != 0 {
		return 0, false
	}
	return ts.Nano(), true
}
