package rituals

import (
	"slices"
	"testing"

	"miskatonic/engine"
)

// Perform Invocations: "Once a fourth cultist has arrived at your ritual place": #1 becomes
// psychotic and runs to another player of your choice (left of his Secret Influence), #2 and #3
// go left of yours, #4 right of yours, and the place is forgotten again. And "you can harm an
// opponent by placing a low-grade cultist in the fourth position of his ritual place".
func TestInvocation(t *testing.T) {
	// Seat 1's Dagon holds 96, 91, 81. Seat 0's 1 (D E I) must go there as the fourth: a lowly
	// Untaught in the ×5 spot.
	g := spot{players: 3, places: map[string]int{"D": 1, "A": 2},
		at:    map[string][]CardID{"D": {96, 91, 81}},
		hands: [][]CardID{{1, 50}, {56, 60}, {62, 64}}, deck: make([]CardID, 0)}.game(t)
	g.deck[0], g.deckEnd = hidden(20), 1 // one card left: the game goes on past the first refill
	sendAll(t, g, 1, 56, 62)
	if g.phase != phPsychotic || g.psOwner != 1 || g.psCard != 96 {
		t.Fatalf("after the fourth cultist: %s owner %d card %v", g.phaseName(), g.psOwner, g.psCard)
	}
	if ownerOf(g, "D") != -1 || len(placeOf(g, "D")) != 0 {
		t.Fatal("an invoked place is forgotten again, empty")
	}
	wantCards(t, "seat 1 left", pile(g.left[1]), 81, 91)
	wantCards(t, "seat 1 right", pile(g.right[1]), 1)
	if got := g.Legal(1); len(got) != 2 || got[0].To != 0 || got[1].To != 2 {
		t.Fatalf("psychotic choices %v, want seats 0 and 2", got)
	}
	refuse(t, g, 1, "psychotic 1", engine.KindIllegal)
	do(t, g, 1, "psychotic 2")
	wantCards(t, "seat 2 left", pile(g.left[2]), 96)
	if s := g.Score(1); s != 5*1+5+4 {
		t.Errorf("seat 1 scores %d, want 5×1 + 5 + 4 = 14", s)
	}
	// 56 (A B L) then goes to seat 2's Azathoth as #1, and 62 (A E J) as #2.
	wantCards(t, "A", placeOf(g, "A"), 56, 62)
	if s := g.Score(2); s != 5-3 {
		t.Errorf("seat 2 scores %d, want 5 (the psychotic High Priest) - 3 (62 at #2 of A)", s)
	}
}

// Ruling 4: with two players the psychotic #1 goes to the only opponent, with no question.
func TestInvocationTwoPlayers(t *testing.T) {
	g := spot{players: 2, places: map[string]int{"D": 0},
		at:    map[string][]CardID{"D": {18, 19, 36}},
		hands: [][]CardID{{40, 50}, {56, 60}}, deck: []CardID{20, 30, 31, 32}}.game(t)
	sendAll(t, g, 40, 56) // 40 (D F K) completes seat 0's Dagon; 56 discovers A, B or L
	wantCards(t, "seat 1 left", pile(g.left[1]), 18)
	wantCards(t, "seat 0 left", pile(g.left[0]), 19, 36)
	wantCards(t, "seat 0 right", pile(g.right[0]), 40)
	if g.phase != phPlace || g.placer != 1 {
		t.Fatalf("%s placer %d", g.phaseName(), g.placer)
	}
	if s0, s1 := g.Score(0), g.Score(1); s0 != 5*2+1+2 || s1 != 1 {
		t.Fatalf("scores %d %d, want 13 and 1", s0, s1)
	}
}

// Endgame and Scoring with the warning: ×5 right, ×1 left; at incomplete rituals #1 scores 0
// and #2, #3 are subtracted (ruling 10).
func TestScoring(t *testing.T) {
	g := spot{players: 2, places: map[string]int{"B": 0, "K": 1},
		at:    map[string][]CardID{"B": {99, 94, 88}, "K": {77}},
		hands: [][]CardID{{1}, {12}}, deck: nil}.game(t)
	g.giveRight(0, 83) // 4 signs ×5
	g.giveLeft(0, 33)  // 2 signs
	g.giveLeft(1, 50)  // 3
	if s := g.Score(0); s != 20+2-5-5 {
		t.Errorf("seat 0 scores %d, want 20 + 2 - 5 - 5 (the High Priests at #2 and #3 of B)", s)
	}
	if s := g.Score(1); s != 3 {
		t.Errorf("seat 1 scores %d, want 3 (a lone #1 counts 0)", s)
	}
	// 1 (D E I) discovers; 12 (E H K) goes to K: both need a card and the deck is empty.
	sendAll(t, g, 1, 12)
	for g.phase == phPlace {
		do(t, g, int(g.placer), g.Legal(engine.Seat(g.placer))[0].Kind+" "+g.Legal(engine.Seat(g.placer))[0].Option)
	}
	st := g.Status()
	if !st.Over || g.ender != 0 || !slices.Equal(st.Result.Scores, []int{12, 3 - 1}) {
		t.Fatalf("status %+v ender %d", st, g.ender)
	}
	if !slices.Equal(st.Result.Winners, []engine.Seat{0}) || st.Result.Reason != ReasonDeck {
		t.Fatalf("result %+v", st.Result)
	}
}
