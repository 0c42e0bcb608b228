package main

import (
	"go/ast"
	"go/format"
	"go/parser"
	"go/token"
	"path"
	"strconv"
	"strings"
)

// prune removes src's top-level declarations that use a removed name, then the imports nothing
// uses any more. keep is false when no function is left.
func prune(src []byte, removed map[string]bool) (out []byte, keep bool, err error) {
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "", src, parser.ParseComments)
	if err != nil {
		return nil, false, err
	}
	var cuts [][2]int
	span := func(from, to token.Pos) [2]int { return [2]int{fset.Position(from).Offset, fset.Position(to).Offset} }
	funcs := 0
	for _, d := range f.Decls {
		if !uses(d, removed) {
			if _, ok := d.(*ast.FuncDecl); ok {
				funcs++
			}
			continue
		}
		// A function keeps its statements that do not read a removed name (a test may check
		// a merge first and then something else).
		if fd, ok := d.(*ast.FuncDecl); ok && fd.Body != nil {
			if stmts := keptStatements(fd.Body.List, removed); len(stmts) > 0 {
				for _, s := range fd.Body.List {
					if !stmts[s] {
						c := span(s.Pos(), s.End())
						for c[1] < len(src) && strings.ContainsRune(" \t\n", rune(src[c[1]])) {
							c[1]++ // and the space up to the next statement
						}
						cuts = append(cuts, c)
					}
				}
				funcs++
				continue
			}
		}
		start := d.Pos()
		if doc := docOf(d); doc != nil {
			start = doc.Pos()
		}
		cuts = append(cuts, span(start, d.End()))
	}
	if len(cuts) == 0 {
		return src, true, nil
	}
	if funcs == 0 {
		return nil, false, nil
	}
	out = cut(src, cuts)
	// The imports the removed code alone used.
	f, err = parser.ParseFile(fset, "", out, parser.ParseComments)
	if err != nil {
		return nil, false, err
	}
	used := map[string]bool{}
	ast.Inspect(f, func(n ast.Node) bool {
		if sel, ok := n.(*ast.SelectorExpr); ok {
			if id, ok := sel.X.(*ast.Ident); ok {
				used[id.Name] = true
			}
		}
		return true
	})
	cuts = nil
	for _, imp := range f.Imports {
		p, _ := strconv.Unquote(imp.Path.Value)
		name := path.Base(p)
		if imp.Name != nil {
			name = imp.Name.Name
		}
		if !used[name] && name != "_" {
			cuts = append(cuts, [2]int{fset.Position(imp.Pos()).Offset, fset.Position(imp.End()).Offset})
		}
	}
	out, err = format.Source(cut(out, cuts))
	return out, true, err
}

// keptStatements is the set of body's statements that read no removed name, nor a local that a
// dropped statement declared.
func keptStatements(body []ast.Stmt, removed map[string]bool) map[ast.Stmt]bool {
	gone := map[string]bool{}
	for k := range removed {
		gone[k] = true
	}
	kept := map[ast.Stmt]bool{}
	for _, s := range body {
		if !uses(s, gone) {
			kept[s] = true
			continue
		}
		if a, ok := s.(*ast.AssignStmt); ok && a.Tok == token.DEFINE {
			for _, l := range a.Lhs {
				if id, ok := l.(*ast.Ident); ok {
					gone[id.Name] = true
				}
			}
		}
	}
	return kept
}

func uses(n ast.Node, removed map[string]bool) bool {
	found := false
	ast.Inspect(n, func(n ast.Node) bool {
		if id, ok := n.(*ast.Ident); ok && removed[id.Name] {
			found = true
		}
		return !found
	})
	return found
}

func docOf(d ast.Decl) *ast.CommentGroup {
	switch d := d.(type) {
	case *ast.FuncDecl:
		return d.Doc
	case *ast.GenDecl:
		return d.Doc
	}
	return nil
}

// cut removes the byte ranges (in order, not overlapping) from src.
func cut(src []byte, cuts [][2]int) []byte {
	var out []byte
	at := 0
	for _, c := range cuts {
		out = append(out, src[at:c[0]]...)
		at = c[1]
	}
	return append(out, src[at:]...)
}
