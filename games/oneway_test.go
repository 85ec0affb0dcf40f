package games

import (
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// Issue 28's checks over the source of every registered game, in the
// manner of go vet: what the compiler cannot refuse, read from the AST of
// each game package's files (its tests excepted).

// gameSource is one game's parsed package: its non-test files, and the
// lines of each.
type gameSource struct {
	name  string
	fset  *token.FileSet
	files []*ast.File
	lines map[string]int
}

// sources parses every registered game's package (and those under it).
func sources(t *testing.T) []gameSource {
	t.Helper()
	var out []gameSource
	for _, g := range All {
		src := gameSource{name: g.Name, fset: token.NewFileSet(), lines: map[string]int{}}
		dir := filepath.Join("..", filepath.FromSlash(g.Dir()))
		err := filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
			if err != nil {
				return err
			}
			if d.IsDir() && (d.Name() == "testdata" || strings.HasPrefix(d.Name(), ".")) {
				return filepath.SkipDir
			}
			if d.IsDir() || !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
				return nil
			}
			f, err := parser.ParseFile(src.fset, path, nil, parser.SkipObjectResolution)
			if err != nil {
				return err
			}
			src.files = append(src.files, f)
			src.lines[path] = src.fset.File(f.Pos()).LineCount()
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
		if len(src.files) == 0 {
			t.Fatalf("%s: no Go files in %s", g.Name, dir)
		}
		out = append(out, src)
	}
	return out
}

// engineName is the name f imports the kernel's engine package by ("" if
// it does not).
func engineName(f *ast.File) string {
	for _, imp := range f.Imports {
		if p, _ := strconv.Unquote(imp.Path.Value); p == Module+"/engine" {
			if imp.Name != nil {
				return imp.Name.Name
			}
			return "engine"
		}
	}
	return ""
}

// oneWayToAsk finds what issue 28 item 1 forbids a game: a decision built
// but by Ctx.Ask (an engine.Decision literal, new(engine.Decision), or a
// Decision held by value, whose only use is to be refilled), and a
// `refused` event (a refused answer is the prompt's message and the
// script's error, never a log event).
func oneWayToAsk(fset *token.FileSet, files []*ast.File) []string {
	var out []string
	at := func(n ast.Node, format string, args ...any) {
		out = append(out, fset.Position(n.Pos()).String()+": "+fmt.Sprintf(format, args...))
	}
	// The package's constants whose value is "refused".
	refusedConst := map[string]bool{}
	for _, f := range files {
		for _, decl := range f.Decls {
			gd, ok := decl.(*ast.GenDecl)
			if !ok || gd.Tok != token.CONST {
				continue
			}
			for _, spec := range gd.Specs {
				vs := spec.(*ast.ValueSpec)
				for i, v := range vs.Values {
					if lit, ok := v.(*ast.BasicLit); ok && lit.Value == `"refused"` && i < len(vs.Names) {
						refusedConst[vs.Names[i].Name] = true
					}
				}
			}
		}
	}
	for _, f := range files {
		eng := engineName(f)
		isDecision := func(e ast.Expr) bool {
			sel, ok := e.(*ast.SelectorExpr)
			if !ok || sel.Sel.Name != "Decision" {
				return false
			}
			x, ok := sel.X.(*ast.Ident)
			return ok && eng != "" && x.Name == eng
		}
		var stack []ast.Node
		ast.Inspect(f, func(n ast.Node) bool {
			if n == nil {
				stack = stack[:len(stack)-1]
				return true
			}
			var parent ast.Node
			if len(stack) > 0 {
				parent = stack[len(stack)-1]
			}
			stack = append(stack, n)
			switch x := n.(type) {
			case *ast.CompositeLit:
				if isDecision(x.Type) {
					at(x, "an %s.Decision literal: start every decision with Ctx.Ask", eng)
				}
			case *ast.CallExpr:
				if id, ok := x.Fun.(*ast.Ident); ok && id.Name == "new" && len(x.Args) == 1 && isDecision(x.Args[0]) {
					at(x, "new(%s.Decision): start every decision with Ctx.Ask", eng)
				}
				if emitsRefused(x, refusedConst) {
					at(x, "a `refused` event: a refused answer is the prompt's message and the script's error (Option.Check, Decision.Refuse), never logged")
				}
			case *ast.SelectorExpr:
				if !isDecision(x) {
					break
				}
				switch p := parent.(type) {
				case *ast.StarExpr: // *engine.Decision: what Ctx.Ask returns
				case *ast.CompositeLit, *ast.CallExpr: // reported above
					if cl, ok := p.(*ast.CompositeLit); ok && cl.Type != x {
						at(x, "an %s.Decision held by value: start every decision with Ctx.Ask", eng)
					}
					if ce, ok := p.(*ast.CallExpr); ok && ce.Fun == x {
						at(x, "a conversion to %s.Decision: start every decision with Ctx.Ask", eng)
					}
				default:
					at(x, "an %s.Decision held by value: start every decision with Ctx.Ask", eng)
				}
			}
			return true
		})
	}
	return out
}

