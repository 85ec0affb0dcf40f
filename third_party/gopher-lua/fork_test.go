package lua

// schnell's test of its fork (PATCHES.md): the files here are gopher-lua's
// release, kept as released in testdata/<upstream>, with the patches in
// patches/ applied in order — nothing more, nothing less.

import (
	"bytes"
	"cmp"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// upstream is the gopher-lua release the fork is made from; testdata/
// holds its files (those the fork keeps) as released.
const upstream = "v1.1.2"

// ours are the fork directory's own entries, not gopher-lua's.
var ours = []string{"PATCHES.md", "fork_test.go", "patches", "testdata"}

// The fork is gopher-lua's release with exactly the patches PATCHES.md
// lists: each one applies to what the ones before it made, without
// fuzz, and the result is the fork, file for file and byte for byte.
func TestForkIsUpstreamPlusPatches(t *testing.T) {
	tree, err := readTree(filepath.Join("testdata", upstream), nil)
	if err != nil {
		t.Fatal(err)
	}
	patches, err := filepath.Glob(filepath.Join("patches", "*.patch"))
	if err != nil || len(patches) == 0 {
		t.Fatalf("no patches/*.patch (%v)", err)
	}
	slices.SortFunc(patches, func(a, b string) int { return patchNumber(a) - patchNumber(b) })
	for i, p := range patches {
		if n := patchNumber(p); n != i+1 {
			t.Fatalf("%s: patches are numbered 1, 2, … in order with no gap (this one should be %d)", p, i+1)
		}
		text, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		if err := applyPatch(tree, string(text)); err != nil {
			t.Fatalf("%s does not apply to %s with the patches before it: %v", p, upstream, err)
		}
	}
	fork, err := readTree(".", ours)
	if err != nil {
		t.Fatal(err)
	}
	for _, d := range compareTrees(tree, fork) {
		t.Errorf("%s (a change to the fork is a patch: patches/*.patch and PATCHES.md)", d)
	}

	// PATCHES.md says what each patch is and why, one numbered item each.
	doc, err := os.ReadFile("PATCHES.md")
	if err != nil {
		t.Fatal(err)
	}
	var items []int
	for _, m := range regexp.MustCompile(`(?m)^(\d+)\. \*\*`).FindAllSubmatch(doc, -1) {
		n, _ := strconv.Atoi(string(m[1]))
		items = append(items, n)
	}
	want := make([]int, len(patches))
	for i := range want {
		want[i] = i + 1
	}
	if !slices.Equal(items, want) {
		t.Errorf("PATCHES.md's numbered items are %v, want one for each patch in patches/: %v", items, want)
	}
	if !bytes.Contains(doc, []byte("gopher-lua at "+upstream)) {
		t.Errorf("PATCHES.md does not say the fork is gopher-lua at %s", upstream)
	}
}

// The test can fail: a patch that does not match, or a fork that differs
// from what the patches make, is named.
func TestForkCheckFails(t *testing.T) {
	tree := map[string][]byte{"a.go": []byte("one\ntwo\nthree\n")}
	good := "--- a/a.go\n+++ b/a.go\n@@ -1,3 +1,3 @@\n one\n-two\n+TWO\n three\n"
	for _, tc := range []struct{ name, patch, err string }{
		{"context differs", "--- a/a.go\n+++ b/a.go\n@@ -1,3 +1,3 @@\n one\n-deux\n+TWO\n three\n", `a.go:2: the patch expects "deux`},
		{"moved", "--- a/a.go\n+++ b/a.go\n@@ -2,2 +2,2 @@\n one\n-two\n+TWO\n", `a.go:2: the patch expects "one`},
		{"counts", "--- a/a.go\n+++ b/a.go\n@@ -1,3 +1,4 @@\n one\n-two\n+TWO\n three\n", "counts"},
		{"no such file", "--- a/b.go\n+++ b/b.go\n@@ -1,1 +1,1 @@\n-x\n+y\n", "b.go"},
		{"created twice", "--- /dev/null\n+++ b/a.go\n@@ -0,0 +1,1 @@\n+x\n", "exists"},
		{"no diff", "just words\n", "no file"},
	} {
		if err := applyPatch(clone(tree), tc.patch); err == nil || !strings.Contains(err.Error(), tc.err) {
			t.Errorf("%s: err = %v, want one that says %q", tc.name, err, tc.err)
		}
	}
	got := clone(tree)
	if err := applyPatch(got, good); err != nil {
		t.Fatal(err)
	}
	if d := compareTrees(got, map[string][]byte{"a.go": []byte("one\nTWO\nthree\n")}); d != nil {
		t.Errorf("the good patch: %v", d)
	}
	fork := map[string][]byte{"a.go": []byte("one\nTWO\nthree!\n"), "b.go": nil}
	d := compareTrees(got, fork)
	if len(d) != 2 || !strings.Contains(d[0], "a.go:3") || !strings.Contains(d[1], "b.go") {
		t.Errorf("a stray edit and a stray file: %q", d)
	}
	if err := applyPatch(got, "--- a/a.go\n+++ /dev/null\n@@ -1,3 +0,0 @@\n-one\n-TWO\n-three\n"); err != nil || len(got) != 0 {
		t.Errorf("deleting a.go: %v, %d files left", err, len(got))
	}
}

func clone(tree map[string][]byte) map[string][]byte {
	out := map[string][]byte{}
	for k, v := range tree {
		out[k] = slices.Clone(v)
	}
	return out
}

// patchNumber is N of patches/N-name.patch (0 if none).
func patchNumber(path string) int {
	n, _ := strconv.Atoi(strings.SplitN(filepath.Base(path), "-", 2)[0])
	return n
}

// readTree reads every file under dir, by its slash path relative to dir,
// leaving out the top-level entries named in skip.
func readTree(dir string, skip []string) (map[string][]byte, error) {
	tree := map[string][]byte{}
	err := filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(dir, path)
		rel = filepath.ToSlash(rel)
		if rel != "." && !strings.Contains(rel, "/") && slices.Contains(skip, rel) {
			if d.IsDir() {
				return filepath.SkipDir
			}
			return nil
		}
		if d.IsDir() {
			return nil
		}
		b, err := os.ReadFile(path)
		tree[rel] = b
		return err
	})
	return tree, err
}

