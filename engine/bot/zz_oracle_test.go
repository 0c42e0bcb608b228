package bot

import (
	"fmt"
	"os"
	"strconv"
	"testing"

	"miskatonic/engine"
	"miskatonic/engine/arkham"
	"miskatonic/engine/rng"
)

// Temporary: how much is knowing your own card worth against random players?
func TestZZOracle(t *testing.T) {
	n, _ := strconv.Atoi(os.Getenv("ORACLE"))
	if n == 0 {
		t.Skip()
	}
	wins, rwins := 0, 0
	r := rng.FromInt(1)
	for gi := 0; gi < n; gi++ {
		g, _ := arkham.New(engine.Config{Seats: 5, Options: map[string]string{"variant": "competitive"}})
		me := engine.Seat(gi % 5)
		bots := make([]Func, 5)
		for s := range bots {
			bots[s] = Random(r.Uint64())
		}
		h := newArkhamHeuristic()
		bots[me] = func(v engine.View, legal []engine.Move) (engine.Move, error) {
			av := v.(*arkham.View)
			other := g.ViewOf((me + 1) % 5)
			mine := other.Positions[me].Card
			var x arkham.CardID
			if av.Passing != nil {
				x = g.ViewOf(av.Passing.Chain[0]).Passing.Card
			}
			var ts tableState
			ts.fromView(av)
			ts.held[me] = mine
			if av.Phase == arkham.PhaseRespond {
				stay := ts.utility(ts.plus(ts.endDeltas()), int(me), false)
				take := ts.utility(ts.plus(ts.afterTake(int(me), x)), int(me), false)
				if take > stay {
					return legal[0], nil
				}
				if len(legal) > 1 {
					return legal[1+r.Intn(len(legal)-1)], nil
				}
				return legal[0], nil
			}
			return h.decide(av, legal), nil
		}
		out, err := Play(g, bots, r, nil)
		if err != nil {
			t.Fatal(err)
		}
		for _, w := range out.Winners {
			if w == me {
				wins++
			} else if w == (me+1)%5 {
				rwins++
			}
		}
	}
	fmt.Printf("oracle %.1f%%  random %.1f%%\n", 100*float64(wins)/float64(n), 100*float64(rwins)/float64(n))
}
