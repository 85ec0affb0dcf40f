package sheet

import (
	"fmt"
	"os"
	"path/filepath"

	"github.com/schnell-wargames/schnell/gamelog"
)

// WriteFile writes a sheet, a report or a picture to path. It never writes
// over a game's log (the save: `sheet -o` naming the live log would
// destroy it) nor over what is not a plain file (a FIFO, a device, a
// directory, a symbolic link), and it writes a temporary file beside path
// and renames it: a full disk or a crash leaves the old file whole.
func WriteFile(path string, data []byte) error {
	there, err := gamelog.CheckReplace(path)
	if err != nil {
		return err
	}
	if there && gamelog.IsLog(path) {
		return fmt.Errorf("%s is a game's log (its save): write to another file", path)
	}
	tmp, err := createTemp(filepath.Dir(path), ".schnell-*.tmp")
	if err != nil {
		return err
	}
	fail := func(err error) error {
		tmp.Close()
		os.Remove(tmp.Name())
		return err
	}
	if _, err := tmp.Write(data); err != nil {
		return fail(fmt.Errorf("write %s: %w", path, err))
	}
	if err := tmp.Chmod(0o644); err != nil {
		return fail(err)
	}
	if err := tmp.Close(); err != nil {
		os.Remove(tmp.Name())
		return fmt.Errorf("write %s: %w", path, err)
	}
	if err := os.Rename(tmp.Name(), path); err != nil {
		os.Remove(tmp.Name())
		return fmt.Errorf("write %s: %w", path, err)
	}
	return nil
}

// createTemp is os.CreateTemp; a test makes it fail.
var createTemp = os.CreateTemp
