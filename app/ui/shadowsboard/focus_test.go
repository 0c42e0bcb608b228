package shadowsboard

import (
	"testing"

	"miskatonic/app/ui/board/boardtest"
	"miskatonic/engine/shadows"
)

// TestPromptIsTheFocusHome: in every state of a game the table marks one focus home (the
// prompt above the moves), so a pressed move whose button goes away hands its focus there and
// a keyboard or screen-reader player is not sent back to the top of the page.
func TestPromptIsTheFocusHome(t *testing.T) {
	boardtest.FocusHomeInEachState(t, shadows.Rules{}, 4, 11, 80, func(g *shadows.Game) string {
		mover := g.ViewOf(0).ToMove
		if mover < 0 {
			mover = 0
		}
		return render(g, mover)
	})
}
