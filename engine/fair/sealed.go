package fair

// Sealed simultaneous moves (engine.Status.Sealed): the same seal-then-open idea as a deal's
// shares (SealShare), for a seat's move. A seat commits to its move with a fresh 32-byte nonce,
// signs the commitment, and opens it only once the host has relayed every active seat's
// commitment, so nobody, the host's own seat included, can choose after seeing another's choice.

import (
	"bytes"
	"crypto/ed25519"
	"crypto/sha256"
	"crypto/subtle"
	"encoding/binary"
	"fmt"
	"slices"

	"miskatonic/engine"
	"miskatonic/internal/sigcheck"
)

const (
	tagSealedMove = "miskatonic/v2/sealed-move"
	tagPledgeSig  = "miskatonic/v2/sealed-move-signature"
)

// Pledge is one seat's commitment to its sealed move of the round that began at game seq base.
// Sig is nil for a bot seat (the host moves for it), and for a bot standing in for an absent
// player (StandIn, shown to everyone).
type Pledge struct {
	Seat    engine.Seat
	C       [32]byte
	Sig     []byte
	StandIn bool
}

// SealMove is the hiding commitment to m (its seat included) for the sealed round that began at
// game seq base of table: SHA-256(tag ‖ table ‖ base ‖ move ‖ nonce), every field
// length-prefixed. The nonce must be fresh and secret until the move is opened.
func SealMove(table []byte, base int, m engine.Move, nonce []byte) [32]byte {
	var b bytes.Buffer
	field(&b, []byte(tagSealedMove))
	field(&b, table)
	field(&b, binary.BigEndian.AppendUint64(nil, uint64(base)))
	field(&b, moveMessage(table, base, m))
	field(&b, nonce)
	return sha256.Sum256(b.Bytes())
}

// OpensPledge reports whether m and nonce open commitment c.
func OpensPledge(table []byte, base int, m engine.Move, nonce []byte, c [32]byte) bool {
	got := SealMove(table, base, m, nonce)
	return subtle.ConstantTimeCompare(got[:], c[:]) == 1
}

func pledgeMessage(table []byte, base int, seat engine.Seat, c [32]byte) []byte {
	var b bytes.Buffer
	field(&b, []byte(tagPledgeSig))
	field(&b, table)
	field(&b, binary.BigEndian.AppendUint64(nil, uint64(base)))
	field(&b, binary.BigEndian.AppendUint32(nil, uint32(int32(seat))))
	field(&b, c[:])
	return b.Bytes()
}

// SignPledge signs seat's commitment c for the sealed round at base.
func (id Identity) SignPledge(table []byte, base int, seat engine.Seat, c [32]byte) []byte {
	return ed25519.Sign(id.priv, pledgeMessage(table, base, seat, c))
}

// VerifyPledge checks a commitment's signature by a seat's identity key.
func VerifyPledge(pub, table []byte, base int, seat engine.Seat, c [32]byte, sig []byte) bool {
	if len(pub) != ed25519.PublicKeySize || len(sig) != ed25519.SignatureSize {
		return false
	}
	return sigcheck.Verify(pub, pledgeMessage(table, base, seat, c), sig)
}

// sealedRound is the sealed round the replay is in: it began at base with these seats active.
type sealedRound struct {
	base   int
	active []engine.Seat
}

// Pledged records the complete set of pledges the host relayed for the sealed round at base. A
// pledge of a seat with a known key must carry its signature; a second, different set for the
// same round is the host telling two stories, except a restart for absent seats (see
// restartable): the one set the round's moves are checked against is then the latest.
func (a *Auditor) Pledged(base int, set []Pledge) error {
	for _, p := range set {
		if len(a.keys[p.Seat]) == 0 || p.StandIn && len(p.Sig) == 0 {
			continue
		}
		ok := false
		for k := range a.keys[p.Seat] {
			ok = ok || VerifyPledge([]byte(k), a.table, base, p.Seat, p.C, p.Sig)
		}
		if !ok {
			return engine.Errorf(engine.KindIllegal, "fair: audit", "the commitment of seat %d to its sealed move at seq %d is not signed by that seat", p.Seat, base)
		}
	}
	if a.pledges == nil {
		a.pledges = map[int][]Pledge{}
	}
	if old, ok := a.pledges[base]; ok {
		if slices.EqualFunc(old, set, func(x, y Pledge) bool { return x.Seat == y.Seat && x.C == y.C }) {
			return nil
		}
		if !a.restartable(base, old, set) {
			return engine.Errorf(engine.KindIllegal, "fair: audit", "host sent two different sets of commitments for the sealed moves at seq %d", base)
		}
	}
	a.pledges[base] = slices.Clone(set)
	return nil
}

