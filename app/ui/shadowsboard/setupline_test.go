package shadowsboard

import (
	"strings"
	"testing"

	"miskatonic/app/i18n"
	"miskatonic/app/ui/board/boardtest"
	"miskatonic/engine/shadows"
)

// TestStatusBeforeRoundOne: while characters and the Ring are chosen, before round 1, the status
// line says the table is being set up, not "Round 0 · turn 0".
func TestStatusBeforeRoundOne(t *testing.T) {
	seen := 0
	boardtest.EachState(t, shadows.Rules{}, 2, 3, func(g *shadows.Game) {
		v := g.ViewOf(0)
		if v.Round != 0 {
			return
		}
		seen++
		html := render(g, 0)
		if strings.Contains(html, i18n.T("sh.round_turn", 0, v.Turn)) {
			t.Fatal("the status reads round 0")
		}
		if !strings.Contains(html, i18n.T("sh.meta_setup")) {
			t.Fatal("the status does not say the table is being set up")
		}
	})
	if seen == 0 {
		t.Fatal("no state before round 1: the test proves nothing")
	}
}
