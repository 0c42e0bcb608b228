package mask

// The public record of one masked deal: what a proven game record carries and what engine/replay
// (and every guest, at round end) recomputes. Private tokens are not in it (each was for one
// viewer); the σ revealed at round end open every card anyway.

import (
	"fmt"
	"slices"

	"miskatonic/engine"
)

// PublicOpening is one opening whose viewer set was everyone: every holder's token, in clear.
type PublicOpening struct {
	Handle  int     `json:"handle"`
	Purpose string  `json:"purpose"`
	Tokens  []Token `json:"tokens"`
}

// DealRecord is the public transcript of a deal.
type DealRecord struct {
	Scope    Scope                `json:"scope"`
	Keys     []PublicKey          `json:"keys"`
	Steps    []Step               `json:"steps"`
	Sigmas   map[engine.Seat]Hash `json:"sigmas"`
	Openings []PublicOpening      `json:"openings,omitempty"`
}

// Verify checks the whole record against deck and returns the deal: for each position of the
// final deck, the index of its card. Every key must be proven, every holder must have shuffled
// exactly once (a holder left out of the chain would not be protected by its own shuffle), the
// chain must pass its audit, and every public opening must verify and agree with it.
func (r DealRecord) Verify(deck *Deck) ([]int, error) {
	ks, err := NewKeySet(r.Scope, r.Keys)
	if err != nil {
		return nil, err
	}
	var shufflers []engine.Seat
	for _, st := range r.Steps {
		shufflers = append(shufflers, st.Seat)
	}
	slices.Sort(shufflers)
	if !slices.Equal(shufflers, ks.Holders()) {
		return nil, fmt.Errorf("%w: shufflers %v, key holders %v", ErrBadDeck, shufflers, ks.Holders())
	}
	// A record is checked step by step (Audit's fast path would take a final deck that is right
	// in spite of a wrong step between): every published step must follow from its σ.
	h, err := ks.Joint().element()
	if err != nil {
		return nil, fmt.Errorf("joint key: %w", err)
	}
	order, err := auditSteps(r.Scope, deck, h, r.Steps, r.Sigmas)
	if err != nil {
		return nil, err
	}
	final := r.Steps[len(r.Steps)-1].Deck
	for _, op := range r.Openings {
		if op.Handle < 0 || op.Handle >= len(final) {
			return nil, fmt.Errorf("%w: opening of card %d", ErrBadDeck, op.Handle)
		}
		o := ks.NewOpening(final[op.Handle], op.Handle, op.Purpose)
		for _, tok := range op.Tokens {
			if err := o.Add(tok); err != nil {
				return nil, err
			}
		}
		c, err := o.Card(deck)
		if err != nil {
			return nil, err
		}
		if c != order[op.Handle] { // unreachable when the proofs and the audit hold
			return nil, fmt.Errorf("%w: card %d opened as %d, audit says %d", ErrBadProof, op.Handle, c, order[op.Handle])
		}
	}
	return order, nil
}
