package ui

import (
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"path"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/maxence-charriere/go-app/v9/pkg/app"

	"miskatonic/app/ui/appupdate"
	"miskatonic/app/ui/arkhamboard"
	"miskatonic/app/ui/board"
	"miskatonic/app/ui/doc"
	"miskatonic/app/ui/lang"
	"miskatonic/app/ui/ritualsboard"
	"miskatonic/app/ui/shadowsboard"
)

// components are every go-app component of app/ui and the boards below it
// (TestEveryComponentIsChecked keeps the list whole).
var components = []app.Composer{
	&GameScreen{}, &Lobby{}, &HostCode{}, &CodeJoin{}, &Resume{}, &NewTable{}, &Join{}, &Replay{},
	&Home{}, &AwayBanner{}, &NotFound{}, &historyPanel{}, &historyRoundView{}, &Solo{}, &rehearsalScreen{},
	&lang.Switch{}, &appupdate.Notice{}, &doc.Article{}, &board.Part{},
	&arkhamboard.Table{}, &ritualsboard.Table{}, &shadowsboard.Table{}, &shadowsboard.Ours{},
}

// mayDiffer are the exported fields allowed to hold what never compares equal, and why.
var mayDiffer = map[string]string{
	// A page, never drawn by a parent: go-app updates the mounted Article in place when another
	// rules page is navigated to, and copies only exported fields.
	"doc.Article.Sections": "a page's own", "doc.Article.Onward": "a page's own",
	// The lobby is drawn before a game only; its Extra is a new tree on every drawing anyway.
	"ui.Lobby.OnAddBot": "lobby", "ui.Lobby.OnRemove": "lobby", "ui.Lobby.OnOption": "lobby",
	"ui.Lobby.OnStart": "lobby", "ui.Lobby.Extra": "lobby",
	// The page's one session: the same pointer on every drawing, equal by address.
	"ui.GameScreen.Sess": "the same session", "ui.HostCode.Sess": "the same session",
	// The game-over box's outcome: only once the game is over.
	"arkhamboard.Table.Outcome": "game over only",
	// Props' OnAct is always nil there (Draw moves it to the unexported onAct; each board's
	// TestUnchangedTableIsNotRedrawn checks it), and its Pieces are set only for a board that
	// places them (Arkham, which takes them apart).
	"ritualsboard.Table.P": "OnAct nil", "shadowsboard.Table.P": "OnAct nil",
}

// TestComponentsHoldNoNeverEqualField: go-app draws a component again whenever a parent's
// drawing hands it a field that is not reflect.DeepEqual to the one it holds; a func never is
// (not even to itself), nor, in practice, a tree of elements built afresh. Such an exported
// field makes every drawing of the screen draw the component again (the game screen's play
// again callback drew the whole table once more per click: 19 of the host's 87 drawings in a
// three-browser game). Callbacks ride in unexported fields (go-app keeps the first one, so
// they read their state at call time) or set through a method.
func TestComponentsHoldNoNeverEqualField(t *testing.T) {
	for _, c := range components {
		ct := reflect.TypeOf(c).Elem()
		for i := 0; i < ct.NumField(); i++ {
			f := ct.Field(i)
			if !f.IsExported() || f.Type == reflect.TypeOf(app.Compo{}) {
				continue
			}
			name := path.Base(ct.PkgPath()) + "." + ct.Name() + "." + f.Name
			why := neverEqual(f.Type, map[reflect.Type]bool{})
			switch _, ok := mayDiffer[name]; {
			case why != "" && !ok:
				t.Errorf("%s holds %s: every drawing of its parent draws it again", name, why)
			case why == "" && ok:
				t.Errorf("%s is allowed to differ on every drawing but cannot: take it off the list", name)
			}
		}
	}
}

// uiType is go-app's element.
var uiType = reflect.TypeOf((*app.UI)(nil)).Elem()

// neverEqual says what in a value of type ty may compare unequal to an equal-looking one (""
// for nothing): a func, a channel, or an element (a tree built afresh on each drawing differs
// from the mounted one, which go-app has filled in). Other interfaces hold what they hold: a
// view, a part's data (plain data by design, board/part.go).
func neverEqual(ty reflect.Type, seen map[reflect.Type]bool) string {
	if seen[ty] {
		return ""
	}
	seen[ty] = true
	switch ty.Kind() {
	case reflect.Func:
		return "a func (" + ty.String() + ")"
	case reflect.Interface:
		if ty == uiType || ty.Implements(uiType) {
			return "an element (" + ty.String() + ")"
		}
		return ""
	case reflect.Chan, reflect.UnsafePointer:
		return "a " + ty.Kind().String()
	case reflect.Pointer, reflect.Slice, reflect.Array:
		return neverEqual(ty.Elem(), seen)
	case reflect.Map:
		if w := neverEqual(ty.Key(), seen); w != "" {
			return w
		}
		return neverEqual(ty.Elem(), seen)
	case reflect.Struct:
		for i := 0; i < ty.NumField(); i++ { // reflect.DeepEqual compares unexported fields too
			if w := neverEqual(ty.Field(i).Type, seen); w != "" {
				return w + " in " + ty.String()
			}
		}
	}
	return ""
}

// TestEveryComponentIsChecked: every type under app/ui that embeds app.Compo is in components
// (boardtest's Screen, a test's stand-in for the game screen, aside).
func TestEveryComponentIsChecked(t *testing.T) {
	listed := map[string]bool{}
	for _, c := range components {
		ct := reflect.TypeOf(c).Elem()
		listed[strings.TrimPrefix(ct.PkgPath(), "miskatonic/app/ui")+"."+ct.Name()] = true
	}
	found := 0
	err := filepath.WalkDir(".", func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(p, ".go") || strings.HasSuffix(p, "_test.go") {
			return err
		}
		f, err := parser.ParseFile(token.NewFileSet(), p, nil, 0)
		if err != nil {
			return err
		}
		dir := filepath.ToSlash(filepath.Dir(p))
		for _, decl := range f.Decls {
			g, ok := decl.(*ast.GenDecl)
			if !ok {
				continue
			}
			for _, spec := range g.Specs {
				ts, ok := spec.(*ast.TypeSpec)
				if !ok || !embedsCompo(ts) || dir == "board/boardtest" {
					continue
				}
				found++
				name := "." + ts.Name.Name
				if dir != "." {
					name = "/" + dir + name
				}
				if !listed[name] {
					t.Errorf("%s (%s) is a go-app component missing from components", ts.Name.Name, p)
				}
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if found != len(components) {
		t.Errorf("%d components found in the source, %d listed", found, len(components))
	}
}

// embedsCompo says whether ts is a struct that embeds app.Compo.
func embedsCompo(ts *ast.TypeSpec) bool {
	st, ok := ts.Type.(*ast.StructType)
	if !ok {
		return false
	}
	for _, f := range st.Fields.List {
		if sel, ok := f.Type.(*ast.SelectorExpr); ok && len(f.Names) == 0 && sel.Sel.Name == "Compo" {
			if x, ok := sel.X.(*ast.Ident); ok && x.Name == "app" {
				return true
			}
		}
	}
	return false
}
