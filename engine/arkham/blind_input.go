package arkham

// The host-blind machine's inputs as one value: what the host sequences and every page applies
// in the same order, what a record stores and a reloading page replays to rebuild the public
// state (Blind itself is not saved: it is the fold of its inputs).

import (
	"miskatonic/engine"
	"miskatonic/engine/mask"
)

// BlindInput is exactly one of: a move (deals included), a public opening met (Reveal), a
// private opening met (Settle), a claim, or the round-end audit.
type BlindInput struct {
	Move    *engine.Move `json:"move,omitempty"`
	Reveal  *Revealed    `json:"reveal,omitempty"`
	Settle  *int         `json:"settle,omitempty"` // the need's id
	Claim   *mask.Claim  `json:"claim,omitempty"`
	Audited *AuditResult `json:"audited,omitempty"`
}

// Revealed is a public opening's result: every page opened the card itself from the public
// tokens, so it is no one's word.
type Revealed struct {
	ID   int    `json:"id"`
	Card CardID `json:"card"`
}

// AuditResult is the audited deal (the card at each handle) and the round seed.
type AuditResult struct {
	Deal [DeckCards]CardID `json:"deal"`
	Seed mask.Hash         `json:"seed"`
}

// Step applies one input, or refuses it (exactly one field set) and changes nothing.
func (b *Blind) Step(in BlindInput) error {
	n := 0
	for _, set := range []bool{in.Move != nil, in.Reveal != nil, in.Settle != nil, in.Claim != nil, in.Audited != nil} {
		if set {
			n++
		}
	}
	if n != 1 {
		return engine.Errorf(engine.KindMalformed, opBlind, "an input carries %d parts, not one", n)
	}
	switch {
	case in.Move != nil:
		return b.Apply(*in.Move)
	case in.Reveal != nil:
		return b.Reveal(in.Reveal.ID, in.Reveal.Card)
	case in.Settle != nil:
		return b.Settle(*in.Settle)
	case in.Claim != nil:
		return b.Claim(*in.Claim)
	default:
		return b.Audited(in.Audited.Deal, in.Audited.Seed)
	}
}
