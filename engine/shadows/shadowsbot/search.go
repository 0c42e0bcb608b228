package shadowsbot

import (
	"miskatonic/engine"
	"miskatonic/engine/bot"
	"miskatonic/engine/rng"
	"miskatonic/engine/shadows"
)

// DefaultSamples is the search bot's budget: worlds sampled per decision. Each candidate move is
// played out once per world, with the heuristic for every seat, to the end of the next round.
const DefaultSamples = 6

// maxCandidates bounds the moves the search compares (the heuristic's own pick is always one).
const maxCandidates = 16

// Search returns the search bot: flat Monte Carlo over the heuristic. It rebuilds the game from
// its view (shadows.FromView: the engine keeps no hidden cards, so only the random future is
// sampled), tries each candidate move in each sampled world, plays on with the heuristic for
// every seat and deals drawn from the sample, and keeps the move with the best mean score.
func Search(seed uint64) bot.Func { return NewSearch(seed, DefaultSamples) }

// NewSearch is Search with a budget of samples worlds per decision.
func NewSearch(seed uint64, samples int) bot.Func {
	r := rng.New(rng.Derive(rng.FromInt(seed).Seed(), "miskatonic/v1/bot/shadows/search"))
	return func(v engine.View, legal []engine.Move) (engine.Move, error) {
		sv, err := bot.Read("bot: shadows", viewOf, v, legal)
		if err != nil {
			return engine.Move{}, err
		}
		def := Decide(sv, legal, r)
		if sv.Phase != shadows.PhaseAction || len(legal) == 1 {
			return def, nil
		}
		cands := candidates(legal, def)
		if len(cands) == 1 {
			return def, nil
		}
		total := make([]float64, len(cands))
		count := make([]int, len(cands))
		for s := 0; s < samples; s++ {
			world, err := shadows.FromView(sv, r)
			if err != nil {
				return def, nil // a view we cannot rebuild: trust the heuristic
			}
			seed := r.Seed()
			for i, m := range cands {
				g := world.Clone().(*shadows.Game)
				if g.Apply(m) != nil {
					continue
				}
				total[i] += playout(g, sv.Turn, rng.New(seed))
				count[i]++
			}
		}
		best, bestV := 0, -1e18
		for i := range cands {
			if count[i] == 0 {
				continue
			}
			// The heuristic's move wins ties: it is the candidate listed first.
			if v := total[i] / float64(count[i]); v > bestV+1e-9 {
				best, bestV = i, v
			}
		}
		return cands[best], nil
	}
}

// candidates are the moves worth comparing: the heuristic's first, then one of each kind and
// target (the largest share or clear of its kind), at most maxCandidates.
func candidates(legal []engine.Move, def engine.Move) []engine.Move {
	out := []engine.Move{def}
	type key struct {
		kind, option string
		to           engine.Seat
		card         int
	}
	at := map[key]int{{def.Kind, def.Option, def.To, def.Card}: 0}
	for _, m := range legal {
		k := key{m.Kind, m.Option, m.To, m.Card}
		if i, ok := at[k]; ok {
			if i > 0 && m.N > out[i].N {
				out[i] = m
			}
			continue
		}
		if len(out) >= maxCandidates {
			continue
		}
		at[k] = len(out)
		out = append(out, m)
	}
	return out
}

// playout plays g with the heuristic for every seat until one round after turn, or the end.
func playout(g *shadows.Game, turn int, r *rng.Rand) float64 {
	n := len(g.PlayoutView(engine.Observer).Characters)
	for step := 0; step < 600; step++ {
		s, ok := g.Mover()
		if !ok {
			break
		}
		if s == engine.Dealer {
			g.ApplyDeal(r.Seed())
			continue
		}
		v := g.PlayoutView(s)
		if v.Turn > turn+n {
			break
		}
		legal := g.Legal(s)
		if g.Apply(Decide(v, legal, r)) != nil {
			break
		}
	}
	return Eval(g.PlayoutView(engine.Observer))
}

// Eval scores a position for the table (all seats share it): a win or loss outright, else
// progress through the threat deck, the bearer's knowledge toward the next banish, and how far
// madness, corruption and the threat are from ending the game.
func Eval(v *shadows.View) float64 {
	t := v.Threat
	if t == nil {
		return 0
	}
	banished := float64(t.DeckSize - t.Left)
	if v.Outcome != nil {
		if len(v.Outcome.Winners) > 0 {
			return 1000
		}
		return -1000 + 10*banished
	}
	score := 40 * banished
	switch {
	case t.Tokens >= t.Limit:
		score -= 60
	case t.Tokens == t.Limit-1:
		score -= 15
	}
	corr := 0
	for _, c := range v.Corruption {
		corr += c
	}
	score -= 3 * float64(corr)
	if corr >= v.Limits.CorruptionLoss-2 {
		score -= 40
	}
	for s, c := range v.Characters {
		score -= 4 * float64(c.Madness)
		if c.Madness >= v.Limits.MadnessLoss-1 {
			score -= 30
		}
		score += 3*float64(len(c.Assets)) + 0.5*float64(c.Bills) + float64(c.Muscle)
		if engine.Seat(s) == v.Ring {
			score += 6*float64(min(c.Knowledge, t.Cost)) - 2*float64(c.Shadow)
		} else {
			score += 2 * float64(c.Knowledge)
		}
	}
	return score
}
