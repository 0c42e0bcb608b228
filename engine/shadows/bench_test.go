package shadows

import (
	"testing"

	"miskatonic/engine"
	"miskatonic/engine/rng"
)

// BenchmarkRandomGame plays whole random games (deals included) per table size.
func BenchmarkRandomGame(b *testing.B) {
	for _, n := range []int{2, 4, 5} {
		b.Run(string(rune('0'+n))+"p", func(b *testing.B) {
			rnd := rng.FromInt(1)
			b.ReportAllocs()
			for i := 0; i < b.N; i++ {
				g, _ := New(engine.Config{Seats: n})
				if err := playRandom(g, rnd, nil); err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "games/s")
		})
	}
}
