package ritualsboard

import (
	"strconv"

	"github.com/maxence-charriere/go-app/v9/pkg/app"

	"miskatonic/app/ui/board"
)

// A press on a choice not yet sent (a sealed option or a hand card: data-pick, the move's key;
// an event card that needs a target, or its cancel: data-choose, the card) changes only what
// the table shows, so it draws the table alone. It goes through the browser's own listener on
// the table (board.Taps), not go-app's OnClick: go-app draws the component an event came from
// and every component above it after each event it handles, so every press drew the whole
// game screen and the page again (TestPressDrawsTheTableAlone).

// listenPresses sends the presses on the table to press, with the table's own context.
func (t *Table) listenPresses(ctx app.Context) {
	t.presses.Listen(t.JSValue(), func(target app.Value) {
		if el, ok := board.Tapped(target, "[data-pick], [data-choose]"); ok {
			ds := el.Get("dataset")
			t.press(ctx, text(ds.Get("pick")), text(ds.Get("choose")))
		}
	})
}

// OnDismount stops the listener.
func (t *Table) OnDismount() { t.presses.Stop() }

// press selects the sealed move pick, or presses (or releases) the event card choose, and
// draws the table (ctx is the table's). A press left from a step gone by selects nothing the
// table offers now.
func (t *Table) press(ctx app.Context, pick, choose string) {
	card, err := strconv.Atoi(choose)
	if pick == "" && err != nil {
		return
	}
	ctx.Dispatch(func(app.Context) {
		if pick != "" {
			t.sel = pick
		} else {
			t.choose(card)
		}
	})
}

// text is a data attribute's value, "" when it is missing (js's String of undefined is
// "<undefined>").
func text(v app.Value) string {
	if v.Type() != app.TypeString {
		return ""
	}
	return v.String()
}
