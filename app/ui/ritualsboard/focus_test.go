package ritualsboard

import (
	"testing"

	"miskatonic/app/ui/board/boardtest"
	"miskatonic/engine/rituals"
)

// TestPromptIsTheFocusHome: in every state of a game, the table marks one focus home (the
// prompt above the moves), so a pressed move hands its focus to it.
func TestPromptIsTheFocusHome(t *testing.T) {
	n := 0
	boardtest.EachState(t, rituals.Rules{}, 4, 5, func(g *rituals.Game) {
		if n++; n > 60 {
			return
		}
		if err := boardtest.OneFocusHome(render(g, 0)); err != nil {
			t.Fatalf("state %d: %v", n, err)
		}
	})
}
