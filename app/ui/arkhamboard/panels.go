package arkhamboard

import (
	"github.com/maxence-charriere/go-app/v9/pkg/app"

	"miskatonic/engine"
)

// The parts of the table a move seldom changes are components of their own. go-app redraws a
// child component only when one of its exported fields changed (it compares them with
// reflect.DeepEqual), so a move that changes one seat and the dock redraws those, not the log,
// the play sheet, the talk and every other seat: on a phone's wasm the whole table cost tens of
// milliseconds a move (issue 11). Each part holds only plain data in exported fields; callbacks
// go through t, the mounted Table, which go-app neither compares nor copies (it is unexported)
// and which outlives its updates.

// seatView is one seat's tile.
type seatView struct {
	Seat Seat
	Tap  *Action // the give or pass a tap on the seat makes, if any
	t    *Table
}

func (v seatView) Draw() app.UI {
	if v.Tap == nil {
		return seatTile(v.Seat, nil, nil)
	}
	return seatTile(v.Seat, v.Tap, v.t.act)
}

// statusView is the status bar.
type statusView struct {
	Round, Deck, Removed int
	DoomOn               bool
	Doom                 int
}

func (v statusView) Draw() app.UI {
	b := Board{Round: v.Round, Deck: v.Deck, Removed: v.Removed, DoomOn: v.DoomOn, Doom: v.Doom}
	return statusBar(b)
}

// oddsView is the deduction helper, or an empty placeholder that keeps the side panels in
// their places (go-app matches children by position: a panel that comes and goes would make it
// rebuild every panel after it).
type oddsView struct {
	Odds   *Odds
	Hidden bool
	t      *Table
}

func (v oddsView) Draw() app.UI {
	if v.Odds == nil {
		return app.Div().Hidden(true)
	}
	return oddsPanel(v.Odds, v.Hidden, v.t.toggleHelper)
}

// sheetView is the play sheet.
type sheetView struct {
	Piles []Pile
	Other []Card
}

func (v sheetView) Draw() app.UI { return playSheet(Board{Piles: v.Piles, Other: v.Other}) }

// logView is the round's log (the whole game's is the frame's history).
type logView struct {
	Lines []string
}

func (v logView) Draw() app.UI { return gameLog(v.Lines) }

// hintsView is the first-game tips until dismissed, then a placeholder.
type hintsView struct {
	Done bool
	t    *Table
}

func (v hintsView) Draw() app.UI { return slot(v.t.hints()) }

// act sends a move the viewer chose.
func (t *Table) act(ctx app.Context, m engine.Move) {
	if t.onAct != nil {
		t.onAct(ctx, m)
	}
}

func (t *Table) toggleHelper(ctx app.Context, e app.Event) { t.helperHidden = !t.helperHidden }

// slot is ui, or an empty hidden placeholder of the same place when ui is nil (see oddsView).
func slot(ui app.UI) app.UI {
	if ui == nil {
		return app.Div().Hidden(true)
	}
	return ui
}