// emitsRefused reports whether call is Emit or emit (a game's wrapper)
// of a "refused" event.
func emitsRefused(call *ast.CallExpr, refusedConst map[string]bool) bool {
	name := ""
	switch fn := call.Fun.(type) {
	case *ast.SelectorExpr:
		name = fn.Sel.Name
	case *ast.Ident:
		name = fn.Name
	}
	if !strings.EqualFold(name, "emit") || len(call.Args) == 0 {
		return false
	}
	arg := call.Args[0]
	if c, ok := arg.(*ast.CallExpr); ok && len(c.Args) == 1 { // string(evRefused), EventType("refused")
		arg = c.Args[0]
	}
	switch a := arg.(type) {
	case *ast.BasicLit:
		return a.Value == `"refused"`
	case *ast.Ident:
		return refusedConst[a.Name]
	case *ast.SelectorExpr:
		return refusedConst[a.Sel.Name]
	}
	return false
}

// Issue 28's "Done when", item 1: no game package builds an
// engine.Decision but by Ctx.Ask, nor logs a `refused` event.
func TestOneWayToAsk(t *testing.T) {
	for _, src := range sources(t) {
		t.Run(src.name, func(t *testing.T) {
			for _, msg := range oneWayToAsk(src.fset, src.files) {
				t.Error(msg)
			}
		})
	}
}

// The check finds each way a game might still build or refuse its own
// way (the test fails on planted ones).
func TestOneWayToAskFindsPlanted(t *testing.T) {
	const planted = `package planted

import (
	eng "github.com/schnell-wargames/schnell/engine"
	"github.com/schnell-wargames/schnell/gamelog"
)

const evRefused = "refused"

type rules struct {
	order eng.Decision  // held by value, to be refilled
	asked *eng.Decision // fine: what Ctx.Ask returns
}

func (r *rules) Play(c *eng.Ctx) {
	d := &eng.Decision{Kind: "go_on"}
	e := new(eng.Decision)
	var f eng.Decision
	c.Emit("refused", gamelog.Str("why", "no"))
	c.Emit(evRefused)
	r.emit(evRefused)
	c.Emit("turn")
	_, _, _ = d, e, f
	g := c.Ask("fine")
	_ = g
}

func (r *rules) emit(t string) {}
`
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "planted.go", planted, parser.SkipObjectResolution)
	if err != nil {
		t.Fatal(err)
	}
	got := oneWayToAsk(fset, []*ast.File{f})
	want := []string{
		"planted.go:11:8: an eng.Decision held by value",
		"planted.go:16:8: an eng.Decision literal",
		"planted.go:17:7: new(eng.Decision)",
		"planted.go:18:8: an eng.Decision held by value",
		"planted.go:19:2: a `refused` event",
		"planted.go:20:2: a `refused` event",
		"planted.go:21:2: a `refused` event",
	}
	if len(got) != len(want) {
		t.Fatalf("found %d, want %d:\n%s", len(got), len(want), strings.Join(got, "\n"))
	}
	for i := range want {
		if !strings.HasPrefix(got[i], want[i]) {
			t.Errorf("finding %d: %s\nwant %s…", i, got[i], want[i])
		}
	}
}

