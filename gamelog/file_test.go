//go:build unix

package gamelog_test

import (
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/schnell-wargames/schnell/gamelog"
)

// A second holder of a log's lock gets "in use by process N" (N: the
// holder's pid, written beside the log); once released, it is free.
func TestLockInUse(t *testing.T) {
	log := filepath.Join(t.TempDir(), "game.jsonl")
	l, err := gamelog.Acquire(log)
	if err != nil {
		t.Fatal(err)
	}
	pid, err := os.ReadFile(gamelog.LockPath(log))
	if err != nil || strings.TrimSpace(string(pid)) != strconv.Itoa(os.Getpid()) {
		t.Errorf("lock file holds %q (%v), want our pid %d", pid, err, os.Getpid())
	}
	_, err = gamelog.Acquire(log)
	var iu *gamelog.InUseError
	if !errors.As(err, &iu) || iu.PID != os.Getpid() || !errors.Is(err, gamelog.ErrInUse) {
		t.Fatalf("second Acquire: %v, want in use by process %d", err, os.Getpid())
	}
	if want := fmt.Sprintf("in use by process %d", os.Getpid()); !strings.Contains(err.Error(), want) {
		t.Errorf("message %q lacks %q", err, want)
	}
	if err := l.Release(); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(gamelog.LockPath(log)); !os.IsNotExist(err) {
		t.Errorf("the lock file stays after Release: %v", err)
	}
	l2, err := gamelog.Acquire(log)
	if err != nil {
		t.Fatalf("Acquire after Release: %v", err)
	}
	l2.Release()
}

