package ritualsbot

import (
	"miskatonic/engine/rng"
)

// heur is the rule of thumb: every cultist goes where it helps its owner most right now. A
// fourth cultist at one's own place is worth five times its signs (and turns the #2 and #3
// penalties into points); one at an opponent's place is that much for them; discovering a place
// is an opening worth a little; a #1 at one's own place will be given away. It is deterministic,
// so the search bot models it exactly.
type heur struct{}

// gain is what seat s makes (positive) or hands others (negative) by putting c at place p.
func gain(w *world, s int8, c uint8, p int) float64 {
	o, k := w.owner[p], w.slotN[p]
	sg := float64(signs[c])
	if o < 0 {
		return 1.5 - 0.4*sg // a new place of our own, c its #1 (a future gift)
	}
	completes := k == 3
	var bonus float64
	if completes {
		bonus = 5*sg + 2*float64(signs[w.slots[p][1]]+signs[w.slots[p][2]])
	}
	if o == s {
		switch {
		case completes:
			return bonus
		case k == 0:
			return 0.3 - 0.4*sg
		default:
			return 0.4 + 0.1*sg // one step nearer; the penalty turns to points if it completes
		}
	}
	opp := 1.0
	if w.n > 2 {
		opp = 0.7 // helping one of several opponents costs less than helping the only one
	}
	switch {
	case completes:
		return -opp * bonus
	case k == 2:
		return -0.6 * opp * sg // sets the owner up for a completion
	default:
		return -0.2 * opp * sg
	}
}

func bestPlace(w *world, s int8, c uint8, opts uint16) (int, float64) {
	best, bv := -1, 0.0
	for p := 0; p < numPlaces; p++ {
		if opts&(1<<p) == 0 {
			continue
		}
		if v := gain(w, s, c, p); best < 0 || v > bv {
			best, bv = p, v
		}
	}
	return best, bv
}

func (heur) where(w *world, s int8, c uint8, opts uint16) int {
	p, _ := bestPlace(w, s, c, opts)
	return p
}

// sendValue rates sending c now: where it would go, less a little for spending signs
// (strong cultists are kept for completions).
func sendValue(w *world, s int, c uint8) float64 {
	_, v := bestPlace(w, int8(s), c, w.options(c))
	return v - 0.05*float64(signs[c])
}

func (heur) send(w *world, s int) uint8 {
	var best uint8
	bv := 0.0
	for i := 0; i < w.handN[s]; i++ {
		c := w.hand[s][i]
		if !cult[c] {
			continue
		}
		if v := sendValue(w, s, c); best == 0 || v > bv || (v == bv && c < best) {
			best, bv = c, v
		}
	}
	return best
}

// give hands an invocation's #1 (signs for the recipient's left) to the weakest opponent.
func (heur) give(w *world, owner int8, _ uint8, _ *rng.Rand) int8 {
	to, low := int8(-1), 0
	for s := 0; s < w.n; s++ {
		if int8(s) == owner {
			continue
		}
		if v := w.score(s); to < 0 || v < low {
			to, low = int8(s), v
		}
	}
	return to
}