// Issue 28's "Done when": in every game package no type has more than
// maxMethods methods and no file (its tests excepted) more than maxLines
// lines. A game still over either bound is listed in oversize with the
// reason; a listed game that keeps both fails the test (take it off).
const (
	maxMethods = 60
	maxLines   = 700
)

var oversize = map[string]string{}

// sizes lists what in a game's package is over the bounds.
func sizes(src gameSource) []string {
	var out []string
	for path, n := range src.lines {
		if n > maxLines {
			out = append(out, fmt.Sprintf("%s: %d lines (at most %d)", path, n, maxLines))
		}
	}
	methods := map[string]int{}
	for _, f := range src.files {
		for _, decl := range f.Decls {
			fd, ok := decl.(*ast.FuncDecl)
			if !ok || fd.Recv == nil || len(fd.Recv.List) == 0 {
				continue
			}
			typ := fd.Recv.List[0].Type
			if s, ok := typ.(*ast.StarExpr); ok {
				typ = s.X
			}
			if ix, ok := typ.(*ast.IndexExpr); ok {
				typ = ix.X
			}
			if id, ok := typ.(*ast.Ident); ok {
				methods[id.Name]++
			}
		}
	}
	for typ, n := range methods {
		if n > maxMethods {
			out = append(out, fmt.Sprintf("type %s: %d methods (at most %d)", typ, n, maxMethods))
		}
	}
	slices.Sort(out)
	return out
}

func TestGameSizes(t *testing.T) {
	for _, src := range sources(t) {
		t.Run(src.name, func(t *testing.T) {
			over := sizes(src)
			why, listed := oversize[src.name]
			switch {
			case listed && len(over) == 0:
				t.Errorf("%s keeps to the bounds now: take it off the oversize list", src.name)
			case listed:
				t.Logf("over the bounds (%s):\n%s", why, strings.Join(over, "\n"))
			default:
				for _, o := range over {
					t.Error(o)
				}
			}
		})
	}
}

// namedFacts finds what issue 28 item 2 replaces: facts served by number
// (a Facts method, tables.FactFunc, Schema.FactIndex) and effects read by
// number (Outcome.Int(0), Row.Has(effX) over index constants, or
// Schema.EffectIndex), where a game binds its facts by name
// (tables.Bind) and reads effects by name (Value, Sets).
func namedFacts(fset *token.FileSet, files []*ast.File) []string {
	var out []string
	at := func(n ast.Node, format string, args ...any) {
		out = append(out, fset.Position(n.Pos()).String()+": "+fmt.Sprintf(format, args...))
	}
	// The package's integer constants (iota blocks of indices, numbers).
	intConst := map[string]bool{}
	for _, f := range files {
		for _, decl := range f.Decls {
			gd, ok := decl.(*ast.GenDecl)
			if !ok || gd.Tok != token.CONST {
				continue
			}
			inInts := false
			for _, spec := range gd.Specs {
				vs := spec.(*ast.ValueSpec)
				if len(vs.Values) > 0 {
					inInts = vs.Type == nil && isIntExpr(vs.Values[0])
				}
				if vs.Type == nil && inInts {
					for _, n := range vs.Names {
						intConst[n.Name] = true
					}
				}
			}
		}
	}
	for _, f := range files {
		ast.Inspect(f, func(n ast.Node) bool {
			switch x := n.(type) {
			case *ast.FuncDecl:
				if x.Recv != nil && x.Name.Name == "Fact" && x.Type.Params.NumFields() == 1 {
					at(x, "a Fact(i int) method serves facts by number: bind them by name (tables.Bind)")
				}
			case *ast.SelectorExpr:
				switch x.Sel.Name {
				case "FactFunc", "FactIndex", "EffectIndex":
					at(x, "%s numbers the schema's facts or effects: bind facts by name (tables.Bind), read effects by name (Value, Sets)", x.Sel.Name)
				}
			case *ast.CallExpr:
				sel, ok := x.Fun.(*ast.SelectorExpr)
				if !ok || (sel.Sel.Name != "Int" && sel.Sel.Name != "Has") || len(x.Args) == 0 || len(x.Args) > 2 {
					break
				}
				switch a := x.Args[0].(type) {
				case *ast.BasicLit:
					if a.Kind == token.INT {
						at(x, "an effect read by number (%s(%s)): read it by name (Value, Sets)", sel.Sel.Name, a.Value)
					}
				case *ast.Ident:
					if intConst[a.Name] {
						at(x, "an effect read by number (%s(%s)): read it by name (Value, Sets)", sel.Sel.Name, a.Name)
					}
				}
			}
			return true
		})
	}
	return out
}

