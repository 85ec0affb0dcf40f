package scripting

import (
	"bytes"
	"strings"

	lua "github.com/schnell-wargames/schnell/third_party/gopher-lua"
	"github.com/schnell-wargames/schnell/third_party/gopher-lua/ast"
	"github.com/schnell-wargames/schnell/third_party/gopher-lua/parse"
)

// gopher-lua's `..` is one VM instruction with no bound: `s..s..s` of
// 250 operands builds 250 MiB from a 1 MiB string, and the next such line
// 60 GiB, before the deadline can act between instructions. So a script
// is compiled with every `..` chain made a call to catName, a local of
// the main chunk (the chunk's `...`) that no script can name or change,
// bound to the host's concat, which measures the result first.

// catName is not a Lua identifier: scripts cannot refer to it.
const catName = "(concat)"

// compileChunk parses and compiles a script with its `..` rewritten.
func compileChunk(src []byte, name string) (*lua.FunctionProto, error) {
	chunk, err := parse.Parse(bytes.NewReader(src), name)
	if err != nil {
		return nil, err
	}
	rewriteStmts(chunk)
	decl := &ast.LocalAssignStmt{Names: []string{catName}, Exprs: []ast.Expr{&ast.Comma3Expr{}}}
	return lua.Compile(append([]ast.Stmt{decl}, chunk...), name)
}

func rewriteStmts(ss []ast.Stmt) {
	for _, s := range ss {
		rewriteStmt(s)
	}
}

func rewriteExprs(es []ast.Expr) {
	for i := range es {
		es[i] = rewrite(es[i])
	}
}

func rewriteStmt(s ast.Stmt) {
	switch s := s.(type) {
	case *ast.AssignStmt:
		rewriteExprs(s.Lhs)
		rewriteExprs(s.Rhs)
	case *ast.LocalAssignStmt:
		rewriteExprs(s.Exprs)
	case *ast.FuncCallStmt:
		s.Expr = rewrite(s.Expr)
	case *ast.DoBlockStmt:
		rewriteStmts(s.Stmts)
	case *ast.WhileStmt:
		s.Condition = rewrite(s.Condition)
		rewriteStmts(s.Stmts)
	case *ast.RepeatStmt:
		s.Condition = rewrite(s.Condition)
		rewriteStmts(s.Stmts)
	case *ast.IfStmt:
		s.Condition = rewrite(s.Condition)
		rewriteStmts(s.Then)
		rewriteStmts(s.Else)
	case *ast.NumberForStmt:
		s.Init, s.Limit = rewrite(s.Init), rewrite(s.Limit)
		if s.Step != nil {
			s.Step = rewrite(s.Step)
		}
		rewriteStmts(s.Stmts)
	case *ast.GenericForStmt:
		rewriteExprs(s.Exprs)
		rewriteStmts(s.Stmts)
	case *ast.FuncDefStmt:
		if s.Name != nil {
			s.Name.Func = rewrite(s.Name.Func)
			s.Name.Receiver = rewrite(s.Name.Receiver)
		}
		rewriteStmts(s.Func.Stmts)
	case *ast.ReturnStmt:
		rewriteExprs(s.Exprs)
	}
}

// rewrite returns e with every concatenation chain made one call.
func rewrite(e ast.Expr) ast.Expr {
	switch x := e.(type) {
	case nil:
		return nil
	case *ast.StringConcatOpExpr:
		var args []ast.Expr
		var flat func(ast.Expr)
		flat = func(e ast.Expr) {
			if c, ok := e.(*ast.StringConcatOpExpr); ok {
				flat(c.Lhs)
				flat(c.Rhs)
				return
			}
			args = append(args, rewrite(e))
		}
		flat(x)
		fn := &ast.IdentExpr{Value: catName}
		fn.SetLine(x.Line())
		fn.SetLastLine(x.LastLine())
		call := &ast.FuncCallExpr{Func: fn, Args: args}
		call.SetLine(x.Line())
		call.SetLastLine(x.LastLine())
		return call
	case *ast.AttrGetExpr:
		x.Object, x.Key = rewrite(x.Object), rewrite(x.Key)
	case *ast.TableExpr:
		for _, f := range x.Fields {
			f.Key, f.Value = rewrite(f.Key), rewrite(f.Value)
		}
	case *ast.FuncCallExpr:
		x.Func, x.Receiver = rewrite(x.Func), rewrite(x.Receiver)
		rewriteExprs(x.Args)
	case *ast.LogicalOpExpr:
		x.Lhs, x.Rhs = rewrite(x.Lhs), rewrite(x.Rhs)
	case *ast.RelationalOpExpr:
		x.Lhs, x.Rhs = rewrite(x.Lhs), rewrite(x.Rhs)
	case *ast.ArithmeticOpExpr:
		x.Lhs, x.Rhs = rewrite(x.Lhs), rewrite(x.Rhs)
	case *ast.UnaryMinusOpExpr:
		x.Expr = rewrite(x.Expr)
	case *ast.UnaryNotOpExpr:
		x.Expr = rewrite(x.Expr)
	case *ast.UnaryLenOpExpr:
		x.Expr = rewrite(x.Expr)
	case *ast.FunctionExpr:
		rewriteStmts(x.Stmts)
	}
	return e
}

// concat is `a .. b .. …`: strings and numbers are joined once their
// total is known to fit maxString; other operands go through __concat,
// right to left, as Lua does.
func (h *Host) concat(L *lua.LState) int {
	n := L.GetTop()
	rhs := L.Get(n)
	for i := n - 1; i >= 1; {
		lhs := L.Get(i)
		if lua.LVCanConvToString(lhs) && lua.LVCanConvToString(rhs) {
			// Join the run of strings and numbers that ends here.
			j := i
			for j > 1 && lua.LVCanConvToString(L.Get(j-1)) {
				j--
			}
			total := len(lua.LVAsString(rhs))
			for k := j; k <= i; k++ {
				total += len(lua.LVAsString(L.Get(k)))
				if total > maxString {
					L.RaiseError("string concatenation: the result would exceed %d bytes", maxString)
				}
			}
			var b strings.Builder
			b.Grow(total)
			for k := j; k <= i; k++ {
				b.WriteString(lua.LVAsString(L.Get(k)))
			}
			b.WriteString(lua.LVAsString(rhs))
			rhs = lua.LString(b.String())
			h.charge(total)
			i = j - 1
			continue
		}
		mm := L.GetMetaField(lhs, "__concat")
		if mm == lua.LNil {
			mm = L.GetMetaField(rhs, "__concat")
		}
		if mm == lua.LNil {
			bad := lhs
			if lua.LVCanConvToString(lhs) {
				bad = rhs
			}
			L.RaiseError("attempt to concatenate a %s value", bad.Type())
		}
		L.Push(mm)
		L.Push(lhs)
		L.Push(rhs)
		L.Call(2, 1)
		rhs = L.Get(-1)
		L.Pop(1)
		i--
	}
	L.Push(rhs)
	return 1
}
