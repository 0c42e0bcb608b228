package arkhambot

import (
	"testing"

	"miskatonic/engine"
	"miskatonic/engine/arkham"
	"miskatonic/engine/bot"
	"miskatonic/engine/enginetest"
)

// decisionPoints collects real decisions (views with at least two legal moves) from seeded
// 5-player competitive games between heuristic bots.
func decisionPoints(tb testing.TB, games int) []bot.Decision {
	return enginetest.DecisionPoints(tb, "arkham", 5, games, func() (engine.Game, error) {
		return arkham.New(engine.Config{Seats: 5, Options: map[string]string{"variant": "competitive"}})
	}, func(d bot.Decision) bool { return len(d.Legal) > 1 })
}

// BenchmarkSearchDecision is one search decision at the default level (the lobby's "hard"),
// over a spread of real positions. The target is at most 150 ms per decision under wasm:
//
//	GOOS=js GOARCH=wasm go test -exec="$(go env GOROOT)/lib/wasm/go_js_wasm_exec" -run x -bench Search ./engine/bot/
func BenchmarkSearchDecision(b *testing.B) {
	enginetest.BenchDecisions(b, "arkham", bot.LevelSearch, decisionPoints(b, 20))
}

// BenchmarkHeuristicDecision is one heuristic decision.
func BenchmarkHeuristicDecision(b *testing.B) {
	enginetest.BenchDecisions(b, "arkham", bot.LevelHeuristic, decisionPoints(b, 20))
}
