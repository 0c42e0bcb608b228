package ritualsboard

import (
	"reflect"
	"strings"
	"testing"
	"unsafe"

	"github.com/maxence-charriere/go-app/v9/pkg/app"

	"miskatonic/app/ui/board"
	"miskatonic/app/ui/board/boardtest"
)

// TestPressDrawsTheTableAlone: a press on a choice not yet sent (a sealed option, a hand card,
// an event card that needs a target, its cancel) draws the table and not the game screen
// around it, counted in drawings of the screen. The tap goes as in a browser: go-app's
// handler of every element it bubbles through first (go-app draws that element's component
// and every one above it after each event it handles), then the table's own listener
// (pressed). Each press is checked to show on the table. Pressing through go-app's OnClick,
// as the table did, drew the screen once more per press.
func TestPressDrawsTheTableAlone(t *testing.T) {
	kinds := map[string]int{}
	for viewer, ps := range gameProps(t, 4, 3)[:4] {
		draws := 0
		s := &boardtest.Screen[Table]{P: ps[0], Draw: func(p board.Props) app.UI { draws++; return Draw(p) }}
		d := app.NewClientTester(s)
		for i, p := range ps[1:] {
			boardtest.Update(d, s, p)
			for _, el := range pressable(s) {
				pick, choose := el.attrs["data-pick"], el.attrs["data-choose"]
				before, evSel := draws, s.First.evSel
				for _, src := range el.clickable {
					d.Emit(src, func() {}) // go-app's handler ran, whatever it did
				}
				d.Dispatch(app.Dispatch{Mode: app.Next, Source: s.First, Function: func(ctx app.Context) {
					s.First.press(ctx, pick, choose)
				}})
				boardtest.Settle(d)
				if draws != before {
					t.Fatalf("viewer %d step %d: a press on %s drew the game screen %d times", viewer, i, el.attrs, draws-before)
				}
				html := app.HTMLString(s)
				switch {
				case pick != "" && (s.First.sel != pick || !pressed(tagWith(html, `data-pick="`+pick+`"`))):
					t.Fatalf("viewer %d step %d: pressed %q, the table holds %q", viewer, i, pick, s.First.sel)
				case pick != "":
					kinds["pick"]++
				case s.First.evSel == evSel:
					t.Fatalf("viewer %d step %d: pressed event card %s, still %d pressed", viewer, i, choose, evSel)
				default:
					kinds["choose"]++
				}
			}
		}
		d.Close()
	}
	if kinds["pick"] == 0 || kinds["choose"] == 0 {
		t.Fatalf("presses tried: %v: a kind was never seen", kinds)
	}
	t.Logf("presses: %v", kinds)
}

// tagWith is the first tag of html that holds attr ("" for none).
func tagWith(html, attr string) string {
	i := strings.Index(html, attr)
	if i < 0 {
		return ""
	}
	from, to := strings.LastIndexByte(html[:i], '<'), strings.IndexByte(html[i:], '>')
	return html[from : i+to+1]
}

// pressed says a tag is drawn pressed (go-app writes a true attribute bare).
func pressed(tag string) bool {
	return strings.Contains(tag, "aria-pressed") && !strings.Contains(tag, `aria-pressed="false"`)
}

// pressEl is one mounted element a press is read from: its attributes and the elements from
// it up that take a click through go-app.
type pressEl struct {
	attrs     map[string]string
	clickable []app.UI
}

// pressable finds every mounted element of s with data-pick or data-choose, walking go-app's
// tree by reflection (its test helpers give no access to mounted children).
func pressable(s app.UI) []pressEl {
	var out []pressEl
	var walk func(ui app.UI, clicks []app.UI)
	walk = func(ui app.UI, clicks []app.UI) {
		v := reflect.ValueOf(ui).Elem()
		if c := v.FieldByName("Compo"); c.IsValid() && c.Type() == reflect.TypeOf(app.Compo{}) {
			if root := open(c.FieldByName("root")); root != nil {
				walk(root.(app.UI), clicks)
			}
			return
		}
		if hs := v.FieldByName("eventHandlers"); hs.IsValid() && hs.MapIndex(reflect.ValueOf("click")).IsValid() {
			clicks = append(clicks[:len(clicks):len(clicks)], ui)
		}
		attrs := map[string]string{}
		if as := v.FieldByName("attributes"); as.IsValid() {
			for it := as.MapRange(); it.Next(); {
				attrs[it.Key().String()] = it.Value().String()
			}
		}
		if attrs["data-pick"] != "" || attrs["data-choose"] != "" {
			out = append(out, pressEl{attrs: attrs, clickable: clicks})
		}
		if ch := v.FieldByName("children"); ch.IsValid() {
			for i := 0; i < ch.Len(); i++ {
				if c := open(ch.Index(i)); c != nil {
					walk(c.(app.UI), clicks)
				}
			}
		}
	}
	walk(s, nil)
	return out
}

// open is the value of an unexported field of go-app's (nil for none).
func open(v reflect.Value) any {
	if !v.CanAddr() {
		return nil
	}
	v = reflect.NewAt(v.Type(), unsafe.Pointer(v.UnsafeAddr())).Elem()
	if v.IsNil() {
		return nil
	}
	return v.Interface()
}
