package uiloop

import (
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"path/filepath"
	"strings"
	"testing"
)

// TestNoGoAppAsync: no page of the app starts a goroutine through go-app's ctx.Async or
// ctx.After. Now makes go-app draw through Consume, which first waits for every such goroutine
// to end: one of them (a network call, a one-second countdown) would freeze the page that long.
func TestNoGoAppAsync(t *testing.T) {
	root := filepath.Join("..", "..") // app/
	fset := token.NewFileSet()
	files := 0
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && (d.Name() == "e2e" || d.Name() == "testdata") {
			return filepath.SkipDir
		}
		if d.IsDir() || !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
			return nil
		}
		f, err := parser.ParseFile(fset, path, nil, 0)
		if err != nil {
			return err
		}
		files++
		if !importsGoApp(f) {
			return nil // ctx.Async and ctx.After are go-app's
		}
		ast.Inspect(f, func(n ast.Node) bool {
			call, ok := n.(*ast.CallExpr)
			if !ok {
				return true
			}
			sel, ok := call.Fun.(*ast.SelectorExpr)
			if !ok || (sel.Sel.Name != "Async" && sel.Sel.Name != "After") {
				return true
			}
			recv := exprString(sel.X)
			if sel.Sel.Name == "After" && !strings.Contains(strings.ToLower(recv), "ctx") {
				return true // time.After, a time.Time's After: not go-app's
			}
			t.Errorf("%s: %s.%s: use uiloop.Go / uiloop.After (go-app counts its own, and Now would wait for them)",
				fset.Position(call.Pos()), recv, sel.Sel.Name)
			return true
		})
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if files < 50 {
		t.Fatalf("walked only %d files of app/: wrong root?", files)
	}
}

func importsGoApp(f *ast.File) bool {
	for _, im := range f.Imports {
		if im.Path.Value == `"github.com/maxence-charriere/go-app/v9/pkg/app"` {
			return true
		}
	}
	return false
}

func exprString(e ast.Expr) string {
	switch e := e.(type) {
	case *ast.Ident:
		return e.Name
	case *ast.SelectorExpr:
		return exprString(e.X) + "." + e.Sel.Name
	}
	return "…"
}
