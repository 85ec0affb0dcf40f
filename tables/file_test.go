package tables_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/schnell-wargames/schnell/tables"
)

// Table files are read with the rules of a log (issue 27, item 4): a
// plain file of at most MaxFileBytes; what is not is refused with a
// message naming the file, and a line too long is said in words, not as
// Go's "token too long".
func TestFileBounds(t *testing.T) {
	big := strings.Repeat("# a comment line\n", tables.MaxFileBytes/17+1)
	long := "# " + strings.Repeat("x", tables.MaxLineBytes) + "\n"
	for _, c := range []struct {
		name string
		fs   fstest.MapFS
		want string
	}{
		{"too big", fstest.MapFS{"a.tbl": {Data: []byte(setA)}, "b.tbl": {Data: []byte(setB)}, "c.tbl": {Data: []byte(big)}},
			"c.tbl: 1 MiB: a table file is at most 1 MiB"},
		{"long line", fstest.MapFS{"a.tbl": {Data: []byte(setA + long)}, "b.tbl": {Data: []byte(setB)}},
			"a.tbl:32: a line longer than 64 KiB"},
		{"a directory", fstest.MapFS{"a.tbl": {Data: []byte(setA)}, "b.tbl": {Data: []byte(setB)}, "d.tbl/x": {Data: []byte("")}},
			"d.tbl: not a regular file (a directory)"},
		{"a long record line", fstest.MapFS{"a.tbl": {Data: []byte(setA)}, "b.tbl": {Data: []byte(setB)}, "r.rec": {Data: []byte(long)}},
			"r.rec:1: a line longer than 64 KiB"},
	} {
		_, err := tables.Load(c.fs, testSchema(validRequired))
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: %v, want %q", c.name, err, c.want)
		}
		if err != nil && strings.Contains(err.Error(), "token too long") {
			t.Errorf("%s: Go's words: %v", c.name, err)
		}
	}
}

// Dir never waits on a FIFO: opening one returns at once and Load refuses
// it by its kind.
func TestDirRefusesFIFO(t *testing.T) {
	dir := t.TempDir()
	os.WriteFile(filepath.Join(dir, "a.tbl"), []byte(setA), 0o644)
	os.WriteFile(filepath.Join(dir, "b.tbl"), []byte(setB), 0o644)
	if err := mkfifo(filepath.Join(dir, "c.tbl")); err != nil {
		t.Skip("no FIFOs here:", err)
	}
	done := make(chan error, 1)
	go func() {
		_, err := tables.Load(tables.Dir(dir), testSchema(validRequired))
		done <- err
	}()
	err := <-done // a hang fails the test by its timeout
	if err == nil || !strings.Contains(err.Error(), "c.tbl: not a regular file (a FIFO)") {
		t.Errorf("Load with a FIFO: %v", err)
	}
	// The FIFO's open itself does not wait either (between Stat and Open
	// a file may become a FIFO).
	f, err := tables.Dir(dir).Open("c.tbl")
	if err != nil {
		t.Fatal(err)
	}
	f.Close()
}
