package rituals

import (
	"strconv"
	"testing"

	"miskatonic/engine"
	"miskatonic/engine/rng"
	"miskatonic/internal/cputime"
)

// playRandom plays one full random game on g through the allocation-free paths: the moves are
// counted, not listed (engine.LegalIndexer), and only the one drawn is built.
func playRandom(g *Game, rnd *rng.Rand) {
	for {
		s, ok := g.Mover()
		if !ok {
			return
		}
		if s == engine.Dealer {
			g.ApplyDeal(rnd.Seed())
			continue
		}
		i := 0
		if n := g.NumLegal(s); n > 1 { // most moves are forced: no draw to make
			i = rnd.Intn(n)
		}
		g.Apply(g.LegalAt(s, i))
	}
}

// BenchmarkRandomGame plays whole random games (the deal included) on one core, per table size.
// The target is 50,000 4-player games per second: go test -bench . -cpu 1.
func BenchmarkRandomGame(b *testing.B) {
	for n := MinPlayers; n <= MaxPlayers; n++ {
		b.Run(strconv.Itoa(n)+"p", func(b *testing.B) {
			rnd := rng.FromInt(1)
			proto, _ := New(engine.Config{Seats: n})
			b.ReportAllocs()
			b.ResetTimer()
			g := new(Game)
			cpu := cputime.Used()
			for i := 0; i < b.N; i++ {
				*g = *proto
				playRandom(g, rnd)
			}
			b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "games/s")
			// On a shared machine wall time counts other processes' turns too; with no
			// allocation (so no GC) the process's CPU time is this one core's work.
			if d := cputime.Used() - cpu; d > 0 {
				b.ReportMetric(float64(b.N)/d.Seconds(), "games/cpu-s")
			}
		})
	}
}
