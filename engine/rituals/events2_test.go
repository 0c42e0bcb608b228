package rituals

import (
	"slices"
	"testing"

	"miskatonic/engine"
)

// Opponent-Targeted: played on another player's cultist, the event's player decides where it
// goes among the places showing one of its symbols, known or forgotten; a forgotten one is
// discovered by the cultist's owner (ruling 7).
func TestOpponentTargeted(t *testing.T) {
	g := spot{players: 3, places: map[string]int{"C": 0, "E": 1},
		hands: [][]CardID{{45}, {60}, {99, Targeted}}, deck: []CardID{20, 30, 31, 32, 33, 34, 35, 36}}.game(t)
	sendAll(t, g, 45, 60, 99)
	do(t, g, 0, "pass")
	do(t, g, 1, "pass")
	if got := g.Legal(2); len(got) != 3 || got[1] != parse(2, "play 107 to=0") || got[2] != parse(2, "play 107 to=1") {
		t.Fatalf("seat 2 may %v (never its own cultist)", got)
	}
	refuse(t, g, 2, "play 107 to=2", engine.KindIllegal)
	do(t, g, 2, "play 107 to=0")
	if g.phase != phPlace || g.placer != 2 {
		t.Fatalf("%s placer %d", g.phaseName(), g.placer)
	}
	wantPlaces(t, g, "C D H")
	do(t, g, 2, "place H")
	if ownerOf(g, "H") != 0 {
		t.Fatalf("H discovered by %d, want the cultist's owner 0", ownerOf(g, "H"))
	}
	wantPlaces(t, g, "E H") // 60 (E H L) now has two known places to choose from
}

// Ruling 19: False God and Opponent-Targeted on the same cultist resolve in the order played;
// the last one decides.
func TestFalseGodThenTargeted(t *testing.T) {
	sp := spot{players: 3, places: map[string]int{"C": 1, "E": 1},
		hands: [][]CardID{{45}, {60, FalseGod1}, {99, Targeted}}, deck: []CardID{20, 30, 31, 32, 33, 34, 35, 36}}
	t.Run("Opponent-Targeted last", func(t *testing.T) {
		g := sp.game(t)
		sendAll(t, g, 45, 60, 99)
		do(t, g, 0, "pass")
		do(t, g, 1, "play 105 to=0")
		do(t, g, 0, "pass")
		do(t, g, 1, "pass")
		do(t, g, 2, "play 107 to=0")
		if g.phase != phPlace || g.placer != 2 {
			t.Fatalf("%s placer %d", g.phaseName(), g.placer)
		}
		wantPlaces(t, g, "C D H")
	})
	t.Run("False God last", func(t *testing.T) {
		g := sp.game(t)
		sendAll(t, g, 45, 60, 99)
		do(t, g, 0, "pass")
		do(t, g, 1, "pass")
		do(t, g, 2, "play 107 to=0")
		do(t, g, 0, "pass")
		do(t, g, 1, "play 105 to=0")
		wantCards(t, "E", placeOf(g, "E"), 45, 60) // 45 first: the only known place it does not show
	})
}

// Rise Up: take a forgotten place as known; rulings 5 and 14: the owner's own cultist may not go
// to it while it is empty in the round gained (if it is the only match, the cultist discovers),
// other players' cultists must, and False God may still send the owner's cultist there.
func TestRiseUp(t *testing.T) {
	t.Run("others must, the owner may not", func(t *testing.T) {
		g := spot{players: 2, places: map[string]int{"A": 1},
			hands: [][]CardID{{20, RiseUp1}, {31}}, deck: []CardID{32, 33, 34}}.game(t)
		sendAll(t, g, 20, 31)
		if st := g.Status(); st.Phase != PhaseEvents2 || !slices.Equal(st.Active, seats(0)) {
			t.Fatalf("the window before the first placement: %+v", st)
		}
		do(t, g, 0, "play 101 E")
		if ownerOf(g, "E") != 0 || g.ViewOf(1).Places[4].RisenBy != 0 {
			t.Fatal("Rise Up did not make E seat 0's")
		}
		passWindow(t, g)
		wantCards(t, "A", placeOf(g, "A"), 20) // 20 (A E K) may not use its owner's new E
		wantCards(t, "E", placeOf(g, "E"), 31) // 31 (E F G) must
	})
	t.Run("the only match: discover instead", func(t *testing.T) {
		g := spot{players: 2, places: map[string]int{"A": 1},
			hands: [][]CardID{{13, RiseUp1}, {31}}, deck: []CardID{32, 33, 34}}.game(t)
		sendAll(t, g, 13, 31)
		do(t, g, 0, "play 101 E")
		passWindow(t, g)
		wantPlaces(t, g, "G K") // 13 shows E G K
	})
	t.Run("False God may send the owner's cultist there", func(t *testing.T) {
		g := spot{players: 2, places: map[string]int{"C": 1},
			hands: [][]CardID{{45, RiseUp1}, {99, FalseGod1}}, deck: []CardID{32, 33, 34}}.game(t)
		sendAll(t, g, 45, 99)
		do(t, g, 0, "pass")
		do(t, g, 1, "play 105 to=0")
		do(t, g, 0, "play 101 E")
		passWindow(t, g)
		wantCards(t, "E", placeOf(g, "E"), 45)
	})
}

