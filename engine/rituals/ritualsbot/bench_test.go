package ritualsbot

import (
	"testing"

	"miskatonic/engine"
	"miskatonic/engine/bot"
	"miskatonic/engine/enginetest"
	"miskatonic/engine/rituals"
)

// decisionPoints collects real decisions (at least two legal moves, passes aside) from seeded
// 4-player games between heuristic bots.
func decisionPoints(tb testing.TB, games int) []bot.Decision {
	return enginetest.DecisionPoints(tb, "rituals", 4, games, func() (engine.Game, error) {
		return rituals.New(engine.Config{Seats: 4})
	}, func(d bot.Decision) bool { return len(d.Legal) > 1 && d.Legal[0].Kind != rituals.MovePass })
}

// BenchmarkSearchDecision is one search decision (sends, placements, psychotic gifts: the
// decisions it searches) over real 4-player positions. Target ≤ 150 ms under wasm:
//
//	GOOS=js GOARCH=wasm go test -exec="$(go env GOROOT)/lib/wasm/go_js_wasm_exec" -run x -bench Search ./engine/rituals/ritualsbot/
func BenchmarkSearchDecision(b *testing.B) {
	enginetest.BenchDecisions(b, "rituals", bot.LevelSearch, decisionPoints(b, 4))
}

// BenchmarkHeuristicDecision is one heuristic decision.
func BenchmarkHeuristicDecision(b *testing.B) {
	enginetest.BenchDecisions(b, "rituals", bot.LevelHeuristic, decisionPoints(b, 4))
}
