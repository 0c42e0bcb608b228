package replay

import (
	"errors"
	"fmt"

	"miskatonic/engine"
)

// Kind is the class of a verdict, for callers to branch on.
type Kind string

const (
	// Verified: a finished game whose every deal is proved, whose every player's move carries
	// the signature of the key the host's sealed record gives its seat, and whose players,
	// names, setup and moves are all under the host's seal.
	Verified Kind = "verified"
	// Unproven: nothing in the record is false as far as it can be checked, but it does not
	// prove who played (Reason says why). It replays; it must never be shown as verified.
	Unproven Kind = "unproven"
	// Failed: the record contradicts its own proof or the rules: forged, or broken.
	Failed Kind = "failed"
)

// Why a record is unproven (Verdict.Reason).
const (
	ReasonNoProof  = "no-proof" // recorded before proofs: no deal transcripts, no signatures
	ReasonUnsealed = "unsealed" // recorded before signed rosters: no host seal over keys and names
	ReasonNoKeys   = "no-keys"  // no seat has a player's key: nobody signed a move or a share
	// The seal is by a key that held no seat: anyone holding a genuine record could have sealed
	// it again, with other names, as its "host". (An app's host is always its own player.)
	ReasonHostUnseated = "host-unseated"
)

// Sentinel errors of Verdict.Err, for errors.Is.
var (
	ErrUnproven = errors.New("replay: the record does not prove who played")
	ErrFailed   = errors.New("replay: the record does not verify")
)

// Verdict is what Verify found.
type Verdict struct {
	Verified bool   `json:"verified"` // Kind == Verified
	Kind     Kind   `json:"kind"`
	Reason   string `json:"reason,omitempty"`   // for Unproven: one of the Reason codes
	Problem  string `json:"problem,omitempty"`  // what failed or is missing, for people
	Seq      int    `json:"seq,omitempty"`      // game seq (1-based) of the move that failed
	Epoch    int    `json:"epoch,omitempty"`    // the deal that failed
	Deals    int    `json:"deals"`              // deals proved
	Signed   int    `json:"signed"`             // moves checked against their seat's signature
	StandIns int    `json:"standins,omitempty"` // moves a stand-in played for an absent player
	Moves    int    `json:"moves"`
	// Code is the table code (engine/fair's SignedHead.Code) of the sealed head: the code the
	// players saw at the table's end. Empty unless the host's seal checked out.
	Code string `json:"code,omitempty"`
	// HostSeat is the seat whose key sealed the record (engine.Observer when none did, or the
	// record is not sealed).
	HostSeat engine.Seat `json:"hostseat"`
}

// Err is nil for a verified record, else an error wrapping ErrUnproven or ErrFailed.
func (v Verdict) Err() error {
	switch v.Kind {
	case Verified:
		return nil
	case Unproven:
		return fmt.Errorf("%w (%s): %s", ErrUnproven, v.Reason, v.Problem)
	default:
		return fmt.Errorf("%w: %s", ErrFailed, v.Problem)
	}
}
