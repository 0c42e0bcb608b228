// Package arkhambot is Arkham Ritual's bots: the heuristic and the search levels, registered
// with engine/bot (which supplies the random level, search machinery and tournaments). Importing
// it registers them; engine/games does so for every caller.
package arkhambot

import (
	"fmt"

	"miskatonic/engine"
	"miskatonic/engine/arkham"
	"miskatonic/engine/bot"
	"miskatonic/engine/rng"
)

// Arkham Ritual bots. Both reason from the seat's view alone:
//
//   - the heuristic keeps track of every card it has not seen (its own card, the deck, a card in
//     transit it did not draw, removed cards), treats its own card and an unknown card in transit
//     as drawn from those, and scores each legal move by what would happen if the round ended
//     right after it — duplicates resonate, cursed cards fail, a discarded Gate wakes a held
//     Great Old One, an Elder Sign ends the round. It hands bad cards to whoever they hurt most
//     and is wary of a card handed straight to it by the seat that drew it; a card that has
//     already been passed on it takes unless the model says taking hurts (tournaments showed a
//     follower that keeps passing does worse than one that swaps). It is deterministic, so
//     other bots can model it exactly;
//   - the search bot reads the table first (arkham_infer.go): everyone else sees its card, so it
//     replays the round's public log under each guess at its own card and weighs the guess by
//     how well it explains what the others did — trusting each seat as far as its moves in
//     earlier rounds, checked once the reveal showed our card, fitted the model (a random
//     player's moves end up saying nothing). It then deals the unseen cards many times
//     (arkham.DeterminizeWith, its own card drawn from that belief, the card in transit
//     re-drawn until it fits the drawer's choice), tries each legal move on each deal, plays the
//     round out with the heuristic for every seat, and keeps the move with the best mean result.

func init() {
	bot.Register("arkham", bot.LevelHeuristic, func(seed uint64) bot.Func {
		return bot.Typed("bot: arkham", arkhamView, newArkhamHeuristic().decide)
	})
	bot.Register("arkham", bot.LevelSearch, func(seed uint64) bot.Func {
		return NewSearch(seed, DefaultSamples)
	})
}

// DefaultSamples is the search bot's budget: determinizations per decision (each legal
// move is played out once per determinization). About 20 ms per decision natively and 65 ms
// under wasm (BenchmarkSearchDecision, target ≤ 150 ms); with the own-card guesses stratified,
// 16 samples won about 3 points more than 8 in the 5-seat tournament.
const DefaultSamples = 16

// maxGiveTries bounds the rejection sampling of the card in transit.
const maxGiveTries = 6

// NewSearch returns an Arkham search bot with a budget of samples determinizations.
// Its own card is drawn from what the table has shown (ownCardBelief), the rest uniformly.
func NewSearch(seed uint64, samples int) bot.Func {
	return newArkhamSearch(seed, samples, searchTuning{randomAbove: defaultRandomAbove, stratify: true})
}

// defaultRandomAbove: a seat whose record says it acts off-model more often than this plays
// at random in the playouts (see searchTuning).
const defaultRandomAbove = 0.6

// searchTuning holds the search bot's knobs (tests and tuning vary them).
type searchTuning struct {
	// randomAbove: in playouts, another seat whose calibrated off-model share (noiseFor)
	// exceeds this moves at random that share of the time instead of as the heuristic would:
	// a table of random players is modelled as one. 0 or ≥ 1 turns it off.
	randomAbove float64
	// stratify spreads the own-card guesses of a decision's samples over the belief.
	stratify bool
}

