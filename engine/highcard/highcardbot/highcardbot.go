// Package highcardbot is High Card's bots, registered with engine/bot: a heuristic (swap a card
// below the middle) and a search over it. They are the generic machinery's test opponents too.
package highcardbot

import (
	"miskatonic/engine"
	"miskatonic/engine/bot"
	"miskatonic/engine/highcard"
	"miskatonic/engine/rng"
)

func init() {
	bot.Register(highcard.Name, bot.LevelHeuristic, func(seed uint64) bot.Func {
		r := bot.SeedRand(seed, "highcard")
		return func(v engine.View, legal []engine.Move) (engine.Move, error) {
			return heuristic(v, legal, r), nil
		}
	})
	bot.Register(highcard.Name, bot.LevelSearch, func(seed uint64) bot.Func {
		r := bot.SeedRand(seed, "highcard-search")
		s := &bot.Searcher{
			Determinize: func(v engine.View, r *rng.Rand) (engine.Game, error) {
				hv, ok := v.(*highcard.View)
				if !ok {
					return nil, engine.Errorf(engine.KindMalformed, "highcardbot", "view is %T", v)
				}
				return highcard.Determinize(hv, r), nil
			},
			Policy:  heuristic,
			Horizon: func(engine.Status) bool { return false },
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

// heuristic swaps a card below the middle; legal is [keep, swap] whenever the seat may move.
func heuristic(view engine.View, legal []engine.Move, _ *rng.Rand) engine.Move {
	if v, ok := view.(*highcard.View); ok && v.Own <= highcard.Cards/2 && len(legal) > 1 {
		return legal[1]
	}
	return legal[0]
}
