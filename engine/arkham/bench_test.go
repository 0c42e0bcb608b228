package arkham

import (
	"testing"

	"miskatonic/engine"
	"miskatonic/engine/rng"
	"miskatonic/internal/cputime"
)

// playRandom plays one full random game on g through the allocation-free paths.
func playRandom(g *Game, rnd *rng.Rand, buf []engine.Move) []engine.Move {
	for {
		s, ok := g.Mover()
		if !ok {
			return buf
		}
		if s == engine.Dealer {
			g.ApplyDeal(rnd.Seed())
			continue
		}
		buf = g.AppendLegal(buf[:0], s)
		g.Apply(buf[rnd.Intn(len(buf))])
	}
}

// BenchmarkRandomGame plays whole random games (deals included) on one core, per table size.
func BenchmarkRandomGame(b *testing.B) {
	for _, n := range []int{3, 5, 7} {
		b.Run(string(rune('0'+n))+"p", func(b *testing.B) {
			rnd := rng.FromInt(1)
			proto, _ := New(engine.Config{Seats: n})
			buf := make([]engine.Move, 0, 16)
			b.ReportAllocs()
			b.ResetTimer()
			g := new(Game)
			cpu := cputime.Used()
			for i := 0; i < b.N; i++ {
				*g = *proto
				buf = playRandom(g, rnd, buf)
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
