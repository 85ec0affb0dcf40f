package sheet

import (
	"fmt"
	"os"
	"syscall"

	"github.com/schnell-wargames/schnell/gamelog"
)

// WriteFile writes a sheet or a report to path. It never writes over a
// game's log (the save: `sheet -o` naming the live log would destroy it)
// nor over what is not a plain file (a FIFO, a device, a symbolic link).
func WriteFile(path string, data []byte) error {
	there, err := gamelog.CheckReplace(path)
	if err != nil {
		return err
	}
	if there && gamelog.IsLog(path) {
		return fmt.Errorf("%s is a game's log (its save): write the sheet to another file", path)
	}
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_CREATE|os.O_TRUNC|syscall.O_NONBLOCK, 0o644)
	if err != nil {
		return err
	}
	if _, err = f.Write(data); err == nil {
		err = f.Close()
	} else {
		f.Close()
	}
	return err
}
