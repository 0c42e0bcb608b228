package rituals

import (
	"fmt"
	"os"
	"slices"
	"testing"

	"miskatonic/engine"
	"miskatonic/engine/enginetest"
	"miskatonic/engine/rng"
)

// allConfigs is every table size (the rulebook names no variant, so there are no options).
func allConfigs() []engine.Config {
	var out []engine.Config
	for n := MinPlayers; n <= MaxPlayers; n++ {
		out = append(out, engine.Config{Seats: n})
	}
	return out
}

// TestConformance runs the engine/enginetest suite over every table size.
// RITUALS_CONFORMANCE_GAMES=N plays N games per table size.
func TestConformance(t *testing.T) {
	amount, _ := enginetest.AmountOf(os.Getenv("RITUALS_CONFORMANCE_GAMES"), enginetest.Amount{Games: 4, Every: 3}, 8, enginetest.Amount{Games: 2, Every: 5})
	enginetest.Run(t, Rules{}, allConfigs(), enginetest.Plays(amount), enginetest.Seed(13),
		enginetest.Secrets(func(g engine.Game, s engine.Seat) []string { return secrets(g.(*Game), s) }),
		enginetest.Leaks(leakCheck), enginetest.InvariantOf(checkInvariants))
}

// TestRandomPlayouts plays fast random games at every table size, checks the invariants after
// every move and that every game ends, and that every kind of thing the rules allow happens.
func TestRandomPlayouts(t *testing.T) {
	n := enginetest.Scaled(2000, 400)
	rnd := rng.FromInt(2026)
	seen := map[string]int{}
	type stats struct {
		games, rounds, turns, ties int
		wins                       []int
	}
	per := map[int]*stats{}
	var buf []engine.Move
	for i := 0; i < n; i++ {
		cfg := allConfigs()[i%4]
		g, err := New(cfg)
		if err != nil {
			t.Fatal(err)
		}
		turns, lastRound, lastTurn := 0, 0, 0
		for step := 0; ; step++ {
			if step > 20000 {
				t.Fatalf("game %d (%d players) does not end", i, cfg.Seats)
			}
			if !enginetest.Step(t, g, rnd, &buf, func() string { return fmt.Sprintf("game %d\n%s", i, describe(g)) },
				func(_ engine.Seat, legal []engine.Move) engine.Move {
					m := legal[rnd.Intn(len(legal))]
					seen[g.phaseName()+"/"+m.Kind]++
					if m.Kind == MovePlay {
						seen["event/"+string(Cards[m.Card].Event)]++
					}
					return m
				}) {
				break
			}
			if err := checkInvariants(g); err != nil {
				t.Fatalf("game %d (%d players) step %d: %v\n%s", i, cfg.Seats, step, err, describe(g))
			}
			if int(g.round) != lastRound { // several placements may happen in one move
				turns += lastTurn
			}
			lastRound, lastTurn = int(g.round), int(g.turn)
		}
		for _, l := range g.log[:g.nLog] {
			seen["log/"+string(logNames[l.kind])]++
		}
		st := g.Status()
		if !st.Over || st.Result == nil || len(st.Result.Winners) == 0 {
			t.Fatalf("game %d: status %+v", i, st)
		}
		best := st.Result.Scores[st.Result.Winners[0]]
		for s, v := range st.Result.Scores {
			if v != g.Score(s) || v > best || (v == best) != slices.Contains(st.Result.Winners, engine.Seat(s)) {
				t.Fatalf("game %d: result %+v", i, st.Result)
			}
		}
		ps := per[cfg.Seats]
		if ps == nil {
			ps = &stats{}
			per[cfg.Seats] = ps
		}
		ps.games++
		ps.rounds += int(g.round)
		ps.turns += turns + int(g.turn)
		ps.wins = append(ps.wins, best)
		if len(st.Result.Winners) > 1 {
			ps.ties++
		}
	}
	for n := MinPlayers; n <= MaxPlayers; n++ {
		ps := per[n]
		slices.Sort(ps.wins)
		q := func(f float64) int { return ps.wins[int(f*float64(len(ps.wins)-1))] }
		t.Logf("%d players: %d games, %.1f rounds, %.1f placements; winning score min %d, p10 %d, median %d, p90 %d, max %d; shared wins %.1f%%",
			n, ps.games, float64(ps.rounds)/float64(ps.games), float64(ps.turns)/float64(ps.games),
			q(0), q(0.1), q(0.5), q(0.9), q(1), 100*float64(ps.ties)/float64(ps.games))
	}
	for _, k := range []string{"grab/grab", "send/send", "events1/pass", "events1/play", "events2/play", "react/play",
		"react/pass", "place/place", "psychotic/psychotic", "event/rise-up", "event/that-doesnt-work", "event/false-god",
		"event/opponent-targeted", "event/mental-breakdown", "event/right-mind", "event/new-arrangement",
		"event/embarrassing-mistake", "log/negated", "log/invoke", "log/discover", "log/end"} {
		if seen[k] == 0 {
			t.Errorf("%s never happened in %d games", k, n)
		}
	}
	t.Logf("%d games: %v", n, seen)
}
