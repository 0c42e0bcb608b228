package boardtest

import (
	"fmt"
	"testing"

	"github.com/maxence-charriere/go-app/v9/pkg/app"

	"miskatonic/app/i18n"
	"miskatonic/app/ui/board"
)

// Screen stands in for the game screen: it draws the board from props it is handed, as
// app/ui's GameScreen does on every session change. T is the board's table component.
type Screen[T any] struct {
	app.Compo
	P     board.Props
	Draw  func(board.Props) app.UI // the board's Draw
	Keep  func(t *T)               // if set, gives each table drawn the UI-local state to start from
	First *T                       // the first table drawn: the one go-app mounts and then updates
}

// Render draws the board and notes the first table drawn.
func (s *Screen[T]) Render() app.UI {
	ui := s.Draw(s.P)
	if t, ok := any(ui).(*T); ok {
		if s.Keep != nil {
			s.Keep(t)
		}
		if s.First == nil {
			s.First = t
		}
	}
	return app.Main().Body(ui)
}

// Update hands the mounted screen new props and lets go-app redraw what changed.
func Update[T any](d app.ClientDispatcher, s *Screen[T], p board.Props) {
	s.P = p
	d.Dispatch(app.Dispatch{Mode: app.Update, Source: s, Function: func(app.Context) {}})
	Settle(d)
}

// Settle runs the dispatcher until nothing is left: the test dispatcher's Consume stops after
// one frame, leaving what the frame dispatched (a part's OnUpdate) for later, where a browser
// runs it at once.
func Settle(d app.ClientDispatcher) {
	d.Consume()
	d.Consume()
}

// BenchUpdate is the go-app side of showing one move to a guest: the board drawn from each of
// props in turn (after the first) and diffed against the mounted tree (the DOM calls are no-ops
// natively).
func BenchUpdate[T any](b *testing.B, draw func(board.Props) app.UI, props []board.Props) {
	s := &Screen[T]{P: props[0], Draw: draw}
	d := app.NewClientTester(s)
	defer d.Close()
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		Update(d, s, props[1+i%(len(props)-1)])
	}
}

// FollowEveryUpdate mounts a screen on props[0] and hands it each later props in turn; after
// each (and after act, if set, has played with the mounted table as a viewer would) every mounted
// part must still reach the mounted table and the page must be exactly what a screen drawn afresh
// from the same props shows, the fresh table given the mounted one's UI-local state by keep. what
// names the case in a failure.
func FollowEveryUpdate[T any](t *testing.T, what string, props []board.Props, draw func(board.Props) app.UI,
	keep func(from, to *T), act func(d app.ClientDispatcher, s *Screen[T], i int, p board.Props)) {
	t.Helper()
	s := &Screen[T]{P: props[0], Draw: draw}
	d := app.NewClientTester(s)
	defer d.Close()
	for i, p := range props[1:] {
		Update(d, s, p)
		if err := PartsReach(s, s.First); err != nil {
			t.Fatalf("%s, step %d: %v", what, i+1, err)
		}
		if act != nil {
			act(d, s, i, p)
		}
		fresh := &Screen[T]{P: p, Draw: draw}
		if keep != nil {
			from := s.First
			fresh.Keep = func(to *T) { keep(from, to) }
		}
		fd := app.NewClientTester(fresh)
		Settle(fd)
		want := Canonical(app.HTMLString(fresh))
		fd.Close()
		if got := Canonical(app.HTMLString(s)); got != want {
			t.Fatalf("%s, step %d: the updated table differs from a fresh one:\n%s", what, i+1, FirstDiff(got, want))
		}
	}
}

// Game is one seeded game a board's test plays, shown in one language.
type Game struct {
	Seats int
	Seed  uint64
	Lang  i18n.Lang
}

// FollowGames runs FollowEveryUpdate for every viewer of each game (the first game only with
// -short), its props from props, in the game's language; English is set again at the end.
func FollowGames[T any](t *testing.T, games []Game, props func(tb testing.TB, seats int, seed uint64) [][]board.Props,
	draw func(board.Props) app.UI, keep func(from, to *T), act func(d app.ClientDispatcher, s *Screen[T], i int, p board.Props)) {
	t.Helper()
	defer i18n.SetLang(i18n.English)
	if testing.Short() {
		games = games[:1]
	}
	for _, gm := range games {
		i18n.SetLang(gm.Lang)
		for viewer, ps := range props(t, gm.Seats, gm.Seed) {
			FollowEveryUpdate(t, fmt.Sprintf("%s, %d seats, viewer %d", gm.Lang, gm.Seats, viewer), ps, draw, keep, act)
		}
	}
}