func newArkhamSearch(seed uint64, samples int, tune searchTuning) bot.Func {
	r := bot.SeedRand(seed, "arkham/search")
	var me engine.Seat
	policy := newArkhamHeuristic()
	reader := newArkhamReader()
	var cands []arkham.CardID
	var cum []float64
	// Own cards are drawn stratified: sample i of a decision draws from the i-th slice of the
	// belief, so a handful of samples covers it evenly instead of clumping by chance.
	strat, slices := 0, max(samples, 1)
	pick := func(r *rng.Rand) arkham.CardID {
		if len(cands) == 0 {
			return 0
		}
		u := float64(r.Uint64()>>11) / (1 << 53)
		if tune.stratify {
			u = (float64(strat%slices) + u) / float64(slices)
		}
		x := u * cum[len(cum)-1]
		for i, c := range cum {
			if x < c {
				return cands[i]
			}
		}
		return cands[len(cands)-1]
	}
	s := &bot.Searcher{
		Determinize: func(v engine.View, r *rng.Rand) (engine.Game, error) {
			av, err := arkhamView(v)
			if err != nil {
				return nil, err
			}
			var g *arkham.Game
			// Own card from the belief; then, by rejection, a card in transit that fits the
			// drawer's choice of recipient (a few tries, then whatever came).
			for try := 0; try < maxGiveTries; try++ {
				mine := pick(r)
				if g, err = arkham.DeterminizeWith(av, r, mine); err != nil {
					return nil, err
				}
				if reader.in.pending == nil || av.Passing == nil || len(av.Passing.Chain) == 0 {
					break
				}
				own := g.ViewOf(engine.Seat((int(av.Seat) + 1) % av.Players)).Positions[av.Seat].Card
				x := g.ViewOf(av.Passing.Chain[0]).Passing.Card
				if float64(r.Uint64()>>11)/(1<<53) < reader.in.giveOdds(av, &reader.h.sit, own, x) {
					break
				}
			}
			strat++
			return g, nil
		},
		Policy: func(v engine.View, legal []engine.Move, pr *rng.Rand) engine.Move {
			// Views made by the engine inside a playout: no need to check them again.
			av, ok := v.(*arkham.View)
			if !ok || av == nil {
				return legal[0]
			}
			if p := int(av.Seat); tune.randomAbove > 0 && tune.randomAbove < 1 && av.Seat != me {
				if e := reader.in.noiseFor(p); e > tune.randomAbove && float64(pr.Uint64()>>11)/(1<<53) < e {
					return legal[pr.Intn(len(legal))]
				}
			}
			return policy.decide(av, legal)
		},
		Horizon: func(st engine.Status) bool { return st.Deal != nil },
		Value:   arkhamValue,
		Samples: samples,
	}
	return func(v engine.View, legal []engine.Move) (engine.Move, error) {
		av, err := bot.Read("bot: arkham", arkhamView, v, legal)
		if err != nil {
			return engine.Move{}, err
		}
		me = av.Seat
		if len(legal) == 1 {
			reader.in.calibrate(av)
			reader.in.remember(av, legal[0])
			return s.Decide(v, legal, r)
		}
		cands, cum = cands[:0], cum[:0]
		strat = 0
		sit := reader.situate(av)
		if sit.belief == nil && sit.mine == 0 && tune.stratify {
			for i, c := range sit.pool {
				cands = append(cands, c)
				cum = append(cum, float64(i+1))
			}
		}
		if sit.belief != nil {
			total := 0.0
			for _, c := range sit.pool {
				if w := sit.belief[c]; w > 0 {
					total += w
					cands = append(cands, c)
					cum = append(cum, total)
				}
			}
		}
		m, err := s.Decide(v, legal, r)
		if err == nil {
			reader.in.remember(av, m)
		}
		return m, err
	}
}

// arkhamView accepts the view as the engine makes it (*arkham.View) or as a value, and checks
// that everything the bots index by is in range: a bot playing a remote seat reads its view off
// the wire, and a malformed one must be refused, not crash it.
func arkhamView(v engine.View) (*arkham.View, error) {
	av, err := bot.TypedView[arkham.View](v, "bot: arkham", "an Arkham Ritual")
	if err != nil {
		return nil, err
	}
	if err := checkView(av); err != nil {
		return nil, engine.Errorf(engine.KindMalformed, "bot: arkham", "%v", err)
	}
	return av, nil
}

// maxLogEntries bounds the log a bot replays (a round has far fewer: see arkham's maxLog).
const maxLogEntries = 256

func checkView(v *arkham.View) error {
	n, npos := v.Players, len(v.Positions)
	switch {
	case n < arkham.MinPlayers || n > arkham.MaxPlayers:
		return fmt.Errorf("%d players", n)
	case npos != max(n, arkham.MinPositions):
		return fmt.Errorf("%d positions for %d players", npos, n)
	case !v.Seat.Valid(n):
		return fmt.Errorf("seat %d", v.Seat)
	case v.Active < -1 || int(v.Active) >= n:
		return fmt.Errorf("active seat %d", v.Active)
	case v.ToMove < engine.Dealer || int(v.ToMove) >= n:
		return fmt.Errorf("seat to move %d", v.ToMove)
	case len(v.Log) > maxLogEntries || len(v.Seen) > arkham.DeckCards:
		return fmt.Errorf("log of %d, %d seen", len(v.Log), len(v.Seen))
	case v.DeckSize < 0 || v.DeckSize > arkham.DeckCards || v.Removed < 0 || v.Removed > arkham.DeckCards:
		return fmt.Errorf("deck %d, removed %d", v.DeckSize, v.Removed)
	}
	for p, pos := range v.Positions {
		if int(pos.Seat) != p || pos.Sanity < 0 || pos.Sanity > arkham.MaxSanity {
			return fmt.Errorf("position %d", p)
		}
	}
	if ps := v.Passing; ps != nil {
		if !ps.Holder.Valid(n) || len(ps.Chain) == 0 || len(ps.Chain) > npos {
			return fmt.Errorf("card in transit")
		}
		for _, s := range ps.Chain {
			if !s.Valid(n) {
				return fmt.Errorf("chain seat %d", s)
			}
		}
	}
	for _, e := range v.Log {
		if !e.Seat.Valid(npos) || (e.To != nil && !e.To.Valid(npos)) || e.N < -1 || e.N > 1 {
			return fmt.Errorf("log entry %+v", e)
		}
	}
	return nil
}

// arkhamValue scores a finished (or stopped) playout for seat me from the public sanity.
func arkhamValue(g engine.Game, me engine.Seat) float64 {
	v, ok := g.View(engine.Observer).(*arkham.View)
	if !ok || v == nil {
		return 0
	}
	var t tableState
	t.fromView(v)
	return t.utility(t.sanity, int(me), v.Outcome != nil)
}