// compareTrees lists how fork differs from want: files missing, files
// added, and the first line that differs in each file.
func compareTrees(want, fork map[string][]byte) []string {
	var d []string
	for _, name := range slices.Sorted(func(yield func(string) bool) {
		for k := range want {
			if !yield(k) {
				return
			}
		}
		for k := range fork {
			if _, ok := want[k]; !ok && !yield(k) {
				return
			}
		}
	}) {
		w, inWant := want[name]
		f, inFork := fork[name]
		switch {
		case !inFork:
			d = append(d, fmt.Sprintf("%s: the patches make it, the fork has no such file", name))
		case !inWant:
			d = append(d, fmt.Sprintf("%s: in the fork, made by neither %s nor a patch", name, upstream))
		case !bytes.Equal(w, f):
			wl, fl := lines(string(w)), lines(string(f))
			i := 0
			for i < len(wl) && i < len(fl) && wl[i] == fl[i] {
				i++
			}
			at := func(l []string) string {
				if i < len(l) {
					return strconv.Quote(l[i])
				}
				return "the end of the file"
			}
			d = append(d, fmt.Sprintf("%s:%d: the fork has %s where the patches make %s", name, i+1, at(fl), at(wl)))
		}
	}
	return d
}

// lines splits s after each newline (the last line may have none).
func lines(s string) []string {
	l := strings.SplitAfter(s, "\n")
	if l[len(l)-1] == "" {
		l = l[:len(l)-1]
	}
	return l
}

var hunkHeader = regexp.MustCompile(`^@@ -(\d+)(?:,(\d+))? \+(\d+)(?:,(\d+))? @@`)

