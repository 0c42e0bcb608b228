package bot

import (
	"time"

	"miskatonic/engine"
	"miskatonic/engine/rng"
)

// Searcher is determinized Monte Carlo search (a flat information-set search): it samples whole
// games consistent with what the seat has seen, tries each legal move in each sample, plays on
// with a playout policy that itself sees only views, and picks the move with the best mean value.
// Every move is scored on the same samples and playout seeds, so differences between moves are
// not drowned by the noise of different deals.
type Searcher struct {
	// Determinize builds one full game consistent with view (hidden cards drawn with r).
	Determinize func(view engine.View, r *rng.Rand) (engine.Game, error)
	// Policy picks a move for the seat to move inside a playout, from that seat's view only.
	Policy func(view engine.View, legal []engine.Move, r *rng.Rand) engine.Move
	// Horizon says where a playout stops (besides the game's end), e.g. at the next deal.
	Horizon func(st engine.Status) bool
	// Value scores a stopped playout for seat me; higher is better.
	Value func(g engine.Game, me engine.Seat) float64
	// Samples is how many determinizations each decision uses (the playout budget is
	// Samples × number of legal moves). Deterministic: this is the budget that counts.
	Samples int
	// MaxTime, if positive, is an optional wall-clock cap: sampling stops early once it is
	// spent (at least one sample is always taken). Leave it zero for reproducible play.
	MaxTime time.Duration
	// MaxSteps bounds one playout.
	MaxSteps int
}

// Decide picks a move for the seat that owns legal, seeded by r.
func (s *Searcher) Decide(view engine.View, legal []engine.Move, r *rng.Rand) (engine.Move, error) {
	if len(legal) == 0 {
		return engine.Move{}, engine.Errorf(engine.KindNotYourTurn, "bot: search", "no legal move")
	}
	if len(legal) == 1 {
		return legal[0], nil
	}
	me := legal[0].Seat
	total := make([]float64, len(legal))
	counted := make([]int, len(legal))
	var start time.Time
	if s.MaxTime > 0 {
		start = time.Now()
	}
	samples := s.Samples
	if samples < 1 {
		samples = 1
	}
	for i := 0; i < samples; i++ {
		if i > 0 && s.MaxTime > 0 && time.Since(start) > s.MaxTime {
			break
		}
		world, err := s.Determinize(view, r)
		if err != nil {
			return engine.Move{}, err
		}
		playSeed := r.Seed()
		for j, m := range legal {
			g := world
			if j < len(legal)-1 {
				g = world.Clone()
			}
			if err := g.Apply(m); err != nil {
				// The sample disagrees with the real game about this move: skip it here.
				continue
			}
			v, ok := s.playout(g, me, rng.New(playSeed))
			if !ok {
				continue
			}
			total[j] += v
			counted[j]++
		}
	}
	best, bestV := -1, 0.0
	for j := range legal {
		if counted[j] == 0 {
			continue
		}
		v := total[j] / float64(counted[j])
		if best < 0 || v > bestV {
			best, bestV = j, v
		}
	}
	if best < 0 {
		// No sample could be played: fall back on the policy's own choice.
		return s.Policy(view, legal, r), nil
	}
	return legal[best], nil
}

// playout runs g with the policy for every seat until the horizon or the game's end.
func (s *Searcher) playout(g engine.Game, me engine.Seat, r *rng.Rand) (float64, bool) {
	limit := s.MaxSteps
	if limit <= 0 {
		limit = 10_000
	}
	for n := 0; n < limit; n++ {
		st := g.Status()
		if st.Over || s.Horizon(st) {
			return s.Value(g, me), true
		}
		if st.Deal != nil || len(st.Active) == 0 {
			return s.Value(g, me), true
		}
		p := st.Active[0]
		legal := g.Legal(p)
		if len(legal) == 0 {
			return 0, false
		}
		m := legal[0]
		if len(legal) > 1 {
			m = s.Policy(g.View(p), legal, r)
		}
		if err := g.Apply(m); err != nil {
			return 0, false
		}
	}
	return 0, false
}
