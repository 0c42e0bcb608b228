package arkhamboard

import (
	"encoding/json"
	"math/rand/v2"
	"reflect"
	"testing"

	"github.com/maxence-charriere/go-app/v9/pkg/app"

	"miskatonic/app/ui/board"
	"miskatonic/app/ui/board/boardtest"
	"miskatonic/engine"
	"miskatonic/engine/arkham"
)

// screen stands in for the game screen: it draws the board from props it is handed, as
// app/ui's GameScreen does on every session change.
type screen struct {
	app.Compo
	p     board.Props
	state *Table // what the drawn table starts from, if anything (its purely presentational state)
	first *Table // the first table drawn: the one go-app mounts and then updates
}

func (s *screen) Render() app.UI {
	ui := Draw(s.p)
	if t, ok := ui.(*Table); ok {
		if s.state != nil {
			t.helperHidden, t.hintsDone, t.seenResult, t.seenGame = s.state.helperHidden, s.state.hintsDone, s.state.seenResult, s.state.seenGame
		}
		if s.first == nil {
			s.first = t
		}
	}
	return app.Main().Body(ui)
}

// guestProps are the props seat 1 of a 3-player game is handed after each move of a random
// game, with the callbacks the game screen passes.
func guestProps(tb testing.TB) []board.Props {
	g, err := arkham.New(engine.Config{Seats: 3})
	if err != nil {
		tb.Fatal(err)
	}
	r := rand.New(rand.NewPCG(11, 7))
	seats := []board.Seat{{Name: "Ann"}, {Name: "Bea"}, {Name: "Cy"}}
	var out []board.Props
	for step := 0; step < 2000 && !g.Status().Over; step++ {
		raw, _ := json.Marshal(g.View(1))
		v, err := arkham.Rules{}.DecodeView(raw)
		if err != nil {
			tb.Fatal(err)
		}
		out = append(out, board.Props{View: v, Legal: g.Legal(1), Seats: seats, Seq: step, Table: "t1",
			OnAct: func(app.Context, engine.Move) {}})
		st := g.Status()
		var m engine.Move
		if st.Deal != nil {
			var k [32]byte
			for i := range k {
				k[i] = byte(r.Uint32())
			}
			m = engine.DealMove(k)
		} else {
			legal := g.Legal(st.Active[0])
			m = legal[r.IntN(len(legal))]
		}
		if err := g.Apply(m); err != nil {
			tb.Fatal(err)
		}
	}
	return out
}

// BenchmarkGuestUpdate is the go-app side of showing one move to a guest: the board drawn
// from the new props and diffed against the mounted tree (the DOM calls are no-ops natively).
func BenchmarkGuestUpdate(b *testing.B) {
	boardtest.BenchUpdate[Table](b, Draw, guestProps(b))
}

// TestPartsFollowEveryUpdate: the table, updated move after move as a guest's page is (its
// parts redrawn only when their inputs change), shows exactly what a table drawn afresh from the
// same props shows, at every step of a whole game; so no part is ever left stale.
func TestPartsFollowEveryUpdate(t *testing.T) {
	props := guestProps(t)
	s := &screen{p: props[0]}
	d := app.NewClientTester(s)
	defer d.Close()
	for i, p := range props[1:] {
		s.p = p
		d.Dispatch(app.Dispatch{Mode: app.Update, Source: s, Function: func(app.Context) {}})
		d.Consume()
		fresh := &screen{p: p, state: s.first}
		fd := app.NewClientTester(fresh)
		want := boardtest.Canonical(app.HTMLString(fresh))
		fd.Close()
		if got := boardtest.Canonical(app.HTMLString(s)); got != want {
			t.Fatalf("step %d: the updated table differs from a fresh one:\n got %s\nwant %s", i+1, got, want)
		}
		if err := boardtest.PartsReach(s, s.first); err != nil {
			t.Fatalf("step %d: %v", i+1, err)
		}
	}
}

// TestUnchangedTableIsNotRedrawn: the screen draws the board again whenever anything around it
// changes, each time with a new move callback; go-app must find the board unchanged then, and
// changed when the view is.
func TestUnchangedTableIsNotRedrawn(t *testing.T) {
	boardtest.RedrawnOnlyWhenChanged(t, Draw, board.Props{View: &arkham.View{Round: 1, Players: 3},
		Seats: []board.Seat{{Name: "Ann"}, {Name: "Bea"}, {Name: "Cy"}}, Seq: 4, Table: "t1",
		OnAct: func(app.Context, engine.Move) {}})
}

// TestTableRootTakesNoGoAppEvent: the table's outermost element, which every click on the
// table reaches, has no go-app handler (cards are explained through the browser's own
// listener, listenTaps). go-app draws the component an event came from and every one above it
// after each event it handles: a tap on a seat to give the card drew the whole screen again.
func TestTableRootTakesNoGoAppEvent(t *testing.T) {
	tbl := Draw(board.Props{View: &arkham.View{Round: 1, Players: 3},
		Seats: []board.Seat{{Name: "Ann"}, {Name: "Bea"}, {Name: "Cy"}}, Seq: 4, Table: "t1"}).(*Table)
	root := reflect.ValueOf(tbl.Render()).Elem()
	hs := root.FieldByName("eventHandlers")
	if !hs.IsValid() {
		t.Fatalf("go-app's %s has no eventHandlers field any more: the check needs updating", root.Type())
	}
	if hs.Len() != 0 {
		t.Fatalf("the table's root element has %d go-app event handlers: every click on the table would redraw the screen", hs.Len())
	}
}
