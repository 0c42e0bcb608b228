package rituals

import (
	"fmt"
	"slices"
	"testing"

	"miskatonic/engine"
	"miskatonic/engine/rng"
)

// Setup: "For 2- or 3-players, remove the 8 cultist cards with the 2-3 icon … deal each player 7
// cards facedown … the remaining ritual cards [are] a facedown draw deck" (and ruling 11: the
// deck is 84 or 92 cards, events never removed).
func TestSetupDeal(t *testing.T) {
	for n := MinPlayers; n <= MaxPlayers; n++ {
		t.Run(fmt.Sprintf("%d players", n), func(t *testing.T) {
			g, _ := New(engine.Config{Seats: n})
			st := g.Status()
			if st.Deal == nil || st.Deal.Epoch != 1 || !slices.Equal(st.Active, []engine.Seat{engine.Dealer}) {
				t.Fatalf("before the deal: %+v", st)
			}
			if err := g.ApplyDeal([32]byte{byte(n)}); err != nil {
				t.Fatal(err)
			}
			total, twoThree := 92, 0
			if n <= 3 {
				total = 84
			}
			seen := map[CardID]bool{}
			for s := 0; s < n; s++ {
				if g.handN[s] != HandSize {
					t.Errorf("seat %d holds %d cards", s, g.handN[s])
				}
				for _, h := range g.hand[s][:g.handN[s]] {
					seen[h.open()] = true
				}
			}
			for _, h := range g.deck[g.deckTop:g.deckEnd] {
				seen[h.open()] = true
			}
			for c := range seen {
				if Cards[c].TwoThree {
					twoThree++
				}
			}
			if len(seen) != total || int(g.deckEnd-g.deckTop) != total-7*n {
				t.Errorf("%d distinct cards, draw pile %d; want %d and %d", len(seen), g.deckEnd-g.deckTop, total, total-7*n)
			}
			if (n <= 3) != (twoThree == 0) || (n > 3 && twoThree != 8) {
				t.Errorf("%d players: %d cards with the 2-3 icon in play", n, twoThree)
			}
			if st := g.Status(); st.Phase != PhaseGrab || !st.Sealed || len(st.Active) != n {
				t.Errorf("after the deal: %+v", st)
			}
		})
	}
}

// Setup: the deal is the pinned shuffle of the deck in id order with the HKDF "deck" stream of
// the game's one key; seat s gets cards 7s…7s+6.
func TestDealIsPinned(t *testing.T) {
	key := [32]byte{1, 2, 3}
	g, _ := New(engine.Config{Seats: 4})
	g.ApplyDeal(key)
	deck := append([]CardID(nil), fullDeck...)
	r := rng.New(rng.Derive(key, "miskatonic/v1/rituals/deck"))
	r.Shuffle(len(deck), func(i, j int) { deck[i], deck[j] = deck[j], deck[i] })
	for s := 0; s < 4; s++ {
		want := slices.Clone(deck[7*s : 7*s+7])
		slices.Sort(want)
		var got []CardID
		for _, h := range g.hand[s][:7] {
			got = append(got, h.open())
		}
		wantCards(t, fmt.Sprintf("hand of %d", s), got, want...)
	}
	if g.deck[g.deckTop].open() != deck[28] {
		t.Errorf("top of the draw pile %v, want %v", g.deck[g.deckTop].open(), deck[28])
	}
}

// Setup and ruling 1: "grabs one ritual place … only the speed of decision determines who gets
// which" — digitally a sealed, simultaneous pick; a collision goes to one of the pickers at
// random (the grab stream of the deal key) and the others pick again from what is left.
func TestSetupGrab(t *testing.T) {
	key := [32]byte{9}
	g, _ := New(engine.Config{Seats: 3})
	g.ApplyDeal(key)
	legal1 := g.Legal(1)
	do(t, g, 2, "grab C")
	if !slices.Equal(g.Legal(1), legal1) {
		t.Fatal("seat 2's grab changed what seat 1 may choose")
	}
	if st := g.Status(); !st.Sealed || !slices.Equal(st.Active, []engine.Seat{0, 1}) {
		t.Fatalf("status %+v", st)
	}
	if v := g.ViewOf(0); !v.Seats[2].Chosen || v.Seats[2].Grab != "" {
		t.Fatalf("seat 0 sees seat 2's grab: %+v", v.Seats[2])
	}
	if v := g.ViewOf(2); v.Seats[2].Grab != "cthulhu" {
		t.Fatalf("seat 2 does not see its own grab: %+v", v.Seats[2])
	}
	refuse(t, g, 2, "grab D", engine.KindNotYourTurn) // one move per seat
	do(t, g, 1, "grab D")
	do(t, g, 0, "grab C")
	r := rng.New(rng.Derive(key, "miskatonic/v1/rituals/grab/1"))
	winner, loser := []int{0, 2}[r.Intn(2)], 0
	if winner == 0 {
		loser = 2
	}
	if ownerOf(g, "C") != winner || ownerOf(g, "D") != 1 {
		t.Fatalf("C owned by %d (want %d), D by %d", ownerOf(g, "C"), winner, ownerOf(g, "D"))
	}
	if st := g.Status(); st.Phase != PhaseGrab || !st.Sealed || !slices.Equal(st.Active, []engine.Seat{engine.Seat(loser)}) {
		t.Fatalf("after the collision: %+v", st)
	}
	if len(g.Legal(engine.Seat(loser))) != 10 {
		t.Fatalf("the loser may pick %d places, want the 10 left", len(g.Legal(engine.Seat(loser))))
	}
	refuse(t, g, loser, "grab C", engine.KindIllegal)
	do(t, g, loser, "grab L")
	if ownerOf(g, "L") != loser || g.phase != phSend || g.round != 1 {
		t.Fatalf("after the second grab: %s", describe(g))
	}
	// Both outcomes of a collision happen over different keys.
	wins := map[int8]int{}
	for k := byte(0); k < 40; k++ {
		g, _ := New(engine.Config{Seats: 2})
		g.ApplyDeal([32]byte{k, 7})
		do(t, g, 0, "grab A")
		do(t, g, 1, "grab A")
		wins[g.owner[0]]++
	}
	if wins[0] == 0 || wins[1] == 0 {
		t.Fatalf("collision winners over 40 keys: %v", wins)
	}
}

