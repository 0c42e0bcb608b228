package arkhamboard

import (
	"testing"

	"miskatonic/engine"
	"miskatonic/engine/arkham"
)

// TestHelperTableOption: with the host's "helper=off" no seat's board offers the deduction
// helper at any point of a game; with the default, players see it while a round is played.
func TestHelperTableOption(t *testing.T) {
	shown := 0
	playRandom(t, 5, map[string]string{"helper": "off", "first": "seat3"}, 3, func(g *arkham.Game, s engine.Seat, v *arkham.View, b Board) {
		if b.Odds != nil {
			t.Fatalf("seat %d sees the helper the host turned off", s)
		}
	})
	playRandom(t, 5, nil, 3, func(g *arkham.Game, s engine.Seat, v *arkham.View, b Board) {
		if b.Odds != nil {
			shown++
		}
	})
	if shown == 0 {
		t.Fatal("the helper never shows by default")
	}
}