// New Arrangement: two cultists at one place swap; ruling 8: it never makes an invocation.
func TestNewArrangement(t *testing.T) {
	g := spot{players: 2, places: map[string]int{"C": 0}, at: map[string][]CardID{"C": {2, 4, 6}},
		hands: [][]CardID{{14}, {15, Rearrange1}}, deck: []CardID{32, 33, 34}}.game(t)
	sendAll(t, g, 14, 15)
	do(t, g, 0, "pass")
	var plays []engine.Move
	for _, m := range g.Legal(1) {
		if m.Kind == MovePlay {
			plays = append(plays, m)
		}
	}
	if len(plays) != 3 || plays[0].N != 12 || plays[1].N != 13 || plays[2].N != 23 {
		t.Fatalf("New Arrangement moves %v", plays)
	}
	do(t, g, 1, "play 110 C n=13")
	wantCards(t, "C", placeOf(g, "C"), 6, 4, 2)
	do(t, g, 0, "place F") // 14 (F I L) discovers
	// 15 (A B C) completes C: 6 is now #1 and goes to seat 1; 4 and 2 left, 15 right.
	wantCards(t, "seat 1 left", pile(g.left[1]), 6)
	wantCards(t, "seat 0 left", pile(g.left[0]), 2, 4)
	wantCards(t, "seat 0 right", pile(g.right[0]), 15)
}

// Embarrassing Mistake: a cultist moves to another known place showing one of its symbols; the
// rest close the gap and a place left empty stays known (ruling 18); a fourth cultist so placed
// invokes at once (ruling 8).
func TestEmbarrassingMistake(t *testing.T) {
	sp := spot{players: 2, places: map[string]int{"C": 0, "E": 1, "G": 1},
		at:    map[string][]CardID{"C": {2, 4, 6}, "E": {70}},
		hands: [][]CardID{{14}, {99, Mistake}}, deck: []CardID{32, 33, 34}}
	t.Run("the moves offered", func(t *testing.T) {
		g := sp.game(t)
		sendAll(t, g, 14, 99)
		do(t, g, 0, "pass")
		got := g.Legal(1)
		want := []engine.Move{parse(1, "pass"), parse(1, "play 112 n=4 G"), parse(1, "play 112 n=70 C")}
		if !slices.Equal(got, want) {
			t.Fatalf("legal %v, want %v", got, want)
		}
	})
	t.Run("the gap closes", func(t *testing.T) {
		g := sp.game(t)
		sendAll(t, g, 14, 99)
		do(t, g, 0, "pass")
		do(t, g, 1, "play 112 n=4 G")
		wantCards(t, "C", placeOf(g, "C"), 2, 6)
		wantCards(t, "G", placeOf(g, "G"), 4)
	})
	t.Run("a fourth cultist invokes", func(t *testing.T) {
		g := sp.game(t)
		sendAll(t, g, 14, 99)
		do(t, g, 0, "pass")
		do(t, g, 1, "play 112 n=70 C")
		wantCards(t, "seat 0 right", pile(g.right[0]), 70)
		wantCards(t, "seat 0 left", pile(g.left[0]), 4, 6)
		wantCards(t, "seat 1 left", pile(g.left[1]), 2)
		if ownerOf(g, "C") != -1 || ownerOf(g, "E") != 1 || len(placeOf(g, "E")) != 0 {
			t.Fatalf("C owner %d, E owner %d holding %v", ownerOf(g, "C"), ownerOf(g, "E"), placeOf(g, "E"))
		}
	})
}

// Ruling 16: a hand of events only sends no cultist (shown to all) and may still play events.
func TestNoCultistInHand(t *testing.T) {
	g := spot{players: 2, places: map[string]int{"A": 1},
		hands: [][]CardID{{Breakdown}, {20, 30}}, deck: []CardID{31, 32, 33, 34, 35, 36, 37, 38, 39, 40, 41, 42, 43, 44}}.game(t)
	if got := g.Legal(0); len(got) != 1 || got[0] != parse(0, "send") {
		t.Fatalf("legal %v", got)
	}
	do(t, g, 0, "send")
	do(t, g, 1, "send 20")
	if v := g.ViewOf(1); !v.Seats[0].NoCultist || v.Seats[0].Sent != 0 {
		t.Fatalf("view %+v", v.Seats[0])
	}
	do(t, g, 1, "pass")
	do(t, g, 0, "play 108 to=1")
	if g.nDisc != 1 || g.disc[0] != Breakdown {
		t.Fatal("the Breakdown was not played")
	}
	// 20 → A; phase 3: seat 1 (the placer) draws 6, then seat 0 draws 7.
	if g.round != 2 || g.handN[0] != 7 || g.handN[1] != 7 || g.deckEnd-g.deckTop != 1 {
		t.Fatalf("round %d hands %v", g.round, g.handN)
	}
}

// Ruling 3: equal insanity (only possible through events) goes by the printed value, lower first.
func TestOrderTies(t *testing.T) {
	g := spot{players: 3, hands: [][]CardID{{60}, {55}, {1}}}.game(t)
	g.sent = [MaxPlayers]CardID{60, 55, 1}
	g.eff = [MaxPlayers]int8{50, 50, 70}
	g.computeOrder()
	if got := g.order[:3]; !slices.Equal(got, []int8{1, 0, 2}) {
		t.Fatalf("order %v, want 1 0 2", got)
	}
}