// Known & forgotten: places in front of a player are known, those in the middle forgotten.
// Phase 1: "All players simultaneously send out a cultist … then everyone reveals".
func TestSendOutSimultaneously(t *testing.T) {
	sp := spot{players: 3, places: map[string]int{"C": 0, "D": 1},
		hands: [][]CardID{{45, 70}, {11, 60}, {3, 90}}, deck: []CardID{20, 30, 31, 32, 33, 34}}
	g := sp.game(t)
	v := g.ViewOf(engine.Observer)
	if v.Places[2].Owner != 0 || v.Places[3].Owner != 1 || v.Places[0].Owner != -1 {
		t.Fatalf("places %+v", v.Places[:4])
	}
	if st := g.Status(); st.Phase != PhaseSend || !st.Sealed || len(st.Active) != 3 {
		t.Fatalf("status %+v", st)
	}
	legal0 := g.Legal(0)
	do(t, g, 2, "send 3")
	do(t, g, 1, "send 11")
	if !slices.Equal(g.Legal(0), legal0) {
		t.Fatal("earlier sends changed what seat 0 may choose")
	}
	for _, s := range []engine.Seat{engine.Observer, 0} {
		v := g.ViewOf(s)
		if v.Seats[1].Sent != 0 || v.Seats[2].Sent != 0 || !v.Seats[1].Chosen || v.Seats[0].Chosen {
			t.Fatalf("seat %d sees %+v", s, v.Seats)
		}
	}
	if v := g.ViewOf(2); v.Seats[2].Sent != 3 || v.Seats[2].HandSize != 2 {
		t.Fatalf("seat 2's own view %+v", v.Seats[2])
	}
	do(t, g, 0, "send 45")
	v = g.ViewOf(engine.Observer)
	for s, c := range []CardID{45, 11, 3} {
		if v.Seats[s].Sent != c || v.Seats[s].HandSize != 1 || v.Seats[s].Insanity != int(c) {
			t.Fatalf("after the reveal seat %d: %+v", s, v.Seats[s])
		}
	}
	// Any order of the sealed moves gives the same game.
	orders := [][]int{{0, 1, 2}, {2, 0, 1}, {1, 2, 0}}
	var states []string
	for _, o := range orders {
		g := sp.game(t)
		for _, s := range o {
			do(t, g, s, "send "+fmt.Sprint([]int{45, 11, 3}[s]))
		}
		states = append(states, allViews(g))
	}
	if states[0] != states[1] || states[0] != states[2] {
		t.Fatal("the order of sealed sends changed the outcome")
	}
}

// Phase 2: "The player whose cultist has the lowest insanity rating is the first to assign his
// cultist", then case a (must join a matching known place, choosing among several) and case b
// (discover a matching forgotten place, cultist on its left).
func TestVisitRitualPlaces(t *testing.T) {
	g := spot{players: 3, places: map[string]int{"C": 0, "D": 1},
		hands: [][]CardID{{45, 70}, {11, 60}, {3, 90}}, deck: []CardID{20, 30, 31, 32, 33, 34}}.game(t)
	sendAll(t, g, 45, 11, 3)
	// 3 (A F H) matches no known place: seat 2 discovers A, F or H.
	if g.phase != phPlace || g.placer != 2 {
		t.Fatalf("first to place: %s placer %d", g.phaseName(), g.placer)
	}
	wantPlaces(t, g, "A F H")
	refuse(t, g, 2, "place C", engine.KindIllegal)
	do(t, g, 2, "place F")
	if ownerOf(g, "F") != 2 {
		t.Fatal("a discovered place goes in front of its discoverer")
	}
	wantCards(t, "F", placeOf(g, "F"), 3)
	// 11 (D G K) matches only D (seat 1's own): placed there with no choice. Then 45 (C D H)
	// matches C (own) and D (opponent's): seat 0 chooses.
	wantCards(t, "D", placeOf(g, "D"), 11)
	wantPlaces(t, g, "C D")
	do(t, g, 0, "place D")
	wantCards(t, "D", placeOf(g, "D"), 11, 45)
	// Phase 3 (rulings 9 and 20): in placement order (3, 11, 45: seats 2, 1, 0) each draws back
	// to 7 in one go. Seat 2 takes all six cards; seat 1 must draw from the empty deck, and the
	// game ends at once (seat 0 never draws).
	if st := g.Status(); !st.Over || g.ender != 1 {
		t.Fatalf("status %+v, ender %d", st, g.ender)
	}
	if g.handN[2] != 7 || g.handN[1] != 1 || g.handN[0] != 1 {
		t.Fatalf("hands %v", g.handN)
	}
	// Ruling 10: seat 1's incomplete ritual at D has 45 (2 elder signs) as #2: -2. Ruling 15: the
	// tied top scores share the win.
	res := g.Status().Result
	if !slices.Equal(res.Scores, []int{0, -2, 0}) || !slices.Equal(res.Winners, []engine.Seat{0, 2}) {
		t.Fatalf("result %+v", res)
	}
}
