package fair_test

import (
	"testing"

	"miskatonic/engine"
	"miskatonic/engine/fair"
	"miskatonic/engine/fair/toy"
)

// TestPledgedRestart: a second set for a sealed round is accepted only as a restart for seats
// whose player's commitment became a stand-in's, every other commitment unchanged, before any
// move of the round is known; anything else is the host telling two stories. A restart after
// some seats have revealed to the host cannot change their choice: their commitments, which
// their openings are checked against, must stay as relayed.
func TestPledgedRestart(t *testing.T) {
	c := func(b byte) [32]byte { return [32]byte{b} }
	first := []fair.Pledge{{Seat: 0, C: c(1)}, {Seat: 1, C: c(2)}, {Seat: 2, C: c(3)}}
	standIn2 := []fair.Pledge{{Seat: 0, C: c(1)}, {Seat: 1, C: c(2)}, {Seat: 2, C: c(9), StandIn: true}}
	cases := []struct {
		name  string
		sets  [][]fair.Pledge
		moved bool // a move of the round is known before the last set
		ok    bool
	}{
		{"the same set again", [][]fair.Pledge{first, first}, false, true},
		{"restart for an absent seat", [][]fair.Pledge{first, standIn2}, false, true},
		{"another seat's commitment changed too", [][]fair.Pledge{first, {{Seat: 0, C: c(7)}, {Seat: 1, C: c(2)}, {Seat: 2, C: c(9), StandIn: true}}}, false, false},
		{"a player's commitment changed, no stand-in", [][]fair.Pledge{first, {{Seat: 0, C: c(1)}, {Seat: 1, C: c(2)}, {Seat: 2, C: c(9)}}}, false, false},
		{"a stand-in's commitment replaced again", [][]fair.Pledge{first, standIn2, {{Seat: 0, C: c(1)}, {Seat: 1, C: c(2)}, {Seat: 2, C: c(8), StandIn: true}}}, false, false},
		{"a seat dropped from the set", [][]fair.Pledge{first, standIn2[1:]}, false, false},
		{"restart after the round's first move is known", [][]fair.Pledge{first, standIn2}, true, false},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			a, err := fair.NewAuditor(toy.Rules{}, engine.Config{Seats: 3}, 0)
			if err != nil {
				t.Fatal(err)
			}
			var last error
			for i, set := range tc.sets {
				if i == len(tc.sets)-1 && tc.moved {
					if err := a.Move(1, engine.Move{Seat: 0, Kind: "x"}); err != nil {
						t.Fatal(err)
					}
				}
				last = a.Pledged(0, set)
				if i < len(tc.sets)-1 && last != nil {
					t.Fatalf("set %d refused: %v", i, last)
				}
			}
			if (last == nil) != tc.ok {
				t.Fatalf("last set accepted=%v, want %v (%v)", last == nil, tc.ok, last)
			}
			want := tc.sets[len(tc.sets)-2]
			if tc.ok {
				want = tc.sets[len(tc.sets)-1]
			}
			got := a.PledgeSet(0)
			for i := range want {
				if got[i].C != want[i].C {
					t.Fatalf("the round is checked against %v, want %v", got, want)
				}
			}
		})
	}
}
