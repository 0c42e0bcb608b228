package enginetest

import (
	"testing"

	"miskatonic/engine"
	"miskatonic/engine/bot"
	"miskatonic/engine/rng"
	"miskatonic/internal/cputime"
)

// The bots' decision benchmarks, written once for every game.

// DecisionPoints collects real decisions from seeded games between heuristic bots of game:
// games games of seats seats made by newGame, the decisions keep admits (those with a choice).
func DecisionPoints(tb testing.TB, game string, seats, games int, newGame func() (engine.Game, error), keep func(bot.Decision) bool) []bot.Decision {
	tb.Helper()
	var out []bot.Decision
	r := rng.FromInt(2024)
	for i := 0; i < games; i++ {
		g, err := newGame()
		if err != nil {
			tb.Fatal(err)
		}
		bots := make([]bot.Func, seats)
		for s := range bots {
			bots[s], _ = bot.New(game, bot.LevelHeuristic, uint64(i*seats+s))
		}
		if _, err := bot.Play(g, bots, r, func(d bot.Decision) {
			if keep(d) {
				out = append(out, d)
			}
		}); err != nil {
			tb.Fatal(err)
		}
	}
	return out
}

// BenchDecisions times game's bot at level over points, one decision an op, and reports the
// CPU milliseconds each took (cpu-ms/op) where the process CPU time can be read.
func BenchDecisions(b *testing.B, game, level string, points []bot.Decision) {
	bt, err := bot.New(game, level, 1)
	if err != nil {
		b.Fatal(err)
	}
	b.ResetTimer()
	start := cputime.Used()
	for i := 0; i < b.N; i++ {
		d := points[i%len(points)]
		if _, err := bt(d.View, d.Legal); err != nil {
			b.Fatal(err)
		}
	}
	if cpu := cputime.Used() - start; cpu > 0 {
		b.ReportMetric(float64(cpu.Microseconds())/1000/float64(b.N), "cpu-ms/op")
	}
}
