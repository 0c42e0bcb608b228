package board

import (
	"time"

	"github.com/maxence-charriere/go-app/v9/pkg/app"
)

// FocusHome marks a board's focus home: the element (made focusable with tabindex -1, and
// marked with this data attribute) beside which the board's next controls appear, the dock or
// the prompt. Mark one element per board.
const FocusHome = "focus-home"

// ReleaseFocus hands the focus from the control just pressed to the board's focus home, if the
// board marks one, once the move is on its way and before the host's answer is drawn. The
// control goes away with that answer, and taking out the focused element made Chromium
// recompute the whole page's style inside the drawing, before the drawing's own changes were
// made: removeChild was 15 % of a guest's drawing in the three-browser test's CPU profile, 4 %
// once the focus moved. Not in the click itself: focus() costs a style update too, and there it
// held the move back (click → sent, p50 0.7 → 1.4-2.1 ms); a timer runs it after the page has
// sent the move, a few milliseconds before the answer can come. Keyboard players lose nothing:
// Tab from the home reaches the next controls first.
func ReleaseFocus() {
	if !app.IsClient {
		return
	}
	time.AfterFunc(time.Millisecond, func() {
		if home := app.Window().Get("document").Call("querySelector", "[data-"+FocusHome+"]"); home.Truthy() {
			home.Call("focus", map[string]any{"preventScroll": true})
		}
	})
}

// TakeFocus moves the focus to the element css selects once the drawing under way is on the
// page, if the focus is loose: on <body> or on the board's focus home. A panel that opens over
// the table (a round's reveal, a card's explanation) so puts a keyboard or screen-reader player
// on its button, while a person typing elsewhere (the table talk) keeps their place. The HTML
// autofocus attribute does not do it: a browser honours it once per page, at load.
func TakeFocus(css string) {
	if !app.IsClient {
		return
	}
	time.AfterFunc(time.Millisecond, func() {
		doc := app.Window().Get("document")
		at := doc.Get("activeElement")
		if at.Truthy() && !at.Equal(doc.Get("body")) && !at.Call("hasAttribute", "data-"+FocusHome).Bool() {
			return
		}
		if el := doc.Call("querySelector", css); el.Truthy() {
			el.Call("focus", map[string]any{"preventScroll": true})
		}
	})
}
