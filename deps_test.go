package schnell_test

import (
	"bytes"
	"fmt"
	"os/exec"
	"slices"
	"strings"
	"testing"
)

const module = "github.com/schnell-wargames/schnell"

// kernelRoots are the kernel's packages (and those under them): they know
// no game. Anything else in the module is a game's package, except the
// registry. A new kernel package goes here.
var kernelRoots = []string{"batch", "cmd", "dice", "engine", "gamelog", "grid", "repl", "scripting", "sea", "sheet", "tables"}

// registry lists the games: only the front ends (cmd/...) import it.
const registry = "games"

type pkg struct {
	path                  string // relative to the module; "" for the root
	imports, deps, tests  []string
	testDeps              []string // the tests' imports and what they import
	kernel, front, isGame bool
}

func rel(p string) (string, bool) {
	if p == module {
		return "", true
	}
	r, ok := strings.CutPrefix(p, module+"/")
	return r, ok
}

func classify(r string) (kernel, front, game bool) {
	if r == "" {
		return false, false, false // this test
	}
	for _, k := range kernelRoots {
		if r == k || strings.HasPrefix(r, k+"/") {
			return true, k == "cmd", false
		}
	}
	return false, false, r != registry
}

// modulePackages lists the module's packages with their imports (go list).
func modulePackages(t *testing.T) map[string]*pkg {
	t.Helper()
	cmd := exec.Command("go", "list", "-f", "{{.ImportPath}}|{{join .Imports \",\"}}|{{join .Deps \",\"}}|{{join .TestImports \",\"}},{{join .XTestImports \",\"}}", "./...")
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("go list: %v\n%s", err, stderr.String())
	}
	ours := func(list string) []string {
		var out []string
		for _, p := range strings.Split(list, ",") {
			if r, ok := rel(p); ok && p != "" {
				out = append(out, r)
			}
		}
		return out
	}
	pkgs := map[string]*pkg{}
	for _, line := range strings.Split(strings.TrimSpace(string(out)), "\n") {
		f := strings.Split(line, "|")
		if len(f) != 4 {
			t.Fatalf("go list: unexpected line %q", line)
		}
		r, ok := rel(f[0])
		if !ok {
			continue
		}
		p := &pkg{path: r, imports: ours(f[1]), deps: ours(f[2]), tests: ours(f[3])}
		p.kernel, p.front, p.isGame = classify(r)
		pkgs[r] = p
	}
	for _, p := range pkgs {
		for _, x := range p.tests {
			p.testDeps = append(p.testDeps, x)
			if q := pkgs[x]; q != nil {
				p.testDeps = append(p.testDeps, q.deps...)
			}
		}
	}
	if pkgs["engine"] == nil || pkgs["schnellboats"] == nil || !pkgs["schnellboats"].isGame {
		t.Fatalf("go list did not list the module's packages as expected: %v", slices.Sorted(func(yield func(string) bool) {
			for k := range pkgs {
				if !yield(k) {
					return
				}
			}
		}))
	}
	return pkgs
}

// No kernel package imports a game, directly or through another package:
// the kernel knows no game. The front ends (cmd/...) reach the games only
// through the registry. The kernel's own tests play the toy game
// (engine/enginetest), not a real one; the front ends' tests may play any.
func TestKernelImportsNoGame(t *testing.T) {
	pkgs := modulePackages(t)
	game := func(r string) bool { p := pkgs[r]; return p != nil && p.isGame }
	for _, p := range pkgs {
		if !p.kernel {
			continue
		}
		t.Run(p.path, func(t *testing.T) {
			if p.front {
				for _, x := range p.imports {
					if game(x) {
						t.Errorf("%s imports the game package %s: a front end reaches the games through the registry (%s)", p.path, x, registry)
					}
				}
				if p.path == "cmd/schnell" && !slices.Contains(p.deps, registry) {
					t.Errorf("%s does not import the registry (%s): is the test's view of the module out of date?", p.path, registry)
				}
				return
			}
			for _, x := range p.deps {
				if game(x) || x == registry {
					t.Errorf("the kernel package %s depends on %s, which is a game's (or the registry): move what it needs into the kernel, or list %s in kernelRoots if it is a kernel package", p.path, x, x)
				}
			}
			for _, x := range p.testDeps {
				if game(x) || x == registry {
					t.Errorf("the tests of %s depend on %s: test the kernel on the toy game (engine/enginetest)", p.path, x)
				}
			}
		})
	}
}

// The classification the test relies on.
func TestClassify(t *testing.T) {
	for _, tc := range []struct {
		path               string
		kernel, front, gme bool
	}{
		{"engine", true, false, false},
		{"engine/enginetest", true, false, false},
		{"repl/scenario", true, false, false},
		{"cmd/schnell", true, true, false},
		{"schnellboats", false, false, true},
		{"games", false, false, false},
		{"games/coastal", false, false, true},
		{"newthing", false, false, true},
	} {
		t.Run(strings.ReplaceAll(tc.path, "/", "_"), func(t *testing.T) {
			k, f, g := classify(tc.path)
			if got, want := fmt.Sprint(k, f, g), fmt.Sprint(tc.kernel, tc.front, tc.gme); got != want {
				t.Errorf("classify(%q) = kernel, front, game %s, want %s", tc.path, got, want)
			}
		})
	}
}
