package table

// Commitments a guest followed until the host committed the deal again. A catch-up shows a
// restarted deal again (restartchain.go: each commitment replaced with its set of seals and its
// cause, then the current one) for a guest that missed part of it; a guest that followed a
// restart already leaves the replaced commitment, its set, and the host's refusals of anything
// it sent over it alone, and never goes back to it.

import "miskatonic/engine/fair"

// replacedCommit is a commitment of a deal, with its context, that a later one replaced.
type replacedCommit struct {
	cx fair.Context
	c  [32]byte
}

// wasReplaced reports whether c is a commitment of d this guest followed and saw replaced.
func (d *guestDeal) wasReplaced(c [32]byte) bool {
	for _, r := range d.replaced {
		if r.c == c {
			return true
		}
	}
	return false
}

// replacedSet reports whether seals is the complete set of seals of a replaced commitment of
// d: signed over it, so it opens nothing under the current one.
func (d *guestDeal) replacedSet(seals []fair.Seal) bool {
	for _, r := range d.replaced {
		if fair.CheckSeals(r.cx, r.cx.Bytes(), r.c, seals) == nil {
			return true
		}
	}
	return false
}
