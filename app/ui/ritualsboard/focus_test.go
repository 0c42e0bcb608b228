package ritualsboard

import (
	"testing"

	"miskatonic/app/ui/board/boardtest"
	"miskatonic/engine/rituals"
)

// TestPromptIsTheFocusHome: in every state of a game, the table marks one focus home (the
// prompt above the moves), so a pressed move hands its focus to it.
func TestPromptIsTheFocusHome(t *testing.T) {
	boardtest.FocusHomeInEachState(t, rituals.Rules{}, 4, 5, 60, func(g *rituals.Game) string { return render(g, 0) })
}
