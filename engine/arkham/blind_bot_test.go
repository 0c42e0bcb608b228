package arkham_test

import (
	"testing"

	"miskatonic/engine"
	"miskatonic/engine/arkham"
	"miskatonic/engine/arkham/arkhambot"
	"miskatonic/engine/bot"
)

// TestBlindBotPlaysFromItsPage: arkhambot plays whole host-blind games through the BlindBot
// hook, each seat deciding from the view its page may build (a bot run by another seat's page is
// blind to that page's person's own card), while both machines stay in step.
func TestBlindBotPlaysFromItsPage(t *testing.T) {
	games := 12
	if testing.Short() {
		games = 4
	}
	for seed := uint64(100); seed < uint64(100+games); seed++ {
		bots := map[engine.Seat]bot.Func{}
		level := bot.LevelHeuristic
		if seed%3 == 0 {
			level = bot.LevelSearch
		}
		// Seat 0's page runs the last seats' bots: they are blind to seat 0's own card.
		seats := 3 + int(seed%5)
		cfg := arkham.BlindConfig{Config: engine.Config{Seats: seats}, Holders: []engine.Seat{0, 1},
			Runner: map[engine.Seat]engine.Seat{}}
		for s := engine.Seat(2); s < engine.Seat(seats); s++ {
			if s%2 == 0 {
				cfg.Holders = append(cfg.Holders, s)
			} else {
				cfg.Runner[s] = 0
			}
		}
		playBlind(t, seed, &cfg, func(bt *blindTable, s engine.Seat) engine.Move {
			f, ok := bots[s]
			if !ok {
				var err error
				if f, err = bot.New("arkham", level, seed*10+uint64(s)); err != nil {
					t.Fatal(err)
				}
				bots[s] = f
			}
			m, err := bt.b.BlindBot(f, s, bt.pages[bt.b.Runner(s)].know)
			if err != nil {
				t.Fatalf("seed %d seat %d (%s): %v", seed, s, level, err)
			}
			return m
		})
	}
	_ = arkhambot.DefaultSamples
}
