package ui

// The frame's part of a game over, the same for every game: the running score at this table,
// the way on (the host plays again; a guest stays for the next game, "waiting for the host",
// or leaves) and the record panel. A board whose game over covers the table places it there
// (board.PieceOutcome); else the frame draws it under the board.

import (
	"strconv"
	"strings"

	"github.com/maxence-charriere/go-app/v9/pkg/app"

	"miskatonic/app/i18n"
	"miskatonic/app/ui/board"
)

// outcome is the game over's shared part. A stopped table offers no next game with this host
// and no record from it (the proof is what to keep): the running score and the way out only.
func (f Frame) outcome(stopped bool) app.UI {
	var again app.UI
	switch {
	case stopped:
		again = app.Div().Class("over-actions").Body(
			app.Elem("a").Class("btn").ID("back-home").Attr("href", "/").Text(i18n.T("rematch.leave")),
		)
	case f.OnAgain != nil:
		onAgain := f.OnAgain
		again = app.Div().Class("over-actions").Body(
			app.Elem("button").Attr("type", "button").Class("btn", "primary").ID("play-again").
				Text(i18n.T("frame.play_again")).OnClick(func(ctx app.Context, e app.Event) { onAgain(ctx) }),
			app.Elem("a").Class("btn").ID("back-home").Attr("href", "/").Text(i18n.T("rematch.leave")),
		)
	default:
		// A guest (or a watcher) stays for the next game by default (the host's Play again
		// brings the lobby to every guest), and may leave instead.
		var note app.UI
		if f.Staying {
			note = app.P().Class("muted").ID("staying").Attr("role", "status").Text(i18n.T("rematch.waiting", f.hostName()))
		}
		onStay := f.OnStay
		again = app.Div().Class("over-actions").Body(
			app.Elem("button").Attr("type", "button").Class("btn", "primary").ID("stay").
				Aria("pressed", strconv.FormatBool(f.Staying)).Text(i18n.T("rematch.stay")).
				OnClick(func(ctx app.Context, e app.Event) {
					if onStay != nil {
						onStay(ctx)
					}
				}),
			app.Elem("a").Class("btn").ID("back-home").Attr("href", "/").Text(i18n.T("rematch.leave")),
			note,
		)
	}
	var record app.UI
	if !stopped {
		record = f.Record
		// The way on takes a loose focus (on <body>, or on the board's focus home under the
		// game over): the autofocus attribute these buttons had works only at a page's load.
		board.TakeFocus("#play-again, #stay")
	}
	return app.Div().Class("frame-over").ID("frame-over").Body(
		scoreLine(f.Score),
		again,
		record,
	)
}

// hostName is the host's player's name, for "waiting for Ann to start the next game".
func (f Frame) hostName() string {
	for _, s := range f.Snap.Lobby.Seats {
		if s.Seat == 0 {
			return s.Name
		}
	}
	return ""
}

// scoreLine is the running score at this table, after its first finished game.
func scoreLine(sc []board.Score) app.UI {
	if len(sc) == 0 {
		return nil
	}
	parts := make([]string, 0, len(sc))
	for _, s := range sc {
		parts = append(parts, i18n.T("rematch.score_one", s.Name, s.Wins))
	}
	return app.P().Class("running-score").ID("running-score").Text(
		i18n.T("rematch.score", sc[0].Games, strings.Join(parts, i18n.T("app.list_sep"))))
}