// isIntExpr reports whether a constant's value is a number or iota.
func isIntExpr(e ast.Expr) bool {
	switch x := e.(type) {
	case *ast.BasicLit:
		return x.Kind == token.INT
	case *ast.Ident:
		return x.Name == "iota"
	case *ast.BinaryExpr:
		return isIntExpr(x.X) || isIntExpr(x.Y)
	case *ast.ParenExpr:
		return isIntExpr(x.X)
	}
	return false
}

// factsPending are the games that still number their facts or effects:
// each is converted by its engineer (board); one that passes fails the
// test until it is taken off.
var factsPending = map[string]string{}

// Issue 28 item 2: every game binds its facts by name and reads effects
// by name.
func TestNamedFacts(t *testing.T) {
	for _, src := range sources(t) {
		t.Run(src.name, func(t *testing.T) {
			found := namedFacts(src.fset, src.files)
			why, pending := factsPending[src.name]
			switch {
			case pending && len(found) == 0:
				t.Errorf("%s reads its facts and effects by name now: take it off factsPending", src.name)
			case pending:
				t.Logf("pending (%s): %d findings, the first: %s", why, len(found), found[0])
			default:
				for _, f := range found {
					t.Error(f)
				}
			}
		})
	}
}

// The check finds facts and effects by number (planted).
func TestNamedFactsFindsPlanted(t *testing.T) {
	const planted = `package planted

const (
	effHits = iota
	effDays
)

func (f *facts) Fact(i int) int { return 0 }

func roll(c *engine.Ctx, s *tables.Schema) {
	o := c.Roll("T", nil)
	a, _ := o.Int(0)
	b, _ := o.Int(effDays)
	_ = o.Has(effHits)
	_ = tables.FactFunc(nil)
	_ = s.EffectIndex("hits")
	v, _ := o.Value("hits")
	_ = e.Int("n")
	_ = rec.Int(name)
}
`
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "planted.go", planted, parser.SkipObjectResolution)
	if err != nil {
		t.Fatal(err)
	}
	got := namedFacts(fset, []*ast.File{f})
	want := []string{"planted.go:8:1: a Fact", "planted.go:12:10: an effect read by number (Int(0))", "planted.go:13:10: an effect read by number (Int(effDays))",
		"planted.go:14:6: an effect read by number (Has(effHits))", "planted.go:15:6: FactFunc", "planted.go:16:6: EffectIndex"}
	if len(got) != len(want) {
		t.Fatalf("found:\n%s", strings.Join(got, "\n"))
	}
	for i := range want {
		if !strings.HasPrefix(got[i], want[i]) {
			t.Errorf("finding %d: %s, want %s…", i, got[i], want[i])
		}
	}
}
