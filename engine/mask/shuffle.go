package mask

// The shuffle chain. In seat order each holder takes the previous deck, permutes it and re-masks
// every card (+ (r·B, r·H)). All of it derives from a 32-byte secret σ the holder committed to
// before the chain started, so once σ is revealed at round end every page recomputes the step
// (Audit). If one holder is honest, nobody knows the final order until cards are opened.

import (
	"crypto/subtle"
	"fmt"

	"filippo.io/edwards25519"

	"miskatonic/engine"
	"miskatonic/engine/rng"
)

// Commit is the hiding commitment to σ that a holder signs and publishes before shuffling:
// SHA-512(tag ‖ table ‖ deal ‖ seat ‖ σ), first 32 bytes. It binds the seat and the deal, so a
// commitment copied from another seat or deal opens nothing.
func Commit(sc Scope, seat engine.Seat, sigma Hash) Hash {
	d := newTranscript("shuffle-commit").scope(sc).seat(seat).bytes(sigma[:]).sum64()
	return Hash(d[:32])
}

// Opens reports whether sigma opens commitment c (constant time).
func Opens(sc Scope, seat engine.Seat, sigma, c Hash) bool {
	got := Commit(sc, seat, sigma)
	return subtle.ConstantTimeCompare(got[:], c[:]) == 1
}

// stepPlan is what σ determines for one step: where each output card comes from, and the
// re-masking scalar of each output position.
type stepPlan struct {
	perm []int
	r    []*edwards25519.Scalar
}

func planStep(sc Scope, seat engine.Seat, sigma Hash, n int) stepPlan {
	d := newTranscript("shuffle-key").scope(sc).seat(seat).bytes(sigma[:]).sum64()
	key := [32]byte(d[:32])
	p := stepPlan{perm: rng.New(rng.Derive(key, tagPrefix+"shuffle/perm")).Perm(n), r: make([]*edwards25519.Scalar, n)}
	for j := range p.r {
		p.r[j] = newTranscript("shuffle-mask").bytes(key[:]).u64(uint64(j)).scalar()
	}
	return p
}

type elemPair struct{ c1, c2 *edwards25519.Point }

func decodeDeck(in []Masked) ([]elemPair, int, error) {
	out := make([]elemPair, len(in))
	for i, m := range in {
		c1, err1 := m.C1.element()
		c2, err2 := m.C2.element()
		if err1 != nil || err2 != nil {
			return nil, i, fmt.Errorf("%w: card %d: %w", ErrBadDeck, i, ErrBadPoint)
		}
		out[i] = elemPair{c1, c2}
	}
	return out, -1, nil
}

// apply runs a plan over a decoded deck, in constant time (σ is secret until round end): r_j·B
// from the library's base-point table, r_j·H from a table of H built once for the deck.
func (p stepPlan) apply(in []elemPair, h *edwards25519.Point) []Masked {
	out := make([]Masked, len(in))
	fb := newFixedBase(h)
	for j, src := range p.perm {
		rb := basePoint().ScalarBaseMult(p.r[j])
		rh := fb.mul(p.r[j])
		out[j] = Masked{
			C1: pointOf(rb.Add(rb, in[src].c1)),
			C2: pointOf(rh.Add(rh, in[src].c2)),
		}
	}
	return out
}

// Shuffle is one holder's step: the deck in, permuted and re-masked under the joint key, as σ
// determines. σ must be 32 fresh secret bytes, committed to (Commit) before the chain starts.
func Shuffle(sc Scope, seat engine.Seat, sigma Hash, joint Point, in []Masked) ([]Masked, error) {
	h, err := joint.element()
	if err != nil {
		return nil, fmt.Errorf("joint key: %w", err)
	}
	dec, _, err := decodeDeck(in)
	if err != nil {
		return nil, err
	}
	return planStep(sc, seat, sigma, len(in)).apply(dec, h), nil
}
