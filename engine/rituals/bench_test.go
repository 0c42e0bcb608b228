package rituals

import (
	"strconv"
	"testing"

	"miskatonic/engine"
	"miskatonic/engine/rng"
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
		if g.MustPass() { // most moves: no list to build, no draw to make
			g.Apply(engine.Move{Seat: s, Kind: MovePass})
			continue
		}
		buf = g.AppendLegal(buf[:0], s)
		if len(buf) == 1 { // a lone move: no need to draw
			g.Apply(buf[0])
			continue
		}
		g.Apply(buf[rnd.Intn(len(buf))])
	}
}

// BenchmarkRandomGame plays whole random games (the deal included) on one core, per table size.
// The target is 50,000 4-player games per second: go test -bench . -cpu 1.
func BenchmarkRandomGame(b *testing.B) {
	for n := MinPlayers; n <= MaxPlayers; n++ {
		b.Run(strconv.Itoa(n)+"p", func(b *testing.B) {
			rnd := rng.FromInt(1)
			proto, _ := New(engine.Config{Seats: n})
			buf := make([]engine.Move, 0, 256)
			b.ReportAllocs()
			b.ResetTimer()
			g := new(Game)
			cpu := cpuTime()
			for i := 0; i < b.N; i++ {
				*g = *proto
				buf = playRandom(g, rnd, buf)
			}
			b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "games/s")
			// On a shared machine wall time counts other processes' turns too; with no
			// allocation (so no GC) the process's CPU time is this one core's work.
			if d := cpuTime() - cpu; d > 0 {
				b.ReportMetric(float64(b.N)/d.Seconds(), "games/cpu-s")
			}
		})
	}
}
