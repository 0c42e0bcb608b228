package shadowsbot

import (
	"testing"

	"miskatonic/engine"
	"miskatonic/engine/bot"
	"miskatonic/engine/rng"
	"miskatonic/engine/shadows"
)

// play runs one game with mk's bot on every seat; each bot sees only its view and legal moves.
func play(t testing.TB, seats int, opts map[string]string, mk func(uint64) bot.Func, seed uint64) engine.Outcome {
	g, err := shadows.Rules{}.New(engine.Config{Seats: seats, Options: opts})
	if err != nil {
		t.Fatal(err)
	}
	bots := make([]bot.Func, seats)
	for i := range bots {
		bots[i] = mk(seed*10 + uint64(i))
	}
	out, err := bot.Play(g, bots, rng.FromInt(seed), nil)
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// TestHeuristicPlaysEveryConfigSensibly: legal moves only (bot.Play checks), every game ends,
// and over a few games the table both wins and loses — a mistuned game would do only one.
func TestHeuristicPlaysEveryConfigSensibly(t *testing.T) {
	wins, games := 0, 0
	for _, e := range shadows.OptionList()[0].Choices {
		for n := shadows.MinSeats; n <= shadows.MaxSeats; n++ {
			for s := uint64(0); s < 6; s++ {
				out := play(t, n, map[string]string{"elder": e}, Heuristic, s)
				if !out.Coop {
					t.Fatalf("outcome not co-op: %+v", out)
				}
				games++
				if len(out.Winners) > 0 {
					wins++
				}
			}
		}
	}
	if wins == 0 || wins == games {
		t.Errorf("heuristic won %d of %d games", wins, games)
	}
	t.Logf("heuristic won %d of %d", wins, games)
}

// TestHeuristicBeatsRandom: the heuristic wins far more often than random play.
func TestHeuristicBeatsRandom(t *testing.T) {
	h, r := 0, 0
	for s := uint64(0); s < 40; s++ {
		if len(play(t, 4, nil, Heuristic, s).Winners) > 0 {
			h++
		}
		if len(play(t, 4, nil, bot.Random, s).Winners) > 0 {
			r++
		}
	}
	if h < 20 || r > 2 {
		t.Errorf("heuristic %d/40, random %d/40", h, r)
	}
}

func TestSearchPlaysAGame(t *testing.T) {
	if testing.Short() {
		t.Skip("search games are slow")
	}
	out := play(t, 3, nil, func(s uint64) bot.Func { return NewSearch(s, 2) }, 1)
	if !out.Coop {
		t.Fatalf("%+v", out)
	}
}

// TestSearchIsDeterministic: the same seed and inputs give the same move.
func TestSearchIsDeterministic(t *testing.T) {
	v, legal := midGame(t, 7)
	a, _ := NewSearch(5, 3)(v, legal)
	b, _ := NewSearch(5, 3)(v, legal)
	if a != b {
		t.Fatalf("%v vs %v", a, b)
	}
	if !engine.IsLegal(legal, a) {
		t.Fatalf("illegal %v", a)
	}
}

// TestBotsRefuseForeignViews: a bot handed another game's view errs instead of guessing.
func TestBotsRefuseForeignViews(t *testing.T) {
	for _, mk := range []func(uint64) bot.Func{Heuristic, Search} {
		if _, err := mk(1)(struct{}{}, []engine.Move{{Kind: "x"}}); engine.KindOf(err) != engine.KindMalformed {
			t.Errorf("foreign view: %v", err)
		}
		v, _ := midGame(t, 2)
		if _, err := mk(1)(v, nil); err == nil {
			t.Errorf("no legal moves accepted")
		}
	}
}

// TestHeuristicFeedsAndBanishes: a bearer holding the cost views the shadow; a companion at
// the bearer's side hands over knowledge.
func TestHeuristicFeedsAndBanishes(t *testing.T) {
	v, legal := midGame(t, 3)
	me := legal[0].Seat
	r := rng.FromInt(1)
	if v.Ring == me && v.Characters[me].Knowledge >= v.Threat.Cost {
		if m := Decide(v, legal, r); m.Kind != shadows.MoveView && m.Kind != shadows.MoveAbility {
			t.Errorf("bearer with the cost chose %v", m)
		}
	}
}

// midGame returns the view and legal moves of the seat to move after some heuristic play.
func midGame(t testing.TB, seed uint64) (*shadows.View, []engine.Move) {
	g, _ := shadows.New(engine.Config{Seats: 4})
	r := rng.FromInt(seed)
	h := Heuristic(seed)
	for step := 0; step < 60+int(seed)*7; step++ {
		s, ok := g.Mover()
		if !ok {
			t.Fatal("game over too soon")
		}
		if s == engine.Dealer {
			g.ApplyDeal(r.Seed())
			continue
		}
		m, _ := h(g.View(s), g.Legal(s))
		g.Apply(m)
	}
	for {
		s, _ := g.Mover()
		if s != engine.Dealer {
			v := g.ViewOf(s)
			if v.Phase == shadows.PhaseAction {
				return v, g.Legal(s)
			}
			m, _ := h(v, g.Legal(s))
			g.Apply(m)
			continue
		}
		g.ApplyDeal(r.Seed())
	}
}

// BenchmarkSearchDecision times one search decision at the default budget.
func BenchmarkSearchDecision(b *testing.B) {
	v, legal := midGame(b, 5)
	s := Search(1)
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		s(v, legal)
	}
}

// BenchmarkHeuristicGame plays whole 4-seat games with the heuristic.
func BenchmarkHeuristicGame(b *testing.B) {
	for i := 0; i < b.N; i++ {
		play(b, 4, nil, Heuristic, uint64(i))
	}
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "games/s")
}
