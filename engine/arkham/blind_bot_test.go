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
	blinded := map[string]int{} // decisions made blind to the page's person's card, by level
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
			if v := bt.b.ViewFor(s, bt.pages[bt.b.Runner(s)].know); len(v.Unseen) > 0 {
				blinded[level]++
			}
			m, err := bt.b.BlindBot(f, s, bt.pages[bt.b.Runner(s)].know)
			if err != nil {
				t.Fatalf("seed %d seat %d (%s): %v", seed, s, level, err)
			}
			return m
		}, false)
	}
	_ = arkhambot.DefaultSamples
	t.Logf("decisions blind to the page's own card: %v", blinded)
	if blinded[bot.LevelHeuristic] == 0 || blinded[bot.LevelSearch] == 0 {
		t.Errorf("some level never decided blind to its page's card: %v", blinded)
	}
}

// TestBlindBotRefusesAnotherPage: the hook plays a seat only with the knowledge of the page
// that runs it.
func TestBlindBotRefusesAnotherPage(t *testing.T) {
	cfg := arkham.BlindConfig{Config: engine.Config{Seats: 3}, Holders: []engine.Seat{0, 1},
		Runner: map[engine.Seat]engine.Seat{2: 0}}
	b, err := arkham.NewBlind(cfg)
	if err != nil {
		t.Fatal(err)
	}
	f := bot.Random(1)
	for _, c := range []struct {
		seat engine.Seat
		page engine.Seat
	}{{2, 1}, {0, 1}, {1, 0}} {
		if _, err := b.BlindBot(f, c.seat, arkham.NewKnowledge(c.page)); err == nil {
			t.Errorf("seat %d played with page %d's knowledge", c.seat, c.page)
		}
	}
}
