package ritualsbot

import (
	"miskatonic/engine"
	"miskatonic/engine/bot"
	"miskatonic/engine/rituals"
	"miskatonic/engine/rng"
)

// DefaultSamples is the search bot's budget: deals per decision, each legal move played out
// once per deal to the end of the game (BenchmarkSearchDecision; target ≤ 150 ms under wasm).
const DefaultSamples = 48

// NewSearch returns a Rituals search bot with a budget of samples deals per decision.
func NewSearch(seed uint64, samples int) bot.Func {
	r := bot.SeedRand(seed, "rituals/search")
	samples = max(samples, 1)
	var total []float64
	return func(view engine.View, legal []engine.Move) (engine.Move, error) {
		v, err := ritualsView(view, legal)
		if err != nil {
			return engine.Move{}, err
		}
		if len(legal) == 1 {
			return legal[0], nil
		}
		switch legal[0].Kind {
		case rituals.MoveSend, rituals.MovePlace, rituals.MovePsychotic:
		default:
			return heuristicMove(v, legal), nil
		}
		base := publicWorld(v)
		pool := unseen(v)
		total = append(total[:0], make([]float64, len(legal))...)
		for i := 0; i < samples; i++ {
			w0 := *base
			determinize(&w0, v, r, pool)
			seed := r.Seed()
			for j, m := range legal {
				w := w0
				pr := rng.New(seed)
				if !try(&w, v, m, pr) {
					total[j] -= 1e9
					continue
				}
				total[j] += playout(&w, v.Seat, pr)
			}
		}
		best := 0
		for j := range legal {
			if total[j] > total[best] {
				best = j
			}
		}
		return legal[best], nil
	}
}

// try applies the real move m to the model and plays the round to its end.
func try(w *world, v *rituals.View, m engine.Move, r *rng.Rand) bool {
	pol := heur{}
	me := int(v.Seat)
	switch m.Kind {
	case rituals.MoveSend:
		var sent [maxSeats]uint8
		for s := 0; s < w.n; s++ {
			if s == me {
				sent[s] = uint8(m.Card)
			} else {
				sent[s] = pol.send(w, s)
			}
		}
		w.commit(&sent)
	case rituals.MovePlace:
		p := rituals.PlaceByKey(m.Option)
		if p < 0 || v.Placing == nil || w.qI >= w.qN {
			return false
		}
		s, c := w.queue[w.qI], w.qCard[w.qI]
		w.qI++
		if o, first := w.place(s, c, p); o >= 0 {
			w.giveLeft(o, first, pol, r)
		}
	case rituals.MovePsychotic:
		if v.Psycho == nil || !m.To.Valid(w.n) {
			return false
		}
		w.left[m.To] += signs[uint8(v.Psycho.Card)]
	default:
		return false
	}
	w.finishRound(pol, r)
	return true
}

// playout plays on to the game's end with the heuristic for every seat.
func playout(w *world, me engine.Seat, r *rng.Rand) float64 {
	pol := heur{}
	for rounds := 0; !w.over && rounds < 40; rounds++ {
		w.round(pol, r)
	}
	return w.value(me)
}
