package ui

import (
	"github.com/maxence-charriere/go-app/v9/pkg/app"

	"miskatonic/app/session"
	"miskatonic/app/ui/board"
	"miskatonic/engine/table"
)

// rehearsalDraw draws the lobby rehearsal's views (warmgame.go) as the game screen draws a
// real game's: the frame around the game's board, built by Frame.Draw from a snapshot, its
// first view mounted and every later one diffed against it, so go-app's mounting and updating
// of the board's parts, and the board's own drawing code, have run once before the first real
// move. It has a go-app dispatcher of its own whose root is a body element made by the page and
// put in no document: the browser never styles, lays out or paints it, nothing of it is on
// screen, and the page's own tree (the lobby) is not touched. Its cards' pictures are public
// files the lobby asks for anyway (warmPictures): the drawing asks for nothing else, and what it
// shows tells nothing (a throwaway deal). go-app's server-side dispatcher, not its client
// tester: the client tester clears the page's local and session storage. Being server-side,
// it runs no part's OnMount (the boards' listeners on the page's document stay unset); their
// OnUpdate runs, and finds nothing of the rehearsal in the page's document.
type rehearsalDraw struct {
	game   board.Game
	hist   History
	screen *rehearsalScreen
	d      app.ServerDispatcher
	seq    int // the seq drawn last
}

// rehearsalScreen stands in for the game screen: it draws its frame on every update.
type rehearsalScreen struct {
	app.Compo
	frame Frame
}

func (s *rehearsalScreen) Render() app.UI { return s.frame.Draw() }

// show draws st if it is a view not drawn yet (on the rehearsal's goroutine: the dispatcher is
// its own, and shares nothing with the page's).
func (w *rehearsalDraw) show(st table.GuestState) {
	if !st.HasView || w.d != nil && st.Seq == w.seq {
		return
	}
	// The host's own player's screen: every piece a host's frame draws (no move goes out from
	// it: it has no OnAct, and no event reaches a tree no document holds).
	f := Frame{Game: w.game, Snap: session.Snapshot{GuestState: st, Kind: session.Host}, IsHost: true, History: &w.hist}
	if w.d == nil {
		w.screen = &rehearsalScreen{frame: f}
		w.d = app.NewServerTester(w.screen)
	} else {
		w.screen.frame = f
		w.d.Dispatch(app.Dispatch{Mode: app.Update, Source: w.screen, Function: func(app.Context) {}})
		w.d.Consume()
	}
	// A part's OnUpdate dispatched during the drawing runs now, as it would in the page.
	w.d.Consume()
	w.seq = st.Seq
}

// close takes the tree down, releasing its event handlers.
func (w *rehearsalDraw) close() {
	if w.d != nil {
		w.d.Close()
		w.d = nil
	}
}
