package bot

import (
	"miskatonic/engine"
	"miskatonic/engine/rng"
)

// highCard is a tiny hidden-information game to test the game-independent machinery (Play,
// tournaments, search) without depending on a real game: each seat is dealt one of the cards
// 1..10 and sees only its own; in turn each seat keeps it or swaps it for the top of the deck
// (discarding it face up); the highest card wins, ties shared.
type highCard struct {
	n       int
	dealt   bool
	hands   []int
	deck    []int
	discard []int
	turn    int
	over    bool
	winners []engine.Seat
}

type highCardView struct {
	Seat    engine.Seat
	Own     int
	Discard []int
	Turn    int
	Seats   int
}

type highCardRules struct{}

func (highCardRules) Name() string                                { return "highcard" }
func (highCardRules) Seats() (int, int)                           { return 2, 5 }
func (highCardRules) Options() []engine.Option                    { return nil }
func (highCardRules) DecodeView(data []byte) (engine.View, error) { return nil, nil }
func (highCardRules) New(cfg engine.Config) (engine.Game, error) {
	if cfg.Seats < 2 || cfg.Seats > 5 {
		return nil, engine.Errorf(engine.KindBadConfig, "highcard", "seats")
	}
	return &highCard{n: cfg.Seats}, nil
}

func (g *highCard) Status() engine.Status {
	switch {
	case g.over:
		return engine.Status{Phase: "over", Over: true, Result: &engine.Outcome{Winners: append([]engine.Seat(nil), g.winners...), Reason: "highcard"}}
	case !g.dealt:
		return engine.Status{Phase: "deal", Deal: &engine.DealRequest{Epoch: 1, Context: "highcard"}}
	}
	return engine.Status{Phase: "play", Turn: g.turn, Active: []engine.Seat{engine.Seat(g.turn)}}
}

func (g *highCard) Legal(s engine.Seat) []engine.Move {
	if !g.dealt || g.over || int(s) != g.turn {
		return nil
	}
	return []engine.Move{{Seat: s, Kind: "keep"}, {Seat: s, Kind: "swap"}}
}

func (g *highCard) Apply(m engine.Move) error {
	if err := engine.CheckTurn(g.Status(), m, "highcard"); err != nil {
		return err
	}
	if m.Kind == engine.KindDeal {
		k, err := m.DealKey()
		if err != nil {
			return err
		}
		p := rng.New(k).Perm(10)
		for i := 0; i < g.n; i++ {
			g.hands = append(g.hands, p[i]+1)
		}
		for _, c := range p[g.n:] {
			g.deck = append(g.deck, c+1)
		}
		g.dealt = true
		return nil
	}
	if !engine.IsLegal(g.Legal(m.Seat), m) {
		return engine.Errorf(engine.KindIllegal, "highcard", "%s", m)
	}
	if m.Kind == "swap" {
		g.discard = append(g.discard, g.hands[g.turn])
		g.hands[g.turn], g.deck = g.deck[0], g.deck[1:]
	}
	g.turn++
	if g.turn == g.n {
		g.over = true
		best := 0
		for _, h := range g.hands {
			best = max(best, h)
		}
		for s, h := range g.hands {
			if h == best {
				g.winners = append(g.winners, engine.Seat(s))
			}
		}
	}
	return nil
}

func (g *highCard) View(s engine.Seat) engine.View {
	v := highCardView{Seat: s, Discard: append([]int(nil), g.discard...), Turn: g.turn, Seats: g.n}
	if s.Valid(g.n) && g.dealt {
		v.Own = g.hands[s]
	}
	return v
}

func (g *highCard) Clone() engine.Game {
	c := *g
	c.hands = append([]int(nil), g.hands...)
	c.deck = append([]int(nil), g.deck...)
	c.discard = append([]int(nil), g.discard...)
	c.winners = append([]engine.Seat(nil), g.winners...)
	return &c
}

// highCardDeterminize deals the cards the seat has not seen at random to the other seats and the deck.
func highCardDeterminize(view engine.View, r *rng.Rand) (engine.Game, error) {
	v := view.(highCardView)
	seen := map[int]bool{v.Own: true}
	for _, c := range v.Discard {
		seen[c] = true
	}
	var unseen []int
	for c := 1; c <= 10; c++ {
		if !seen[c] {
			unseen = append(unseen, c)
		}
	}
	r.Shuffle(len(unseen), func(i, j int) { unseen[i], unseen[j] = unseen[j], unseen[i] })
	g := &highCard{n: v.Seats, dealt: true, turn: v.Turn, discard: append([]int(nil), v.Discard...)}
	for s := 0; s < v.Seats; s++ {
		if engine.Seat(s) == v.Seat {
			g.hands = append(g.hands, v.Own)
			continue
		}
		g.hands = append(g.hands, unseen[0])
		unseen = unseen[1:]
	}
	g.deck = unseen
	return g, nil
}

// highCardHeuristic swaps a card below the middle.
func highCardHeuristic(view engine.View, legal []engine.Move, _ *rng.Rand) engine.Move {
	if view.(highCardView).Own <= 5 {
		return legal[1]
	}
	return legal[0]
}

func init() {
	Register("highcard", LevelHeuristic, func(seed uint64) Func {
		r := SeedRand(seed, "highcard")
		return func(v engine.View, legal []engine.Move) (engine.Move, error) {
			return highCardHeuristic(v, legal, r), nil
		}
	})
	Register("highcard", LevelSearch, func(seed uint64) Func {
		r := SeedRand(seed, "highcard-search")
		s := &Searcher{
			Determinize: highCardDeterminize,
			Policy:      highCardHeuristic,
			Horizon:     func(engine.Status) bool { return false },
			Value: func(g engine.Game, me engine.Seat) float64 {
				for _, w := range g.Status().Result.Winners {
					if w == me {
						return 1
					}
				}
				return 0
			},
			Samples: 40,
		}
		return func(v engine.View, legal []engine.Move) (engine.Move, error) { return s.Decide(v, legal, r) }
	})
}

// Version is the rules version (see engine.Rules).
func (highCardRules) Version() int { return 1 }
