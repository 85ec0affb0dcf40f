package repl

import (
	"os"
	"syscall"
	"unsafe"
)

// pendingInput reports whether bytes wait unread on f, a terminal: keys
// typed while the program was busy, before the prompt they will answer is
// shown.
func pendingInput(f *os.File) bool {
	var n int32
	_, _, errno := syscall.Syscall(syscall.SYS_IOCTL, f.Fd(), syscall.TIOCINQ, uintptr(unsafe.Pointer(&n)))
	return errno == 0 && n > 0
}
