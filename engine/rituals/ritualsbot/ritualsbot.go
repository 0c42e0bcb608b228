// Package ritualsbot is Rituals of Madness's bots: the heuristic and the search levels,
// registered with engine/bot (which supplies the random level). Importing it registers them;
// engine/games does so for every caller.
//
// Both read only the seat's view and legal moves:
//
//   - the heuristic sends the cultist that does its owner most good where it would land now (a
//     completion at one's own place is worth five times its signs, one at an opponent's place
//     that much to them), places where it gains most, gives a psychotic #1 to the weakest
//     opponent, grabs the place its hand shows most, and plays the events it can judge (see
//     eventMove), passing on the rest;
//   - the search bot deals the cards it cannot see many times (every unseen card equally
//     likely in any other hand or the deck), tries each legal move on each deal, plays the game
//     out with the heuristic for every seat in a compact model of the rules (model.go), and
//     keeps the move with the best mean lead over the best other seat. In event windows it
//     plays as the heuristic does (the model has no events).
package ritualsbot

import (
	"fmt"

	"miskatonic/engine"
	"miskatonic/engine/bot"
	"miskatonic/engine/rituals"
	"miskatonic/engine/rng"
)

func init() {
	bot.Register("rituals", bot.LevelHeuristic, func(seed uint64) bot.Func {
		return func(v engine.View, legal []engine.Move) (engine.Move, error) {
			rv, err := ritualsView(v, legal)
			if err != nil {
				return engine.Move{}, err
			}
			return heuristicMove(rv, legal), nil
		}
	})
	bot.Register("rituals", bot.LevelSearch, func(seed uint64) bot.Func { return NewSearch(seed, DefaultSamples) })
}

// ritualsView accepts the view as the engine makes it or as a value and checks what the bots
// index by: a bot playing a remote seat reads its view off the wire, and a malformed one must be
// refused, not crash it.
func ritualsView(v engine.View, legal []engine.Move) (*rituals.View, error) {
	rv, err := bot.TypedView[rituals.View](v, "bot: rituals", "a Rituals of Madness")
	if err != nil {
		return nil, err
	}
	if err := bot.NeedMoves("bot: rituals", legal); err != nil {
		return nil, err
	}
	if err := checkView(rv); err != nil {
		return nil, engine.Errorf(engine.KindMalformed, "bot: rituals", "%v", err)
	}
	return rv, nil
}

func checkView(v *rituals.View) error {
	n := v.Players
	switch {
	case n < rituals.MinPlayers || n > rituals.MaxPlayers:
		return fmt.Errorf("%d players", n)
	case !v.Seat.Valid(n):
		return fmt.Errorf("seat %d", v.Seat)
	case len(v.Seats) != n || len(v.Places) != numPlaces:
		return fmt.Errorf("%d seats, %d places", len(v.Seats), len(v.Places))
	case len(v.Hand) > 8 || v.DeckSize < 0 || v.DeckSize > 92:
		return fmt.Errorf("hand %d, deck %d", len(v.Hand), v.DeckSize)
	}
	for i, s := range v.Seats {
		if int(s.Seat) != i || s.HandSize < 0 || s.HandSize > 8 {
			return fmt.Errorf("seat %d", i)
		}
	}
	for _, p := range v.Places {
		if p.Owner < -1 || int(p.Owner) >= n || len(p.Cultists) > 3 {
			return fmt.Errorf("place %s", p.Key)
		}
		for _, c := range p.Cultists {
			if !c.IsCultist() {
				return fmt.Errorf("place %s holds %v", p.Key, c)
			}
		}
	}
	if p := v.Psycho; p != nil && (!p.Owner.Valid(n) || !p.Card.IsCultist()) {
		return fmt.Errorf("psychotic")
	}
	if p := v.Placing; p != nil && (!p.Seat.Valid(n) || !p.Card.IsCultist()) {
		return fmt.Errorf("placing")
	}
	return nil
}

