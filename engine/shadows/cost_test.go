package shadows

import (
	"fmt"
	"testing"

	"miskatonic/engine"
	"miskatonic/engine/enginetest"
	"miskatonic/engine/rng"
)

// TestCostOfIsWhatApplyTakes: over random games, for every legal move whose price is paid in a
// resource the move does not also give, applying the move takes exactly CostOf's price (or
// nothing, when a corruption check foils a location action); a move CostOf says spends an action
// spends one. The board's view-only CostInView agrees with CostOf. Prices changed by shadows and
// advantages must turn up, or the test proves nothing about them.
func TestCostOfIsWhatApplyTakes(t *testing.T) {
	checked, varied := 0, 0
	for seed := uint64(0); seed < 40; seed++ {
		rnd := rng.FromInt(seed)
		g, err := New(engine.Config{Seats: 2 + int(seed)%4})
		if err != nil {
			t.Fatal(err)
		}
		for step := 0; step < 20000; step++ {
			var buf []engine.Move
			if !enginetest.Step(t, g, rnd, &buf, func() string { return fmt.Sprintf("seed %d", seed) }, func(s engine.Seat, legal []engine.Move) engine.Move {
				checkCosts(t, g, s, legal, seed, step, &checked, &varied)
				return legal[rnd.Intn(len(legal))]
			}) {
				break
			}
		}
	}
	if checked < 5000 || varied == 0 {
		t.Fatalf("%d moves checked, %d with a price a shadow or advantage changed", checked, varied)
	}
}

// checkCosts checks CostOf and CostInView against what Apply takes for every legal move of s.
func checkCosts(t *testing.T, g *Game, s engine.Seat, legal []engine.Move, seed uint64, step int, checked, varied *int) {
	v := g.ViewOf(s)
	for _, m := range legal {
		want := g.CostOf(m)
		if got, ok := CostInView(v, m); ok && got != want {
			t.Fatalf("seed %d: %v costs %+v in the game, %+v from the view", seed, m, want, got)
		}
		h := g.Clone().(*Game)
		if err := h.Apply(m); err != nil {
			t.Fatal(err)
		}
		if h.waiting { // the move draws: let the Dealer deal it
			if err := h.ApplyDeal(rng.FromInt(seed<<20 + uint64(step)).Seed()); err != nil {
				t.Fatal(err)
			}
		}
		b, a := g.chars[s], h.chars[s]
		foiled := h.nLog > 0 && h.log[(h.nLog-1)%logSize].kind == "foiled"
		paid := map[string][2]int{ // kind: {paid, price}
			MoveHeal:    {int(b.know - a.know), want.Knowledge},
			MoveClear:   {int(b.musc - a.musc), want.Muscle},
			MoveAbility: {int(a.shadow - b.shadow), want.Shadow},
			MoveBanish:  {int(b.know - a.know), want.Knowledge},
			MoveHire:    {int(b.bills - a.bills), want.Bills},
			MoveReport:  {int(b.know - a.know), want.Knowledge},
			MoveAcquire: {int(b.bills - a.bills), want.Bills},
		}
		if m.Kind == MoveBuySell && m.Option == "bill" {
			paid[MoveBuySell] = [2]int{int(b.bills - a.bills), want.Bills}
		}
		if p, ok := paid[m.Kind]; ok && p[0] != p[1] && !(foiled && p[0] == 0) {
			t.Fatalf("seed %d: %v took %d, CostOf says %+v", seed, m, p[0], want)
		}
		if want.Action && h.turn == g.turn && h.active == g.active && h.phase == g.phase && h.flags.actions != g.flags.actions-1 {
			t.Fatalf("seed %d: %v: actions %d → %d, CostOf says it spends one", seed, m, g.flags.actions, h.flags.actions)
		}
		*checked++
		switch m.Kind {
		case MoveHeal:
			if want.Knowledge != g.knobs().HealCost {
				*varied++
			}
		case MoveAcquire:
			if want.Bills != cards().Assets[m.Card-1].Cost {
				*varied++
			}
		case MoveReport:
			if want.Knowledge != 1 {
				*varied++
			}
		}
	}
}
