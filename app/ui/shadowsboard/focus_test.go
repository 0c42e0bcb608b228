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
	n := 0
	boardtest.EachState(t, shadows.Rules{}, 4, 11, func(g *shadows.Game) {
		if n++; n > 80 {
			return
		}
		mover := g.ViewOf(0).ToMove
		if mover < 0 {
			mover = 0
		}
		if err := boardtest.OneFocusHome(render(g, mover)); err != nil {
			t.Fatalf("state %d: %v", n, err)
		}
	})
}