// heuristicMove is the heuristic's choice among legal, reading the table from the view.
func heuristicMove(v *rituals.View, legal []engine.Move) engine.Move {
	if len(legal) == 1 {
		return legal[0]
	}
	w := publicWorld(v)
	me := int(v.Seat)
	switch legal[0].Kind {
	case rituals.MoveGrab:
		return grabMove(v, legal)
	case rituals.MoveSend:
		for i, c := range v.Hand {
			w.hand[me][i] = uint8(c)
		}
		w.handN[me] = len(v.Hand)
		c := heur{}.send(w, me)
		return pick(legal, func(m engine.Move) bool { return m.Card == int(c) })
	case rituals.MovePlace:
		best, bv := 0, 0.0
		for i, m := range legal {
			p := rituals.PlaceByKey(m.Option)
			if p < 0 || v.Placing == nil {
				continue
			}
			g := gain(w, int8(v.Placing.Seat), uint8(v.Placing.Card), p)
			if int(v.Placing.Seat) != me {
				g = -g // steering another's cultist: the less it helps them, the better
			}
			if i == 0 || g > bv {
				best, bv = i, g
			}
		}
		return legal[best]
	case rituals.MovePsychotic:
		to := heur{}.give(w, int8(me), 0, nil)
		return pick(legal, func(m engine.Move) bool { return int(m.To) == int(to) })
	}
	return eventMove(v, w, legal)
}

// eventMove is the heuristic in an event window. It plays three events, the ones whose effect
// it can judge from the table: That Doesn't Work against an event aimed at its own cultist;
// Opponent-Targeted on the leading opponent's cultist (it then steers it where it helps least);
// Rise Up on the forgotten place its hand's cultists show most (at least two). Otherwise it
// passes.
func eventMove(v *rituals.View, w *world, legal []engine.Move) engine.Move {
	pass := pick(legal, func(m engine.Move) bool { return m.Kind == rituals.MovePass })
	me := v.Seat
	if n := len(v.Stack); n > 0 {
		top := v.Stack[n-1]
		if top.Seat != me && top.To == me {
			return pick(legal, func(m engine.Move) bool { return m.Kind == rituals.MovePlay })
		}
		return pass
	}
	var count [numPlaces]int
	for _, c := range v.Hand {
		for p := 0; p < numPlaces; p++ {
			if cult[c] && sym[c]&(1<<p) != 0 {
				count[p]++
			}
		}
	}
	leader, best := engine.Seat(-1), 0
	for s := range v.Seats {
		if engine.Seat(s) != me {
			if sc := w.score(s); leader < 0 || sc > best {
				leader, best = engine.Seat(s), sc
			}
		}
	}
	var rise *engine.Move
	for i, m := range legal {
		if m.Kind != rituals.MovePlay {
			continue
		}
		switch rituals.CardID(m.Card).Card().Event {
		case rituals.KeyTargeted:
			if m.To == leader {
				return m
			}
		case rituals.KeyRiseUp:
			if p := rituals.PlaceByKey(m.Option); p >= 0 && count[p] >= 2 && (rise == nil || count[p] > count[rituals.PlaceByKey(rise.Option)]) {
				rise = &legal[i]
			}
		}
	}
	if rise != nil {
		return *rise
	}
	return pass
}

func pick(legal []engine.Move, ok func(engine.Move) bool) engine.Move {
	for _, m := range legal {
		if ok(m) {
			return m
		}
	}
	return legal[0]
}

// grabMove takes the forgotten place whose symbol the hand shows most.
func grabMove(v *rituals.View, legal []engine.Move) engine.Move {
	var count [numPlaces]int
	for _, c := range v.Hand {
		for p := 0; p < numPlaces; p++ {
			if sym[c]&(1<<p) != 0 {
				count[p]++
			}
		}
	}
	best := 0
	for i, m := range legal {
		if p := rituals.PlaceByKey(m.Option); p >= 0 && count[p] > count[max(rituals.PlaceByKey(legal[best].Option), 0)] {
			best = i
		}
	}
	return legal[best]
}

