package ritualsbot

import (
	"testing"

	"miskatonic/engine"
	"miskatonic/engine/bot"
	"miskatonic/engine/rituals"
	"miskatonic/engine/rng"
	"miskatonic/internal/cputime"
)

// decisionPoints collects real decisions (at least two legal moves) from seeded 4-player games
// between heuristic bots.
func decisionPoints(tb testing.TB, games int) []bot.Decision {
	tb.Helper()
	var out []bot.Decision
	r := rng.FromInt(2024)
	for i := 0; i < games; i++ {
		g, _ := rituals.New(engine.Config{Seats: 4})
		bots := make([]bot.Func, 4)
		for s := range bots {
			bots[s], _ = bot.New("rituals", bot.LevelHeuristic, uint64(i*4+s))
		}
		if _, err := bot.Play(g, bots, r, func(d bot.Decision) {
			if len(d.Legal) > 1 && d.Legal[0].Kind != rituals.MovePass {
				out = append(out, d)
			}
		}); err != nil {
			tb.Fatal(err)
		}
	}
	return out
}

func benchmarkLevel(b *testing.B, level string) {
	points := decisionPoints(b, 4)
	bt, err := bot.New("rituals", level, 1)
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

// BenchmarkSearchDecision is one search decision (sends, placements, psychotic gifts: the
// decisions it searches) over real 4-player positions. Target ≤ 150 ms under wasm:
//
//	GOOS=js GOARCH=wasm go test -exec="$(go env GOROOT)/lib/wasm/go_js_wasm_exec" -run x -bench Search ./engine/rituals/ritualsbot/
func BenchmarkSearchDecision(b *testing.B) { benchmarkLevel(b, bot.LevelSearch) }

// BenchmarkHeuristicDecision is one heuristic decision.
func BenchmarkHeuristicDecision(b *testing.B) { benchmarkLevel(b, bot.LevelHeuristic) }
