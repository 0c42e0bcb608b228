package shadowsboard

import (
	"testing"

	"github.com/maxence-charriere/go-app/v9/pkg/app"

	"miskatonic/app/i18n"
	"miskatonic/app/ui/board"
	"miskatonic/app/ui/board/boardtest"
	"miskatonic/engine"
	"miskatonic/engine/shadows"
)

// gameProps plays a seeded bot game of the given size and returns, for each viewer (every seat,
// then the watcher), the props its page is handed at each step.
func gameProps(tb testing.TB, seats int, seed uint64) [][]board.Props {
	roster := []board.Seat{{Name: "Ann"}, {Name: "Ann"}, {Name: "Bea", Bot: true}, {Name: "Cy"}}
	return boardtest.GameProps(tb, shadows.Rules{}, seats, seed, roster, false)
}

// BenchmarkGuestUpdate is the go-app side of showing one move to a guest (seat 1 of 4): the
// board drawn from the new props and diffed against the mounted tree (the DOM calls are no-ops
// natively).
func BenchmarkGuestUpdate(b *testing.B) {
	boardtest.BenchUpdate[Table](b, Draw, gameProps(b, 4, 29)[1])
}

// TestPartsFollowEveryUpdate: the table, updated move after move as a page is (its parts
// redrawn only when their inputs change), shows exactly what a table drawn afresh from the same
// props shows, at every step of whole games, for every seat and the watcher, in every language;
// so no part is ever left stale.
func TestPartsFollowEveryUpdate(t *testing.T) {
	boardtest.FollowGames[Table](t, []boardtest.Game{{Seats: 4, Seed: 29, Lang: i18n.English}, {Seats: 2, Seed: 15, Lang: i18n.Japanese},
		{Seats: 3, Seed: 7, Lang: i18n.French}}, gameProps, Draw, nil, nil)
}

// TestUnchangedTableIsNotRedrawn: the screen draws the board again whenever anything around it
// changes, each time with a new move callback; go-app must find the board unchanged then (the
// callback rides beside the props), and changed when the view is. A move still reaches the
// callback.
func TestUnchangedTableIsNotRedrawn(t *testing.T) {
	played := 0
	p := board.Props{View: &shadows.View{Seats: 2}, Seats: roster[:2], Seq: 4, Table: "t1",
		OnAct: func(app.Context, engine.Move) { played++ }}
	boardtest.RedrawnOnlyWhenChanged(t, Draw, p)
	Draw(p).(*Table).act(engine.Move{Kind: "end"})(nil, app.Event{})
	if played != 1 {
		t.Fatalf("a move reached the callback %d times, want 1", played)
	}
}
