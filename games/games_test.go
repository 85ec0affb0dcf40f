package games

import (
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/schnell-wargames/schnell/gamelog"
)

// Unknown names are refused with the list of the known ones; a log's
// header names its game.
func TestRegistry(t *testing.T) {
	r := Registry(All)
	if got := r.Names(); len(got) == 0 || got[0] != Default {
		t.Fatalf("Names() = %v, want %s first", got, Default)
	}
	if _, err := r.Get("chess"); err == nil || !strings.Contains(err.Error(), Default) {
		t.Errorf("Get(chess) = %v, want an error listing %s", err, Default)
	}
	d, err := r.ForLog(gamelog.Header{Game: Default})
	if err != nil || d.Name != Default {
		t.Errorf("ForLog(%s) = %v, %v", Default, d, err)
	}
	if _, err := r.ForLog(gamelog.Header{Game: "chess"}); err == nil || !strings.Contains(err.Error(), "chess") {
		t.Errorf("ForLog(chess) = %v, want an error naming chess", err)
	}
	for _, g := range All {
		d, err := g.Def()
		if err != nil {
			t.Fatalf("%s: %v", g.Name, err)
		}
		if d.Name != g.Name || d.Title == "" {
			t.Errorf("%s: the definition is called %q with title %q", g.Name, d.Name, d.Title)
		}
	}
}

// gameWords are the flagship's words: no kernel identifier or text says
// them (a game names its own things: Definition.Pauses, Saved, Part,
// ReferenceName).
var gameWords = regexp.MustCompile(`(?i)(\b|_)(kommandant|campaigns?|missions?)(\b|_)`)

// speaks reports whether an identifier or a text uses a flagship word:
// identifiers are split at capitals (PrintMission, missionEnd).
func speaks(s string) bool {
	return gameWords.MatchString(regexp.MustCompile(`([a-z0-9])([A-Z])`).ReplaceAllString(s, "${1} ${2}"))
}

// The kernel knows no game: outside the game packages and this registry,
// no Go file imports a game package, and no identifier or string (the
// text a player reads) uses the flagship's words. Comments may.
func TestKernelSpeaksNoGame(t *testing.T) {
	root := ".."
	fset := token.NewFileSet()
	files := 0
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			switch name := d.Name(); {
			case path == root:
			case name == "testdata", strings.HasPrefix(name, "."), name == "third_party":
				return filepath.SkipDir
			}
			return nil
		}
		if !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
			return nil
		}
		// The one list (Classify, as deps_test.go reads it): a game's
		// package and this registry may speak of games.
		rel, _ := filepath.Rel(root, filepath.Dir(path))
		switch Classify(filepath.ToSlash(strings.TrimPrefix(rel, "."))) {
		case GamePackage, RegistryPackage:
			return nil
		case Unclassified:
			t.Errorf("%s: its package is neither a kernel package (Kernel) nor a registered game's (All)", path)
			return nil
		}
		f, err := parser.ParseFile(fset, path, nil, parser.SkipObjectResolution)
		if err != nil {
			return err
		}
		files++
		for _, imp := range f.Imports {
			p, _ := strconv.Unquote(imp.Path.Value)
			inCmd := strings.HasPrefix(filepath.ToSlash(path), "../cmd/")
			r := strings.TrimPrefix(strings.TrimPrefix(p, Module), "/")
			if strings.HasPrefix(p, Module+"/") && Classify(r) == GamePackage || r == registryPath && !inCmd {
				t.Errorf("%s imports %s: the kernel knows no game", path, p)
			}
		}
		ast.Inspect(f, func(n ast.Node) bool {
			switch x := n.(type) {
			case *ast.Ident:
				if speaks(x.Name) {
					t.Errorf("%s: identifier %s speaks of the flagship", fset.Position(x.Pos()), x.Name)
				}
			case *ast.BasicLit:
				if x.Kind == token.STRING && speaks(x.Value) {
					t.Errorf("%s: text %s speaks of the flagship", fset.Position(x.Pos()), x.Value)
				}
			}
			return true
		})
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if files < 20 {
		t.Fatalf("read only %d kernel files: is the walk wrong?", files)
	}
	for _, w := range []string{`"step campaign"`, "PrintMission", "ByKommandant", "on_mission_end", "missionEnd"} {
		if !speaks(w) {
			t.Errorf("the check misses %s", w)
		}
	}
	for _, w := range []string{"submission", "permissions", `"game"`, "Submission"} {
		if speaks(w) {
			t.Errorf("the check flags %s", w)
		}
	}
}
