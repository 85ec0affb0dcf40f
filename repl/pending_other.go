//go:build !linux && !darwin && !freebsd && !netbsd && !openbsd

package repl

import "os"

// pendingInput: not known here; keys typed ahead are told by their time
// alone (term.ReadLine).
func pendingInput(*os.File) bool { return false }
