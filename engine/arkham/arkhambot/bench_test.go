package arkhambot

import (
	"testing"

	"miskatonic/engine"
	"miskatonic/engine/arkham"
	"miskatonic/engine/bot"
	"miskatonic/engine/rng"
	"miskatonic/internal/cputime"
)

// decisionPoints collects real decisions (views with at least two legal moves) from seeded
// 5-player competitive games between heuristic bots.
func decisionPoints(tb testing.TB, games int) []bot.Decision {
	tb.Helper()
	var out []bot.Decision
	r := rng.FromInt(2024)
	for i := 0; i < games; i++ {
		g, err := arkham.New(engine.Config{Seats: 5, Options: map[string]string{"variant": "competitive"}})
		if err != nil {
			tb.Fatal(err)
		}
		bots := make([]bot.Func, 5)
		for s := range bots {
			bots[s], _ = bot.New("arkham", bot.LevelHeuristic, uint64(i*5+s))
		}
		if _, err := bot.Play(g, bots, r, func(d bot.Decision) {
			if len(d.Legal) > 1 {
				out = append(out, d)
			}
		}); err != nil {
			tb.Fatal(err)
		}
	}
	return out
}

func benchmarkLevel(b *testing.B, level string) {
	points := decisionPoints(b, 20)
	bt, err := bot.New("arkham", level, 1)
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

// BenchmarkSearchDecision is one search decision at the default level (the lobby's "hard"),
// over a spread of real positions. The target is at most 150 ms per decision under wasm:
//
//	GOOS=js GOARCH=wasm go test -exec="$(go env GOROOT)/lib/wasm/go_js_wasm_exec" -run x -bench Search ./engine/bot/
func BenchmarkSearchDecision(b *testing.B) { benchmarkLevel(b, bot.LevelSearch) }

// BenchmarkHeuristicDecision is one heuristic decision.
func BenchmarkHeuristicDecision(b *testing.B) { benchmarkLevel(b, bot.LevelHeuristic) }
