//go:build !(js && wasm)

package i18n_test

import (
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"reflect"
	"strconv"
	"strings"
	"testing"

	"miskatonic/app/i18n"
	"miskatonic/engine"
	"miskatonic/engine/games"
)

// TestOutcomeReasonsWorded: every way a registered game can end has words. An outcome's Reason
// is a catalog key shown on the table and in the replay summary; a missing one shows raw
// ("⟨rituals.end.deck⟩"). The reasons are read from each game's engine package source: every
// string constant named Reason… and every literal given to an Outcome's Reason field.
func TestOutcomeReasonsWorded(t *testing.T) {
	rules := games.All()
	if hc, ok := games.Lookup("highcard"); ok {
		rules = append(rules, hc) // the template game too
	}
	for _, r := range rules {
		reasons := outcomeReasons(t, r)
		if len(reasons) == 0 {
			t.Errorf("%s: no outcome reason found in its engine package", r.Name())
		}
		for _, key := range reasons {
			if !i18n.Has(key) {
				t.Errorf("%s: outcome reason %q has no catalog entry", r.Name(), key)
			}
			for _, l := range i18n.Languages {
				if got := i18n.In(l, key); strings.HasPrefix(got, "⟨") {
					t.Errorf("%s: %s reads %q", r.Name(), l, got)
				}
			}
		}
	}
}

// outcomeReasons parses the engine package of r's rules for its outcome reasons.
func outcomeReasons(t *testing.T, r engine.Rules) []string {
	t.Helper()
	typ := reflect.TypeOf(r)
	if typ.Kind() == reflect.Pointer {
		typ = typ.Elem()
	}
	rel, ok := strings.CutPrefix(typ.PkgPath(), "miskatonic/")
	if !ok {
		t.Fatalf("%s: package %q outside the module", r.Name(), typ.PkgPath())
	}
	dir := filepath.Join("..", "..", filepath.FromSlash(rel))
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	fset := token.NewFileSet()
	for _, e := range entries {
		if !strings.HasSuffix(e.Name(), ".go") || strings.HasSuffix(e.Name(), "_test.go") {
			continue
		}
		f, err := parser.ParseFile(fset, filepath.Join(dir, e.Name()), nil, 0)
		if err != nil {
			t.Fatal(err)
		}
		ast.Inspect(f, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.ValueSpec:
				for i, name := range n.Names {
					if strings.HasPrefix(name.Name, "Reason") && i < len(n.Values) {
						out = appendLit(out, n.Values[i])
					}
				}
			case *ast.KeyValueExpr:
				if k, ok := n.Key.(*ast.Ident); ok && k.Name == "Reason" {
					out = appendLit(out, n.Value)
				}
			}
			return true
		})
	}
	return out
}

func appendLit(out []string, e ast.Expr) []string {
	if lit, ok := e.(*ast.BasicLit); ok && lit.Kind == token.STRING {
		if s, err := strconv.Unquote(lit.Value); err == nil {
			out = append(out, s)
		}
	}
	return out
}
