// Package toy is a tiny card game that exercises everything the table protocol must handle —
// hidden hands, a private peek, public moves and one deal per round — so the protocol can be
// tested without a real game. It is not offered to players.
//
// Each round is dealt from a fresh 10-card deck (cards 1..10): every seat gets one card it sees
// and nobody else does. In turn from a random first seat, each seat may "peek" once at the top of
// the deck (only it sees that card), then "hold" or "show" its card. When all have acted every
// card is shown and the highest scores a point. After the last round the best score wins.
package toy

import (
	"encoding/json"
	"fmt"
	"strconv"

	"miskatonic/engine"
	"miskatonic/engine/rng"
)

// Rules of the toy game. Option "rounds" (1..9, default 3).
type Rules struct{}

func (Rules) Name() string          { return "toy" }
func (Rules) Seats() (min, max int) { return 2, 8 }
func (Rules) Options() []engine.Option {
	return []engine.Option{{Key: "rounds", Choices: []string{"1", "2", "3", "4", "5"}, Default: "3"}}
}

func (Rules) New(cfg engine.Config) (engine.Game, error) {
	if cfg.Seats < 2 || cfg.Seats > 8 {
		return nil, engine.Errorf(engine.KindBadConfig, "toy: new", "%d seats", cfg.Seats)
	}
	rounds := 3
	if v, ok := cfg.Options["rounds"]; ok {
		n, err := strconv.Atoi(v)
		if err != nil || n < 1 || n > 9 {
			return nil, engine.Errorf(engine.KindBadConfig, "toy: new", "rounds %q", v)
		}
		rounds = n
	}
	return &Game{Seats: cfg.Seats, Rounds: rounds, Round: 1, Scores: make([]int, cfg.Seats), Hands: make([]int, cfg.Seats), Acted: make([]bool, cfg.Seats), Shown: make([]bool, cfg.Seats), Peeked: -1}, nil
}

func (Rules) DecodeView(data []byte) (engine.View, error) {
	var v View
	if err := json.Unmarshal(data, &v); err != nil {
		return nil, engine.Errorf(engine.KindMalformed, "toy: view", "%v", err)
	}
	return v, nil
}

// Game is the state; exported fields only so Clone is a plain copy of slices.
type Game struct {
	Seats, Rounds, Round int
	Dealt                bool
	Deck                 []int // remaining cards, top first
	Hands                []int
	Acted, Shown         []bool
	Turn                 engine.Seat
	Peeked               engine.Seat // who peeked this round, -1 if nobody
	Scores               []int
	Over                 bool
	Winners              []engine.Seat
}

// View is what a seat sees.
type View struct {
	Seat   engine.Seat `json:"seat"`
	Round  int         `json:"round"`
	Hand   int         `json:"hand"`   // own card, 0 if none or observer
	Shown  []int       `json:"shown"`  // per seat: a shown card, else 0
	Peek   int         `json:"peek"`   // top of deck if this seat peeked this round
	Scores []int       `json:"scores"` // per seat
	Turn   engine.Seat `json:"turn"`
}

func (g *Game) Status() engine.Status {
	st := engine.Status{Phase: "play", Round: g.Round, Turn: int(g.Turn)}
	switch {
	case g.Over:
		st.Phase, st.Over = "over", true
		st.Result = &engine.Outcome{Winners: append([]engine.Seat(nil), g.Winners...), Scores: append([]int(nil), g.Scores...), Reason: "toy.end"}
	case !g.Dealt:
		st.Phase = "deal"
		st.Deal = &engine.DealRequest{Epoch: g.Round, Context: fmt.Sprintf("toy round %d: cards 1-10", g.Round)}
	default:
		st.Active = []engine.Seat{g.Turn}
	}
	return st
}

