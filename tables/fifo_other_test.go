//go:build !unix

package tables_test

import "errors"

func mkfifo(string) error { return errors.New("not a unix system") }
