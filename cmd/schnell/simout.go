package main

import (
	"fmt"
	"os"
	"path/filepath"

	"github.com/schnell-wargames/schnell/batch"
	"github.com/schnell-wargames/schnell/gamelog"
)

// simFile is a file sim (or sim merge) writes: under NAME.partial while
// it is written, renamed to NAME once complete, so that NAME is never a
// torn file. A run stopped by Ctrl-C or SIGTERM (or a failed game) renames
// its result file (--out) too, marked partial: a retry of the same command
// replaces it. Its CSV and HTML stay under NAME.partial, which the next run
// writing NAME replaces.
type simFile struct {
	flag, path, tmp string
	f               *os.File
	replaces        bool // path holds a partial result of this same run
	done            bool // committed, kept or discarded
}

// partialSuffix names the file an output is written to until complete.
const partialSuffix = ".partial"

// createOutFile checks that path may be written and opens its temporary
// file. An existing path is replaced only with force, or (prov given: the
// result file) when it holds a partial result of this very run
// (batch.Replaceable); what is not a plain file never.
func createOutFile(flag, path string, force bool, prov *batch.Provenance) (*simFile, error) {
	o := &simFile{flag: flag, path: path, tmp: path + partialSuffix}
	there, err := gamelog.CheckReplace(path)
	if err != nil {
		return nil, err
	}
	if there && !force {
		if fi, err := os.Stat(path); err != nil || fi.Size() > 0 {
			if prov == nil {
				return nil, fmt.Errorf("%s exists: give another name, or --force to replace it", path)
			}
			if err := replaceable(path, *prov); err != nil {
				return nil, fmt.Errorf("%s exists and %v: give another name, or --force to replace it", path, err)
			}
			o.replaces = true
		}
	}
	if _, err := gamelog.CheckReplace(o.tmp); err != nil {
		return nil, err
	}
	if o.f, err = os.OpenFile(o.tmp, os.O_WRONLY|os.O_CREATE|os.O_TRUNC, 0o644); err != nil {
		return nil, err
	}
	return o, nil
}

// replaceable reads the result file at path and says whether a run of
// prov may replace it.
func replaceable(path string, prov batch.Provenance) error {
	f, err := gamelog.OpenBounded(path, batch.MaxFileBytes, "a result file of schnell sim")
	if err != nil {
		return fmt.Errorf("cannot be read as a result file (%v)", err)
	}
	defer f.Close()
	old, err := batch.ReadFile(path, f)
	if err != nil {
		return fmt.Errorf("is not a result file of schnell sim")
	}
	return batch.Replaceable(old, prov)
}

// commit closes the file and gives it its name.
func (o *simFile) commit() error {
	o.done = true
	if err := o.f.Close(); err != nil {
		os.Remove(o.tmp)
		return err
	}
	if err := os.Rename(o.tmp, o.path); err != nil {
		os.Remove(o.tmp)
		return err
	}
	return nil
}

// keep closes the file and leaves it under its temporary name.
func (o *simFile) keep() error {
	o.done = true
	return o.f.Close()
}

// discard closes and removes the temporary file.
func (o *simFile) discard() {
	if o.done {
		return
	}
	o.done = true
	o.f.Close()
	os.Remove(o.tmp)
}

// samePath says whether two spellings name the same file.
func samePath(a, b string) bool {
	if a == b {
		return true
	}
	aa, err1 := filepath.Abs(a)
	bb, err2 := filepath.Abs(b)
	return err1 == nil && err2 == nil && aa == bb
}