// A lock file left by a process that died (its pid inside, no OS lock) is
// ignored: the lock is the OS's, the pid only names the holder.
func TestLockStaleFileIgnored(t *testing.T) {
	log := filepath.Join(t.TempDir(), "game.jsonl")
	// A process that has ended: its pid is free.
	cmd := exec.Command("true")
	if err := cmd.Run(); err != nil {
		t.Skip("no `true` to run")
	}
	if err := os.WriteFile(gamelog.LockPath(log), []byte(strconv.Itoa(cmd.Process.Pid)+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	l, err := gamelog.Acquire(log)
	if err != nil {
		t.Fatalf("a stale lock file blocks: %v", err)
	}
	defer l.Release()
	pid, _ := os.ReadFile(gamelog.LockPath(log))
	if strings.TrimSpace(string(pid)) != strconv.Itoa(os.Getpid()) {
		t.Errorf("lock file holds %q, want our pid", pid)
	}
}

// Reading a log refuses what is not a regular file: a device, a FIFO (which
// would hang the reader) or a symlink to them; and it bounds the size.
func TestOpenRefusesNonRegular(t *testing.T) {
	dir := t.TempDir()
	fifo := filepath.Join(dir, "fifo.jsonl")
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Fatal(err)
	}
	zero := filepath.Join(dir, "zero.jsonl")
	if err := os.Symlink("/dev/zero", zero); err != nil {
		t.Fatal(err)
	}
	random := filepath.Join(dir, "random.jsonl")
	if err := os.Symlink("/dev/urandom", random); err != nil {
		t.Fatal(err)
	}
	big := filepath.Join(dir, "big.jsonl")
	f, err := os.Create(big)
	if err != nil {
		t.Fatal(err)
	}
	f.Truncate(gamelog.MaxLogBytes + 1) // sparse
	f.Close()
	for _, c := range []struct{ name, path, want string }{
		{"FIFO", fifo, "a FIFO"},
		{"/dev/zero", "/dev/zero", "a device"},
		{"symlink to /dev/zero", zero, "a device"},
		{"symlink to /dev/urandom", random, "a device"},
		{"directory", dir, "a directory"},
		{"too big", big, "a log is at most 16 MiB"},
	} {
		t.Run(c.name, func(t *testing.T) {
			done := make(chan error, 1)
			go func() {
				_, err := gamelog.ReadFile(c.path)
				done <- err
			}()
			select {
			case err := <-done:
				if err == nil || !strings.Contains(err.Error(), c.want) {
					t.Errorf("ReadFile(%s) = %v, want an error with %q", c.path, err, c.want)
				}
			case <-time.After(5 * time.Second):
				t.Fatalf("ReadFile(%s) hangs", c.path)
			}
		})
	}
}

// A stream without end (or a huge file) read through Read stops at
// MaxLogBytes; a line longer than any event is refused and quoted short.
func TestReadBounds(t *testing.T) {
	f, err := os.Open("/dev/zero")
	if err != nil {
		t.Skip(err)
	}
	defer f.Close()
	if _, err := gamelog.Read("/dev/zero", f); err == nil || !strings.Contains(err.Error(), "more than 16 MiB") {
		t.Errorf("Read(/dev/zero) = %v, want the size bound", err)
	}
	h := testHeader()
	long := string(h.AppendJSON(nil)) + "\n" + `{"seq":1,"type":"x","pad":"` + strings.Repeat("y", gamelog.MaxLineBytes) + "\"}\n"
	_, err = gamelog.Read("long.jsonl", strings.NewReader(long))
	if err == nil || !strings.Contains(err.Error(), "long.jsonl:2: a line of") {
		t.Fatalf("a line over the bound: %v", err)
	}
	if len(err.Error()) > 300 {
		t.Errorf("the error quotes the line whole (%d bytes)", len(err.Error()))
	}
}

// CheckReplace lets a save replace only a plain file (or nothing).
func TestCheckReplace(t *testing.T) {
	dir := t.TempDir()
	plain := filepath.Join(dir, "plain.jsonl")
	os.WriteFile(plain, []byte("x"), 0o644)
	link := filepath.Join(dir, "link.jsonl")
	os.Symlink(plain, link)
	fifo := filepath.Join(dir, "fifo")
	syscall.Mkfifo(fifo, 0o644)
	for _, c := range []struct {
		name, path string
		exists     bool
		refused    string
	}{
		{"absent", filepath.Join(dir, "none.jsonl"), false, ""},
		{"plain file", plain, true, ""},
		{"symlink", link, true, "a symbolic link"},
		{"FIFO", fifo, true, "a FIFO"},
		{"device", "/dev/null", true, "a device"},
		{"directory", dir, true, "a directory"},
	} {
		t.Run(c.name, func(t *testing.T) {
			exists, err := gamelog.CheckReplace(c.path)
			if exists != c.exists {
				t.Errorf("exists = %v, want %v", exists, c.exists)
			}
			if c.refused == "" && err != nil || c.refused != "" && (err == nil || !strings.Contains(err.Error(), c.refused)) {
				t.Errorf("err = %v, want %q", err, c.refused)
			}
		})
	}
}

// A Writer stops at MaxLogBytes, the reader's bound (issue 27: a script
// answering in a loop wrote 5.7 GB in a minute, and a log is read back
// only up to 16 MiB): the line that would pass it is refused with
// ErrLogFull, so are those after it, and the log written reads back. A
// log resumed in its file counts the lines already there.
func TestWriterStopsAtReadLimit(t *testing.T) {
	path := filepath.Join(t.TempDir(), "long.jsonl")
	f, err := os.Create(path)
	if err != nil {
		t.Fatal(err)
	}
	w := gamelog.NewWriter(f, testHeader())
	pad := strings.Repeat("x", 1000)
	n := 0
	for ; n < gamelog.MaxLogBytes/1000+10; n++ {
		if err = w.Append(&gamelog.Event{Seq: n + 1, Type: "note", Fields: []gamelog.Field{gamelog.Str("text", pad)}}); err != nil {
			break
		}
	}
	if !errors.Is(err, gamelog.ErrLogFull) || !strings.Contains(err.Error(), "16 MiB") {
		t.Fatalf("after %d events: %v", n, err)
	}
	if err := w.Append(&gamelog.Event{Seq: n + 2, Type: "note"}); !errors.Is(err, gamelog.ErrLogFull) {
		t.Errorf("a line after the log was full: %v", err)
	}
	f.Close()
	fi, _ := os.Stat(path)
	if fi.Size() > gamelog.MaxLogBytes || fi.Size() < gamelog.MaxLogBytes-2000 {
		t.Errorf("the log is %d bytes, the limit %d", fi.Size(), gamelog.MaxLogBytes)
	}
	lg, err := gamelog.ReadFile(path)
	if err != nil {
		t.Fatalf("the full log does not read back: %v", err)
	}
	if len(lg.Events) != n {
		t.Errorf("the full log reads back %d events, want %d", len(lg.Events), n)
	}
	// Resumed in its file, the log has no room for another line.
	f, err = os.OpenFile(path, os.O_WRONLY|os.O_APPEND, 0)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	w = gamelog.Resume(f)
	if err := w.Append(&gamelog.Event{Seq: n + 1, Type: "note", Fields: []gamelog.Field{gamelog.Str("text", pad)}}); !errors.Is(err, gamelog.ErrLogFull) {
		t.Errorf("a resumed full log took a line: %v", err)
	}
}
