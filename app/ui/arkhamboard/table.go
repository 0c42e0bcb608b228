package arkhamboard

import (
	"strconv"
	"strings"

	"github.com/maxence-charriere/go-app/v9/pkg/app"

	"miskatonic/app/i18n"
	"miskatonic/app/ui/board"
	"miskatonic/engine"
	"miskatonic/engine/arkham"
)

// Table is the whole Arkham table for one viewer. The parent owns the data and passes callbacks;
// Table keeps only what is purely presentational (the helper's visibility, the last reveal seen).
type Table struct {
	app.Compo

	Board Board
	// onAct plays a move. Unexported, so go-app leaves it out when it compares a new Table with
	// the one drawn (a func never compares equal: every drawing of the screen redrew the whole
	// board, even when only the frame around it changed); the first one stays, as go-app keeps
	// the first handler bound to a button anyway, and the screen's reads its current state.
	onAct func(ctx app.Context, m engine.Move)
	// Game names the game at this table (it changes when the host plays again), so a new
	// game's first reveal is not taken for one the viewer already dismissed.
	Game string
	// Outcome is the frame's part of the game over (score, play again or stay, the record),
	// placed in the game-over box that covers the table (board.PieceOutcome).
	Outcome app.UI

	helperHidden  bool
	explain       string // the card whose rule text is open ("" for none)
	explainCursed bool
	hintsDone     bool       // the first-game hints were dismissed, in this browser
	seenResult    int        // the last round whose reveal the viewer dismissed
	seenGame      string     // the game seenResult belongs to
	focusedResult string     // the game and round whose reveal took the focus (board.TakeFocus), once
	taps          board.Taps // the table's click listener (listenTaps)
}

func (t *Table) Render() app.UI {
	b := t.Board
	me, plays := b.You()
	return app.Div().Class("ark").DataSet("seq", b.Seq).DataSet("round", b.Round).DataSet("reveal", b.Reveal).DataSet("over", b.Over).Body(
		board.Memo(statusView{Round: b.Round, Deck: b.Deck, Removed: b.Removed, DoomOn: b.DoomOn, Doom: b.Doom}),
		app.Elem("section").Class("ring").Aria("label", i18n.T("ark.table")).Body(t.ringSeats(b)...),
		app.Elem("section").Class("centre").Body(
			t.mySeat(me, plays),
			app.Div().Class("deck-pile").Body(
				cardBack("s", false),
				app.Elem("span").Class("deck-n").Text(i18n.T("ark.deck", b.Deck)),
			),
		),
		// The dock: what is asked of the viewer and the means to answer, together. On a phone it
		// is fixed at the bottom of the screen, so reading and acting need no scrolling.
		app.Div().Class("dock").ID("ark-dock").Attr("tabindex", "-1").DataSet(board.FocusHome, "dock").Body(
			app.P().Class("prompt").ID("ark-prompt").Aria("live", "polite").Text(b.Prompt),
			slot(dockCards(b)),
			slot(actionBar(b.Actions, t.onAct)),
		),
		// What comes and goes keeps its place (slot), so the panels after it are not rebuilt.
		slot(t.overlay(b)),
		slot(t.explainPanel()),
		board.Memo(hintsView{Done: t.hintsDone, t: t}),
		app.Div().Class("side").Body(
			board.Memo(oddsView{Odds: b.Odds, Hidden: t.helperHidden, t: t}),
			board.Memo(sheetView{Piles: b.Piles, Other: b.Other}),
			board.Memo(logView{Lines: b.Log}),
		),
	)
}

// dockCards are the viewer's private cards in the dock: the card drawn, the card peeked at.
func dockCards(b Board) app.UI {
	if b.Drawn == nil && b.Peek == nil {
		return nil
	}
	return app.Div().Class("dock-cards").Body(
		privateCard(i18n.T("ark.drawn"), b.Drawn, "drawn"),
		privateCard(b.PeekNote, b.Peek, "peek"),
	)
}

// overlay holds the round's reveal and the game-over verdict above the table, so they are seen
// whatever the scroll position; the table stays readable behind.
func (t *Table) overlay(b Board) app.UI {
	res, over := t.resultPanel(b), t.endBanner(b)
	if res == nil && over == nil {
		return nil
	}
	return app.Div().Class("overlay").Body(app.Div().Class("overlay-box").Body(res, over))
}

