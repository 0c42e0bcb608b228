package rituals

import (
	"testing"

	"miskatonic/engine"
	"miskatonic/engine/rng"
)

// TestLegalIndexMatchesLegal plays random games at every table size and checks, before every
// move and for every seat (the Dealer, the Observer and seats beyond the table too), that
// NumLegal is the length of Legal and LegalAt(i) its i-th move, and that an index out of range
// gives the zero Move. It also counts how many positions offered each kind of play, so a path
// random play never reached cannot pass unnoticed.
func TestLegalIndexMatchesLegal(t *testing.T) {
	rnd := rng.FromInt(21)
	seen := map[string]int{}
	for n := MinPlayers; n <= MaxPlayers; n++ {
		for i := 0; i < 300; i++ {
			g, _ := New(engine.Config{Seats: n})
			for {
				for s := engine.Dealer; s <= engine.Seat(n+1); s++ {
					legal := g.Legal(s)
					if got := g.NumLegal(s); got != len(legal) {
						t.Fatalf("%dp game %d, %s: NumLegal(%d) = %d, Legal has %d: %v", n, i, g.phaseName(), s, got, len(legal), legal)
					}
					for k, m := range legal {
						if got := g.LegalAt(s, k); got != m {
							t.Fatalf("%dp game %d, %s: LegalAt(%d, %d) = %v, Legal has %v", n, i, g.phaseName(), s, k, got, m)
						}
						seen[g.phaseName()+" "+m.Kind+" "+string(kindOfPlay(m))]++
					}
					for _, k := range []int{-1, len(legal), len(legal) + 1} {
						if got := g.LegalAt(s, k); got != (engine.Move{}) {
							t.Fatalf("%dp game %d: LegalAt(%d, %d) out of range = %v, want the zero move", n, i, s, k, got)
						}
					}
				}
				s, ok := g.Mover()
				if !ok {
					break
				}
				if s == engine.Dealer {
					g.ApplyDeal(rnd.Seed())
					continue
				}
				legal := g.Legal(s)
				if err := g.Apply(legal[rnd.Intn(len(legal))]); err != nil {
					t.Fatal(err)
				}
			}
		}
	}
	for _, want := range []string{"grab grab ", "send send ", "place place ", "psychotic psychotic ",
		"events1 pass ", "events2 pass ", "react pass ", "react play that-doesnt-work",
		"events1 play false-god", "events1 play opponent-targeted", "events1 play mental-breakdown",
		"events1 play right-mind", "events2 play rise-up", "events2 play new-arrangement",
		"events2 play embarrassing-mistake"} {
		if seen[want] == 0 {
			t.Errorf("random play never offered %q", want)
		}
	}
}

// kindOfPlay names the event type a play move plays ("" for other moves).
func kindOfPlay(m engine.Move) EventKey {
	if m.Kind != MovePlay || !CardID(m.Card).IsEvent() {
		return ""
	}
	return EventTypes[evType[m.Card]].Key
}
