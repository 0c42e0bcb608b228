package ritualsboard

import (
	"strings"
	"testing"

	"miskatonic/app/i18n"
	"miskatonic/app/ui/board/boardtest"
	"miskatonic/engine/rituals"
)

// TestHeaderBeforeRoundOne: while the places are grabbed, before round 1, the header says the
// table is being set up, not "Round 0".
func TestHeaderBeforeRoundOne(t *testing.T) {
	seen := 0
	boardtest.EachState(t, rituals.Rules{}, 4, 1, func(g *rituals.Game) {
		v := g.ViewOf(0)
		html := render(g, 0)
		if v.Round != 0 {
			if !strings.Contains(html, i18n.T("rit.round_deck", v.Round, v.DeckSize)) {
				t.Fatalf("round %d: header lacks the round line", v.Round)
			}
			return
		}
		seen++
		if strings.Contains(html, i18n.T("rit.round_deck", 0, v.DeckSize)) {
			t.Fatal("the header reads round 0")
		}
		if !strings.Contains(html, i18n.T("rit.setup_deck", v.DeckSize)) {
			t.Fatal("the header does not say the table is being set up")
		}
	})
	if seen == 0 {
		t.Fatal("no state before round 1: the test proves nothing")
	}
}
