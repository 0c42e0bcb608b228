package enginetest

import (
	"testing"

	"miskatonic/engine"
	"miskatonic/engine/bot"
	"miskatonic/engine/rng"
)

// PlayLevels plays g to its end with one bot a seat of the game named game (seat i gets
// levels[i%len(levels)], seeded seed+i), every deal drawn from seed, and returns the moves the
// bots made; observe, if set, sees the game and each decision. what names the game in a failure.
func PlayLevels[G engine.Game](tb testing.TB, game, what string, g G, seats int, levels []string, seed uint64,
	observe func(g G, d bot.Decision)) []engine.Move {
	tb.Helper()
	bots := make([]bot.Func, seats)
	for s := range bots {
		var err error
		if bots[s], err = bot.New(game, levels[s%len(levels)], seed+uint64(s)); err != nil {
			tb.Fatal(err)
		}
	}
	var moves []engine.Move
	if _, err := bot.Play(g, bots, rng.FromInt(seed), func(d bot.Decision) {
		moves = append(moves, d.Move)
		if observe != nil {
			observe(g, d)
		}
	}); err != nil {
		tb.Fatalf("%s seed %d: %v", what, seed, err)
	}
	return moves
}