func (g *Game) Legal(s engine.Seat) []engine.Move {
	if g.Over || !g.Dealt || s != g.Turn {
		return nil
	}
	var l []engine.Move
	if g.Peeked < 0 && len(g.Deck) > 0 {
		l = append(l, engine.Move{Seat: s, Kind: "peek"})
	}
	return append(l, engine.Move{Seat: s, Kind: "hold"}, engine.Move{Seat: s, Kind: "show"})
}

func (g *Game) Apply(m engine.Move) error {
	if err := engine.CheckTurn(g.Status(), m, "toy"); err != nil {
		return err
	}
	if m.Kind == engine.KindDeal {
		k, err := m.DealKey()
		if err != nil {
			return err
		}
		deck := rng.New(rng.Derive(k, "deck")).Perm(10)
		for i := range g.Hands {
			g.Hands[i] = deck[i] + 1
		}
		g.Deck = g.Deck[:0]
		for _, c := range deck[g.Seats:] {
			g.Deck = append(g.Deck, c+1)
		}
		g.Turn = engine.Seat(rng.New(rng.Derive(k, "first")).Intn(g.Seats))
		g.Dealt = true
		return nil
	}
	if !engine.IsLegal(g.Legal(m.Seat), m) {
		return engine.Errorf(engine.KindIllegal, "toy", "%s is not legal now", m)
	}
	switch m.Kind {
	case "peek":
		g.Peeked = m.Seat
		return nil
	case "show":
		g.Shown[m.Seat] = true
	}
	g.Acted[m.Seat] = true
	g.Turn = (g.Turn + 1) % engine.Seat(g.Seats)
	if g.Acted[g.Turn] {
		g.endRound()
	}
	return nil
}

func (g *Game) endRound() {
	best := 0
	for s, c := range g.Hands {
		if c > g.Hands[best] {
			best = s
		}
	}
	g.Scores[best]++
	for i := range g.Acted {
		g.Acted[i], g.Shown[i], g.Hands[i] = false, false, 0
	}
	g.Peeked, g.Dealt, g.Deck = -1, false, nil
	if g.Round == g.Rounds {
		g.Over = true
		top := 0
		for _, sc := range g.Scores {
			top = max(top, sc)
		}
		for s, sc := range g.Scores {
			if sc == top {
				g.Winners = append(g.Winners, engine.Seat(s))
			}
		}
		return
	}
	g.Round++
}

func (g *Game) View(s engine.Seat) engine.View {
	v := View{Seat: s, Round: g.Round, Shown: make([]int, g.Seats), Scores: append([]int(nil), g.Scores...), Turn: g.Turn}
	for i, c := range g.Hands {
		if g.Shown[i] {
			v.Shown[i] = c
		}
	}
	if s.Valid(g.Seats) {
		v.Hand = g.Hands[s]
		if g.Peeked == s && len(g.Deck) > 0 {
			v.Peek = g.Deck[0]
		}
	}
	return v
}

func (g *Game) Clone() engine.Game {
	c := *g
	c.Deck = append([]int(nil), g.Deck...)
	c.Hands = append([]int(nil), g.Hands...)
	c.Acted = append([]bool(nil), g.Acted...)
	c.Shown = append([]bool(nil), g.Shown...)
	c.Scores = append([]int(nil), g.Scores...)
	c.Winners = append([]engine.Seat(nil), g.Winners...)
	return &c
}

// Hidden lists the cards seat s may not know now: other seats' unshown cards and the deck
// (except a card it peeked). The leak tests check no byte sent to s names one of them.
func (g *Game) Hidden(s engine.Seat) []int {
	var h []int
	for i, c := range g.Hands {
		if engine.Seat(i) != s && !g.Shown[i] && c != 0 {
			h = append(h, c)
		}
	}
	for i, c := range g.Deck {
		if i == 0 && g.Peeked == s && s >= 0 {
			continue
		}
		h = append(h, c)
	}
	return h
}

// Version is the rules version (see engine.Rules).
func (Rules) Version() int { return 1 }