// Choosing returns the seats the game makes choose at base, sorted, and whether that is a
// sealed round: the seats a relayed set of commitments must cover, from the rules and never
// from the host's word. The replay reaches base once every deal before it is revealed; until
// then (a deal's key stays secret until the next deal), for rules that are engine.PublicChoosers, the
// moves since the last revealed position are applied to a copy of the game with the secret
// deal's key replaced by zeros. ok is false when neither reaches base (a move not known yet, a
// deal still secret under other rules) or the record has already failed.
func (a *Auditor) Choosing(base int) (active []engine.Seat, sealed, ok bool) {
	a.replay()
	if a.failure != nil || a.at > base || base > len(a.moves) {
		return nil, false, false
	}
	g := a.game
	if a.at < base {
		if _, public := a.rules.(engine.PublicChoosers); !public {
			return nil, false, false
		}
		g = g.Clone()
		for seq := a.at + 1; seq <= base; seq++ {
			m := a.moves[seq-1]
			if m.Kind == "" {
				return nil, false, false
			}
			if m.Kind == engine.KindDeal {
				var key [32]byte
				if st := g.Status(); st.Deal != nil {
					if d, ok := a.deals[st.Deal.Epoch]; ok && d.key != nil {
						key = *d.key
					}
				}
				m = engine.DealMove(key)
			}
			if g.Apply(m) != nil {
				return nil, false, false
			}
		}
	}
	st := g.Status()
	active = slices.Clone(st.Active)
	slices.Sort(active)
	return active, st.Sealed, true
}

// Nonce records the nonce relayed with the move of game seq seq (a sealed move's opening).
func (a *Auditor) Nonce(seq int, nonce []byte) error {
	if len(nonce) == 0 {
		return nil
	}
	if a.nonces == nil {
		a.nonces = map[int][]byte{}
	}
	if old, ok := a.nonces[seq]; ok && !bytes.Equal(old, nonce) {
		return engine.Errorf(engine.KindIllegal, "fair: audit", "host sent two different openings for seq %d", seq)
	}
	a.nonces[seq] = bytes.Clone(nonce)
	return nil
}

// checkSealed reports why the move of game seq seq, about to be replayed, breaks the sealed
// round it belongs to, or "". The moves of a round are applied in seat order; each must open
// the commitment its seat made before any was revealed, as relayed in the set this guest holds.
// A round whose set this guest never received (an observer that joined later, a reload) is
// checked for order only: the seats that revealed into it held the set and check it.
func (a *Auditor) checkSealed(seq int, m engine.Move) string {
	st := a.game.Status()
	if !st.Sealed {
		a.round = nil
		return ""
	}
	if a.round == nil || seq-1 >= a.round.base+len(a.round.active) {
		act := slices.Clone(st.Active)
		slices.Sort(act)
		a.round = &sealedRound{base: seq - 1, active: act}
	}
	r := a.round
	want := r.active[seq-1-r.base]
	if m.Seat != want {
		return fmt.Sprintf("sealed move %d (%s) is seat %d's, but seat order puts seat %d's choice there", seq, m, m.Seat, want)
	}
	set, ok := a.pledges[r.base]
	if !ok {
		return ""
	}
	for _, p := range set {
		if p.Seat != m.Seat {
			continue
		}
		if !OpensPledge(a.table, r.base, m, a.nonces[seq], p.C) {
			return fmt.Sprintf("seat %d's sealed move %d (%s) is not the choice it committed to before the choices were revealed", m.Seat, seq, m)
		}
		return ""
	}
	return fmt.Sprintf("sealed move %d (%s) was applied without a commitment of seat %d", seq, m, m.Seat)
}

// restartable reports whether set may replace old, the set relayed before for the round at
// base: a restart of the round for seats whose players left after the set went out (issue 23,
// item 8). It holds only when no move of the round is known yet (nothing has been applied, so
// no choice is revealed) and the sets cover the same seats in the same order with every
// commitment unchanged except seats whose commitment was their player's and is now a
// stand-in's. Every other seat keeps the commitment it made before anything was opened, so
// nobody can change a choice through a restart; a seat is replaced at most once per round (a
// stand-in's commitment is never replaced again). Whether the stand-in was public, and whether
// this guest's own seat may be one, is the table's rule to check (engine/table, rules 2 and 3).
func (a *Auditor) restartable(base int, old, set []Pledge) bool {
	if len(old) != len(set) {
		return false
	}
	for seq := base + 1; seq <= base+len(set) && seq <= len(a.moves); seq++ {
		if a.moves[seq-1].Kind != "" {
			return false
		}
	}
	changed := false
	for i := range set {
		o, n := old[i], set[i]
		switch {
		case o.Seat != n.Seat:
			return false
		case o.C == n.C && o.StandIn == n.StandIn:
		case !o.StandIn && n.StandIn:
			changed = true
		default:
			return false
		}
	}
	return changed
}

// PledgeSet is the latest set of commitments relayed for the sealed round at base, if any.
func (a *Auditor) PledgeSet(base int) []Pledge { return slices.Clone(a.pledges[base]) }
