//go:build unix

package sheettest

import (
	"os"
	"path/filepath"
	"syscall"
	"testing"
)

// lockChromium waits until no other test process runs Chromium (go test
// runs packages in parallel; several browsers at once on a loaded machine
// is what made them time out) and returns the unlock.
func lockChromium(t testing.TB) func() {
	f, err := os.OpenFile(filepath.Join(os.TempDir(), "schnell-sheettest-chromium.lock"), os.O_CREATE|os.O_RDWR, 0o666)
	if err != nil {
		return func() {} // no lock: run anyway
	}
	if err := syscall.Flock(int(f.Fd()), syscall.LOCK_EX); err != nil {
		f.Close()
		return func() {}
	}
	return func() {
		syscall.Flock(int(f.Fd()), syscall.LOCK_UN)
		f.Close()
	}
}
