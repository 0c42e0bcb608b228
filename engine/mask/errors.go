package mask

import (
	"errors"
	"fmt"

	"miskatonic/engine"
)

// Sentinel errors: callers branch on these with errors.Is. Every error this package returns wraps
// one of them with context.
var (
	ErrBadPoint     = errors.New("mask: not a canonical ristretto255 point")
	ErrBadScalar    = errors.New("mask: not a canonical scalar")
	ErrBadProof     = errors.New("mask: proof does not verify")
	ErrBadKey       = errors.New("mask: bad key")
	ErrUnknownSeat  = errors.New("mask: seat holds no key")
	ErrDuplicate    = errors.New("mask: duplicate")
	ErrIncomplete   = errors.New("mask: not every holder's token is in")
	ErrUnknownCard  = errors.New("mask: the unmasked point is no card of the deck")
	ErrBadDeck      = errors.New("mask: malformed deck")
	ErrCheat        = errors.New("mask: a holder cheated")
	ErrBadEnvelope  = errors.New("mask: envelope does not open")
	ErrBadSignature = errors.New("mask: bad signature")
	ErrBadShare     = errors.New("mask: escrow share does not match its commitments")
	ErrNotViewer    = errors.New("mask: seat is not in the opening's viewer set")
)

// Fault names the seat that cheated and where: the error Audit, Opening and Reconstruct return
// when a holder's own data convicts it. errors.Is(err, ErrCheat) is true for every Fault.
type Fault struct {
	Seat   engine.Seat `json:"seat"`
	Step   int         `json:"step"`             // index of the shuffle step (-1: not a shuffle)
	Handle int         `json:"handle"`           // card position concerned (-1: none)
	Kind   string      `json:"kind"`             // one of the Fault* kinds
	Detail string      `json:"detail,omitempty"` // for people
}

// Fault kinds: wire-stable.
const (
	FaultCommitment = "commitment" // revealed σ does not open the committed hash
	FaultMissing    = "missing"    // σ (or a whole step) not revealed
	FaultMalformed  = "malformed"  // step output is not a deck of the right size
	FaultMoved      = "moved"      // a card is not where σ's permutation puts it
	FaultDuplicated = "duplicated" // the same masked card twice in one step's output
	FaultSubstitute = "substituted"
	FaultMasked     = "masked" // re-masked with other randomness than σ gives
	FaultShare      = "share"  // an escrow share that fails its dealer's commitments
)

func (f *Fault) Error() string {
	s := fmt.Sprintf("mask: seat %d cheated (%s", f.Seat, f.Kind)
	if f.Step >= 0 {
		s += fmt.Sprintf(", shuffle step %d", f.Step)
	}
	if f.Handle >= 0 {
		s += fmt.Sprintf(", card %d", f.Handle)
	}
	s += ")"
	if f.Detail != "" {
		s += ": " + f.Detail
	}
	return s
}

// Is makes errors.Is(fault, ErrCheat) hold.
func (f *Fault) Is(target error) bool { return target == ErrCheat }
