package bot

import (
	"fmt"
	"os"
	"testing"

	"miskatonic/engine"
	"miskatonic/engine/arkham"
	"miskatonic/engine/rng"
)

func TestZZInfer(t *testing.T) {
	if os.Getenv("INFER") == "" {
		t.Skip()
	}
	r := rng.FromInt(1)
	var sumTrue, sumUni float64
	var n, informative int
	var in inference
	for gi := 0; gi < 300; gi++ {
		g, _ := arkham.New(engine.Config{Seats: 5, Options: map[string]string{"variant": "competitive"}})
		bots := make([]Func, 5)
		for s := range bots {
			bots[s], _ = New("arkham", "heuristic", uint64(s))
		}
		_, err := Play(g, bots, r, func(d Decision) {
			v := g.ViewOf(d.Seat)
			var s situation
			s.fromView(v)
			if s.mine != 0 {
				return
			}
			truth := g.ViewOf((d.Seat + 1) % 5).Positions[d.Seat].Card
			w := in.ownCardBelief(v, &s)
			n++
			sumUni += 1 / float64(len(s.pool))
			if w == nil {
				sumTrue += 1 / float64(len(s.pool))
				return
			}
			informative++
			tot, wt := 0.0, 0.0
			for i, c := range s.pool {
				tot += w[i]
				if c == truth {
					wt = w[i]
				}
			}
			sumTrue += wt / tot
		})
		if err != nil {
			t.Fatal(err)
		}
	}
	fmt.Printf("decisions %d informative %d: mean p(true) %.3f vs uniform %.3f\n", n, informative, sumTrue/float64(n), sumUni/float64(n))
}
