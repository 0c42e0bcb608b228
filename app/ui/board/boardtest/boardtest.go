// Package boardtest holds what the three boards' tests share: a form of go-app's HTML that
// ignores the order it writes attributes in, the first difference between two pages, and the
// check that every mounted part of a board still reaches the mounted table, and the parts mounted.
package boardtest

import (
	"fmt"
	"reflect"
	"sort"
	"strings"
	"testing"
	"unsafe"

	"github.com/maxence-charriere/go-app/v9/pkg/app"

	"miskatonic/app/ui/board"
	"miskatonic/engine"
)

// PartsReach checks that every part mounted under ui calls back through the mounted table
// (its unexported t, which go-app does not copy on an update: a part first drawn without it
// would keep a nil table, and a tap on it would crash the page). It walks go-app's tree by
// reflection, as the test helpers of go-app v9 give no access to mounted children.
func PartsReach(ui app.UI, want any) error {
	if want == nil || reflect.ValueOf(want).IsNil() {
		return fmt.Errorf("no table mounted")
	}
	return walkMounted(ui, func(v reflect.Value) error {
		if f := v.FieldByName("t"); f.IsValid() && f.Type() == reflect.TypeOf(want) && f.Pointer() != reflect.ValueOf(want).Pointer() {
			return fmt.Errorf("a mounted %s does not reach the mounted table", v.Type())
		}
		return nil
	})
}

// MountedParts is every board.Part mounted under ui, by address, with the data it last drew
// (go-app sets a part's data only when it changed, and then draws the part again).
func MountedParts(ui app.UI) map[*board.Part]board.Drawer {
	out := map[*board.Part]board.Drawer{}
	_ = walkMounted(ui, func(v reflect.Value) error {
		if v.Type() == reflect.TypeOf(board.Part{}) && v.CanAddr() {
			p := (*board.Part)(unsafe.Pointer(v.UnsafeAddr())) // held in go-app's unexported fields
			out[p] = p.Of
		}
		return nil
	})
	return out
}

// walkMounted calls fn on every component and element mounted under ui (a struct, reached
// through go-app's unexported fields) until fn returns an error.
func walkMounted(ui app.UI, fn func(v reflect.Value) error) error {
	var walk func(v reflect.Value) error
	walk = func(v reflect.Value) error {
		for v.Kind() == reflect.Interface || v.Kind() == reflect.Pointer {
			if v.IsNil() {
				return nil
			}
			v = v.Elem()
		}
		if v.Kind() != reflect.Struct {
			return nil
		}
		if err := fn(v); err != nil {
			return err
		}
		if c := v.FieldByName("Compo"); c.IsValid() && c.Type() == reflect.TypeOf(app.Compo{}) {
			return walk(c.FieldByName("root"))
		}
		if ch := v.FieldByName("children"); ch.IsValid() && ch.Kind() == reflect.Slice {
			for i := 0; i < ch.Len(); i++ {
				if err := walk(ch.Index(i)); err != nil {
					return err
				}
			}
		}
		return nil
	}
	return walk(reflect.ValueOf(ui))
}

// FirstDiff shows the first line where got and want part, with a few lines before it.
func FirstDiff(got, want string) string {
	g, w := strings.Split(got, "\n"), strings.Split(want, "\n")
	for i := 0; i < len(g) || i < len(w); i++ {
		if i >= len(g) || i >= len(w) || g[i] != w[i] {
			from := max(0, i-6)
			return fmt.Sprintf("...\n%s\n got: %q\nwant: %q", strings.Join(w[from:i], "\n"), at(g, i), at(w, i))
		}
	}
	return ""
}

func at(lines []string, i int) string {
	if i < len(lines) {
		return lines[i]
	}
	return "(end)"
}

// Canonical is html with each tag's attributes sorted (go-app writes them in map order). A
// plain scan: attribute values are quoted and escaped, so no '>' or '"' hides inside them.
func Canonical(html string) string {
	var b strings.Builder
	b.Grow(len(html))
	for {
		lt := strings.IndexByte(html, '<')
		if lt < 0 {
			b.WriteString(html)
			return b.String()
		}
		gt := strings.IndexByte(html[lt:], '>')
		if gt < 0 {
			b.WriteString(html)
			return b.String()
		}
		b.WriteString(html[:lt])
		b.WriteString(sortedTag(html[lt : lt+gt+1]))
		html = html[lt+gt+1:]
	}
}

// sortedTag is one "<name a=\"x\" b>" tag with its attributes in order.
func sortedTag(tag string) string {
	inner := strings.TrimSuffix(tag[1:len(tag)-1], "/")
	var fields []string
	start, quoted := 0, false
	for i := 0; i <= len(inner); i++ {
		if i < len(inner) && inner[i] == '"' {
			quoted = !quoted
		}
		if i == len(inner) || inner[i] == ' ' && !quoted {
			if f := strings.TrimSpace(inner[start:i]); f != "" {
				fields = append(fields, f)
			}
			start = i + 1
		}
	}
	if len(fields) < 2 {
		return tag
	}
	sort.Strings(fields[1:])
	end := ">"
	if strings.HasSuffix(tag, "/>") {
		end = "/>"
	}
	return "<" + strings.Join(fields, " ") + end
}

// RedrawnOnlyWhenChanged checks that a board drawn again from the same props with another move
// callback (the screen makes a new one on every drawing) is one go-app skips, and one with a new
// seq is not.
func RedrawnOnlyWhenChanged(t testing.TB, draw func(board.Props) app.UI, p board.Props) {
	t.Helper()
	q := p
	q.OnAct = func(app.Context, engine.Move) {}
	if !Unchanged(draw(p), draw(q)) {
		t.Fatal("the same view with another callback counts as a change: the board is redrawn")
	}
	q.Seq++
	if Unchanged(draw(p), draw(q)) {
		t.Fatal("a new seq counts as no change")
	}
}

// Unchanged is go-app's test before it redraws a component that is drawn again: every exported
// field reflect.DeepEqual to the one on screen (a func field never is).
func Unchanged(a, b app.UI) bool {
	va, vb := reflect.ValueOf(a).Elem(), reflect.ValueOf(b).Elem()
	if va.Type() != vb.Type() {
		return false
	}
	for i := 0; i < va.NumField(); i++ {
		if !va.Type().Field(i).IsExported() || va.Field(i).Type() == reflect.TypeOf(app.Compo{}) {
			continue
		}
		if !reflect.DeepEqual(va.Field(i).Interface(), vb.Field(i).Interface()) {
			return false
		}
	}
	return true
}
