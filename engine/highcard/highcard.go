// Package highcard is a tiny test game, the fourth behind the engine contract: it exists to prove
// that a game is added by adding its own packages plus one registry line per layer, and to give
// the generic machinery (conformance suite, table, bots, UI) a game small enough to play to the
// end in a test. It is registered as a dev game: hosted like the others, listed only for tests.
//
// Rules: the ten cards 1..10 are shuffled; each of 2–5 seats is dealt one, which only it sees.
// In seat order each seat keeps its card or swaps it for the top of the deck, discarding it face
// up. The highest card wins; seats holding it share the win.
package highcard

import (
	"miskatonic/engine"
	"miskatonic/engine/rng"
)

// Name is the game's stable id.
const Name = "highcard"

// Seat counts, cards and move kinds.
const (
	MinSeats = 2
	MaxSeats = 5
	Cards    = 10 // the deck is 1..Cards

	KindKeep = "keep"
	KindSwap = "swap"
)

// Phases and the end's reason (a message-catalog key).
const (
	PhaseDeal  = "deal"
	PhasePlay  = "play"
	PhaseOver  = "over"
	ReasonHigh = "hc.end"
)

// Rules makes High Card games.
type Rules struct{}

var _ engine.Rules = Rules{}

func (Rules) Name() string             { return Name }
func (Rules) Version() int             { return 1 }
func (Rules) Seats() (int, int)        { return MinSeats, MaxSeats }
func (Rules) Options() []engine.Option { return nil }

// New sets up a game; it starts waiting for its one deal.
func (Rules) New(cfg engine.Config) (engine.Game, error) {
	if cfg.Seats < MinSeats || cfg.Seats > MaxSeats {
		return nil, engine.Errorf(engine.KindBadConfig, "highcard: new", "%d seats (want %d–%d)", cfg.Seats, MinSeats, MaxSeats)
	}
	if len(cfg.Options) > 0 {
		return nil, engine.Errorf(engine.KindBadConfig, "highcard: new", "no options")
	}
	return &Game{n: cfg.Seats}, nil
}

// DecodeView reads a view back from its JSON.
func (Rules) DecodeView(data []byte) (engine.View, error) {
	return engine.DecodeView[View](data, "highcard: view")
}

// Game is one match.
type Game struct {
	n       int
	dealt   bool
	hands   []int
	deck    []int
	discard []int
	turn    int
	over    bool
	winners []engine.Seat
}

// View is what one seat may know: its own card, the discards, whose turn it is. At the end every
// hand is shown.
type View struct {
	Seat    engine.Seat   `json:"seat"`
	Seats   int           `json:"seats"`
	Own     int           `json:"own,omitempty"` // 0 for the Observer and before the deal
	Discard []int         `json:"discard"`
	Turn    int           `json:"turn"`
	Deck    int           `json:"deck"`            // cards left in the deck
	Hands   []int         `json:"hands,omitempty"` // at the end only
	Winners []engine.Seat `json:"winners,omitempty"`
	Over    bool          `json:"over,omitempty"`
}

func (g *Game) Status() engine.Status {
	switch {
	case g.over:
		return engine.Status{Phase: PhaseOver, Turn: g.turn, Active: []engine.Seat{}, Over: true,
			Result: &engine.Outcome{Winners: append([]engine.Seat{}, g.winners...), Reason: ReasonHigh}}
	case !g.dealt:
		return engine.Status{Phase: PhaseDeal, Active: []engine.Seat{engine.Dealer},
			Deal: &engine.DealRequest{Epoch: 1, Context: "highcard/v1"}}
	}
	return engine.Status{Phase: PhasePlay, Turn: g.turn, Active: []engine.Seat{engine.Seat(g.turn)}}
}

func (g *Game) Legal(s engine.Seat) []engine.Move {
	if !g.dealt || g.over || int(s) != g.turn {
		return nil
	}
	return []engine.Move{{Seat: s, Kind: KindKeep}, {Seat: s, Kind: KindSwap}}
}

// Apply passes m through the shared move gate (engine.Gate), declaring the game's data for it,
// then deals or plays.
func (g *Game) Apply(m engine.Move) error {
	gate := engine.Gate{Op: "highcard", Seats: g.n, Over: g.over, Dealing: !g.dealt,
		Kinds:   []string{KindKeep, KindSwap},
		MayMove: func(s engine.Seat) bool { return int(s) == g.turn },
		Allows:  func(m engine.Move) bool { return engine.IsLegal(g.Legal(m.Seat), m) }}
	return gate.Apply(m, g.deal, g.play)
}

// play makes a legal move: keep, or swap the hand for the deck's top card.
func (g *Game) play(m engine.Move) {
	if m.Kind == KindSwap {
		g.discard = append(g.discard, g.hands[g.turn])
		g.hands[g.turn], g.deck = g.deck[0], g.deck[1:]
	}
	g.turn++
	if g.turn == g.n {
		g.finish()
	}
}

// deal shuffles 1..Cards with the deal key: the first n go to the seats, the rest are the deck.
func (g *Game) deal(k [32]byte) {
	p := rng.New(k).Perm(Cards)
	for i := 0; i < g.n; i++ {
		g.hands = append(g.hands, p[i]+1)
	}
	for _, c := range p[g.n:] {
		g.deck = append(g.deck, c+1)
	}
	g.dealt = true
}

// finish ends the game: the highest card wins, shared on a tie.
func (g *Game) finish() {
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

func (g *Game) View(s engine.Seat) engine.View {
	v := &View{Seat: s, Seats: g.n, Discard: append([]int{}, g.discard...), Turn: g.turn, Deck: len(g.deck), Over: g.over}
	if s.Valid(g.n) && g.dealt {
		v.Own = g.hands[s]
	}
	if g.over {
		v.Hands = append([]int(nil), g.hands...)
		v.Winners = append([]engine.Seat(nil), g.winners...)
	}
	return v
}

func (g *Game) Clone() engine.Game {
	c := *g
	c.hands = append([]int(nil), g.hands...)
	c.deck = append([]int(nil), g.deck...)
	c.discard = append([]int(nil), g.discard...)
	c.winners = append([]engine.Seat(nil), g.winners...)
	return &c
}

// Determinize deals the cards seat v.Seat has not seen at random to the other seats and the deck:
// one game consistent with the view, for a search bot.
func Determinize(v *View, r *rng.Rand) *Game {
	seen := map[int]bool{v.Own: true}
	for _, c := range v.Discard {
		seen[c] = true
	}
	var unseen []int
	for c := 1; c <= Cards; c++ {
		if !seen[c] {
			unseen = append(unseen, c)
		}
	}
	r.Shuffle(len(unseen), func(i, j int) { unseen[i], unseen[j] = unseen[j], unseen[i] })
	g := &Game{n: v.Seats, dealt: true, turn: v.Turn, discard: append([]int(nil), v.Discard...)}
	for s := 0; s < v.Seats; s++ {
		if engine.Seat(s) == v.Seat {
			g.hands = append(g.hands, v.Own)
			continue
		}
		g.hands = append(g.hands, unseen[0])
		unseen = unseen[1:]
	}
	g.deck = unseen
	return g
}
