package games

import (
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/schnell-wargames/schnell/engine"
)

// Issue 28 item 2: every game declares its event types as typed constants
// (engine.EventType) that its Definition lists (Events), emits no other,
// and documents each in its log-format document.

// logDoc is the game's log-format document: docs/log-format-NAME.md, the
// default game's docs/log-format.md.
func logDoc(name string) string {
	if p := filepath.Join("..", "docs", "log-format-"+name+".md"); fileExists(p) {
		return p
	}
	return filepath.Join("..", "docs", "log-format.md")
}

func fileExists(p string) bool { _, err := os.Stat(p); return err == nil }

// documentedTypes reads the event types of a log-format document's tables
// ("| `vessel` / `removed` | …"), as repl/wordedtest.Documented does.
func documentedTypes(raw string) map[string]bool {
	out := map[string]bool{}
	for _, line := range strings.Split(raw, "\n") {
		if !strings.HasPrefix(line, "| `") {
			continue
		}
		cell := strings.SplitN(line, "|", 3)[1]
		for _, typ := range strings.FieldsFunc(cell, func(r rune) bool { return r == ',' || r == '/' }) {
			out[strings.Trim(strings.TrimSpace(typ), "`")] = true
		}
	}
	return out
}

// eventTypeNames are the names a file gives engine.EventType: the
// selector engine.EventType, and a type of the package's declared as it
// (type eventType = engine.EventType).
func eventTypeNames(files []*ast.File) (isType func(f *ast.File, e ast.Expr) bool) {
	local := map[string]bool{}
	sel := func(f *ast.File, e ast.Expr) bool {
		s, ok := e.(*ast.SelectorExpr)
		if !ok || s.Sel.Name != "EventType" {
			return false
		}
		x, ok := s.X.(*ast.Ident)
		return ok && x.Name == engineName(f)
	}
	for _, f := range files {
		for _, decl := range f.Decls {
			gd, ok := decl.(*ast.GenDecl)
			if !ok || gd.Tok != token.TYPE {
				continue
			}
			for _, spec := range gd.Specs {
				ts := spec.(*ast.TypeSpec)
				if ts.Assign.IsValid() && sel(f, ts.Type) {
					local[ts.Name.Name] = true
				}
			}
		}
	}
	return func(f *ast.File, e ast.Expr) bool {
		if id, ok := e.(*ast.Ident); ok {
			return local[id.Name]
		}
		return sel(f, e)
	}
}

// checkEvents finds what item 2 forbids: an event type emitted that is
// not a declared constant, a declared constant the Definition does not
// list (or one listed that is not declared), a declared type the
// log-format document does not document.
func checkEvents(fset *token.FileSet, files []*ast.File, listed []engine.EventType, documented map[string]bool) []string {
	var out []string
	at := func(n ast.Node, format string, args ...any) {
		out = append(out, fset.Position(n.Pos()).String()+": "+fmt.Sprintf(format, args...))
	}
	isType := eventTypeNames(files)
	declared := map[string]string{} // constant -> type
	var order []string
	for _, f := range files {
		for _, decl := range f.Decls {
			gd, ok := decl.(*ast.GenDecl)
			if !ok || gd.Tok != token.CONST {
				continue
			}
			for _, spec := range gd.Specs {
				vs := spec.(*ast.ValueSpec)
				if vs.Type == nil || !isType(f, vs.Type) {
					continue
				}
				for i, name := range vs.Names {
					if i >= len(vs.Values) {
						at(name, "event constant %s has no value of its own", name.Name)
						continue
					}
					lit, ok := vs.Values[i].(*ast.BasicLit)
					if !ok || lit.Kind != token.STRING {
						at(name, "event constant %s: its value is not a string literal", name.Name)
						continue
					}
					v, _ := strconv.Unquote(lit.Value)
					declared[name.Name] = v
					order = append(order, name.Name)
				}
			}
		}
	}
	// Every emit's type is a declared constant, or the event-typed
	// parameter of a function that hands it on (a game's emit wrapper).
	for _, f := range files {
		for _, decl := range f.Decls {
			fd, ok := decl.(*ast.FuncDecl)
			if !ok || fd.Body == nil {
				continue
			}
			params := map[string]bool{}
			for _, p := range fd.Type.Params.List {
				if isType(f, p.Type) {
					for _, n := range p.Names {
						params[n.Name] = true
					}
				}
			}
			// A local variable is as good as a constant when every value
			// the function gives it is a declared constant (typ :=
			// evCrewman; if … { typ = evReplacement }).
			consts, other := map[string]bool{}, map[string]bool{}
			ast.Inspect(fd.Body, func(n ast.Node) bool {
				as, ok := n.(*ast.AssignStmt)
				if !ok || len(as.Lhs) != len(as.Rhs) {
					return true
				}
				for i, l := range as.Lhs {
					id, ok := l.(*ast.Ident)
					if !ok {
						continue
					}
					if r, ok := as.Rhs[i].(*ast.Ident); ok && declared[r.Name] != "" {
						consts[id.Name] = true
					} else {
						other[id.Name] = true
					}
				}
				return true
			})
			for name := range consts {
				if !other[name] {
					params[name] = true
				}
			}
			ast.Inspect(fd.Body, func(n ast.Node) bool {
				call, ok := n.(*ast.CallExpr)
				if !ok || len(call.Args) == 0 {
					return true
				}
				name := ""
				switch fn := call.Fun.(type) {
				case *ast.SelectorExpr:
					name = fn.Sel.Name
				case *ast.Ident:
					name = fn.Name
				}
				if name != "Emit" && name != "emit" {
					return true
				}
				arg := call.Args[0]
				if conv, ok := arg.(*ast.CallExpr); ok && len(conv.Args) == 1 && isType(f, conv.Fun) {
					arg = conv.Args[0] // engine.EventType(t)
				}
				switch a := arg.(type) {
				case *ast.Ident:
					if _, ok := declared[a.Name]; ok || params[a.Name] {
						return true
					}
				case *ast.SelectorExpr:
					if _, ok := declared[a.Sel.Name]; ok {
						return true
					}
				}
				at(call, "emits an event type that is not a declared constant (engine.EventType): %s", exprText(arg))
				return true
			})
		}
	}
	values := map[string]bool{}
	for _, c := range order {
		values[declared[c]] = true
		if !slices.Contains(listed, engine.EventType(declared[c])) {
			out = append(out, fmt.Sprintf("event constant %s (%q) is not in the Definition's Events", c, declared[c]))
		}
		if !documented[declared[c]] {
			out = append(out, fmt.Sprintf("event type %q (%s) is not documented in the log-format document", declared[c], c))
		}
	}
	for _, e := range listed {
		if !values[string(e)] {
			out = append(out, fmt.Sprintf("the Definition's Events list %q, which is no declared constant", e))
		}
	}
	if len(order) == 0 {
		out = append(out, "no event type is declared (constants of engine.EventType)")
	}
	return out
}

