package gamelog

import (
	"bufio"
	"bytes"
	"compress/gzip"
	"fmt"
	"io"
	"io/fs"
	"os"
	"syscall"
	"unicode/utf8"
)

// Bounds of what Read takes, and of what a Writer writes (MaxLogBytes:
// one constant, so that every log written can be read back): a Long
// campaign's log is half a megabyte and its longest line 500 bytes.
const (
	MaxLogBytes  = 16 << 20
	MaxLineBytes = 1 << 20
)

// Open opens a log file for reading. It refuses what is not a regular
// file (a FIFO, a device, a directory, a symlink to one of them), which
// could hang the reader or never end, and a file larger than MaxLogBytes.
func Open(path string) (*os.File, error) {
	return OpenBounded(path, MaxLogBytes, "a log")
}

// OpenBounded opens a file of another kind (what: "a result file") with
// the rules of Open: a regular file of at most maxBytes.
func OpenBounded(path string, maxBytes int64, what string) (*os.File, error) {
	fi, err := os.Stat(path)
	if err != nil {
		return nil, err
	}
	if err := regular(path, fi, maxBytes, what); err != nil {
		return nil, err
	}
	// O_NONBLOCK: should the path have become a FIFO since, the open does
	// not wait for a writer.
	f, err := os.OpenFile(path, os.O_RDONLY|syscall.O_NONBLOCK, 0)
	if err != nil {
		return nil, err
	}
	if fi, err = f.Stat(); err == nil {
		err = regular(path, fi, maxBytes, what)
	}
	if err != nil {
		f.Close()
		return nil, err
	}
	return f, nil
}

func regular(path string, fi fs.FileInfo, maxBytes int64, what string) error {
	if !fi.Mode().IsRegular() {
		return fmt.Errorf("%s is not a regular file (%s): %s is a file", path, kind(fi.Mode()), what)
	}
	if fi.Size() > maxBytes {
		return fmt.Errorf("%s is %d MiB: %s is at most %d MiB", path, fi.Size()>>20, what, maxBytes>>20)
	}
	return nil
}

func kind(m fs.FileMode) string {
	switch {
	case m.IsDir():
		return "a directory"
	case m&fs.ModeNamedPipe != 0:
		return "a FIFO"
	case m&fs.ModeSocket != 0:
		return "a socket"
	case m&fs.ModeDevice != 0:
		return "a device"
	case m&fs.ModeSymlink != 0:
		return "a symbolic link"
	}
	return "not a plain file"
}

// ReadFile opens and reads a whole log (see Open and Read).
func ReadFile(path string) (*Log, error) {
	f, err := Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return Read(path, f)
}

// SkimFile opens and skims a log (see Open and Skim).
func SkimFile(path string, want func(typ string) bool) (*Log, error) {
	f, err := Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return Skim(path, f, want)
}

// readAll reads at most MaxLogBytes. A gzip-compressed log (`sim --logs
// DIR --compress`) is read through its decompressor: the bound applies to
// the decompressed stream.
func readAll(name string, r io.Reader) ([]byte, error) {
	br := bufio.NewReader(r)
	if magic, _ := br.Peek(2); len(magic) == 2 && magic[0] == 0x1f && magic[1] == 0x8b {
		z, err := gzip.NewReader(br)
		if err != nil {
			return nil, fmt.Errorf("read log %s: gzip: %w", name, err)
		}
		z.Multistream(false)
		data, err := io.ReadAll(io.LimitReader(z, MaxLogBytes+1))
		if len(data) > MaxLogBytes {
			return nil, fmt.Errorf("read log %s: more than %d MiB once decompressed: too big for a schnell log", name, MaxLogBytes>>20)
		}
		if err != nil {
			return nil, fmt.Errorf("read log %s: gzip: %w (a compressed log cut short, or not a log)", name, err)
		}
		return data, nil
	}
	data, err := io.ReadAll(io.LimitReader(br, MaxLogBytes+1))
	if err != nil {
		return nil, fmt.Errorf("read log %s: %w", name, err)
	}
	if len(data) > MaxLogBytes {
		return nil, fmt.Errorf("read log %s: more than %d MiB: too big for a schnell log", name, MaxLogBytes>>20)
	}
	return data, nil
}

// Shorten quotes a line for a message: lines longer than n bytes keep their
// start and say how long they were.
func Shorten(line string, n int) string {
	if len(line) <= n {
		return line
	}
	cut := n
	for cut > 0 && !utf8.RuneStart(line[cut]) {
		cut--
	}
	return fmt.Sprintf("%s… (%d bytes in all)", line[:cut], len(line))
}

// IsLog says whether the file at path is a schnell log (its first bytes
// are a log header).
func IsLog(path string) bool {
	f, err := Open(path)
	if err != nil {
		return false
	}
	defer f.Close()
	b := make([]byte, 32)
	n, _ := io.ReadFull(f, b)
	return bytes.HasPrefix(b[:n], []byte(`{"format":"`+FormatName+`"`))
}

// CheckReplace says whether a file may be written at path: nothing is
// there, or a regular file. A FIFO, a device, a directory or a symbolic
// link is never replaced (writing would hang, reach a device, or leave the
// link's target stale).
func CheckReplace(path string) (exists bool, err error) {
	fi, err := os.Lstat(path)
	if os.IsNotExist(err) {
		return false, nil
	}
	if err != nil {
		return false, err
	}
	if !fi.Mode().IsRegular() {
		return true, fmt.Errorf("%s is %s: schnell writes only plain files, give another name", path, kind(fi.Mode()))
	}
	return true, nil
}

// Create makes a new log file at path for a process that writes it start
// to end (`schnell auto --log`), and takes its lock. An existing file is
// refused unless it is empty (a crash's debris) or force is set, and
// then only a plain file not in use is replaced.
func Create(path string, force bool) (*os.File, *Lock, error) {
	there, err := CheckReplace(path)
	if err != nil {
		return nil, nil, err
	}
	if there && !force {
		if fi, err := os.Stat(path); err != nil || fi.Size() > 0 {
			return nil, nil, fmt.Errorf("%s exists: give another file, or --force to replace it", path)
		}
	}
	lock, err := Acquire(path)
	if err != nil {
		return nil, nil, err
	}
	flags := os.O_WRONLY | os.O_CREATE | os.O_TRUNC
	if !there {
		flags |= os.O_EXCL
	}
	f, err := os.OpenFile(path, flags|syscall.O_NONBLOCK, 0o644)
	if err == nil {
		if fi, e := f.Stat(); e != nil || !fi.Mode().IsRegular() {
			f.Close()
			err = fmt.Errorf("%s is not a plain file", path)
		}
	}
	if err != nil {
		lock.Release()
		return nil, nil, err
	}
	return f, lock, nil
}
