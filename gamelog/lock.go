package gamelog

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
)

// Lock is a process's hold on a game's log: an OS lock on a file beside
// the log (.NAME.jsonl.lock) that holds the process id of its holder. The
// OS frees the lock when the process ends, however it ends: a lock file
// left by a killed process is ignored.
type Lock struct {
	f    *os.File
	path string // the lock file
	Log  string // the log it guards
}

// InUseError says another process holds a game's log.
type InUseError struct {
	Log string
	PID int // 0 if unknown
}

func (e *InUseError) Error() string {
	who := "another process"
	if e.PID > 0 {
		who = "process " + strconv.Itoa(e.PID)
	}
	return fmt.Sprintf("%s is in use by %s: quit schnell there first, or play another game", e.Log, who)
}

// ErrInUse is wrapped by InUseError.
var ErrInUse = errors.New("game in use")

func (e *InUseError) Unwrap() error { return ErrInUse }

// LockPath is the lock file of a log.
func LockPath(log string) string {
	dir, base := filepath.Split(log)
	return filepath.Join(dir, "."+base+".lock")
}

// Acquire takes the lock of a log for this process, or returns an
// *InUseError naming the process that holds it.
func Acquire(log string) (*Lock, error) {
	lp := LockPath(log)
	for range 10 {
		f, err := os.OpenFile(lp, os.O_RDWR|os.O_CREATE, 0o644)
		if err != nil {
			return nil, fmt.Errorf("lock %s: %w", log, err)
		}
		held, err := tryLock(f)
		if err != nil {
			f.Close()
			return nil, fmt.Errorf("lock %s: %w", log, err)
		}
		if held {
			b := make([]byte, 32)
			n, _ := f.ReadAt(b, 0)
			f.Close()
			pid, _ := strconv.Atoi(strings.TrimSpace(string(b[:n])))
			return nil, &InUseError{Log: log, PID: pid}
		}
		// The holder before us may have removed the file between our open
		// and our lock: the lock is only good on the file at the path.
		fi, err1 := f.Stat()
		pi, err2 := os.Stat(lp)
		if err1 != nil || err2 != nil || !os.SameFile(fi, pi) {
			f.Close()
			continue
		}
		if err := f.Truncate(0); err == nil {
			f.WriteAt([]byte(strconv.Itoa(os.Getpid())+"\n"), 0)
		}
		return &Lock{f: f, path: lp, Log: log}, nil
	}
	return nil, fmt.Errorf("lock %s: the lock file %s keeps changing", log, lp)
}

// Release frees the lock and removes its file.
func (l *Lock) Release() error {
	if l == nil || l.f == nil {
		return nil
	}
	os.Remove(l.path) // while we hold it: see Acquire
	err := l.f.Close()
	l.f = nil
	return err
}
