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

// TestWholeGameLog: the table keeps each earlier round's log as last seen, oldest first, and
// forgets them when the host deals a new game.
func TestWholeGameLog(t *testing.T) {
	tb := &Table{Game: "g1"}
	tb.wholeLog(Board{Round: 1, Log: []string{"r1 a"}})
	tb.wholeLog(Board{Round: 1, Log: []string{"r1 a", "r1 b"}})
	if got := tb.wholeLog(Board{Round: 2, Log: []string{"r2 a"}}); len(got) != 1 || len(got[0]) != 2 || got[0][1] != "r1 b" {
		t.Fatalf("earlier rounds %v", got)
	}
	if got := tb.wholeLog(Board{Round: 3}); len(got) != 2 || got[1][0] != "r2 a" {
		t.Fatalf("earlier rounds %v", got)
	}
	tb.Game = "g2"
	if got := tb.wholeLog(Board{Round: 2, Log: []string{"x"}}); len(got) != 0 {
		t.Fatalf("a new game kept the old one's log: %v", got)
	}
}
