package rituals

import (
	"strings"
	"testing"

	"miskatonic/engine"
	"miskatonic/engine/rng"
)

// TestBadInputs offers moves that must be refused, each with its kind, leaving the game
// byte-identical (the Game value and every seat's view JSON).
func TestBadInputs(t *testing.T) {
	fresh := func(t *testing.T) *Game { g, _ := New(engine.Config{Seats: 3}); return g }
	grab := func(t *testing.T) *Game {
		g := fresh(t)
		g.ApplyDeal([32]byte{5})
		do(t, g, 0, "grab C")
		return g
	}
	send := func(t *testing.T) *Game {
		g := spot{players: 3, places: map[string]int{"A": 0, "B": 1, "C": 2},
			hands: [][]CardID{{3, RightMind}, {43, FalseGod2}, {90, Breakdown}}, deck: []CardID{20, 30}}.game(t)
		do(t, g, 1, "send 43")
		return g
	}
	window1 := func(t *testing.T) *Game {
		g := spot{players: 3, places: map[string]int{"A": 0, "B": 1, "C": 2},
			hands: [][]CardID{{3, RightMind, Rearrange1}, {43, FalseGod2}, {90, Breakdown}}, deck: []CardID{20, 30}}.game(t)
		sendAll(t, g, 3, 43, 90)
		return g
	}
	react := func(t *testing.T) *Game {
		g := spot{players: 3, places: map[string]int{"A": 0, "B": 1, "C": 2},
			hands: [][]CardID{{3, NoWay1}, {43, NoWay2}, {90, Breakdown}}, deck: []CardID{20, 30}}.game(t)
		sendAll(t, g, 3, 43, 90)
		do(t, g, 0, "pass")
		do(t, g, 1, "pass")
		do(t, g, 2, "play 108 to=0")
		return g
	}
	window2 := func(t *testing.T) *Game {
		g := spot{players: 2, places: map[string]int{"C": 0, "E": 1, "G": 1},
			at:    map[string][]CardID{"C": {2, 4, 6}, "E": {70}},
			hands: [][]CardID{{14}, {99, Mistake, Rearrange1}}, deck: []CardID{32, 33, 34}}.game(t)
		sendAll(t, g, 14, 99)
		do(t, g, 0, "pass")
		return g
	}
	place := func(t *testing.T) *Game {
		g := spot{players: 3, places: map[string]int{"C": 0, "D": 1},
			hands: [][]CardID{{45, 70}, {11, 60}, {3, 90}}, deck: []CardID{20, 30, 31, 32, 33, 34}}.game(t)
		sendAll(t, g, 45, 11, 3)
		return g
	}
	psychotic := func(t *testing.T) *Game {
		g := spot{players: 3, places: map[string]int{"D": 1, "A": 2},
			at:    map[string][]CardID{"D": {96, 91, 81}},
			hands: [][]CardID{{1, 50}, {56, 60}, {62, 64}}, deck: []CardID{20}}.game(t)
		sendAll(t, g, 1, 56, 62)
		return g
	}
	over := func(t *testing.T) *Game {
		g, _ := New(engine.Config{Seats: 4})
		playRandom(g, rng.FromInt(4))
		return g
	}
	seed := strings.Repeat("ab", 32)
	cases := []struct {
		name  string
		state func(*testing.T) *Game
		move  engine.Move
		kind  engine.Kind
	}{
		{"a grab before the deal", fresh, parse(0, "grab C"), engine.KindNeedDeal},
		{"a deal from a player's seat", fresh, engine.Move{Seat: 0, Kind: engine.KindDeal, Seed: seed}, engine.KindIllegal},
		{"a deal with a short seed", fresh, engine.Move{Seat: engine.Dealer, Kind: engine.KindDeal, Seed: "00"}, engine.KindMalformed},
		{"a deal carrying a card", fresh, engine.Move{Seat: engine.Dealer, Kind: engine.KindDeal, Seed: seed, Card: 1}, engine.KindMalformed},
		{"a second deal", grab, engine.Move{Seat: engine.Dealer, Kind: engine.KindDeal, Seed: seed}, engine.KindIllegal},
		{"a seat not at the table", grab, parse(3, "grab D"), engine.KindBadSeat},
		{"the observer moving", grab, parse(-1, "grab D"), engine.KindBadSeat},
		{"an unknown kind", grab, parse(1, "take D"), engine.KindMalformed},
		{"an upper-case kind", grab, parse(1, "GRAB D"), engine.KindMalformed},
		{"a second grab by one seat", grab, parse(0, "grab D"), engine.KindNotYourTurn},
		{"a grab of no place", grab, parse(1, "grab atlantis"), engine.KindIllegal},
		{"a grab with a card", grab, engine.Move{Seat: 1, Kind: MoveGrab, Option: "dagon", Card: 3}, engine.KindIllegal},
		{"a grab by letter, not key", grab, engine.Move{Seat: 1, Kind: MoveGrab, Option: "D"}, engine.KindIllegal},
		{"a send during the grab", grab, parse(1, "send 3"), engine.KindIllegal},
		{"a second send by one seat", send, parse(1, "send 43"), engine.KindNotYourTurn},
		{"a send of a card not held", send, parse(0, "send 43"), engine.KindIllegal},
		{"a send of an event", send, parse(0, "send 109"), engine.KindIllegal},
		{"no cultist while holding one", send, parse(0, "send"), engine.KindIllegal},
		{"a send with a target", send, parse(0, "send 3 to=1"), engine.KindIllegal},
		{"a pass out of turn", window1, parse(1, "pass"), engine.KindNotYourTurn},
		{"a pass carrying a card", window1, parse(0, "pass 3"), engine.KindIllegal},
		{"a play of an event not held", window1, parse(0, "play 108 to=0"), engine.KindIllegal},
		{"a phase-2 event at the end of phase 1", window1, parse(0, "play 110 A n=12"), engine.KindIllegal},
		{"Right Mind on a seat without a cultist", window1, parse(0, "play 109 to=4"), engine.KindIllegal},
		{"Right Mind with no target", window1, engine.Move{Seat: 0, Kind: MovePlay, Card: int(RightMind), To: -1}, engine.KindIllegal},
		{"a play of a cultist", window1, parse(0, "play 3"), engine.KindIllegal},
		{"a play of card 1000", window1, parse(0, "play 1000"), engine.KindIllegal},
		{"a send in a window", window1, parse(0, "send 3"), engine.KindIllegal},
		{"That Doesn't Work by its target's player", react, parse(2, "play 103"), engine.KindNotYourTurn},
		{"Mental Breakdown as an answer", react, parse(0, "play 108 to=1"), engine.KindIllegal},
		{"New Arrangement with a bad pair", window2, parse(1, "play 110 C n=21"), engine.KindIllegal},
		{"New Arrangement beyond the cultists", window2, parse(1, "play 110 E n=12"), engine.KindIllegal},
		{"Embarrassing Mistake to the same place", window2, parse(1, "play 112 n=4 C"), engine.KindIllegal},
		{"Embarrassing Mistake to a place it does not show", window2, parse(1, "play 112 n=2 G"), engine.KindIllegal},
		{"Embarrassing Mistake of a cultist at no place", window2, parse(1, "play 112 n=99 C"), engine.KindIllegal},
		{"Rise Up at the end of phase 1", window1, parse(0, "play 101 D"), engine.KindIllegal},
		{"a place not allowed", place, parse(2, "place C"), engine.KindIllegal},
		{"a place by the wrong seat", place, parse(0, "place A"), engine.KindNotYourTurn},
		{"a place with no key", place, parse(2, "place"), engine.KindIllegal},
		{"a psychotic to oneself", psychotic, parse(1, "psychotic 1"), engine.KindIllegal},
		{"a psychotic to no seat", psychotic, parse(1, "psychotic 7"), engine.KindIllegal},
		{"a psychotic with a seed", psychotic, engine.Move{Seat: 1, Kind: MovePsychotic, To: 2, Seed: seed}, engine.KindIllegal},
		{"a move once the game is over", over, parse(0, "pass"), engine.KindGameOver},
		{"a deal once the game is over", over, engine.Move{Seat: engine.Dealer, Kind: engine.KindDeal, Seed: seed}, engine.KindGameOver},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) { refuseMove(t, c.state(t), c.move, c.kind) })
	}
}
