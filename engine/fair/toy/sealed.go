package toy

// Sealed is the toy game's simultaneous twin: after each round's deal every seat bids 1, 2 or 3
// at once and in secret (engine.Status.Sealed); a bid nobody else made scores its value. It
// exists to test the table's commit-then-reveal of sealed moves. It is not offered to players.

import (
	"encoding/json"
	"fmt"
	"slices"

	"miskatonic/engine"
	"miskatonic/engine/rng"
)

// SealedRules are the rules of the sealed toy: two rounds.
type SealedRules struct{}

func (SealedRules) Name() string { return "toysealed" }

// PublicChoosers: every seat bids every round, whatever it was dealt (engine.PublicChoosers).
func (SealedRules) PublicChoosers()          {}
func (SealedRules) Version() int             { return 1 }
func (SealedRules) Seats() (min, max int)    { return 2, 8 }
func (SealedRules) Options() []engine.Option { return nil }
func (SealedRules) New(cfg engine.Config) (engine.Game, error) {
	if cfg.Seats < 2 || cfg.Seats > 8 {
		return nil, engine.Errorf(engine.KindBadConfig, "toysealed: new", "%d seats", cfg.Seats)
	}
	return &SealedGame{Seats: cfg.Seats, Rounds: 2, Round: 1, Hands: make([]int, cfg.Seats), Bids: make([]int, cfg.Seats), Scores: make([]int, cfg.Seats)}, nil
}

func (SealedRules) DecodeView(data []byte) (engine.View, error) {
	var v SealedView
	if err := json.Unmarshal(data, &v); err != nil {
		return nil, engine.Errorf(engine.KindMalformed, "toysealed: view", "%v", err)
	}
	return v, nil
}

// SealedGame is the state.
type SealedGame struct {
	Seats, Rounds, Round int
	Dealt                bool
	Hands                []int
	Bids                 []int // this round's bids, 0 while a seat has not chosen
	Last                 []int // the previous round's bids, public once all were in
	Scores               []int
	Over                 bool
}

// SealedView is what a seat sees: its own card and its own pending bid, never another's.
type SealedView struct {
	Round  int   `json:"round"`
	Hand   int   `json:"hand"`
	Bid    int   `json:"bid"`
	Last   []int `json:"last"`
	Scores []int `json:"scores"`
}

func (g *SealedGame) Status() engine.Status {
	st := engine.Status{Phase: "bid", Round: g.Round}
	switch {
	case g.Over:
		st.Phase, st.Over = "over", true
		st.Result = &engine.Outcome{Scores: slices.Clone(g.Scores), Reason: "toysealed.end"}
		top := slices.Max(g.Scores)
		for s, sc := range g.Scores {
			if sc == top {
				st.Result.Winners = append(st.Result.Winners, engine.Seat(s))
			}
		}
	case !g.Dealt:
		st.Phase = "deal"
		st.Deal = &engine.DealRequest{Epoch: g.Round, Context: fmt.Sprintf("toysealed round %d: cards 1-10", g.Round)}
		st.Active = []engine.Seat{engine.Dealer}
	default:
		st.Sealed = true
		for s, b := range g.Bids {
			if b == 0 {
				st.Active = append(st.Active, engine.Seat(s))
			}
		}
	}
	return st
}

func (g *SealedGame) Legal(s engine.Seat) []engine.Move {
	if g.Over || !g.Dealt || !s.Valid(g.Seats) || g.Bids[s] != 0 {
		return nil
	}
	return []engine.Move{{Seat: s, Kind: "bid", N: 1}, {Seat: s, Kind: "bid", N: 2}, {Seat: s, Kind: "bid", N: 3}}
}

func (g *SealedGame) Apply(m engine.Move) error {
	if err := engine.CheckTurn(g.Status(), m, "toysealed"); err != nil {
		return err
	}
	if m.Kind == engine.KindDeal {
		k, err := m.DealKey()
		if err != nil {
			return err
		}
		if m != engine.DealMove(k) {
			return engine.Errorf(engine.KindIllegal, "toysealed", "a deal move carries only its key")
		}
		deck := rng.New(rng.Derive(k, "deck")).Perm(10)
		for i := range g.Hands {
			g.Hands[i] = deck[i] + 1
		}
		g.Dealt = true
		return nil
	}
	if !engine.IsLegal(g.Legal(m.Seat), m) {
		return engine.Errorf(engine.KindIllegal, "toysealed", "%s is not legal now", m)
	}
	g.Bids[m.Seat] = m.N
	if slices.Contains(g.Bids, 0) {
		return nil
	}
	for s, b := range g.Bids {
		if n := len(slices.DeleteFunc(slices.Clone(g.Bids), func(x int) bool { return x != b })); n == 1 {
			g.Scores[s] += b
		}
	}
	g.Last, g.Bids, g.Dealt = g.Bids, make([]int, g.Seats), false
	clear(g.Hands)
	if g.Round == g.Rounds {
		g.Over = true
	} else {
		g.Round++
	}
	return nil
}

func (g *SealedGame) View(s engine.Seat) engine.View {
	v := SealedView{Round: g.Round, Last: slices.Clone(g.Last), Scores: slices.Clone(g.Scores)}
	if s.Valid(g.Seats) {
		v.Hand, v.Bid = g.Hands[s], g.Bids[s]
	}
	return v
}

func (g *SealedGame) Clone() engine.Game {
	c := *g
	c.Hands, c.Bids, c.Last, c.Scores = slices.Clone(g.Hands), slices.Clone(g.Bids), slices.Clone(g.Last), slices.Clone(g.Scores)
	return &c
}
