package mask

// Signed claims about cards a holder can see. No page knows every held card (each knows all but
// its own), so a rule that needs "does anyone hold X" (Arkham's Gate while someone holds a Great
// Old One) is answered by every holder signing what it sees; the round-end opening then checks
// each claim, and a lie is signed, hence attributable.

import (
	"crypto"
	"crypto/ed25519"
	"fmt"
	"slices"

	"miskatonic/engine"
	"miskatonic/internal/sigcheck"
)

// Claim is seat's signed statement, at game event Event, about Topic ("goo"): the seats it sees
// holding such a card. Empty Sees is "I see none".
type Claim struct {
	Seat  engine.Seat   `json:"seat"`
	Event int           `json:"event"`
	Topic string        `json:"topic"`
	Sees  []engine.Seat `json:"sees"`
	Sig   []byte        `json:"sig"`
}

func claimMessage(sc Scope, c Claim) []byte {
	t := newTranscript("claim").scope(sc).seat(c.Seat).u64(uint64(int64(c.Event))).str(c.Topic).u64(uint64(len(c.Sees)))
	for _, s := range c.Sees {
		t.seat(s)
	}
	d := t.sum64()
	return d[:]
}

// SignClaim normalises c.Sees (sorted, no repeats) and signs c for scope with the seat's
// identity key.
func SignClaim(id crypto.Signer, sc Scope, c Claim) (Claim, error) {
	c.Sees = slices.Compact(slices.Sorted(slices.Values(c.Sees)))
	sig, err := id.Sign(nil, claimMessage(sc, c), crypto.Hash(0))
	if err != nil {
		return Claim{}, fmt.Errorf("%w: %v", ErrBadSignature, err)
	}
	c.Sig = sig
	return c, nil
}

// VerifyClaim checks c's signature by its seat's identity key.
func VerifyClaim(identity ed25519.PublicKey, sc Scope, c Claim) error {
	if !slices.IsSorted(c.Sees) || len(slices.Compact(slices.Clone(c.Sees))) != len(c.Sees) {
		return fmt.Errorf("%w: seat %d's claim lists seats out of order", ErrBadSignature, c.Seat)
	}
	if len(identity) != ed25519.PublicKeySize || len(c.Sig) != ed25519.SignatureSize ||
		!sigcheck.Verify(identity, claimMessage(sc, c), c.Sig) {
		return fmt.Errorf("%w: seat %d's claim", ErrBadSignature, c.Seat)
	}
	return nil
}

// Lie is a claim the opened cards contradict.
type Lie struct {
	Claim Claim         `json:"claim"`
	Truth []engine.Seat `json:"truth"` // what the claimer could see, per the opening
}

// CheckClaims compares each (verified) claim with the truth once the cards are open: truth
// returns, for a claimer and an event, the seats the claimer could see holding a card of the
// claim's topic at that event. Every claim that differs is a Lie naming its seat.
func CheckClaims(claims []Claim, truth func(c Claim) []engine.Seat) []Lie {
	var lies []Lie
	for _, c := range claims {
		t := slices.Compact(slices.Sorted(slices.Values(truth(c))))
		if !slices.Equal(t, c.Sees) {
			lies = append(lies, Lie{Claim: c, Truth: t})
		}
	}
	return lies
}
