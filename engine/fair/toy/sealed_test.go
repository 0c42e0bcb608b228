package toy_test

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"miskatonic/engine"
	"miskatonic/engine/enginetest"
	"miskatonic/engine/fair/toy"
)

// TestSealedConformance runs the shared engine suite on the sealed toy; its leak check makes
// sure no view shows another seat's pending bid.
func TestSealedConformance(t *testing.T) {
	var cfgs []engine.Config
	for n := 2; n <= 8; n += 3 {
		cfgs = append(cfgs, engine.Config{Seats: n})
	}
	enginetest.Run(t, toy.SealedRules{}, cfgs, enginetest.Games(20), enginetest.Leaks(func(g engine.Game, s engine.Seat, view []byte) error {
		sg := g.(*toy.SealedGame)
		var v toy.SealedView
		if err := json.Unmarshal(view, &v); err != nil {
			return err
		}
		if s.Valid(sg.Seats) && v.Bid != sg.Bids[s] || !s.Valid(sg.Seats) && v.Bid != 0 {
			return fmt.Errorf("seat %d sees bid %d, its own is %d", s, v.Bid, sg.Bids[max(s, 0)])
		}
		return nil
	}))
}

// TestSealedOrderFree checks the sealed contract: the bids of a round may be applied in any
// order with the same result.
func TestSealedOrderFree(t *testing.T) {
	key := [32]byte{7}
	play := func(order []engine.Seat) engine.Game {
		g, _ := toy.SealedRules{}.New(engine.Config{Seats: 3})
		if err := g.Apply(engine.DealMove(key)); err != nil {
			t.Fatal(err)
		}
		if st := g.Status(); !st.Sealed || len(st.Active) != 3 {
			t.Fatalf("status after the deal: %+v", st)
		}
		for _, s := range order {
			if err := g.Apply(engine.Move{Seat: s, Kind: "bid", N: int(s)%2 + 1}); err != nil {
				t.Fatal(err)
			}
		}
		return g
	}
	a, b := play([]engine.Seat{0, 1, 2}), play([]engine.Seat{2, 0, 1})
	va, _ := json.Marshal(a.View(engine.Observer))
	vb, _ := json.Marshal(b.View(engine.Observer))
	if string(va) != string(vb) {
		t.Fatalf("order changed the outcome:\n%s\n%s", va, vb)
	}
	// Bids 1, 2, 1: only seat 1's is unique and scores 2.
	if want := `"scores":[0,2,0]`; !json.Valid(va) || !contains(string(va), want) {
		t.Fatalf("view %s lacks %s", va, want)
	}
}

func contains(s, sub string) bool { return strings.Contains(s, sub) }