// publicWorld is the model of what the view shows: places, positions, scores, and the cultists
// of this round still to place (in insanity order). Hands and the deck are left empty.
func publicWorld(v *rituals.View) *world {
	w := &world{n: v.Players}
	for p, pl := range v.Places {
		w.setOwner(p, int8(pl.Owner))
		for i, c := range pl.Cultists {
			w.slots[p][i] = uint8(c)
		}
		w.slotN[p] = int8(len(pl.Cultists))
	}
	for s, sv := range v.Seats {
		for _, c := range sv.Left {
			w.left[s] += signs[uint8(c)%numCards]
		}
		for _, c := range sv.Right {
			w.right[s] += signs[uint8(c)%numCards]
		}
	}
	if v.Phase == rituals.PhaseSend || v.Phase == rituals.PhaseGrab || v.Phase == rituals.PhaseDeal {
		w.orderN = 0
		return w
	}
	// Placement order: sent cultists by effective insanity, then printed (ruling 3); then seats
	// without one.
	type q struct {
		s    int8
		c    uint8
		eff  int
		done bool
	}
	var qs []q
	for s, sv := range v.Seats {
		if sv.Sent != 0 && sv.Sent.IsCultist() {
			qs = append(qs, q{int8(s), uint8(sv.Sent), sv.Insanity, sv.Placed})
		}
	}
	for i := 1; i < len(qs); i++ {
		for j := i; j > 0 && (qs[j].eff < qs[j-1].eff || (qs[j].eff == qs[j-1].eff && qs[j].c < qs[j-1].c)); j-- {
			qs[j], qs[j-1] = qs[j-1], qs[j]
		}
	}
	for _, x := range qs {
		w.order[w.orderN] = x.s
		w.orderN++
		if !x.done {
			w.queue[w.qN], w.qCard[w.qN] = x.s, x.c
			w.qN++
		}
	}
	for s, sv := range v.Seats {
		if sv.Sent == 0 || !sv.Sent.IsCultist() {
			w.order[w.orderN] = int8(s)
			w.orderN++
		}
	}
	return w
}

// determinize fills the hidden part of w: the seat's own hand as shown, every other hand and
// the deck dealt at random from the cards the seat has not seen.
func determinize(w *world, v *rituals.View, r *rng.Rand, pool []uint8) {
	me := int(v.Seat)
	for i, c := range v.Hand {
		w.hand[me][i] = uint8(c)
	}
	w.handN[me] = len(v.Hand)
	// Fisher–Yates over the pool, then deal hands and the deck from it.
	for i := len(pool) - 1; i > 0; i-- {
		j := r.Intn(i + 1)
		pool[i], pool[j] = pool[j], pool[i]
	}
	k := 0
	for s, sv := range v.Seats {
		if s == me {
			continue
		}
		n := min(sv.HandSize, 8, len(pool)-k)
		copy(w.hand[s][:n], pool[k:k+n])
		w.handN[s] = n
		k += n
	}
	n := min(v.DeckSize, len(pool)-k, len(w.deck))
	copy(w.deck[:n], pool[k:k+n])
	w.deckN = n
}

// unseen lists the cards of this table's deck the seat has not seen anywhere.
func unseen(v *rituals.View) []uint8 {
	var seen [numCards]bool
	mark := func(c rituals.CardID) {
		if c.Valid() {
			seen[c] = true
		}
	}
	for _, c := range v.Hand {
		mark(c)
	}
	for _, p := range v.Places {
		for _, c := range p.Cultists {
			mark(c)
		}
	}
	for _, sv := range v.Seats {
		mark(sv.Sent)
		for _, c := range sv.Left {
			mark(c)
		}
		for _, c := range sv.Right {
			mark(c)
		}
	}
	for _, c := range v.Discards {
		mark(c)
	}
	for _, p := range v.Stack {
		mark(p.Card)
	}
	if v.Psycho != nil {
		mark(v.Psycho.Card)
	}
	var out []uint8
	for id := 1; id < numCards; id++ {
		c := rituals.CardID(id).Card()
		if c.Key == "" || seen[id] || (c.TwoThree && v.Players <= 3) {
			continue
		}
		out = append(out, uint8(id))
	}
	return out
}