func exprText(e ast.Expr) string {
	switch x := e.(type) {
	case *ast.BasicLit:
		return x.Value
	case *ast.Ident:
		return x.Name
	case *ast.SelectorExpr:
		return exprText(x.X) + "." + x.Sel.Name
	case *ast.CallExpr:
		return exprText(x.Fun) + "(…)"
	}
	return fmt.Sprintf("%T", e)
}

// For every registered game: each event type it emits is a constant it
// declares (engine.EventType), its Definition lists every one, and its
// log-format document documents every one.
func TestEventsDeclaredAndDocumented(t *testing.T) {
	for _, src := range sources(t) {
		t.Run(src.name, func(t *testing.T) {
			var g Game
			for _, x := range All {
				if x.Name == src.name {
					g = x
				}
			}
			def, err := g.Def()
			if err != nil {
				t.Fatal(err)
			}
			raw, err := os.ReadFile(logDoc(g.Name))
			if err != nil {
				t.Fatal(err)
			}
			found := checkEvents(src.fset, src.files, def.Events, documentedTypes(string(raw)))
			for _, f := range found {
				t.Error(f)
			}
		})
	}
}

// The check fails on a planted undeclared event, a declared one left out
// of the Definition or of the document, and a listed one not declared.
func TestEventsCheckFindsPlanted(t *testing.T) {
	const planted = `package planted

import "github.com/schnell-wargames/schnell/engine"

type evType = engine.EventType

const (
	evTurn engine.EventType = "turn"
	evEnd  evType           = "end"
	evGone engine.EventType = "gone"
)

func (r *rules) Play(c *engine.Ctx) {
	c.Emit(evTurn)
	c.Emit("planted")
	r.emit(evEnd)
	name := "turn"
	c.Emit(engine.EventType(name))
	typ := evTurn
	if true {
		typ = evEnd
	}
	c.Emit(typ)
}

func (r *rules) emit(t evType) { r.c.Emit(t) }
`
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "planted.go", planted, parser.SkipObjectResolution)
	if err != nil {
		t.Fatal(err)
	}
	got := checkEvents(fset, []*ast.File{f}, []engine.EventType{"turn", "end", "listed"}, map[string]bool{"turn": true, "gone": true})
	want := []string{
		`planted.go:15:2: emits an event type that is not a declared constant (engine.EventType): "planted"`,
		`planted.go:18:2: emits an event type that is not a declared constant (engine.EventType): name`,
		`event type "end" (evEnd) is not documented in the log-format document`,
		`event constant evGone ("gone") is not in the Definition's Events`,
		`the Definition's Events list "listed", which is no declared constant`,
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("found:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}
