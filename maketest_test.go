package schnell_test

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// make test runs NORACE_TESTS without the race detector, in NORACE_PKGS
// only, and skips them under it: each must be a test of one of those
// packages, or it would run nowhere.
func TestNoRaceTestsExist(t *testing.T) {
	mk, err := os.ReadFile("Makefile")
	if err != nil {
		t.Fatal(err)
	}
	names := regexp.MustCompile(`(?m)^NORACE_TESTS = \^\(([^)]*)\)\$\$$`).FindSubmatch(mk)
	pkgs := regexp.MustCompile(`(?m)^NORACE_PKGS = (.*)$`).FindSubmatch(mk)
	if names == nil || pkgs == nil {
		t.Fatal("the Makefile has no NORACE_TESTS = ^(…)$$ and NORACE_PKGS = … lines")
	}
	var src strings.Builder
	for _, p := range strings.Fields(string(pkgs[1])) {
		files, _ := filepath.Glob(filepath.Join(p, "*_test.go"))
		for _, f := range files {
			b, _ := os.ReadFile(f)
			src.Write(b)
		}
	}
	for _, name := range strings.Split(string(names[1]), "|") {
		if !strings.Contains(src.String(), "func "+name+"(t *testing.T)") {
			t.Errorf("%s (NORACE_TESTS) is not a test of NORACE_PKGS %s: it would run nowhere", name, pkgs[1])
		}
	}
}
