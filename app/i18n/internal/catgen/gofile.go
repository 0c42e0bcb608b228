package main

import (
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"

	"miskatonic/app/i18n/internal/words"
)

// goCatalog is one convertible Go file: its messages and the top-level names it declared.
type goCatalog struct {
	name   string
	msgs   []msg
	idents []string
}

type msg struct {
	words.Entry
	lang string
}

// readGoCatalogs reads every Go file of dir that is only catalog: map[string]string and
// map[Lang]map[string]string literals (in vars or in functions returning one), []string clash
// lists and init. Other files are left alone.
func readGoCatalogs(dir string) ([]goCatalog, error) {
	names, err := filepath.Glob(filepath.Join(dir, "*.go"))
	if err != nil {
		return nil, err
	}
	sort.Strings(names)
	var out []goCatalog
	for _, name := range names {
		if strings.HasSuffix(name, "_test.go") {
			continue
		}
		fset := token.NewFileSet()
		f, err := parser.ParseFile(fset, name, nil, parser.ParseComments)
		if err != nil {
			return nil, err
		}
		c, ok, err := catalogOf(fset, f, filepath.Base(name))
		if err != nil {
			return nil, fmt.Errorf("%s: %w", name, err)
		}
		if ok {
			out = append(out, c)
		}
	}
	return out, nil
}

// literal is one map literal found in a declaration, with the name that declares it.
type literal struct {
	lit  *ast.CompositeLit
	name string
}

func catalogOf(fset *token.FileSet, f *ast.File, file string) (goCatalog, bool, error) {
	c := goCatalog{name: file}
	var lits []literal
	for _, d := range f.Decls {
		switch d := d.(type) {
		case *ast.FuncDecl:
			if d.Name.Name == "init" && d.Recv == nil {
				continue
			}
			lit := returnedMap(d)
			if lit == nil {
				return c, false, nil
			}
			lits = append(lits, literal{lit, d.Name.Name})
			c.idents = append(c.idents, d.Name.Name)
		case *ast.GenDecl:
			if d.Tok != token.VAR {
				return c, false, nil
			}
			for _, s := range d.Specs {
				vs := s.(*ast.ValueSpec)
				if len(vs.Values) == 0 && typeString(vs.Type) == "[]string" {
					c.idents = append(c.idents, idents(vs.Names)...)
					continue
				}
				if len(vs.Values) != len(vs.Names) {
					return c, false, nil
				}
				for i, v := range vs.Values {
					lit, ok := v.(*ast.CompositeLit)
					if !ok || !isCatalogType(lit.Type) {
						return c, false, nil
					}
					lits = append(lits, literal{lit, vs.Names[i].Name})
				}
				c.idents = append(c.idents, idents(vs.Names)...)
			}
		}
	}
	if len(lits) == 0 {
		return c, false, nil
	}
	for _, l := range lits {
		if err := c.collect(fset, f, l.lit, langOf(l.name, file)); err != nil {
			return c, false, err
		}
	}
	return c, true, nil
}

// collect adds a literal's messages; a map[Lang] literal's inner maps take their key's language.
func (c *goCatalog) collect(fset *token.FileSet, f *ast.File, lit *ast.CompositeLit, lang string) error {
	if lit.Type != nil && typeString(lit.Type) != "map[string]string" {
		for _, e := range lit.Elts {
			kv := e.(*ast.KeyValueExpr)
			inner, ok := kv.Value.(*ast.CompositeLit)
			l := map[string]string{"English": "en", "Japanese": "ja", "French": "fr"}[typeString(kv.Key)]
			if !ok || l == "" {
				return fmt.Errorf("line %d: want English, Japanese or French: {…}", fset.Position(kv.Pos()).Line)
			}
			if err := c.collect(fset, f, inner, l); err != nil {
				return err
			}
		}
		return nil
	}
	if lang == "" {
		return fmt.Errorf("line %d: no language (name the map en…, ja… or fr…)", fset.Position(lit.Pos()).Line)
	}
	comments := commentsOf(fset, f, lit)
	for i, e := range lit.Elts {
		kv, ok := e.(*ast.KeyValueExpr)
		if !ok {
			return fmt.Errorf("line %d: not key: value", fset.Position(e.Pos()).Line)
		}
		k, err1 := constString(kv.Key)
		v, err2 := constString(kv.Value)
		if err1 != nil || err2 != nil {
			return fmt.Errorf("line %d: key and text must be string literals", fset.Position(e.Pos()).Line)
		}
		c.msgs = append(c.msgs, msg{words.Entry{Comment: comments[i], Key: k, Text: v}, lang})
	}
	return nil
}

