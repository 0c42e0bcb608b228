package ritualsboard

import (
	"testing"

	"github.com/maxence-charriere/go-app/v9/pkg/app"

	"miskatonic/app/i18n"
	"miskatonic/app/ui/board"
	"miskatonic/app/ui/board/boardtest"
	"miskatonic/engine/rituals"
)

// The countdown does not run by itself in these tests (go-app's test dispatcher would wait a
// second on every update for its timer); TestPartsFollowEveryUpdate counts it down by hand.
func init() { after = func(app.Context, func(app.Context)) {} }

// gameProps plays a seeded bot game of the given size and returns, for each viewer (every seat,
// then the watcher), the props its page is handed at each step, with the seats locked in so far
// in a sealed step.
func gameProps(tb testing.TB, seats int, seed uint64) [][]board.Props {
	roster := []board.Seat{{Name: "Ann"}, {Name: "Bea", Bot: true}, {Name: "Cy"}, {Name: "Dee"}, {Name: "Eve"}}
	return boardtest.GameProps(tb, rituals.Rules{}, seats, seed, roster, true)
}

// keep gives a fresh table the UI-local state of the one being updated.
func keep(from, to *Table) {
	to.sel, to.selFor, to.winKey, to.winLeft, to.evSel = from.sel, from.selFor, from.winKey, from.winLeft, from.evSel
}

// onTable runs fn on the mounted table and redraws it from there, as a tap or a timer does.
func onTable(d app.ClientDispatcher, t *Table, fn func()) {
	d.Dispatch(app.Dispatch{Mode: app.Update, Source: t, Function: func(app.Context) { fn() }})
	boardtest.Settle(d)
}

// BenchmarkGuestUpdate is the go-app side of showing one move to a guest (seat 1 of 4): the
// board drawn from the new props and diffed against the mounted tree (the DOM calls are no-ops
// natively).
func BenchmarkGuestUpdate(b *testing.B) {
	boardtest.BenchUpdate[Table](b, Draw, gameProps(b, 4, 3)[1])
}

// BenchmarkWatcherPlaceUpdate is showing a cultist placed to the watcher of a five-player game:
// the game's placements in turn, each from the view before it (so every other update is the
// jump from one placement to the next one's view).
func BenchmarkWatcherPlaceUpdate(b *testing.B) {
	benchMoves(b, 5, func(v0, _ *rituals.View) bool { return v0.Phase == rituals.PhasePlace })
}

// BenchmarkWatcherPassUpdate is the same for event windows' passes (the next player asked).
func BenchmarkWatcherPassUpdate(b *testing.B) {
	benchMoves(b, 5, func(v0, v1 *rituals.View) bool {
		return v0.Window != nil && v1.Window != nil && v0.Phase == v1.Phase && len(v0.Log) == len(v1.Log)
	})
}

// benchMoves benches the updates of a five-player game's watcher (viewer) whose views before
// and after match.
func benchMoves(b *testing.B, viewer int, match func(v0, v1 *rituals.View) bool) {
	props := gameProps(b, 5, 3)[viewer]
	var seq []board.Props
	for i := 1; i < len(props); i++ {
		if match(props[i-1].View.(*rituals.View), props[i].View.(*rituals.View)) {
			seq = append(seq, props[i-1], props[i])
		}
	}
	if len(seq) == 0 {
		b.Fatal("no such move in the game")
	}
	boardtest.BenchUpdate[Table](b, Draw, append([]board.Props{seq[0]}, seq...))
}

// TestPartsFollowEveryUpdate: the table, updated move after move as a page is (its parts
// redrawn only when their inputs change), shows exactly what a table drawn afresh from the same
// props shows, at every step of whole games, for every seat and the watcher, in two languages;
// so no part is ever left stale. Now and then the viewer picks a sealed option first, as a
// player does before locking in, or presses an event card whose choices are then drawn on the
// places or players (UI-local state the parts must follow too).
func TestPartsFollowEveryUpdate(t *testing.T) {
	pressed := 0
	games := []boardtest.Game{{Seats: 4, Seed: 3, Lang: i18n.English}, {Seats: 3, Seed: 8, Lang: i18n.French}}
	boardtest.FollowGames(t, games, gameProps, Draw, keep, func(d app.ClientDispatcher, s *boardtest.Screen[Table], i int, p board.Props) {
		if i%3 == 0 && len(p.Legal) > 0 && (p.Legal[0].Kind == rituals.MoveGrab || p.Legal[0].Kind == rituals.MoveSend) {
			k := moveKey(p.Legal[i%len(p.Legal)])
			onTable(d, s.First, func() { s.First.sel = k }) // a tap on an option
		}
		if i%2 == 0 && len(p.Legal) > 0 && p.Legal[0].Kind == rituals.MovePass {
			if cards, plays := cardPlays(p.Legal); len(cards) > 0 && targetKind(plays[cards[0]][0]) != "" {
				onTable(d, s.First, func() { s.First.evSel = cards[0] }) // a press on an event card: its targets drawn
				pressed++
			}
		}
		if i%4 == 1 && s.First.winKey != "" && s.First.winLeft > 1 {
			onTable(d, s.First, func() { s.First.winLeft-- }) // a second of the countdown
		}
	})
	if pressed == 0 {
		t.Fatal("no event card with targets was ever pressed: the case does not test the targets")
	}
}
