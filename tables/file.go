package tables

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"syscall"
)

// Bounds of what a table or record file may hold, as a log has its own
// (gamelog.MaxLogBytes): the game's largest file is 10 KB, its longest
// line 200 bytes.
const (
	MaxFileBytes = 1 << 20
	MaxLineBytes = 64 << 10
)

// Dir is a directory of the player's table files (`--tables DIR`), read with
// the rules of a log: opening a file never waits (a FIFO put in the
// directory is refused, not waited on), and openFile refuses what is not a
// regular file or is larger than MaxFileBytes.
func Dir(dir string) fs.FS { return osDir(dir) }

type osDir string

func (d osDir) Open(name string) (fs.File, error) {
	if !fs.ValidPath(name) {
		return nil, &fs.PathError{Op: "open", Path: name, Err: fs.ErrInvalid}
	}
	// O_NONBLOCK: a FIFO opens at once (and is then refused by its
	// mode); a regular file or a directory reads as ever.
	f, err := os.OpenFile(filepath.Join(string(d), filepath.FromSlash(name)), os.O_RDONLY|syscall.O_NONBLOCK, 0)
	if err != nil {
		return nil, err
	}
	return f, nil
}

// openFile opens a table or record file of fsys for reading: a regular
// file (not a FIFO, a device, a directory) of at most MaxFileBytes, read
// through a reader that stops past the bound.
func openFile(fsys fs.FS, name string) (io.ReadCloser, error) {
	// Stat first: an fs.FS that opens a FIFO blocking would wait for a
	// writer (os.DirFS does; Dir does not).
	fi, err := fs.Stat(fsys, name)
	if err != nil {
		return nil, &Error{File: name, Msg: "cannot read it: " + errText(err)}
	}
	if err := regularFile(name, fi); err != nil {
		return nil, err
	}
	f, err := fsys.Open(name)
	if err != nil {
		return nil, &Error{File: name, Msg: "cannot read it: " + errText(err)}
	}
	if fi, err = f.Stat(); err == nil {
		err = regularFile(name, fi)
	}
	if err != nil {
		f.Close()
		return nil, err
	}
	return &boundedFile{f: f, r: io.LimitReader(f, MaxFileBytes+1), name: name}, nil
}

// errText is an error of the file system without the path, which the
// message names already.
func errText(err error) string {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		err = pe.Err
	}
	if errors.Is(err, fs.ErrPermission) {
		return "permission denied"
	}
	return err.Error()
}

func regularFile(name string, fi fs.FileInfo) error {
	if !fi.Mode().IsRegular() {
		return &Error{File: name, Msg: fmt.Sprintf("not a regular file (%s): tables are read from plain files only", fileKind(fi.Mode()))}
	}
	if fi.Size() > MaxFileBytes {
		return &Error{File: name, Msg: fmt.Sprintf("%s: a table file is at most %s", sizeText(fi.Size()), sizeText(MaxFileBytes))}
	}
	return nil
}

func fileKind(m fs.FileMode) string {
	switch {
	case m.IsDir():
		return "a directory"
	case m&fs.ModeNamedPipe != 0:
		return "a FIFO"
	case m&fs.ModeSocket != 0:
		return "a socket"
	case m&fs.ModeDevice != 0:
		return "a device"
	}
	return "not a plain file"
}

// boundedFile reads at most MaxFileBytes; a file that grew past the bound
// since it was opened fails the read with a message naming it.
type boundedFile struct {
	f    fs.File
	r    io.Reader
	name string
	n    int64
}

func (b *boundedFile) Read(p []byte) (int, error) {
	n, err := b.r.Read(p)
	b.n += int64(n)
	if b.n > MaxFileBytes {
		return 0, errTooBig
	}
	return n, err
}

func (b *boundedFile) Close() error { return b.f.Close() }

var errTooBig = fmt.Errorf("more than %s: a table file is at most %s", sizeText(MaxFileBytes), sizeText(MaxFileBytes))

// sizeText is a file's size in KiB, or in MiB from 1 MiB.
func sizeText(n int64) string {
	if n >= 1<<20 {
		return fmt.Sprintf("%d MiB", n>>20)
	}
	return fmt.Sprintf("%d KiB", n>>10)
}

// newScanner reads lines of at most MaxLineBytes.
func newScanner(r io.Reader) *bufio.Scanner {
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 0, 4096), MaxLineBytes)
	return sc
}

// scanError words what stopped the scanner for the player: a line too
// long, a file too big, or what the reader said.
func scanError(err error) string {
	switch {
	case errors.Is(err, bufio.ErrTooLong):
		return fmt.Sprintf("a line longer than %d KiB: a table file holds short lines (is it a table file?)", MaxLineBytes>>10)
	case errors.Is(err, errTooBig):
		return err.Error()
	}
	return "cannot read it: " + errText(err)
}