// applyPatch applies a unified diff (as git diff writes it: paths a/… and
// b/…, /dev/null for a file made or removed) to tree, strictly: every
// hunk must find its context and removed lines at the very line it names.
// Text before the first file is a description and is skipped.
func applyPatch(tree map[string][]byte, patch string) error {
	ls := strings.SplitAfter(patch, "\n")
	files := 0
	for i := 0; i < len(ls); i++ {
		if !strings.HasPrefix(ls[i], "--- ") || i+1 >= len(ls) || !strings.HasPrefix(ls[i+1], "+++ ") {
			continue
		}
		from, to := diffPath(ls[i], "a/"), diffPath(ls[i+1], "b/")
		name := cmp.Or(to, from)
		i += 2
		var body []string
		if from != "" {
			b, ok := tree[from]
			if !ok {
				return fmt.Errorf("%s: no such file", from)
			}
			if len(b) > 0 {
				body = lines(string(b))
			}
		} else if _, ok := tree[to]; ok {
			return fmt.Errorf("%s is made by the patch but exists", to)
		}
		offset := 0
		for i < len(ls) && strings.HasPrefix(ls[i], "@@ ") {
			m := hunkHeader.FindStringSubmatch(ls[i])
			if m == nil {
				return fmt.Errorf("%s: a bad hunk header %q", name, ls[i])
			}
			count := func(s string) int {
				if s == "" {
					return 1
				}
				n, _ := strconv.Atoi(s)
				return n
			}
			oldStart, _ := strconv.Atoi(m[1])
			oldCount, newCount := count(m[2]), count(m[4])
			i++
			var old, new []string
			// A hunk's lines are as many as its header counts, and a "\ No
			// newline" line after the last.
			for ; i < len(ls) && ls[i] != "" && (len(old) < oldCount || len(new) < newCount || ls[i][0] == '\\'); i++ {
				if !strings.ContainsRune(" -+\\", rune(ls[i][0])) {
					break
				}
				l := ls[i][1:]
				switch ls[i][0] {
				case '\\': // "\ No newline at end of file": the line before has none
					last := func(s []string) {
						if len(s) > 0 {
							s[len(s)-1] = strings.TrimSuffix(s[len(s)-1], "\n")
						}
					}
					if ls[i-1][0] != '+' {
						last(old)
					}
					if ls[i-1][0] != '-' {
						last(new)
					}
					continue
				case ' ':
					old, new = append(old, l), append(new, l)
				case '-':
					old = append(old, l)
				case '+':
					new = append(new, l)
				}
			}
			if len(old) != oldCount || len(new) != newCount {
				return fmt.Errorf("%s: the hunk at line %d: its counts (%d, %d) are not its lines (%d, %d)", name, oldStart, oldCount, newCount, len(old), len(new))
			}
			at := oldStart - 1 + offset
			if oldCount == 0 {
				at++
			}
			if at < 0 || at > len(body) {
				return fmt.Errorf("%s: the hunk at line %d is past the file's end (%d lines)", name, oldStart, len(body))
			}
			for j, l := range old {
				if at+j >= len(body) || body[at+j] != l {
					has := "the end of the file"
					if at+j < len(body) {
						has = strconv.Quote(body[at+j])
					}
					return fmt.Errorf("%s:%d: the patch expects %q, the file has %s", name, oldStart+j, l, has)
				}
			}
			body = slices.Concat(body[:at], new, body[at+len(old):])
			offset += len(new) - len(old)
		}
		i--
		files++
		if from != "" {
			delete(tree, from)
		}
		if to != "" {
			tree[to] = []byte(strings.Join(body, ""))
		}
	}
	if files == 0 {
		return fmt.Errorf("no file in the patch")
	}
	return nil
}

// diffPath is the path of a ---/+++ line without its a/ or b/ ("" for
// /dev/null).
func diffPath(line, prefix string) string {
	p := strings.TrimRight(line[4:], "\n")
	if i := strings.IndexByte(p, '\t'); i >= 0 {
		p = p[:i]
	}
	if p == "/dev/null" {
		return ""
	}
	return strings.TrimPrefix(p, prefix)
}