// ringSeats lists the other seats clockwise, starting from the viewer's left. A seat the viewer
// may give or pass the card to answers a tap with that move (the buttons stay, for keyboards and
// screen readers).
func (t *Table) ringSeats(b Board) []app.UI {
	start := 0
	for i, s := range b.Seats {
		if s.You {
			start = i + 1
		}
	}
	out := make([]app.UI, 0, len(b.Seats))
	for i := range b.Seats {
		s := b.Seats[(start+i)%len(b.Seats)]
		if !s.You {
			out = append(out, board.Memo(seatView{Seat: s, Tap: tapAction(b.Actions, s.Pos), t: t}))
		}
	}
	return out
}

// tapAction is the give or pass to seat pos among the viewer's actions, if any.
func tapAction(acts []Action, pos int) *Action {
	for i, a := range acts {
		if (a.Move.Kind == arkham.MoveGive || a.Move.Kind == arkham.MovePass) && int(a.Move.To) == pos {
			return &acts[i]
		}
	}
	return nil
}

func privateCard(caption string, c *Card, cls string) app.UI {
	if c == nil {
		return nil
	}
	return app.Elem("figure").Class("private", cls).Body(
		cardFace(*c, "l"),
		app.Elem("figcaption").Text(caption),
	)
}

func (t *Table) mySeat(me Seat, plays bool) app.UI {
	if !plays {
		return nil
	}
	return app.Div().Class("me").Body(board.Memo(seatView{Seat: me, t: t}))
}

// endBanner announces the end of a round or of the game.
func (t *Table) endBanner(b Board) app.UI {
	switch {
	case b.Over:
		winners := i18n.T("ark.no_winners")
		if len(b.Winners) > 0 {
			winners = i18n.T("ark.winners", strings.Join(b.Winners, i18n.T("app.list_sep")))
		}
		verdict := i18n.T("ark.you_lost")
		if b.YouWon {
			verdict = i18n.T("ark.you_won")
		}
		if _, plays := b.You(); !plays {
			verdict = i18n.T("ark.watch_over") // a watcher neither escaped nor was consumed
		}
		return app.Elem("section").Class("banner", "game-over").ID("game-over").Attr("role", "status").Body(
			app.Elem("h2").Text(i18n.T("ark.game_over")),
			app.P().Class("verdict").Text(verdict),
			app.P().Text(winners),
			t.Outcome,
		)
	}
	return nil
}

// resultPanel reveals the last round: every hand, each fate explained, the losses, and whether
// the deal verified. It stays until the viewer dismisses it, even if play has moved on.
func (t *Table) resultPanel(b Board) app.UI {
	r := b.Result
	if r == nil || t.seenGame == t.Game && r.Round <= t.seenResult {
		return nil
	}
	rows := make([]app.UI, 0, len(r.Rows))
	for _, row := range r.Rows {
		cls := "result-row failed"
		if row.Fate.Survived {
			cls = "result-row survived"
		}
		name := row.Name
		if row.You {
			name = i18n.YouName(row.Name)
		}
		var sanity app.UI
		if !row.Dummy {
			sanity = app.Elem("span").Class("result-sanity").Text(i18n.T("ark.sanity", row.Sanity))
		}
		rows = append(rows, app.Elem("li").Class(cls).DataSet("seat", row.Pos).Body(
			cardOrBack(row.Card, "s", false),
			app.Div().Class("result-text").Body(
				app.Elem("strong").Text(name),
				fateLine(&row.Fate),
				sanity,
			),
		))
	}
	var cont app.UI
	if !b.Over {
		// Continue takes the focus when the reveal opens over the table (the focus was on the
		// dock behind it, five Tabs away) and hands it back to the dock when pressed (it went
		// to <body>, the top of the page, with the button).
		if key := t.Game + "/" + strconv.Itoa(r.Round); t.focusedResult != key {
			t.focusedResult = key
			board.TakeFocus("#continue")
		}
		cont = app.Elem("button").Attr("type", "button").Class("btn", "primary").ID("continue").Text(i18n.T("ark.continue")).
			OnClick(func(ctx app.Context, e app.Event) {
				t.seenResult, t.seenGame = r.Round, t.Game
				board.ReleaseFocus()
			}, t.Game, r.Round) // scope: see actionBar
	}
	return app.Elem("section").Class("banner", "round-end").ID("round-end").Attr("role", "status").
		DataSet("round", r.Round).Body(
		app.Elem("h2").Text(i18n.T("ark.result_title", r.Round)),
		app.P().Class("muted").Text(i18n.T("ark.round_cause", r.Cause)),
		app.Elem("ul").Class("result-rows").Body(rows...),
		app.If(lossWhy(b) != "", app.P().Class("loss-why").ID("loss-why").Text(lossWhy(b))),
		cont,
	)
}
