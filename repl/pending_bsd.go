//go:build darwin || freebsd || netbsd || openbsd

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
	const fionread = 0x4004667f // _IOR('f', 127, int), as <sys/filio.h> has it
	var n int32
	_, _, errno := syscall.Syscall(syscall.SYS_IOCTL, f.Fd(), fionread, uintptr(unsafe.Pointer(&n)))
	return errno == 0 && n > 0
}
