//go:build unix

package tables_test

import "syscall"

func mkfifo(path string) error { return syscall.Mkfifo(path, 0o644) }
