//go:build !linux

package scripting

// threadCPU cannot read a thread's CPU time here: the deadline counts
// wall-clock time instead (see watchdog.go).
func threadCPU() (int64, bool) { return 0, false }
