package rituals

import (
	"slices"
	"testing"

	"miskatonic/engine"
)

func seats(ss ...int) []engine.Seat {
	out := []engine.Seat{}
	for _, s := range ss {
		out = append(out, engine.Seat(s))
	}
	return out
}

// Mental Breakdown ("madness value 100 for this round") and Right Mind (0), played at the end of
// phase 1; ruling 12: on the same cultist the last one resolved decides; ruling 17: the window
// asks in placement order from the next to place and closes after everyone passed in a row.
func TestBreakdownAndRightMind(t *testing.T) {
	g := spot{players: 3, places: map[string]int{"A": 0, "B": 1, "C": 2},
		hands: [][]CardID{{3, RightMind}, {43, FalseGod2}, {90, Breakdown}}, deck: []CardID{20, 30, 31, 32, 33, 34}}.game(t)
	sendAll(t, g, 3, 43, 90)
	if st := g.Status(); st.Phase != PhaseEvents1 || !slices.Equal(st.Active, seats(0)) {
		t.Fatalf("after the reveal: %+v", st)
	}
	if got := g.Legal(0); len(got) != 4 || got[0].Kind != MovePass || got[3] != parse(0, "play 109 to=2") {
		t.Fatalf("seat 0 may %v", got)
	}
	do(t, g, 0, "play 109 to=2") // Right Mind on 90: now first
	if g.eff[2] != 0 || !slices.Equal(g.ViewOf(engine.Observer).Window.Order, seats(2, 0, 1)) {
		t.Fatalf("insanity %d, window %+v", g.eff[2], g.ViewOf(engine.Observer).Window)
	}
	do(t, g, 2, "play 108 to=2") // Mental Breakdown on the same cultist: resolved last, it decides
	if g.eff[2] != 100 {
		t.Fatalf("insanity %d, want 100", g.eff[2])
	}
	// Seat 1 still holds a False God, so the window stays open until all three passed.
	if asked := passWindow(t, g); !slices.Equal(asked, []int{0, 1, 2}) {
		t.Fatalf("asked %v, want 0 1 2", asked)
	}
	// 3 → A, 43 → B, then 90 (A C H) at A or C: the Breakdown cultist places last.
	if g.phase != phPlace || g.placer != 2 {
		t.Fatalf("%s placer %d", g.phaseName(), g.placer)
	}
	wantCards(t, "A", placeOf(g, "A"), 3)
	wantCards(t, "B", placeOf(g, "B"), 43)
	wantCards(t, "discards", g.disc[:g.nDisc], RightMind, Breakdown)
	if v := g.ViewOf(1); v.Seats[2].Insanity != 100 || v.Seats[0].Insanity != 3 {
		t.Fatalf("view insanity %+v", v.Seats)
	}
}

