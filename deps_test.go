package schnell_test

import (
	"bytes"
	"fmt"
	"os/exec"
	"slices"
	"strings"
	"testing"

	"github.com/schnell-wargames/schnell/games"
)

const module = games.Module

// registry lists the games: only the front ends (cmd/...) import it.
const registry = "games"

type pkg struct {
	path                  string // relative to the module; "" for the root
	imports, deps, tests  []string
	testDeps              []string // the tests' imports and what they import
	kernel, front, isGame bool
	class                 games.Class
}

func rel(p string) (string, bool) {
	if p == module {
		return "", true
	}
	r, ok := strings.CutPrefix(p, module+"/")
	return r, ok
}

// classify reads the one list of the module's packages (games.Kernel and
// the games registered in games.All), as the word test does.
func classify(r string) (kernel, front, game bool) {
	switch games.Classify(r) {
	case games.KernelPackage:
		return true, false, false
	case games.FrontEnd:
		return true, true, false
	case games.GamePackage:
		return false, false, true
	}
	return false, false, false
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
		p := &pkg{path: r, imports: ours(f[1]), deps: ours(f[2]), tests: ours(f[3]), class: games.Classify(r)}
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

// Every package of the module is in the one list: a kernel package
// (games.Kernel), a registered game's (games.All), the registry or the
// root. A package in neither is refused, never guessed at.
func TestEveryPackageClassified(t *testing.T) {
	for _, p := range modulePackages(t) {
		if p.class == games.Unclassified {
			t.Errorf("%s is neither a kernel package (games.Kernel) nor a registered game's (games.All): list it in one", p.path)
		}
	}
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
					t.Errorf("the kernel package %s depends on %s, which is a game's (or the registry): move what it needs into the kernel, or list %s in games.Kernel if it is a kernel package", p.path, x, x)
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

// A game's package documents its half of the Lua API with
// scripting/luadoc's types and never imports the Lua engine (the VM is
// the front ends'): a game builds and tests without it.
func TestGamesImportNoVM(t *testing.T) {
	for _, g := range games.All {
		t.Run(g.Name, func(t *testing.T) {
			out, err := exec.Command("go", "list", "-deps", g.Package()).Output()
			if err != nil {
				t.Fatalf("go list -deps %s: %v", g.Package(), err)
			}
			var vm []string
			for _, p := range strings.Fields(string(out)) {
				if strings.Contains(p, "gopher-lua") || p == module+"/scripting" {
					vm = append(vm, p)
				}
			}
			if len(vm) > 0 {
				t.Errorf("%s depends on %s: import scripting/luadoc for the Lua API's doc types, never the VM", g.Name, strings.Join(vm, ", "))
			}
		})
	}
}

// The classification the tests rely on (games.Classify): a game is a
// registered one; a package in neither list is not taken for a game.
func TestClassify(t *testing.T) {
	for _, tc := range []struct {
		path               string
		kernel, front, gme bool
		class              games.Class
	}{
		{"engine", true, false, false, games.KernelPackage},
		{"engine/enginetest", true, false, false, games.KernelPackage},
		{"repl/scenario", true, false, false, games.KernelPackage},
		{"third_party/gopher-lua/parse", true, false, false, games.KernelPackage},
		{"cmd/schnell", true, true, false, games.FrontEnd},
		{"schnellboats", false, false, true, games.GamePackage},
		{"schnellboats/balance", false, false, true, games.GamePackage},
		{"scheldt", false, false, true, games.GamePackage},
		{"games", false, false, false, games.RegistryPackage},
		{"", false, false, false, games.ModuleRoot},
		{"games/coastal", false, false, false, games.Unclassified}, // no game registered there
		{"newthing", false, false, false, games.Unclassified},
		{"schnellboatsx", false, false, false, games.Unclassified},
	} {
		t.Run(strings.ReplaceAll(tc.path, "/", "_"), func(t *testing.T) {
			k, f, g := classify(tc.path)
			if got, want := fmt.Sprint(k, f, g), fmt.Sprint(tc.kernel, tc.front, tc.gme); got != want {
				t.Errorf("classify(%q) = kernel, front, game %s, want %s", tc.path, got, want)
			}
			if c := games.Classify(tc.path); c != tc.class {
				t.Errorf("games.Classify(%q) = %s, want %s", tc.path, c, tc.class)
			}
		})
	}
}
