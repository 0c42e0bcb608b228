package bot_test

import (
	"errors"
	"math"
	"reflect"
	"testing"

	"miskatonic/engine"
	"miskatonic/engine/bot"
	"miskatonic/engine/highcard"
	_ "miskatonic/engine/highcard/highcardbot" // the generic machinery's test opponents
	"miskatonic/engine/rng"
)

func TestNewLevels(t *testing.T) {
	cases := []struct {
		name, game, level string
		wantErr           bool
	}{
		{"random any game", "nosuchgame", "random", false},
		{"alias easy", "highcard", "easy", false},
		{"alias hard", "highcard", "Hard", false},
		{"canonical search", "highcard", "search", false},
		{"unknown level", "highcard", "genius", true},
		{"no heuristic for game", "nosuchgame", "heuristic", true},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			b, err := bot.New(c.game, c.level, 1)
			if c.wantErr {
				if !errors.Is(err, engine.ErrBadConfig) {
					t.Fatalf("err = %v, want bad_config", err)
				}
				return
			}
			if err != nil || b == nil {
				t.Fatalf("New: %v", err)
			}
		})
	}
	if got := bot.Levels("highcard"); !reflect.DeepEqual(got, []string{"random", "heuristic", "search"}) {
		t.Fatalf("Levels = %v", got)
	}
	if got := bot.Levels("nosuchgame"); !reflect.DeepEqual(got, []string{"random"}) {
		t.Fatalf("Levels = %v", got)
	}
}

func TestRandomDeterministicAndLegal(t *testing.T) {
	legal := []engine.Move{{Kind: "a"}, {Kind: "b"}, {Kind: "c"}}
	a, b := bot.Random(7), bot.Random(7)
	seen := map[string]bool{}
	for i := 0; i < 200; i++ {
		ma, _ := a(nil, legal)
		mb, _ := b(nil, legal)
		if ma != mb {
			t.Fatalf("step %d: same seed gave %v and %v", i, ma, mb)
		}
		if !engine.IsLegal(legal, ma) {
			t.Fatalf("illegal %v", ma)
		}
		seen[ma.Kind] = true
	}
	if len(seen) != 3 {
		t.Fatalf("random bot used only %v", seen)
	}
	if _, err := bot.Random(1)(nil, nil); err == nil {
		t.Fatal("no error with no legal move")
	}
}

func TestWilson(t *testing.T) {
	cases := []struct {
		name   string
		k, n   int
		lo, hi float64
	}{
		{"half of 100", 50, 100, 0.4038, 0.5962},
		{"none of 10", 0, 10, 0, 0.2775},
		{"all of 10", 10, 10, 0.7225, 1},
		{"no trials", 0, 0, 0, 1},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			lo, hi := bot.Wilson(c.k, c.n, 1.959963984540054)
			if math.Abs(lo-c.lo) > 1e-3 || math.Abs(hi-c.hi) > 1e-3 {
				t.Fatalf("Wilson(%d,%d) = [%.4f, %.4f], want [%.4f, %.4f]", c.k, c.n, lo, hi, c.lo, c.hi)
			}
		})
	}
}

func TestPlayRefusesIllegalBot(t *testing.T) {
	g, _ := highcard.Rules{}.New(engine.Config{Seats: 2})
	cheat := func(engine.View, []engine.Move) (engine.Move, error) {
		return engine.Move{Seat: 0, Kind: "win"}, nil
	}
	_, err := bot.Play(g, []bot.Func{cheat, bot.Random(1)}, rng.FromInt(1), nil)
	if !errors.Is(err, engine.ErrIllegal) {
		t.Fatalf("err = %v, want illegal", err)
	}
}

func TestTournamentDeterministicAcrossWorkers(t *testing.T) {
	base := bot.Tournament{Rules: highcard.Rules{}, Levels: []string{"search", "heuristic", "random"}, Games: 60, Seed: 5}
	one, two := base, base
	one.Workers, two.Workers = 1, 2
	a, err := one.Run()
	if err != nil {
		t.Fatal(err)
	}
	b, err := two.Run()
	if err != nil {
		t.Fatal(err)
	}
	for i := range a.Standings {
		if a.Standings[i].Wins != b.Standings[i].Wins || a.Standings[i].Decisions != b.Standings[i].Decisions {
			t.Fatalf("workers changed results: %+v vs %+v", a.Standings[i], b.Standings[i])
		}
	}
}

func TestTournamentStrengthOrder(t *testing.T) {
	// In high card, swapping low cards is clearly right; search should at least match that.
	rep, err := bot.Tournament{Rules: highcard.Rules{}, Levels: []string{"search", "heuristic", "random", "random"}, Games: 800, Seed: 9, Workers: 2}.Run()
	if err != nil {
		t.Fatal(err)
	}
	byLevel := map[string]bot.Standing{}
	for _, s := range rep.Standings {
		t.Logf("%s: wins %d of %d", s.Level, s.Wins, s.Seats)
		byLevel[s.Level] = s
		if s.Seats != map[string]int{"search": 800, "heuristic": 800, "random": 1600}[s.Level] {
			t.Fatalf("%s played %d seat-games", s.Level, s.Seats)
		}
	}
	if byLevel["heuristic"].Lo <= byLevel["random"].Hi {
		t.Fatalf("heuristic %+v not clearly above random %+v", byLevel["heuristic"], byLevel["random"])
	}
	if byLevel["search"].Lo <= byLevel["random"].Hi {
		t.Fatalf("search %+v not clearly above random %+v", byLevel["search"], byLevel["random"])
	}
}

func TestTournamentRefusesBadSetup(t *testing.T) {
	cases := []struct {
		name string
		t    bot.Tournament
	}{
		{"too few seats", bot.Tournament{Rules: highcard.Rules{}, Levels: []string{"random"}, Games: 1}},
		{"unknown level", bot.Tournament{Rules: highcard.Rules{}, Levels: []string{"random", "genius"}, Games: 1}},
		{"no games", bot.Tournament{Rules: highcard.Rules{}, Levels: []string{"random", "random"}}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if _, err := c.t.Run(); !errors.Is(err, engine.ErrBadConfig) {
				t.Fatalf("err = %v, want bad_config", err)
			}
		})
	}
}

// TestTypedView: a bot reads its game's view as a pointer or a value, and refuses anything else
// (a nil pointer included) as malformed, as it refuses to choose from no moves.
func TestTypedView(t *testing.T) {
	v := highcard.View{Own: 3}
	for _, in := range []engine.View{&v, v} {
		if got, err := bot.TypedView[highcard.View](in, "bot: test", "a High Card"); err != nil || got.Own != 3 {
			t.Errorf("%T: %v %v", in, got, err)
		}
	}
	for _, in := range []engine.View{nil, (*highcard.View)(nil), 7, struct{}{}} {
		if _, err := bot.TypedView[highcard.View](in, "bot: test", "a High Card"); !errors.Is(err, engine.ErrMalformed) {
			t.Errorf("%T: %v, want malformed", in, err)
		}
	}
	decide := bot.Typed("bot: test", func(v engine.View) (*highcard.View, error) {
		return bot.TypedView[highcard.View](v, "bot: test", "a High Card")
	}, func(_ *highcard.View, legal []engine.Move) engine.Move { return legal[len(legal)-1] })
	if _, err := decide(&v, nil); !errors.Is(err, engine.ErrNotYourTurn) {
		t.Errorf("no moves: %v", err)
	}
	if m, err := decide(&v, []engine.Move{{Kind: "a"}, {Kind: "b"}}); err != nil || m.Kind != "b" {
		t.Errorf("decide: %v %v", m, err)
	}
}