// That Doesn't Work: "negates the effect of the played event card"; ruling 2: it may cancel
// another That Doesn't Work. Ruling 17: the answer window asks everyone but the player of the
// card on top, starting after that player.
func TestThatDoesntWork(t *testing.T) {
	sp := spot{players: 3, places: map[string]int{"A": 0, "B": 1, "C": 2},
		hands: [][]CardID{{3, NoWay2}, {43, NoWay1, FalseGod2}, {90, Breakdown}}, deck: []CardID{20, 30, 31, 32, 33, 34}}
	t.Run("one cancels the Mental Breakdown", func(t *testing.T) {
		g := sp.game(t)
		sendAll(t, g, 3, 43, 90)
		do(t, g, 0, "pass")
		do(t, g, 1, "pass")
		do(t, g, 2, "play 108 to=0")
		v := g.ViewOf(engine.Observer)
		if v.Phase != PhaseReact || !slices.Equal(v.Window.Order, seats(0, 1)) || len(v.Stack) != 1 {
			t.Fatalf("answer window %+v stack %+v", v.Window, v.Stack)
		}
		refuse(t, g, 2, "play 103", engine.KindNotYourTurn)
		do(t, g, 0, "pass")
		do(t, g, 1, "play 103")
		// Nobody else holds That Doesn't Work now, but seat 0's copy is still unaccounted for
		// in public, so the answer window for 103 asks 2 and 0.
		if v := g.ViewOf(engine.Observer); !slices.Equal(v.Window.Order, seats(2, 0)) || len(v.Stack) != 2 {
			t.Fatalf("second answer window %+v", v.Window)
		}
		do(t, g, 2, "pass")
		do(t, g, 0, "pass")
		if g.eff[0] != 3 || g.nStack != 0 {
			t.Fatalf("the cancelled Breakdown changed insanity to %d", g.eff[0])
		}
		wantCards(t, "discards", g.disc[:g.nDisc], Breakdown, NoWay1)
		negated := 0
		for _, l := range g.log[:g.nLog] {
			if l.kind == evNegated {
				negated++
				if l.card != Breakdown || l.seat != 2 {
					t.Fatalf("negated %+v", l)
				}
			}
		}
		if negated != 1 {
			t.Fatalf("%d negated entries", negated)
		}
	})
	t.Run("a second cancels the first", func(t *testing.T) {
		g := sp.game(t)
		sendAll(t, g, 3, 43, 90)
		do(t, g, 0, "pass")
		do(t, g, 1, "pass")
		do(t, g, 2, "play 108 to=0")
		do(t, g, 0, "pass")
		do(t, g, 1, "play 103")
		do(t, g, 2, "pass")
		do(t, g, 0, "play 104") // both copies are now out: the stack resolves at once
		if g.eff[0] != 100 || g.nStack != 0 {
			t.Fatalf("insanity %d, stack %d: the Breakdown should stand", g.eff[0], g.nStack)
		}
		wantCards(t, "discards", g.disc[:g.nDisc], Breakdown, NoWay1, NoWay2)
		// The window reopens from the next player to place: seat 1 (43) now goes first.
		if g.phase != phWindow || g.asked() != 1 {
			t.Fatalf("%s asked %d", g.phaseName(), g.asked())
		}
	})
}

// False God: the cultist must go to a known place whose god it does not show (ruling 13: its
// owner chooses among several); with none, it discovers a forgotten place it does not show,
// chosen by the event's player, placed in front of the cultist's owner (ruling 6).
func TestFalseGod(t *testing.T) {
	cases := []struct {
		name    string
		places  map[string]int
		placer  int
		options string
	}{
		{"one known place: it goes there", map[string]int{"C": 0, "E": 1}, -1, ""},
		{"several known places: the owner chooses (ruling 13)", map[string]int{"C": 0, "E": 1, "G": 1}, 0, "E G"},
		{"no known place: the event player picks a forgotten one (ruling 6)", map[string]int{"C": 0, "D": 1}, 1, "A B E F G I J K L"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			g := spot{players: 2, places: c.places,
				hands: [][]CardID{{45, 1}, {FalseGod1, 99}}, deck: []CardID{20, 30, 31, 32}}.game(t)
			sendAll(t, g, 45, 99) // 45 shows C D H; 99 (B F K) places second
			do(t, g, 0, "pass")
			do(t, g, 1, "play 105 to=0")
			if g.steer[0] != steerFalseGod || g.ViewOf(engine.Observer).Seats[0].Steer != SteerFalseGod {
				t.Fatalf("steer %d", g.steer[0])
			}
			passWindow(t, g)
			if c.placer < 0 {
				wantCards(t, "E", placeOf(g, "E"), 45)
				return
			}
			if g.phase != phPlace || int(g.placer) != c.placer {
				t.Fatalf("%s placer %d, want %d", g.phaseName(), g.placer, c.placer)
			}
			wantPlaces(t, g, c.options)
			if c.placer == 1 {
				do(t, g, 1, "place L")
				if ownerOf(g, "L") != 0 {
					t.Fatalf("the discovered place went to seat %d, want the cultist's owner 0", ownerOf(g, "L"))
				}
				wantCards(t, "L", placeOf(g, "L"), 45)
			}
		})
	}
}