// commentsOf gives each element of lit the comment lines above it, and its own line's trailing
// comment (a data file has only comments above a message).
func commentsOf(fset *token.FileSet, f *ast.File, lit *ast.CompositeLit) [][]string {
	out := make([][]string, len(lit.Elts))
	line := func(p token.Pos) int { return fset.Position(p).Line }
	for _, cg := range f.Comments {
		if cg.Pos() < lit.Lbrace || cg.End() > lit.Rbrace || len(lit.Elts) == 0 {
			continue
		}
		i := sort.Search(len(lit.Elts), func(i int) bool { return lit.Elts[i].Pos() > cg.Pos() })
		if i > 0 && line(lit.Elts[i-1].End()) == line(cg.Pos()) {
			i--
		} else if i == len(lit.Elts) {
			continue // after the last message: nothing to say it about
		}
		text := strings.TrimRight(cg.Text(), "\n")
		out[i] = append(out[i], strings.Split(text, "\n")...)
	}
	return out
}

func returnedMap(d *ast.FuncDecl) *ast.CompositeLit {
	if d.Recv != nil || d.Type.Params.NumFields() != 0 || d.Type.Results.NumFields() != 1 ||
		typeString(d.Type.Results.List[0].Type) != "map[string]string" || len(d.Body.List) != 1 {
		return nil
	}
	ret, ok := d.Body.List[0].(*ast.ReturnStmt)
	if !ok || len(ret.Results) != 1 {
		return nil
	}
	lit, ok := ret.Results[0].(*ast.CompositeLit)
	if !ok || typeString(lit.Type) != "map[string]string" {
		return nil
	}
	return lit
}

func isCatalogType(e ast.Expr) bool {
	t := typeString(e)
	return t == "map[string]string" || t == "map[Lang]map[string]string"
}

// typeString prints the few type and identifier forms a catalog file uses.
func typeString(e ast.Expr) string {
	switch e := e.(type) {
	case *ast.Ident:
		return e.Name
	case *ast.ArrayType:
		if e.Len == nil {
			return "[]" + typeString(e.Elt)
		}
	case *ast.MapType:
		return "map[" + typeString(e.Key) + "]" + typeString(e.Value)
	}
	return fmt.Sprintf("%T", e)
}

func constString(e ast.Expr) (string, error) {
	switch e := e.(type) {
	case *ast.BasicLit:
		if e.Kind == token.STRING {
			return strconv.Unquote(e.Value)
		}
	case *ast.BinaryExpr:
		if e.Op == token.ADD {
			a, err := constString(e.X)
			if err != nil {
				return "", err
			}
			b, err := constString(e.Y)
			return a + b, err
		}
	case *ast.ParenExpr:
		return constString(e.X)
	}
	return "", fmt.Errorf("not a constant string")
}

// langOf reads a language from a declaration's name (enWire16, frMain) or else the file's
// (en.go, fr_wire16.go).
func langOf(name, file string) string {
	for _, l := range langs {
		if rest, ok := strings.CutPrefix(name, l); ok && (rest == "" || rest[0] >= 'A' && rest[0] <= 'Z') {
			return l
		}
	}
	for _, l := range langs {
		if file == l+".go" || strings.HasPrefix(file, l+"_") {
			return l
		}
	}
	return ""
}

func idents(ids []*ast.Ident) []string {
	var out []string
	for _, id := range ids {
		out = append(out, id.Name)
	}
	return out
}

// pruneTests drops from dir's tests every declaration that reads a removed name (the merge
// checks of the converted files; Problems and TestCatalogData check every catalog now), and
// deletes a test file left with no function.
func pruneTests(dir string, removed map[string]bool) error {
	names, _ := filepath.Glob(filepath.Join(dir, "*_test.go"))
	for _, name := range names {
		src, err := os.ReadFile(name)
		if err != nil {
			return err
		}
		out, keep, err := prune(src, removed)
		if err != nil {
			return fmt.Errorf("%s: %w", name, err)
		}
		switch {
		case !keep:
			err = os.Remove(name)
		case string(out) != string(src):
			err = os.WriteFile(name, out, 0o644)
		}
		if err != nil {
			return err
		}
	}
	return nil
}
