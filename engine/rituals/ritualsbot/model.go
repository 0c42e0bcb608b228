package ritualsbot

import (
	"miskatonic/engine"
	"miskatonic/engine/rituals"
	"miskatonic/engine/rng"
)

// The bots reason over their own compact model of the table, built from a seat's view alone:
// the engine's Game keeps its hidden cards unexported (rightly), so a determinized world is
// rebuilt here. The model plays the core rules exactly as engine/rituals does (insanity order,
// known places first, discovery, positions, invocations, refill order, scoring), and leaves
// events out: in playouts nobody plays one.

const (
	numPlaces = rituals.NumPlaces
	maxSeats  = rituals.MaxPlayers
	numCards  = 113
)

var (
	sym   [numCards]uint16 // bit p: the cultist shows place p's symbol
	signs [numCards]int
	cult  [numCards]bool
)

func init() {
	for id := 1; id < numCards; id++ {
		c := rituals.CardID(id).Card()
		if c.Key == "" {
			continue
		}
		cult[id] = c.Insanity > 0
		signs[id] = c.Signs
		for _, s := range c.Symbols {
			sym[id] |= 1 << (s - 'A')
		}
	}
}

// world is one full table: what the view shows plus a guess at what it hides.
type world struct {
	n     int
	owner [numPlaces]int8
	known uint16
	slots [numPlaces][4]uint8
	slotN [numPlaces]int8
	left  [maxSeats]int // elder signs left of the Secret Influence (×1)
	right [maxSeats]int // and right (×5)
	hand  [maxSeats][8]uint8
	handN [maxSeats]int
	deck  [92]uint8
	deckN int // deck[:deckN] is the pile, top last
	over  bool
	// this round's placements still to make, in order
	queue  [maxSeats]int8
	qCard  [maxSeats]uint8
	qN, qI int
	order  [maxSeats]int8 // refill order
	orderN int
}

func (w *world) score(s int) int {
	v := 5*w.right[s] + w.left[s]
	for p := 0; p < numPlaces; p++ {
		if int(w.owner[p]) == s {
			for i := int8(1); i < w.slotN[p] && i < 3; i++ {
				v -= signs[w.slots[p][i]]
			}
		}
	}
	return v
}

func (w *world) setOwner(p int, s int8) {
	w.owner[p] = s
	if s < 0 {
		w.known &^= 1 << p
	} else {
		w.known |= 1 << p
	}
}

// options is where card c may go (the rule without events) and whether it discovers.
func (w *world) options(c uint8) uint16 {
	if m := sym[c] & w.known; m != 0 {
		return m
	}
	return sym[c] &^ w.known
}

// place puts seat s's cultist c at p, invoking if it completes the ritual; it returns the
// invoking owner (or -1) so the caller can hand the psychotic #1 on.
func (w *world) place(s int8, c uint8, p int) (inv int8, first uint8) {
	if w.owner[p] < 0 {
		w.setOwner(p, s)
	}
	w.slots[p][w.slotN[p]] = c
	w.slotN[p]++
	if w.slotN[p] < 4 {
		return -1, 0
	}
	o := w.owner[p]
	sl := w.slots[p]
	w.left[o] += signs[sl[1]] + signs[sl[2]]
	w.right[o] += signs[sl[3]]
	w.slotN[p] = 0
	w.setOwner(p, -1)
	return o, sl[0]
}

func (w *world) removeFromHand(s int, c uint8) {
	h := &w.hand[s]
	for i := 0; i < w.handN[s]; i++ {
		if h[i] == c {
			w.handN[s]--
			h[i] = h[w.handN[s]]
			return
		}
	}
}

// startQueue sets this round's placement order from the cultists sent (0: none).
func (w *world) startQueue(sent *[maxSeats]uint8) {
	w.qN, w.qI, w.orderN = 0, 0, 0
	for s := 0; s < w.n; s++ {
		c := sent[s]
		if c == 0 {
			continue
		}
		i := w.qN
		for i > 0 && w.qCard[i-1] > c {
			w.queue[i], w.qCard[i] = w.queue[i-1], w.qCard[i-1]
			i--
		}
		w.queue[i], w.qCard[i] = int8(s), c
		w.qN++
	}
	for i := 0; i < w.qN; i++ {
		w.order[w.orderN] = w.queue[i]
		w.orderN++
	}
	for s := 0; s < w.n; s++ {
		if sent[s] == 0 {
			w.order[w.orderN] = int8(s)
			w.orderN++
		}
	}
}

// refill is phase 3: in order, each seat draws to 7; an empty deck ends the game.
func (w *world) refill() {
	for i := 0; i < w.orderN; i++ {
		s := w.order[i]
		for w.handN[s] < rituals.HandSize {
			if w.deckN == 0 {
				w.over = true
				return
			}
			w.deckN--
			w.hand[s][w.handN[s]] = w.deck[w.deckN]
			w.handN[s]++
		}
	}
}

// policy is how the model's seats decide inside a playout.
type policy interface {
	send(w *world, s int) uint8
	where(w *world, s int8, c uint8, opts uint16) int
	give(w *world, owner int8, c uint8, r *rng.Rand) int8
}

// finishRound places the queued cultists from index qI on, then refills.
func (w *world) finishRound(pol policy, r *rng.Rand) {
	for ; w.qI < w.qN; w.qI++ {
		s, c := w.queue[w.qI], w.qCard[w.qI]
		opts := w.options(c)
		p := pol.where(w, s, c, opts)
		if o, first := w.place(s, c, p); o >= 0 {
			w.giveLeft(o, first, pol, r)
		}
	}
	w.refill()
}

func (w *world) giveLeft(o int8, first uint8, pol policy, r *rng.Rand) {
	var to int8
	if w.n == 2 {
		to = 1 - o
	} else {
		to = pol.give(w, o, first, r)
	}
	w.left[to] += signs[first]
}

// round plays one whole round with every seat sending by the policy.
func (w *world) round(pol policy, r *rng.Rand) {
	var sent [maxSeats]uint8
	for s := 0; s < w.n; s++ {
		sent[s] = pol.send(w, s)
	}
	w.commit(&sent)
	w.finishRound(pol, r)
}

// commit takes the sent cultists out of the hands and queues them.
func (w *world) commit(sent *[maxSeats]uint8) {
	for s := 0; s < w.n; s++ {
		if sent[s] != 0 {
			w.removeFromHand(s, sent[s])
		}
	}
	w.startQueue(sent)
}

// value is a finished or stopped playout's worth to seat me: the lead (or gap) over the best
// other seat, plus a bonus for finishing first.
func (w *world) value(me engine.Seat) float64 {
	mine, best := w.score(int(me)), -1<<30
	for s := 0; s < w.n; s++ {
		if s != int(me) {
			best = max(best, w.score(s))
		}
	}
	v := float64(mine - best)
	if mine > best {
		v += 8
	} else if mine == best {
		v += 4
	}
	return v
}
